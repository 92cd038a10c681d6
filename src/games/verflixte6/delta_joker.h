#pragma once
// The jokers whose whole step adds a random number of eyes (J2 Spelunkenbold, J3 Anaconda,
// J4 Hirtenschutz, J5 Rattenlord, J8 Pony, J9 Monokel, J10 Senigma, J14 Cherry), written once
// over an "algebra" so that the same code yields either the exact distribution of the eyes
// added (the solo model, chain compiler) or directly the expected value of the successor
// states (the solver, which would otherwise build thousands of distributions per state).
// Private to the library.
//
// An algebra A provides: a value type A::Dist; point(delta); add(acc, d, w) (acc += w·d);
// and take(choice, yes, no) -> bool, which answers an inner choice.
#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

#include "core/power.h"
#include "verflixt/games/verflixte6/rules.h"
#include "verflixt/games/verflixte6/solo_model.h"

namespace verflixt::detail {

// "Strictly better" with a tolerance, so rounding noise never flips a tie; ties go to the
// answer false (decline, retreat not, keep, waive, do not react). Solver and SolvedPolicy
// both decide through this one function.
inline bool strictly_better(double yes, double no) { return yes > no + 1e-12 * (1 + std::fabs(no)); }

inline double binomial_pmf(int n, int k, double p) {
  double c = 1;
  for (int i = 0; i < k; ++i) c = c * (n - i) / (i + 1);
  return c * power(p, k) * power(1 - p, n - k);  // power, not std::pow: see power.h
}

// Whether the joker's step is a pure change of eyes (then delta_step applies).
inline bool is_delta_joker(Joker j) {
  switch (j) {
    case SPELUNKENBOLD: case ANACONDA: case HIRTENSCHUTZ: case RATTENLORD:
    case PONY: case MONOKEL: case SENIGMA: case CHERRY:
      return true;
    default:
      return false;
  }
}

template <class A>
class DeltaStep {
 public:
  using D = typename A::Dist;
  DeltaStep(const Rules& r, A& alg) : r_(r), a_(alg) {}

  D run(Joker j) {
    switch (j) {
      case SPELUNKENBOLD: return spelunkenbold();
      case ANACONDA: return anaconda();
      case HIRTENSCHUTZ: return hirtenschutz();
      case RATTENLORD: return rattenlord(0);
      case PONY: return pony();
      case MONOKEL: {
        monokel_memo_.assign(static_cast<size_t>(kMaxThrows * kMaxKept), D{});
        monokel_have_.assign(monokel_memo_.size(), 0);
        return monokel(0, 0);
      }
      case SENIGMA:
        if (r_.senigma == SenigmaKind::Duel) {
          senigma_memo_.assign(static_cast<size_t>(kMaxRounds * kMaxRounds * kMaxRounds), D{});
          senigma_have_.assign(senigma_memo_.size(), 0);
          return senigma_duel(0, 0, 0);
        }
        return senigma_repeat();
      case CHERRY: return cherry();
      default: return a_.point(0);
    }
  }

 private:
  static constexpr double kSixth = 1.0 / 6.0;

