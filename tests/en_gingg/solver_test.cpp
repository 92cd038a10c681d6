// The exact En Gingg as Bei decisions against small independent recursions written here over
// ordered dice sequences (faces^n of them, not the library's multisets), and the values the
// seed's rules give (also computed by a separate Python recursion while writing this test:
// E[hits] = 1.7676699354662, optimal own 0.1519767127523, optimal own+next 2.3465431995044).
#include "verflixt/games/en_gingg/solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <tuple>

#include "verflixt/core/error.h"
#include "verflixt/games/en_gingg/policy.h"

namespace verflixt::en_gingg {
namespace {

// Every ordered sequence of n faces 1..faces, visited with probability faces^-n.
void each_sequence(int n, int faces, const std::function<void(const std::vector<int>&, double)>& visit) {
  std::vector<int> seq(static_cast<size_t>(n), 1);
  const double p = std::pow(faces, -n);
  while (true) {
    visit(seq, p);
    int k = 0;
    while (k < n && seq[static_cast<size_t>(k)] == faces) seq[static_cast<size_t>(k++)] = 1;
    if (k == n) return;
    ++seq[static_cast<size_t>(k)];
  }
}

// E[hits] of phase 2 (G3) by a recursion over ordered throws of the dice still in play.
double reference_hits(int n, int faces, int digit) {
  if (n == 0) return 0;
  static std::map<std::tuple<int, int, int>, double> memo;
  const auto key = std::make_tuple(n, faces, digit);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  double e = 0;
  each_sequence(n, faces, [&](const std::vector<int>& seq, double p) {
    const int h = static_cast<int>(std::count(seq.begin(), seq.end(), digit));
    if (h > 0) e += p * (h + reference_hits(n - h, faces, digit));
  });
  return memo[key] = e;
}

// Phase 1 (G2, one die at least per throw, as many throws as dice) by brute force: after
// every ordered throw, every non-empty subset of positions is tried.
struct ReferencePhase1 {
  int faces, target;
  std::function<double(int)> f;  // objective at the final sum
  std::map<std::pair<int, int>, double> memo;
  double value(int n, int s) {
    if (n == 0) return f(s);
    const auto key = std::make_pair(n, s);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    double v = 0;
    each_sequence(n, faces, [&](const std::vector<int>& seq, double p) {
      double best = -1e300;
      for (unsigned mask = 1; mask < (1u << n); ++mask) {
        int k = 0, pip = 0;
        for (int d = 0; d < n; ++d)
          if (mask >> d & 1u) ++k, pip += seq[static_cast<size_t>(d)];
        best = std::max(best, value(n - k, s + pip));
      }
      v += p * best;
    });
    return memo[key] = v;
  }
};

TEST(EnGinggSolver, Phase2ExpectedHitsMatchTheReference) {
  const EnGinggRules rules;
  const double e = reference_hits(6, 6, 2);
  EXPECT_NEAR(e, 1.7676699354662, 1e-12);
  for (int digit = 1; digit <= 6; ++digit) EXPECT_NEAR(phase2_expected_hits(rules, digit), e, 1e-12) << digit;
  const auto d = phase2_hit_distribution(rules, 3);
  double total = 0;
  for (double p : d) total += p;
  EXPECT_NEAR(total, 1.0, 1e-12);
  EXPECT_NEAR(d[0], std::pow(5.0 / 6, 6), 1e-15);  // G3: the first throw shows no 3
  EXPECT_EQ(phase2_expected_hits(rules, 7), 0.0);  // a digit above the faces never shows
  EnGinggRules small;
  small.dice = 4, small.faces = 4, small.target = 12;
  EXPECT_NEAR(phase2_expected_hits(small, 2), reference_hits(4, 4, 2), 1e-12);
}

TEST(EnGinggSolver, Seed002ValuesMatchTheBruteForce) {
  const EnGinggRules rules;
  const double hits = reference_hits(6, 6, 1);
  ReferencePhase1 own{6, 30, [](int s) { return s - 30.0; }, {}};
  ReferencePhase1 both{6, 30, [&](int s) { return s - 30.0 + (s > 30 ? (s - 30) * hits : 0.0); }, {}};
  const Phase1Solution a(rules, Objective::Own), b(rules, Objective::OwnPlusNext);
  // Objective "own" is additive in the pips, so the reference from (5 dice, 0 aside) plus
  // the best first die would be the same work as the solver; the brute force is run in full.
  EXPECT_NEAR(a.value(), own.value(6, 0), 1e-12);
  EXPECT_NEAR(b.value(), both.value(6, 0), 1e-12);
  EXPECT_NEAR(a.value(), 0.1519767127523, 1e-12);
  EXPECT_NEAR(b.value(), 2.3465431995044, 1e-12);
  // Intermediate states too.
  EXPECT_NEAR(a.value({3, 17, 1}), own.value(3, 17), 1e-12);
  EXPECT_NEAR(b.value({2, 24, 2}), both.value(2, 24), 1e-12);
}

TEST(EnGinggSolver, SmallRuleSetsMatchTheBruteForce) {
  struct Case {
    int dice, faces, target;
  };
  for (const Case c : {Case{3, 6, 13}, Case{4, 4, 12}, Case{4, 5, 14}, Case{2, 9, 10}}) {
    EnGinggRules r;
    r.dice = c.dice, r.faces = c.faces, r.target = c.target, r.max_throws = c.dice;
    const double hits = reference_hits(c.dice, c.faces, 1);
    ReferencePhase1 own{c.faces, c.target, [&](int s) { return double(s - c.target); }, {}};
    ReferencePhase1 both{c.faces, c.target,
                         [&](int s) { return s - c.target + (s > c.target ? (s - c.target) * (s - c.target <= c.faces ? hits : 0.0) : 0.0); },
                         {}};
    EXPECT_NEAR(Phase1Solution(r, Objective::Own).value(), own.value(c.dice, 0), 1e-12) << c.dice << " " << c.faces;
    EXPECT_NEAR(Phase1Solution(r, Objective::OwnPlusNext).value(), both.value(c.dice, 0), 1e-12) << c.dice << " " << c.faces;
  }
}

TEST(EnGinggSolver, RankIsConsistentWithTheValues) {
  const EnGinggRules rules;
  const Phase1Solution sol(rules, Objective::OwnPlusNext);
  const Phase1State start = phase1_start(rules);
  double v = 0;
  for (const auto& m : throw_outcomes(6, 6)) {
    const auto ranked = sol.rank(start, m.outcome);
    ASSERT_FALSE(ranked.empty());
    EXPECT_EQ(ranked.front().aside, sol.best(start, m.outcome));
    EXPECT_EQ(sol.choice(start, m.outcome), sol.best(start, m.outcome));
    EXPECT_EQ(sol.choice({3, 12, 2}, highest_dice(m.outcome, 3)), sol.best({3, 12, 2}, highest_dice(m.outcome, 3)));
    for (size_t k = 1; k < ranked.size(); ++k) ASSERT_GE(ranked[k - 1].value, ranked[k].value);
    v += m.probability * ranked.front().value;
  }
  EXPECT_NEAR(v, sol.value(), 1e-12);
  // The seed's example throw 6 6 5 3 2 1: 47 set-asides, the best keeps the 6s.
  const DiceCounts t = counts_of(std::vector<int>{6, 6, 5, 3, 2, 1}, 6);
  const auto ranked = sol.rank(start, t);
  EXPECT_EQ(ranked.size(), 47u);
  EXPECT_GE(ranked.front().aside[5], 2);
}

// Only the highest dice need be set aside: a policy that only chooses how many of the
// highest dice to set aside (by the solver's values) reaches the optimum of the solver,
// which tries every sub-multiset. (Because f grows with S: more pips never hurt.)
class HighestOnly final : public SetAsidePolicy {
 public:
  explicit HighestOnly(const Phase1Solution& s) : s_(s) {}
  DiceCounts decide(const SetAsideView& view) const override {
    const Phase1State& st = view.state;
    const DiceCounts& thrown = view.thrown;
    DiceCounts best{};
    double bv = -1e300;
    for (int j = min_set_aside(st, s_.rules()); j <= st.left; ++j) {
      const DiceCounts a = highest_dice(thrown, j);
      const double v = s_.value(apply_set_aside(st, a));
      if (v > bv) best = a, bv = v;
    }
    return best;
  }
  std::string name() const override { return "highest-only"; }

