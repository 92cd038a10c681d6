// Auto-balance (balance.h): the bracketing search over one integer joker parameter and the
// search per policy family against the spread of the other jokers' lifts.
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/analyses/balance.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "games/verflixte6/analyses/balance_helpers.h"

namespace verflixt::verflixte6 {

using balance_detail::stopped;
using balance_detail::with_first;

AutoResult bracket_balance(int lo, int hi, const std::function<std::optional<AutoPoint>(int)>& evaluate) {
  AutoResult out;
  std::map<int, AutoPoint> seen;
  auto at = [&](int v) -> const AutoPoint* {
    auto it = seen.find(v);
    if (it == seen.end()) {
      if (!out.complete) return nullptr;
      const auto p = evaluate(v);
      if (!p) {
        out.complete = false;
        return nullptr;
      }
      it = seen.emplace(v, *p).first;
    }
    return &it->second;
  };
  // The ends and the middle first: the middle is what shows a lift that is not monotone
  // (a peak or a dip) when the ends alone look alike.
  const AutoPoint* a = at(lo);
  const AutoPoint* b = at(hi);
  if (!a || !b || !at(lo + (hi - lo) / 2)) return out;
  // Rank of a value along the parameter: 0 on the side of `lo`'s end of the spread, 1 inside,
  // 2 beyond; `strict` uses the point estimates, else only differences beyond 2 SE count.
  const bool decreasing = b->lift.mean < a->lift.mean;
  auto above = [](const AutoPoint& p, bool strict) {
    return strict ? p.vs_high.mean > 0 : p.vs_high.mean > 2 * p.vs_high.se;
  };
  auto below = [](const AutoPoint& p, bool strict) {
    return strict ? p.vs_low.mean < 0 : p.vs_low.mean < -2 * p.vs_low.se;
  };
  auto rank = [&](const AutoPoint& p, bool strict) {
    if (above(p, strict)) return decreasing ? 0 : 2;
    if (below(p, strict)) return decreasing ? 2 : 0;
    return 1;
  };
  // The first value whose rank is at least k (hi + 1 if none), by bisection; -1 after a stop.
  auto first_at_least = [&](int k, bool strict) -> long {
    const AutoPoint* pl = at(lo);
    const AutoPoint* ph = at(hi);
    if (!pl || !ph) return -1;
    if (rank(*pl, strict) >= k) return lo;
    if (rank(*ph, strict) < k) return static_cast<long>(hi) + 1;
    int x = lo, y = hi;  // rank(x) < k <= rank(y)
    while (y - x > 1) {
      const int m = x + (y - x) / 2;
      const AutoPoint* pm = at(m);
      if (!pm) return -1;
      (rank(*pm, strict) >= k ? y : x) = m;
    }
    return y;
  };
  auto interval = [&](bool strict, std::vector<int>& values) {
    const long from = first_at_least(1, strict), to = first_at_least(2, strict);
    if (from < 0 || to < 0) return;
    for (long v = from; v < to; ++v) values.push_back(static_cast<int>(v));
  };
  interval(true, out.balanced);
  interval(false, out.confidence);
  if (!out.complete) {
    out.balanced.clear();
    out.confidence.clear();
  }
  // Monotone? Consecutive evaluated values must not reverse the direction by more than 2 SE
  // (the SE of a step taken as the larger of the two points' SEs times sqrt 2: conservative).
  for (auto it = seen.begin(); out.complete && std::next(it) != seen.end(); ++it) {
    const AutoPoint& p = it->second;
    const AutoPoint& q = std::next(it)->second;
    const double step = q.lift.mean - p.lift.mean;
    const double se = std::sqrt(2.0) * std::max(p.lift.se, q.lift.se);
    if ((decreasing ? step : -step) > 2 * se || (se == 0 && (decreasing ? step > 0 : step < 0)))
      out.monotone = false;
  }
  if (!out.monotone && out.complete) {
    // Read the sets off every value instead of trusting the bisection.
    for (int v = lo; v <= hi && out.complete; ++v) at(v);
    out.balanced.clear();
    out.confidence.clear();
    if (out.complete)
      for (const auto& [v, p] : seen) {
        if (!above(p, true) && !below(p, true)) out.balanced.push_back(v);
        if (!above(p, false) && !below(p, false)) out.confidence.push_back(v);
      }
    out.note = "the lift is not monotone in the parameter over the values first evaluated: every value was evaluated";
  }
  // A value that makes the joker never played is no balance, whatever the spread says.
  for (const auto& [v, p] : seen)
    if (p.unused) {
      std::erase(out.balanced, v);
      std::erase(out.confidence, v);
    }
  for (const auto& [v, p] : seen) out.points.push_back(p);
  if (!out.complete) out.note = "interrupted: the search did not finish";
  else if (out.balanced.empty() && out.note.empty())
    out.note = "no value in the range brings the lift within the spread";
  return out;
}

AutoBalance auto_balance(const Rules& rules, const ParamSweep& sweep, const BalanceTable& table,
                         const std::vector<PolicyFamily>& families, const std::vector<Joker>& base,
                         const std::vector<Joker>& others, const BalanceRun& run, const RunHooks& hooks) {
  AutoBalance out;
  if (others.empty()) throw core::InputError("--auto needs at least one other joker to balance against");
  for (Joker o : others)
    if (o == sweep.joker) throw std::invalid_argument("auto_balance: the others hold the swept joker");
  out.others = measure_jokers(rules, table, families, base, others, run, hooks);
  if (out.others.interrupted) {
    out.interrupted = true;
    return out;
  }
  const std::vector<Joker> list = with_first(sweep.joker, base);
  // The bounds of the spread: the others with the largest and smallest point estimate.
  // A joker never played under the family (`unused`) is left out: its 0 would stretch the
  // spread to "no joker at all" and call a value that makes the joker useless balanced.
  auto bounds = [&](const std::vector<double>& lifts, const std::vector<char>& unused,
                    AutoResult& r) -> std::pair<size_t, size_t> {
    std::optional<size_t> hi, lo;
    for (size_t k = 0; k < lifts.size(); ++k) {
      if (unused[k]) {
        r.unused.emplace_back(joker_id(others[k]));
        continue;
      }
      if (!hi || lifts[k] > lifts[*hi]) hi = k;
      if (!lo || lifts[k] < lifts[*lo]) lo = k;
    }
    if (!hi) throw core::InputError("--auto: every other joker is unused (never played) under " + r.family +
                              "; give others that are played");
    r.high_joker = joker_id(others[*hi]);
    r.low_joker = joker_id(others[*lo]);
    return {*hi, *lo};
  };
  // A search's result with what it searched for: the family and the spread it was bounded by.
  auto keep = [&](AutoResult found, const AutoResult& r) {
    found.family = r.family;
    found.exact = r.exact;
    found.high_joker = r.high_joker;
    found.low_joker = r.low_joker;
    found.unused = r.unused;
    found.high = r.high;
    found.low = r.low;
    out.interrupted = !found.complete;
    out.results.push_back(std::move(found));
  };
  for (size_t f = 0; f < families.size() && !out.interrupted; ++f) {
    const FamilyRows& rows = out.others.families[f];
    AutoResult r;
    r.family = families[f].name;
    bool playable = rows.base.has_value();
    for (const auto& w : rows.with) playable = playable && w.has_value();
    if (!playable) {
      r.complete = false;
      r.note = "the family cannot play every loadout under these rules";
      out.results.push_back(r);
      continue;
    }
    const TableRun& b0 = *rows.base;
    std::vector<double> lifts;
    for (const auto& w : rows.with) lifts.push_back(difference(*w, b0, Group::tested, Measure::win).paired.mean);
    const auto [hi, lo] = bounds(lifts, out.others.unused[f], r);
    const TableRun& wh = *rows.with[hi];
    const TableRun& wl = *rows.with[lo];
    r.high = difference(wh, b0, Group::tested, Measure::win).paired;
    r.low = difference(wl, b0, Group::tested, Measure::win).paired;
    const std::vector<std::optional<TableRun>> shared = {rows.base};
    const std::vector<PolicyFamily> one = {families[f]};
    AutoResult found = bracket_balance(sweep.lo, sweep.hi, [&](int v) -> std::optional<AutoPoint> {
      bool stop = false;
      const VaryPoint p = measure_sweep_point(sweep, v, table, one, base, shared, run, hooks, stop);
      if (stop || p.with.empty() || !p.with[0] || !p.base[0]) return std::nullopt;
      const TableRun& w = *p.with[0];
      const TableRun& b = *p.base[0];
      AutoPoint a;
      a.value = v;
      a.lift = difference(w, b, Group::tested, Measure::win).paired;
      a.vs_high = difference({{&w, 1}, {&b, -1}, {&wh, -1}, {&b0, 1}}, Group::tested, Measure::win).paired;
      a.vs_low = difference({{&w, 1}, {&b, -1}, {&wl, -1}, {&b0, 1}}, Group::tested, Measure::win).paired;
      a.unused = never_played(w, b);
      return a;
    });
    keep(std::move(found), r);
  }
  if (out.interrupted) return out;
  // The exact solo EV version: no error, so the balanced set is its own confidence set.
  AutoResult r;
  r.family = "solo EV (exact)";
  r.exact = true;
  // Exactly 0: the solver never plays the joker.
  std::vector<char> solo_unused;
  for (double x : out.others.solo_lift) solo_unused.push_back(x == 0.0);
  const auto [hi, lo] = bounds(out.others.solo_lift, solo_unused, r);
  r.high = {out.others.solo_lift[hi], 0};
  r.low = {out.others.solo_lift[lo], 0};
  AutoResult found = bracket_balance(sweep.lo, sweep.hi, [&](int v) -> std::optional<AutoPoint> {
    if (stopped(hooks)) return std::nullopt;
    const Rules& rv = sweep.rules.at(static_cast<size_t>(v - sweep.lo));
    AutoPoint a;
    a.value = v;
    a.lift = {solo_ev(rv, list) - solo_ev(rv, base), 0};
    a.vs_high = {a.lift.mean - r.high.mean, 0};
    a.vs_low = {a.lift.mean - r.low.mean, 0};
    a.unused = a.lift.mean == 0.0;
    return a;
  });
  keep(std::move(found), r);
  return out;
}

}  // namespace verflixt::verflixte6
