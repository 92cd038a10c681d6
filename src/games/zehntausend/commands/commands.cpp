// `verflixt ... --game zehntausend`: Zehntausend (include/verflixt/games/zehntausend/) through
// the project's commands, options, output formats and Ctrl-C convention.
#include "games/zehntausend/commands/commands.h"

#include <algorithm>
#include <memory>
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
#include "verflixt/core/file_io.h"
#include "verflixt/core/ini.h"
#include "verflixt/games/zehntausend/answers.h"
#include "verflixt/games/zehntausend/monte_carlo.h"
#include "verflixt/games/zehntausend/race_policies.h"
#include "verflixt/games/zehntausend/policy.h"
#include "verflixt/games/zehntausend/turn_solver.h"

namespace verflixt::cli {

using namespace zehntausend_cli;
using namespace verflixt::zehntausend;

int zehntausend_rules_command(int argc, const char* const* argv) {
  return print_rules(argc, argv, "rules --game zehntausend options", game_options(),
                     "usage: verflixt rules --game zehntausend [--preset app] [--rules FILE] [--set key=value ...]\n"
                     "Prints every Zehntausend rule parameter (Z1-Z5) as a commented INI file that --rules FILE\n"
                     "reads back on every zehntausend command.",
                     zehntausend::rule_table(), [](const po::variables_map& vm) { return game_rules(vm); });
}

int zehntausend_solve_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::file_option("write-policy", "write the optimal turn policy to FILE (evaluate --policy policy:FILE reads it)")};
  AnswerGame<ZehntausendRules> g{
      .game = "zehntausend", .command = "solve", .options = game_options(), .own = own + race_options(),
      .usage = "usage: verflixt solve --game zehntausend [--rules FILE] [--set k=v] [--write-policy FILE] [--format F]\n"
               "The turn-score maximizer, exactly: backward induction over turn total and dice left\n"
               "(every set-aside and bank or throw), its value, P(Niete) and the bank threshold per dice left."};
  g.first = [](const po::variables_map& vm) -> std::optional<int> {
    if (vm["race"].as<bool>()) return race_command(vm);
    if (vm.count("seat")) throw core::InputError("--seat: only with --race (the exact race between two seats)");
    return std::nullopt;
  };
  g.rules = game_rules;
  g.answer = [](const po::variables_map& vm, const ZehntausendRules& r) {
    if (vm.count("write-policy")) core::check_output_target(vm["write-policy"].as<std::string>(), "--write-policy");
    SolveAnswer answer = solve_answer(r);
    if (vm.count("write-policy")) {
      answer.policy_file = vm["write-policy"].as<std::string>();
      core::write_file_atomic(answer.policy_file, policy_file_text(answer), "--write-policy");
    }
    return AnswerResult{describe(answer)};
  };
  return answer_command(argc, argv, g);
}

int zehntausend_evaluate_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::policy_option("policy", "optimal",
                          "turn policy: optimal, bank:N, reach:N, shift:D, cross:N, heuristic:FILE, policy:FILE; or "
                          "the solved two-player race's: exact (the cache), exact:FILE (solve --race --save)"),
      core::switch_option("exact", "exact evaluation only (a turn: forward propagation over every throw; a race "
                                   "policy: no games in the kernel)"),
      core::count_option("turns", 1000000, 1, std::uint64_t{1} << 40, "turns to play die by die (Monte Carlo)"),
      core::words_option("against", "race policy: an opponent (a seat of tournament --game zehntausend, or exact: "
                                    "the best response to it); repeatable; default optimal"),
      core::count_option("games", 100000, 1, std::uint64_t{1} << 40, "race policy: games per seating in the game kernel")};
  // The cache holds the policy exact's solved race.
  AnswerGame<ZehntausendRules> g{
      .game = "zehntausend", .command = "evaluate", .options = game_options(), .own = own + cache_options(), .sampling = true,
      .usage = "usage: verflixt evaluate --game zehntausend [--policy P] [--exact] [--turns N] [--seed S]\n"
               "       verflixt evaluate --game zehntausend --policy exact[:FILE] [--against P ...] [--exact] [--games N]\n"
               "A turn policy's expected banked points and P(Niete): exactly (--exact), or by playing N turns\n"
               "die by die through the reference engine (± SE) next to the exact value. The solved race's\n"
               "policy: its exact P(win) against each opponent, moving first and second, and whole games of\n"
               "it in the game kernel (± SE) next to it."};
  g.first = [](const po::variables_map& vm) -> std::optional<int> {
    if (vm["policy"].as<std::string>().rfind(kExactSeat, 0) == 0) return race_evaluate(vm);
    if (vm.count("against") || !vm["games"].defaulted())
      balance_warning(std::string(vm.count("against") ? "--against" : "--games") +
                      " changes nothing for a turn policy (only for exact[:FILE])");
    return std::nullopt;
  };
  g.rules = game_rules;
  g.answer = [](const po::variables_map& vm, const ZehntausendRules& r) {
    const TurnLibrary lib(r);
    const TurnPolicy p = make_turn_policy(vm["policy"].as<std::string>(), lib);
    EvaluateAnswer answer{.rules = r, .policy = p.name, .exact = evaluate_turn(lib.model(), p),
                          .optimal = lib.solution().value, .sampled = !vm["exact"].as<bool>(), .seed = 0, .threads = 1,
                          .run = {}, .interrupted = false};
    Completion c = completion(0, 0, "turns");
    if (answer.sampled) {
      answer.seed = seed_from(vm);
      answer.threads = threads_from(vm);
      answer.run = with_progress("evaluate zehntausend turns", [&](const core::RunControl& control) {
        return sample_turns(lib.model(), p, vm["turns"].as<std::uint64_t>(), answer.seed, answer.threads, control);
      });
      c = completion(answer.run.tally.turns, answer.run.requested, "turns", answer.run.interrupted);
    }
    answer.interrupted = c.interrupted;
    return AnswerResult{describe(answer), c};
  };
  return answer_command(argc, argv, g);
}

