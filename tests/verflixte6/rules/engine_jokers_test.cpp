// The reference engine against docs/rules/verflixte6.md §2: at least one test per joker
// (J1–J15), with scripted dice and scripted choices. The turn, the passes and the worked
// examples: engine_test.cpp.
#include "verflixt/games/verflixte6/rules/engine.h"

#include <gtest/gtest.h>

#include <numeric>

#include "verflixte6/rules/engine_steps.h"
#include "verflixte6/scripted.h"

namespace verflixt::verflixte6 {
namespace {

using namespace engine_testing;
using testing::ScriptedPolicy;

// ---------------- §2 Jokers ----------------

TEST(Rule, J1_FrostschutzUsesSubtractLowFacesAndExpire) {
  TurnState t = at(10, hold({FROSTSCHUTZ}));
  t = step(kT, t, use(FROSTSCHUTZ), {1});  // use 1: a 1 subtracts
  EXPECT_EQ(t.eyes, 9);
  t = step(kT, t, use(FROSTSCHUTZ), {2});  // use 2: 1..2 subtract
  EXPECT_EQ(t.eyes, 7);
  t = step(kT, t, use(FROSTSCHUTZ), {4});  // use 3: a 4 adds
  EXPECT_EQ(t.eyes, 11);
  t = step(kT, t, use(FROSTSCHUTZ), {4});  // use 4: a 4 subtracts
  EXPECT_EQ(t.eyes, 7);
  EXPECT_TRUE(t.held.has(FROSTSCHUTZ));
  t = step(kT, t, use(FROSTSCHUTZ), {5});  // use 5: a 5 subtracts; the joker expires
  EXPECT_EQ(t.eyes, 2);
  EXPECT_FALSE(t.held.has(FROSTSCHUTZ));
  // A 6 adds 6, does not eliminate, and expires the joker at once.
  t = step(kT, at(10, hold({FROSTSCHUTZ})), use(FROSTSCHUTZ), {6});
  EXPECT_EQ(t.eyes, 16);
  EXPECT_FALSE(t.over());
  EXPECT_FALSE(t.held.has(FROSTSCHUTZ));
}

TEST(Rule, J2_SpelunkenboldSixSubtracts) {
  EXPECT_EQ(step(kT, at(10, hold({SPELUNKENBOLD})), use(SPELUNKENBOLD), {6}).eyes, 7);
  EXPECT_EQ(step(kC, at(10, hold({SPELUNKENBOLD})), use(SPELUNKENBOLD), {6}).eyes, 4);
  EXPECT_EQ(step(kT, at(10, hold({SPELUNKENBOLD})), use(SPELUNKENBOLD), {1}).eyes, 16);
}

TEST(Rule, J3_AnacondaDeclineAndTieGoesToThePlayer) {
  EXPECT_EQ(step(kT, at(10, hold({ANACONDA})), use(ANACONDA), {6}, {false}).eyes, 8);
  EXPECT_EQ(step(kC, at(10, hold({ANACONDA})), use(ANACONDA), {6}, {false}).eyes, 4);
  EXPECT_EQ(step(kT, at(0, hold({ANACONDA})), use(ANACONDA), {4, 4}, {true}).eyes, 16);
}

TEST(Rule, J4_HirtenschutzDoublesSixIsSafeOneStealsNothing) {
  EXPECT_EQ(step(kT, at(10, hold({HIRTENSCHUTZ})), use(HIRTENSCHUTZ), {6}).eyes, 22);
  TurnState t = step(kT, at(10, hold({HIRTENSCHUTZ})), use(HIRTENSCHUTZ), {1});
  EXPECT_EQ(t.eyes, 12);
  EXPECT_EQ(t.robbing_ones, 0);
  EXPECT_EQ(step(kT, at(10, hold({HIRTENSCHUTZ})), use(HIRTENSCHUTZ), {4}).eyes, 18);
}

TEST(Rule, J5_RattenlordWinRetreatLoss) {
  const JokerSet h = hold({RATTENLORD});
  EXPECT_EQ(step(kT, at(10, h), use(RATTENLORD), {5}).eyes, 28);
  EXPECT_EQ(step(kT, at(10, h), use(RATTENLORD), {2, 6}, {false}).eyes, 28);
  EXPECT_EQ(step(kT, at(10, h), use(RATTENLORD), {2}, {true}).eyes, 8);
  EXPECT_EQ(step(kT, at(10, h), use(RATTENLORD), {2, 4}, {false}).eyes, 0);
  EXPECT_EQ(step(kC, at(10, h), use(RATTENLORD), {6}).eyes, 25);
  EXPECT_EQ(step(kC, at(10, h), use(RATTENLORD), {1}, {true}).eyes, 4);
  EXPECT_EQ(step(kC, at(20, h), use(RATTENLORD), {1, 1}, {false}).eyes, 5);
}

TEST(Rule, J6_AllInDoublesOrZeroesIgnoringFloorAndRunkelrueb) {
  for (int f = 1; f <= 3; ++f) EXPECT_EQ(step(kT, at(12, hold({ALL_IN})), use(ALL_IN), {f}).eyes, 24);
  TurnState fl = at(30, hold({ALL_IN, RUNKELRUEB}));
  fl.has_floor = true;
  fl.floor = 20;
  TurnState t = step(kT, fl, use(ALL_IN), {4});  // no Runkelrüb choice is offered
  EXPECT_EQ(t.eyes, 0);
  EXPECT_TRUE(t.eliminated);
  // Classic fumo does not help either.
  t = step(kC, at(30, hold({ALL_IN, FUMO})), use(ALL_IN), {5});
  EXPECT_TRUE(t.eliminated);
  EXPECT_EQ(t.eyes, 0);
}

TEST(Rule, J7_JulePaysAfterEveryStepButNotOnBustOrUnderFumo) {
  const JokerSet j = hold({JULE});
  EXPECT_EQ(step(kT, at(10, j), kRoll, {3}).eyes, 14);
  EXPECT_EQ(step(kT, at(10, j.with(PONY)), use(PONY), {3, 3, 3}).eyes, 6);   // -5 + 1
  EXPECT_EQ(step(kT, at(12, j.with(ALL_IN)), use(ALL_IN), {2}).eyes, 25);   // doubled, then +1 (E1)
  EXPECT_EQ(step(kT, at(10, j), kRoll, {6}).eyes, 0);
  EXPECT_EQ(step(kT, at(10, j.with(FUMO)), use(FUMO), {3}).eyes, 16);       // no Jule under Fumo
  EXPECT_EQ(step(kT, at(10, j.with(RUNKELRUEB)), kRoll, {6, 4, 4}, {true}).eyes, 10);
  // The free throw pays nothing.
  core::ScriptedDice d{4};
  ScriptedPolicy p({kStop});
  EXPECT_EQ(play_solo_turn(kT, j, p, d).eyes, 4);
}

TEST(Rule, J8_PonyThresholdEleven) {
  EXPECT_EQ(step(kT, at(0, hold({PONY})), use(PONY), {5, 5, 1}).eyes, 11);
  EXPECT_EQ(step(kT, at(0, hold({PONY})), use(PONY), {5, 4, 1}).eyes, -5);
}

TEST(Rule, J9_MonokelKeepOrRethrowFacesOnlyAdd) {
  // First throw 1 re-thrown to 6 (kept, no bust), second 5 kept.
  TurnState t = step(kT, at(10, hold({MONOKEL})), use(MONOKEL), {1, 6, 5}, {true, false});
  EXPECT_EQ(t.eyes, 21);
  EXPECT_EQ(t.robbing_ones, 0);
  EXPECT_FALSE(t.over());
  EXPECT_EQ(step(kT, at(10, hold({MONOKEL})), use(MONOKEL), {2, 1, 3, 6}, {true, true}).eyes, 17);
}

TEST(Rule, J10_SenigmaClassicRepeatTakesTen) {
  EXPECT_EQ(step(kC, at(5, hold({SENIGMA})), use(SENIGMA), {2, 5, 2}).eyes, 15);
  EXPECT_EQ(step(kC, at(5, hold({SENIGMA})), use(SENIGMA), {1, 2, 3}).eyes, 5);
}

TEST(Rule, J10_SenigmaDuelTargetsEachPlayerOncePerPass) {
  // Three players; player 0 stops at 5. Players 1 and 2 both hold Senigma. Player 1 attacks
  // player 0; player 2 may then only attack player 1.
  core::ScriptedDice d{5, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6};
  ThresholdPolicy stop5(5);
  ScriptedPolicy p1({use(SENIGMA), kStop}, {true, true, true, true, true});
  struct Probe : ScriptedPolicy {
    using ScriptedPolicy::ScriptedPolicy;
    mutable std::vector<int> offered;
    int senigma_target(const TurnView&, std::span<const int> c) const override {
      offered.assign(c.begin(), c.end());
      return c.front();
    }
  } p2({use(SENIGMA), kStop}, {true, true, true, true, true});
  std::vector<PassSeat> seats = {{&stop5, {}, 0, 0}, {&p1, hold({SENIGMA}), 0, 0}, {&p2, hold({SENIGMA}), 0, 0}};
  PassResult r = play_pass(kT, seats, 0, d);
  EXPECT_EQ(p2.offered, std::vector<int>({1}));
  // Ties go to the defender: player 1 (free throw 3) pays player 0 ten eyes, then player 2
  // (free throw 4) pays player 1 ten; T7 clears player 2's debt.
  EXPECT_EQ(r.eyes, std::vector<int>({15, 3, 0}));
}

TEST(Rule, J11_VentilThrowIsPlainAndNoRunkelrueb) {
  // E2: the Ventil's 1 robs; its 6 drops to the new floor and Runkelrüb is not asked.
  TurnState t = step(kT, at(20, hold({VENTIL})), use(VENTIL), {1});
  EXPECT_EQ(t.eyes, 22);
  EXPECT_EQ(t.robbing_ones, 1);
  t = step(kT, at(20, hold({VENTIL, RUNKELRUEB})), use(VENTIL), {6});
  EXPECT_EQ(t.eyes, 20);
  EXPECT_TRUE(t.eliminated);
  EXPECT_TRUE(t.held.has(RUNKELRUEB));
}

TEST(Rule, J12_TentakelLowFacesAddFiveAndDoNotRob) {
  TurnState t = step(kT, at(10, hold({TENTAKEL})), kRoll, {1});
  EXPECT_EQ(t.eyes, 16);
  EXPECT_EQ(t.robbing_ones, 0);
  EXPECT_EQ(step(kT, at(10, hold({TENTAKEL})), kRoll, {2}).eyes, 17);
  EXPECT_EQ(step(kT, at(10, hold({TENTAKEL})), kRoll, {3}).eyes, 13);
  EXPECT_EQ(step(kT, at(10, hold({TENTAKEL, HIRTENSCHUTZ})), use(HIRTENSCHUTZ), {1}).eyes, 12);
}

TEST(Rule, J13_FumoDoublesUntilAnotherJoker) {
  TurnState t = step(kT, at(10, hold({FUMO, HIRTENSCHUTZ})), use(FUMO), {4});
  EXPECT_EQ(t.eyes, 18);
  t = step(kT, t, use(HIRTENSCHUTZ), {3});
  EXPECT_FALSE(t.fumo_active);
  EXPECT_EQ(t.eyes, 24);
  t = step(kT, t, kRoll, {3});
  EXPECT_EQ(t.eyes, 27);  // plain again
  t = step(kT, t, kRoll, {6});
  EXPECT_TRUE(t.eliminated);
}

TEST(Rule, J13_ClassicFumoRestartsFromZeroWithANewFreeThrow) {
  TurnState t = at(15, hold({FUMO, HIRTENSCHUTZ}));
  t.robbing_ones = 3;
  t = step(kC, t, kRoll, {6, 4}, {true});
  EXPECT_EQ(t.eyes, 4);
  EXPECT_FALSE(t.over());
  EXPECT_EQ(t.robbing_ones, 0);
  EXPECT_TRUE(t.held.has(HIRTENSCHUTZ));
  EXPECT_FALSE(t.held.has(FUMO));
  // Not after a Ventil floor.
  TurnState f = at(15, hold({FUMO}));
  f.has_floor = true;
  f.floor = 12;
  t = step(kC, f, kRoll, {6});
  EXPECT_TRUE(t.eliminated);
  EXPECT_EQ(t.eyes, 12);
}

TEST(Rule, J14_CherryNoSuccessesNoCounters) {
  EXPECT_EQ(step(kT, at(3, hold({CHERRY})), use(CHERRY), {1, 2, 1, 2}).eyes, 3);
  EXPECT_EQ(step(kT, at(0, hold({CHERRY})), use(CHERRY), {3, 3, 3, 3, 5, 5, 5, 5}).eyes, 0);
}

TEST(Rule, J15_RunkelruebCancelsOrFails) {
  TurnState t = step(kT, at(14, hold({RUNKELRUEB})), kRoll, {6, 1, 3}, {true});
  EXPECT_EQ(t.eyes, 14);
  EXPECT_FALSE(t.over());
  EXPECT_FALSE(t.held.has(RUNKELRUEB));
  t = step(kT, at(14, hold({RUNKELRUEB})), kRoll, {6, 2, 1}, {true});
  EXPECT_TRUE(t.eliminated);
  EXPECT_EQ(t.eyes, 0);
  TurnState f = at(30, hold({RUNKELRUEB}));
  f.has_floor = true;
  f.floor = 25;
  t = step(kT, f, kRoll, {6, 2, 2}, {true});
  EXPECT_EQ(t.eyes, 25);  // J11: a failed Runkelrüb drops to the floor
}

}  // namespace
}  // namespace verflixt::verflixte6
