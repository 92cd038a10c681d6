// `verflixt rules|solve|evaluate|tournament|advise|balance --game pig`: the Pig game
// (include/verflixt/games/pig/) through the same commands, options and output formats as Die
// verflixte 6. Here are the options and help texts; the answers are the game library's.
#include "games/pig/commands/commands.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/game_answer.h"
#include "cli/game_balance.h"
#include "cli/game_tournament.h"
#include "verflixt/games/pig/answers.h"

namespace verflixt::cli {
namespace {

using pig::PigRules;

// The rules of every pig command: --goal, --faces and --bust-face act as --set.
GameRules<PigRules> rules() {
  const auto& table = pig::rule_table();
  return {.table = &table, .title = "Pig",
          .shorthands = {rule_shorthand(table, "goal", "Goal"), rule_shorthand(table, "faces", "Faces of the die"),
                         rule_shorthand(table, "bust_face", "Face that loses the turn")}};
}
// Solve, evaluate and advise play the two-player game.
GameRules<PigRules> two_players() {
  GameRules<PigRules> r = rules();
  r.players = 2;
  return r;
}

AnswerGame<PigRules> solve_game() {
  const core::OptionTable own = {
      core::idle_with(core::real_option("tolerance", "1e-12", 0, 1, "stop value iteration once no value changes more"),
                      {"compensate"}),
      core::idle_with(
          core::integer_option("step", 10, 1, 1000, "score step of the hold table's rows and columns (1 below goal 10)"),
          {"compensate"}),
      core::idle_with(core::file_option("write-policy", "write the whole optimal policy (R/H per turn total) to FILE"),
                      {"compensate"}),
      core::switch_option("compensate",
                          "the second player's starting points that bring P(first wins) closest to 1/2 (exact)")};
  AnswerGame<PigRules> g{
      .rules = two_players(), .command = "solve", .own = own,
      .usage = "usage: verflixt solve --game pig [--goal 100] [--faces 6] [--write-policy FILE]\n"
               "The exact two-player win-optimal Pig policy by value iteration (Neller & Presser 2004; goals up\n"
               "to 250 with six faces, fewer with more): P(first player wins) under optimal play and the turn\n"
               "total to hold at per scores."};
  g.answer = [](const po::variables_map& vm, const PigRules& rules) {
    if (vm["compensate"].as<bool>()) return AnswerResult{describe(pig::compensation_answer(rules))};
    const pig::SolveQuestion q{vm["tolerance"].as<double>(), given_not_defaulted<int>(vm, "step"),
                               given<std::string>(vm, "write-policy")};
    return AnswerResult{describe(with_progress(
        "solve pig (sweeps)", [&](const core::RunControl& control) { return pig::solve_answer(rules, q, control); }))};
  };
  return g;
}

AnswerGame<PigRules> evaluate_game() {
  const core::OptionTable own = {
      core::policy_option("policy", "hold:20", "the first player's policy: " + pig::kPolicyForms),
      core::policy_option("opponent", "hold:20", "the second player's policy"),
      core::count_option("games", 1000000, 1, std::uint64_t{1} << 40, "games to play"),
      core::boolean_option("exact", true, "also compute the exact P(win) (policy evaluation)")};
  AnswerGame<PigRules> g{
      .rules = two_players(), .command = "evaluate", .own = own, .sampling = true,
      .usage = "usage: verflixt evaluate --game pig [--policy hold:20|optimal] [--opponent hold:20|optimal]\n"
               "                         [--games N] [--seed S] [--threads T] [--format table|json|csv]\n"
               "Plays N two-player games of Pig, --policy moving first, and prints each player's P(win)\n"
               "± SE, next to the exact value from policy evaluation."};
  g.answer = [](const po::variables_map& vm, const PigRules& rules) {
    // The seats first, so that a bad policy is reported before the sampling options are read.
    const pig::Seating seating(rules, {vm["policy"].as<std::string>(), vm["opponent"].as<std::string>()});
    const pig::MatchQuestion q{count_from(vm, "games"), seed_from(vm), threads_from(vm), false, vm["exact"].as<bool>()};
    if (q.exact && !vm["exact"].defaulted() && !pig::solvable(rules))
      warning("--exact changes nothing: the exact solver takes goals 1.." +
              std::to_string(pig::max_solve_goal(rules.faces)) + " with " + std::to_string(rules.faces) + " faces");
    return answered(with_progress("evaluate pig games", [&](const core::RunControl& control) {
      return pig::play_match(rules, seating, q, control);
    }));
  };
  return g;
}

TournamentGame<PigRules> tournament_game() {
  TournamentGame<PigRules> g{.rules = rules(),
                             .seat_help = "a seat's policy: " + pig::kPolicyForms +
                                          " (optimal: 2 seats only); repeat 2..8 times, the first moves first",
                             .default_games = 1000000, .max_players = pig::kMaxPlayers,
                             .about = "Plays N games of Pig at a table of 2..8 seats (seat 1 moves first) and prints "
                                      "each\nseat's P(win) ± SE."};
  g.play = [](const po::variables_map&, const PigRules& rules, const std::vector<std::string>& specs,
              const TournamentRun& run) {
    const pig::Seating seating(rules, specs);
    const pig::MatchQuestion q{run.games(), run.seed(), run.threads(), true, false};
    return answered(
        run.sample([&](const core::RunControl& control) { return pig::play_match(rules, seating, q, control); }));
  };
  return g;
}

AnswerGame<PigRules> advise_game() {
  const core::OptionTable own = {
      core::asked(core::integer_option("score", 0, 0, 1000, "my banked score")),
      core::asked(core::renamed(
          core::integer_option("other", 0, 0, 1000, "the other player's banked score (Pig is for two players)"), "opponent")),
      core::asked(core::integer_option("turn-total", 0, 0, 1000, "points rolled so far this turn (lost on a bust)"))};
  AnswerGame<PigRules> g{
      .rules = two_players(), .command = "advise", .own = own,
      .usage = "usage: verflixt advise --game pig --score N --other N --turn-total N [--goal 100]\n"
               "Roll or hold? Both ranked by the exact P(win) of a two-player game, both players playing\n"
               "optimally afterwards (the solved game of Neller & Presser)."};
  g.answer = [](const po::variables_map& vm, const PigRules& rules) {
    const pig::AdviceQuestion q{vm["score"].as<int>(), vm["other"].as<int>(), vm["turn-total"].as<int>()};
    const std::optional<pig::Advice> advice = with_progress(
        "solve pig (sweeps)", [&](const core::RunControl& control) { return pig::advise(rules, q, control); });
    return advice ? AnswerResult{describe(*advice)} : nothing_finished(pig::report_head(rules), "solves");
  };
  return g;
}

BalanceGame<PigRules> balance_game() {
  // P(win) per seat, as the tournament measures it; two optimal seats also give seat 1's exact
  // P(win) from the solver the policy plays by.
  BalanceGame<PigRules> g{rules(), {"p_win", "P(win)", "one winner a game", false}, 100000, pig::kPolicyForms,
                          "optimal (two players, a goal it solves; else hold:20)", {}, {}};
  g.strongest = pig::strongest_policy;
  g.play = [](const PigRules& r, const std::vector<std::string>& specs, const BalanceSampling& s, const core::RunControl& control) {
    const pig::Seating seating(r, specs);
    const pig::MatchAnswer a = pig::play_match(r, seating, {s.games, s.seed, s.threads, true, false}, control);
    BalancePlay p = balance_play(a.run, a.seats,
                                 [](const pig::MatchTally& t, int seat) { return core::Estimate{t.p_win(seat), t.se_win(seat)}; });
    if (const auto exact = pig::solved_value(seating))
      p.exact = exact->first_player_win, p.exact_residual = exact->residual;
    return p;
  };
  return g;
}

}  // namespace

// Every command with the options of a quick run (core/command.h).
std::vector<core::Command> pig_commands() {
  return {
      rules_entry<rules>(),
      answer_entry<solve_game>("solve", "--goal 20", ""),
      answer_entry<evaluate_game>("evaluate", "--goal 20 --games 1000"),
      tournament_entry<tournament_game>("--goal 20 --seat hold:5 --seat hold:8 --games 1000"),
      answer_entry<advise_game>("advise", "--goal 20 --score 5", nullptr, true),
      balance_entry<balance_game>("--vary goal=10,20 --games 500"),
  };
}

}  // namespace verflixt::cli
