// `verflixt kniffel COMMAND`: Kniffel (include/verflixt/games/kniffel/) through the project's
// commands, options, output formats and Ctrl-C convention.
#include "games/kniffel/commands/commands.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/game_answer.h"
#include "cli/game_balance.h"
#include "cli/game_command.h"
#include "cli/game_tournament.h"
#include "games/kniffel/commands/shared.h"
#include "games/kniffel/commands/solution_cache.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/report.h"
#include "verflixt/games/kniffel/answers.h"
#include "verflixt/games/kniffel/play.h"

namespace verflixt::cli {

using namespace kniffel_cli;
using namespace verflixt::kniffel;

int kniffel_rules_command(int argc, const char* const* argv) {
  return print_rules(argc, argv, "rules --game kniffel options", game_options(),
                     "usage: verflixt rules --game kniffel [--preset kniffel|yahtzee] [--rules FILE] [--set key=value ...]\n"
                     "Prints every Kniffel rule parameter (K1-K5) as a commented INI file that --rules FILE\n"
                     "reads back on every kniffel command.",
                     kniffel::rule_table(), [](const po::variables_map& vm) { return game_rules(vm); });
}

int kniffel_solve_command(int argc, const char* const* argv) {
  AnswerGame<KniffelRules> g{
      .game = "kniffel", .command = "solve", .options = game_options(),
      .own = core::OptionTable{solve_threads_option()} + cache_options(),
      .usage = "usage: verflixt solve --game kniffel [--preset kniffel|yahtzee] [--set k=v] [--threads T] [--format F]\n"
               "The exact solitaire optimum: the expected final score under optimal play, by retrograde\n"
               "analysis over every sheet (filled categories, upper total, Kniffel box) and every keep of\n"
               "a turn. The solved values are cached, so advise answers at once."};
  g.rules = game_rules;
  g.answer = [](const po::variables_map& vm, const KniffelRules& r) {
    const CachedSolution s = solution_for(vm, r);
    return AnswerResult{describe(
        SolveAnswer{.solution = s.solution, .preset = vm["preset"].as<std::string>(), .from_cache = s.from_cache})};
  };
  return answer_command(argc, argv, g);
}

namespace {

// The policies of `specs` on one solution (solved or read once, only if a seat needs it).
struct KniffelSeats {
  std::vector<std::unique_ptr<KniffelPolicy>> owned;
  std::vector<const KniffelPolicy*> seats;
  std::vector<bool> chase;  // the seats that play their last turn for the win
  std::shared_ptr<const KniffelSolution> solution;
};
KniffelSeats kniffel_seats(const po::variables_map& vm, const KniffelRules& r, const std::vector<std::string>& specs) {
  KniffelSeats t;
  for (const auto& spec : specs)  // a mistyped name is one line before any solve
    if (std::find(policy_names().begin(), policy_names().end(), spec) == policy_names().end()) make_policy(spec, r, nullptr);
  for (const auto& spec : specs) {
    if ((spec == "optimal" || spec == "chase") && !t.solution) t.solution = solution_for(vm, r).solution;
    t.owned.push_back(make_policy(spec, r, t.solution));
    t.seats.push_back(t.owned.back().get());
    t.chase.push_back(spec == "chase");
  }
  return t;
}

// The games of --games, --seed and --threads at the table `t`, under the Ctrl-C convention:
// the answer of those games (the seats' names, the seed and the threads echoed).
MatchAnswer sampled_games(const po::variables_map& vm, const KniffelRules& r, const KniffelSeats& t,
                          const std::string& label, bool tournament) {
  MatchAnswer answer;
  answer.rules = r;
  answer.preset = vm["preset"].as<std::string>();
  for (const KniffelPolicy* seat : t.seats) answer.seats.push_back(seat->name());
  answer.seed = seed_from(vm);
  answer.threads = threads_from(vm);
  answer.tournament = tournament;
  answer.run = with_progress(label, [&](const core::RunControl& control) {
    return play_games(t.seats, r, count_from(vm, "games"), answer.seed, answer.threads, control, t.chase);
  });
  return answer;
}

}  // namespace

int kniffel_evaluate_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::policy_option("policy", "optimal", "optimal or greedy (the best points of each turn alone)"),
      core::count_option("games", 100000, 1, std::uint64_t{1} << 40, "games to play")};
  AnswerGame<KniffelRules> g{
      .game = "kniffel", .command = "evaluate", .options = game_options(), .own = own + cache_options(), .sampling = true,
      .usage = "usage: verflixt evaluate --game kniffel [--policy optimal|greedy] [--games N] [--seed S]\n"
               "Plays N games of solitaire Kniffel with real dice and prints the mean final score ± SE,\n"
               "next to the exact optimum."};
  g.rules = game_rules;
  g.answer = [](const po::variables_map& vm, const KniffelRules& r) {
    const KniffelSeats t = kniffel_seats(vm, r, {vm["policy"].as<std::string>()});
    if (t.chase[0]) balance_warning("--policy chase plays for the win only at a table (tournament); alone it is optimal");
    const std::shared_ptr<const KniffelSolution> exact = t.solution ? t.solution : solution_for(vm, r).solution;
    MatchAnswer answer = sampled_games(vm, r, t, "evaluate kniffel games", false);
    answer.exact_optimum = exact->expected_score();
    const ScoreRun& run = answer.run;
    return AnswerResult{describe(answer), completion(run.completed, run.requested, "games", run.interrupted)};
  };
  return answer_command(argc, argv, g);
}

