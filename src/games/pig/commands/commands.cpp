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
#include "cli/game_answer.h"
#include "cli/game_balance.h"
#include "cli/game_command.h"
#include "cli/game_tournament.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/report.h"
#include "verflixt/games/pig/answers.h"
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
      core::labelled(core::integer_option("goal", 1, 1000, "score that wins (1..1000; the solver takes up to 250), as --set goal=N"),
                     "Goal"),
      core::labelled(core::integer_option("faces", 2, 100, "faces of the die (2..100), as --set faces=N"), "Faces of the die"),
      core::labelled(core::integer_option("bust-face", 1, 100, "the face that loses the turn total, as --set bust_face=N"),
                     "Face that loses the turn")};
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

namespace {

const std::vector<std::string> kFormats = {"table", "json", "csv"};

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
  AnswerGame<PigRules> g{
      .game = "pig", .command = "solve", .options = pig_options(), .own = own,
      .usage = "usage: verflixt solve --game pig [--goal 100] [--faces 6] [--write-policy FILE]\n"
               "The exact two-player win-optimal Pig policy by value iteration (Neller & Presser 2004):\n"
               "P(first player wins) under optimal play and the turn total to hold at per scores."};
  g.first = [](const po::variables_map& vm) -> std::optional<int> {
    if (vm["compensate"].as<bool>()) return pig_compensate_command(vm);
    return std::nullopt;
  };
  g.rules = [](const po::variables_map& vm) { return pig_rules_from(vm, 2); };
  g.answer = [](const po::variables_map& vm, const PigRules& rules) {
    if (vm.count("write-policy")) core::check_output_target(vm["write-policy"].as<std::string>(), "--write-policy");
    const double tolerance = vm["tolerance"].as<double>();
    const int step = vm["step"].as<int>();
    if (!(tolerance > 0 && tolerance < 1)) throw core::InputError("--tolerance must be in (0, 1)");
    if (step < 1 || step > rules.goal) throw core::InputError("--step must be in 1.." + std::to_string(rules.goal));
    pig::SolveAnswer answer = with_progress("solve pig (sweeps)", [&](const core::RunControl& control) {
      return pig::solve_answer(rules, tolerance, step, control);
    });
    if (vm.count("write-policy")) {
      answer.policy_file = vm["write-policy"].as<std::string>();
      // Whole or absent, as every output file.
      core::write_file_atomic(answer.policy_file, pig::policy_text(answer.solution), "--write-policy");
    }
    return AnswerResult{describe(answer)};
  };
  return answer_command(argc, argv, g);
}

int pig_evaluate_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::policy_option("policy", "hold:20", "the first player's policy: hold:N or optimal"),
      core::policy_option("opponent", "hold:20", "the second player's policy"),
      core::count_option("games", 1000000, 1, std::uint64_t{1} << 40, "games to play"),
      core::boolean_option("exact", true, "also compute the exact P(win) (policy evaluation)")};
  AnswerGame<PigRules> g{
      .game = "pig", .command = "evaluate", .options = pig_options(), .own = own, .sampling = true,
      .usage = "usage: verflixt evaluate --game pig [--policy hold:20|optimal] [--opponent hold:20|optimal]\n"
               "                         [--games N] [--seed S] [--threads T] [--format table|json|csv]\n"
               "Plays N two-player games of Pig, --policy moving first, and prints each player's P(win)\n"
               "± SE, next to the exact value from policy evaluation."};
  g.rules = [](const po::variables_map& vm) { return pig_rules_from(vm, 2); };
  g.answer = [](const po::variables_map& vm, const PigRules& rules) {
    std::shared_ptr<const pig::PigSolution> cache;
    const auto first = pig::make_policy(vm["policy"].as<std::string>(), rules, cache);
    const auto second = pig::make_policy(vm["opponent"].as<std::string>(), rules, cache);
    const std::uint64_t games = count_from(vm, "games");
    const std::uint64_t seed = seed_from(vm);
    const int threads = threads_from(vm);
    const bool exact = vm["exact"].as<bool>() && rules.goal <= pig::kMaxSolveGoal;
    const pig::PigPolicy* seats[] = {first.get(), second.get()};
    pig::MatchAnswer answer{.rules = rules, .seats = {first->name(), second->name()}, .seed = seed, .threads = threads,
                            .run = {}, .tournament = false, .exact = {}};
    answer.run = with_progress("evaluate pig games", [&](const core::RunControl& control) {
      return pig::play_games(rules, seats, games, seed, threads, control);
    });
    if (exact) answer.exact = pig::evaluate_match(rules, pig::seat_rule(*first), pig::seat_rule(*second));
    return AnswerResult{describe(answer),
                        completion(answer.run.completed, answer.run.requested, "games", answer.run.interrupted)};
  };
  return answer_command(argc, argv, g);
}

int pig_tournament_command(int argc, const char* const* argv) {
  TournamentGame<PigRules> g{.game = "pig", .options = pig_options(),
                             .seat_help = "a seat's policy, hold:N or optimal (2 seats only); repeat 2..8 times, the "
                                          "first moves first",
                             .default_games = 1000000, .max_players = pig::kMaxPlayers, .formats = kFormats,
                             .usage = "usage: verflixt tournament --game pig --seat P --seat P [...] [--games N] [--seed S]\n"
                                      "Plays N games of Pig at a table of 2..8 seats (seat 1 moves first) and prints each\n"
                                      "seat's P(win) ± SE."};
  g.rules = [](const po::variables_map& vm) { return pig_rules_from(vm, {}); };
  g.play = [](const po::variables_map&, const PigRules& rules, const std::vector<std::string>& specs,
              const TournamentRun& run) {
    std::shared_ptr<const pig::PigSolution> cache;
    const auto table = make_seats(specs, [&](const std::string& spec) { return pig::make_policy(spec, rules, cache); });
    const std::uint64_t games = run.games();
    pig::MatchAnswer answer{.rules = rules, .seats = table.names, .seed = run.seed(), .threads = run.threads(),
                            .run = {}, .tournament = true, .exact = {}};
    answer.run = run.sample([&](const core::RunControl& control) {
      return pig::play_games(rules, table.seats, games, answer.seed, answer.threads, control);
    });
    const pig::MatchRun& played = answer.run;
    return TournamentResult{describe(answer),
                            completion(played.completed, played.requested, "games", played.interrupted)};
  };
  return tournament_command(argc, argv, g);
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
