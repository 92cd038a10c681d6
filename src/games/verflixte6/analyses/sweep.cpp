#include "verflixt/games/verflixte6/analyses/sweep.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "verflixt/core/chunks.h"
#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/core/kernel.h"
#include "verflixt/core/markov.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"

namespace verflixt::verflixte6 {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Jokers a player announces (the rest act by themselves: autojokers and reactions).
bool announces_jokers(const Rules& rules, JokerSet loadout) {
  for (int k = 0; k < JOKER_NB; ++k)  // T2: any joker announceable at the turn's start
    if (announceable(rules, loadout, /*frost_used=*/0, /*fumo_active=*/false, static_cast<Joker>(k))) return true;
  return false;
}

// Rolls until `hi` or more eyes; never announces a joker.
class RollOn final : public Policy {
 public:
  explicit RollOn(const Policy& base) : base_(base) {}
  std::string name() const override { return "roll-on"; }
  Action decide(const TurnView&) const override { return Action::roll(); }
  bool use_runkelrueb(const TurnView& v) const override { return base_.use_runkelrueb(v); }
  bool use_fumo_reentry(const TurnView& v) const override { return base_.use_fumo_reentry(v); }

 private:
  const Policy& base_;
};

// Per-chunk sums for the one-trajectory mode: a tally per threshold, and the sums of the
// paired differences to every other threshold would be quadratic — so keep, per threshold,
// the integer sums of v_N and of v_N * v_M for all M (thresholds are few: at most ~100).
struct PairSums {
  std::vector<core::Tally> tally;
  std::vector<std::int64_t> cross;  // sum over turns of v_a * v_b, row-major
};

}  // namespace

Action StopAtPolicy::decide(const TurnView& v) const {
  const Action a = base_.decide(v);
  if (a.kind == Action::UseJoker) return a;
  return v.turn.eyes >= n_ ? Action::stop() : Action::roll();
}

