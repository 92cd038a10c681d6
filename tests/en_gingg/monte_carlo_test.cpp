// Monte Carlo of En Gingg as Bei against exact values: each solver policy's sampled turns
// within 4 standard errors of its exact value (and of the values the independent Python
// recursion gave, see solver_test.cpp), phase 2's damage per digit, and whole games that
// give the same counts on 1 and 2 threads.
#include "verflixt/games/en_gingg/monte_carlo.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "verflixt/core/chance.h"
#include "verflixt/games/en_gingg/engine.h"
#include "verflixt/games/en_gingg/solver.h"
#include "verflixt/core/rng.h"

namespace verflixt::en_gingg {
namespace {

constexpr double kHitsPerDigit = 1.7676699354662;  // E[hits] of phase 2, swiss rules

TEST(EnGinggMonteCarlo, SolverPoliciesAgreeWithTheirExactValues) {
  const EnGinggRules rules;
  for (const Objective o : {Objective::Own, Objective::OwnPlusNext}) {
    const auto sol = std::make_shared<const Phase1Solution>(rules, o);
    const OptimalPolicy p(sol);
    const TurnRun run = sample_turns(rules, p, 200000, 2002, 2);
    ASSERT_EQ(run.tally.turns, 200000u);
    const core::Estimate e = run.tally.value(o);
    EXPECT_LT(std::abs(e.mean - sol->value()), 4 * e.se) << p.name() << ": " << e.mean << " ± " << e.se << " vs " << sol->value();
    const TurnValue exact = turn_value(rules, p);
    const core::Estimate loss = run.tally.next_loss();
    EXPECT_LT(std::abs(loss.mean - exact.next_loss), 4 * loss.se);
  }
}

TEST(EnGinggMonteCarlo, Phase2DamagePerDigitAndAHeuristic) {
  // keep-from:4 and its exact next-player loss, which is Σ_k P(S = 30 + k) · k · E[hits].
  const EnGinggRules rules;
  const KeepFromPolicy k4(rules, 4);
  const TurnValue exact = turn_value(rules, k4);
  double loss = 0;
  for (int k = 1; k <= 6; ++k) loss += exact.p_sum[static_cast<size_t>(30 + k)] * k * kHitsPerDigit;
  EXPECT_NEAR(exact.next_loss, loss, 1e-12);
  const TurnRun run = sample_turns(rules, k4, 200000, 4, 2);
  const core::Estimate own = run.tally.own_change(), next = run.tally.next_loss();
  EXPECT_LT(std::abs(own.mean - exact.own_change), 4 * own.se);
  EXPECT_LT(std::abs(next.mean - exact.next_loss), 4 * next.se);
  EXPECT_LT(std::abs(static_cast<double>(run.tally.phase2) / 200000 - exact.p_phase2),
            4 * std::sqrt(exact.p_phase2 * (1 - exact.p_phase2) / 200000));
}

TEST(EnGinggMonteCarlo, Phase2HitsAgreeWithTheirExpectation) {
  // The engine's phase 2 alone, digit 4: mean hits against E[hits] of the independent recursion.
  const EnGinggRules rules;
  core::Rng rng = core::chunk_rng(14, 0);
  auto dice = [&] { return core::roll_face(rng, 6); };
  double sum = 0, sum_sq = 0;
  const int n = 200000;
  for (int k = 0; k < n; ++k) {
    int throws = 0;
    const int h = play_phase2(rules, 4, dice, throws);
    sum += h, sum_sq += h * h;
  }
  const core::Estimate e = core::mean_from_sums(n, sum, sum_sq);
  EXPECT_LT(std::abs(e.mean - kHitsPerDigit), 4 * e.se) << e.mean << " ± " << e.se;
}

// Whole two-player games from a balance of 3 against the game written as a recursion over the
// balances here: V(mine, theirs) = P(the player to move loses), from the exact distribution of
// the phase-1 sum (turn_value) and of the phase-2 hits; balances are capped at 80, which a game
// from 3 reaches with a probability far below the test's resolution.
TEST(EnGinggMonteCarlo, TwoPlayerGamesAgreeWithARecursionOverTheBalances) {
  EnGinggRules rules;
  rules.players = 2;
  rules.start_balance = 3;
  const KeepFromPolicy k6(rules, 6);
  const std::vector<double> ps = turn_value(rules, k6).p_sum;
  const std::vector<double> hits = phase2_hit_distribution(rules, 1);  // the same for every digit
  constexpr int kCap = 80;
  std::vector<double> v((kCap + 1) * (kCap + 1), 0.5);
  const auto at = [&](int a, int b) -> double& { return v[static_cast<size_t>(std::min(a, kCap) * (kCap + 1) + std::min(b, kCap))]; };
  for (int sweep = 0; sweep < 10000; ++sweep) {
    double change = 0;
    for (int a = 1; a <= kCap; ++a)
      for (int b = 1; b <= kCap; ++b) {
        double lose = 0;
        for (int sum = 6; sum <= 36; ++sum) {
          const double p = ps[static_cast<size_t>(sum)];
          if (p == 0) continue;
          if (sum < 30) {
            lose += p * (a - (30 - sum) <= 0 ? 1.0 : 1 - at(b, a - (30 - sum)));
          } else if (sum == 30) {
            lose += p * (1 - at(b, a));
          } else {
            const int k = sum - 30;
            for (size_t h = 0; h < hits.size(); ++h) {
              const int theirs = b - k * static_cast<int>(h);
              lose += p * hits[h] * (theirs <= 0 ? 0.0 : 1 - at(theirs, a + k));
            }
          }
        }
        change = std::max(change, std::abs(lose - at(a, b)));
        at(a, b) = lose;
      }
    if (change < 1e-13) break;
  }
  const double exact = at(3, 3);
  const SetAsidePolicy* seats[] = {&k6, &k6};
  const GameRun run = play_games(rules, seats, 200000, 33, 2);
  const core::Estimate p = run.tally.p_lose(0);
  EXPECT_LT(std::abs(p.mean - exact), 4 * p.se) << p.mean << " ± " << p.se << " vs exact " << exact;
}

TEST(EnGinggMonteCarlo, WholeGamesAreThreadIndependentAndSeeded) {
  EnGinggRules rules;
  rules.players = 3;
  const KeepFromPolicy a(rules, 5), b(rules, 6);
  const OptimalPolicy c(std::make_shared<const Phase1Solution>(rules, Objective::OwnPlusNext));
  const SetAsidePolicy* seats[] = {&a, &b, &c};
  const GameRun one = play_games(rules, seats, 5000, 7, 1);
  const GameRun two = play_games(rules, seats, 5000, 7, 2);
  EXPECT_EQ(one.tally, two.tally);
  EXPECT_FALSE(one.interrupted);
  EXPECT_NE(one.tally, play_games(rules, seats, 5000, 8, 2).tally);
  std::uint64_t total = 0;
  for (auto l : one.tally.losses) total += l;
  EXPECT_EQ(total, 5000u);
  EXPECT_GT(one.tally.length().mean, 1.0);
}

TEST(EnGinggMonteCarlo, StopRequestKeepsWholeChunksOnly) {
  std::atomic<bool> stop{true};
  core::RunControl control;
  control.stop = &stop;
  EnGinggRules rules;
  rules.players = 2;
  const KeepFromPolicy a(rules, 5);
  const SetAsidePolicy* seats[] = {&a, &a};
  const GameRun run = play_games(rules, seats, 10000, 1, 2, control);
  EXPECT_TRUE(run.interrupted);
  EXPECT_EQ(run.tally.games % kGamesPerChunk, 0u);
}

}  // namespace
}  // namespace verflixt::en_gingg