int kniffel_tournament_command(int argc, const char* const* argv) {
  TournamentGame<KniffelRules> g{
      .game = "kniffel", .options = game_options(),
      .seat_help = "a seat's policy: optimal, greedy or chase (optimal, its last turn played to beat the seats before "
                   "it); repeat 2..8 times",
      .more = cache_options(), .formats = kFormats,
      .usage = "usage: verflixt tournament --game kniffel --seat P --seat P [...] [--games N] [--seed S]\n"
               "Plays N games at a table of 2..8 seats, each on its own sheet and dice; the highest final\n"
               "score wins (a tie shares the win). Prints each seat's mean score and P(win) ± SE. optimal\n"
               "and greedy maximize points; chase plays its last turn for the win against the seats\n"
               "before it (seat 1 plays first) — where a P(win) player differs most from a points player."};
  g.rules = game_rules;
  g.play = [](const po::variables_map& vm, const KniffelRules& r, const std::vector<std::string>& specs,
              const TournamentRun& run) {
    const KniffelSeats t = kniffel_seats(vm, r, specs);
    const MatchAnswer answer = sampled_games(vm, r, t, run.label(), true);
    const ScoreRun& games = answer.run;
    return TournamentResult{describe(answer), completion(games.completed, games.requested, "games", games.interrupted)};
  };
  return tournament_command(argc, argv, g);
}

