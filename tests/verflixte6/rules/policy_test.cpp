#include "verflixt/games/verflixte6/rules/policy.h"

#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/rules/heuristic.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::verflixte6 {
namespace {

const Rules kT = preset("tournament-2019");

TEST(Policy, ThresholdStopsAtN) {
  const auto p = make_policy("threshold:17", kT);
  TurnState t;
  t.eyes = 16;
  EXPECT_EQ(p->decide(TurnView{kT, t, -1, {}, 0}), Action::roll());
  t.eyes = 17;
  EXPECT_EQ(p->decide(TurnView{kT, t, -1, {}, 0}), Action::stop());
  EXPECT_EQ(p->name(), "threshold:17");
  EXPECT_THROW(make_policy("threshold:x", kT), core::InputError);
  EXPECT_THROW(make_policy("greedy", kT), core::InputError);
}

TEST(Rule, T6_TheDefaultVictimChoiceKnowsAPaidKeulerIsNotPaidAgain) {
  // A Prinzessin at 1 whose Keuler bonus was already paid this pass (T6: once per victim and
  // pass) is worth nothing extra: rob the richer Jungfrau. The choice once predicted the bonus
  // without asking whether it had been paid; take_eyes and the choice now share keuler_due.
  std::vector<SeatView> table(3);
  table[1].eyes = 1;
  table[1].status = Status::Prinzessin;
  table[1].keuler_paid = true;
  table[2].eyes = 3;
  TurnState t;
  t.eyes = 10;
  const TurnView v{kT, t, 0, table, 1};
  const std::vector<int> cand{1, 2};
  EXPECT_FALSE(keuler_due(kT, table[1], 1));
  EXPECT_EQ(ThresholdPolicy(20).choose_victim(v, 1, cand), 2);
  table[1].keuler_paid = false;  // unpaid: the bonus comes first
  EXPECT_TRUE(keuler_due(kT, table[1], 1));
  EXPECT_EQ(ThresholdPolicy(20).choose_victim(v, 1, cand), 1);
  SeatView victim = table[1];
  EXPECT_EQ(take_eyes(kT, victim, 1), kT.keuler_bonus);
  EXPECT_EQ(take_eyes(kT, victim, 1), 0);  // paid once
}

TEST(Rule, J1_FrostschutzWithNoUseLeftIsNotLegal) {
  // is_legal once skipped the J1 use count that the solo model checked: both now ask
  // announceable.
  TurnState t;
  t.held = JokerSet{}.with(FROSTSCHUTZ);
  t.frost_used = kT.frost_uses - 1;
  EXPECT_TRUE(is_legal(TurnView{kT, t, -1, {}, 0}, Action::use(FROSTSCHUTZ)));
  t.frost_used = kT.frost_uses;
  EXPECT_FALSE(is_legal(TurnView{kT, t, -1, {}, 0}, Action::use(FROSTSCHUTZ)));
  EXPECT_FALSE(announceable(kT, t.held, t.frost_used, false, FROSTSCHUTZ));
}

TEST(Policy, DefaultInnerChoicesMaximizeTheStepsExpectedEyes) {
  const ThresholdPolicy p(20);
  TurnState t;
  const TurnView v{kT, t, -1, {}, 0};
  // J3 tournament, attack 6: fight = (18 - 50)/6 < -2 = decline; attack 5: (17+18-40)/6 > -2.
  EXPECT_FALSE(p.anaconda_fight(v, 6));
  EXPECT_TRUE(p.anaconda_fight(v, 5));
  // J5: one throw left is worth 18/3 - 20/3 = -2/3 > -2: go on.
  EXPECT_FALSE(p.rattenlord_retreat(v, 1));
  EXPECT_TRUE(p.monokel_rethrow(v, 0, 3, 0));
  EXPECT_FALSE(p.monokel_rethrow(v, 0, 4, 0));
  EXPECT_TRUE(p.senigma_counter(v, 0, 5, 0, 0));
  EXPECT_FALSE(p.senigma_counter(v, 0, 4, 0, 0));
}

// The default answers weigh the payoffs of the joker's step (delta_joker.h) under any rules:
// an even fight is fought, a retreat is taken only when strictly better than going on.
TEST(Policy, DefaultInnerChoicesFollowCustomPayoffs) {  // J3, J5
  Rules r = kT;
  r.anaconda_win_base = 0;
  r.anaconda_loss = 0;
  r.anaconda_loss_minus_attack = false;
  r.anaconda_decline = 1;  // attack 6: fight = 6/6 = 1, even; attack 1: 21/6
  r.rattenlord_win = 10;
  r.rattenlord_loss = -30;
  r.rattenlord_retreat = -5;
  r.rattenlord_face = 4;
  r.rattenlord_throws = 3;
  const ThresholdPolicy p(20);
  TurnState t;
  const TurnView v{r, t, -1, {}, 0};
  EXPECT_TRUE(p.anaconda_fight(v, 6));
  r.anaconda_decline = 2;  // declining (2) now beats the fight at attack 6 (1) and 5 (11/6), not at 4 (15/6)
  EXPECT_FALSE(p.anaconda_fight(v, 6));
  EXPECT_FALSE(p.anaconda_fight(v, 5));
  EXPECT_TRUE(p.anaconda_fight(v, 4));
  // J5: one throw left: 10/2 - 30/2 = -10 < -5, retreat; two left: 5 + max(-5, -10)/2 = 2.5 > -5.
  EXPECT_TRUE(p.rattenlord_retreat(v, 1));
  EXPECT_FALSE(p.rattenlord_retreat(v, 2));
  // J10: a countered round is won when a > d: (a-1)/6 against (7-a)/6, whatever a round is
  // worth (0 included) and wherever the duel stands.
  for (int per_round : {0, 3}) {
    r.senigma_per_round = per_round;
    for (int a = 1; a <= 6; ++a) EXPECT_EQ(p.senigma_counter(v, 2, a, 1, 1), a >= 5) << per_round << " " << a;
  }
}

TEST(Policy, ShippedHeuristicFileLoadsAndUsesJokersInItsWindows) {
  const auto p = make_policy(VERFLIXT_SOURCE_DIR "/strategies/heuristic.ini", kT);
  TurnState t;
  t.held = JokerSet{}.with(HIRTENSCHUTZ).with(FUMO);
  t.eyes = 5;
  EXPECT_EQ(p->decide(TurnView{kT, t, -1, {}, 0}), Action::use(FUMO));
  t.held = JokerSet{}.with(HIRTENSCHUTZ);
  EXPECT_EQ(p->decide(TurnView{kT, t, -1, {}, 0}), Action::roll());
  t.eyes = 21;
  EXPECT_EQ(p->decide(TurnView{kT, t, -1, {}, 0}), Action::use(HIRTENSCHUTZ));
  t.held = {};
  EXPECT_EQ(p->decide(TurnView{kT, t, -1, {}, 0}), Action::stop());
}

TEST(Policy, HeuristicFileIsValidatedLikeARulesFile) {
  auto read = [](const std::string& text) {
    std::istringstream in(text);
    return read_heuristic(in, "h.ini");
  };
  EXPECT_EQ(read("[policy]\nstop_at = 25\n").stop_at, 25);
  EXPECT_THROW(read("[policy]\nstop = 25\n"), core::InputError);
  EXPECT_THROW(read("[pony]\nuse_from = many\n"), core::InputError);
  EXPECT_THROW(read("[ponny]\nuse_from = 3\n"), core::InputError);
  EXPECT_THROW(read("[policy]\npriority = pony,pony\n"), core::InputError);
  EXPECT_THROW(read("[anaconda]\nfight_max_attack = 9\n"), core::InputError);
}

}  // namespace
}  // namespace verflixt::verflixte6
