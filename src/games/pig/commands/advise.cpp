// `verflixt advise --game pig`: roll or hold? Both choices ranked by the exact probability of
// winning a two-player game when both players play optimally afterwards, read off the solved
// game (games/pig/solver.h). The solve of a goal-100 game takes about a second.
#include <cstdint>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/game_command.h"
#include "games/pig/commands/commands.h"
#include "verflixt/core/error.h"
#include "verflixt/core/report.h"
#include "verflixt/games/pig/solver.h"

namespace verflixt::cli {
namespace {

const std::vector<std::string> kFormats = {"table", "json", "csv"};

struct Situation {
  int mine = 0, theirs = 0, turn_total = 0;
};

// One-line errors naming the option and its valid range under these rules.
Situation situation_from(const po::variables_map& vm, const pig::PigRules& rules) {
  Situation s{vm["score"].as<int>(), vm["other"].as<int>(), vm["turn-total"].as<int>()};
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

}  // namespace

core::OptionTable pig_advise_options() {
  const core::OptionTable own = {
      core::integer_option("score", 0, 0, 1000, "my banked score"),
      core::renamed(core::integer_option("other", 0, 0, 1000, "the other player's banked score (Pig is for two players)"),
                    "opponent"),
      core::integer_option("turn-total", 0, 0, 1000, "points rolled so far this turn (lost on a bust)")};
  return pig_options() + own;
}

int pig_advise_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "advise --game pig options", pig_advise_options() + output_options(kFormats),
             "usage: verflixt advise --game pig --score N --other N --turn-total N [--goal 100]\n"
             "Roll or hold? Both ranked by the exact P(win) of a two-player game, both players playing\n"
             "optimally afterwards (the solved game of Neller & Presser).",
             vm))
    return 0;
  const pig::PigRules rules = pig_rules_from(vm, 2);
  const std::string format = format_from(vm, kFormats);
  const Situation at = situation_from(vm, rules);
  const pig::PigSolution sol = with_progress("solve pig (sweeps)", [&](const core::RunControl& control) {
    core::ValueIterationOptions options;
    options.control = &control;
    return pig::solve(rules, options);
  });
  if (interrupt_flag().load()) {  // unconverged values are no advice: show nothing but the mark
    const Completion c = completion(0, 1, "solves", true);
    core::report::Report r = pig_report(rules);
    r.completion(true, 0, 1, "solves");
    return finish(vm, format, c, format == "json" ? r.render(format) : "");
  }
  const double roll = sol.action_value(at.mine, at.theirs, at.turn_total, pig::PigAction::Roll);
  const double hold = sol.action_value(at.mine, at.theirs, at.turn_total, pig::PigAction::Hold);
  // On an exact tie the solver rolls (its action 0), and the ranking lists roll first; the
  // headline calls it a tie.
  const bool roll_first = roll >= hold;
  const struct {
    const char* name;
    double value;
  } ranked[] = {{roll_first ? "roll" : "hold", roll_first ? roll : hold}, {roll_first ? "hold" : "roll", roll_first ? hold : roll}};
  const int hold_at = sol.hold_at(at.mine, at.theirs);

  core::report::Report r = pig_report(rules);
  r.headline(advice_headline({{ranked[0].name, ranked[0].value}, {ranked[1].name, ranked[1].value}}, "chance to win", true,
                             "exact, both playing optimally after"));
  r.field("exact", true)
      .field("score", std::int64_t{at.mine})
      .field("other", std::int64_t{at.theirs})
      .field("turn_total", std::int64_t{at.turn_total})
      .field("objective", "P(win), two players, optimal play after this choice")
      .field("best", ranked[0].name)
      .field("hold_at", std::int64_t{hold_at})  // goal - score: rolls until the goal
      .field("residual", sol.residual)
      .line("my score " + std::to_string(at.mine) + ", opponent " + std::to_string(at.theirs) + ", turn total " +
            std::to_string(at.turn_total) + "; P(win), exact (value iteration, residual " + fmt("%.1e", sol.residual) +
            "), optimal play after this choice");
  core::report::Table& choices = r.table("choices", {{.name = "rank", .text = "  ", .text_format = "%.0f"},
                                               {.name = "choice", .text = ". "},
                                               {.name = "p_win", .text = "   ", .text_format = "%.6f"},
                                               {.name = "note", .in = core::report::kText}});
  for (int k = 0; k < 2; ++k)
    choices.row({std::int64_t{k + 1}, ranked[k].name, ranked[k].value, k == 0 ? "  <- best" : ""});
  r.line("difference " + fmt("%.6f", ranked[0].value - ranked[1].value) + "; at " + std::to_string(at.mine) + " : " +
         std::to_string(at.theirs) + " the optimal player " +
         (hold_at == rules.goal - at.mine ? std::string("rolls until the goal")
                                          : "first holds at turn total " + std::to_string(hold_at)));
  const std::string text = r.render(format);
  emit(vm, text);
  return 0;
}

}  // namespace verflixt::cli
