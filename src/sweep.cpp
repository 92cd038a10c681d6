#include "verflixt/sweep.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "verflixt/engine.h"
#include "verflixt/joker.h"
#include "verflixt/kernel.h"
#include "verflixt/markov.h"
#include "verflixt/solo_model.h"

namespace verflixt {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Jokers a player announces (the rest act by themselves: autojokers and reactions).
bool announces_jokers(const Rules& rules, JokerSet loadout) {
  for (int k = 0; k < JOKER_NB; ++k) {
    const Joker j = static_cast<Joker>(k);
    if (!loadout.has(j) || j == JULE || j == TENTAKEL || j == RUNKELRUEB) continue;
    if (j == FUMO && rules.fumo == FumoKind::Reentry) continue;
    return true;
  }
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
  std::vector<Tally> tally;
  std::vector<std::int64_t> cross;  // sum over turns of v_a * v_b, row-major
};

}  // namespace

Action StopAtPolicy::decide(const TurnView& v) const {
  const Action a = base_.decide(v);
  if (a.kind == Action::UseJoker) return a;
  return v.turn.eyes >= n_ ? Action::stop() : Action::roll();
}

SweepResult sweep(const Rules& rules, JokerSet loadout, const Policy& base, int lo, int hi,
                  std::uint64_t turns, std::uint64_t seed, int threads, const RunControl& control) {
  SweepResult res;
  res.loadout = loadout_name(loadout);
  const int n = hi - lo + 1;
  res.points.resize(static_cast<size_t>(n));
  for (int k = 0; k < n; ++k) res.points[static_cast<size_t>(k)].threshold = lo + k;

  if (!announces_jokers(rules, loadout)) {
    // One trajectory per turn: roll on until `hi`; threshold N scores the eyes at the first
    // decision with eyes >= N, or the turn's end value if it ended before.
    res.one_trajectory = true;
    const RollOn roll_on(base);
    const std::uint64_t chunk = 1u << 14;
    const std::uint64_t chunks = (turns + chunk - 1) / chunk;
    std::vector<PairSums> parts(chunks);
    std::vector<char> done(chunks, 0);
#pragma omp parallel for schedule(dynamic, 1) num_threads(std::max(1, threads))
    for (std::int64_t c = 0; c < static_cast<std::int64_t>(chunks); ++c) {
      if (control.stopped()) continue;
      PairSums& ps = parts[static_cast<size_t>(c)];
      ps.tally.assign(static_cast<size_t>(n), Tally{});
      ps.cross.assign(static_cast<size_t>(n) * static_cast<size_t>(n), 0);
      RandomDice dice(chunk_rng(seed, static_cast<std::uint64_t>(c)));
      std::vector<int> value(static_cast<size_t>(n));
      std::vector<char> bust(static_cast<size_t>(n));
      const std::uint64_t count = std::min(chunk, turns - static_cast<std::uint64_t>(c) * chunk);
      for (std::uint64_t t = 0; t < count; ++t) {
        TurnState s = new_turn(loadout);
        free_throw(rules, s, dice);
        int next = 0;  // thresholds below index `next` have stopped
        while (true) {
          while (next < n && s.eyes >= lo + next) {
            value[static_cast<size_t>(next)] = s.eyes;
            bust[static_cast<size_t>(next)] = 0;
            ++next;
          }
          if (next == n || s.over) break;
          solo_step(rules, s, Action::roll(), roll_on, dice);
        }
        for (int k = next; k < n; ++k) {
          value[static_cast<size_t>(k)] = s.eyes;
          bust[static_cast<size_t>(k)] = s.eliminated;
        }
        for (int a = 0; a < n; ++a) {
          ps.tally[static_cast<size_t>(a)].add(value[static_cast<size_t>(a)], bust[static_cast<size_t>(a)]);
          for (int b = 0; b < n; ++b)
            ps.cross[static_cast<size_t>(a * n + b)] +=
                static_cast<std::int64_t>(value[static_cast<size_t>(a)]) * value[static_cast<size_t>(b)];
        }
      }
      done[static_cast<size_t>(c)] = 1;
      if (omp_get_thread_num() == 0) control.report(static_cast<std::uint64_t>(c + 1) * chunk, turns);
    }
    std::vector<std::int64_t> cross(static_cast<size_t>(n) * static_cast<size_t>(n), 0);
    for (std::uint64_t c = 0; c < chunks; ++c) {
      if (!done[c]) {
        res.interrupted = true;
        continue;
      }
      for (int k = 0; k < n; ++k) res.points[static_cast<size_t>(k)].tally.merge(parts[c].tally[static_cast<size_t>(k)]);
      for (size_t k = 0; k < cross.size(); ++k) cross[k] += parts[c].cross[k];
    }
    for (auto& p : res.points) p.exact_ev = kNaN;
    // Best, and paired differences: Var(X - Y) = Var X + Var Y - 2 Cov(X, Y).
    for (int k = 0; k < n; ++k)
      if (res.best < 0 || res.points[static_cast<size_t>(k)].tally.mean() > res.points[static_cast<size_t>(res.best)].tally.mean())
        res.best = k;
    if (res.best < 0 || res.points[0].tally.turns() < 2) return res;
    const double m = static_cast<double>(res.points[0].tally.turns());
    const auto& tb = res.points[static_cast<size_t>(res.best)].tally;
    for (int k = 0; k < n; ++k) {
      const auto& tk = res.points[static_cast<size_t>(k)].tally;
      const double cov = (static_cast<double>(cross[static_cast<size_t>(k * n + res.best)]) - m * tk.mean() * tb.mean()) / (m - 1);
      const double var = std::max(0.0, tk.variance() + tb.variance() - 2 * cov);
      res.points[static_cast<size_t>(k)].diff_to_best = tk.mean() - tb.mean();
      res.points[static_cast<size_t>(k)].diff_stderr = std::sqrt(var / m);
    }
    for (int k = 0; k < n; ++k)
      if (k != res.best && (res.runner_up < 0 || res.points[static_cast<size_t>(k)].tally.mean() >
                                                      res.points[static_cast<size_t>(res.runner_up)].tally.mean()))
        res.runner_up = k;
    if (res.runner_up >= 0) {
      const auto& r = res.points[static_cast<size_t>(res.runner_up)];
      res.lead_z = r.diff_stderr > 0 ? -r.diff_to_best / r.diff_stderr : std::numeric_limits<double>::infinity();
    }
    return res;
  }

  // Jokers are announced: each threshold is its own policy, compiled and sampled.
  for (int k = 0; k < n && !control.stopped(); ++k) {
    SweepPoint& p = res.points[static_cast<size_t>(k)];
    const StopAtPolicy policy(base, p.threshold);
    const Chain chain = compile_chain(rules, loadout, policy);
    p.exact_ev = evaluate_chain(chain).ev;
    p.tally = sample_chain(chain, turns, seed, threads, control);
    p.diff_to_best = p.diff_stderr = kNaN;
    control.report(static_cast<std::uint64_t>(k + 1), static_cast<std::uint64_t>(n));
  }
  res.interrupted = control.stopped();
  for (int k = 0; k < n; ++k)
    if (res.points[static_cast<size_t>(k)].tally.turns() > 0 &&
        (res.best < 0 || res.points[static_cast<size_t>(k)].tally.mean() > res.points[static_cast<size_t>(res.best)].tally.mean()))
      res.best = k;
  for (int k = 0; k < n; ++k)
    if (k != res.best && res.points[static_cast<size_t>(k)].tally.turns() > 0 &&
        (res.runner_up < 0 || res.points[static_cast<size_t>(k)].tally.mean() > res.points[static_cast<size_t>(res.runner_up)].tally.mean()))
      res.runner_up = k;
  if (res.best >= 0 && res.runner_up >= 0) {
    // Independent runs: the conservative unpaired standard error of the difference.
    const auto& b = res.points[static_cast<size_t>(res.best)].tally;
    const auto& r = res.points[static_cast<size_t>(res.runner_up)].tally;
    const double se = std::hypot(b.stderr_mean(), r.stderr_mean());
    res.lead_z = se > 0 ? (b.mean() - r.mean()) / se : std::numeric_limits<double>::infinity();
  }
  return res;
}

}  // namespace verflixt