int zehntausend_tournament_command(int argc, const char* const* argv) {
  TournamentGame<ZehntausendRules> g{
      .game = "zehntausend", .options = game_options(),
      .seat_help = "a seat's policy (optimal, bank:N, reach:N, shift:D, cross:N, race[:W,M,BG,BB,AG,AB], "
                   "heuristic:FILE, policy:FILE, exact[:FILE] — the solved two-player race); 2..8 times",
      .default_games = 1000000, .games_help = "games per seating",
      // The cache holds the seat exact's solved race.
      .more = core::OptionTable{core::boolean_option("rotate", true,
                                                     "also play every rotation of the seats, for P(win) per policy "
                                                     "and per seat (the first-player edge)")} +
              cache_options(),
      .max_players = kMaxPlayers, .formats = kFormats,
      .usage = "usage: verflixt tournament --game zehntausend --seat P --seat P [...] [--games N] [--seed S]\n"
               "Whole games at kernel speed (each turn drawn from its policy's exact distribution): P(win) ± SE\n"
               "per seat and, over every rotation of the seats, per policy and per seat position."};
  g.rules = game_rules;
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
  return tournament_command(argc, argv, g);
}

int zehntausend_bench_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::count_option("games", 1000000, 1, std::uint64_t{1} << 40, "two-player games per workload"),
      seed_option("random seed (the signature depends on it)")};
  po::variables_map vm;
  if (!parse(argc, argv, "bench --game zehntausend options", game_options() + own + output_options(kFormats),
             "usage: verflixt bench --game zehntausend [--games N] [--seed S] [--format F]\n"
             "Times the exact turn solve and whole two-player games on ONE thread (games/s per core), for\n"
             "optimal vs optimal and race vs optimal; the win counts are a deterministic signature.",
             vm))
    return 0;
  const ZehntausendRules r = game_rules(vm);
  const std::string format = format_from(vm, kFormats);
  const core::RunControl control = stop_control();
  const BenchAnswer answer =
      bench_answer(r, vm["games"].as<std::uint64_t>(), vm["seed"].as<std::uint64_t>(), control);
  // A bench prints its table for --format csv too (it has no rows to compare).
  return finish(vm, format, answer.done, describe(answer).render(format == "json" ? "json" : "table"));
}

int zehntausend_balance_command(int argc, const char* const* argv) {
  // P(win) as the tournament measures it, a tie sharing the win; one seating, seat 1 first.
  BalanceGame<ZehntausendRules> g{"zehntausend", &zehntausend::rule_table(), {"p_win", "P(win)", "ties shared", false}, 100000,
                                  "optimal, bank:N, reach:N, shift:D, cross:N, race[:W,M,BG,BB,AG,AB], heuristic:FILE, policy:FILE",
                                  "race (the best race policy found)", {}, {}};
  g.strongest = [](const ZehntausendRules&) { return std::string("race"); };  // the best policy found (docs/games)
  g.play = [](const ZehntausendRules& r, const std::vector<std::string>& specs, const BalanceSampling& s,
              const core::RunControl& control) {
    const TurnLibrary lib(r);
    const auto table = make_seats(specs, [&](const std::string& spec) { return make_seat_policy(spec, lib); });
    return balance_play(play_games(lib, table.seats, s.games, s.seed, s.threads, control), table.names,
                        [](const MatchTally& t, int seat) { return t.p_win(seat); });
  };
  return balance_command(argc, argv, g);
}

// Every command with the options of a quick run (core/command.h).
std::vector<core::Command> zehntausend_commands() {
  return {
      {"rules", zehntausend_rules_command, "", ""},
      {"solve", zehntausend_solve_command, "", "", ";--race"},
      {"evaluate", zehntausend_evaluate_command, "", "--turns 2000"},
      {"tournament", zehntausend_tournament_command, "", "--seat optimal --seat bank:400 --games 200"},
      {"advise", zehntausend_advise_command, "", "--dice 155243", nullptr, zehntausend_advise_request_options},
      {"bench", zehntausend_bench_command, "", "--games 2000"},
      {"balance", zehntausend_balance_command, "", "--set limit=3000 --games 500"},
  };
}

}  // namespace verflixt::cli