int kniffel_balance_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::word_option("vary", "KEY=A..B[:STEP] or KEY=v1,v2,...: one row per value of that rule"),
      core::count_option("games", 10000, 0, std::uint64_t{1} << 40,
                         "games of optimal play per row for how often the bonus is reached (0: none)"),
      seed_option("random seed of those games; fixes them bit for bit"),
      solve_threads_option()};
  po::variables_map vm;
  if (!parse(argc, argv, "balance --game kniffel options",
             game_options() + own + cache_options() + output_options(kFormats),
             "usage: verflixt balance --game kniffel [--vary KEY=A..B[:STEP]] [--preset P] [--set k=v ...]\n"
             "What a rule is worth: the exact optimal expected score under each value of --vary, with the\n"
             "rules' own value always a row and each row's change from it (or under the given rules and\n"
             "their preset, the change from the preset), and how often optimal play reaches the upper\n"
             "bonus (--games sampled games a row, ± 1 SE). Kniffel is solitaire but for who scores most:\n"
             "a rule moves every seat alike, so the measure is the score; P(win) stays 1/seats.",
             vm))
    return 0;
  const KniffelRules given = game_rules(vm);
  const std::string format = format_from(vm, kFormats);
  std::vector<std::pair<std::string, KniffelRules>> rows;
  std::string varied;
  std::size_t base = 0;  // the row every change is measured from: these rules' value, or the preset
  if (vm.count("vary")) {
    const VarySpec spec = split_vary(vm["vary"].as<std::string>());
    const auto& p = balance_param(kniffel::rule_table(), spec.key);
    varied = kniffel::rule_table().set_name(p);
    const bool integer = p.kind == core::RuleKind::Integer;
    std::vector<std::string> values = vary_values(spec, varied, integer, kniffel::rule_table().domain(p));
    // These rules' own value is always a row, in its place among the others, so that the
    // question "what if it were ..." is answered against what the table plays now.
    const std::string current = p.get(given);
    if (std::find(values.begin(), values.end(), current) == values.end()) {
      auto at = values.end();
      if (integer)
        at = std::find_if(values.begin(), values.end(), [&](const std::string& v) { return std::stoll(v) > std::stoll(current); });
      values.insert(at, current);
    }
    base = static_cast<std::size_t>(std::find(values.begin(), values.end(), current) - values.begin());
    for (const auto& v : values) {
      KniffelRules r = given;
      kniffel::rule_table().apply(r, varied + "=" + v);
      validate(r);
      for (const auto& [label, earlier] : rows)
        if (earlier == r) balance_warning("--vary " + varied + "=" + v + " is the same game as " + varied + "=" + label);
      rows.emplace_back(v, r);
    }
  } else {
    const std::string preset = vm["preset"].as<std::string>();
    rows.emplace_back("preset " + preset, kniffel::preset(preset));
    rows.emplace_back("rules", given);
    if (given == kniffel::preset(preset)) balance_warning("the rules are the preset's: both rows are the same game");
  }
  core::report::Report j = report_head(given, vm["preset"].as<std::string>());
  j.field("exact", true).field("vary", varied.empty() ? core::report::Value(nullptr) : core::report::Value(varied));
  j.field("change_from", varied.empty() ? rows[base].first : varied + "=" + rows[base].first);
  j.line(varied.empty() ? "the rules against their preset, exact optimal expected score:"
                        : "exact optimal expected score by " + varied + ", change from " + varied + "=" + rows[base].first +
                              " (these rules):");
  const std::uint64_t games = count_from(vm, "games"), seed = seed_from(vm);
  // --threads 0 (every core) for the games as for the solve, other counts capped as everywhere.
  const int chosen = threads_or_every_core(vm), threads = chosen > 0 ? chosen : omp_get_max_threads();
  if (games > 0) {
    j.field("games", games).field("seed", seed);
    j.line("bonus reached: the share of " + std::to_string(games) +
           " games of optimal play (seed " + std::to_string(seed) + ") whose upper section reached the threshold, Monte Carlo ± 1 SE");
  }
  std::vector<core::report::Column> columns = {{.name = "value", .text = "  ", .width = 16},
                                               {.name = "expected_score", .text = "  ", .text_format = "%.4f"},
                                               {.name = "change", .text = "  change ", .text_format = "%+.4f"}};
  if (games > 0) columns.push_back({.name = "p_bonus", .text = "  bonus reached ", .se_name = "p_bonus_stderr"});
  columns.push_back({.name = "rules", .in = core::report::kJsonCsv});
  core::report::Table& t = j.table("rows", columns);
  // Ctrl-C stops the solve under way at its next level (core/budget.h): only whole rows, the
  // rulesets solved before it, are printed.
  install_interrupt_handler();
  // The base row is solved first, so every row shown has its change; then the others in order.
  std::vector<std::size_t> order{base};
  for (std::size_t k = 0; k < rows.size(); ++k)
    if (k != base) order.push_back(k);
  std::vector<std::optional<double>> solved(rows.size());
  std::vector<core::Estimate> bonus(rows.size());
  std::size_t done = 0;
  for (; done < rows.size() && !interrupt_flag().load(); ++done) {
    const KniffelRules& r = rows[order[done]].second;
    try {
      const auto solution = solution_for(vm, r).solution;
      if (games > 0) {  // the row's games under the same seed: the same dice in every row
        const auto optimal = make_policy("optimal", r, solution);
        const ScoreRun run = with_progress("balance kniffel games", [&](const core::RunControl& control) {
          return play_games({optimal.get()}, r, games, seed, threads, control);
        });
        if (run.interrupted) break;
        bonus[order[done]] = run.tally.p_bonus(0);
      }
      solved[order[done]] = solution->expected_score();
    } catch (const core::Interrupted&) {
      break;
    }
  }
  std::vector<double> scores;
  std::vector<std::size_t> shown;  // rows solved, in their order
  for (std::size_t k = 0; k < rows.size(); ++k) {
    if (!solved[k]) continue;
    const double v = *solved[k];
    scores.push_back(v);
    shown.push_back(k);
    std::vector<core::report::Value> row = {rows[k].first, v, v - *solved[base]};
    if (games > 0) row.emplace_back(bonus[k]);
    row.emplace_back(kniffel::rules_summary(rows[k].second));
    t.row(row);
  }
  const Completion c = completion(done, rows.size(), "rows", done < rows.size());
  mark(j, c);
  // The one answer: what the change did to the best expected score, or where a sweep is best.
  if (done > 0) {
    std::size_t best = 0, worst = 0;
    for (std::size_t k = 0; k < scores.size(); ++k) {
      if (scores[k] > scores[best]) best = k;
      if (scores[k] < scores[worst]) worst = k;
    }
    const auto score = [&](std::size_t k) { return fmt("%.4f", scores[k]); };
    if (varied.empty() && done == 2)
      j.headline("the change moves the best expected score by " + fmt("%+.4f", scores[1] - scores[0]) +
                 " points (from " + score(0) + " to " + score(1) + ", exact, optimal play)");
    else if (!varied.empty() && scores[best] - scores[worst] <= 1e-9)
      j.headline("the best expected score is the same at every " + varied + " tried (" + score(best) + ", exact, optimal play)");
    else if (!varied.empty()) {
      // Values within 1e-9 of the best (or the worst) are named together: a tie is a tie.
      const auto tied = [&](std::size_t at) {
        std::string names;
        for (std::size_t k = 0; k < scores.size(); ++k)
          if (std::abs(scores[k] - scores[at]) <= 1e-9) names += (names.empty() ? "" : ", ") + rows[shown[k]].first;
        return varied + "=" + names;
      };
      j.headline("the best expected score is highest at " + tied(best) + " (" + score(best) + ") and lowest at " + tied(worst) +
                 " (" + score(worst) + "), exact, optimal play");
    }
  }
  return finish(vm, format, c, j.render(format));
}

