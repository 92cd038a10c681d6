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

namespace verflixt {
namespace {

// ---- Chains built from the rules, by hand ----

// The no-joker turn of solo mode stopping at n eyes (docs/rules/verflixte6.md T1, T3, T4, T5, §5): the free
// throw adds its face; then, while eyes < n, 2..5 add the face, the j-th robbing 1 adds
// 1 + min(j, 5), and a 6 ends the turn at 0, eliminated. States: start, live (eyes, j) with
// j capped at 5 (more ones steal no more), and one terminal state per outcome value.
Chain threshold_chain(int n) {
  Chain c;
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
Chain random_chain(unsigned seed) {
  std::mt19937 g(seed);
  Chain c;
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

// The exact distribution of (value, eliminated) at the end of a turn: probability mass
// flows from the start along the chain's outcomes until less than 1e-15 is still live.
std::map<std::pair<int, bool>, double> exact_distribution(const Chain& c) {
  std::vector<double> mass(c.size(), 0), next(c.size(), 0);
  std::map<std::pair<int, bool>, double> out;
  mass[c.start] = 1;
  for (int sweep = 0; sweep < 10000; ++sweep) {
    std::fill(next.begin(), next.end(), 0.0);
    double live = 0;
    for (std::size_t s = 0; s < c.size(); ++s) {
      if (mass[s] == 0) continue;
      if (c.terminal[s]) {
        out[{c.value[s], c.eliminated[s] != 0}] += mass[s];
        continue;
      }
      for (std::uint32_t k = c.first[s]; k < c.first[s + 1]; ++k) next[c.outcome_next[k]] += mass[s] * c.outcome_prob[k];
    }
    std::swap(mass, next);
    for (std::size_t s = 0; s < c.size(); ++s) live += mass[s];
    if (live < 1e-15) break;
  }
  return out;
}

// The 0.999 quantile of chi-square with `df` degrees of freedom (Wilson–Hilferty; accurate to
// well under 1% for df >= 3, which is all a pass/fail line needs).
double chi2_critical(int df) {
  const double z = 3.090232;  // standard normal 0.999 quantile
  const double a = 2.0 / (9.0 * df);
  return df * std::pow(1 - a + z * std::sqrt(a), 3);
}

// Chi-square of a tally against an exact distribution of (value, eliminated); bins with an
// expected count below 5 are pooled. Returns {statistic, degrees of freedom}.
std::pair<double, int> chi_square(const Tally& t, const Chain& c, const std::map<std::pair<int, bool>, double>& exact) {
  // The tally's histogram is by value only; busts are counted separately, so compare on
  // value bins, with exact probabilities summed over the eliminated flag.
  (void)c;
  std::map<int, double> p;
  for (const auto& [key, q] : exact) p[key.first] += q;
  const double n = static_cast<double>(t.turns());
  double chi2 = 0, pooled_obs = 0, pooled_exp = 0;
  int bins = 0;
  for (const auto& [v, q] : p) {
    const auto it = t.histogram().find(v);
    const double obs = it == t.histogram().end() ? 0.0 : static_cast<double>(it->second);
    if (n * q < 5) {
      pooled_obs += obs;
      pooled_exp += n * q;
      continue;
    }
    chi2 += (obs - n * q) * (obs - n * q) / (n * q);
    ++bins;
  }
  if (pooled_exp > 0) {
    chi2 += (pooled_obs - pooled_exp) * (pooled_obs - pooled_exp) / std::max(pooled_exp, 1e-300);
    ++bins;
  }
  // A value the exact distribution gives probability 0 must never appear.
  for (const auto& [v, cnt] : t.histogram())
    if (!p.count(v)) chi2 += 1e9 * static_cast<double>(cnt);
  return {chi2, bins - 1};
}

double exact_mean(const std::map<std::pair<int, bool>, double>& d) {
  double m = 0;
  for (const auto& [key, q] : d) m += key.first * q;
  return m;
}
double exact_bust(const std::map<std::pair<int, bool>, double>& d) {
  double b = 0;
  for (const auto& [key, q] : d) b += key.second ? q : 0;
  return b;
}

// ---- The alias tables ----

// Every state's step distribution as the tables realize it is the chain's, rounded to
// multiples of 2^-32: each successor (terminal classes pooled) within 2^-32 · outcomes.
// A row that plays m steps realizes the m-step distribution (terminals absorbing),
// computed here by plain double sums over the chain.
void expect_tables_match(const Chain& c, const AliasOptions& options = {}) {
  const AliasChain a = compile_alias(c, options);
  const auto realized = realized_counts(a);
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
    expect_tables_match(threshold_chain(n), AliasOptions{1, 32});
    expect_tables_match(threshold_chain(n), AliasOptions{2, 32});
    expect_tables_match(threshold_chain(n), AliasOptions{4, 64});
  }
}

TEST(AliasChain, RealizesUnevenManyOutcomeProbabilities) {
  for (unsigned seed : {1u, 2u, 3u}) {
    expect_tables_match(random_chain(seed), AliasOptions{1, 32});
    expect_tables_match(random_chain(seed), AliasOptions{2, 64});
  }
}

TEST(AliasChain, MergesTerminalsByValueAndBust) {
  const Chain c = threshold_chain(17);
  const AliasChain a = compile_alias(c);
  // Values 17..22 (the largest: 16 + 1 + 5 from a fifth robbing 1) and the bust.
  EXPECT_EQ(a.class_value.size(), 7u);
}

TEST(AliasChain, RejectsMalformedChains) {
  Chain c = threshold_chain(5);
  c.outcome_prob[0] += 0.01;  // start's outcomes no longer sum to 1
  EXPECT_THROW(compile_alias(c), std::invalid_argument);
  Chain d = threshold_chain(5);
  d.outcome_next[3] = static_cast<std::uint32_t>(d.size());
  EXPECT_THROW(compile_alias(d), std::invalid_argument);
  Chain e = threshold_chain(5);
  e.start = static_cast<std::uint32_t>(e.size() + 1);
  EXPECT_THROW(compile_alias(e), std::invalid_argument);
}

// ---- Sampling against exact answers ----

TEST(Kernel, MeanAndBustRateMatchTheExactThresholdValue) {
  for (int n : {5, 17, 25}) {
    const Tally t = sample_chain(threshold_chain(n), 2'000'000, 1000 + static_cast<unsigned>(n), 2);
    ASSERT_EQ(t.turns(), 2'000'000u);
    EXPECT_NEAR(t.mean(), exact_threshold_value(n), 4 * t.stderr_mean()) << "threshold " << n;
    EXPECT_NEAR(t.bust_rate(), exact_threshold_bust(n), 4 * t.bust_stderr()) << "threshold " << n;
  }
}

TEST(Kernel, OneStepTablesMatchTheExactValueToo) {
  const AliasChain a = compile_alias(threshold_chain(17), AliasOptions{1, 32});
  const Tally t = sample_chain(a, 2'000'000, 31, KernelOptions{2, 1 << 16});
  EXPECT_NEAR(t.mean(), exact_threshold_value(17), 4 * t.stderr_mean());
  EXPECT_NEAR(t.bust_rate(), exact_threshold_bust(17), 4 * t.bust_stderr());
  const Chain c = random_chain(6);
  const auto exact = exact_distribution(c);
  const Tally r = sample_chain(compile_alias(c, AliasOptions{1, 32}), 2'000'000, 32, KernelOptions{2, 1 << 16});
  const auto [chi2, df] = chi_square(r, c, exact);
  EXPECT_LT(chi2, chi2_critical(df));
}

TEST(Kernel, DistributionMatchesForwardPropagation) {
  {
    const Chain c = threshold_chain(17);
    const auto exact = exact_distribution(c);
    const Tally t = sample_chain(c, 4'000'000, 77, 2);
    const auto [chi2, df] = chi_square(t, c, exact);
    EXPECT_LT(chi2, chi2_critical(df)) << "df " << df;
    EXPECT_NEAR(t.mean(), exact_mean(exact), 4 * t.stderr_mean());
  }
  for (unsigned seed : {4u, 5u}) {
    const Chain c = random_chain(seed);
    const auto exact = exact_distribution(c);
    const Tally t = sample_chain(c, 3'000'000, seed, 2);
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
  const AliasChain a = compile_alias(threshold_chain(17));
  KernelOptions one{1, 1 << 14}, two{2, 1 << 14};
  const Tally t1 = sample_chain(a, 1'000'003, 9, one);
  const Tally t2 = sample_chain(a, 1'000'003, 9, two);
  const Tally t3 = sample_chain(a, 1'000'003, 9, two);
  EXPECT_EQ(t1, t2);
  EXPECT_EQ(t2, t3);
  EXPECT_NE(t1, sample_chain(a, 1'000'003, 10, one));
}

TEST(Kernel, PlaysExactlyTheRequestedTurns) {
  const AliasChain a = compile_alias(threshold_chain(12));
  for (std::uint64_t turns : {0ull, 1ull, 7ull, 255ull, 256ull, 257ull, 100'001ull}) {
    const Tally t = sample_chain(a, turns, 3, KernelOptions{2, 1000});
    EXPECT_EQ(t.turns(), turns);
    std::uint64_t sum = 0;
    for (auto [v, n] : t.histogram()) sum += n;
    EXPECT_EQ(sum, turns);
  }
}

TEST(Kernel, ATurnOfNoStepsIsTallied) {
  // A chain whose start is terminal (e.g. no free throw and stop at 0): every turn is 0.
  Chain c;
  c.value = {3};
  c.terminal = {1};
  c.eliminated = {0};
  c.first = {0, 0};
  const Tally t = sample_chain(c, 1000, 1, 1);
  EXPECT_EQ(t.turns(), 1000u);
  EXPECT_EQ(t.mean(), 3.0);
}

TEST(Kernel, InterruptionKeepsWholeChunks) {
  const AliasChain a = compile_alias(threshold_chain(17));
  std::atomic<bool> stop{false};
  RunControl control;
  control.stop = &stop;
  control.progress = [&](std::uint64_t done, std::uint64_t) {
    if (done >= 3000) stop = true;
  };
  const Tally t = sample_chain(a, 100'000, 5, KernelOptions{1, 1000}, control);
  EXPECT_EQ(t.turns(), 3000u);  // one thread: chunks 0, 1, 2, then the flag is seen
  stop = true;
  EXPECT_EQ(sample_chain(a, 100'000, 5, KernelOptions{2, 1000}, control).turns(), 0u);
}

// ---- The yardsticks ----

TEST(Naive, ThresholdLoopMatchesTheExactValue) {
  const Tally t = naive_threshold(preset("tournament-2019"), 17, 1'000'000, 3, 2);
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
    const Tally t = naive_threshold(r, 20, 400'000, 11, 2);
    EXPECT_NEAR(t.mean(), testing::exact_threshold_value(r, 20), 4 * t.stderr_mean()) << "bust face " << r.bust_face;
  }
}

TEST(Naive, ChainLoopMatchesForwardPropagation) {
  const Chain c = random_chain(8);
  const auto exact = exact_distribution(c);
  const Tally t = naive_sample_chain(c, 1'000'000, 8, 2);
  const auto [chi2, df] = chi_square(t, c, exact);
  EXPECT_LT(chi2, chi2_critical(df));
  EXPECT_NEAR(t.mean(), exact_mean(exact), 4 * t.stderr_mean());
}

}  // namespace
}  // namespace verflixt

// ---- The kernel against the reference engine, through the solver's compile_chain ----

#include <sys/types.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "verflixt/core/dice.h"
#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"

namespace verflixt {
namespace {

// Announces the first legal joker (rule order) once the eyes reach `from`, otherwise stops
// at 17: every announceable joker of a loadout gets played, so every joker's step is
// exercised. Inner choices keep the Policy defaults.
class EagerJokerPolicy final : public Policy {
 public:
  explicit EagerJokerPolicy(int from) : from_(from) {}
  std::string name() const override { return "eager-jokers:" + std::to_string(from_); }
  Action decide(const TurnView& view) const override {
    if (view.turn.eyes >= from_)
      for (int j = 0; j < JOKER_NB; ++j)
        if (view.turn.held.has(static_cast<Joker>(j)) && is_legal(view, Action::use(static_cast<Joker>(j))))
          return Action::use(static_cast<Joker>(j));
    return view.turn.eyes >= 17 ? Action::stop() : Action::roll();
  }

 private:
  int from_;
};

Tally engine_turns(const Rules& rules, JokerSet loadout, const Policy& policy, std::uint64_t turns, std::uint64_t seed) {
  RandomDice dice(Rng{seed});
  Tally t;
  for (std::uint64_t i = 0; i < turns; ++i) {
    const TurnState end = play_solo_turn(rules, loadout, policy, dice);
    t.add(end.eyes, end.eliminated);
  }
  return t;
}

// The 0.9999 quantile (many comparisons share this file; each must pass on its fixed seed).
double chi2_critical_strict(int df) {
  const double z = 3.719016;
  const double a = 2.0 / (9.0 * df);
  return df * std::pow(1 - a + z * std::sqrt(a), 3);
}

// Kernel and engine both against the chain's exact distribution (chi-square), and against
// each other (means within 4 combined standard errors).
void expect_kernel_matches_engine(const Rules& rules, JokerSet loadout, const Policy& policy, std::uint64_t seed) {
  SCOPED_TRACE(rules.preset + " " + loadout_name(loadout) + " " + policy.name());
  const Chain chain = compile_chain(rules, loadout, policy);
  const auto exact = exact_distribution(chain);
  const Tally k = sample_chain(chain, 1'000'000, seed, 2);
  const Tally e = engine_turns(rules, loadout, policy, 100'000, seed);
  const auto [ck, dfk] = chi_square(k, chain, exact);
  const auto [ce, dfe] = chi_square(e, chain, exact);
  EXPECT_LT(ck, chi2_critical_strict(std::max(dfk, 1))) << "kernel vs exact, df " << dfk;
  EXPECT_LT(ce, chi2_critical_strict(std::max(dfe, 1))) << "engine vs exact, df " << dfe;
  EXPECT_NEAR(k.mean(), e.mean(), 4 * std::hypot(k.stderr_mean(), e.stderr_mean()));
  EXPECT_NEAR(k.bust_rate(), e.bust_rate(), 4 * std::hypot(k.bust_stderr(), e.bust_stderr()) + 1e-12);
  EXPECT_NEAR(k.mean(), exact_mean(exact), 4 * k.stderr_mean());
}

// The joker yardstick of `verflixt bench` (the engine on std::mt19937_64 dice) plays the
// same game: its mean and bust rate match the chain's exact ones.
TEST(Naive, EngineLoopMatchesTheExactChain) {
  const Rules rules = preset("tournament-2019");
  const auto heuristic = make_policy(VERFLIXT_SOURCE_DIR "/strategies/heuristic.ini", rules);
  const JokerSet loadout = JokerSet{}.with(HIRTENSCHUTZ).with(RATTENLORD).with(SPELUNKENBOLD);
  const auto exact = exact_distribution(compile_chain(rules, loadout, *heuristic));
  const Tally t = naive_engine_turns(rules, loadout, *heuristic, 200'000, 11, 2);
  EXPECT_EQ(t.turns(), 200'000u);
  EXPECT_NEAR(t.mean(), exact_mean(exact), 4 * t.stderr_mean());
  EXPECT_NEAR(t.bust_rate(), exact_bust(exact), 4 * t.bust_stderr());
}

TEST(KernelVsEngine, EverySingleJokerBothPresets) {
  std::uint64_t seed = 100;
  for (const char* name : {"tournament-2019", "classic"}) {
    const Rules rules = preset(name);
    const EagerJokerPolicy policy(6);
    for (int j = 0; j < JOKER_NB; ++j)
      if (rules.jokers.has(static_cast<Joker>(j)))
        expect_kernel_matches_engine(rules, JokerSet{}.with(static_cast<Joker>(j)), policy, ++seed);
  }
}

TEST(KernelVsEngine, ThreeJokerLoadoutsBothPresets) {
  std::uint64_t seed = 200;
  for (const char* name : {"tournament-2019", "classic"}) {
    const Rules rules = preset(name);
    const auto heuristic = make_policy(VERFLIXT_SOURCE_DIR "/strategies/heuristic.ini", rules);
    const EagerJokerPolicy eager(10);
    const std::vector<std::vector<Joker>> loadouts = {
        {HIRTENSCHUTZ, RATTENLORD, SPELUNKENBOLD}, {FROSTSCHUTZ, VENTIL, JULE}, {FUMO, PONY, MONOKEL},
        {ANACONDA, SENIGMA, ALL_IN}, {CHERRY, TENTAKEL, RUNKELRUEB}};
    for (const auto& list : loadouts) {
      JokerSet set;
      for (Joker j : list)
        if (rules.jokers.has(j)) set = set.with(j);
      expect_kernel_matches_engine(rules, set, *heuristic, ++seed);
      expect_kernel_matches_engine(rules, set, eager, ++seed);
    }
  }
}

// ---- `verflixt bench` is a regression check: its signature is the kernel's tally ----

std::string bench_json(const std::string& args) {
  const auto dir = std::filesystem::temp_directory_path() / ("verflixt_kernel_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto out = dir / "bench.json";
  const std::string cmd = std::string(VERFLIXT_BINARY) + " bench " + args + " --output " + out.string() + " 2>/dev/null";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::ifstream in(out);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Every kept repeat of one measure, and the summary computed from them (sample SD, n - 1).
void expect_summary_of(const std::vector<double>& v, double mean, double sd, double min, double max,
                       double rel, const std::string& what) {
  SCOPED_TRACE(what);
  ASSERT_FALSE(v.empty());
  double m = 0;
  for (double x : v) m += x;
  m /= static_cast<double>(v.size());
  double ss = 0;
  for (double x : v) ss += (x - m) * (x - m);
  const double s = v.size() > 1 ? std::sqrt(ss / static_cast<double>(v.size() - 1)) : 0.0;
  EXPECT_NEAR(mean, m, rel * std::fabs(m));
  EXPECT_NEAR(sd, s, rel * std::fabs(m));
  EXPECT_NEAR(min, *std::min_element(v.begin(), v.end()), rel * std::fabs(m));
  EXPECT_NEAR(max, *std::max_element(v.begin(), v.end()), rel * std::fabs(m));
}

std::string expected_signature() {
  const Rules rules = preset("tournament-2019");
  const Tally t = sample_chain(compile_chain(rules, JokerSet{}, ThresholdPolicy(17)), 200000, 7, 1);
  char expect[64];
  std::snprintf(expect, sizeof expect, "%.9f/200000", t.mean());
  return expect;
}

const char* const kBenchArgs = "--turns 200000 --baseline-turns 2000 --table-turns 24000 --seed 7 --threads 2 --repeats 2 --policy "
                               VERFLIXT_SOURCE_DIR "/strategies/heuristic.ini --table-policy " VERFLIXT_SOURCE_DIR
                               "/strategies/position-jokers.ini --table-field " VERFLIXT_SOURCE_DIR
                               "/strategies/heuristic.ini";

TEST(BenchCommand, SignatureIsTheKernelTallyAndIndependentOfThreads) {
  const auto j = nlohmann::json::parse(bench_json(std::string(kBenchArgs) + " --format json"));
  ASSERT_EQ(j["rows"].size(), 4u);  // two workloads, 1 and 2 threads
  const std::string expect = expected_signature();
  EXPECT_EQ(j["repeats"], 2);
  for (const auto& row : j["rows"]) {
    EXPECT_TRUE(row["same_as_one_thread"].get<bool>());
    const auto& k = row["kernel_turns_per_second"]["values"];
    const auto& b = row["baseline_turns_per_second"]["values"];
    const auto& ratio = row["kernel_to_baseline_ratio"]["values"];
    ASSERT_EQ(k.size(), 2u);  // every repeat kept
    ASSERT_EQ(b.size(), 2u);
    ASSERT_EQ(ratio.size(), 2u);
    for (size_t r = 0; r < 2; ++r) {
      EXPECT_GT(k[r].get<double>(), 0.0);
      EXPECT_GT(b[r].get<double>(), 0.0);
      // The ratio of a repeat is its own kernel over its own baseline.
      EXPECT_NEAR(ratio[r].get<double>(), k[r].get<double>() / b[r].get<double>(), 1e-9 * ratio[r].get<double>());
    }
  }
  EXPECT_EQ(j["rows"][0]["workload"], "threshold:17");
  EXPECT_EQ(j["rows"][0]["signature"], expect);
  EXPECT_EQ(j["rows"][1]["signature"], expect);
  // 6-player passes: the pass kernel against the reference engine on the same passes; the
  // two seat-1 means are independent samples of one distribution.
  ASSERT_EQ(j["pass_rows"].size(), 4u);
  EXPECT_EQ(j["table_turns"], 24000);
  for (const auto& row : j["pass_rows"]) {
    EXPECT_EQ(row["turns"], 24000);         // 4000 passes of 6
    EXPECT_EQ(row["baseline_turns"], 1998);  // 333 passes of 6
    EXPECT_TRUE(row["same_as_one_thread"].get<bool>());
    EXPECT_EQ(row["kernel_to_baseline_ratio"]["values"].size(), 2u);
    EXPECT_GT(row["kernel_to_baseline_ratio"]["mean"].get<double>(), 0.0);
    EXPECT_LE(std::fabs(row["mean"].get<double>() - row["baseline_mean"].get<double>()),
              4 * std::hypot(row["stderr"].get<double>(), row["baseline_stderr"].get<double>()));
  }
  // 4-player evenings: pass kernel against reference engine, 1 and 2 threads; the kernel's
  // result (hashed into its tally) is the same on 2 threads as on 1.
  ASSERT_EQ(j["evening_rows"].size(), 2u);
  for (const auto& row : j["evening_rows"]) {
    EXPECT_EQ(row["players"], 4);
    EXPECT_TRUE(row["same_as_one_thread"].get<bool>());
    EXPECT_GT(row["evenings"].get<int>(), 0);
    EXPECT_EQ(row["turns"].get<std::uint64_t>(), row["evenings"].get<std::uint64_t>() * 4 * 3);  // 3 passes (P2)
    // The kernel plays --table-turns, the engine --baseline-turns.
    EXPECT_EQ(row["evenings"], 24000 / 12);
    EXPECT_EQ(row["baseline_evenings"], 2000 / 12);
    EXPECT_EQ(row["baseline_turns"].get<std::uint64_t>(), row["baseline_evenings"].get<std::uint64_t>() * 4 * 3);
    EXPECT_GT(row["kernel_to_baseline_ratio"]["mean"].get<double>(), 0.0);
  }
  EXPECT_FALSE(j.contains("mpi_rows"));  // not under mpirun
  EXPECT_EQ(j["context"]["mpi_ranks"], 1);
  // Every summary is the mean, sample SD, min and max of the repeats it keeps.
  for (const char* section : {"rows", "pass_rows", "evening_rows"})
    for (const auto& row : j[section])
      for (const auto& [key, value] : row.items())
        if (value.is_object()) {
          ASSERT_TRUE(value.contains("values")) << key;
          EXPECT_EQ(value["values"].size(), 2u) << key;
          expect_summary_of(value["values"].get<std::vector<double>>(), value["mean"], value["sd"], value["min"],
                            value["max"], 1e-12, std::string(section) + " " + key);
        }
  // The context: what the numbers depend on.
  const auto& c = j["context"];
  for (const char* key : {"date_utc", "verflixt_version", "cpu_model", "logical_cores", "threads_measured", "isa",
                          "isa_features", "native_build", "compiler", "build_type", "build_flags", "assertions",
                          "load_average", "load_average_after", "busy_threshold", "machine_busy", "warning"})
    EXPECT_TRUE(c.contains(key)) << key;
  EXPECT_FALSE(c["cpu_model"].get<std::string>().empty());
  EXPECT_EQ(c["threads_measured"], "1..2");
  EXPECT_GE(c["logical_cores"].get<int>(), 1);
  EXPECT_EQ(c["load_average"].size(), 3u);
  EXPECT_EQ(c["machine_busy"].get<bool>(), c["warning"].is_string());
  EXPECT_EQ(c["machine_busy"].get<bool>(), c["load_average"][0].get<double>() > c["busy_threshold"].get<double>());
#ifdef NDEBUG
  EXPECT_FALSE(c["assertions"].get<bool>());
#endif
}

// Splits one CSV line (RFC 4180 quoting).
std::vector<std::string> csv_cells(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    if (quoted) {
      if (ch == '"' && i + 1 < line.size() && line[i + 1] == '"') out.back() += '"', ++i;
      else if (ch == '"') quoted = false;
      else out.back() += ch;
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == ',') {
      out.emplace_back();
    } else {
      out.back() += ch;
    }
  }
  return out;
}

TEST(BenchCommand, CsvKeepsEveryRepeatAndItsSummaryUnderDistinctColumns) {
  std::istringstream text(bench_json(std::string(kBenchArgs) + " --format csv"));
  std::string line;
  ASSERT_TRUE(std::getline(text, line));
  const auto header = csv_cells(line);
  std::map<std::string, size_t> col;
  for (size_t i = 0; i < header.size(); ++i) EXPECT_TRUE(col.emplace(header[i], i).second) << "duplicate " << header[i];
  for (const char* key : {"section", "workload", "threads", "stat", "repeat", "kernel_turns_per_second",
                          "baseline_turns_per_second", "kernel_to_baseline_ratio", "signature"})
    ASSERT_TRUE(col.count(key)) << key;
  // Group the lines by section x workload x threads.
  std::map<std::string, std::vector<std::vector<std::string>>> groups;
  while (std::getline(text, line)) {
    const auto cells = csv_cells(line);
    ASSERT_EQ(cells.size(), header.size()) << line;
    groups[cells[col["section"]] + "|" + cells[col["workload"]] + "|" + cells[col["threads"]]].push_back(cells);
  }
  ASSERT_EQ(groups.size(), 10u);  // solo and passes x two workloads, evenings x one, x 1, 2 threads
  const std::string expect = expected_signature();
  for (const auto& [name, lines] : groups) {
    SCOPED_TRACE(name);
    ASSERT_EQ(lines.size(), 6u);  // 2 repeats, then mean, sd, min, max
    EXPECT_EQ(lines[0][col["stat"]], "repeat");
    EXPECT_EQ(lines[0][col["repeat"]], "1");
    EXPECT_EQ(lines[1][col["repeat"]], "2");
    const char* stats[] = {"mean", "sd", "min", "max"};
    for (int s = 0; s < 4; ++s) EXPECT_EQ(lines[2 + s][col["stat"]], stats[s]);
    if (name.rfind("solo|threshold:17|", 0) == 0) {
      EXPECT_EQ(lines[0][col["signature"]], expect);
    }
    for (size_t c = col["repeat"] + 1; c < col["kernel_turns"]; ++c) {
      if (lines[0][c].empty()) continue;  // a measure this section does not have
      std::vector<double> v = {std::stod(lines[0][c]), std::stod(lines[1][c])};
      expect_summary_of(v, std::stod(lines[2][c]), std::stod(lines[3][c]), std::stod(lines[4][c]),
                        std::stod(lines[5][c]), 1e-8, header[c]);
    }
    const size_t k = col["kernel_turns_per_second"], b = col["baseline_turns_per_second"],
                 r = col["kernel_to_baseline_ratio"];
    for (int rep = 0; rep < 2; ++rep)
      EXPECT_NEAR(std::stod(lines[rep][r]), std::stod(lines[rep][k]) / std::stod(lines[rep][b]),
                  1e-8 * std::stod(lines[rep][r]));
  }
}

TEST(BenchCommand, TableHasAContextBlockAndDistinctMeasures) {
  const std::string t = bench_json("--turns 20000 --baseline-turns 600 --threads 1 --repeats 1 --policy "
                                   VERFLIXT_SOURCE_DIR "/strategies/heuristic.ini");
  for (const char* key : {"\ndate ", "\ncpu ", "\nthreads ", "\nisa ", "\ncompiler ", "\nbuild ", "\nload average ",
                          "\nstatistics ", "threads  measure "})
    EXPECT_NE(t.find(key), std::string::npos) << key;
  // Within one block every measure label appears once.
  const auto block = t.substr(t.find("threads  measure"), t.find("signature") - t.find("threads  measure"));
  std::set<std::string> labels;
  std::istringstream in(block);
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) EXPECT_TRUE(labels.insert(line.substr(9, 28)).second) << line;
  EXPECT_GE(labels.size(), 8u);
}

}  // namespace
}  // namespace verflixt
