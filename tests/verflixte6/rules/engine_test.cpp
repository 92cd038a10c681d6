// The reference engine against docs/rules/verflixte6.md: every worked example of §6 and at least one test
// per rule id (T1–T7, J1–J15, P1–P4), with scripted dice and scripted choices.
// The jokers (J1–J15): engine_jokers_test.cpp.
#include "verflixt/games/verflixte6/rules/engine.h"

#include <gtest/gtest.h>

#include <numeric>

#include "verflixte6/rules/engine_steps.h"
#include "verflixte6/scripted.h"

namespace verflixt::verflixte6 {
namespace {

using namespace engine_testing;
using testing::ScriptedPolicy;

// ---------------- §6 worked examples ----------------

TEST(WorkedExample, E1_PlainFreeThrow3Roll2Is5) {
  for (const Rules& r : {kT, kC}) {
    core::ScriptedDice d{3, 2};
    ScriptedPolicy p({kRoll, kStop});
    EXPECT_EQ(play_solo_turn(r, {}, p, d).eyes, 5);
  }
}

TEST(WorkedExample, E2_SpelunkenboldFrom0Face4Is9) {
  for (const Rules& r : {kT, kC}) EXPECT_EQ(step(r, at(0, hold({SPELUNKENBOLD})), use(SPELUNKENBOLD), {4}).eyes, 9);
}

TEST(WorkedExample, E3_Anaconda) {
  // Dice: the croupier's attack a first, then the player's p.
  const JokerSet h = hold({ANACONDA});
  EXPECT_EQ(step(kT, at(0, h), use(ANACONDA), {4, 2}, {true}).eyes, -10);
  EXPECT_EQ(step(kT, at(0, h), use(ANACONDA), {3, 6}, {true}).eyes, 18);
  EXPECT_EQ(step(kC, at(0, h), use(ANACONDA), {4, 2}, {true}).eyes, -14);
  EXPECT_EQ(step(kC, at(0, h), use(ANACONDA), {3, 6}, {true}).eyes, 16);
}

TEST(WorkedExample, E4_Pony) {
  const JokerSet h = hold({PONY});
  EXPECT_EQ(step(kT, at(0, h), use(PONY), {6, 5, 3}).eyes, 14);
  EXPECT_EQ(step(kC, at(0, h), use(PONY), {6, 5, 3}).eyes, 14);
  EXPECT_EQ(step(kT, at(0, h), use(PONY), {3, 3, 3}).eyes, -5);
  EXPECT_EQ(step(kC, at(0, h), use(PONY), {3, 3, 3}).eyes, -9);
}

TEST(WorkedExample, E5_Ventil) {
  for (const Rules& r : {kT, kC}) {
    TurnState t = step(r, at(20, hold({VENTIL, RATTENLORD})), use(VENTIL), {5});
    EXPECT_EQ(t.eyes, 25);
    EXPECT_TRUE(t.has_floor);
    EXPECT_EQ(t.floor, 20);
    EXPECT_FALSE(t.over());

    t = step(r, at(20, hold({VENTIL})), use(VENTIL), {6});
    EXPECT_EQ(t.eyes, 20);
    EXPECT_TRUE(t.over());

    TurnState f = at(33);
    f.has_floor = true;
    f.floor = 25;
    t = step(r, f, kRoll, {6});
    EXPECT_EQ(t.eyes, 25);
    EXPECT_TRUE(t.over());
  }
  // Floor 25 at 30, Rattenlord lost (classic -15) -> 15, floor 15.
  TurnState f = at(30, hold({RATTENLORD}));
  f.has_floor = true;
  f.floor = 25;
  TurnState t = step(kC, f, use(RATTENLORD), {1, 2}, {false});
  EXPECT_EQ(t.eyes, 15);
  EXPECT_EQ(t.floor, 15);
}

TEST(WorkedExample, E6_SenigmaDuelThreeRoundsToOnePays4) {
  // Attacker faces 6,3,4,5,4; counters except on 3; defender 2,-,3,5,1.
  const std::initializer_list<int> dice = {6, 2, 3, 4, 3, 5, 5, 4, 1};
  EXPECT_EQ(step(kT, at(0, hold({SENIGMA})), use(SENIGMA), dice, {true, false, true, true, true}).eyes, 4);
  // At a table the defender pays: player 0 (a Prinzessin at 10) is attacked by player 1.
  core::ScriptedDice d{4, 3, 3, 2, 6, 2, 3, 4, 3, 5, 5, 4, 1};
  ThresholdPolicy stop10(10);
  ScriptedPolicy attacker({use(SENIGMA), kStop}, {true, false, true, true, true});
  std::vector<PassSeat> seats = {{&stop10, {}, 0, 0}, {&attacker, hold({SENIGMA}), 0, 0}};
  PassResult r = play_pass(kT, seats, 0, d);
  EXPECT_TRUE(d.exhausted());
  EXPECT_EQ(r.eyes[0], 10 - 4);
  EXPECT_EQ(r.eyes[1], 2 + 4);
}

TEST(WorkedExample, E7_CherrysHoeschen) {
  EXPECT_EQ(step(kT, at(0, hold({CHERRY})), use(CHERRY), {1, 4, 3, 5, 2, 4, 6}).eyes, 6);
}

TEST(WorkedExample, E8_FumoWithRunkelrueb) {
  TurnState t = at(20, hold({FUMO, RUNKELRUEB}));
  t = step(kT, t, use(FUMO), {2});
  EXPECT_EQ(t.eyes, 24);
  t = step(kT, t, kRoll, {5});
  EXPECT_EQ(t.eyes, 34);
  t = step(kT, t, kRoll, {1});
  EXPECT_EQ(t.eyes, 36);
  EXPECT_EQ(t.robbing_ones, 0);  // a 1 under Fumo steals nothing
  t = step(kT, t, kRoll, {6, 3, 1}, {true});
  EXPECT_EQ(t.eyes, 28);
  EXPECT_FALSE(t.fumo_active);
  EXPECT_FALSE(t.over());
}

TEST(WorkedExample, E9_KeulerBonusAndEndOfPassReset) {
  // Player 0 stops at 8 (free throw 4, roll 4). Player 1 (free throw 3) wins a 5:0 duel:
  // she loses 10 to -2, he gains 10 and the Keuler +5 at once; T7 sets her to 0, a Zombie.
  core::ScriptedDice d{4, 4, 3, 6, 1, 6, 1, 6, 1, 6, 1, 6, 1};
  ThresholdPolicy stop8(8);
  ScriptedPolicy attacker({use(SENIGMA), kStop}, {true, true, true, true, true});
  std::vector<PassSeat> seats = {{&stop8, {}, 0, 0}, {&attacker, hold({SENIGMA}), 0, 0}};
  PassResult r = play_pass(kT, seats, 0, d);
  EXPECT_EQ(r.eyes[1], 3 + 10 + 5);
  EXPECT_EQ(r.keuler[1], 5);
  EXPECT_EQ(r.eyes[0], 0);
  EXPECT_EQ(r.status[0], Status::Zombie);
}

TEST(WorkedExample, E10_RobbingOnesEscalateToFive) {
  // Solo: free throw 2, then twelve robbing 1s: each adds 1 and steals min(j, 5).
  std::vector<int> dice = {2};
  for (int k = 0; k < 12; ++k) dice.push_back(1);
  core::ScriptedDice d(dice);
  ThresholdPolicy roll_on(2 + 12 + 1 + 2 + 3 + 4 + 5 * 8);
  TurnState t = play_solo_turn(kT, {}, roll_on, d);
  EXPECT_EQ(t.eyes, 2 + 12 + (1 + 2 + 3 + 4 + 5 * 8));
  EXPECT_EQ(t.robbing_ones, 12);
}

// ---------------- §1 Turn ----------------

TEST(Rule, T1_FreeThrowSixCountsOneStealsNothing) {
  core::ScriptedDice d{6};
  ScriptedPolicy p({kStop});
  TurnState t = play_solo_turn(kT, {}, p, d);
  EXPECT_EQ(t.eyes, 6);
  EXPECT_FALSE(t.eliminated);
  core::ScriptedDice d1{1};
  ScriptedPolicy p1({kStop});
  t = play_solo_turn(kT, {}, p1, d1);
  EXPECT_EQ(t.eyes, 1);
  EXPECT_EQ(t.robbing_ones, 0);
}

TEST(Rule, T1_NoFreeThrowWhenTheRulesSaySo) {
  Rules pig = kT;
  pig.free_throw = false;
  core::ScriptedDice d{};
  ScriptedPolicy p({kStop});
  EXPECT_EQ(play_solo_turn(pig, {}, p, d).eyes, 0);
}

TEST(Rule, T2_StopRightAfterTheFreeThrowAndJokersAreSteps) {
  core::ScriptedDice d{5};
  ThresholdPolicy stop1(1);
  EXPECT_EQ(play_solo_turn(kT, hold({HIRTENSCHUTZ}), stop1, d).eyes, 5);
  // An unheld joker is not a legal action.
  TurnState t = at(5);
  TurnView v{kT, t, -1, {}, 0};
  EXPECT_FALSE(is_legal(v, use(HIRTENSCHUTZ)));
  EXPECT_TRUE(is_legal(v, kRoll));
}

TEST(Rule, T3_PlainThrowFacesAndBust) {
  for (int f = 2; f <= 5; ++f) EXPECT_EQ(step(kT, at(10), kRoll, {f}).eyes, 10 + f);
  TurnState t = step(kT, at(10), kRoll, {6});
  EXPECT_EQ(t.eyes, 0);
  EXPECT_TRUE(t.eliminated);
  // Generalized: with Pig's bust face a 1 eliminates and a 6 adds 6.
  Rules pig = kT;
  pig.bust_face = 1;
  pig.ones_rob = false;
  EXPECT_TRUE(step(pig, at(10), kRoll, {1}).eliminated);
  EXPECT_EQ(step(pig, at(10), kRoll, {6}).eyes, 16);
}

TEST(Rule, T4_RobbingOneStealsFromOneVictimAndTransfers) {
  // Player 0 stops at 9 (free throw 5, roll 4). Player 1: free throw 2, then 1, 1:
  // the 1st steals 1, the 2nd steals 2 — each from one victim, never split.
  core::ScriptedDice d{5, 4, 2, 1, 1};
  ThresholdPolicy stop9(9);
  ScriptedPolicy thief({kRoll, kRoll, kStop});
  std::vector<PassSeat> seats = {{&stop9, {}, 0, 0}, {&thief, {}, 0, 0}};
  PassResult r = play_pass(kT, seats, 0, d);
  EXPECT_EQ(r.eyes[0], 9 - 1 - 2);
  EXPECT_EQ(r.eyes[1], 2 + 1 + 1 + 1 + 2);
}

TEST(Rule, T4_NoVictimLetsTheStealLapse) {
  // Player 0 busts (a Zombie), player 1 throws a 1: nobody may be robbed; the +1 stays.
  core::ScriptedDice d{3, 6, 2, 1};
  ScriptedPolicy p0({kRoll});
  ScriptedPolicy thief({kRoll, kStop});
  std::vector<PassSeat> seats = {{&p0, {}, 0, 0}, {&thief, {}, 0, 0}};
  PassResult r = play_pass(kT, seats, 0, d);
  EXPECT_EQ(r.eyes[1], 3);
  EXPECT_EQ(r.eyes[0], 0);
  // Classic: "any other player" — the Zombie may be robbed (docs/rules/verflixte6.md T4 classic).
  core::ScriptedDice dc{3, 6, 2, 1};
  ScriptedPolicy p0c({kRoll});
  ScriptedPolicy thiefc({kRoll, kStop});
  std::vector<PassSeat> seatsc = {{&p0c, {}, 0, 0}, {&thiefc, {}, 0, 0}};
  PassResult rc = play_pass(kC, seatsc, 0, dc);
  EXPECT_EQ(rc.eyes[1], 4);
}

TEST(Rule, T4_JungfrauMayBeRobbedAndStartsFromHerDebt) {
  // Player 0 robs player 1 before her turn: she starts at -1 and adds her free throw.
  core::ScriptedDice d{4, 1, 5};
  ScriptedPolicy p0({kRoll, kStop});
  ScriptedPolicy p1({kStop});
  std::vector<PassSeat> seats = {{&p0, {}, 0, 0}, {&p1, {}, 0, 0}};
  PassResult r = play_pass(kT, seats, 0, d);
  EXPECT_EQ(r.eyes[0], 6);
  EXPECT_EQ(r.eyes[1], 4);
}

TEST(Rule, T5_EliminationSetsZeroMakesZombieAndForfeitsJokers) {
  core::ScriptedDice d{5, 6};
  ScriptedPolicy p({kRoll});
  TurnState t = play_solo_turn(kT, hold({HIRTENSCHUTZ}), p, d);
  EXPECT_EQ(t.eyes, 0);
  EXPECT_TRUE(t.eliminated);
  EXPECT_TRUE(t.over());
}

TEST(Rule, T6_KeulerOncePerVictimPerPass) {
  // Player 0 stops at 2; player 1 throws 1,1 (steals 1: 2->1, steals 2: 1->-1, Keuler +5),
  // then a third 1 steals 3 more from her (-4) but pays no second Keuler.
  core::ScriptedDice d{2, 3, 1, 1, 1};
  ThresholdPolicy stop2(2);
  ScriptedPolicy thief({kRoll, kRoll, kRoll, kStop});
  std::vector<PassSeat> seats = {{&stop2, {}, 0, 0}, {&thief, {}, 0, 0}};
  PassResult r = play_pass(kT, seats, 0, d);
  EXPECT_EQ(r.keuler[1], 5);
  EXPECT_EQ(r.eyes[1], 3 + 3 + (1 + 2 + 3) + 5);
}

TEST(Rule, T7_EndOfPassResetsDebtToZeroZombie) {
  // Player 1 robs player 0 (a Jungfrau in seat order 1,0) to -1; she then busts... no:
  // she plays from -1, throws 1 free, stops at 0: T7 makes her 0 and a Zombie.
  core::ScriptedDice d{5, 1, 1};
  ScriptedPolicy p1({kRoll, kStop});
  ScriptedPolicy p0({kStop});
  std::vector<PassSeat> seats = {{&p0, {}, 0, 0}, {&p1, {}, 0, 0}};
  PassResult r = play_pass(kT, seats, 1, d);
  EXPECT_EQ(r.eyes[0], 0);
  EXPECT_EQ(r.status[0], Status::Zombie);
  EXPECT_EQ(r.status[1], Status::Prinzessin);
}

TEST(Pass, FinishPassResumesATurnAndPlaysTheRest) {
  // Player 1 is on turn at 12 eyes with one robbing 1 behind him; player 0 is a Prinzessin at
  // 9, player 2 a Jungfrau still to play. He rolls a 1 (second robbing 1: steals 2 from the
  // richest candidate, player 0), then stops at 15; player 2 throws 4 and stops.
  PassSituation s;
  s.table.resize(3);
  s.table[0] = {9, Status::Prinzessin, 0, false, false};
  s.self = 1;
  s.turn = at(12);
  s.turn.robbing_ones = 1;
  s.to_play = {2};
  ThresholdPolicy stop15(15), stop1(1);
  std::vector<PassSeat> seats = {{&stop1, {}, 0, 0}, {&stop15, {}, 0, 0}, {&stop1, {}, 0, 0}};
  core::ScriptedDice d{1, 4};
  PassResult r = finish_pass(kT, seats, s, d, kRoll);
  EXPECT_TRUE(d.exhausted());
  EXPECT_EQ(r.eyes, std::vector<int>({7, 15, 4}));
  EXPECT_EQ(r.order, std::vector<int>({1, 2}));
}

// ---------------- §3 Passes and evenings ----------------

TEST(Rule, P1_FirstSeatRotatesEachPass) {
  Rules r = kT;
  ThresholdPolicy stop1(1);
  std::vector<EveningPlayer> players(3, EveningPlayer{&stop1, nullptr, 0});
  core::ScriptedDice d{1, 2, 3, 4, 5, 6, 1, 2, 3};
  EveningResult e = play_evening(r, players, false, 0, d);
  ASSERT_EQ(e.passes.size(), 3u);
  EXPECT_EQ(e.passes[0].order, std::vector<int>({0, 1, 2}));
  EXPECT_EQ(e.passes[1].order, std::vector<int>({1, 2, 0}));
  EXPECT_EQ(e.passes[2].order, std::vector<int>({2, 0, 1}));
  // Free throws: pass 0 gives 1,2,3; pass 1 gives p1=4,p2=5,p0=6; pass 2 p2=1,p0=2,p1=3.
  EXPECT_EQ(e.totals, std::vector<int>({1 + 6 + 2, 2 + 4 + 3, 3 + 5 + 1}));
  r.seat_order = SeatOrder::Fixed;
  core::ScriptedDice d2{1, 2, 3, 4, 5, 6, 1, 2, 3};
  e = play_evening(r, players, false, 0, d2);
  EXPECT_EQ(e.passes[2].order, std::vector<int>({0, 1, 2}));
}

TEST(Rule, P2_EachJokerOncePerEveningAndFreeChoiceInTheFinal) {
  struct Recorder : Selector {
    mutable std::vector<JokerSet> seen;
    mutable std::vector<bool> free_offer;
    Selection select(const SelectionView& v) const override {
      seen.push_back(v.available);
      free_offer.push_back(v.may_free_choice);
      Selection s;
      if (v.pass == 0) s.jokers = JokerSet{}.with(PONY).with(HIRTENSCHUTZ).with(CHERRY);
      if (v.pass == 1 && v.may_free_choice) {
        s.free_choice = true;
        s.jokers = JokerSet{}.with(PONY);
      }
      return s;
    }
  } rec;
  ThresholdPolicy stop1(1);
  std::vector<EveningPlayer> players = {{&stop1, &rec, 0}};
  core::ScriptedDice d{1, 1, 1, 1};
  play_evening(kT, players, /*final=*/true, 0, d);
  ASSERT_EQ(rec.seen.size(), 4u);
  EXPECT_FALSE(rec.seen[1].has(PONY));
  EXPECT_TRUE(rec.seen[1].has(FUMO));
  EXPECT_EQ(rec.free_offer, std::vector<bool>({false, true, false, false}));  // once, from pass 2
  // Four jokers in a pass, or a used joker without Freie Jokerwahl, is refused.
  struct Greedy : Selector {
    Selection select(const SelectionView&) const override {
      return {JokerSet{}.with(PONY).with(HIRTENSCHUTZ).with(CHERRY).with(ANACONDA), false};
    }
  } greedy;
  std::vector<EveningPlayer> gp = {{&stop1, &greedy, 0}};
  core::ScriptedDice d2{1, 1, 1};
  EXPECT_THROW(play_evening(kT, gp, false, 0, d2), std::logic_error);
}

TEST(Rule, P3_LosersAreEveryoneAtZeroThenTheLowestWithTies) {
  EXPECT_EQ(losers(kT, std::vector<int>{10, 0, 5, 7, 12}), std::vector<bool>({false, true, true, true, false}));
  EXPECT_EQ(losers(kT, std::vector<int>{10, 5, 5, 5, 12, 0}),
            std::vector<bool>({false, true, true, true, false, true}));
  EXPECT_EQ(losers(kT, std::vector<int>{0, -3, 0, 0, 9}), std::vector<bool>({true, true, true, true, false}));
  EXPECT_EQ(losers(kT, std::vector<int>{9, 8, 7, 6, 5}), std::vector<bool>({false, false, true, true, true}));
}

TEST(Rule, P4_ClassicPlacementBonusGoesToTheNextFreeThrow) {
  ThresholdPolicy stop1(1);
  std::vector<EveningPlayer> players(4, EveningPlayer{&stop1, nullptr, 0});
  core::ScriptedDice d{6, 2, 5, 1};
  EveningResult e = play_evening(kC, players, false, 0, d);
  EXPECT_EQ(e.place_bonus, std::vector<int>({6, 3, 4, 0}));
  players[0].bonus = 6;
  core::ScriptedDice d2{1, 1, 1, 1};
  e = play_evening(kC, players, false, 0, d2);
  EXPECT_EQ(e.totals, std::vector<int>({7, 1, 1, 1}));
}

}  // namespace
}  // namespace verflixt::verflixte6

