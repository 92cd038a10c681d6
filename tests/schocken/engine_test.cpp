// Schocken's reference engine with scripted dice: every face of a round, half or game is
// written in the test, and who takes or passes how many chips is worked out by hand from the
// contract (S1-S3 and its worked examples 2-6).
#include "verflixt/games/schocken/engine.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace verflixt::schocken {
namespace {

// Plays the given faces in order; running out is a test bug.
struct Script {
  std::vector<int> faces;
  size_t next = 0;
  int operator()() {
    if (next >= faces.size()) throw std::out_of_range("script exhausted");
    return faces[next++];
  }
  bool done() const { return next == faces.size(); }
};

// Throws all three dice again until it has used `throws` throws, then stands.
class ThrowUntil final : public SchockenPolicy {
 public:
  explicit ThrowUntil(int throws) : throws_(throws) {}
  Keep decide(const TurnView& v) const override { return v.throws < throws_ ? Keep{{0, 0, 0}, 0} : stand(); }
  std::string name() const override { return "throw-until"; }

 private:
  int throws_;
};

// Keeps one 1 made of two 6s (S2 two_sixes_make_one), then stands.
class SixesToOne final : public SchockenPolicy {
 public:
  Keep decide(const TurnView& v) const override { return v.throws == 1 ? Keep{{1, 0, 0}, 1} : stand(); }
  std::string name() const override { return "sixes-to-one"; }
};

const StandPolicy kStand;

std::vector<int> seats_of(int n) {
  std::vector<int> s;
  for (int k = 0; k < n; ++k) s.push_back(k);
  return s;
}

TEST(SchockenEngine, WorkedExample2StarterStandsAfterTwoThrowsLimitsEveryoneToTwo) {
  const SchockenRules rules;
  const ThrowUntil starter(2), greedy(3);
  const SchockenPolicy* seats[] = {&starter, &greedy, &greedy};
  // Starter: 6 5 2, then 4 4 3 (stands after two). The others would throw three times, but
  // get two: 5 3 2, 6 6 1 and 6 2 2, 5 4 1.
  Script dice{{6, 5, 2, 4, 4, 3, 5, 3, 2, 6, 6, 1, 6, 2, 2, 5, 4, 1}};
  const std::vector<int> chips(3, 0);
  const RoundRecord r = play_round(rules, seats, seats_of(3), Phase::Distribution, chips, 13, dice);
  EXPECT_TRUE(dice.done());
  EXPECT_EQ(r.limit, 2);
  EXPECT_EQ(r.hands[1].throws, 2);
  EXPECT_EQ(r.hands[2].throws, 2);
  EXPECT_EQ(r.hands[1].dice, make_dice(6, 6, 1));
  EXPECT_EQ(r.hands[2].dice, make_dice(5, 4, 1));
  // 4 4 3 (443) is the worst, 6 6 1 (661) the best Zahl: 1 chip.
  EXPECT_EQ(r.loser_seat(), 0);
  EXPECT_EQ(r.best_seat(), 1);
  EXPECT_EQ(r.outcome.chips, 1);
}

TEST(SchockenEngine, S2FollowersSeeTheLimitNotOthersHands) {
  // A policy that records what it is shown: the limit is the starter's count.
  struct Recorder final : SchockenPolicy {
    mutable std::vector<TurnView> seen;
    Keep decide(const TurnView& v) const override {
      seen.push_back(v);
      return Keep{{0, 0, 0}, 0};
    }
    std::string name() const override { return "recorder"; }
  };
  const SchockenRules rules;
  const ThrowUntil starter(3);
  Recorder follower;
  const SchockenPolicy* seats[] = {&starter, &follower};
  Script dice{{6, 5, 2, 4, 4, 3, 2, 2, 3, 5, 3, 2, 6, 6, 1, 5, 5, 5}};
  const std::vector<int> chips(2, 0);
  const RoundRecord r = play_round(rules, seats, seats_of(2), Phase::Distribution, chips, 13, dice);
  ASSERT_EQ(follower.seen.size(), 2u);
  EXPECT_EQ(follower.seen[0].limit, 3);
  EXPECT_EQ(follower.seen[0].position, 1);
  EXPECT_EQ(follower.seen[1].throws, 2);
  EXPECT_EQ(r.hands[1].dice, make_dice(5, 5, 5));  // General 5 beats Zahl 322
  EXPECT_EQ(r.loser_seat(), 0);
  EXPECT_EQ(r.outcome.chips, 3);
}

TEST(SchockenEngine, S2AnySubsetMayBeThrownAgainAndTwoSixesMakeOne) {
  SchockenRules rules;
  const SixesToOne policy;
  TurnView view;
  Script off{{6, 6, 3}};
  EXPECT_THROW(play_turn(rules, policy, view, off), std::logic_error);  // not without the rule
  rules.two_sixes_make_one = true;
  Script on{{6, 6, 3, 1, 4}};  // the 1 stays, two dice are thrown: 1 and 4
  const TurnResult t = play_turn(rules, policy, view, on);
  EXPECT_EQ(t.dice, make_dice(4, 1, 1));
  EXPECT_EQ(t.throws, 2);
  EXPECT_TRUE(on.done());
}

TEST(SchockenEngine, WorkedExample3WorstHandTakesTheBestHandsChips) {
  // Round hands 1 1 4, 3 3 3 and 6 4 2: the 6 4 2 player takes 4 chips (Schock 4).
  const SchockenRules rules;
  const SchockenPolicy* seats[] = {&kStand, &kStand, &kStand};
  Script dice{{1, 1, 4, 3, 3, 3, 6, 4, 2, /* half goes on: */ 1, 1, 1, 5, 5, 5, 6, 6, 6}};
  const HalfRecord half = play_half(rules, seats, seats_of(3), 0, dice, true);
  ASSERT_GE(half.history.size(), 1u);
  const RoundRecord& r = half.history[0];
  EXPECT_EQ(r.loser_seat(), 2);
  EXPECT_EQ(r.outcome.chips, 4);
  EXPECT_EQ(r.chips_after, (std::vector<int>{0, 0, 4}));
  EXPECT_EQ(r.stack_after, 9);
  // S2: the loser (seat 2) opens the next round, with a Schock out; S1: seat 0's 5 5 5 is the
  // worst hand and loses the half at once.
  ASSERT_EQ(half.history.size(), 2u);
  EXPECT_EQ(half.history[1].order, (std::vector<int>{2, 0, 1}));
  EXPECT_TRUE(half.schock_out);
  EXPECT_EQ(half.loser, 0);
}

TEST(SchockenEngine, WorkedExample4TheStackGivesWhatIsLeftAndAllChipsLoseTheHalf) {
  const SchockenRules rules;
  const SchockenPolicy* seats[] = {&kStand, &kStand};
  Script dice{{5, 1, 1, 6, 4, 2,    // seat 0 Schock 5, seat 1 Zahl 642: seat 1 takes 5 (stack 8)
               6, 4, 2, 6, 1, 1,    // seat 1 opens: 642 vs Schock 6: seat 1 takes 6 (stack 2)
               6, 4, 2, 3, 3, 3}};  // 642 vs General (3): seat 1 owes 3, takes the last 2
  const HalfRecord half = play_half(rules, seats, seats_of(2), 0, dice, true);
  EXPECT_TRUE(dice.done());
  ASSERT_EQ(half.history.size(), 3u);
  EXPECT_EQ(half.history[0].chips_after, (std::vector<int>{0, 5}));
  EXPECT_EQ(half.history[1].stack_after, 2);
  EXPECT_EQ(half.history[2].outcome.chips, 3);
  EXPECT_EQ(half.history[2].stack_after, 0);
  EXPECT_EQ(half.history[2].chips_after, (std::vector<int>{0, 13}));
  EXPECT_EQ(half.loser, 1);  // S3: he holds all 13
  EXPECT_FALSE(half.schock_out);
}

TEST(SchockenEngine, WorkedExample5PlayingOffPassesAtMostWhatTheBestHolds) {
  const SchockenRules rules;
  const SchockenPolicy* seats[] = {&kStand, &kStand, &kStand};
  Script dice{{5, 4, 2, 6, 5, 2, 6, 5, 3,    // worst 542 (seat 0) takes 1 (Zahl): stack 12
               6, 5, 3, 6, 1, 1, 5, 4, 2,    // seat 0 opens; worst 542 (seat 2) takes 6: stack 6
               6, 1, 1, 6, 5, 3, 5, 4, 2,    // seat 2 opens; worst 542 (seat 1) takes 6: stack 0
               5, 4, 2, 6, 5, 2, 4, 4, 4,    // playing off, seat 1 opens: General (seat 0) holds 1
               1, 1, 1, 5, 5, 5}};           // seat 1 opens with a Schock out: seat 2 loses the half
  const HalfRecord half = play_half(rules, seats, seats_of(3), 0, dice, true);
  ASSERT_GE(half.history.size(), 4u);
  EXPECT_EQ(half.history[2].chips_after, (std::vector<int>{1, 6, 6}));
  const RoundRecord& off = half.history[3];
  EXPECT_EQ(off.order, (std::vector<int>{1, 2, 0}));
  EXPECT_EQ(off.best_seat(), 0);
  EXPECT_EQ(off.outcome.chips, 3);
  EXPECT_EQ(off.loser_seat(), 1);
  EXPECT_EQ(off.chips_after, (std::vector<int>{0, 7, 6}));  // he passes 1, not 3
  // S3: seat 0 holds no chip and no longer plays: the next round is seats 1 and 2 only.
  ASSERT_EQ(half.history.size(), 5u);
  EXPECT_EQ(half.history[4].order, (std::vector<int>{1, 2}));
  EXPECT_EQ(half.loser, 2);  // 5 5 5 against Schock out
}

TEST(SchockenEngine, WorkedExample6EqualHandsFewerThrowsRankHigher) {
  const SchockenRules rules;
  const ThrowUntil two(2);
  const SchockenPolicy* seats[] = {&two, &kStand};
  // The starter makes 6 5 3 in two throws, the follower in one: the starter's ranks lower.
  Script dice{{4, 2, 2, 6, 5, 3, 6, 5, 3}};
  const std::vector<int> chips(2, 0);
  const RoundRecord r = play_round(rules, seats, seats_of(2), Phase::Distribution, chips, 13, dice);
  EXPECT_EQ(r.loser_seat(), 0);
  EXPECT_EQ(r.best_seat(), 1);
  // Still equal (both in one throw): the later revealer ranks lower.
  const SchockenPolicy* standing[] = {&kStand, &kStand};
  Script same{{6, 5, 3, 3, 5, 6}};
  const RoundRecord s = play_round(rules, standing, seats_of(2), Phase::Distribution, chips, 13, same);
  EXPECT_EQ(s.loser_seat(), 1);
  EXPECT_EQ(s.best_seat(), 0);
  // Without the throw tiebreak, the reveal order alone decides: the follower is worst.
  SchockenRules plain = rules;
  plain.throw_tiebreak = false;
  Script again{{4, 2, 2, 6, 5, 3, 6, 5, 3}};
  EXPECT_EQ(play_round(plain, seats, seats_of(2), Phase::Distribution, chips, 13, again).loser_seat(), 1);
}

TEST(SchockenEngine, S3HalvesAndTheFinal) {
  SchockenRules rules;
  rules.players = 2;
  const SchockenPolicy* seats[] = {&kStand, &kStand};
  // Half 1 (seat 0 opens): 6 4 2 vs Schock out: seat 0 loses it. Half 2 (seat 0 opens):
  // Schock out vs 6 4 2: seat 1 loses it. Final (seat 1, the second half's loser, opens):
  // 6 4 2 vs Schock out: seat 1 pays.
  Script dice{{6, 4, 2, 1, 1, 1, 1, 1, 1, 6, 4, 2, 6, 4, 2, 1, 1, 1}};
  const GameRecord g = play_game(rules, seats, dice);
  EXPECT_TRUE(dice.done());
  EXPECT_EQ(g.half_loser[0], 0);
  EXPECT_EQ(g.half_loser[1], 1);
  EXPECT_TRUE(g.final_played);
  EXPECT_EQ(g.payer, 1);
  EXPECT_EQ(g.rounds, 3);
  // The same loser twice pays at once: no final.
  Script twice{{6, 4, 2, 1, 1, 1, 6, 4, 2, 1, 1, 1}};
  const GameRecord h = play_game(rules, seats, twice);
  EXPECT_TRUE(twice.done());
  EXPECT_FALSE(h.final_played);
  EXPECT_EQ(h.payer, 0);
  // Without the final the second half's loser pays.
  rules.final = false;
  Script nofinal{{6, 4, 2, 1, 1, 1, 1, 1, 1, 6, 4, 2}};
  const GameRecord f = play_game(rules, seats, nofinal);
  EXPECT_FALSE(f.final_played);
  EXPECT_EQ(f.payer, 1);
}

TEST(SchockenEngine, S3TheFinalIsOnlyTheTwoHalfLosers) {
  SchockenRules rules;
  rules.players = 3;
  const SchockenPolicy* seats[] = {&kStand, &kStand, &kStand};
  // Half 1: seat 0 opens; 6 4 2, 1 1 1, 5 5 5: seat 0 loses by Schock out. Half 2: seat 0
  // opens; 5 5 5, 6 4 2, 1 1 1: seat 1 loses. Final between seats 0 and 1, seat 1 opens:
  // 1 1 1 vs 6 4 2: seat 0 pays. Seat 2 never throws in the final.
  Script dice{{6, 4, 2, 1, 1, 1, 5, 5, 5, 5, 5, 5, 6, 4, 2, 1, 1, 1, 1, 1, 1, 6, 4, 2}};
  const GameRecord g = play_game(rules, seats, dice);
  EXPECT_TRUE(dice.done());
  EXPECT_EQ(g.half_loser[0], 0);
  EXPECT_EQ(g.half_loser[1], 1);
  EXPECT_EQ(g.payer, 0);
}

TEST(SchockenEngine, S1SchockOutCanBeSwitchedOff) {
  SchockenRules rules;
  rules.schock_out_loses_half = false;
  const SchockenPolicy* seats[] = {&kStand, &kStand};
  // Schock out costs the whole stack (13): the loser takes all 13 and loses the half anyway,
  // through S3, after the same one round.
  Script dice{{1, 1, 1, 6, 4, 2}};
  const HalfRecord half = play_half(rules, seats, seats_of(2), 0, dice, true);
  EXPECT_FALSE(half.schock_out);
  EXPECT_EQ(half.loser, 1);
  EXPECT_EQ(half.history[0].chips_after, (std::vector<int>{0, 13}));
}

TEST(SchockenEngine, BadDiceAndPoliciesAreCaught) {
  const SchockenRules rules;
  Script bad{{7, 1, 1}};
  EXPECT_THROW(play_turn(rules, kStand, TurnView{}, bad), std::out_of_range);
}

}  // namespace
}  // namespace verflixt::schocken
