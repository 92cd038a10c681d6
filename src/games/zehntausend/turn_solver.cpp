#include "verflixt/games/zehntausend/turn_solver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "verflixt/core/backward_induction.h"
#include "verflixt/core/error.h"

namespace verflixt::zehntausend {
namespace {

constexpr size_t kD = kMaxDice + 1;  // d = 0..6 per turn total

// One turn as a model of core/backward_induction.h (see the header for why it is acyclic).
// For each turn total t < top, from the highest down (a set-aside adds at least 50, so the
// states it leads to come first), two states per d = 0..6: the throw of d dice — its chance
// node the outcomes of turn.h, its decision the set-aside, the most-points option listed
// first so that a tie keeps it (the policy's default) — and then the moment after a
// set-aside with d dice to throw next — its decision bank, listed first so that a tie banks,
// or throw. Bank values u[t] hold for every t up to top + the largest set-aside; from `top`
// on the player banks. `thresholds` (points per d) fix the bank decision; without them it is
// optimized.
struct Induction {
  explicit Induction(const TurnModel& model) : m(model) {}
  const TurnModel& m;
  int top = 0;
  std::vector<double> u;
  double niete = 0;
  const std::vector<int>* thresholds = nullptr;
  std::vector<double> v;  // [t * kD + d], t < top: the value of throwing d dice at t
  // The throw outcome whose decision is being made (none after a set-aside), and where its
  // turn total's row of the keep table starts: what a reported decision means.
  mutable const ThrowOutcome* visiting = nullptr;
  mutable std::size_t keep_row = 0;
  TurnPolicy policy;

  static constexpr size_t kBlock = 2 * kD;  // per t: the throws, then the moments after a set-aside
  std::size_t state_count() const { return static_cast<size_t>(top) * kBlock; }
  int total(std::size_t s) const { return top - 1 - static_cast<int>(s / kBlock); }
  std::size_t throw_state(int t, int d) const {
    return static_cast<size_t>(top - 1 - t) * kBlock + static_cast<size_t>(d);
  }
  std::size_t after_state(int t, int d) const { return throw_state(t, d) + kD; }
  bool can_bank(int t) const { return t * kPointStep >= m.rules().bank_min; }
  // Decision a of a throw: the most-points option first, then the others in their order.
  static int option(const ThrowOutcome& o, int a) {
    return a == 0 ? o.most_points : a - 1 < o.most_points ? a - 1 : a;
  }
  // Whether decision a after a set-aside banks. With no dice left and no hot dice the player
  // banks if allowed; a fixed threshold leaves one decision, the optimum chooses (bank first).
  bool banks(int t, int d, int a) const {
    if (d == 0) return can_bank(t);
    if (thresholds) return can_bank(t) && t * kPointStep >= (*thresholds)[static_cast<size_t>(d)];
    return can_bank(t) && a == 0;
  }

  template <class Visit>
  void outcomes(std::size_t s, Visit&& visit) const {
    const int t = total(s);
    const auto d = static_cast<int>(s % kBlock % kD);
    if (d > m.rules().dice) return;
    if (s % kBlock < kD) {
      if (d == 0) return;
      keep_row = static_cast<size_t>(t) * static_cast<size_t>(m.outcome_count());
      for (const ThrowOutcome& o : m.throws(d)) {
        visiting = &o;
        if (o.niete()) {
          visit(o.probability, 1, [&](int, auto&& emit) { emit(core::Successor{1.0, core::kNoState, 1.0, niete}); });
          continue;
        }
        visit(o.probability, static_cast<int>(o.options.size()), [&](int a, auto&& emit) {
          const ThrowOption& x = o.options[static_cast<size_t>(option(o, a))];
          const int t2 = t + x.points / kPointStep;
          if (t2 >= top)
            emit(core::Successor{1.0, core::kNoState, 1.0, u[static_cast<size_t>(t2)]});
          else
            emit(core::Successor{1.0, after_state(t2, m.dice_after(d, x.dice))});
        });
      }
      return;
    }
    visiting = nullptr;
    // Decision (Z2/Z3 with hot_dice off): all dice set aside below bank_min ends the turn with
    // nothing, as a Niete does — the player has no dice to throw and may not bank.
    visit(1.0, d > 0 && !thresholds && can_bank(t) ? 2 : 1, [&, t, d](int a, auto&& emit) {
      if (banks(t, d, a))
        emit(core::Successor{1.0, core::kNoState, 1.0, u[static_cast<size_t>(t)]});
      else if (d == 0)
        emit(core::Successor{1.0, core::kNoState, 1.0, niete});
      else
        emit(core::Successor{1.0, throw_state(t, d)});
    });
  }

