#pragma once
// The solved two-player race (race.h) as values kept between runs: a cache file, a file the
// user saves and names (solve --race --save, the seat exact:FILE), the solution shipped for
// the preset; and the lookup every command that needs the race makes through them. The values are stored under a head that names everything they depend on, so
// that a file of other rules, another cap or another version is refused.
#include <memory>
#include <optional>
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

// A solved race and where it came from.
struct StoredRace {
  std::shared_ptr<const Race> race;
  std::string source;  // file, cache, shipped or solved
  double seconds = 0;  // the solve's, when solved
};
// The race of `rules` and `overshoot` as stored: from `file` when one is named (InputError
// when it is not this race's), else from the cache directory `cache_dir` (empty: none; a
// damaged file is passed over), else the solution shipped for the preset when `shipped` and
// it is this race's. Nothing when the race must be solved.
std::optional<StoredRace> stored_race(const ZehntausendRules& rules, int overshoot, const std::string& file,
                                      const std::string& cache_dir, bool shipped);
// Keeps a converged solution of the race of `rules` and `overshoot` (as stored_race was asked)
// in `cache_dir`; returns why it could not (core::ValueCache::write), empty when kept or
// without a cache.
std::string cache_race(const ZehntausendRules& rules, int overshoot, const core::RaceSolution& solution,
                       const std::string& cache_dir);

}  // namespace verflixt::zehntausend
