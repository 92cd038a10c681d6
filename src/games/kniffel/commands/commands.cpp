// `verflixt kniffel COMMAND`: Kniffel (include/verflixt/games/kniffel/) through the project's
// commands, options, output formats and Ctrl-C convention. The answers are the library's
// (answers.h, balance.h); here each command's options become its question.
#include "games/kniffel/commands/commands.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cli/cli.h"
#include "cli/game_answer.h"
#include "cli/game_balance.h"
#include "cli/game_command.h"
#include "cli/game_tournament.h"
#include "cli/value_cache.h"
#include "verflixt/core/rule_table.h"
#include "verflixt/games/kniffel/answers.h"
#include "verflixt/games/kniffel/balance.h"
#include "verflixt/games/kniffel/solution_store.h"

namespace verflixt::cli {

using namespace verflixt::kniffel;

namespace {

GameRules<KniffelRules> rules() { return {.table = &kniffel::rule_table(), .title = "Kniffel"}; }

// --threads for the commands whose work is the solve (solve, balance): the threads solving
// the sheets, 0 for every core. The other commands solve on their sampling --threads.
core::Option solve_threads_option() {
  core::Option threads = core::integer_option("threads", 0, 0, 1024,
                                              "threads solving the sheets (0: every core; the values do not depend on it)");
  threads.web = false;  // a server sets its own
  return threads;
}

// The solution of `r`: from the cache of --cache when there, else solved under a progress
// line and stored (a cache that cannot be written is said on stderr; the answer is the same).
StoredSolution solution_for(const po::variables_map& vm, const KniffelRules& r) {
  const std::string dir = cache_dir_from(vm);
  if (auto cached = cached_solution(r, dir)) return *cached;
  const int threads = threads_or_every_core(vm);
  StoredSolution solved =
      with_progress("solve kniffel", [&](const core::RunControl&) { return solve_and_store(r, dir, threads); });
  warn_not_cached(solved.not_cached);
  return solved;
}

// The library's asker on the command line: solutions through the cache of --cache, games
// under a progress line and Ctrl-C, warnings on stderr.
Asker asker(const po::variables_map& vm) {
  return {.solution = [&vm](const KniffelRules& r) { return solution_for(vm, r).solution; },
          .games = [](const std::string& label, const auto& play) { return with_progress(label, play); },
          .warn = warning};
}

// The games of --games, --seed and --threads at the table `t`, under the Ctrl-C convention.
MatchAnswer match(const po::variables_map& vm, const KniffelRules& r, const SeatPolicies& t, const std::string& label,
                  bool tournament) {
  const MatchQuestion q{.preset = rules_preset(vm, kniffel::rule_table()), .seed = seed_from(vm), .threads = threads_from(vm),
                        .games = count_from(vm, "games"), .tournament = tournament};
  return play_match(r, t, q, label, asker(vm));
}

AnswerGame<KniffelRules> solve_game() {
  AnswerGame<KniffelRules> g{
      .rules = rules(), .command = "solve",
      .own = core::OptionTable{solve_threads_option()} + cache_options(),
      .usage = "usage: verflixt solve --game kniffel [--preset kniffel|yahtzee] [--set key=value ...] [--threads T]\n"
               "                      [--format table|json|csv]\n"
               "The exact solitaire optimum: the expected final score under optimal play, by retrograde\n"
               "analysis over every sheet (filled categories, upper total, Kniffel box) and every keep of\n"
               "a turn. The solved values are cached, so advise answers at once."};
  g.answer = [](const po::variables_map& vm, const KniffelRules& r) {
    const StoredSolution s = solution_for(vm, r);
    return AnswerResult{describe(
        SolveAnswer{.solution = s.solution, .preset = rules_preset(vm, kniffel::rule_table()), .from_cache = s.from_cache})};
  };
  return g;
}

AnswerGame<KniffelRules> evaluate_game() {
  const core::OptionTable own = {
      core::policy_option("policy", "optimal", "optimal or greedy (the best points of each turn alone)"),
      core::count_option("games", 100000, 1, std::uint64_t{1} << 40, "games to play")};
  AnswerGame<KniffelRules> g{
      .rules = rules(), .command = "evaluate", .own = own + cache_options(), .sampling = true,
      .usage = "usage: verflixt evaluate --game kniffel [--policy optimal|greedy] [--games N] [--seed S]\n"
               "Plays N games of solitaire Kniffel with real dice and prints the mean final score ± SE,\n"
               "next to the exact optimum."};
  g.answer = [](const po::variables_map& vm, const KniffelRules& r) {
    const SeatPolicies t = seats_of(r, {vm["policy"].as<std::string>()}, asker(vm));
    if (t.chase[0]) warning("--policy chase plays for the win only at a table (tournament); alone it is optimal");
    const std::shared_ptr<const KniffelSolution> exact = t.solution ? t.solution : solution_for(vm, r).solution;
    MatchAnswer answer = match(vm, r, t, "evaluate kniffel games", false);
    answer.exact_optimum = exact->expected_score();
    return answered(answer);
  };
  return g;
}

TournamentGame<KniffelRules> tournament_game() {
  TournamentGame<KniffelRules> g{
      .rules = rules(),
      .seat_help = "a seat's policy: optimal, greedy or chase (optimal, its last turn played to beat the seats before "
                   "it); repeat 2..8 times",
      .more = cache_options(),
      .about = "Plays N games at a table of 2..8 seats, each on its own sheet and dice; the highest final\n"
               "score wins (a tie shares the win). Prints each seat's mean score and P(win) ± SE. optimal\n"
               "and greedy maximize points; chase plays its last turn for the win against the seats\n"
               "before it (seat 1 plays first) — where a P(win) player differs most from a points player."};
  g.play = [](const po::variables_map& vm, const KniffelRules& r, const std::vector<std::string>& specs,
              const TournamentRun& run) {
    return answered(match(vm, r, seats_of(r, specs, asker(vm)), run.label(), true));
  };
  return g;
}

AnswerGame<KniffelRules> advise_game() {
  const core::OptionTable own = {
      core::asked(core::word_option("dice", "the five dice shown, e.g. \"6 6 3 2 1\" (or 66321, 6,6,3,2,1)")),
      core::asked(core::integer_option("throw", 1, 1, 6, "which throw this is: the throws this turn has had (1..throws)")),
      core::asked(core::word_option("open", "all", "the open categories: all, or e.g. sixes,full-house,chance (or the German boxes: sechser,full-house,chance)"),
                  "Open boxes"),
      core::asked(core::integer_option("upper", 0, 0, kMaxUpper, "the upper total so far (K4)"), "Upper total so far"),
      core::asked(core::switch_option("kniffel-scored", "the kniffel box holds its full score (K5's bonus)"),
                  "The kniffel box is scored")};
  AnswerGame<KniffelRules> g{
      .rules = rules(), .command = "advise", .own = own + cache_options(),
      .usage = "usage: verflixt advise --game kniffel --dice \"6 6 3 2 1\" [--throw 2] [--open all|LIST] [--upper N]\n"
               "Ranks every keep (with throws left) and every category the dice may go in by the exact\n"
               "expected points still to come, this turn's included, under optimal play afterwards."};
  g.answer = [](const po::variables_map& vm, const KniffelRules& r) {
    const AdviceQuestion q{.dice = given<std::string>(vm, "dice"), .throw_ = vm["throw"].as<int>(),
                           .open = vm["open"].as<std::string>(), .upper = vm["upper"].as<int>(),
                           .kniffel_scored = vm["kniffel-scored"].as<bool>()};
    const Situation at = situation(r, q);
    const StoredSolution s = solution_for(vm, r);
    Advice advice = advise(*s.solution, at);
    advice.preset = rules_preset(vm, kniffel::rule_table());
    advice.from_cache = s.from_cache;
    return AnswerResult{describe(advice)};
  };
  return g;
}

AnswerGame<KniffelRules> balance_game() {
  const core::OptionTable own = {
      core::word_option("vary", "KEY=A..B[:STEP] or KEY=v1,v2,...: one row per value of that rule"),
      core::count_option("games", 10000, 0, std::uint64_t{1} << 40,
                         "games of optimal play per row for how often the bonus is reached (0: none)"),
      seed_option("random seed of those games; fixes them bit for bit"),
      solve_threads_option()};
  AnswerGame<KniffelRules> g{
      .rules = rules(), .command = "balance", .own = own + cache_options(),
      .usage = "usage: verflixt balance --game kniffel [--vary KEY=A..B[:STEP]] [--preset P] [--set key=value ...]\n"
               "What a rule is worth: the exact optimal expected score under each value of --vary, with the\n"
               "rules' own value always a row and each row's change from it (or under the given rules and\n"
               "their preset, the change from the preset), and how often optimal play reaches the upper\n"
               "bonus (--games sampled games a row, ± 1 SE). Kniffel is solitaire but for who scores most:\n"
               "a rule moves every seat alike, so the measure is the score; P(win) stays 1/seats."};
  g.answer = [](const po::variables_map& vm, const KniffelRules& r) {
    BalanceQuestion q{.rules = r, .preset = rules_preset(vm, kniffel::rule_table()), .vary = "", .values = {}};
    if (vm.count("vary")) {
      const VarySpec spec = split_vary(vm["vary"].as<std::string>());
      const auto& p = balance_param(kniffel::rule_table(), spec.key);
      q.vary = kniffel::rule_table().set_name(p);
      q.values = vary_values(spec, q.vary, p.kind == core::RuleKind::Integer, kniffel::rule_table().domain(p));
    }
    const Asker ask = asker(vm);
    BalanceAnswer plan = balance_rows(q, ask);
    // --threads 0 (every core) for the games as for the solve, other counts capped as everywhere.
    // --games 0 is no games: the option's own range, not count_from's 1..2^40.
    const BalanceGames games{.games = vm["games"].as<std::uint64_t>(), .seed = seed_from(vm),
                             .threads = threads_or_every_core(vm)};
    const BalanceAnswer a = balance(std::move(plan), games, ask, stop_control());
    return AnswerResult{describe(a), a.completion};
  };
  return g;
}

AnswerGame<KniffelRules> bench_game() {
  const core::OptionTable own = {
      core::count_option("games", 20000, 1, std::uint64_t{1} << 40, "games per workload"),
      seed_option("random seed (the signature depends on it)")};
  AnswerGame<KniffelRules> g{
      .rules = rules(), .command = "bench", .own = own,
      .usage = "usage: verflixt bench --game kniffel [--games N] [--seed S] [--format table|json|csv]\n"
               "Times the full solve (sheets/s) and whole games on ONE thread (games/s per core) for the\n"
               "greedy policy, the baseline, and the optimal one, as a ratio to it: the machine's load\n"
               "moves both alike. The score sums are a deterministic signature. Nothing is cached."};
  g.answer = [](const po::variables_map& vm, const KniffelRules& r) {
    BenchAnswer answer = bench(r, vm["games"].as<std::uint64_t>(), vm["seed"].as<std::uint64_t>(), asker(vm));
    answer.preset = rules_preset(vm, kniffel::rule_table());
    return AnswerResult{describe(answer), completion(answer.workloads.size(), 2, "workloads", answer.stopped)};
  };
  return g;
}

}  // namespace

// Every command with the options of a quick run (core/command.h).
std::vector<core::Command> kniffel_commands() {
  return {
      rules_entry<rules>(),
      answer_entry<solve_game>("solve", "--set throws=1 --set bonus_threshold=3 --no-cache", "--preset yahtzee"),
      answer_entry<evaluate_game>("evaluate", "--set throws=1 --set bonus_threshold=3 --no-cache --games 200"),
      tournament_entry<tournament_game>(
          "--set throws=1 --set bonus_threshold=3 --no-cache --seat optimal --seat greedy --games 200"),
      answer_entry<advise_game>("advise", "--set throws=1 --set bonus_threshold=3 --no-cache --dice 66321", nullptr, true),
      answer_entry<bench_game>("bench", "--set throws=1 --set bonus_threshold=3 --games 50"),
      answer_entry<balance_game>("balance", "--set throws=1 --no-cache --vary bonus_threshold=2,3"),
  };
}

}  // namespace verflixt::cli
