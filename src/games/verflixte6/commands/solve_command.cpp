// `verflixt solve`: the exact optimal solo policy (solver.h) for one loadout or for every
// loadout of the ruleset: optimal EV, bust probability, stop thresholds and each joker's
// marginal value; optionally writes the solved policy as a .policy table.

#include <sstream>

#include "cli/cli.h"
#include "cli/game_command.h"
#include "cli/question_form.h"
#include "games/verflixte6/commands/api.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/loadouts_option.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/file_io.h"
#include "verflixt/games/verflixte6/answers/solve.h"
#include "verflixt/games/verflixte6/exact/solver.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {

const std::vector<std::string> kFormats = {"table", "json", "csv", "markdown"};

// solve's options, bound to its question.
Form<SolveQuestion> solve_form() {
  core::Option loadouts = loadouts_option("the loadouts to solve and rank, instead of --jokers");
  loadouts.web = false;  // dozens of solves: the command line's job
  using Q = SolveQuestion;
  return Form<Q>{
      field(core::word_option("jokers", "one loadout, e.g. hirtenschutz,pony (none = no joker)"), &Q::jokers),
      field(loadouts, &Q::loadouts),
      field(core::file_option("write-policy", "write the solved policy table to FILE (*.policy; needs --jokers)"),
            &Q::write_policy),
      field(core::integer_option("risk-cap", SolverOptions{}.risk_cap, 0, 2000,
                                 "no plain throw above this many eyes at risk; 0 = automatic (the result says whether "
                                 "the cap is proven harmless)"),
            &Q::risk_cap),
      field(core::integer_option("runkel-risk-cap", SolverOptions{}.runkel_risk_cap, 0, 5000,
                                 "the same while Runkelrueb is held (its save makes rolling pay much longer); 0 = "
                                 "automatic"),
            &Q::runkel_risk_cap),
      threads_field<Q>(threads_option()),
      field(core::switch_option("curve",
                                "with --jokers: at each eyes with the loadout held, the optimal value of going on "
                                "against stopping (JSON)"),
            &Q::curve)};
}

}  // namespace

core::OptionTable solve_options() { return form_options(solve_form()) + rules_options(); }

SolveAnswer solve_report(const po::variables_map& vm, const core::RunControl& control, const Budget& budget) {
  const Rules rules = rules_from(vm);
  SolveQuestion q = question_of(solve_form(), vm);
  q.max_states = budget.max_solver_states;
  return solve_answer(rules, q, control);
}

std::string solve_json(const SolveAnswer& answer) { return describe(answer).render_json(); }

namespace {

AnswerResult solve_answered(const po::variables_map& vm) {
  format_from(vm, kFormats);
  const SolveAnswer answer =
      with_progress("solve", [&](const core::RunControl& control) { return solve_report(vm, control); });
  if (vm.count("write-policy")) {
    std::ostringstream text;
    write_policy(text, answer.rules, answer.rows.front().sol);
    core::write_file_atomic(vm["write-policy"].as<std::string>(), text.str(), "--write-policy");
  }
  return {describe(answer), answer.done};
}

}  // namespace

AnswerSpec solve_spec() {
  return {"solve", "solve options", solve_options(), kFormats,
          "usage: verflixt solve (--jokers LIST | --loadouts all|singles|pairs|LIST;LIST) [--write-policy FILE]\n"
          "                      [--format table|json|csv|markdown]\n"
          "Solves the optimal solo policy (docs/rules/verflixte6.md §5) exactly: optimal EV, bust probability,\n"
          "stop thresholds and each joker's marginal value (EV with it minus without it).",
          solve_answered};
}

}  // namespace verflixt::cli
