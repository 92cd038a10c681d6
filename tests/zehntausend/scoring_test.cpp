// Z1 scoring: the contract's worked examples 1-3 and every one of the 462 throws of six dice
// against a table computed here independently (reference.h's closed forms).
#include <gtest/gtest.h>

#include <vector>

#include "reference.h"
#include "verflixt/games/zehntausend/scoring.h"
#include "verflixt/games/zehntausend/turn.h"

namespace verflixt::zehntausend {
namespace {

const ZehntausendRules kRules{};

int points(std::vector<int> thrown, std::vector<int> kept) {
  return set_aside_points(counts_of(thrown), counts_of(kept), kRules);
}

TEST(ZehntausendScoring, WorkedExample1Kinds) {
  EXPECT_EQ(points({4, 4, 4, 4, 2, 3}, {4, 4, 4, 4}), 800);
  EXPECT_EQ(points({4, 4, 4, 4, 4, 3}, {4, 4, 4, 4, 4}), 1600);
  EXPECT_EQ(points({1, 1, 1, 1, 2, 3}, {1, 1, 1, 1}), 2000);
  EXPECT_EQ(points({5, 5, 5, 2, 3, 4}, {5, 5, 5}), 500);
  EXPECT_EQ(points({1, 5, 2, 3, 4, 6}, {1, 5}), 150);
  EXPECT_EQ(points({4, 4, 4, 2, 3, 6}, {4, 4, 4}), 400);
  EXPECT_EQ(points({1, 1, 1, 2, 3, 4}, {1, 1, 1}), 1000);
}

TEST(ZehntausendScoring, WorkedExample2StraightOrTheOneAlone) {
  EXPECT_EQ(points({1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6}), 2000);
  EXPECT_EQ(points({1, 2, 3, 4, 5, 6}, {1}), 100);
  const TurnModel m(kRules);
  EXPECT_EQ(m.dice_after(6, 6), 6);  // the straight leaves no die: hot dice, six again
  EXPECT_EQ(m.dice_after(6, 1), 5);  // the 1 alone: five dice left
}

TEST(ZehntausendScoring, WorkedExample3SpecialsScoreTheMost) {
  EXPECT_EQ(points({2, 2, 3, 3, 6, 6}, {2, 2, 3, 3, 6, 6}), 1500);
  EXPECT_EQ(points({2, 2, 2, 4, 4, 4}, {2, 2, 2, 4, 4, 4}), 2500);
  EXPECT_EQ(points({1, 1, 1, 5, 5, 5}, {1, 1, 1, 5, 5, 5}), 2500);  // not 1000 + 500
  EXPECT_EQ(points({1, 1, 5, 5, 2, 2}, {1, 1, 5, 5, 2, 2}), 1500);
  EXPECT_EQ(points({1, 1, 5, 5, 2, 2}, {1, 1, 5, 5}), 300);
}

TEST(ZehntausendScoring, Z1DecisionsOnSpecialsAndSixOfAKind) {
  EXPECT_EQ(points({2, 2, 2, 2, 3, 3}, {2, 2, 2, 2, 3, 3}), 0);  // four of a kind + pair: not three pairs
  EXPECT_EQ(points({2, 2, 2, 2, 3, 3}, {2, 2, 2, 2}), 400);
  EXPECT_EQ(points({1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}), 8000);  // 8 x the triple
  EXPECT_EQ(points({3, 3, 3, 3, 3, 3}, {3, 3, 3, 3, 3, 3}), 2400);
  // A special needs all six dice of one throw of six: five dice never make three pairs.
  EXPECT_EQ(points({2, 2, 3, 3, 6}, {2, 2, 3, 3, 6}), 0);
  // Only dice of the same throw combine: a lone 4 thrown after 4 4 scores nothing.
  EXPECT_EQ(points({4}, {4}), 0);
  EXPECT_TRUE(is_niete(counts_of(std::vector<int>{4}), kRules));
  EXPECT_TRUE(is_niete(counts_of(std::vector<int>{2, 3, 4, 4, 6, 6}), kRules));
  EXPECT_FALSE(is_niete(counts_of(std::vector<int>{2, 2, 4, 4, 6, 6}), kRules));  // three pairs
  // A set-aside must be part of the throw and score whole.
  EXPECT_EQ(points({1, 2, 3}, {1, 1}), 0);
  EXPECT_EQ(points({1, 2, 3}, {1, 2}), 0);
  EXPECT_EQ(points({1, 2, 3}, {}), 0);
}

TEST(ZehntausendScoring, RuleParametersChangeTheValues) {
  ZehntausendRules r;
  r.straight = 0;  // no special: the straight is worth its 1 and 5
  EXPECT_EQ(set_aside_points(counts_of(std::vector<int>{1, 2, 3, 4, 5, 6}), counts_of(std::vector<int>{1, 5}), r), 150);
  EXPECT_EQ(set_aside_points(counts_of(std::vector<int>{1, 2, 3, 4, 5, 6}), counts_of(std::vector<int>{1, 2, 3, 4, 5, 6}), r), 0);
  r.triple_unit = 200;
  EXPECT_EQ(face_points(4, 4, r), 1600);
  EXPECT_EQ(face_points(4, 2, r), -1);
}

// All 462 throws of six dice: for every number of dice set aside, the most it can score, and
// the number of legal set-asides, against the independent table built here.
TEST(ZehntausendScoring, All462SixDiceThrowsAgainstAnIndependentTable) {
  const TurnModel m(kRules);
  ASSERT_EQ(m.throws(6).size(), 462u);
  int seen = 0, niete_ways = 0;
  double probability = 0;
  for (const ThrowOutcome& o : m.throws(6)) {
    const testing::Faces thrown = o.counts;
    std::array<int, 7> best{};  // by dice kept, 0 = none
    int legal = 0;
    testing::Faces kept{};
    for (kept[0] = 0; kept[0] <= thrown[0]; ++kept[0])
      for (kept[1] = 0; kept[1] <= thrown[1]; ++kept[1])
        for (kept[2] = 0; kept[2] <= thrown[2]; ++kept[2])
          for (kept[3] = 0; kept[3] <= thrown[3]; ++kept[3])
            for (kept[4] = 0; kept[4] <= thrown[4]; ++kept[4])
              for (kept[5] = 0; kept[5] <= thrown[5]; ++kept[5]) {
                const int p = testing::reference_points(thrown, kept);
                if (p == 0) continue;
                ++legal;
                int n = 0;
                for (int c : kept) n += c;
                best[static_cast<size_t>(n)] = std::max(best[static_cast<size_t>(n)], p);
              }
    EXPECT_EQ(static_cast<int>(set_asides(o.counts, kRules).size()), legal);
    std::vector<std::pair<int, int>> want, got;
    for (int n = 6; n >= 1; --n)
      if (best[static_cast<size_t>(n)] > 0) want.emplace_back(n, best[static_cast<size_t>(n)]);
    for (const ThrowOption& x : o.options) got.emplace_back(x.dice, x.points);
    EXPECT_EQ(got, want) << "throw counts " << thrown[0] << thrown[1] << thrown[2] << thrown[3] << thrown[4] << thrown[5];
    if (o.niete()) niete_ways += static_cast<int>(o.probability * 46656 + 0.5);
    probability += o.probability;
    ++seen;
  }
  EXPECT_EQ(seen, 462);
  EXPECT_NEAR(probability, 1.0, 1e-12);
  // A Niete of six dice shows only 2, 3, 4, 6, no triple and not three pairs: two pairs and
  // two singles — C(4,2) = 6 choices of the paired faces, the other two faces once each,
  // 6!/(2!2!1!1!) = 180 orders: 1080 of the 46656 sequences.
  EXPECT_EQ(niete_ways, 1080);
  EXPECT_NEAR(m.niete_probability(6), 1080.0 / 46656.0, 1e-15);
  EXPECT_NEAR(m.niete_probability(1), 4.0 / 6.0, 1e-15);
}

}  // namespace
}  // namespace verflixt::zehntausend
