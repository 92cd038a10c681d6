#pragma once
// The jokers whose whole step adds a random number of eyes (J2 Spelunkenbold, J3 Anaconda,
// J4 Hirtenschutz, J5 Rattenlord, J8 Pony, J9 Monokel, J10 Senigma, J14 Cherry), written once
// over chance nodes (ExactNodes and SampleNodes below: die, reach, below, sum, counts, repeat, choose)
// so that the same code is SAMPLED by the reference engine (its dice in the order the rules
// throw them, its choices asked of the Policy) and ENUMERATED by the exact paths: the
// distribution of the eyes added (the solo model, chain compiler) or directly the expected
// value of the successor states (the solver, the last-seat DP, which would otherwise build
// thousands of distributions per state). Private to the library.
//
// An exact "algebra" A provides: a value type A::Dist; point(delta); add(acc, d, w)
// (acc += w·d); and take(choice, yes, no) -> bool, which answers an inner choice. A sampler
// (chance.h's SampleNodes) provides the nodes itself and marks that with kSamples.
#include <algorithm>
#include <cmath>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/power.h"
#include "verflixt/core/dice.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"

namespace verflixt::verflixte6::detail {

// "Strictly better" with a tolerance, so rounding noise never flips a tie; ties go to the
// answer false (decline, retreat not, keep, waive, do not react). Solver and SolvedPolicy
// both decide through this one function.
inline bool strictly_better(double yes, double no) { return yes > no + 1e-12 * (1 + std::fabs(no)); }

inline double binomial_pmf(int n, int k, double p) {
  double c = 1;
  for (int i = 0; i < k; ++i) c = c * (n - i) / (i + 1);
  return c * core::power(p, k) * core::power(1 - p, n - k);  // power, not std::pow: see power.h
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


inline constexpr double kSixth = 1.0 / 6.0;

// 1 - P(none of n dice reaches `face`): Runkelrüb's save (J15).
inline double any_reaching_probability(int n, int face) {
  const int miss_faces = std::clamp(face - 1, 0, 6);
  return 1.0 - core::power(miss_faces / 6.0, n);  // not std::pow: see power.h
}

// The chance nodes a step is written in, enumerated: each node adds its branches weighted
// by their exact probabilities through the algebra A. The weights are formed exactly as the
// exact paths have always formed them, so every exact number stays bit for bit the same.
// Lazy branches: a node calls its continuations (they return A::Dist).
template <class A>
struct ExactNodes {
  using D = typename A::Dist;
  static constexpr bool kExact = true;
  A& a;

  D point(int delta) { return a.point(delta); }
  // An empty distribution to add into, with room for a node's few outcomes (a distribution
  // that grew one insert at a time was a handful of allocations, at every node).
  static D fresh() {
    D d{};
    if constexpr (requires { d.reserve(std::size_t{8}); }) d.reserve(8);
    return d;
  }
  // One die: face -> continuation.
  template <class F>
  D die(F&& f) {
    D d = fresh();
    for (int x = 1; x <= 6; ++x) a.add(d, f(x), kSixth);
    return d;
  }
  // One die reaching `face` (P = faces/6) or not.
  template <class Y, class N>
  D reach(int face, Y&& yes, N&& no) {
    const double q = std::clamp(7 - face, 0, 6) / 6.0;
    D d = fresh();
    a.add(d, yes(), q);
    a.add(d, no(), 1 - q);
    return d;
  }
  // One die below `attack` (an attacker's a beats it) or not.
  template <class Y, class N>
  D below(int attack, Y&& yes, N&& no) {
    D d = fresh();
    a.add(d, yes(), (attack - 1) / 6.0);
    a.add(d, no(), (7 - attack) / 6.0);
    return d;
  }
  // The sum of n dice (n <= 5): sum -> continuation.
  template <class F>
  D sum(int n, F&& f) {
    double p[6 * 5 + 1] = {1.0};
    for (int k = 0; k < n; ++k)
      for (int s = 6 * (k + 1); s >= 0; --s) {
        double q = 0;
        for (int x = 1; x <= 6 && x <= s; ++x) q += p[s - x] * kSixth;
        p[s] = q;
      }
    D d = fresh();
    for (int s = n; s <= 6 * n; ++s) a.add(d, f(s), p[s]);
    return d;
  }
  // n dice counted by reaching `face` (s successes), then s dice counted by reaching
  // `counter_face` (c counters): (s, c) -> continuation.
  template <class F>
  D counts(int n, int face, int counter_face, F&& f) {
    const double ps = std::clamp(7 - face, 0, 6) / 6.0;
    const double pc = std::clamp(7 - counter_face, 0, 6) / 6.0;
    D d = fresh();
    for (int s = 0; s <= n; ++s)
      for (int c = 0; c <= s; ++c) a.add(d, f(s, c), binomial_pmf(n, s, ps) * binomial_pmf(s, c, pc));
    return d;
  }
  // Whether a face repeats among n dice.
  template <class Y, class N>
  D repeat(int n, Y&& yes, N&& no) {
    double distinct = 1;
    for (int k = 0; k < n; ++k) distinct *= std::max(0, 6 - k) / 6.0;
    D d = fresh();
    a.add(d, yes(), 1 - distinct);
    a.add(d, no(), distinct);
    return d;
  }
  // An inner choice: both branches (the `no` one first), answered by the algebra.
  template <class Y, class N>
  D choose(const InnerChoice& c, Y&& yes, N&& no) {
    // A shared branch comes as a reference (no copy unless chosen); the chosen value moves.
    decltype(auto) n = no();
    D y = yes();
    if (a.take(c, y, n)) return y;
    return std::forward<decltype(n)>(n);
  }
};

// Who answers a sampled step's inner choices: the reference engine, asking its Policy with
// the view it shows (`shown`: the state the step started from, or the reaction's state).
class ChoiceAsker {
 public:
  virtual ~ChoiceAsker() = default;
  virtual bool ask(const TurnState& shown, const InnerChoice& c) = 0;
  // J10: a table chooses the duel's target before its dice (solo mode has none).
  virtual void before_duel(const TurnState& /*base*/) {}
};

// The same nodes, sampled: dice are drawn one by one in the order the rules throw them
// (E8), and only the branch the answer picks is played. A value is the eyes added.
struct SampleNodes {
  using Dist = int;
  static constexpr bool kExact = false;
  core::Dice& dice;
  ChoiceAsker& asker;
  const TurnState& shown;
  bool repeated = false;  // the last repeat node found a repeat (E9's take needs a victim)

  static int point(int delta) { return delta; }
  template <class F>
  int die(F&& f) { return f(dice.roll()); }
  template <class Y, class N>
  int reach(int face, Y&& yes, N&& no) { return dice.roll() >= face ? yes() : no(); }
  template <class Y, class N>
  int below(int attack, Y&& yes, N&& no) { return attack > dice.roll() ? yes() : no(); }
  template <class F>
  int sum(int n, F&& f) {
    int s = 0;
    for (int k = 0; k < n; ++k) s += dice.roll();
    return f(s);
  }
  template <class F>
  int counts(int n, int face, int counter_face, F&& f) {
    int s = 0, c = 0;
    for (int k = 0; k < n; ++k) s += dice.roll() >= face;
    for (int k = 0; k < s; ++k) c += dice.roll() >= counter_face;
    return f(s, c);
  }
  template <class Y, class N>
  int repeat(int n, Y&& yes, N&& no) {
    bool seen[7] = {};
    repeated = false;
    for (int k = 0; k < n; ++k) {
      const int f = dice.roll();
      repeated |= seen[f];
      seen[f] = true;
    }
    return repeated ? yes() : no();
  }
  template <class Y, class N>
  int choose(const InnerChoice& c, Y&& yes, N&& no) { return asker.ask(shown, c) ? yes() : no(); }
};

// The nodes an algebra is played through: a sampler is its own, an exact algebra is
// enumerated by ExactNodes.
template <class A>
struct NodesOf { using type = ExactNodes<A>; };
template <>
struct NodesOf<SampleNodes> { using type = SampleNodes&; };

template <class A>
class DeltaStep {
 public:
  using D = typename A::Dist;
  DeltaStep(const Rules& r, A& alg) : r_(r), n_(make(alg)) {}

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
      default: return n_.point(0);
    }
  }

