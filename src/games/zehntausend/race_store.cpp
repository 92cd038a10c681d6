// The solved race's stored form (race_store.h).
#include "verflixt/games/zehntausend/race_store.h"

#include <cstddef>
#include <cstdint>
#include <utility>

#include "verflixt/core/error.h"
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

}  // namespace verflixt::zehntausend
