// `verflixt evaluate|solve|tournament --game pig`: the Pig game (include/verflixt/games/pig/)
// through the same commands, options and output formats as Die verflixte 6.
#include "games/pig/commands/commands.h"

#include <cstring>
#include <exception>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/game_balance.h"
#include "cli/game_command.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/report.h"
#include "verflixt/games/pig/monte_carlo.h"
#include "verflixt/games/pig/policy.h"
#include "verflixt/games/pig/solver.h"
#include "verflixt/version.h"

namespace verflixt::cli {

using pig::PigRules;

core::OptionTable pig_options() {
  const core::OptionTable game = {core::word_option("game", "pig", "the game: pig here (verflixte6 is the default game)")};
  // Shorthands that act as --set goal=N (and so on), before the --set options.
  const core::OptionTable shorthands = {
      core::integer_option("goal", 1, 1000, "score that wins (1..1000; the solver takes up to 250), as --set goal=N"),
      core::integer_option("faces", 2, 100, "faces of the die (2..100), as --set faces=N"),
      core::integer_option("bust-face", 1, 100, "the face that loses the turn total, as --set bust_face=N")};
  return game + game_rules_options("pig", pig::rule_table()) + shorthands;
}

// The rules options, then `players` seats when a command seats them (two for solve and
// evaluate, one per --seat in a tournament), validated.
PigRules pig_rules_from(const po::variables_map& vm, std::optional<int> players) {
  std::vector<std::string> shorthands;
  for (const char* option : {"goal", "faces", "bust-face"})
    if (vm.count(option)) {
      std::string key = option;
      if (key == "bust-face") key = "bust_face";
      shorthands.push_back(key + "=" + std::to_string(vm[option].as<int>()));
    }
  PigRules r = game_rules_from(vm, pig::rule_table(), shorthands);
  if (players) r.players = *players;
  pig::validate(r);
  return r;
}

core::report::Report pig_report(const PigRules& rules) { return core::report::Report({kVersion, "pig", pig::rules_summary(rules), ""}); }

namespace {

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// P(win) per seat from a Monte Carlo run, in the three formats; `exact_info` adds the exact
// first-seat value of a two-player match.
std::string match_output(const std::string& format, core::report::Report r, const pig::MatchRun& run,
                         const std::vector<std::string>& names, const std::string& title, double exact,
                         const pig::MatchValue* exact_info) {
  const pig::MatchTally& t = run.tally;
  r.field("games", t.games)
      .field("requested_games", run.requested)
      .field("interrupted", run.interrupted)
      .field("seconds", run.seconds)
      .field("mean_turns", t.games ? static_cast<double>(t.turns) / static_cast<double>(t.games) : 0.0)
      .line(title + ": " + std::to_string(t.games) + " games" + (run.interrupted ? " (interrupted)" : "") +
            ", seat 1 moves first, Monte Carlo (± 1 SE)");
  core::report::Table& seats = r.table("seats", {{.name = "seat", .text = "  seat "},
                                           {.name = "policy", .text = "  ", .width = 10},
                                           {.name = "games", .in = core::report::kCsv},
                                           {.name = "wins", .in = core::report::kJsonCsv},
                                           {.name = "p_win", .text = "  P(win) ", .se_name = "stderr"}});
  for (size_t s = 0; s < names.size(); ++s)
    seats.row({s + 1, names[s], t.games, t.wins[s], core::Estimate{t.p_win(static_cast<int>(s)), t.se_win(static_cast<int>(s))}});
  if (exact_info) {
    r.field("exact_first_player_win", exact).field("exact_residual", exact_info->residual);
    r.line("exact P(first player wins) " + fmt("%.6f", exact) + " (policy evaluation, residual " +
           fmt("%.1e", exact_info->residual) + "); Monte Carlo differs by " + se_distance(t.p_win(0), t.se_win(0), exact) +
           " SE");
  }
  return r.render(format);
}

}  // namespace

int pig_rules_command(int argc, const char* const* argv) {
  return print_rules(argc, argv, "rules --game pig options", pig_options(),
                     "usage: verflixt rules --game pig [--preset standard] [--rules FILE] [--set key=value ...]\n"
                     "Prints every Pig rule parameter (docs/rules/pig.md) as a commented INI file that\n"
                     "--rules FILE reads back on every pig command.",
                     pig::rule_table(), [](const po::variables_map& vm) { return pig_rules_from(vm, {}); });
}

int pig_solve_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::real_option("tolerance", "1e-12", 0, 1, "stop value iteration once no value changes more"),
      core::integer_option("step", 10, 1, 1000, "score step of the hold table's rows and columns"),
      core::file_option("write-policy", "write the whole optimal policy (R/H per turn total) to FILE"),
      compensate_option()};
  po::variables_map vm;
  if (!parse(argc, argv, "solve --game pig options", pig_options() + own + output_options(kFormats),
             "usage: verflixt solve --game pig [--goal 100] [--faces 6] [--write-policy FILE]\n"
             "The exact two-player win-optimal Pig policy by value iteration (Neller & Presser 2004):\n"
             "P(first player wins) under optimal play and the turn total to hold at per scores.",
             vm))
    return 0;
  if (vm["compensate"].as<bool>()) return pig_compensate_command(vm);
  const PigRules rules = pig_rules_from(vm, 2);
  const std::string format = format_from(vm, kFormats);
  if (vm.count("write-policy")) core::check_output_target(vm["write-policy"].as<std::string>(), "--write-policy");
  const double tolerance = vm["tolerance"].as<double>();
  const int step = vm["step"].as<int>();
  if (!(tolerance > 0 && tolerance < 1)) throw core::InputError("--tolerance must be in (0, 1)");
  if (step < 1 || step > rules.goal) throw core::InputError("--step must be in 1.." + std::to_string(rules.goal));
  const pig::PigSolution sol = with_progress("solve pig (sweeps)", [&](const core::RunControl& control) {
    core::ValueIterationOptions options;
    options.tolerance = tolerance;
    options.control = &control;
    return pig::solve(rules, options);
  });

  std::vector<int> marks;
  for (int v = 0; v < rules.goal; v += step) marks.push_back(v);
  core::report::Report r = pig_report(rules);
  r.field("policy", "optimal")
      .field("exact", true)
      .field("method", "value iteration (Gauss-Seidel, level by level)")
      .field("first_player_win", sol.win_probability(0, 0, 0))
      .field("residual", sol.residual)
      .field("iterations", std::int64_t{sol.iterations})
      .field("converged", sol.converged)
      .field("interrupted", interrupt_flag().load());
  // JSON and CSV list the hold table row by row; the text shows it as a matrix (below).
  core::report::Table& table = r.table("hold_at", {{.name = "my_score"}, {.name = "opponent_score"}, {.name = "hold_at"}},
                                 core::report::kJsonCsv);
  for (int i : marks)
    for (int o : marks) table.row({i, o, sol.hold_at(i, o)});

  if (vm.count("write-policy")) {
    const std::string path = vm["write-policy"].as<std::string>();
    std::ostringstream out;
    out << "# verflixt " << kVersion << " pig optimal policy, " << pig::rules_summary(rules)
        << "\n# one line per (my score i, opponent score j): i j then R (roll) or H (hold) for turn totals 0.."
           "goal-i-1\n";
    for (int i = 0; i < rules.goal; ++i)
      for (int o = 0; o < rules.goal; ++o) {
        out << i << " " << o << " ";
        for (int k = 0; i + k < rules.goal; ++k) out << (sol.action(i, o, k) == pig::PigAction::Hold ? 'H' : 'R');
        out << "\n";
      }
    core::write_file_atomic(path, out.str(), "--write-policy");  // whole or absent, as every output file
    r.field("policy_file", path);
  }

  // A level is the points both players have banked: each is solved after the ones above it.
  r.line("exact (value iteration level by level: " + std::to_string(2 * rules.goal - 1) + " levels, " +
         std::to_string(sol.iterations) + " Gauss-Seidel sweeps of one level in all, residual " +
         fmt("%.1e", sol.residual) + (sol.converged ? "" : ", NOT converged") +
         (interrupt_flag().load() ? ", interrupted" : "") + ")");
  r.line("P(first player wins) under optimal play: " + fmt("%.6f", sol.win_probability(0, 0, 0)) +
         "   (Neller & Presser 2004: 0.5306 at goal 100)\n");
  r.line("hold at turn total (first total the optimal player holds at; rows: my score, columns: opponent score)");
  std::string head = "   me\\opp";
  for (int o : marks) head += fmt("%5.0f", o);
  r.line(head);
  for (int i : marks) {
    std::string row = fmt("%8.0f", i);
    for (int o : marks) row += fmt("%5.0f", sol.hold_at(i, o));
    r.line(row);
  }
  r.line("(a value of goal - my score means: roll until the goal)");
  if (vm.count("write-policy")) r.line("policy written to " + vm["write-policy"].as<std::string>());
  const std::string text = r.render(format);
  emit(vm, text);
  return 0;
}

