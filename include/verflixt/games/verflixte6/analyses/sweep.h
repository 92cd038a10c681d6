#pragma once
// The Monte Carlo sweep over stop thresholds: for a loadout and a range of thresholds N, the
// expected solo value, bust rate and their errors of "use jokers as the base policy does,
// stop at N or more eyes". Where no joker is ever announced the policies for different N
// follow one trajectory until each stops (eyes only grow between decisions), so one
// trajectory scores every N at once and the comparisons are paired; otherwise each N is
// compiled to a chain and sampled by the kernel with the same seed.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/core/run_control.h"
#include "verflixt/core/stats.h"

namespace verflixt::verflixte6 {

// The base policy's jokers and inner choices, with its stop/roll decision replaced by
// "stop at `n` or more eyes".
class StopAtPolicy final : public Policy {
 public:
  StopAtPolicy(const Policy& base, int n) : base_(base), n_(n) {}
  std::string name() const override { return base_.name() + "|stop_at:" + std::to_string(n_); }
  Action decide(const TurnView& v) const override;
  bool anaconda_fight(const TurnView& v, int a) const override { return base_.anaconda_fight(v, a); }
  bool rattenlord_retreat(const TurnView& v, int t) const override { return base_.rattenlord_retreat(v, t); }
  bool monokel_rethrow(const TurnView& v, int i, int f, int k) const override { return base_.monokel_rethrow(v, i, f, k); }
  bool senigma_counter(const TurnView& v, int r, int a, int w, int l) const override {
    return base_.senigma_counter(v, r, a, w, l);
  }
  bool use_runkelrueb(const TurnView& v) const override { return base_.use_runkelrueb(v); }
  bool use_fumo_reentry(const TurnView& v) const override { return base_.use_fumo_reentry(v); }

 private:
  const Policy& base_;
  int n_;
};

struct SweepPoint {
  int threshold = 0;
  core::Tally tally;
  double exact_ev = 0;      // the chain's exact value when it was compiled (NaN otherwise)
  // Paired comparison with the best threshold (one-trajectory sweeps only): the mean and
  // standard error of (this value - best value) over the same turns; NaN otherwise.
  double diff_to_best = 0, diff_stderr = 0;
};

struct SweepResult {
  std::string loadout;
  bool one_trajectory = false;  // all thresholds scored on the same turns
  // The thresholds that were played, in order. After a stop, a one-trajectory sweep keeps
  // every threshold over the turns played (fewer than asked); a per-threshold sweep keeps
  // only the thresholds sampled in full, so no point is ever an unrun zero.
  std::vector<SweepPoint> points;
  int requested_points = 0;     // thresholds asked for: hi - lo + 1
  int best = -1;                // index into points of the highest mean
  int runner_up = -1;
  double lead_z = 0;            // the best's lead over the runner-up in standard errors
  bool interrupted = false;     // a stop cut the sweep short: best and lead among `points` only
};

// Sweeps thresholds lo..hi for one loadout. `turns` per threshold (shared in one-trajectory
// mode).
SweepResult sweep(const Rules& rules, JokerSet loadout, const Policy& base, int lo, int hi,
                  std::uint64_t turns, std::uint64_t seed, int threads, const core::RunControl& control = {});

}  // namespace verflixt::verflixte6
