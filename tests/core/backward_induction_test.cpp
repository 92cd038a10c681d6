// The core's backward induction on two small push-your-luck turns with two dice, against a
// brute-force recursion written here over the 36 ordered throws (not the multisets the models
// use): a throw showing a 1 loses the turn total, any other adds its pips; from the cap on
// the total is banked.
//   Decide first: before each throw, bank the total or throw.
//   Throw first: after each throw, bank, or add both dice and throw again, or add only the
//   higher die and throw again (three decisions after every chance outcome).
// Then the tie rule, the incumbent, and the value of a fixed policy.
#include "verflixt/core/backward_induction.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

#include "verflixt/core/chance.h"

namespace verflixt::core {
namespace {

constexpr int kCap = 30;

bool bust(const DiceMultiset& m) { return m.counts[0] > 0; }
int pips(const DiceMultiset& m) {
  int s = 0;
  for (int f = 0; f < 6; ++f) s += (f + 1) * m.counts[static_cast<std::size_t>(f)];
  return s;
}
int highest(const DiceMultiset& m) {
  for (int f = 5; f >= 0; --f)
    if (m.counts[static_cast<std::size_t>(f)] > 0) return f + 1;
  return 0;
}

// State kCap - 1 - t: the turn total t before a decision or a throw (higher totals first).
std::size_t state_of(int t) { return static_cast<std::size_t>(kCap - 1 - t); }
int total_of(std::size_t s) { return kCap - 1 - static_cast<int>(s); }
Successor reach(double p, int t) { return t >= kCap ? Successor{p, kNoState, 1.0, double(t)} : Successor{p, state_of(t)}; }

class DecideFirst {
 public:
  std::size_t state_count() const { return kCap; }
  template <class Visit>
  void outcomes(std::size_t s, Visit&& visit) const {
    const int t = total_of(s);
    visit(1.0, 2, [&](int a, auto&& emit) {
      if (a == 0) {
        emit(Successor{1.0, kNoState, 1.0, double(t)});  // bank
        return;
      }
      for (const auto& m : throws_)
        emit(bust(m.outcome) ? Successor{m.probability, kNoState, 1.0, 0.0} : reach(m.probability, t + pips(m.outcome)));
    });
  }

 private:
  std::vector<ChanceOutcome<DiceMultiset>> throws_ = dice_multisets(2, 6);
};

class ThrowFirst {
 public:
  std::size_t state_count() const { return kCap; }
  template <class Visit>
  void outcomes(std::size_t s, Visit&& visit) const {
    const int t = total_of(s);
    for (const auto& m : throws_) {
      if (bust(m.outcome)) {
        visit(m.probability, 1, [&](int, auto&& emit) { emit(Successor{1.0, kNoState, 1.0, 0.0}); });
        continue;
      }
      visit(m.probability, 3, [&](int a, auto&& emit) {
        if (a == 0) emit(Successor{1.0, kNoState, 1.0, double(t + pips(m.outcome))});
        if (a == 1) emit(reach(1.0, t + pips(m.outcome)));
        if (a == 2) emit(reach(1.0, t + highest(m.outcome)));
      });
    }
  }

 private:
  std::vector<ChanceOutcome<DiceMultiset>> throws_ = dice_multisets(2, 6);
};

// Brute force over ordered throws, memoised by total.
double decide_first(int t, std::map<int, double>& memo, const int* roll_below = nullptr) {
  if (t >= kCap) return t;
  if (const auto it = memo.find(t); it != memo.end()) return it->second;
  double roll = 0;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b)
      if (a != 1 && b != 1) roll += decide_first(t + a + b, memo, roll_below) / 36;
  const double v = roll_below ? (t < *roll_below ? roll : t) : std::max<double>(t, roll);
  return memo[t] = v;
}

double throw_first(int t, std::map<int, double>& memo) {
  if (const auto it = memo.find(t); it != memo.end()) return it->second;
  const auto on = [&](int u) { return u >= kCap ? u : throw_first(u, memo); };
  double v = 0;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b)
      if (a != 1 && b != 1) v += std::max({double(t + a + b), on(t + a + b), on(t + std::max(a, b))}) / 36;
  return memo[t] = v;
}

TEST(BackwardInduction, DecideFirstMatchesBruteForce) {
  const auto r = backward_induction(DecideFirst{});
  std::map<int, double> memo;
  for (int t = 0; t < kCap; ++t) {
    EXPECT_NEAR(r.values[state_of(t)], decide_first(t, memo), 1e-12) << t;
    const int roll = r.values[state_of(t)] > t ? 1 : 0;  // throws only when it gains
    EXPECT_EQ(r.decision(state_of(t), 0), roll) << t;
  }
  // The classic two-dice answer: bank from a total where the expected loss exceeds the gain.
  EXPECT_EQ(r.decision(state_of(0), 0), 1);
  EXPECT_EQ(r.decision(state_of(kCap - 1), 0), 0);
}

