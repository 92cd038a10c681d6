#include "verflixt/core/stats.h"

#include <gtest/gtest.h>

#include <cmath>

namespace verflixt::core {

TEST(Tally, MeanVarianceAndStderrMatchTheTextbookFormulas) {
  Tally t;
  const int values[] = {0, 4, 4, 10, 22};
  for (int v : values) t.add(v, v == 0);
  EXPECT_DOUBLE_EQ(t.mean(), 8.0);
  // Sample variance: sum of squared deviations (64+16+16+4+196 = 296) over n-1 = 4.
  EXPECT_DOUBLE_EQ(t.variance(), 74.0);
  EXPECT_DOUBLE_EQ(t.stderr_mean(), std::sqrt(74.0 / 5));
  EXPECT_DOUBLE_EQ(t.bust_rate(), 0.2);
  EXPECT_EQ(t.percentile(0.5), 4);
  EXPECT_EQ(t.percentile(0.0), 0);
  EXPECT_EQ(t.percentile(1.0), 22);
}

TEST(Tally, MergeInAnyOrderGivesTheSameBits) {
  Tally a, b, c;
  for (int k = 0; k < 100; ++k) (k % 3 ? a : b).add(k * 7 % 23 - 5, k % 5 == 0);
  c.add_many(9, 10, 2);
  Tally ab = a, ba = b;
  ab.merge(b);
  ab.merge(c);
  ba.merge(c);
  ba.merge(a);
  EXPECT_EQ(ab, ba);
  EXPECT_EQ(ab.turns(), 110u);
}

}  // namespace verflixt::core

namespace verflixt::core {
namespace {

// proportion: the share and its binomial SE sqrt(p(1 - p)/n), computed here by hand.
TEST(Proportion, ShareAndBinomialStandardError) {
  const Estimate e = proportion(3, 12);
  EXPECT_DOUBLE_EQ(e.mean, 0.25);
  EXPECT_DOUBLE_EQ(e.se, std::sqrt(0.25 * 0.75 / 12.0));
  const Estimate none = proportion(0, 0);
  EXPECT_EQ(none.mean, 0.0);
  EXPECT_EQ(none.se, 0.0);
  EXPECT_EQ(proportion(5, 5).se, 0.0);  // every trial a hit: no spread
}

}  // namespace
}  // namespace verflixt::core