 private:
  using Nodes = typename NodesOf<A>::type;
  static Nodes make(A& alg) {
    if constexpr (std::is_reference_v<Nodes>) return alg;
    else return Nodes{alg};
  }

  // An exact algebra computes a sub-step once per step; a sampler plays each one it reaches.
  template <class F>
  D memo(std::vector<D>& memo, std::vector<char>& have, size_t slot, F&& f) {
    if constexpr (std::remove_reference_t<Nodes>::kExact) {
      if (have[slot]) return memo[slot];
      D d = f();
      have[slot] = 1;
      memo[slot] = d;
      return d;
    } else {
      return f();
    }
  }

  // A sub-step several branches continue with: an exact algebra computes it once, here and
  // now (in the order the branches would first reach it); a sampler plays it only if a
  // branch it takes reaches it.
  template <class F>
  auto shared(F&& f) {
    if constexpr (std::remove_reference_t<Nodes>::kExact) {
      return [v = f()]() -> const D& { return v; };
    } else {
      return f;
    }
  }

  D spelunkenbold() {  // J2: 1..5 add face + bonus, a 6 adds spelunken_six
    return n_.die([&](int f) { return n_.point(f == 6 ? r_.spelunken_six : f + r_.spelunken_bonus); });
  }
  D hirtenschutz() {  // J4: the throw counts hirten_factor times
    return n_.die([&](int f) { return n_.point(f * r_.hirten_factor); });
  }
  D anaconda() {  // J3: the player sees the attack a, then fights (p >= a wins) or declines
    return n_.die([&](int a) {
      return n_.choose(
          {InnerChoice::AnacondaFight, a},
          [&] {
            return n_.die([&](int p) {
              return n_.point(p >= a ? r_.anaconda_win_base + p
                                     : r_.anaconda_loss - (r_.anaconda_loss_minus_attack ? a : 0));
            });
          },
          [&] { return n_.point(r_.anaconda_decline); });
    });
  }
  D rattenlord(int t) {  // J5: from throw t (0-based); after a failed throw, retreat or go on
    const int left = r_.rattenlord_throws - 1 - t;
    return n_.reach(
        r_.rattenlord_face, [&] { return n_.point(r_.rattenlord_win); },
        [&] {
          if (left <= 0) return n_.point(r_.rattenlord_loss);
          return n_.choose({InnerChoice::RattenlordRetreat, left}, [&] { return n_.point(r_.rattenlord_retreat); },
                           [&] { return rattenlord(t + 1); });
        });
  }
  D pony() {  // J8: the sum of the throws, or the failure
    return n_.sum(r_.pony_throws, [&](int s) {
      return n_.point(s >= r_.pony_target ? s : (r_.pony_fail_minus_sum ? -s : r_.pony_fail));
    });
  }
  D monokel(int index, int kept) {  // J9: each throw may be re-thrown once; faces only add
    if (index == r_.monokel_throws) return n_.point(kept);
    return memo(monokel_memo_, monokel_have_, static_cast<size_t>(index * kMaxKept + kept), [&] {
      // A re-throw keeps whatever comes.
      const auto fresh = shared([&] { return n_.die([&](int g) { return monokel(index + 1, kept + g); }); });
      return n_.die([&](int f) {
        return n_.choose({InnerChoice::MonokelRethrow, index, f, kept}, fresh,
                         [&] { return monokel(index + 1, kept + f); });
      });
    });
  }
  D senigma_duel(int round, int won, int lost) {  // J10 (2019), E8: croupier, then defender
    if (round == r_.senigma_rounds) return n_.point((won - lost) * r_.senigma_per_round);
    const auto slot = static_cast<size_t>((round * kMaxRounds + won) * kMaxRounds + lost);
    return memo(senigma_memo_, senigma_have_, slot, [&] {
      const auto waive = shared([&] { return senigma_duel(round + 1, won, lost); });
      const auto win = shared([&] { return senigma_duel(round + 1, won + 1, lost); });
      const auto lose = shared([&] { return senigma_duel(round + 1, won, lost + 1); });
      return n_.die([&](int a) {  // a countered round goes to the attacker iff a > d
        return n_.choose({InnerChoice::SenigmaCounter, round, a, won, lost},
                         [&] { return n_.below(a, win, lose); }, waive);
      });
    });
  }
  D senigma_repeat() {  // J10 classic: a repeated face among the throws pays
    return n_.repeat(r_.senigma_repeat_throws, [&] { return n_.point(r_.senigma_repeat_gain); },
                     [&] { return n_.point(0); });
  }
  D cherry() {  // J14, E8: successes, then one counter per success
    return n_.counts(r_.cherry_throws, r_.cherry_face, r_.cherry_counter_face,
                     [&](int s, int c) { return n_.point(r_.cherry_worth * (s - c)); });
  }

  // Memo sizes from the rules' ranges (rules.cpp): monokel.throws <= 5 (kept <= 30),
  // senigma.rounds <= 9.
  static constexpr int kMaxThrows = 6, kMaxKept = 31, kMaxRounds = 10;

  const Rules& r_;
  Nodes n_;
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

}  // namespace verflixt::verflixte6::detail
