// Exact chain evaluation against independent recursions written here: the no-joker
// threshold policy of the tournament rules, and Pig's hold-at-20 turn (the published
// distribution), plus hand-made chains with cycles for the sparse-LU path.
#include "verflixt/core/markov.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <stdexcept>

#include "verflixt/games/verflixte6/exact/solo_model.h"

namespace verflixt::verflixte6 {
namespace {

// The solo value of "stop at n or more, no jokers" in the tournament rules, by a memoized
// recursion over (eyes, robbing 1s so far) written from docs/rules/verflixte6.md T1–T5 directly.
double threshold_value(int n) {
  std::map<std::pair<int, int>, double> memo;
  std::function<double(int, int)> v = [&](int eyes, int rob) -> double {
    if (eyes >= n) return eyes;
    auto key = std::make_pair(eyes, rob);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    double e = 0;  // a 6 contributes 0
    const int j = rob + 1;
    e += v(eyes + 1 + std::min(j, 5), j);  // a robbing 1
    for (int f = 2; f <= 5; ++f) e += v(eyes + f, rob);
    return memo[key] = e / 6;
  };
  double start = 0;
  for (int f = 1; f <= 6; ++f) start += v(f, 0) / 6;  // T1: the free throw
  return start;
}

// Pig (bust_face 1, no free throw, no robbing): the probability of each outcome of
// hold-at-h, by propagating the probability of passing through each turn total.
std::map<int, double> pig_hold(int h) {
  std::map<int, double> pass{{0, 1.0}}, out;
  for (int t = 0; t < h; ++t) {
    const double p = pass[t];
    if (p == 0) continue;
    out[0] += p / 6;
    for (int f = 2; f <= 6; ++f) {
      if (t + f >= h) out[t + f] += p / 6;
      else pass[t + f] += p / 6;
    }
  }
  return out;
}

Rules pig() {
  Rules r = preset("tournament-2019");
  r.bust_face = 1;
  r.free_throw = false;
  r.ones_rob = false;
  return r;
}

TEST(Markov, ThresholdPolicyMatchesRecursion) {
  const Rules r = preset("tournament-2019");
  for (int n : {0, 1, 5, 10, 16, 20, 27, 40}) {
    const core::MarkovResult m = evaluate_chain(compile_chain(r, {}, ThresholdPolicy(n)));
    EXPECT_NEAR(m.ev, threshold_value(n), 1e-11) << n;
    double sum = 0;
    for (auto [v, p] : m.distribution) sum += p;
    EXPECT_NEAR(sum, 1, 1e-12);
    EXPECT_TRUE(m.acyclic);
  }
}

TEST(Markov, PigHoldAt20) {
  // Published (T. Neller, "Hold-at-20 Outcomes", Nifty Assignments 2010, accompanying
  // Neller & Presser, "Optimal Play of the Dice Game Pig", UMAP Journal 25 (2004)):
  // 0: 0.624541, 20: 0.099713, 21: 0.094991, 22: 0.074189, 23: 0.054196, 24: 0.035198,
  // 25: 0.017173.
  const std::map<int, double> published{{0, 0.624541},  {20, 0.099713}, {21, 0.094991}, {22, 0.074189},
                                        {23, 0.054196}, {24, 0.035198}, {25, 0.017173}};
  const core::MarkovResult m = evaluate_chain(compile_chain(pig(), {}, ThresholdPolicy(20)));
  const auto mine = pig_hold(20);
  ASSERT_EQ(m.distribution.size(), mine.size());
  for (auto [v, p] : mine) EXPECT_NEAR(m.distribution.at(v), p, 1e-13) << v;
  for (auto [v, p] : published) EXPECT_NEAR(m.distribution.at(v), p, 5e-7) << v;
  EXPECT_NEAR(m.bust_probability, mine.at(0), 1e-13);
  double ev = 0;
  for (auto [v, p] : mine) ev += v * p;
  EXPECT_NEAR(m.ev, ev, 1e-12);
}

// A chain by hand: states listed as (value, terminal, eliminated, outcomes).
core::Chain make_chain(const std::vector<std::tuple<int, bool, bool, std::vector<std::pair<std::uint32_t, double>>>>& spec) {
  core::Chain c;
  c.first.push_back(0);
  for (const auto& [v, t, e, outs] : spec) {
    c.value.push_back(v);
    c.terminal.push_back(t);
    c.eliminated.push_back(e);
    for (auto [n, p] : outs) {
      c.outcome_next.push_back(n);
      c.outcome_prob.push_back(p);
    }
    c.first.push_back(static_cast<std::uint32_t>(c.outcome_next.size()));
  }
  return c;
}

TEST(Markov, CyclicChainUsesSparseLU) {
  // 0 -> 0 (1/2), 1 (1/4), 2 (1/4); 1 -> 0 (1/3), 3 (2/3). Absorbing: 2 (value 10,
  // eliminated), 3 (value 4). By hand: P(reach 2) = x, from 0: x0 = 1/2 x0 + 1/4 + 1/4 x1,
  // x1 = 1/3 x0  =>  x0 (1/2 - 1/12) = 1/4  =>  x0 = 3/5.
  const core::Chain c = make_chain({{0, false, false, {{0, 0.5}, {1, 0.25}, {2, 0.25}}},
                              {0, false, false, {{0, 1.0 / 3}, {3, 2.0 / 3}}},
                              {10, true, true, {}},
                              {4, true, false, {}}});
  const core::MarkovResult m = evaluate_chain(c);
  EXPECT_FALSE(m.acyclic);
  EXPECT_NEAR(m.bust_probability, 0.6, 1e-12);
  EXPECT_NEAR(m.distribution.at(10), 0.6, 1e-12);
  EXPECT_NEAR(m.distribution.at(4), 0.4, 1e-12);
  EXPECT_NEAR(m.ev, 6 + 1.6, 1e-12);
  const auto v = core::state_values(c);
  EXPECT_NEAR(v[0], 7.6, 1e-12);
  EXPECT_NEAR(v[1], 7.6 / 3 + 8.0 / 3, 1e-12);
}

TEST(Markov, StateValuesAgreeWithRecursion) {
  const Rules r = preset("tournament-2019");
  const core::Chain c = compile_chain(r, {}, ThresholdPolicy(16));
  EXPECT_NEAR(core::state_values(c)[c.start], threshold_value(16), 1e-11);
}

TEST(Markov, MalformedChainsAreRejected) {
  core::Chain bad = make_chain({{0, false, false, {{1, 0.5}}}, {1, true, false, {}}});
  EXPECT_THROW(core::evaluate_chain(bad), std::invalid_argument);  // row sums to 1/2
  core::Chain out_of_range = make_chain({{0, false, false, {{7, 1.0}}}, {1, true, false, {}}});
  EXPECT_THROW(core::evaluate_chain(out_of_range), std::invalid_argument);
}

}  // namespace
}  // namespace verflixt::verflixte6