TEST(BackwardInduction, ThrowFirstMatchesBruteForce) {
  const auto r = backward_induction(ThrowFirst{});
  std::map<int, double> memo;
  for (int t = 0; t < kCap; ++t) EXPECT_NEAR(r.values[state_of(t)], throw_first(t, memo), 1e-12) << t;
  // One decision per outcome: 21 multisets of two dice per state.
  EXPECT_EQ(r.first[state_of(0) + 1] - r.first[state_of(0)], 21u);
  EXPECT_EQ(r.decisions.size(), 21u * kCap);
  // After a bust the only decision is 0.
  EXPECT_EQ(r.decision(state_of(5), 0), 0);
}

TEST(BackwardInduction, PolicyValuesMatchBruteForce) {
  const DecideFirst model;
  const int below = 14;
  const auto v = policy_values(model, [&](std::size_t s, int) { return total_of(s) < below ? 1 : 0; });
  std::map<int, double> memo;
  for (int t = 0; t < kCap; ++t) EXPECT_NEAR(v[state_of(t)], decide_first(t, memo, &below), 1e-12) << t;
  // A fixed policy is worth no more than the optimum, and less where it differs.
  const auto best = backward_induction(model);
  for (int t = 0; t < kCap; ++t) EXPECT_LE(v[state_of(t)], best.values[state_of(t)] + 1e-12);
  EXPECT_LT(v[state_of(0)], best.values[state_of(0)]);
}

// One state, one outcome, actions worth the given values.
struct Choice {
  explicit Choice(std::vector<double> w, int k = -1) : worth(std::move(w)), keep(k) {}
  std::vector<double> worth;
  int keep;
  std::size_t state_count() const { return 1; }
  template <class Visit>
  void outcomes(std::size_t, Visit&& visit) const {
    visit(1.0, static_cast<int>(worth.size()),
          [&](int a, auto&& emit) { emit(Successor{1.0, kNoState, 1.0, worth[static_cast<std::size_t>(a)]}); });
  }
  int incumbent(std::size_t, int) const { return keep; }
};

TEST(BackwardInduction, TiesGoToTheLowerAction) {
  EXPECT_EQ(backward_induction(Choice{{1, 2, 2}}).decisions[0], 1);
  EXPECT_EQ(backward_induction(Choice{{3, 2, 3}}).decisions[0], 0);
  // Within `tie` a later action is no better...
  const auto r = backward_induction(Choice{{1, 1.3, 1.2}}, {.tie = 0.5});
  EXPECT_EQ(r.decisions[0], 0);
  EXPECT_EQ(r.values[0], 1);
  // ...but beyond it, it is; and exactly the same as value iteration's rule without it.
  EXPECT_EQ(backward_induction(Choice{{1, 1.6, 1.2}}, {.tie = 0.5}).decisions[0], 1);
  EXPECT_EQ(best_action(3, [](int a) { return a == 1 ? 1.0 + 1e-15 : 1.0; }).second, 1);
}

TEST(BackwardInduction, AnIncumbentWithinTheTieStays) {
  // The value stays the best one; only the decision keeps the incumbent.
  const auto r = backward_induction(Choice{{1, 2, 2 - 1e-13}, 2}, {.tie = 1e-12});
  EXPECT_EQ(r.decisions[0], 2);
  EXPECT_EQ(r.values[0], 2);
  // An incumbent that loses by more than the tie is replaced.
  EXPECT_EQ(backward_induction(Choice{{1, 2, 1.5}, 2}, {.tie = 1e-12}).decisions[0], 1);
  // The incumbent 0 is kept against a later equal best.
  EXPECT_EQ(backward_induction(Choice{{2, 1, 2}, 0}).decisions[0], 0);
  EXPECT_EQ(backward_induction(Choice{{1, 3, 3}, 2}).decisions[0], 2);
}

TEST(BackwardInduction, DecisionsReachTheSink) {
  std::vector<std::tuple<std::size_t, int, int>> seen;
  const auto v = backward_induction(ThrowFirst{}, {}, [&](std::size_t s, int o, int a) { seen.emplace_back(s, o, a); });
  const auto table = backward_induction(ThrowFirst{});
  ASSERT_EQ(seen.size(), table.decisions.size());
  for (const auto& [s, o, a] : seen) EXPECT_EQ(table.decision(s, o), a);
  EXPECT_EQ(v, table.values);
}

}  // namespace
}  // namespace verflixt::core
