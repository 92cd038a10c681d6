// Tests of the sampling kernel (kernel.h). The chains here are built by the test itself from
// docs/rules/verflixte6.md, and every expected number is computed in the test independently of the kernel:
// the solo value of "stop at N" by a memoized recursion over the rules, the distribution of
// values by forward propagation over the chain. Statistical checks use fixed seeds.
#include "verflixt/core/kernel.h"
#include "verflixt/games/verflixte6/analyses/yardstick.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

#include "verflixte6/exact_threshold.h"
#include "verflixte6/kernels/chain_distribution.h"

namespace verflixt::verflixte6 {
namespace {

using testing::chi_square;
using testing::exact_bust;
using testing::exact_distribution;
using testing::exact_mean;

// ---- Chains built from the rules, by hand ----

// The no-joker turn of solo mode stopping at n eyes (docs/rules/verflixte6.md T1, T3, T4, T5, §5): the free
// throw adds its face; then, while eyes < n, 2..5 add the face, the j-th robbing 1 adds
// 1 + min(j, 5), and a 6 ends the turn at 0, eliminated. States: start, live (eyes, j) with
// j capped at 5 (more ones steal no more), and one terminal state per outcome value.
core::Chain threshold_chain(int n) {
  core::Chain c;
  std::map<std::pair<int, int>, std::uint32_t> live;
  std::map<int, std::uint32_t> done;
  std::uint32_t bust = 0;
  auto add_state = [&](int value, bool terminal, bool eliminated) {
    c.value.push_back(value);
    c.terminal.push_back(terminal);
    c.eliminated.push_back(eliminated);
    return static_cast<std::uint32_t>(c.value.size() - 1);
  };
  c.start = add_state(0, false, false);
  bust = add_state(0, true, true);
  for (int eyes = 0; eyes < n; ++eyes)
    for (int j = 0; j <= 5; ++j) live[{eyes, j}] = add_state(eyes, false, false);
  auto target = [&](int eyes, int j) {
    if (eyes < n) return live.at({eyes, std::min(j, 5)});
    auto it = done.find(eyes);
    if (it == done.end()) it = done.emplace(eyes, add_state(eyes, true, false)).first;
    return it->second;
  };
  // Outcome lists per state, then CSR.
  std::vector<std::vector<std::pair<std::uint32_t, double>>> out(c.value.size() + 64);
  for (int f = 1; f <= 6; ++f) out[c.start].push_back({target(f, 0), 1.0 / 6});
  for (const auto& [key, s] : std::map(live)) {
    const auto [eyes, j] = key;
    for (int f = 2; f <= 5; ++f) out[s].push_back({target(eyes + f, j), 1.0 / 6});
    out[s].push_back({target(eyes + 1 + std::min(j + 1, 5), j + 1), 1.0 / 6});
    out[s].push_back({bust, 1.0 / 6});
  }
  out.resize(c.value.size());
  c.first.push_back(0);
  for (std::size_t s = 0; s < c.value.size(); ++s) {
    for (auto [t, p] : out[s]) {
      c.outcome_next.push_back(t);
      c.outcome_prob.push_back(p);
    }
    c.first.push_back(static_cast<std::uint32_t>(c.outcome_next.size()));
  }
  c.description = "threshold:" + std::to_string(n) + " (test)";
  return c;
}

// A random layered chain that exercises what the threshold chain does not: states with 1 to
// 40 outcomes of very uneven probability (down to ~1e-6), negative values, busts with
// non-zero values, and several terminal states sharing a value.
core::Chain random_chain(unsigned seed) {
  std::mt19937 g(seed);
  core::Chain c;
  constexpr int kLayers = 5, kWidth = 12, kTerminals = 25;
  const int live = kLayers * kWidth;
  for (int s = 0; s < live; ++s) {
    c.value.push_back(0);
    c.terminal.push_back(0);
    c.eliminated.push_back(0);
  }
  std::uniform_int_distribution<int> val(-15, 30);
  for (int t = 0; t < kTerminals; ++t) {
    c.value.push_back(t < 5 ? t : val(g));  // values 0..4 appear both busted and not
    c.terminal.push_back(1);
    c.eliminated.push_back(t % 4 == 0);
  }
  c.first.push_back(0);
  for (int s = 0; s < live; ++s) {
    const int layer = s / kWidth;
    const int k = std::uniform_int_distribution<int>(1, 40)(g);
    std::vector<double> w(static_cast<std::size_t>(k));
    for (auto& x : w) x = std::pow(10.0, std::uniform_real_distribution<double>(-6, 0)(g));
    double sum = 0;
    for (double x : w) sum += x;
    for (int o = 0; o < k; ++o) {
      // Later layers only (acyclic), or a terminal.
      const bool to_terminal = layer == kLayers - 1 || std::uniform_int_distribution<int>(0, 2)(g) == 0;
      std::uint32_t t;
      if (to_terminal) {
        t = static_cast<std::uint32_t>(live + std::uniform_int_distribution<int>(0, kTerminals - 1)(g));
      } else {
        t = static_cast<std::uint32_t>(std::uniform_int_distribution<int>((layer + 1) * kWidth, live - 1)(g));
      }
      c.outcome_next.push_back(t);
      c.outcome_prob.push_back(w[static_cast<std::size_t>(o)] / sum);
    }
    c.first.push_back(static_cast<std::uint32_t>(c.outcome_next.size()));
  }
  for (int t = 0; t < kTerminals; ++t) c.first.push_back(c.first.back());
  c.start = 0;
  return c;
}

// ---- Exact answers, computed independently of the kernel ----

// The solo value of "stop at n" straight from the rules: V(eyes, j) = eyes once eyes >= n,
// else the average over the six faces (a 6 is worth 0).
double exact_threshold_value(int n) {
  std::map<std::pair<int, int>, double> memo;
  auto v = [&](auto&& self, int eyes, int j) -> double {
    if (eyes >= n) return eyes;
    auto it = memo.find({eyes, j});
    if (it != memo.end()) return it->second;
    double sum = 0;
    for (int f = 2; f <= 5; ++f) sum += self(self, eyes + f, j);
    sum += self(self, eyes + 1 + std::min(j + 1, 5), j + 1);
    return memo[{eyes, j}] = sum / 6;
  };
  double total = 0;
  for (int f = 1; f <= 6; ++f) total += v(v, f, 0);
  return total / 6;
}

// The probability that "stop at n" busts, by the same recursion.
double exact_threshold_bust(int n) {
  std::map<std::pair<int, int>, double> memo;
  auto b = [&](auto&& self, int eyes, int j) -> double {
    if (eyes >= n) return 0;
    auto it = memo.find({eyes, j});
    if (it != memo.end()) return it->second;
    double sum = 1;  // the 6
    for (int f = 2; f <= 5; ++f) sum += self(self, eyes + f, j);
    sum += self(self, eyes + 1 + std::min(j + 1, 5), j + 1);
    return memo[{eyes, j}] = sum / 6;
  };
  double total = 0;
  for (int f = 1; f <= 6; ++f) total += b(b, f, 0);
  return total / 6;
}

double chi2_critical(int df) {
  const double z = 3.090232;  // standard normal 0.999 quantile
  const double a = 2.0 / (9.0 * df);
  return df * std::pow(1 - a + z * std::sqrt(a), 3);
}

// ---- The alias tables ----

// Every state's step distribution as the tables realize it is the chain's, rounded to
// multiples of 2^-32: each successor (terminal classes pooled) within 2^-32 · outcomes.
// A row that plays m steps realizes the m-step distribution (terminals absorbing),
// computed here by plain double sums over the chain.
void expect_tables_match(const core::Chain& c, const core::AliasOptions& options = {}) {
  const core::AliasChain a = compile_alias(c, options);
  const auto realized = core::realized_counts(a);
  int composed = 0;
  for (std::size_t s = 0; s < c.size(); ++s) {
    if (c.terminal[s]) continue;
    ASSERT_GE(a.row_steps[s], 1);
    ASSERT_LE(a.row_steps[s], std::max(options.max_steps, 1));
    composed += a.row_steps[s] > 1;
    std::map<std::uint32_t, double> mass{{static_cast<std::uint32_t>(s), 1.0}};  // by chain state
    for (int m = 0; m < a.row_steps[s]; ++m) {
      std::map<std::uint32_t, double> next;
      for (auto [t, p] : mass) {
        if (c.terminal[t]) {
          next[t] += p;
          continue;
        }
        for (std::uint32_t k = c.first[t]; k < c.first[t + 1]; ++k) next[c.outcome_next[k]] += p * c.outcome_prob[k];
      }
      mass = std::move(next);
    }
    std::map<std::uint32_t, double> want;  // by kernel code
    for (auto [t, p] : mass) want[a.state_code[t]] += p;
    std::uint64_t total = 0;
    for (auto [code, cnt] : realized[s]) total += cnt;
    EXPECT_EQ(total, std::uint64_t{1} << 32) << "state " << s;
    const double tol = std::ldexp(1.0, -31) * (1 + 1e-6);  // kernel.h: within 2 units of 2^-32
    for (auto [code, p] : want) {
      const auto it = realized[s].find(code);
      const double got = it == realized[s].end() ? 0.0 : std::ldexp(static_cast<double>(it->second), -32);
      EXPECT_NEAR(got, p, tol) << "state " << s << " code " << code;
      EXPECT_GT(got, 0.0);
    }
    EXPECT_EQ(realized[s].size(), want.size()) << "state " << s << " reaches a successor the chain does not";
  }
  if (options.max_steps >= 2) {
    EXPECT_GT(composed, 0);
  }
}

TEST(AliasChain, RealizesThresholdChainProbabilities) {
  for (int n : {1, 2, 7, 17, 30}) {
    expect_tables_match(threshold_chain(n), core::AliasOptions{1, 32});
    expect_tables_match(threshold_chain(n), core::AliasOptions{2, 32});
    expect_tables_match(threshold_chain(n), core::AliasOptions{4, 64});
  }
}

TEST(AliasChain, RealizesUnevenManyOutcomeProbabilities) {
  for (unsigned seed : {1u, 2u, 3u}) {
    expect_tables_match(random_chain(seed), core::AliasOptions{1, 32});
    expect_tables_match(random_chain(seed), core::AliasOptions{2, 64});
  }
}

TEST(AliasChain, MergesTerminalsByValueAndBust) {
  const core::Chain c = threshold_chain(17);
  const core::AliasChain a = compile_alias(c);
  // Values 17..22 (the largest: 16 + 1 + 5 from a fifth robbing 1) and the bust.
  EXPECT_EQ(a.class_value.size(), 7u);
}

TEST(AliasChain, RejectsMalformedChains) {
  core::Chain c = threshold_chain(5);
  c.outcome_prob[0] += 0.01;  // start's outcomes no longer sum to 1
  EXPECT_THROW(core::compile_alias(c), std::invalid_argument);
  core::Chain d = threshold_chain(5);
  d.outcome_next[3] = static_cast<std::uint32_t>(d.size());
  EXPECT_THROW(core::compile_alias(d), std::invalid_argument);
  core::Chain e = threshold_chain(5);
  e.start = static_cast<std::uint32_t>(e.size() + 1);
  EXPECT_THROW(core::compile_alias(e), std::invalid_argument);
}

// ---- Sampling against exact answers ----

TEST(Kernel, MeanAndBustRateMatchTheExactThresholdValue) {
  for (int n : {5, 17, 25}) {
    const core::Tally t = sample_chain(threshold_chain(n), 2'000'000, 1000 + static_cast<unsigned>(n), 2);
    ASSERT_EQ(t.turns(), 2'000'000u);
    EXPECT_NEAR(t.mean(), exact_threshold_value(n), 4 * t.stderr_mean()) << "threshold " << n;
    EXPECT_NEAR(t.bust_rate(), exact_threshold_bust(n), 4 * t.bust_stderr()) << "threshold " << n;
  }
}

TEST(Kernel, OneStepTablesMatchTheExactValueToo) {
  const core::AliasChain a = compile_alias(threshold_chain(17), core::AliasOptions{1, 32});
  const core::Tally t = sample_chain(a, 2'000'000, 31, core::KernelOptions{2, 1 << 16});
  EXPECT_NEAR(t.mean(), exact_threshold_value(17), 4 * t.stderr_mean());
  EXPECT_NEAR(t.bust_rate(), exact_threshold_bust(17), 4 * t.bust_stderr());
  const core::Chain c = random_chain(6);
  const auto exact = exact_distribution(c);
  const core::Tally r = core::sample_chain(compile_alias(c, core::AliasOptions{1, 32}), 2'000'000, 32, core::KernelOptions{2, 1 << 16});
  const auto [chi2, df] = chi_square(r, c, exact);
  EXPECT_LT(chi2, chi2_critical(df));
}

TEST(Kernel, DistributionMatchesForwardPropagation) {
  {
    const core::Chain c = threshold_chain(17);
    const auto exact = exact_distribution(c);
    const core::Tally t = sample_chain(c, 4'000'000, 77, 2);
    const auto [chi2, df] = chi_square(t, c, exact);
    EXPECT_LT(chi2, chi2_critical(df)) << "df " << df;
    EXPECT_NEAR(t.mean(), exact_mean(exact), 4 * t.stderr_mean());
  }
  for (unsigned seed : {4u, 5u}) {
    const core::Chain c = random_chain(seed);
    const auto exact = exact_distribution(c);
    const core::Tally t = sample_chain(c, 3'000'000, seed, 2);
    const auto [chi2, df] = chi_square(t, c, exact);
    EXPECT_LT(chi2, chi2_critical(df)) << "random chain " << seed << ", df " << df;
    EXPECT_NEAR(t.mean(), exact_mean(exact), 4 * t.stderr_mean());
    EXPECT_NEAR(t.bust_rate(), exact_bust(exact), 4 * t.bust_stderr());
  }
}

TEST(Kernel, ThresholdMeanMatchesTheRecursionThroughForwardPropagationToo) {
  // The two independent exact computations in this file agree (a check of the test itself).
  for (int n : {1, 10, 17, 29}) EXPECT_NEAR(exact_mean(exact_distribution(threshold_chain(n))), exact_threshold_value(n), 1e-12);
}

// ---- Reproducibility and bookkeeping ----

TEST(Kernel, SameSeedSameTallyOnOneOrTwoThreadsAndAcrossRuns) {
  const core::AliasChain a = compile_alias(threshold_chain(17));
  core::KernelOptions one{1, 1 << 14}, two{2, 1 << 14};
  const core::Tally t1 = sample_chain(a, 1'000'003, 9, one);
  const core::Tally t2 = sample_chain(a, 1'000'003, 9, two);
  const core::Tally t3 = sample_chain(a, 1'000'003, 9, two);
  EXPECT_EQ(t1, t2);
  EXPECT_EQ(t2, t3);
  EXPECT_NE(t1, core::sample_chain(a, 1'000'003, 10, one));
}

TEST(Kernel, PlaysExactlyTheRequestedTurns) {
  const core::AliasChain a = compile_alias(threshold_chain(12));
  for (std::uint64_t turns : {0ull, 1ull, 7ull, 255ull, 256ull, 257ull, 100'001ull}) {
    const core::Tally t = sample_chain(a, turns, 3, core::KernelOptions{2, 1000});
    EXPECT_EQ(t.turns(), turns);
    std::uint64_t sum = 0;
    for (auto [v, n] : t.histogram()) sum += n;
    EXPECT_EQ(sum, turns);
  }
}

TEST(Kernel, ATurnOfNoStepsIsTallied) {
  // A chain whose start is terminal (e.g. no free throw and stop at 0): every turn is 0.
  core::Chain c;
  c.value = {3};
  c.terminal = {1};
  c.eliminated = {0};
  c.first = {0, 0};
  const core::Tally t = sample_chain(c, 1000, 1, 1);
  EXPECT_EQ(t.turns(), 1000u);
  EXPECT_EQ(t.mean(), 3.0);
}

TEST(Kernel, InterruptionKeepsWholeChunks) {
  const core::AliasChain a = compile_alias(threshold_chain(17));
  std::atomic<bool> stop{false};
  core::RunControl control;
  control.stop = &stop;
  control.progress = [&](std::uint64_t done, std::uint64_t) {
    if (done >= 3000) stop = true;
  };
  const core::Tally t = sample_chain(a, 100'000, 5, core::KernelOptions{1, 1000}, control);
  EXPECT_EQ(t.turns(), 3000u);  // one thread: chunks 0, 1, 2, then the flag is seen
  stop = true;
  EXPECT_EQ(core::sample_chain(a, 100'000, 5, core::KernelOptions{2, 1000}, control).turns(), 0u);
}

// ---- The yardsticks ----

TEST(Naive, ThresholdLoopMatchesTheExactValue) {
  const core::Tally t = naive_threshold(preset("tournament-2019"), 17, 1'000'000, 3, 2);
  EXPECT_EQ(t.turns(), 1'000'000u);
  EXPECT_NEAR(t.mean(), exact_threshold_value(17), 4 * t.stderr_mean());
  EXPECT_NEAR(t.bust_rate(), exact_threshold_bust(17), 4 * t.bust_stderr());
}

TEST(Naive, ThresholdLoopPlaysTheRulesItIsGiven) {
  // The yardstick once hard-coded 6, 1 and the free throw. Pig's one-turn ruleset (a 1 busts,
  // no free throw, no robbing) and a changed bust face must each be played as written.
  Rules pig = preset("tournament-2019");
  pig.bust_face = 1;
  pig.free_throw = false;
  pig.ones_rob = false;
  Rules five = preset("tournament-2019");
  five.bust_face = 5;
  for (const Rules& r : {pig, five}) {
    const core::Tally t = naive_threshold(r, 20, 400'000, 11, 2);
    EXPECT_NEAR(t.mean(), testing::exact_threshold_value(r, 20), 4 * t.stderr_mean()) << "bust face " << r.bust_face;
  }
}

TEST(Naive, ChainLoopMatchesForwardPropagation) {
  const core::Chain c = random_chain(8);
  const auto exact = exact_distribution(c);
  const core::Tally t = naive_sample_chain(c, 1'000'000, 8, 2);
  const auto [chi2, df] = chi_square(t, c, exact);
  EXPECT_LT(chi2, chi2_critical(df));
  EXPECT_NEAR(t.mean(), exact_mean(exact), 4 * t.stderr_mean());
}

}  // namespace
}  // namespace verflixt::verflixte6
