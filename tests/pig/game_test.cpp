// Pig's rules, one at a time, through the reference engine with scripted dice: every throw
// of a game is written in the test, and the banked scores and the winner are worked out by
// hand from the rules in game.h.
#include "verflixt/games/pig/game.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

#include "verflixt/core/chance.h"
#include "verflixt/core/error.h"
#include "verflixt/games/pig/engine.h"
#include "verflixt/games/pig/policy.h"

namespace verflixt::pig {
namespace {

// Plays the given faces in order; running out is a test bug.
struct Script {
  std::vector<int> faces;
  std::size_t next = 0;
  int operator()() {
    if (next >= faces.size()) throw std::out_of_range("script exhausted");
    return faces[next++];
  }
};

// Holds on a list of turn-ending decisions: the n-th turn holds once its turn total reaches
// hold_at[n] (one entry per turn, in the order turns are played).
class ScriptedPolicy final : public PigPolicy {
 public:
  explicit ScriptedPolicy(int hold_at) : hold_at_(hold_at) {}
  PigAction decide(const PigState& s) const override { return s.turn_total >= hold_at_ ? PigAction::Hold : PigAction::Roll; }
  std::string name() const override { return "scripted"; }

 private:
  int hold_at_;
};

TEST(PigRules, PrintParseRoundTripAndRanges) {
  PigRules r;
  EXPECT_EQ(rules_summary(r), "goal=100 faces=6 bust_face=1 players=2");
  r.goal = 50, r.faces = 8, r.bust_face = 3, r.players = 5;
  EXPECT_EQ(parse_rules(rules_summary(r)), r);
  EXPECT_EQ(parse_rules("goal=20,players=3").goal, 20);
  EXPECT_THROW(parse_rules("goal=0"), core::InputError);
  EXPECT_THROW(parse_rules("players=9"), core::InputError);
  EXPECT_THROW(parse_rules("players=1"), core::InputError);
  EXPECT_THROW(parse_rules("faces=6 bust_face=7"), core::InputError);
  EXPECT_THROW(parse_rules("sides=6"), core::InputError);
  EXPECT_THROW(parse_rules("goal=ten"), core::InputError);
  EXPECT_THROW(parse_rules("goal"), core::InputError);
}

TEST(PigGame, RollOutcomesAreEachFaceOnce) {
  PigRules r;
  r.faces = 5;
  const auto o = roll_outcomes(r);
  ASSERT_EQ(o.size(), 5u);
  double p = 0;
  for (int f = 0; f < 5; ++f) {
    EXPECT_EQ(o[f].outcome, f + 1);
    p += o[f].probability;
  }
  EXPECT_DOUBLE_EQ(p, 1.0);
  EXPECT_EQ(legal_actions(initial_state(r)).size(), 2u);
}

TEST(PigEngine, BustOnOneLosesTheTurnTotalOnly) {
  PigRules r;
  r.goal = 30;
  const ScriptedPolicy p(100);  // never holds: every turn ends in a 1 or at the goal
  const PigPolicy* seats[] = {&p, &p};
  // Player 0: 6, 5, then 1 (11 lost); player 1: 1; player 0: 6 6 6 6 6 = 30, wins.
  Script dice{{6, 5, 1, 1, 6, 6, 6, 6, 6}};
  const GameRecord g = play_game(r, seats, dice);
  EXPECT_EQ(g.final_state.winner, 0);
  EXPECT_EQ(g.final_state.scores[0], 30);
  EXPECT_EQ(g.final_state.scores[1], 0);
  EXPECT_EQ(g.turns, 3);
  EXPECT_EQ(g.throws, 9);
  EXPECT_EQ(dice.next, dice.faces.size());
}

TEST(PigEngine, HoldBanksTheTurnTotal) {
  PigRules r;
  r.goal = 20;
  const ScriptedPolicy p(8);
  const PigPolicy* seats[] = {&p, &p};
  // P0: 4 4 -> holds 8. P1: 3 1 -> 0. P0: 5 3 -> holds, 16. P1: 6 2 -> holds 8.
  // P0: 2 2 -> 20 reached: wins with 20 (the goal ends the game without a hold).
  Script dice{{4, 4, 3, 1, 5, 3, 6, 2, 2, 2}};
  const GameRecord g = play_game(r, seats, dice);
  EXPECT_EQ(g.final_state.winner, 0);
  EXPECT_EQ(g.final_state.scores[0], 20);
  EXPECT_EQ(g.final_state.scores[1], 8);
  EXPECT_EQ(g.turns, 5);
  EXPECT_EQ(dice.next, dice.faces.size());
}

TEST(PigEngine, ReachingTheGoalEndsTheGameMidTurn) {
  PigRules r;
  r.goal = 10;
  const ScriptedPolicy p(100);
  const PigPolicy* seats[] = {&p, &p};
  Script dice{{6, 5, 1}};  // 11 >= 10 after the second throw; the 1 is never thrown
  const GameRecord g = play_game(r, seats, dice);
  EXPECT_EQ(g.final_state.winner, 0);
  EXPECT_EQ(g.final_state.scores[0], 11);
  EXPECT_EQ(dice.next, 2u);
  // apply_roll by itself: reaching the goal sets the winner and banks the total.
  PigState s = initial_state(r);
  s.scores[0] = 7;
  s.turn_total = 2;
  const PigState t = apply_roll(s, 3, r);
  EXPECT_EQ(t.winner, 0);
  EXPECT_EQ(t.scores[0], 12);
  EXPECT_TRUE(legal_actions(t).empty());
}

TEST(PigEngine, ThreePlayersRotateAndAnyBustFaceWorks) {
  PigRules r;
  r.goal = 12;
  r.players = 3;
  r.faces = 4;
  r.bust_face = 4;  // a 4 busts; 1, 2, 3 score
  const ScriptedPolicy p(5);
  const PigPolicy* seats[] = {&p, &p, &p};
  // P0: 3 2 -> holds 5. P1: 4 -> bust. P2: 1 1 3 -> holds 5. P0: 1 4 -> bust.
  // P1: 3 3 -> holds 6. P2: 2 3 -> holds, 10. P0: 3 3 -> holds, 11. P1: 3 3 -> 12: wins.
  Script dice{{3, 2, 4, 1, 1, 3, 1, 4, 3, 3, 2, 3, 3, 3, 3, 3}};
  const GameRecord g = play_game(r, seats, dice);
  EXPECT_EQ(g.final_state.winner, 1);
  EXPECT_EQ(g.final_state.scores[0], 11);
  EXPECT_EQ(g.final_state.scores[1], 12);
  EXPECT_EQ(g.final_state.scores[2], 10);
  EXPECT_EQ(g.turns, 8);
  EXPECT_EQ(dice.next, dice.faces.size());
}

TEST(PigEngine, HoldAtPolicyAndBadFaces) {
  const HoldAtPolicy h(20);
  PigState s;
  s.turn_total = 19;
  EXPECT_EQ(h.decide(s), PigAction::Roll);
  s.turn_total = 20;
  EXPECT_EQ(h.decide(s), PigAction::Hold);
  PigRules r;
  const PigPolicy* seats[] = {&h, &h};
  Script dice{{7}};
  EXPECT_THROW(play_game(r, seats, dice), std::out_of_range);
  std::shared_ptr<const PigSolution> cache;
  EXPECT_THROW(make_policy("hold:0", r, cache), core::InputError);
  EXPECT_THROW(make_policy("hold:x", r, cache), core::InputError);
  EXPECT_THROW(make_policy("greedy", r, cache), core::InputError);
  r.players = 3;
  EXPECT_THROW(make_policy("optimal", r, cache), core::InputError);
  EXPECT_EQ(make_policy("hold:25", r, cache)->name(), "hold:25");
}

// OpenSpiel's RandomSimTest in small: many rule sets, random policies and dice; every game
// ends with exactly one player at or past the goal and everyone else short of it.
TEST(PigEngine, RandomGamesOverManyRuleSetsKeepTheInvariants) {
  core::Rng g(99);
  for (int set = 0; set < 60; ++set) {
    PigRules r;
    r.goal = 5 + core::roll_face(g, 60);
    r.faces = 1 + core::roll_face(g, 8);
    r.bust_face = core::roll_face(g, r.faces);
    r.players = 1 + core::roll_face(g, 7);
    validate(r);
    std::vector<std::unique_ptr<HoldAtPolicy>> policies;
    std::vector<const PigPolicy*> seats;
    for (int p = 0; p < r.players; ++p) {
      // Holding within two throws' worth keeps games short (holding at 60 on a two-faced die
      // would take about 2^30 turns to score once).
      policies.push_back(std::make_unique<HoldAtPolicy>(core::roll_face(g, std::min(r.goal, 2 * r.faces))));
      seats.push_back(policies.back().get());
    }
    auto dice = [&] { return core::roll_face(g, r.faces); };
    for (int game = 0; game < 100; ++game) {
      const GameRecord rec = play_game(r, seats, dice);
      const PigState& s = rec.final_state;
      ASSERT_TRUE(s.over());
      ASSERT_GE(s.scores[s.winner], r.goal) << rules_summary(r);
      for (int p = 0; p < r.players; ++p) {
        if (p != s.winner) {
          ASSERT_LT(s.scores[p], r.goal) << rules_summary(r);
        }
      }
      ASSERT_GE(rec.turns, 1);
      ASSERT_GE(rec.throws, 1);
    }
  }
}

}  // namespace
}  // namespace verflixt::pig
