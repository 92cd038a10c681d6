#include "verflixt/games/verflixte6/analyses/sweep.h"

#include <gtest/gtest.h>

#include <cmath>

#include "verflixte6/exact_threshold.h"
#include "verflixt/games/verflixte6/rules/heuristic.h"

namespace verflixt::verflixte6 {
namespace {

TEST(Sweep, OneTrajectoryMeansMatchTheExactRecursionForEveryThreshold) {
  for (const Rules& r : {preset("tournament-2019"), preset("classic")}) {
    const ThresholdPolicy base(0);
    const SweepResult res = sweep(r, {}, base, 12, 24, 200000, 77, 2);
    ASSERT_TRUE(res.one_trajectory);
    ASSERT_EQ(res.points.size(), 13u);
    for (const SweepPoint& p : res.points) {
      EXPECT_EQ(p.tally.turns(), 200000u);
      EXPECT_NEAR(p.tally.mean(), testing::exact_threshold_value(r, p.threshold), 4 * p.tally.stderr_mean())
          << r.preset << " N=" << p.threshold;
    }
    // The best point is the one with the highest mean, and the paired errors are smaller
    // than the unpaired ones (the policies share their turns).
    for (const SweepPoint& p : res.points) EXPECT_LE(p.tally.mean(), res.points[static_cast<size_t>(res.best)].tally.mean());
    const SweepPoint& ru = res.points[static_cast<size_t>(res.runner_up)];
    EXPECT_LT(ru.diff_stderr, std::hypot(ru.tally.stderr_mean(), res.points[static_cast<size_t>(res.best)].tally.stderr_mean()));
  }
}

TEST(Sweep, KernelModeAgreesWithTheExactChainValue) {
  const Rules r = preset("tournament-2019");
  HeuristicParams hp;
  hp.priority = {HIRTENSCHUTZ, PONY};
  hp.use_from.fill(18);
  hp.use_to.fill(1000);
  const HeuristicPolicy base(hp, "test");
  const SweepResult res = sweep(r, JokerSet{}.with(HIRTENSCHUTZ).with(PONY), base, 15, 21, 100000, 5, 2);
  ASSERT_FALSE(res.one_trajectory);
  for (const SweepPoint& p : res.points) EXPECT_NEAR(p.tally.mean(), p.exact_ev, 4 * p.tally.stderr_mean()) << p.threshold;
}

TEST(Sweep, StopAtKeepsTheBasePoliciesJokers) {
  const Rules r = preset("tournament-2019");
  HeuristicParams hp;
  hp.priority = {HIRTENSCHUTZ};
  hp.use_from.fill(10);
  hp.use_to.fill(12);
  const HeuristicPolicy base(hp, "test");
  const StopAtPolicy p(base, 15);
  TurnState t;
  t.held = JokerSet{}.with(HIRTENSCHUTZ);
  t.eyes = 11;
  EXPECT_EQ(p.decide(TurnView{r, t, -1, {}, 0}), Action::use(HIRTENSCHUTZ));
  t.eyes = 14;
  EXPECT_EQ(p.decide(TurnView{r, t, -1, {}, 0}), Action::roll());
  t.eyes = 15;
  EXPECT_EQ(p.decide(TurnView{r, t, -1, {}, 0}), Action::stop());
}

}  // namespace
}  // namespace verflixt::verflixte6
