// Kniffel's rules (docs/rules/kniffel.md): a turn and the sheet through the game model (K1,
// K2), the worked examples of the rules page, each category's score, the joker variants
// (K5), the bonuses (K4, K5) and the rules file round trip; advise's situation checked against
// them, and balance's rows of a rule's values.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

#include "verflixt/core/error.h"
#include "verflixt/core/rule_table.h"
#include "verflixt/games/kniffel/answers.h"
#include "verflixt/games/kniffel/balance.h"
#include "verflixt/games/kniffel/rules.h"
#include "games/kniffel/model.h"

namespace verflixt::kniffel {
namespace {

Hand hand(std::initializer_list<int> faces) {
  Hand h{};
  for (int f : faces) ++h[static_cast<std::size_t>(f - 1)];
  return h;
}

// K1 through the game model: a turn opens with all five dice; after each of the first
// throws the player keeps any dice (none to all) or scores; after the last he must score; and
// a die kept after one throw may be thrown again after the next.
TEST(KniffelRules, K1AtMostThreeThrowsKeepAnyDiceScoreAfterTheLast) {
  const KniffelRules r;
  const KniffelModel m(r);
  KniffelModel::State s = m.initial_state();
  ASSERT_EQ(m.current_player(s), core::kChanceNode);
  EXPECT_EQ(m.chance_throw(s).dice, 5);
  const auto keeps = [&](const KniffelModel::State& x) {
    int n = 0;
    for (const auto& a : m.legal_actions(x)) n += a.score ? 0 : 1;
    return n;
  };
  const auto keep = [&](const KniffelModel::State& x, const Hand& kept) {
    for (const auto& a : m.legal_actions(x))
      if (!a.score && a.keep == kept) return m.apply_action(x, a);
    throw std::logic_error("no such keep");
  };
  const std::vector<int> first = {6, 6, 3, 2, 1};
  s = m.apply_outcome(s, m.outcome_of_faces(s, first));
  // Any sub-multiset of 6 6 3 2 1 (3 x 2 x 2 x 2) but all five: keeping every die throws
  // nothing, and the player scores instead.
  EXPECT_EQ(keeps(s), 2 * 2 * 2 * 3 - 1);
  s = keep(s, hand({6, 6}));
  EXPECT_EQ(m.chance_throw(s).dice, 3);
  const std::vector<int> second = {5, 4, 4};
  s = m.apply_outcome(s, m.outcome_of_faces(s, second));
  s = keep(s, hand({4, 4}));  // the 6s kept before are thrown again (keeping is no commitment)
  EXPECT_EQ(m.chance_throw(s).dice, 3);
  const std::vector<int> third = {4, 1, 2};
  s = m.apply_outcome(s, m.outcome_of_faces(s, third));
  EXPECT_EQ(keeps(s), 0);  // the third throw was the last: score now
  EXPECT_EQ(m.legal_actions(s).size(), 13u);  // in any open box
  KniffelRules one = r;
  one.throws = 1;
  const KniffelModel m1(one);
  KniffelModel::State t = m1.initial_state();
  t = m1.apply_outcome(t, m1.outcome_of_faces(t, first));
  for (const auto& a : m1.legal_actions(t)) EXPECT_TRUE(a.score);
}

// K2 through the game model: thirteen turns, each box filled once, and a hand that does not
// qualify scores 0 where it goes.
TEST(KniffelRules, K2ThirteenTurnsEachBoxOnceAHandThatDoesNotQualifyScoresZero) {
  const KniffelRules r;
  const KniffelModel m(r);
  KniffelModel::State s = m.initial_state();
  const std::vector<int> faces = {6, 6, 3, 2, 1};  // no pattern: the upper boxes of its faces and chance
  int turns = 0;
  std::uint16_t seen = 0;
  while (m.current_player(s) != core::kTerminal) {
    s = m.apply_outcome(s, m.outcome_of_faces(s, faces));
    // Score at once, in the first open box.
    const auto actions = m.legal_actions(s);
    const auto a = std::find_if(actions.begin(), actions.end(), [](const auto& x) { return x.score; });
    ASSERT_NE(a, actions.end());
    EXPECT_FALSE(seen & (1u << a->category)) << "a box filled twice";
    seen = static_cast<std::uint16_t>(seen | (1u << a->category));
    s = m.apply_action(s, *a);
    ++turns;
  }
  EXPECT_EQ(turns, 13);
  EXPECT_EQ(seen, (1u << 13) - 1);
  // 1 + 2 + 3 + 0 (fours) + 0 (fives) + 12 in the upper boxes, 0 in every lower box but
  // chance (18).
  EXPECT_EQ(m.returns(s)[0], 1 + 2 + 3 + 0 + 0 + 12 + 18);
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

// The message a refused situation gives, or "" when it is accepted.
std::string refusal(const KniffelRules& r, const AdviceQuestion& q) {
  try {
    situation(r, q);
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "";
}

TEST(KniffelRules, AdviceSituationIsOneAGameCanReach) {
  KniffelRules r;
  r.throws = 2;
  AdviceQuestion q{.dice = "66321", .throw_ = 2, .open = "sixes, chance", .upper = 3, .kniffel_scored = true};
  const Situation at = situation(r, q);
  EXPECT_EQ(at.hand, hand({6, 6, 3, 2, 1}));
  // Every box but the sixes and the chance is filled: three ones in the ones box make 3.
  EXPECT_EQ(at.sheet.filled, 0x1fff & ~(1 << Sixes) & ~(1 << Chance));
  EXPECT_EQ(at.sheet.upper, 3);
  EXPECT_TRUE(at.sheet.kniffel_scored);
  q.throw_ = 3;
  EXPECT_EQ(refusal(r, q), "--throw 3 is past the turn's 2 throws; valid: 1..2");
  q.throw_ = 1;
  q.dice.reset();
  EXPECT_EQ(refusal(r, q), "--dice is required (the five dice shown, e.g. --dice \"6 6 3 2 1\")");
  q.dice = "6632";
  EXPECT_EQ(refusal(r, q), "--dice needs 5 dice, not 4 (e.g. --dice \"6 6 3 2 1\")");
  q.dice = "66321";
  q.open = "all";  // nothing filled: no upper total yet, and the kniffel box open
  EXPECT_EQ(refusal(r, q), "--upper 3 cannot come from the filled upper categories; valid: 0");
  // The totals the filled boxes can make, as runs: fives and sixes filled make 5a + 6b with
  // a and b in 0..5 (worked out by hand: 0, 5, 6, 10, 11, 12, 15..18, 20..35 but 36, ...).
  q.open = "ones,twos,threes,fours,chance,kniffel";
  q.upper = 7;
  q.kniffel_scored = false;
  EXPECT_EQ(refusal(r, q), "--upper 7 cannot come from the filled upper categories; valid: 0, 5..6, 10..12, 15..18, "
                           "20..35, 37..40, 43..45, 49..50, 55");
  q.open = "all";
  q.kniffel_scored = true;
  q.upper = 0;
  EXPECT_EQ(refusal(r, q), "--kniffel-scored: the kniffel box is open (--open names it)");
  // A box named twice, in any of its spellings, is refused: the box meant beside it is missing.
  q.kniffel_scored = false;
  q.open = "sixes,chance,Sechser";
  EXPECT_EQ(refusal(r, q), "--open names sixes twice; name each open category once");
  q.open = "sixes,chance";
  EXPECT_EQ(refusal(r, q), "");
}

TEST(KniffelRules, BalanceRowsHoldTheRulesOwnValueInItsPlace) {
  BalanceQuestion q;
  q.rules = preset("kniffel");  // a full house scores 25
  q.preset = "kniffel";
  q.vary = "full_house";
  q.values = {"40", "10"};
  std::vector<std::string> warned;
  const Asker asker{.solution = {}, .games = {}, .warn = [&](const std::string& w) { warned.push_back(w); }};
  const BalanceAnswer a = balance_rows(q, asker);
  ASSERT_EQ(a.rows.size(), 3u);
  EXPECT_EQ(a.rows[0].value, "25");  // before the first value above it
  EXPECT_EQ(a.rows[1].rules.full_house, 40);
  EXPECT_EQ(a.base, 0u);
  EXPECT_TRUE(warned.empty());
  q.values = {"25", "20", "25"};
  EXPECT_EQ(balance_rows(q, asker).base, 0u);
  EXPECT_EQ(warned, std::vector<std::string>{"--vary full_house=25 is the same game as full_house=25"});
  // A stop before the first row solves nothing: the answer says so.
  std::atomic<bool> stop{true};
  const BalanceAnswer stopped = balance(a, {}, asker, core::RunControl{.progress = {}, .stop = &stop, .stage = {}});
  EXPECT_TRUE(stopped.completion.interrupted);
  EXPECT_EQ(stopped.completion.completed, 0u);
  EXPECT_EQ(stopped.completion.total, 3u);
}

}  // namespace
}  // namespace verflixt::kniffel
