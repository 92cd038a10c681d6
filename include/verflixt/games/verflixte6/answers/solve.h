#pragma once
// solve's answer: the exact optimal solo policy (solver.h) of one loadout or of every loadout
// of the ruleset, best first: optimal EV, bust probability, stop thresholds and each joker's
// marginal value.
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/core/answer.h"
#include "verflixt/games/verflixte6/exact/solver.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6 {

// What to solve, as solve's options give it (each field the option of that name). The
// defaults are the options' defaults.
struct SolveQuestion {
  std::optional<std::string> jokers = {};    // one loadout, e.g. hirtenschutz,pony
  std::optional<std::string> loadouts = {};  // several: all, singles, pairs or a;b (exactly one of jokers and loadouts)
  // Where the solved policy table goes: checked writable here, written by the caller from the
  // answer's table (kept only when asked for).
  std::optional<std::string> write_policy = {};
  int risk_cap = SolverOptions{}.risk_cap;
  int runkel_risk_cap = SolverOptions{}.runkel_risk_cap;
  int threads = 1;
  bool curve = false;
  // Not an option: what one answer may spend on exact work (a server gives a request far less).
  std::size_t max_states = SolverOptions{}.max_states;
};

struct SolveAnswer {
  Rules rules;
  bool all = false;  // several loadouts (--loadouts) or one (--jokers)
  struct Row {
    SoloSolution sol;
    std::vector<std::pair<Joker, double>> marginal;  // EV with the joker minus EV without it
  };
  std::vector<Row> rows;  // best first
  // --curve (one loadout): for each subset of the loadout still held (as in the thresholds),
  // at each eyes 0..the risk cap with no robbing 1 yet, the optimal value of going on against
  // the value of stopping (the eyes): the threshold is where they meet. Empty without --curve.
  struct CurvePoint {
    int eyes = 0;
    double go_on = 0;
  };
  std::vector<std::pair<JokerSet, std::vector<CurvePoint>>> curve;
  double seconds = 0;
  // The unit of work is a loadout: a stop lets the loadouts under way finish and starts no
  // more.
  core::Completion done;
};

// Solves `loadout`, or when there is none each of `many` (parse_loadouts), without tables.
// One loadout also solves it without each of its jokers, for the marginal values; `curve`
// adds its curve, and `keep_table` keeps its table (for a .policy file). A stop before the one
// loadout is solved throws core::Interrupted; else the answer lists the solved loadouts
// (ranked among themselves) and leaves out a marginal value whose loadout without the joker
// was not solved.
SolveAnswer solve_answer(const Rules& rules, std::optional<JokerSet> loadout, SolverOptions options, bool curve,
                         bool keep_table, const core::RunControl& control, const std::vector<JokerSet>& many);
// Checks `question` (throws InputError naming the option) and solves it.
SolveAnswer solve_answer(const Rules& rules, const SolveQuestion& question, const core::RunControl& control);
core::report::Report describe(const SolveAnswer& answer);

}  // namespace verflixt::verflixte6
