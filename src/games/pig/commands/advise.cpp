// `verflixt advise --game pig`: roll or hold? Both choices ranked by the exact probability of
// winning a two-player game when both players play optimally afterwards, read off the solved
// game (games/pig/solver.h). The solve of a goal-100 game takes about a second.
#include <cstdint>
#include <string>
#include <utility>

#include "cli/cli.h"
#include "cli/game_answer.h"
#include "cli/game_command.h"
#include "games/pig/commands/commands.h"
#include "verflixt/core/error.h"
#include "verflixt/core/report.h"
#include "verflixt/games/pig/answers.h"
#include "verflixt/games/pig/solver.h"

namespace verflixt::cli {
namespace {

// One-line errors naming the option and its valid range under these rules.
pig::Situation situation_from(const po::variables_map& vm, const pig::PigRules& rules) {
  pig::Situation s{vm["score"].as<int>(), vm["other"].as<int>(), vm["turn-total"].as<int>()};
  const std::string goal = std::to_string(rules.goal);
  if (s.mine >= rules.goal) throw core::InputError("--score " + std::to_string(s.mine) + ": the game is over; valid: 0.." + std::to_string(rules.goal - 1));
  if (s.theirs >= rules.goal)
    throw core::InputError("--other " + std::to_string(s.theirs) + ": the game is over; valid: 0.." + std::to_string(rules.goal - 1));
  if (s.mine + s.turn_total >= rules.goal)
    throw core::InputError("--turn-total " + std::to_string(s.turn_total) + ": with --score " + std::to_string(s.mine) +
                     " the goal " + goal + " is reached, and the game is won; valid: 0.." +
                     std::to_string(rules.goal - 1 - s.mine));
  return s;
}

AnswerGame<pig::PigRules> pig_advise() {
  const core::OptionTable own = {
      core::asked(core::integer_option("score", 0, 0, 1000, "my banked score")),
      core::asked(core::renamed(
          core::integer_option("other", 0, 0, 1000, "the other player's banked score (Pig is for two players)"), "opponent")),
      core::asked(core::integer_option("turn-total", 0, 0, 1000, "points rolled so far this turn (lost on a bust)"))};
  AnswerGame<pig::PigRules> g{
      .game = "pig", .command = "advise", .options = pig_options(), .own = own,
      .usage = "usage: verflixt advise --game pig --score N --other N --turn-total N [--goal 100]\n"
               "Roll or hold? Both ranked by the exact P(win) of a two-player game, both players playing\n"
               "optimally afterwards (the solved game of Neller & Presser)."};
  g.rules = [](const po::variables_map& vm) { return pig_rules_from(vm, 2); };
  g.answer = [](const po::variables_map& vm, const pig::PigRules& rules) {
    const pig::Situation at = situation_from(vm, rules);
    const pig::PigSolution sol = with_progress("solve pig (sweeps)", [&](const core::RunControl& control) {
      core::ValueIterationOptions options;
      options.control = &control;
      return pig::solve(rules, options);
    });
    // Unconverged values are no advice.
    if (interrupt_flag().load()) return nothing_finished(pig::report_head(rules), "solves");
    return AnswerResult{describe(pig::advise(sol, at))};
  };
  return g;
}

}  // namespace

core::OptionTable pig_advise_options() { return answer_options(pig_advise()); }

int pig_advise_command(int argc, const char* const* argv) { return answer_command(argc, argv, pig_advise()); }

}  // namespace verflixt::cli
