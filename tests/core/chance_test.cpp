// The core's chance nodes: multisets of a throw of n dice against a brute-force count of all
// faces^n ordered sequences, and the n-sided die against roll_die and a uniformity check.
#include "verflixt/core/chance.h"

#include <gtest/gtest.h>

#include <map>
#include <numeric>
#include <set>

#include "verflixt/core/rng.h"

namespace verflixt::core {
namespace {

// Every ordered sequence of n dice, counted by the multiset it shows: written here without
// the library, as the reference.
std::map<std::vector<int>, std::uint64_t> brute_force(int n, int faces) {
  std::map<std::vector<int>, std::uint64_t> count;
  std::vector<int> seq(n, 0);
  while (true) {
    std::vector<int> counts(faces, 0);
    for (int f : seq) ++counts[f];
    ++count[counts];
    int d = 0;
    while (d < n && ++seq[d] == faces) seq[d++] = 0;
    if (d == n) break;
  }
  return count;
}

TEST(DiceMultisets, SixDiceHave462OutcomesMatchingBruteForce) {
  const auto outcomes = dice_multisets(6, 6);
  ASSERT_EQ(outcomes.size(), 462u);  // C(11, 5)
  const auto reference = brute_force(6, 6);
  ASSERT_EQ(reference.size(), 462u);
  std::set<std::vector<int>> seen;
  for (const auto& o : outcomes) {
    EXPECT_EQ(std::accumulate(o.outcome.counts.begin(), o.outcome.counts.end(), 0), 6);
    EXPECT_TRUE(seen.insert(o.outcome.counts).second) << "a multiset twice";
    ASSERT_TRUE(reference.count(o.outcome.counts));
    EXPECT_EQ(o.outcome.ways, reference.at(o.outcome.counts));
    EXPECT_DOUBLE_EQ(o.probability, static_cast<double>(reference.at(o.outcome.counts)) / 46656.0);
  }
}

TEST(DiceMultisets, ProbabilitiesSumToOneExactlyAsRationals) {
  for (auto [n, faces] : {std::pair{6, 6}, {1, 6}, {3, 2}, {5, 10}, {0, 6}, {4, 1}}) {
    const auto outcomes = dice_multisets(n, faces);
    std::uint64_t ways = 0;  // numerators over the common denominator faces^n
    double p = 0;
    for (const auto& o : outcomes) ways += o.outcome.ways, p += o.probability;
    EXPECT_EQ(ways, dice_sequences(n, faces)) << n << " dice, " << faces << " faces";
    EXPECT_NEAR(p, 1.0, 1e-12);
    EXPECT_EQ(outcomes.size(), brute_force(n, faces).size());
  }
  EXPECT_EQ(dice_sequences(6, 6), 46656u);
  EXPECT_THROW(dice_sequences(64, 2), std::overflow_error);
  EXPECT_THROW(dice_multisets(-1, 6), std::invalid_argument);
}

TEST(RollFace, SixFacesIsRollDie) {
  Rng a(7), b(7);
  for (int t = 0; t < 1000; ++t) ASSERT_EQ(roll_face(a, 6), roll_die(b));
}

TEST(RollFace, SevenFacesAreUniform) {
  Rng g(11);
  std::vector<int> count(8, 0);
  const int n = 700000;
  for (int t = 0; t < n; ++t) {
    const int f = roll_face(g, 7);
    ASSERT_GE(f, 1);
    ASSERT_LE(f, 7);
    ++count[f];
  }
  // Each count is binomial(n, 1/7): mean 100000, SD about 293; 5 SD is a loose bound.
  for (int f = 1; f <= 7; ++f) EXPECT_NEAR(count[f], n / 7.0, 5 * 293.0) << "face " << f;
}

}  // namespace
}  // namespace verflixt::core