 private:
  const Phase1Solution& s_;
};

TEST(EnGinggSolver, SettingAsideOnlyTheHighestDiceIsOptimal) {
  const EnGinggRules rules;
  for (const Objective o : {Objective::Own, Objective::OwnPlusNext}) {
    const Phase1Solution sol(rules, o);
    EXPECT_NEAR(turn_value(rules, HighestOnly(sol)).value(o), sol.value(), 1e-12);
  }
}

// The guarded solution for a balance of 4 against the brute force of its objective: own change
// + next player's loss, plus 1000 for every sum that leaves the balance above 0 (S > 26).
TEST(EnGinggSolver, GuardedSolutionMatchesTheBruteForceAndGuards) {
  const EnGinggRules rules;
  const double hits = reference_hits(6, 6, 1);
  ReferencePhase1 guarded{6, 30, [&](int s) { return s - 30.0 + (s > 30 ? (s - 30) * hits : 0.0) + (s > 26 ? 1000.0 : 0.0); }, {}};
  const Phase1Solution sol(rules, Objective::OwnPlusNext, 4, 1000.0);
  EXPECT_NEAR(sol.value(), guarded.value(6, 0), 1e-9);
  // The guarded policy at balance 4 survives the turn more often than optimal:own+next, and
  // plays like it at a safe balance.
  const GuardedPolicy g(rules, Objective::OwnPlusNext, 1000);
  const OptimalPolicy plain(std::make_shared<const Phase1Solution>(rules, Objective::OwnPlusNext));
  const auto survive = [](const TurnValue& v) {
    double p = 0;
    for (int s = 27; s <= 36; ++s) p += v.p_sum[static_cast<size_t>(s)];
    return p;
  };
  EXPECT_GT(survive(turn_value(rules, g, 4)), survive(turn_value(rules, plain, 4)) + 0.01);
  EXPECT_NEAR(turn_value(rules, g, 30).value(Objective::OwnPlusNext), plain.solution().value(), 1e-12);
  EXPECT_EQ(make_policy("guarded", rules)->name(), "guarded:own+next:10");
  EXPECT_EQ(make_policy("guarded:own:20", rules)->name(), "guarded:own:20");
  EXPECT_THROW(make_policy("guarded:own:x", rules), core::InputError);
}

TEST(EnGinggSolver, TurnValueOfThePoliciesIsExact) {
  const EnGinggRules rules;
  for (const Objective o : {Objective::Own, Objective::OwnPlusNext}) {
    const auto sol = std::make_shared<const Phase1Solution>(rules, o);
    const OptimalPolicy p(sol);
    const TurnValue v = turn_value(rules, p);
    double total = 0;
    for (double q : v.p_sum) total += q;
    EXPECT_NEAR(total, 1.0, 1e-12);
    EXPECT_NEAR(v.value(o), sol->value(), 1e-12);
  }
  // keep-from:6 against the brute force of its own rule: keep every 6, else the highest die.
  // E[S] of "keep the 6s or the highest" by a recursion over ordered throws.
  std::map<int, double> memo;
  std::function<double(int)> es = [&](int n) -> double {
    if (n == 0) return 0;
    if (memo.count(n)) return memo[n];
    double e = 0;
    each_sequence(n, 6, [&](const std::vector<int>& seq, double p) {
      const int sixes = static_cast<int>(std::count(seq.begin(), seq.end(), 6));
      e += p * (sixes ? 6.0 * sixes + es(n - sixes) : *std::max_element(seq.begin(), seq.end()) + es(n - 1));
    });
    return memo[n] = e;
  };
  const KeepFromPolicy k6(rules, 6);
  EXPECT_NEAR(turn_value(rules, k6).own_change, es(6) - 30, 1e-12);
  // The optimal "own" policy is at least as good as every heuristic for its objective.
  const double best = Phase1Solution(rules, Objective::Own).value();
  for (int f = 1; f <= 6; ++f) EXPECT_LE(turn_value(rules, KeepFromPolicy(rules, f)).own_change, best + 1e-12) << f;
  EXPECT_THROW(parse_objective("theirs"), core::InputError);
  EXPECT_EQ(parse_objective("own+next"), Objective::OwnPlusNext);
}

}  // namespace
}  // namespace verflixt::en_gingg
