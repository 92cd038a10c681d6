#pragma once
// sweep's answer: expected solo value, bust rate and their standard errors over a range of
// stop thresholds, for one or many loadouts (sweep.h), each marking its best threshold and
// whether its lead over the runner-up is significant.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/games/verflixte6/analyses/sweep.h"
#include "verflixt/core/answer.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6 {

// What to sweep, as sweep's options give it (each field the option of that name). The
// defaults are the options' defaults.
struct SweepQuestion {
  std::string jokers = "none";                // one loadout
  std::optional<std::string> loadouts = {};   // all, singles or L1;L2 (overrides jokers)
  int from = 10;                              // lowest stop threshold
  int to = 30;                                // highest stop threshold
  std::string policy = "strategies/heuristic.ini";  // base policy for joker use and inner choices
  std::uint64_t turns = 1000000;              // per threshold and loadout
  std::uint64_t seed = 1;
  int threads = 1;
};

// A question checked and its base policy read: what sweep_answer runs.
struct SweepSetup {
  Rules rules;
  std::vector<JokerSet> loadouts;
  std::unique_ptr<Policy> base;
  int from = 0, to = 0;
  std::uint64_t turns = 0;
  std::uint64_t seed = 1;
  int threads = 1;
};

struct SweepAnswer {
  Rules rules;
  std::string policy;        // the base policy's name
  std::uint64_t seed = 0;
  std::uint64_t turns = 0;   // per threshold and loadout
  int from = 0, to = 0;      // the thresholds asked for
  std::size_t loadouts = 0;  // the loadouts asked for
  // One per loadout started, in order. Interrupted: the loadouts not started are left out,
  // and within the one under way only what was played is listed (sweep.h).
  std::vector<SweepResult> results;
  bool stopped = false;      // a stop (Ctrl-C) was requested
};
// Checks `question` in the order of sweep's options and reads its base policy; throws
// InputError naming the option.
SweepSetup prepare_sweep(const Rules& rules, const SweepQuestion& question);
// Sweeps each loadout in turn (its name the control's stage); a stop ends the loadout under
// way and leaves out the rest.
SweepAnswer sweep_answer(const SweepSetup& setup, const core::RunControl& control);
// One count: loadouts when there are several, else thresholds (or turns of a one-trajectory
// sweep, whose thresholds all share them).
core::Completion completion(const SweepAnswer& answer);
core::report::Report describe(const SweepAnswer& answer);

}  // namespace verflixt::verflixte6