namespace {

// The highest mean and the next one among the points that were played.
void pick_best(SweepResult& res) {
  res.best = res.runner_up = -1;
  for (int k = 0; k < static_cast<int>(res.points.size()); ++k) {
    const core::Tally& t = res.points[static_cast<size_t>(k)].tally;
    if (t.turns() == 0) continue;
    if (res.best < 0 || t.mean() > res.points[static_cast<size_t>(res.best)].tally.mean()) {
      res.runner_up = res.best;
      res.best = k;
    } else if (res.runner_up < 0 || t.mean() > res.points[static_cast<size_t>(res.runner_up)].tally.mean()) {
      res.runner_up = k;
    }
  }
}

// One trajectory per turn: roll on until `hi`; threshold N scores the eyes at the first
// decision with eyes >= N, or the turn's end value if it ended before. Comparisons with the
// best threshold are paired: Var(X - Y) = Var X + Var Y - 2 Cov(X, Y) over the same turns.
void sweep_one_trajectory(SweepResult& res, const Rules& rules, JokerSet loadout, const Policy& base, int lo,
                          std::uint64_t turns, std::uint64_t seed, int threads, const core::RunControl& control) {
  const int n = static_cast<int>(res.points.size());
  const auto un = static_cast<size_t>(n);
  const RollOn roll_on(base);
  auto parts = core::run_chunks<PairSums>(
      turns, std::uint64_t{1} << 14, threads, control, res.interrupted,
      [&](std::uint64_t chunk, std::uint64_t count, PairSums& ps) {
        ps.tally.assign(un, core::Tally{});
        ps.cross.assign(un * un, 0);
        core::RandomDice dice(core::chunk_rng(seed, chunk));
        std::vector<int> value(un);
        std::vector<char> bust(un);
        for (std::uint64_t t = 0; t < count; ++t) {
          TurnState s = new_turn(loadout);
          free_throw(rules, s, dice);
          size_t next = 0;  // thresholds below index `next` have stopped
          while (true) {
            while (next < un && s.eyes >= lo + static_cast<int>(next)) {
              value[next] = s.eyes;
              bust[next] = 0;
              ++next;
            }
            if (next == un || s.over()) break;
            solo_step(rules, s, Action::roll(), roll_on, dice);
          }
          for (size_t k = next; k < un; ++k) {
            value[k] = s.eyes;
            bust[k] = s.eliminated;
          }
          for (size_t a = 0; a < un; ++a) {
            ps.tally[a].add(value[a], bust[a]);
            for (size_t b = 0; b < un; ++b) ps.cross[a * un + b] += static_cast<std::int64_t>(value[a]) * value[b];
          }
        }
      });
  std::vector<std::int64_t> cross(un * un, 0);
  for (const PairSums& ps : parts) {
    for (size_t k = 0; k < un; ++k) res.points[k].tally.merge(ps.tally[k]);
    for (size_t k = 0; k < cross.size(); ++k) cross[k] += ps.cross[k];
  }
  for (auto& p : res.points) p.exact_ev = kNaN;
  if (parts.empty()) res.points.clear();  // stopped before the first chunk: nothing was played
  pick_best(res);
  if (res.best < 0 || res.points[0].tally.turns() < 2) return;
  const double m = static_cast<double>(res.points[0].tally.turns());
  const auto best = static_cast<size_t>(res.best);
  const core::Tally& tb = res.points[best].tally;
  for (size_t k = 0; k < un; ++k) {
    const core::Tally& tk = res.points[k].tally;
    const core::Estimate d = core::paired_difference({m, static_cast<double>(tk.sum()), static_cast<double>(tb.sum()),
                                          static_cast<double>(tk.sum_sq()), static_cast<double>(tb.sum_sq()),
                                          static_cast<double>(cross[k * un + best])});
    res.points[k].diff_to_best = d.mean;
    res.points[k].diff_stderr = d.se;
  }
  if (res.runner_up >= 0) {
    const SweepPoint& r = res.points[static_cast<size_t>(res.runner_up)];
    res.lead_z = r.diff_stderr > 0 ? -r.diff_to_best / r.diff_stderr : std::numeric_limits<double>::infinity();
  }
}

// Jokers are announced: each threshold is its own policy, compiled and sampled by the kernel.
// The runs are independent, so the lead is judged with the unpaired (conservative) error.
void sweep_per_threshold(SweepResult& res, const Rules& rules, JokerSet loadout, const Policy& base,
                         std::uint64_t turns, std::uint64_t seed, int threads, const core::RunControl& control) {
  const auto n = static_cast<std::uint64_t>(res.points.size());
  std::uint64_t played = 0;  // thresholds sampled in full; a stop drops the rest
  for (std::uint64_t k = 0; k < n && !control.stopped(); ++k) {
    SweepPoint& p = res.points[k];
    const StopAtPolicy policy(base, p.threshold);
    const core::Chain chain = compile_chain(rules, loadout, policy);
    p.exact_ev = core::evaluate_chain(chain).ev;
    p.tally = core::sample_chain(chain, turns, seed, threads, control);
    p.diff_to_best = p.diff_stderr = kNaN;
    if (p.tally.turns() < turns) break;
    ++played;
    control.report(k + 1, n);
  }
  res.interrupted = played < n;
  res.points.resize(played);
  pick_best(res);
  if (res.best >= 0 && res.runner_up >= 0) {
    const core::Tally& b = res.points[static_cast<size_t>(res.best)].tally;
    const core::Tally& r = res.points[static_cast<size_t>(res.runner_up)].tally;
    const double se = std::hypot(b.stderr_mean(), r.stderr_mean());
    res.lead_z = se > 0 ? (b.mean() - r.mean()) / se : std::numeric_limits<double>::infinity();
  }
}

}  // namespace

SweepResult sweep(const Rules& rules, JokerSet loadout, const Policy& base, int lo, int hi,
                  std::uint64_t turns, std::uint64_t seed, int threads, const core::RunControl& control) {
  SweepResult res;
  res.loadout = loadout_name(loadout);
  res.points.resize(static_cast<size_t>(hi - lo + 1));
  res.requested_points = hi - lo + 1;
  for (size_t k = 0; k < res.points.size(); ++k) res.points[k].threshold = lo + static_cast<int>(k);
  res.one_trajectory = !announces_jokers(rules, loadout);
  if (res.one_trajectory) sweep_one_trajectory(res, rules, loadout, base, lo, turns, seed, threads, control);
  else sweep_per_threshold(res, rules, loadout, base, turns, seed, threads, control);
  return res;
}

}  // namespace verflixt::verflixte6
