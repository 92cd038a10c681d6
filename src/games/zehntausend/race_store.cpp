// The solved race's stored form (race_store.h).
#include "verflixt/games/zehntausend/race_store.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <utility>

#include "verflixt/core/data_path.h"
#include "verflixt/core/error.h"
#include "verflixt/core/value_cache.h"
#include "verflixt/version.h"

namespace verflixt::zehntausend {

namespace {

// Sweeps, residual and turn evaluations before the values.
constexpr std::size_t kHeader = 3;

}  // namespace

std::string race_head(const ZehntausendRules& rules, int overshoot) {
  return "verflixt zehntausend race\nversion " + std::string(kVersion) + "\nrules " + rules_summary(rules) + "\novershoot " +
         std::to_string(overshoot) + "\n";
}

std::vector<double> race_values(const core::RaceSolution& s) {
  std::vector<double> v = {static_cast<double>(s.sweeps), s.residual, static_cast<double>(s.turn_evaluations)};
  v.insert(v.end(), s.start.begin(), s.start.end());
  v.insert(v.end(), s.last_turn.begin(), s.last_turn.end());
  return v;
}

std::shared_ptr<const Race> race_from_values(const ZehntausendRules& r, int overshoot, const std::vector<double>& v) {
  const auto g = static_cast<std::size_t>(r.limit / kPointStep);
  const std::size_t seats = r.final_round ? 2 : 1;
  if (v.size() < kHeader + seats * g * g) throw core::InputError("a saved race solution of other rules");
  core::RaceSolution s;
  s.rules = {.goal = static_cast<int>(g),
             .finish = r.final_round ? core::RaceFinish::FinalRound : core::RaceFinish::FirstToGoal,
             .overshoot = overshoot / kPointStep};
  s.seats = static_cast<int>(seats);
  s.sweeps = static_cast<int>(v[0]);
  s.residual = v[1];
  s.turn_evaluations = static_cast<std::uint64_t>(v[2]);
  s.converged = true;
  const auto first = v.begin() + static_cast<std::ptrdiff_t>(kHeader), last = first + static_cast<std::ptrdiff_t>(seats * g * g);
  s.start.assign(first, last);
  s.last_turn.assign(last, v.end());
  return std::make_shared<const Race>(r, overshoot, std::move(s));
}

namespace {

core::ValueCache race_cache(const ZehntausendRules& rules, int overshoot, const std::string& dir) {
  return core::ValueCache(dir, "zehntausend-race", race_head(rules, overshoot));
}

}  // namespace

std::optional<StoredRace> stored_race(const ZehntausendRules& rules, int overshoot, const std::string& file,
                                      const std::string& cache_dir, bool shipped) {
  const std::string head = race_head(rules, overshoot);
  if (!file.empty()) return StoredRace{race_from_values(rules, overshoot, core::read_values(file, head)), "file"};
  if (const auto values = race_cache(rules, overshoot, cache_dir).read()) {
    try {
      return StoredRace{race_from_values(rules, overshoot, *values), "cache"};
    } catch (const core::InputError&) {
      // A damaged cache file: the race is solved again.
    }
  }
  // The shipped race is read only under its own head (this version, these rules); any other
  // rules are solved.
  if (shipped) {
    const std::string path = core::find_data_file(kShippedRace, "zehntausend");
    if (std::filesystem::is_regular_file(path)) {
      try {
        return StoredRace{race_from_values(rules, overshoot, core::read_values(path, head)), "shipped"};
      } catch (const core::InputError&) {
        // Other rules, or another version's file: solved.
      }
    }
  }
  return std::nullopt;
}

std::string cache_race(const ZehntausendRules& rules, int overshoot, const core::RaceSolution& solution,
                       const std::string& cache_dir) {
  return race_cache(rules, overshoot, cache_dir).write(race_values(solution));
}

}  // namespace verflixt::zehntausend