  void run() {
    const int outcomes = m.outcome_count();
    policy.outcomes = outcomes;
    policy.horizon = top;
    policy.bank.assign(static_cast<size_t>(top) * kD, 0);
    policy.keep.assign(static_cast<size_t>(top) * static_cast<size_t>(outcomes), 0);
    const auto values = core::backward_induction(*this, {}, [&](std::size_t s, int, int a) {
      if (!visiting) {
        const int t = total(s), d = static_cast<int>(s % kBlock % kD);
        policy.bank[static_cast<size_t>(t) * kD + static_cast<size_t>(d)] = banks(t, d, a);
      } else if (!visiting->niete()) {
        policy.keep[keep_row + static_cast<size_t>(visiting->id)] = static_cast<std::uint8_t>(option(*visiting, a));
      }
    });
    v.assign(static_cast<size_t>(top) * kD, 0);
    for (int t = 0; t < top; ++t)
      for (int d = 0; d < static_cast<int>(kD); ++d)
        v[static_cast<size_t>(t) * kD + static_cast<size_t>(d)] = values[throw_state(t, d)];
  }

  // The smallest horizon with the same decisions: from there on it banks and keeps the most.
  void trim() {
    const int outcomes = m.outcome_count();
    int h = 0;
    for (int t = top - 1; t >= 0 && h == 0; --t) {
      if (t * kPointStep < m.rules().bank_min) {
        h = t + 1;
        break;
      }
      for (int d = 1; d <= m.rules().dice; ++d)
        if (!policy.bank[static_cast<size_t>(t) * kD + static_cast<size_t>(d)]) h = t + 1;
      for (int id = 0; id < outcomes && h == 0; ++id)
        if (!m.outcome(id).niete() &&
            policy.keep[static_cast<size_t>(t) * static_cast<size_t>(outcomes) + static_cast<size_t>(id)] != m.outcome(id).most_points)
          h = t + 1;
    }
    policy.horizon = h;
    policy.bank.resize(static_cast<size_t>(h) * kD);
    policy.keep.resize(static_cast<size_t>(h) * static_cast<size_t>(outcomes));
  }
};

int index_up(double points) { return static_cast<int>(std::ceil(points / kPointStep)); }

}  // namespace

TurnEvaluation evaluate_turn(const TurnModel& m, const TurnPolicy& p, int start_points, int dice) {
  const auto& r = m.rules();
  if (dice < 0) dice = r.dice;
  const int start = start_points / kPointStep;
  const int size = std::max(p.horizon, start) + m.max_points() / kPointStep + 2;
  std::vector<double> mass(static_cast<size_t>(size) * kD, 0);
  TurnEvaluation e;
  e.banked.assign(static_cast<size_t>(size), 0);
  mass[static_cast<size_t>(start) * kD + static_cast<size_t>(dice)] = 1;
  for (int t = start; t < size; ++t)
    for (int d = 1; d <= r.dice; ++d) {
      const double here = mass[static_cast<size_t>(t) * kD + static_cast<size_t>(d)];
      if (here == 0) continue;
      for (const ThrowOutcome& o : m.throws(d)) {
        const double q = here * o.probability;
        if (o.niete()) {
          e.p_niete += q;
          if (t == start && d == dice) e.p_first_niete += q;
          continue;
        }
        const ThrowOption& x = o.options[static_cast<size_t>(p.keep_option(t, o.id, m))];
        const int t2 = t + x.points / kPointStep, d2 = m.dice_after(d, x.dice);
        if (p.banks(t2, d2, m))
          e.banked[static_cast<size_t>(t2)] += q;
        else if (d2 == 0)
          e.p_niete += q;  // no dice and below bank_min (hot dice off): the turn scores 0
        else
          mass[static_cast<size_t>(t2) * kD + static_cast<size_t>(d2)] += q;
      }
    }
  for (size_t t = 0; t < e.banked.size(); ++t) e.value += e.banked[t] * static_cast<double>(t * kPointStep);
  return e;
}

TurnSolution solve_turn(const TurnModel& m) {
  const auto& r = m.rules();
  // The cap T* of the header: G bounds what throwing on can add, T* is where it stops paying.
  double g = 0;
  for (int d = 1; d <= r.dice; ++d) g = std::max(g, m.expected_most_points(d) / m.niete_probability(d) - r.bank_min);
  double cap = r.bank_min;
  for (int d = 1; d <= r.dice; ++d) {
    const double p = m.niete_probability(d);
    cap = std::max(cap, ((1 - p) * g + m.expected_most_points(d)) / p);
  }
  Induction ind(m);
  ind.top = index_up(cap);
  const int size = ind.top + m.max_points() / kPointStep + 1;
  ind.u.resize(static_cast<size_t>(size));
  for (int t = 0; t < size; ++t) ind.u[static_cast<size_t>(t)] = t * kPointStep;
  ind.run();

  TurnSolution s;
  s.top = ind.top;
  s.cap = ind.top * kPointStep;
  s.value = ind.v[static_cast<size_t>(r.dice)];  // t = 0, all dice
  s.throw_value = std::move(ind.v);
  s.bank_at.assign(kD, -1);
  s.first_bank.assign(kD, -1);
  for (int d = 1; d <= r.dice; ++d) {
    int always = ind.top;
    while (always > 0 && ind.policy.bank[static_cast<size_t>(always - 1) * kD + static_cast<size_t>(d)]) --always;
    s.bank_at[static_cast<size_t>(d)] = always * kPointStep;
    for (int t = 0; t < ind.top; ++t)
      if (ind.policy.bank[static_cast<size_t>(t) * kD + static_cast<size_t>(d)]) {
        s.first_bank[static_cast<size_t>(d)] = t * kPointStep;
        break;
      }
  }
  ind.trim();
  s.policy = std::move(ind.policy);
  s.policy.name = "optimal";
  const TurnEvaluation e = evaluate_turn(m, s.policy);
  s.p_niete = e.p_niete;
  s.p_first_niete = e.p_first_niete;
  return s;
}

double TurnSolution::throw_value_at(int points, int d, const TurnModel& m) const {
  const int t = points / kPointStep;
  if (t < top) return throw_value[static_cast<size_t>(t) * kD + static_cast<size_t>(d)];
  // Above T* every later decision banks (header), so one throw decides: exact.
  double sum = 0;
  for (const ThrowOutcome& o : m.throws(d))
    if (!o.niete()) sum += o.probability * (points + o.options[static_cast<size_t>(o.most_points)].points);
  return sum;
}

double TurnSolution::value_after(int points, int d, const TurnModel& m) const {
  const bool can_bank = points >= m.rules().bank_min;
  if (d == 0) return can_bank ? points : 0;
  const double thr = throw_value_at(points, d, m);
  return can_bank ? std::max<double>(points, thr) : thr;
}

TurnPolicy threshold_policy(const TurnModel& m, const std::vector<int>& thresholds, Utility utility, std::string name) {
  const auto& r = m.rules();
  if (thresholds.size() != kD) throw std::invalid_argument("threshold_policy: one threshold per d = 0..6");
  Induction ind(m);
  int top = index_up(r.bank_min);
  for (int d = 1; d <= r.dice; ++d) top = std::max(top, index_up(thresholds[static_cast<size_t>(d)]));
  ind.top = top;
  ind.thresholds = &thresholds;
  const int size = top + m.max_points() / kPointStep + 1;
  ind.u.resize(static_cast<size_t>(size));
  const int target = thresholds[static_cast<size_t>(r.dice)];
  for (int t = 0; t < size; ++t)
    ind.u[static_cast<size_t>(t)] = utility == Utility::Points ? t * kPointStep : (t * kPointStep >= target ? 1.0 : 0.0);
  ind.run();
  ind.policy.name = std::move(name);
  return std::move(ind.policy);
}

TurnPolicy bank_at_policy(const TurnModel& m, int points) {
  return threshold_policy(m, std::vector<int>(kD, points), Utility::Points, "bank:" + std::to_string(points));
}

TurnPolicy reach_policy(const TurnModel& m, int points) {
  return threshold_policy(m, std::vector<int>(kD, points), Utility::Reach, "reach:" + std::to_string(points));
}

TurnPolicy reach_from(const TurnModel& m, const TurnPolicy& wider, int points) {
  const int top = index_up(points);
  if (points < m.rules().bank_min || top > wider.horizon || wider.outcomes != m.outcome_count())
    throw std::invalid_argument("reach_from: a wider reach policy and a target from bank_min on");
  // Below its target a reach policy never banks (nothing is worth anything short of it), so
  // at turn total t it plays what reach:M plays at t + (M - N): the same need, the same
  // values in the same sums, the same choices. Only the record of a move with no dice left
  // (no hot dice) depends on t itself: it banks where banking is allowed.
  const auto shift = static_cast<size_t>(wider.horizon - top);
  const auto outcomes = static_cast<size_t>(wider.outcomes);
  TurnPolicy p;
  p.name = "reach:" + std::to_string(points);
  p.outcomes = wider.outcomes;
  p.horizon = top;
  p.bank.assign(wider.bank.begin() + static_cast<std::ptrdiff_t>(shift * kD), wider.bank.end());
  p.keep.assign(wider.keep.begin() + static_cast<std::ptrdiff_t>(shift * outcomes), wider.keep.end());
  for (int t = 0; t < top; ++t) p.bank[static_cast<size_t>(t) * kD] = t * kPointStep >= m.rules().bank_min ? 1 : 0;
  return p;
}

TurnPolicy heuristic_policy(const TurnModel& m, const std::vector<int>& thresholds, KeepRule keep, std::string name) {
  TurnPolicy p = threshold_policy(m, thresholds, Utility::Points, std::move(name));
  if (keep == KeepRule::Best) return p;
  for (int t = 0; t < p.horizon; ++t)
    for (int id = 0; id < p.outcomes; ++id) {
      const ThrowOutcome& o = m.outcome(id);
      if (o.niete()) continue;
      p.keep[static_cast<size_t>(t) * static_cast<size_t>(p.outcomes) + static_cast<size_t>(id)] =
          static_cast<std::uint8_t>(keep == KeepRule::MostPoints ? o.most_points : static_cast<int>(o.options.size()) - 1);
    }
  return p;
}

std::string policy_text(const TurnModel& m, const TurnPolicy& p, const std::string& header) {
  std::ostringstream s;
  s << header << "# one line per turn total (points) below the horizon: the total, bank flags for d = 0..6\n"
    << "# dice to throw next (1 = bank), then the set-aside option index for each of the " << m.outcome_count()
    << " throws (outcome ids of turn.h); from the horizon on: bank, keep the most points\n"
    << "name " << p.name << "\nhorizon " << p.horizon * kPointStep << "\n";
  for (int t = 0; t < p.horizon; ++t) {
    s << t * kPointStep << " ";
    for (size_t d = 0; d < kD; ++d) s << static_cast<char>('0' + p.bank[static_cast<size_t>(t) * kD + d]);
    s << " ";
    for (int id = 0; id < p.outcomes; ++id)
      s << static_cast<char>('0' + p.keep[static_cast<size_t>(t) * static_cast<size_t>(p.outcomes) + static_cast<size_t>(id)]);
    s << "\n";
  }
  return s.str();
}

TurnPolicy read_policy_text(const TurnModel& m, const std::string& text, const std::string& source) {
  std::istringstream in(text);
  std::string line;
  TurnPolicy p;
  p.outcomes = m.outcome_count();
  int lineno = 0, next = 0;
  bool have_horizon = false;
  auto fail = [&](const std::string& why) { throw core::InputError(source + ":" + std::to_string(lineno) + ": " + why); };
  while (std::getline(in, line)) {
    ++lineno;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    std::string a, b, c;
    ls >> a >> b >> c;
    if (a == "name") {
      p.name = b;
    } else if (a == "horizon") {
      int h = 0;
      try {
        h = std::stoi(b);
      } catch (const std::exception&) {
        fail("horizon needs a number of points");
      }
      if (h < m.rules().bank_min || h % kPointStep != 0 || h > 10000000) fail("horizon must be a multiple of 50, at least bank_min");
      p.horizon = h / kPointStep;
      p.bank.assign(static_cast<size_t>(p.horizon) * kD, 0);
      p.keep.assign(static_cast<size_t>(p.horizon) * static_cast<size_t>(p.outcomes), 0);
      have_horizon = true;
    } else {
      if (!have_horizon) fail("a 'horizon' line must come before the table");
      if (a != std::to_string(next * kPointStep)) fail("expected the line of turn total " + std::to_string(next * kPointStep));
      if (next >= p.horizon) fail("more lines than the horizon");
      if (b.size() != kD || c.size() != static_cast<size_t>(p.outcomes))
        fail("expected 7 bank flags and " + std::to_string(p.outcomes) + " set-aside options (is it for these rules?)");
      for (size_t d = 0; d < kD; ++d) {
        if (b[d] != '0' && b[d] != '1') fail("bank flags are 0 or 1");
        p.bank[static_cast<size_t>(next) * kD + d] = static_cast<std::uint8_t>(b[d] - '0');
      }
      for (int id = 0; id < p.outcomes; ++id) {
        const int k = c[static_cast<size_t>(id)] - '0';
        const int n = static_cast<int>(m.outcome(id).options.size());
        if (k < 0 || k >= std::max(n, 1)) fail("set-aside option out of range for throw " + std::to_string(id));
        p.keep[static_cast<size_t>(next) * static_cast<size_t>(p.outcomes) + static_cast<size_t>(id)] = static_cast<std::uint8_t>(k);
      }
      ++next;
    }
  }
  if (!have_horizon || next != p.horizon) fail("the table must have one line per turn total below the horizon");
  if (p.name.empty()) p.name = "file";
  return p;
}

}  // namespace verflixt::zehntausend
