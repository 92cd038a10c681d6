// S1's hands and S2's choices: the ranking over all 216 ordered throws against an ordering
// written independently here, the chips of each kind, the keeps a throw offers and their
// exact chance outcomes.
#include "verflixt/games/schocken/hand.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <tuple>

#include "verflixt/core/error.h"

namespace verflixt::schocken {
namespace {

// The contract's S1 table read literally: (class, order within the class), larger is better.
std::pair<int, int> independent_order(int a, int b, int c) {
  int f[3] = {a, b, c};
  std::sort(f, f + 3);  // ascending: f[0] <= f[1] <= f[2]
  const int ones = (a == 1) + (b == 1) + (c == 1);
  if (ones == 3) return {5, 0};                                   // Schock out
  if (ones == 2) return {4, f[2]};                                // Schock f[2]
  if (f[0] == f[2]) return {3, f[0]};                             // General
  if (f[1] == f[0] + 1 && f[2] == f[1] + 1) return {2, f[2]};     // Strasse
  return {1, f[2] * 100 + f[1] * 10 + f[0]};                      // Zahl: digits high to low
}

TEST(SchockenHand, RankingOfAll216ThrowsMatchesAnIndependentOrdering) {
  int pairs = 0;
  for (int x = 0; x < 216; ++x)
    for (int y = 0; y < 216; ++y) {
      const int a1 = x / 36 + 1, b1 = x / 6 % 6 + 1, c1 = x % 6 + 1;
      const int a2 = y / 36 + 1, b2 = y / 6 % 6 + 1, c2 = y % 6 + 1;
      const int mine = hand_rank(make_dice(a1, b1, c1)) - hand_rank(make_dice(a2, b2, c2));
      const auto o1 = independent_order(a1, b1, c1), o2 = independent_order(a2, b2, c2);
      const int theirs = o1 < o2 ? -1 : (o1 == o2 ? 0 : 1);
      ASSERT_EQ((mine > 0) - (mine < 0), theirs) << a1 << b1 << c1 << " vs " << a2 << b2 << c2;
      ++pairs;
    }
  EXPECT_EQ(pairs, 216 * 216);
}

TEST(SchockenHand, WorkedExample1RankingChain) {
  // 1 1 1 > 1 1 6 > 1 1 2 > 6 6 6 > 2 2 2 > 4 5 6 > 1 2 3 > 6 6 5 > 6 5 3 > 2 2 1.
  const std::vector<Dice> chain = {make_dice(1, 1, 1), make_dice(1, 1, 6), make_dice(1, 1, 2), make_dice(6, 6, 6),
                                   make_dice(2, 2, 2), make_dice(4, 5, 6), make_dice(1, 2, 3), make_dice(6, 6, 5),
                                   make_dice(6, 5, 3), make_dice(2, 2, 1)};
  for (size_t k = 1; k < chain.size(); ++k)
    EXPECT_GT(hand_rank(chain[k - 1]), hand_rank(chain[k])) << dice_text(chain[k - 1]) << " > " << dice_text(chain[k]);
}

TEST(SchockenHand, S1ChipsAndNames) {
  const SchockenRules r;
  EXPECT_EQ(hand_chips(make_dice(1, 1, 1), r), 13);
  EXPECT_EQ(hand_chips(make_dice(1, 6, 1), r), 6);
  EXPECT_EQ(hand_chips(make_dice(1, 1, 2), r), 2);
  EXPECT_EQ(hand_chips(make_dice(5, 5, 5), r), 3);
  EXPECT_EQ(hand_chips(make_dice(3, 1, 2), r), 2);
  EXPECT_EQ(hand_chips(make_dice(6, 6, 5), r), 1);
  EXPECT_EQ(hand_chips(make_dice(2, 2, 1), r), 1);
  EXPECT_EQ(hand_name(make_dice(1, 4, 1)), "Schock 4 (4 1 1)");
  EXPECT_EQ(hand_name(make_dice(5, 3, 6)), "Zahl 653");
  EXPECT_EQ(hand_name(make_dice(2, 3, 1)), "Strasse 1-2-3");
  EXPECT_EQ(hand_kind(make_dice(1, 1, 1)), HandKind::SchockOut);
}

TEST(SchockenHand, ThrowIndexAndParsing) {
  std::map<int, int> seen;
  for (int k = 0; k < kThrowCount; ++k) {
    EXPECT_EQ(throw_index(all_throws()[static_cast<size_t>(k)]), k);
    ++seen[hand_rank(all_throws()[static_cast<size_t>(k)])];
  }
  EXPECT_EQ(seen.size(), 56u);  // every multiset is a different hand
  EXPECT_EQ(parse_dice("3 5 6"), make_dice(6, 5, 3));
  EXPECT_EQ(parse_dice("113"), make_dice(3, 1, 1));
  EXPECT_EQ(parse_dice("6,6,5"), make_dice(6, 6, 5));
  EXPECT_THROW(parse_dice("7 1 1"), core::InputError);
  EXPECT_THROW(parse_dice("1 1"), core::InputError);
  EXPECT_EQ(parse_keep_code("16"), (Keep{{6, 1, 0}, 2}));
  EXPECT_EQ(keep_code(parse_keep_code("-")), "-");
  EXPECT_THROW(parse_keep_code("116"), core::InputError);
}

TEST(SchockenHand, S2KeepsAreAnySubsetWithAtLeastOneDieThrown) {
  const SchockenRules r;
  EXPECT_EQ(keep_options(make_dice(6, 5, 3), r).size(), 8u);  // stand + 1 + 3 + 3
  EXPECT_EQ(keep_options(make_dice(6, 6, 5), r).size(), 6u);  // stand, -, 6, 5, 66, 65
  EXPECT_EQ(keep_options(make_dice(6, 6, 6), r).size(), 4u);  // stand, -, 6, 66
  EXPECT_TRUE(is_legal(Keep{{5, 3, 0}, 2}, make_dice(6, 5, 3), r));
  EXPECT_FALSE(is_legal(Keep{{6, 6, 0}, 2}, make_dice(6, 5, 3), r));
  EXPECT_FALSE(is_legal(Keep{{1, 0, 0}, 1}, make_dice(6, 6, 3), r));
  SchockenRules sixes = r;
  sixes.two_sixes_make_one = true;  // S2 parameter: two 6s become one 1
  EXPECT_TRUE(is_legal(Keep{{1, 0, 0}, 1}, make_dice(6, 6, 3), sixes));
  EXPECT_TRUE(is_legal(Keep{{3, 1, 0}, 2}, make_dice(6, 6, 3), sixes));
  EXPECT_FALSE(is_legal(Keep{{1, 0, 0}, 1}, make_dice(6, 5, 3), sixes));
  EXPECT_EQ(keep_options(make_dice(6, 6, 3), sixes).size(), 8u);
}

TEST(SchockenHand, ThrowOutcomesAreExact) {
  for (const Keep& k : {Keep{{0, 0, 0}, 0}, Keep{{1, 0, 0}, 1}, Keep{{1, 1, 0}, 2}, Keep{{6, 5, 0}, 2}}) {
    double total = 0;
    for (const auto& o : throw_outcomes(k)) total += o.probability;
    EXPECT_NEAR(total, 1.0, 1e-15);
  }
  // Keeping 1 1: each third face once, 1/6 each.
  const auto& ones = throw_outcomes(Keep{{1, 1, 0}, 2});
  ASSERT_EQ(ones.size(), 6u);
  for (const auto& o : ones) EXPECT_DOUBLE_EQ(o.probability, 1.0 / 6);
  // A fresh throw: 1 1 1 has probability 1/216, 6 5 3 has 6/216.
  for (const auto& o : throw_outcomes(Keep{{0, 0, 0}, 0})) {
    const Dice& d = all_throws()[static_cast<size_t>(o.outcome)];
    if (d == make_dice(1, 1, 1)) {
      EXPECT_DOUBLE_EQ(o.probability, 1.0 / 216);
    }
    if (d == make_dice(6, 5, 3)) {
      EXPECT_DOUBLE_EQ(o.probability, 6.0 / 216);
    }
  }
  EXPECT_THROW(throw_outcomes(stand()), std::invalid_argument);
}

}  // namespace
}  // namespace verflixt::schocken