int pig_evaluate_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::policy_option("policy", "hold:20", "the first player's policy: hold:N or optimal"),
      core::policy_option("opponent", "hold:20", "the second player's policy"),
      core::count_option("games", 1000000, 1, std::uint64_t{1} << 40, "games to play"),
      core::boolean_option("exact", true, "also compute the exact P(win) (policy evaluation)")};
  po::variables_map vm;
  if (!parse(argc, argv, "evaluate --game pig options",
             pig_options() + own + sampling_options() + output_options(kFormats),
             "usage: verflixt evaluate --game pig [--policy hold:20|optimal] [--opponent hold:20|optimal]\n"
             "                         [--games N] [--seed S] [--threads T] [--format table|json|csv]\n"
             "Plays N two-player games of Pig, --policy moving first, and prints each player's P(win)\n"
             "± SE, next to the exact value from policy evaluation.",
             vm))
    return 0;
  const PigRules rules = pig_rules_from(vm, 2);
  const std::string format = format_from(vm, kFormats);
  std::shared_ptr<const pig::PigSolution> cache;
  const auto first = pig::make_policy(vm["policy"].as<std::string>(), rules, cache);
  const auto second = pig::make_policy(vm["opponent"].as<std::string>(), rules, cache);
  const std::uint64_t games = count_from(vm, "games");
  const std::uint64_t seed = seed_from(vm);
  const int threads = threads_from(vm);
  const bool exact = vm["exact"].as<bool>() && rules.goal <= pig::kMaxSolveGoal;
  const pig::PigPolicy* seats[] = {first.get(), second.get()};
  const pig::MatchRun run = with_progress("evaluate pig games", [&](const core::RunControl& control) {
    return pig::play_games(rules, seats, games, seed, threads, control);
  });
  pig::MatchValue mv;
  if (exact) mv = pig::evaluate_match(rules, pig::seat_rule(*first), pig::seat_rule(*second));
  core::report::Report r = pig_report(rules);
  r.head_line("  seed " + std::to_string(seed));
  r.field("seed", seed).field("threads", threads).field("policy", first->name()).field("opponent", second->name());
  emit(vm, match_output(format, std::move(r), run, {first->name(), second->name()}, first->name() + " vs " + second->name(),
                        mv.first_player_win, exact ? &mv : nullptr));
  return finish_marked(completion(run.completed, run.requested, "games", run.interrupted));
}