int kniffel_bench_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::count_option("games", 20000, 1, std::uint64_t{1} << 40, "games per workload"),
      seed_option("random seed (the signature depends on it)")};
  po::variables_map vm;
  if (!parse(argc, argv, "bench --game kniffel options", game_options() + own + output_options(kFormats),
             "usage: verflixt bench --game kniffel [--games N] [--seed S] [--format F]\n"
             "Times the full solve (sheets/s) and whole games on ONE thread (games/s per core) for the\n"
             "greedy policy, the baseline, and the optimal one, as a ratio to it: the machine's load\n"
             "moves both alike. The score sums are a deterministic signature. Nothing is cached.",
             vm))
    return 0;
  const KniffelRules r = game_rules(vm);
  const std::string format = format_from(vm, kFormats);
  BenchAnswer answer;
  answer.solution = std::make_shared<const KniffelSolution>(r, 1);
  answer.preset = vm["preset"].as<std::string>();
  const std::uint64_t games = vm["games"].as<std::uint64_t>(), seed = vm["seed"].as<std::uint64_t>();
  bool cut = false;
  // Ctrl-C stops the games at the next chunk: a workload cut short is left out, never timed.
  install_interrupt_handler();
  for (const std::string spec : {"greedy", "optimal"}) {
    const auto policy = make_policy(spec, r, answer.solution);
    const ScoreRun run = with_progress("bench kniffel " + spec + " games", [&](const core::RunControl& control) {
      return play_games({policy.get()}, r, games, seed, 1, control);
    });
    if (run.interrupted) {
      cut = true;
      break;
    }
    answer.workloads.push_back(
        {.policy = spec, .games = run.tally.games, .seconds = run.seconds, .score_sum = run.tally.sum[0]});
  }
  // A bench prints its table for --format csv too (it has no rows to compare).
  const std::string shown = format == "json" ? "json" : "table";
  return finish(vm, shown, completion(answer.workloads.size(), 2, "workloads", cut), describe(answer).render(shown));
}

// Every command with the options of a quick run (core/command.h).
std::vector<core::Command> kniffel_commands() {
  return {
      {"rules", kniffel_rules_command, "", ""},
      {"solve", kniffel_solve_command, "", "--set throws=1 --set bonus_threshold=3 --no-cache", "--preset yahtzee"},
      {"evaluate", kniffel_evaluate_command, "", "--set throws=1 --set bonus_threshold=3 --no-cache --games 200"},
      {"tournament", kniffel_tournament_command, "",
       "--set throws=1 --set bonus_threshold=3 --no-cache --seat optimal --seat greedy --games 200"},
      {"advise", kniffel_advise_command, "", "--set throws=1 --set bonus_threshold=3 --no-cache --dice 66321", nullptr,
       kniffel_advise_options},
      {"bench", kniffel_bench_command, "", "--set throws=1 --set bonus_threshold=3 --games 50"},
      {"balance", kniffel_balance_command, "", "--set throws=1 --no-cache --vary bonus_threshold=2,3"},
  };
}

}  // namespace verflixt::cli