namespace verflixt::verflixte6 {
namespace {

// E1, E5 in their one home (turn.h), which the engine, the solo model, the pass kernel and the
// last-seat DP all call: Jule pays only without Fumo, the floor only follows the eyes down.
TEST(AfterStep, JulePaysOutsideFumoAndTheFloorOnlyMovesDown) {
  Rules r = preset("tournament-2019");
  r.jule_bonus = 3;
  TurnState s;
  s.eyes = 10;
  s.held = JokerSet{}.with(JULE);
  s.has_floor = true;
  s.floor = 12;
  after_step(r, s);
  EXPECT_EQ(s.eyes, 13);   // E1: +3
  EXPECT_EQ(s.floor, 12);  // E5: 13 is above the floor, which stays
  s.fumo_active = true;
  EXPECT_EQ(jule_pay(r, s), 0);  // J13: no autojoker income under Fumo
  s.fumo_active = false;
  s.eyes = 4;
  s.held = JokerSet{};
  after_step(r, s);
  EXPECT_EQ(s.eyes, 4);   // no Jule held: nothing paid
  EXPECT_EQ(s.floor, 4);  // E5: the floor followed the eyes down
  s.has_floor = false;
  s.eyes = -5;
  follow_floor(s);
  EXPECT_EQ(s.floor, 4);  // no floor: nothing to follow
}

}  // namespace
}  // namespace verflixt::verflixte6
