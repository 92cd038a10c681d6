// `verflixt ... --game zehntausend`: Zehntausend (include/verflixt/games/zehntausend/) through
// the project's commands, options, output formats and Ctrl-C convention.
#include "games/zehntausend/commands/commands.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/game_answer.h"
#include "cli/game_balance.h"
#include "cli/game_command.h"
#include "cli/game_tournament.h"
#include "cli/value_cache.h"
#include "games/zehntausend/commands/shared.h"
#include "verflixt/core/error.h"
#include "verflixt/games/zehntausend/answers.h"
#include "verflixt/games/zehntausend/monte_carlo.h"
#include "verflixt/games/zehntausend/policy.h"
#include "verflixt/games/zehntausend/race_policies.h"

namespace verflixt::cli {

using namespace zehntausend_cli;
using namespace verflixt::zehntausend;

namespace {

AnswerGame<ZehntausendRules> solve_game() {
  const core::OptionTable own = {
      core::file_option("write-policy", "write the optimal turn policy to FILE (evaluate --policy policy:FILE reads it)")};
  AnswerGame<ZehntausendRules> g{
      .rules = rules(), .command = "solve", .own = own + race_options(),
      .usage = "usage: verflixt solve --game zehntausend [--rules FILE] [--set key=value ...] [--write-policy FILE]\n"
               "                      [--format table|json|csv]\n"
               "The turn-score maximizer, exactly: backward induction over turn total and dice left\n"
               "(every set-aside and bank or throw), its value, P(Niete) and the bank threshold per dice left."};
  g.first = [](const po::variables_map& vm) -> std::optional<AnswerResult> {
    if (vm["race"].as<bool>()) return race_command(vm);
    if (vm.count("seat")) throw core::InputError("--seat: only with --race (the exact race between two seats)");
    return std::nullopt;
  };
  g.answer = [](const po::variables_map& vm, const ZehntausendRules& r) {
    return AnswerResult{describe(solve_answer(r, vm.count("write-policy") ? vm["write-policy"].as<std::string>() : ""))};
  };
  return g;
}

AnswerGame<ZehntausendRules> evaluate_game() {
  const core::OptionTable own = {
      core::policy_option("policy", "optimal",
                          "turn policy: " + kTurnPolicyForms +
                              "; or the solved two-player race's: exact (the cache), exact:FILE (solve --race --save)"),
      core::switch_option("exact", "exact evaluation only (a turn: forward propagation over every throw; a race "
                                   "policy: no games in the kernel)"),
      core::idle_with(
          core::count_option("turns", 1000000, 1, std::uint64_t{1} << 40, "turns to play die by die (Monte Carlo)"),
          {"exact"}),
      core::words_option("against", "race policy: an opponent (a seat of tournament --game zehntausend, or exact: "
                                    "the best response to it); repeatable; default optimal"),
      core::count_option("games", 100000, 1, std::uint64_t{1} << 40, "race policy: games per seating in the game kernel")};
  // The cache holds the policy exact's solved race.
  AnswerGame<ZehntausendRules> g{
      .rules = rules(), .command = "evaluate", .own = own + cache_options(), .sampling = true, .exact_with = {"exact"},
      .usage = "usage: verflixt evaluate --game zehntausend [--policy P] [--exact] [--turns N] [--seed S]\n"
               "       verflixt evaluate --game zehntausend --policy exact[:FILE] [--against P ...] [--exact] [--games N]\n"
               "A turn policy's expected banked points and P(Niete): exactly (--exact), or by playing N turns\n"
               "die by die through the reference engine (± SE) next to the exact value. The solved race's\n"
               "policy: its exact P(win) against each opponent, moving first and second, and whole games of\n"
               "it in the game kernel (± SE) next to it."};
  g.first = [](const po::variables_map& vm) -> std::optional<AnswerResult> {
    if (vm["policy"].as<std::string>().rfind(kExactSeat, 0) == 0) return race_evaluate(vm);
    check_turn_policy_name(vm["policy"].as<std::string>());  // its error before a warning that assumes it
    if (vm.count("against") || !vm["games"].defaulted())
      warning(std::string(vm.count("against") ? "--against" : "--games") +
              " changes nothing for a turn policy (only for exact[:FILE])");
    return std::nullopt;
  };
  g.answer = [](const po::variables_map& vm, const ZehntausendRules& r) {
    EvaluateQuestion q{.policy = vm["policy"].as<std::string>(), .exact = vm["exact"].as<bool>(),
                       .turns = vm["turns"].as<std::uint64_t>(), .seed = 0, .threads = 1};
    if (!q.exact) {
      q.seed = seed_from(vm);
      q.threads = threads_from(vm);
    }
    // Only the turns played show progress and stop on Ctrl-C.
    EvaluateAnswer answer = q.exact ? evaluate(r, q)
                                    : with_progress("evaluate zehntausend turns",
                                                    [&](const core::RunControl& control) { return evaluate(r, q, control); });
    const Completion c = answer.sampled
                             ? completion(answer.run.tally.turns, answer.run.requested, "turns", answer.interrupted)
                             : completion(0, 0, "turns");
    answer.interrupted = c.interrupted;
    return AnswerResult{describe(answer), c};
  };
  return g;
}

TournamentGame<ZehntausendRules> tournament_game() {
  TournamentGame<ZehntausendRules> g{
      .rules = rules(),
      .seat_help = "a seat's policy (" + kSeatPolicyForms + " — the solved two-player race); 2..8 times",
      .default_games = 1000000, .games_help = "games per seating",
      // The cache holds the seat exact's solved race.
      .more = core::OptionTable{core::boolean_option("rotate", true,
                                                     "also play every rotation of the seats, for P(win) per policy "
                                                     "and per seat (the first-player edge)")} +
              cache_options(),
      .max_players = kMaxPlayers,
      .about = "Whole games at kernel speed (each turn drawn from its policy's exact distribution): P(win) ± SE\n"
               "per seat and, over every rotation of the seats, per policy and per seat position."};
  g.play = [](const po::variables_map& vm, const ZehntausendRules& r, const std::vector<std::string>& specs,
              const TournamentRun& run) {
    const TurnLibrary lib(r);
    const RaceSource exact = race_source(vm, r);
    const auto table = make_seats(specs, [&](const std::string& spec) { return make_seat_policy(spec, lib, exact); });
    const std::uint64_t games = run.games(), seed = run.seed();
    const int threads = run.threads();
    TournamentAnswer answer = run.sample([&](const core::RunControl& control) {
      return play_tournament(lib, table.seats, table.names, games, seed, threads, vm["rotate"].as<bool>(), control);
    });
    const Completion c = completion(answer.played, games * static_cast<std::uint64_t>(answer.rotations), "games",
                                    answer.interrupted);
    answer.interrupted = c.interrupted;
    return TournamentResult{describe(answer), c};
  };
  return g;
}

AnswerGame<ZehntausendRules> bench_game() {
  const core::OptionTable own = {
      core::count_option("games", 1000000, 1, std::uint64_t{1} << 40, "two-player games per workload"),
      seed_option("random seed (the signature depends on it)")};
  AnswerGame<ZehntausendRules> g{
      .rules = rules(), .command = "bench", .own = own,
      .usage = "usage: verflixt bench --game zehntausend [--games N] [--seed S] [--format table|json|csv]\n"
               "Times the exact turn solve and whole two-player games on ONE thread (games/s per core), for\n"
               "optimal vs optimal and race vs optimal; the win counts are a deterministic signature."};
  g.answer = [](const po::variables_map& vm, const ZehntausendRules& r) {
    const BenchAnswer answer =
        bench_answer(r, vm["games"].as<std::uint64_t>(), vm["seed"].as<std::uint64_t>(), stop_control());
    return AnswerResult{describe(answer), answer.done};
  };
  return g;
}

BalanceGame<ZehntausendRules> balance_game() {
  // P(win) as the tournament measures it, a tie sharing the win; one seating, seat 1 first.
  BalanceGame<ZehntausendRules> g{rules(), {"p_win", "P(win)", "ties shared", false}, 100000,
                                  kTurnPolicyForms + ", " + kRacePolicyForm,
                                  "race (the best race policy found)", {}, {}};
  g.strongest = [](const ZehntausendRules&) { return std::string("race"); };  // the best policy found (docs/games)
  g.play = [](const ZehntausendRules& r, const std::vector<std::string>& specs, const BalanceSampling& s,
              const core::RunControl& control) {
    const TurnLibrary lib(r);
    const auto table = make_seats(specs, [&](const std::string& spec) { return make_seat_policy(spec, lib); });
    return balance_play(play_games(lib, table.seats, s.games, s.seed, s.threads, control), table.names,
                        [](const MatchTally& t, int seat) { return t.p_win(seat); });
  };
  return g;
}

// The question the options ask (their values as given: the default --policy is the empty one).
AdviceQuestion advice_question(const po::variables_map& vm) {
  AdviceQuestion q;
  q.turn_total = vm["turn-total"].as<int>();
  q.score = vm["score"].as<int>();
  q.seat = vm["seat"].as<int>();
  q.games = vm["games"].as<std::uint64_t>();
  q.seed = seed_from(vm);
  q.dice = given<std::string>(vm, "dice");
  q.dice_left = given<int>(vm, "dice-left");
  if (vm.count("other")) q.other = vm["other"].as<std::vector<std::string>>();
  if (!vm["policy"].defaulted()) q.policy = vm["policy"].as<std::string>();
  q.given = {.games = !vm["games"].defaulted(), .seed = !vm["seed"].defaulted(), .overshoot = !vm["overshoot"].defaulted()};
  return q;
}

AnswerGame<ZehntausendRules> advise_game() {
  const core::OptionTable own = {
      core::asked(core::renamed(
          core::word_option("dice", "the dice just thrown, e.g. \"1 5 5 2 4 3\" (or --dice-left before a throw)"), "throw")),
      core::asked(core::integer_option("dice-left", 1, 6, "before a throw: the dice left to throw; ranks bank against throw"),
                  "Dice left to throw (before a throw)"),
      core::asked(core::integer_option("turn-total", 0, 0, kMaxTotal, "points set aside earlier this turn")),
      // My total, and all that decides P(win), change nothing without the others (a turn's points do not).
      core::only_with(core::asked(core::renamed(core::integer_option("score", 0, 0, kMaxTotal, "my game total"), "total")),
                      {"other"}),
      core::asked(core::renamed(
          core::words_option("other", "another player's game total (repeatable; in seat order after me)"), "opponent")),
      core::only_with(core::asked(core::integer_option("seat", 1, 1, kMaxPlayers,
                                                       "my seat (1 moves first); the others take the other seats in order")),
                      {"other"}),
      core::only_with(core::policy_option("policy", "exact",
                                          "how everyone plays on, for P(win): exact (two players: the solved race, exact "
                                          "P(win)) or a seat policy for Monte Carlo (race, optimal, bank:N, ...; the "
                                          "default with more players: race)"),
                      {"other"}),
      core::only_with(core::labelled(core::integer_option("overshoot", kDefaultOvershoot, 0, kMaxOvershoot,
                                                          "exact: the solved race's cap (solve --race --overshoot)"),
                                     "Race cap past the limit"),
                      {"other"}),
      core::only_with(core::labelled(core::count_option("games", 20000, 1, std::uint64_t{1} << 32,
                                                        "games per choice for a Monte Carlo P(win)"),
                                     "Games per choice (Monte Carlo)"),
                      {"other"})};
  AnswerGame<ZehntausendRules> g{
      .rules = rules(), .command = "advise", .own = own + cache_options(), .sampling = true, .samples_with = {"other"},
      .usage = "usage: verflixt advise --game zehntausend --dice \"1 5 5 2 4 3\" [--turn-total 350] [--score 7200]\n"
               "       verflixt advise --game zehntausend --turn-total 350 --dice-left 3   (bank or throw?)\n"
               "                       [--other 9100 ...] [--seat 1] [--games N] [--seed S]\n"
               "Ranks every legal set-aside of the throw with bank or throw by exact expected points of the turn\n"
               "and, with others, by P(win): exact against one opponent (the solved two-player race, cached\n"
               "after its first solve) and in the final round, else Monte Carlo of the rest of the game (± SE)\n"
               "under --policy."};
  // The rules get their number of players from the question, whose situation is checked
  // with them, before --format is read.
  g.rules.read = [](const po::variables_map& vm) {
    ZehntausendRules r = rules()(vm);
    advice_situation(r, advice_question(vm));
    return r;
  };
  g.answer = [](const po::variables_map& vm, const ZehntausendRules& r) {
    AdviceQuestion q = advice_question(vm);
    // --threads and Ctrl-C count only while the others' games are sampled.
    core::RunControl control;
    if (advice_samples(r, q)) {
      q.threads = threads_from(vm);
      control = stop_control();
    }
    const std::optional<Advice> advice = advise(r, q, race_source(vm, r), control);
    if (!advice) return nothing_finished(report_head(r), "advices");
    for (const std::string& w : advice->warnings) warning(w);
    return AnswerResult{describe(*advice)};
  };
  return g;
}

}  // namespace

// Every command with the options of a quick run (core/command.h).
std::vector<core::Command> zehntausend_commands() {
  return {
      rules_entry<rules>(),
      answer_entry<solve_game>("solve", "", ";--race"),
      answer_entry<evaluate_game>("evaluate", "--turns 2000"),
      tournament_entry<tournament_game>("--seat optimal --seat bank:400 --games 200"),
      answer_entry<advise_game>("advise", "--dice 155243", nullptr, true),
      answer_entry<bench_game>("bench", "--games 2000"),
      balance_entry<balance_game>("--set limit=3000 --games 500"),
  };
}

}  // namespace verflixt::cli
