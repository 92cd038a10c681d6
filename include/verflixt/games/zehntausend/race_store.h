#pragma once
// The solved two-player race (race.h) as values kept between runs: a cache file, a file the
// user saves and names (solve --race --save, the seat exact:FILE), the solution shipped for
// the preset. The values are stored under a head that names everything they depend on, so
// that a file of other rules, another cap or another version is refused.
#include <memory>
#include <string>
#include <vector>

#include "verflixt/core/race_solver.h"
#include "verflixt/games/zehntausend/race.h"
#include "verflixt/games/zehntausend/rules.h"

namespace verflixt::zehntausend {

// Where the preset's race ships (a strategy file: the optimal seat's whole table), so that a
// fresh install answers at once instead of solving for minutes;
// `verflixt zehntausend solve --race --no-cache --save FILE` writes it.
inline constexpr const char* kShippedRace = "strategies/zehntausend/exact-race.values";

// Everything the values depend on: the game, this version, the rules and the cap.
std::string race_head(const ZehntausendRules& rules, int overshoot);
// The stored form of a converged solution: sweeps, residual, turn evaluations, then the start
// values, then the last turn's.
std::vector<double> race_values(const core::RaceSolution& solution);
// The race those values solve under `rules` and `overshoot`; InputError when they are too few
// for its size (a file of other rules).
std::shared_ptr<const Race> race_from_values(const ZehntausendRules& rules, int overshoot, const std::vector<double>& values);

}  // namespace verflixt::zehntausend