  D spelunkenbold() {  // J2: 1..5 add face + bonus, a 6 adds spelunken_six
    D d{};
    for (int f = 1; f <= 6; ++f) a_.add(d, a_.point(f == 6 ? r_.spelunken_six : f + r_.spelunken_bonus), kSixth);
    return d;
  }
  D hirtenschutz() {  // J4: the throw counts hirten_factor times
    D d{};
    for (int f = 1; f <= 6; ++f) a_.add(d, a_.point(f * r_.hirten_factor), kSixth);
    return d;
  }
  D anaconda() {  // J3: the player sees the attack a, then fights (p >= a wins) or declines
    D d{};
    for (int a = 1; a <= 6; ++a) {
      D fight{};
      for (int p = 1; p <= 6; ++p)
        a_.add(fight, a_.point(p >= a ? r_.anaconda_win_base + p
                                      : r_.anaconda_loss - (r_.anaconda_loss_minus_attack ? a : 0)),
               kSixth);
      const D decline = a_.point(r_.anaconda_decline);
      a_.add(d, a_.take({InnerChoice::AnacondaFight, a}, fight, decline) ? fight : decline, kSixth);
    }
    return d;
  }
  D rattenlord(int t) {  // J5: from throw t (0-based); after a failed throw, retreat or go on
    const double q = std::clamp(7 - r_.rattenlord_face, 0, 6) / 6.0;
    D d{};
    a_.add(d, a_.point(r_.rattenlord_win), q);
    const int left = r_.rattenlord_throws - 1 - t;
    if (left > 0) {
      const D go_on = rattenlord(t + 1);
      const D retreat = a_.point(r_.rattenlord_retreat);
      a_.add(d, a_.take({InnerChoice::RattenlordRetreat, left}, retreat, go_on) ? retreat : go_on, 1 - q);
    } else {
      a_.add(d, a_.point(r_.rattenlord_loss), 1 - q);
    }
    return d;
  }
  D pony() {  // J8: the sum of the throws, or the failure
    double sum[6 * 5 + 1] = {1.0};  // pony.throws <= 5 (rules.cpp)
    for (int k = 0; k < r_.pony_throws; ++k)
      for (int s = 6 * (k + 1); s >= 0; --s) {
        double p = 0;
        for (int f = 1; f <= 6 && f <= s; ++f) p += sum[s - f] * kSixth;
        sum[s] = p;
      }
    D d{};
    for (int s = r_.pony_throws; s <= 6 * r_.pony_throws; ++s)
      a_.add(d, a_.point(s >= r_.pony_target ? s : (r_.pony_fail_minus_sum ? -s : r_.pony_fail)), sum[s]);
    return d;
  }
  D monokel(int index, int kept) {  // J9: each throw may be re-thrown once; faces only add
    if (index == r_.monokel_throws) return a_.point(kept);
    const auto slot = static_cast<size_t>(index * kMaxKept + kept);
    if (monokel_have_[slot]) return monokel_memo_[slot];
    D fresh{};  // a re-throw keeps whatever comes
    for (int f = 1; f <= 6; ++f) a_.add(fresh, monokel(index + 1, kept + f), kSixth);
    D d{};
    for (int f = 1; f <= 6; ++f) {
      const D keep = monokel(index + 1, kept + f);
      a_.add(d, a_.take({InnerChoice::MonokelRethrow, index, f, kept}, fresh, keep) ? fresh : keep, kSixth);
    }
    monokel_have_[slot] = 1;
    return monokel_memo_[slot] = d;
  }
  D senigma_duel(int round, int won, int lost) {  // J10 (2019), E8
    if (round == r_.senigma_rounds) return a_.point((won - lost) * r_.senigma_per_round);
    const auto slot = static_cast<size_t>((round * kMaxRounds + won) * kMaxRounds + lost);
    if (senigma_have_[slot]) return senigma_memo_[slot];
    const D waive = senigma_duel(round + 1, won, lost);
    const D win = senigma_duel(round + 1, won + 1, lost);
    const D lose = senigma_duel(round + 1, won, lost + 1);
    D d{};
    for (int a = 1; a <= 6; ++a) {  // a countered round goes to the attacker iff a > d
      D counter{};
      a_.add(counter, win, (a - 1) / 6.0);
      a_.add(counter, lose, (7 - a) / 6.0);
      a_.add(d, a_.take({InnerChoice::SenigmaCounter, round, a, won, lost}, counter, waive) ? counter : waive, kSixth);
    }
    senigma_have_[slot] = 1;
    return senigma_memo_[slot] = d;
  }
  D senigma_repeat() {  // J10 classic: a repeated face among the throws pays
    double distinct = 1;
    for (int k = 0; k < r_.senigma_repeat_throws; ++k) distinct *= std::max(0, 6 - k) / 6.0;
    D d{};
    a_.add(d, a_.point(r_.senigma_repeat_gain), 1 - distinct);
    a_.add(d, a_.point(0), distinct);
    return d;
  }
  D cherry() {  // J14, E8: successes, then one counter per success
    const double ps = std::clamp(7 - r_.cherry_face, 0, 6) / 6.0;
    const double pc = std::clamp(7 - r_.cherry_counter_face, 0, 6) / 6.0;
    D d{};
    for (int s = 0; s <= r_.cherry_throws; ++s)
      for (int c = 0; c <= s; ++c)
        a_.add(d, a_.point(r_.cherry_worth * (s - c)), binomial_pmf(r_.cherry_throws, s, ps) * binomial_pmf(s, c, pc));
    return d;
  }

  // Memo sizes from the rules' ranges (rules.cpp): monokel.throws <= 5 (kept <= 30),
  // senigma.rounds <= 9.
  static constexpr int kMaxThrows = 6, kMaxKept = 31, kMaxRounds = 10;

  const Rules& r_;
  A& a_;
  std::vector<D> monokel_memo_, senigma_memo_;
  std::vector<char> monokel_have_, senigma_have_;
};

// The distribution algebra: exact distributions of the eyes added, choices by an InnerChooser.
struct DistAlgebra {
  using Dist = DeltaDist;
  const TurnState& base;
  const InnerChooser& chooser;

  static Dist point(int delta) { return {{delta, 1.0}}; }
  static void add(Dist& acc, const Dist& d, double w) {
    if (w == 0) return;
    for (const auto& o : d) {
      auto it = std::lower_bound(acc.begin(), acc.end(), o.delta,
                                 [](const DeltaOutcome& x, int v) { return x.delta < v; });
      if (it != acc.end() && it->delta == o.delta) it->prob += o.prob * w;
      else acc.insert(it, {o.delta, o.prob * w});
    }
  }
  bool take(const InnerChoice& c, const Dist& yes, const Dist& no) const { return chooser.take_delta(base, c, yes, no); }
};

}  // namespace verflixt::detail
