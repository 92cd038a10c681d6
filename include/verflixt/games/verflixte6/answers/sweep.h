#pragma once
// sweep's answer: expected solo value, bust rate and their standard errors over a range of
// stop thresholds, for one or many loadouts (sweep.h), each marking its best threshold and
// whether its lead over the runner-up is significant.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "verflixt/core/report.h"
#include "verflixt/games/verflixte6/analyses/sweep.h"
#include "verflixt/core/answer.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6 {

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
// One count: loadouts when there are several, else thresholds (or turns of a one-trajectory
// sweep, whose thresholds all share them).
core::Completion completion(const SweepAnswer& answer);
core::report::Report describe(const SweepAnswer& answer);

}  // namespace verflixt::verflixte6
