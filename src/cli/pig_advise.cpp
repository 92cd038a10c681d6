// `verflixt advise --game pig`: roll or hold? Both choices ranked by the exact probability of
// winning a two-player game when both players play optimally afterwards, read off the solved
// game (games/pig/solver.h). The solve of a goal-100 game takes about a second.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/game_command.h"
#include "cli/pig_command.h"
#include "verflixt/core/error.h"
#include "verflixt/games/pig/solver.h"

namespace verflixt::cli {
namespace {

const std::vector<std::string> kFormats = {"table", "json", "csv"};

struct Situation {
  int mine = 0, theirs = 0, turn_total = 0;
};

// One-line errors naming the option and its valid range under these rules.
Situation situation_from(const po::variables_map& vm, const pig::PigRules& rules) {
  Situation s{vm["score"].as<int>(), vm["opponent"].as<int>(), vm["turn-total"].as<int>()};
  const std::string goal = std::to_string(rules.goal);
  if (s.mine >= rules.goal) throw InputError("--score " + std::to_string(s.mine) + ": the game is over; valid: 0.." + std::to_string(rules.goal - 1));
  if (s.theirs >= rules.goal)
    throw InputError("--opponent " + std::to_string(s.theirs) + ": the game is over; valid: 0.." + std::to_string(rules.goal - 1));
  if (s.mine + s.turn_total >= rules.goal)
    throw InputError("--turn-total " + std::to_string(s.turn_total) + ": with --score " + std::to_string(s.mine) +
                     " the goal " + goal + " is reached, and the game is won; valid: 0.." +
                     std::to_string(rules.goal - 1 - s.mine));
  return s;
}

}  // namespace

int pig_advise_command(int argc, const char* const* argv) {
  po::options_description desc("advise --game pig options");
  add_pig_options(desc, false);
  desc.add_options()
      ("score", int_value(0, 0, 1000), "my banked score")
      ("opponent", int_value(0, 0, 1000), "the opponent's banked score")
      ("turn-total", int_value(0, 0, 1000), "points rolled so far this turn (lost on a bust)");
  add_output_options(desc, kFormats);
  po::variables_map vm;
  if (!parse(argc, argv, desc,
             "usage: verflixt advise --game pig --score N --opponent N --turn-total N [--goal 100]\n"
             "Roll or hold? Both ranked by the exact P(win) of a two-player game, both players playing\n"
             "optimally afterwards (the solved game of Neller & Presser).",
             vm))
    return 0;
  const pig::PigRules rules = pig_rules_from(vm, 2);
  const std::string format = format_from(vm, kFormats);
  const Situation at = situation_from(vm, rules);
  const pig::PigSolution sol = with_progress("solve pig (sweeps)", [&](const RunControl& control) {
    core::ValueIterationOptions options;
    options.control = &control;
    return pig::solve(rules, options);
  });
  if (interrupt_flag().load()) {  // unconverged values are no advice: show nothing but the mark
    const Completion c = completion(0, 1, "solves", true);
    nlohmann::ordered_json j = game_meta("pig", pig::rules_summary(rules));
    mark_json(j, c);
    return finish(vm, format, c, format == "json" ? json_text(j) : "");
  }
  const double roll = sol.action_value(at.mine, at.theirs, at.turn_total, pig::PigAction::Roll);
  const double hold = sol.action_value(at.mine, at.theirs, at.turn_total, pig::PigAction::Hold);
  // On an exact tie the solver rolls (its action 0), and so does the advice.
  const bool roll_first = roll >= hold;
  const struct {
    const char* name;
    double value;
  } ranked[] = {{roll_first ? "roll" : "hold", roll_first ? roll : hold}, {roll_first ? "hold" : "roll", roll_first ? hold : roll}};
  const int hold_at = sol.hold_at(at.mine, at.theirs);

  nlohmann::ordered_json j = game_meta("pig", pig::rules_summary(rules));
  j["exact"] = true;
  j["score"] = at.mine;
  j["opponent"] = at.theirs;
  j["turn_total"] = at.turn_total;
  j["objective"] = "P(win), two players, optimal play after this choice";
  j["best"] = ranked[0].name;
  j["hold_at"] = hold_at;  // goal - score: rolls until the goal
  j["residual"] = sol.residual;
  nlohmann::ordered_json choices = nlohmann::ordered_json::array();
  for (int r = 0; r < 2; ++r) choices.push_back({{"rank", r + 1}, {"choice", ranked[r].name}, {"p_win", ranked[r].value}});
  j["choices"] = choices;

  std::string text;
  if (format == "json") {
    text = json_text(j);
  } else if (format == "csv") {
    text = "rank,choice,p_win\n";
    for (int r = 0; r < 2; ++r) text += std::to_string(r + 1) + "," + ranked[r].name + "," + fmt("%.6f", ranked[r].value) + "\n";
  } else {
    std::ostringstream s;
    s << game_header("pig", pig::rules_summary(rules)) << "my score " << at.mine << ", opponent " << at.theirs
      << ", turn total " << at.turn_total << "; P(win), exact (value iteration, residual " << fmt("%.1e", sol.residual)
      << "), optimal play after this choice\n";
    for (int r = 0; r < 2; ++r)
      s << "  " << r + 1 << ". " << ranked[r].name << "   " << fmt("%.6f", ranked[r].value) << (r == 0 ? "  <- best" : "")
        << "\n";
    s << "difference " << fmt("%.6f", ranked[0].value - ranked[1].value) << "; at " << at.mine << " : " << at.theirs
      << " the optimal player "
      << (hold_at == rules.goal - at.mine ? "rolls until the goal"
                                          : "first holds at turn total " + std::to_string(hold_at))
      << "\n";
    text = s.str();
  }
  emit(vm, text);
  return 0;
}

}  // namespace verflixt::cli
