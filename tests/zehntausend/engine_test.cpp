// The reference engine with scripted dice: the contract's worked examples 4-8 and rules
// Z2-Z5, each throw and each decision written out.
#include <gtest/gtest.h>

#include <deque>
#include <stdexcept>
#include <vector>

#include "verflixt/games/zehntausend/engine.h"
#include "verflixt/games/zehntausend/rules.h"

namespace verflixt::zehntausend {
namespace {

// Dice that show the given faces in order and fail the test when they run out.
struct Script {
  std::deque<int> faces;
  int operator()() {
    if (faces.empty()) throw std::logic_error("script: no more dice");
    const int f = faces.front();
    faces.pop_front();
    return f;
  }
};

// Decisions in order; every call also records what the player saw.
struct Plan {
  explicit Plan(std::deque<Decision> s = {}) : steps(std::move(s)) {}
  std::deque<Decision> steps;
  std::vector<TurnView> seen;
  std::vector<std::vector<int>> totals_seen;
  Decision operator()(const TurnView& v) {
    seen.push_back(v);
    totals_seen.emplace_back(v.totals.begin(), v.totals.end());
    if (steps.empty()) throw std::logic_error("plan: no more decisions");
    const Decision d = steps.front();
    steps.pop_front();
    return d;
  }
};

Decision keep(std::vector<int> faces, bool bank) { return {counts_of(faces), bank}; }

TEST(ZehntausendEngine, WorkedExample4SetAsideTheOneThenTheFivesAndBank) {
  const ZehntausendRules r;
  std::vector<int> totals = {1000, 0};
  Script dice{{1, 5, 3, 3, 4, 6, 5, 5, 5, 2, 3}};
  Plan plan{{keep({1}, false), keep({5, 5, 5}, true)}};
  const TurnRecord t = play_turn(r, totals, 0, false, std::ref(plan), dice);
  EXPECT_EQ(t.banked, 600);
  EXPECT_EQ(totals[0], 1600);
  EXPECT_EQ(t.throws, 2);
  ASSERT_EQ(plan.seen.size(), 2u);
  EXPECT_EQ(plan.seen[1].turn_total, 100);
  EXPECT_EQ(dice_in(plan.seen[1].thrown), 5);  // five dice thrown again (Z2)
  EXPECT_TRUE(dice.faces.empty());
}

TEST(ZehntausendEngine, WorkedExample5At350TheTurnCannotBankAndMustThrow) {
  const ZehntausendRules r;
  EXPECT_FALSE(may_bank(350, r));
  EXPECT_TRUE(may_bank(400, r));
  std::vector<int> totals = {0, 0};
  {
    Script dice{{1, 1, 5, 2, 3, 6, 1, 2, 3}};
    Plan plan{{keep({1, 1, 5}, false), keep({1}, true)}};  // 250, then 350: a bank is refused
    EXPECT_THROW(play_turn(r, totals, 0, false, std::ref(plan), dice), std::invalid_argument);
  }
  Script dice{{1, 1, 5, 2, 3, 6, 1, 2, 3, 5, 2}};
  Plan plan{{keep({1, 1, 5}, false), keep({1}, false), keep({5}, true)}};  // 350 throws on, 400 banks
  const TurnRecord t = play_turn(r, totals, 0, false, std::ref(plan), dice);
  EXPECT_EQ(t.banked, 400);
  EXPECT_EQ(totals[0], 400);
}

TEST(ZehntausendEngine, WorkedExample6ANieteAt750ScoresNothing) {
  const ZehntausendRules r;
  std::vector<int> totals = {3000, 0};
  // 4 4 4 1 5 5 = 600 with hot dice, then 1 5 of six = 750 with four dice left, then a Niete.
  Script dice{{4, 4, 4, 1, 5, 5, 1, 5, 2, 3, 4, 6, 2, 3, 4, 6}};
  Plan plan{{keep({4, 4, 4, 1, 5, 5}, false), keep({1, 5}, false)}};
  const TurnRecord t = play_turn(r, totals, 0, false, std::ref(plan), dice);
  EXPECT_TRUE(t.niete);
  EXPECT_FALSE(t.bankrott);  // not the first throw (Z4)
  EXPECT_EQ(t.banked, 0);
  EXPECT_EQ(totals[0], 3000);
  EXPECT_EQ(plan.seen[1].turn_total, 600);
  EXPECT_TRUE(dice.faces.empty());
}

TEST(ZehntausendEngine, WorkedExample7BankrottOnAFirstThrowNiete) {
  ZehntausendRules r;
  std::vector<int> totals = {5000, 0};
  Plan plan;
  Script dice{{2, 3, 4, 4, 6, 6}};
  const TurnRecord t = play_turn(r, totals, 0, false, std::ref(plan), dice);
  EXPECT_TRUE(t.niete);
  EXPECT_TRUE(t.bankrott);
  EXPECT_EQ(totals[0], 0);
  EXPECT_TRUE(plan.seen.empty());  // a Niete asks nothing
  r.bankrott = false;               // Z4 switched off: the total stays
  totals = {5000, 0};
  Script again{{2, 3, 4, 4, 6, 6}};
  EXPECT_FALSE(play_turn(r, totals, 0, false, std::ref(plan), again).bankrott);
  EXPECT_EQ(totals[0], 5000);
}

TEST(ZehntausendEngine, WorkedExample8HotDiceKeepsTheTurnTotal) {
  ZehntausendRules r;
  std::vector<int> totals = {0, 0};
  Script dice{{4, 4, 4, 4, 1, 5, 1, 2, 3, 4, 6, 6}};
  Plan plan{{keep({4, 4, 4, 4, 1, 5}, false), keep({1}, true)}};
  const TurnRecord t = play_turn(r, totals, 0, false, std::ref(plan), dice);
  ASSERT_EQ(plan.seen.size(), 2u);
  EXPECT_EQ(plan.seen[1].turn_total, 950);
  EXPECT_EQ(dice_in(plan.seen[1].thrown), 6);  // all six again
  EXPECT_EQ(t.banked, 1050);
  // Without hot dice a turn with no die left banks what it may (Decision).
  r.hot_dice = false;
  totals = {0, 0};
  Script once{{4, 4, 4, 4, 1, 5}};
  Plan plan2{{keep({4, 4, 4, 4, 1, 5}, false)}};
  EXPECT_EQ(play_turn(r, totals, 0, false, std::ref(plan2), once).banked, 950);
}

TEST(ZehntausendEngine, Z2ASetAsideMustScoreAndIsThePlayersChoice) {
  const ZehntausendRules r;
  std::vector<int> totals = {0, 0};
  Script dice{{1, 1, 5, 5, 2, 2}};
  Plan bad{{keep({1, 2}, false)}};
  EXPECT_THROW(play_turn(r, totals, 0, false, std::ref(bad), dice), std::invalid_argument);
  // Fewer groups than possible is legal: the 1 alone from 1 1 5 5 2 2, then five dice.
  Script dice2{{1, 1, 5, 5, 2, 2, 1, 1, 1, 3, 4}};
  Plan plan{{keep({1}, false), keep({1, 1, 1}, true)}};
  EXPECT_EQ(play_turn(r, totals, 0, false, std::ref(plan), dice2).banked, 1100);
  EXPECT_THROW(play_turn(r, totals, 0, false, std::ref(plan), Script{{9}}), std::out_of_range);
}

TEST(ZehntausendEngine, Z5TheRoundIsCompletedAndTheHighestTotalWins) {
  ZehntausendRules r;
  r.players = 3;
  r.limit = 1000;
  // Seat 0 banks 1000 (three 1s) and reaches the limit; seats 1 and 2 still play their turn;
  // seat 2 banks 1100 and wins; seat 0 does not throw again.
  Script dice{{1, 1, 1, 2, 3, 4,     // seat 0: 1000
               2, 3, 4, 4, 6, 6,     // seat 1: Niete (Bankrott at 0)
               1, 1, 1, 2, 3, 4, 1, 2, 3}};  // seat 2: 1000, then 1 of three dice: 1100
  std::vector<std::deque<Decision>> plans = {{keep({1, 1, 1}, true)}, {}, {keep({1, 1, 1}, false), keep({1}, true)}};
  std::vector<bool> final_seen;
  auto decide = [&](int seat, const TurnView& v) {
    final_seen.push_back(v.final_round);
    const Decision d = plans[static_cast<size_t>(seat)].front();
    plans[static_cast<size_t>(seat)].pop_front();
    return d;
  };
  const GameRecord g = play_game(r, decide, dice);
  EXPECT_EQ(g.totals, (std::vector<int>{1000, 0, 1100}));
  EXPECT_EQ(g.winners, std::vector<int>{2});
  EXPECT_EQ(g.turns, 3);
  EXPECT_EQ(final_seen, (std::vector<bool>{false, true, true}));
  EXPECT_TRUE(dice.faces.empty());
}

TEST(ZehntausendEngine, Z5TiedPlayersShareAndTheLastSeatEndsTheGameAtOnce) {
  ZehntausendRules r;
  r.limit = 1000;
  // Seat 0 reaches 1000; seat 1 ties at 1000: both win.
  Script dice{{1, 1, 1, 2, 3, 4, 1, 1, 1, 2, 3, 4}};
  auto decide = [&](int, const TurnView&) { return keep({1, 1, 1}, true); };
  const GameRecord g = play_game(r, decide, dice);
  EXPECT_EQ(g.winners, (std::vector<int>{0, 1}));
  // Seat 1 (the last) reaching the limit ends the game: seat 0 gets no further turn.
  // Seat 0 banks 400; seat 1 reaches 1000.
  Script dice3{{4, 4, 4, 2, 3, 6, 1, 1, 1, 2, 3, 4}};
  std::deque<Decision> steps3 = {keep({4, 4, 4}, true), keep({1, 1, 1}, true)};
  auto decide3 = [&](int, const TurnView&) {
    const Decision d = steps3.front();
    steps3.pop_front();
    return d;
  };
  const GameRecord g3 = play_game(r, decide3, dice3);
  EXPECT_EQ(g3.totals, (std::vector<int>{400, 1000}));
  EXPECT_EQ(g3.winners, std::vector<int>{1});
  EXPECT_EQ(g3.turns, 2);
}

// Z5 without the final round: the first to reach the limit wins at once; the seats after him
// do not play (the same dice as the first example: seat 2 would have banked 1100).
TEST(ZehntausendEngine, Z5WithoutTheFinalRoundTheFirstToTheLimitWins) {
  ZehntausendRules r;
  r.players = 3;
  r.limit = 1000;
  r.final_round = false;
  Script dice{{1, 1, 1, 2, 3, 4, 2, 3, 4, 4, 6, 6, 1, 1, 1, 2, 3, 4, 1, 2, 3}};
  auto decide = [&](int, const TurnView&) { return keep({1, 1, 1}, true); };
  const GameRecord g = play_game(r, decide, dice);
  EXPECT_EQ(g.totals, (std::vector<int>{1000, 0, 0}));
  EXPECT_EQ(g.winners, std::vector<int>{0});
  EXPECT_EQ(g.turns, 1);
  EXPECT_EQ(dice.faces.size(), 15u);  // nobody threw after seat 0
}

}  // namespace
}  // namespace verflixt::zehntausend
