// Kniffel's rules (docs/rules/kniffel.md): the worked examples of the rules page, each
// category's score, the joker variants (K5), the bonuses (K4, K5) and the rules file round trip.
#include <gtest/gtest.h>

#include <string>

#include "verflixt/core/error.h"
#include "verflixt/core/rule_table.h"
#include "verflixt/games/kniffel/rules.h"

namespace verflixt::kniffel {
namespace {

Hand hand(std::initializer_list<int> faces) {
  Hand h{};
  for (int f : faces) ++h[static_cast<std::size_t>(f - 1)];
  return h;
}

// K3, the rules page's table: 6 6 6 2 2 and 2 3 4 5 5 in every lower category.
TEST(KniffelRules, K3CategoryScoresOfTheWorkedExamples) {
  const KniffelRules r;
  const Hand fh = hand({6, 6, 6, 2, 2});
  EXPECT_EQ(score(fh, Sixes, r), 18);
  EXPECT_EQ(score(fh, Twos, r), 4);
  EXPECT_EQ(score(fh, Ones, r), 0);
  EXPECT_EQ(score(fh, ThreeOfAKind, r), 22);
  EXPECT_EQ(score(fh, FourOfAKind, r), 0);
  EXPECT_EQ(score(fh, FullHouse, r), 25);
  EXPECT_EQ(score(fh, SmallStraight, r), 0);
  EXPECT_EQ(score(fh, Chance, r), 22);
  const Hand st = hand({2, 3, 4, 5, 5});
  EXPECT_EQ(score(st, SmallStraight, r), 30);
  EXPECT_EQ(score(st, LargeStraight, r), 0);
  EXPECT_EQ(score(hand({1, 2, 3, 4, 5}), LargeStraight, r), 40);
  EXPECT_EQ(score(hand({6, 5, 4, 3, 1}), SmallStraight, r), 30);
  EXPECT_EQ(score(hand({6, 5, 3, 2, 1}), SmallStraight, r), 0);
  EXPECT_EQ(score(hand({4, 4, 4, 4, 1}), FourOfAKind, r), 17);
  EXPECT_EQ(score(hand({3, 3, 3, 3, 3}), Kniffel, r), 50);
  // Five of a kind is no full house without the joker (the project's choice, K3).
  EXPECT_EQ(score(hand({3, 3, 3, 3, 3}), FullHouse, r), 0);
  EXPECT_EQ(score(hand({3, 3, 3, 3, 3}), FullHouse, r, true), 25);
}

// K4: the bonus once, when the upper total reaches 63; totals beyond count as 63.
TEST(KniffelRules, K4UpperBonusOnceAtTheThreshold) {
  const KniffelRules r;
  Sheet s;
  s.upper = 50;
  s.filled = 0b11111;  // ones..fives filled
  const Scored a = score_in(s, hand({6, 6, 6, 1, 2}), Sixes, r);
  EXPECT_EQ(a.points, 18 + 35);
  EXPECT_EQ(a.after.upper, 63);
  s.upper = 40;
  const Scored b = score_in(s, hand({6, 6, 6, 1, 2}), Sixes, r);
  EXPECT_EQ(b.points, 18);
  EXPECT_EQ(b.after.upper, 58);
}

// K5 under each joker rule, the rules page's example: five 4s with the Kniffel box holding 50.
TEST(KniffelRules, K5FurtherKniffelUnderEachJokerRule) {
  KniffelRules r = preset("yahtzee");
  Sheet s;
  s.filled = 1u << Kniffel;
  s.kniffel_scored = true;
  const Hand fours = hand({4, 4, 4, 4, 4});
  // free: any box; the full house at full value only once the fours are filled.
  EXPECT_EQ(allowed_categories(s, fours, r).size(), 12u);
  EXPECT_EQ(score_in(s, fours, FullHouse, r).points, 0 + 100);
  EXPECT_EQ(score_in(s, fours, Fours, r).points, 20 + 100);
  Sheet fours_filled = s;
  fours_filled.filled |= 1u << Fours;
  EXPECT_EQ(score_in(fours_filled, fours, FullHouse, r).points, 25 + 100);
  EXPECT_EQ(score_in(fours_filled, fours, LargeStraight, r).points, 40 + 100);
  // forced: the fours box while open; else a lower box at full value; else an upper box for 0.
  r.joker = KniffelRules::Joker::Forced;
  ASSERT_EQ(allowed_categories(s, fours, r).size(), 1u);
  EXPECT_EQ(allowed_categories(s, fours, r)[0], Fours);
  EXPECT_EQ(allowed_categories(fours_filled, fours, r).size(), 6u);  // the six open lower boxes
  EXPECT_EQ(score_in(fours_filled, fours, SmallStraight, r).points, 30 + 100);
  Sheet lower_full = fours_filled;
  lower_full.filled = static_cast<std::uint16_t>(((1u << kCategories) - 1) & ~(1u << Twos));
  ASSERT_EQ(allowed_categories(lower_full, fours, r).size(), 1u);
  EXPECT_EQ(score_in(lower_full, fours, Twos, r).points, 0 + 100);
  // A Kniffel box crossed out with 0: the joker still applies, the bonus does not.
  Sheet zero = fours_filled;
  zero.kniffel_scored = false;
  EXPECT_EQ(score_in(zero, fours, FullHouse, r).points, 25);
  // none (the German box): a further Kniffel is any hand.
  const KniffelRules k = preset("kniffel");
  EXPECT_EQ(allowed_categories(fours_filled, fours, k).size(), 11u);
  EXPECT_EQ(score_in(fours_filled, fours, FullHouse, k).points, 0);
  EXPECT_EQ(score_in(fours_filled, fours, Chance, k).points, 20);
}

TEST(KniffelRules, RulesFileRoundTripAndBadValues) {
  const auto& t = rule_table();
  for (const auto& name : t.preset_names()) {
    const KniffelRules r = preset(name);
    EXPECT_EQ(t.read(t.ini(r), "test", KniffelRules{}), r) << name;
  }
  KniffelRules r;
  EXPECT_THROW(t.apply(r, "joker=sometimes"), core::InputError);
  EXPECT_THROW(t.apply(r, "throws=0"), core::InputError);
  EXPECT_THROW(category_of("fulhouse"), core::InputError);
  EXPECT_EQ(category_of("fullhouse"), FullHouse);  // names as people type them (core/names.h)
  EXPECT_EQ(category_of("full-house"), FullHouse);
}

}  // namespace
}  // namespace verflixt::kniffel
