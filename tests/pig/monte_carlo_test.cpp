// Monte Carlo of whole Pig games against exact values: optimal against optimal (the value
// the solver reproduces from Neller & Presser 2004) and hold at 20 against itself (an
// independent iteration in reference.h); and the same counts on 1 and 2 threads.
#include "verflixt/games/pig/monte_carlo.h"

#include <gtest/gtest.h>

#include <cmath>

#include "reference.h"
#include "verflixt/games/pig/solver.h"

namespace verflixt::pig {
namespace {

TEST(PigMonteCarlo, OptimalAgainstOptimalAgreesWithTheExactValue) {
  const PigRules rules;
  const auto solution = std::make_shared<const PigSolution>(solve(rules));
  const OptimalPolicy opt(solution);
  const PigPolicy* seats[] = {&opt, &opt};
  const MatchRun run = play_games(rules, seats, 200000, 2004, 2);
  ASSERT_EQ(run.tally.games, 200000u);
  EXPECT_EQ(run.tally.wins[0] + run.tally.wins[1], 200000u);
  const double exact = solution->win_probability(0, 0, 0);
  EXPECT_LT(std::abs(run.tally.p_win(0) - exact), 4 * run.tally.se_win(0))
      << run.tally.p_win(0) << " ± " << run.tally.se_win(0) << " vs exact " << exact;
  // And against the published four digits directly (0.5306, rounding adds 5e-5).
  EXPECT_LT(std::abs(run.tally.p_win(0) - 0.5306), 4 * run.tally.se_win(0) + 5e-5);
}

TEST(PigMonteCarlo, HoldAt20AgreesWithAnIndependentExactValue) {
  const double exact = testing::reference_pig(100, 6, 1, 20).at(0, 0, 0);
  const HoldAtPolicy h(20);
  const PigPolicy* seats[] = {&h, &h};
  const MatchRun run = play_games(PigRules{}, seats, 200000, 20, 2);
  EXPECT_LT(std::abs(run.tally.p_win(0) - exact), 4 * run.tally.se_win(0))
      << run.tally.p_win(0) << " ± " << run.tally.se_win(0) << " vs exact " << exact;
}

TEST(PigMonteCarlo, ThreadIndependentAndSeeded) {
  PigRules rules;
  rules.players = 3;
  const HoldAtPolicy a(15), b(20), c(25);
  const PigPolicy* seats[] = {&a, &b, &c};
  const MatchRun one = play_games(rules, seats, 30000, 5, 1);
  const MatchRun two = play_games(rules, seats, 30000, 5, 2);
  EXPECT_EQ(one.tally, two.tally);
  EXPECT_FALSE(one.interrupted);
  const MatchRun other = play_games(rules, seats, 30000, 6, 2);
  EXPECT_NE(one.tally, other.tally);
  std::uint64_t total = 0;
  for (auto w : one.tally.wins) total += w;
  EXPECT_EQ(total, 30000u);
}

TEST(PigMonteCarlo, StopRequestKeepsWholeChunksOnly) {
  std::atomic<bool> stop{true};
  core::RunControl control;
  control.stop = &stop;
  const HoldAtPolicy h(20);
  const PigPolicy* seats[] = {&h, &h};
  const MatchRun run = play_games(PigRules{}, seats, 100000, 1, 2, control);
  EXPECT_TRUE(run.interrupted);
  EXPECT_EQ(run.tally.games % kGamesPerChunk, 0u);
}

}  // namespace
}  // namespace verflixt::pig