int pig_tournament_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::words_option("seat", "a seat's policy, hold:N or optimal (2 seats only); repeat 2..8 times, the first "
                                 "moves first"),
      core::count_option("games", 1000000, 1, std::uint64_t{1} << 40, "games to play")};
  po::variables_map vm;
  if (!parse(argc, argv, "tournament --game pig options",
             pig_options() + own + sampling_options() + output_options(kFormats),
             "usage: verflixt tournament --game pig --seat P --seat P [...] [--games N] [--seed S]\n"
             "Plays N games of Pig at a table of 2..8 seats (seat 1 moves first) and prints each\n"
             "seat's P(win) ± SE.",
             vm))
    return 0;
  const std::vector<std::string> specs = seat_specs(vm, pig::kMaxPlayers);
  const PigRules rules = pig_rules_from(vm, static_cast<int>(specs.size()));
  const std::string format = format_from(vm, kFormats);
  std::shared_ptr<const pig::PigSolution> cache;
  const auto table = make_seats(specs, [&](const std::string& spec) { return pig::make_policy(spec, rules, cache); });
  const std::uint64_t games = count_from(vm, "games");
  const std::uint64_t seed = seed_from(vm);
  const int threads = threads_from(vm);
  const pig::MatchRun run = with_progress("tournament pig games", [&](const core::RunControl& control) {
    return pig::play_games(rules, table.seats, games, seed, threads, control);
  });
  core::report::Report r = pig_report(rules);
  r.head_line("  seed " + std::to_string(seed));
  r.field("seed", seed).field("threads", threads).field("policy", table.names);
  emit(vm, match_output(format, std::move(r), run, table.names, "tournament", 0, nullptr));
  return finish_marked(completion(run.completed, run.requested, "games", run.interrupted));
}

int pig_balance_command(int argc, const char* const* argv) {
  // P(win) per seat, as the tournament measures it; two optimal seats also give seat 1's exact
  // P(win) from the solver the policy plays by.
  BalanceGame<PigRules> g{"pig", &pig::rule_table(), {"p_win", "P(win)", "one winner a game", false}, 100000, "hold:N or optimal",
                          "optimal (two players; more: hold:20)", {}, {}};
  g.strongest = [](const PigRules& r) { return r.players == 2 ? std::string("optimal") : "hold:" + std::to_string(std::min(20, r.goal)); };
  g.play = [](const PigRules& r, const std::vector<std::string>& specs, const BalanceSampling& s, const core::RunControl& control) {
    std::shared_ptr<const pig::PigSolution> cache;
    const auto table = make_seats(specs, [&](const std::string& spec) { return pig::make_policy(spec, r, cache); });
    BalancePlay p = balance_play(pig::play_games(r, table.seats, s.games, s.seed, s.threads, control), table.names,
                                 [](const pig::MatchTally& t, int seat) { return core::Estimate{t.p_win(seat), t.se_win(seat)}; });
    if (specs.size() == 2 && table.names[0] == "optimal" && table.names[1] == "optimal")
      p.exact = cache->win_probability(0, 0, 0), p.exact_residual = cache->residual;
    return p;
  };
  return balance_command(argc, argv, g);
}

// Every command with the options of a quick run (core/command.h).
std::vector<core::Command> pig_commands() {
  return {
      {"rules", pig_rules_command, "", ""},
      {"evaluate", pig_evaluate_command, "", "--goal 20 --games 1000"},
      {"solve", pig_solve_command, "", "--goal 20", ""},
      {"tournament", pig_tournament_command, "", "--goal 20 --seat hold:5 --seat hold:8 --games 1000"},
      {"advise", pig_advise_command, "", "--goal 20 --score 5", nullptr, pig_advise_options},
      {"balance", pig_balance_command, "", "--vary goal=10,20 --games 500"},
  };
}

}  // namespace verflixt::cli
