// How the core solves the Zehntausend race (core/race_solver.h), held to the plain iteration:
// without the warm start and the reused slopes it is the level-by-level solve of one turn at a
// time bit for bit — the fingerprint below is of that iteration's values at limit 1000, as a
// scalar solve of one start at a time computes them, so waves and lanes may change no bit —
// with them it reaches the same values within the tolerance in fewer evaluations, and neither
// depends on the number of threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "verflixt/games/zehntausend/race.h"

namespace verflixt::zehntausend {
namespace {

// FNV-1a over the bytes of the values: any bit that differs changes it.
std::uint64_t fingerprint(const std::vector<double>& values) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const double x : values) {
    unsigned char bytes[sizeof(double)];
    std::memcpy(bytes, &x, sizeof x);
    for (const unsigned char b : bytes) h = (h ^ b) * 0x100000001b3ull;
  }
  return h;
}

double largest_difference(const core::RaceSolution& x, const core::RaceSolution& y) {
  double d = 0;
  for (std::size_t i = 0; i < x.start.size(); ++i) d = std::max(d, std::abs(x.start[i] - y.start[i]));
  for (std::size_t i = 0; i < x.last_turn.size(); ++i) d = std::max(d, std::abs(x.last_turn[i] - y.last_turn[i]));
  return d;
}

TEST(ZehntausendRaceSolve, TheClassicIterationIsTheLevelByLevelSolveBitForBit) {
  const Race race(ZehntausendRules{.limit = 1000}, kDefaultOvershoot, Race::TurnOnly{});
  for (const int threads : {1, 3}) {
    const core::RaceSolution s = race.solve({.warm_start = false, .reuse_slopes = false, .threads = threads});
    ASSERT_TRUE(s.converged);
    EXPECT_EQ(s.sweeps, 10);
    EXPECT_EQ(s.turn_evaluations, 8800u);
    EXPECT_EQ(s.first_wins(), 0.45284383019777003);
    EXPECT_EQ(fingerprint(s.start), 0x22b6d46ca1e13e0aull) << threads << " threads";
    EXPECT_EQ(fingerprint(s.last_turn), 0xeb70a8701280cb83ull) << threads << " threads";
  }
}

TEST(ZehntausendRaceSolve, WarmStartAndReusedSlopesReachTheSameValuesInFewerEvaluations) {
  const Race race(ZehntausendRules{.limit = 2000}, kDefaultOvershoot, Race::TurnOnly{});
  const core::RaceSolution cold = race.solve({.warm_start = false, .reuse_slopes = false, .threads = 2});
  const core::RaceSolution warm = race.solve({.threads = 2});
  ASSERT_TRUE(cold.converged);
  ASSERT_TRUE(warm.converged);
  EXPECT_LT(warm.turn_evaluations, cold.turn_evaluations);
  EXPECT_LE(largest_difference(cold, warm), 1e-12);
  // The same bits on any number of threads.
  const core::RaceSolution one = race.solve({.threads = 1});
  EXPECT_EQ(one.start, warm.start);
  EXPECT_EQ(one.last_turn, warm.last_turn);
  EXPECT_EQ(one.sweeps, warm.sweeps);
}

}  // namespace
}  // namespace verflixt::zehntausend
