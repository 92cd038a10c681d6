// En Gingg as Bei's rules G1–G3 and the contract's worked examples through the reference
// engine with scripted dice: every face and every set-aside is written in the test, and the
// balances are worked out by hand from docs/rules/en-gingg.md.
#include "verflixt/games/en_gingg/engine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "scripted.h"
#include "verflixt/core/error.h"

namespace verflixt::en_gingg {
namespace {

using testing::Script;
using testing::ScriptedPolicy;

DiceCounts dice(std::vector<int> faces) { return counts_of(faces, 6); }

// Worked example 1: balance 29, phase 1 ends with 6 6 5 4 4 3 = 28 → balance 27, next player.
TEST(EnGinggExamples, Example1SumBelowTargetCostsTheDifference) {
  const EnGinggRules rules;
  Table t = initial_table(rules);
  t.balances[0] = 29;
  // Throw 1: 6 1 6 2 1 2 → the two 6s aside; throw 2: 5 4 4 3 → all aside.
  Script faces{{6, 1, 6, 2, 1, 2, 5, 4, 4, 3}};
  const ScriptedPolicy p{{6, 6}, {5, 4, 4, 3}};
  const TurnRecord r = play_turn(rules, p, t, faces);
  EXPECT_EQ(r.sum, 28);
  EXPECT_EQ(r.own_change, -2);
  EXPECT_EQ(r.digit, 0);
  EXPECT_EQ(t.balances[0], 27);
  EXPECT_EQ(t.balances[1], 37);
  EXPECT_EQ(t.to_move, 1);
  EXPECT_FALSE(t.over());
  EXPECT_TRUE(faces.used_up());
  EXPECT_TRUE(p.used_up());
}

// Worked example 2: 6 6 6 5 5 4 = 32 → +2; phase 2 with k = 2: 2 2 4 1 1 6 (two 2s aside),
// 3 5 5 2 (one more), 4 1 6 (no 2) → the next player loses 3 × 2 = 6.
TEST(EnGinggExamples, Example2SumAboveTargetEarnsAndPhase2Hits) {
  const EnGinggRules rules;
  Table t = initial_table(rules);
  Script faces{{6, 6, 6, 5, 5, 4, /* phase 2 */ 2, 2, 4, 1, 1, 6, 3, 5, 5, 2, 4, 1, 6}};
  const ScriptedPolicy p{{6, 6, 6, 5, 5, 4}};
  const TurnRecord r = play_turn(rules, p, t, faces);
  EXPECT_EQ(r.sum, 32);
  EXPECT_EQ(r.own_change, 2);
  EXPECT_EQ(r.digit, 2);
  EXPECT_EQ(r.hits, 3);
  EXPECT_EQ(r.phase2_throws, 3);
  EXPECT_EQ(r.next_loss, 6);
  EXPECT_EQ(t.balances[0], 39);
  EXPECT_EQ(t.balances[1], 31);
  EXPECT_EQ(t.balances[2], 37);
  EXPECT_EQ(t.to_move, 1);
  EXPECT_TRUE(faces.used_up());
}

// Worked example 3: phase 2 with k = 2 whose first throw is 1 3 4 5 6 6 → nobody loses.
TEST(EnGinggExamples, Example3Phase2WithoutTheDigitOnTheFirstThrow) {
  const EnGinggRules rules;
  Script faces{{1, 3, 4, 5, 6, 6}};
  int throws = 0;
  EXPECT_EQ(play_phase2(rules, 2, faces, throws), 0);
  EXPECT_EQ(throws, 1);
  EXPECT_TRUE(faces.used_up());
  // The same in a whole turn: 32 earns 2, the next player keeps 37.
  Table t = initial_table(rules);
  Script turn{{6, 6, 6, 5, 5, 4, 1, 3, 4, 5, 6, 6}};
  const ScriptedPolicy p{{6, 6, 6, 5, 5, 4}};
  const TurnRecord r = play_turn(rules, p, t, turn);
  EXPECT_EQ(r.next_loss, 0);
  EXPECT_EQ(t.balances[0], 39);
  EXPECT_EQ(t.balances[1], 37);
}

// Worked example 4: six throws, one die set aside each time, is legal; a throw that sets
// aside no die is not.
TEST(EnGinggExamples, Example4SixThrowsOfOneDieLegalNoneAsideIllegal) {
  const EnGinggRules rules;
  Table t = initial_table(rules);
  Script faces{{6, 1, 1, 2, 2, 3, /**/ 5, 1, 1, 2, 3, /**/ 6, 1, 2, 2, /**/ 4, 1, 1, /**/ 5, 2, /**/ 3}};
  const ScriptedPolicy p{{6}, {5}, {6}, {4}, {5}, {3}};
  const TurnRecord r = play_turn(rules, p, t, faces);
  EXPECT_EQ(r.phase1_throws, 6);
  EXPECT_EQ(r.sum, 29);
  EXPECT_EQ(t.balances[0], 36);
  EXPECT_TRUE(faces.used_up());

  Phase1State s = phase1_start(rules);
  EXPECT_FALSE(is_legal_set_aside(s, dice({6, 5, 4, 3, 2, 1}), DiceCounts{}, rules));
  Script again{{6, 5, 4, 3, 2, 1}};
  const ScriptedPolicy none{{}};
  Table u = initial_table(rules);
  EXPECT_THROW(play_turn(rules, none, u, again), std::logic_error);
}

// G1: the first balance at 0 or less loses, checked after every change; the game ends there.
TEST(EnGinggRulesG1, FirstBalanceAtZeroLosesAndEndsTheGame) {
  EnGinggRules rules;
  rules.players = 3;
  rules.start_balance = 3;
  // Seat 0 throws 27 in one throw: 3 − 3 = 0 → loses at once; nobody else plays.
  const ScriptedPolicy all{{6, 6, 6, 3, 3, 3}};
  const SetAsidePolicy* seats[] = {&all, &all, &all};
  Script faces{{6, 6, 6, 3, 3, 3}};
  const GameRecord g = play_game(rules, seats, faces);
  EXPECT_EQ(g.final_table.loser, 0);
  EXPECT_EQ(g.final_table.balances[0], 0);
  EXPECT_EQ(g.turns, 1);
  EXPECT_TRUE(faces.used_up());

  // Seat 0 throws 31 (+1): the next player loses 1 per hit; from 3 to 0 after three 1s.
  // Seat 1 is checked after the change, and loses though seat 0 gained first.
  const ScriptedPolicy first{{6, 6, 6, 6, 6, 1}};
  const SetAsidePolicy* seats2[] = {&first, &first, &first};
  Script faces2{{6, 6, 6, 6, 6, 1, /* phase 2, digit 1 */ 1, 1, 1, 4, 5, 6, 2, 3, 4}};
  const GameRecord h = play_game(rules, seats2, faces2);
  EXPECT_EQ(h.final_table.loser, 1);
  EXPECT_EQ(h.final_table.balances[0], 4);
  EXPECT_EQ(h.final_table.balances[1], 0);
  EXPECT_EQ(h.final_table.balances[2], 3);
  EXPECT_EQ(h.turns, 1);
  EXPECT_EQ(h.throws, 3);
}

TEST(EnGinggRulesG1, TheLastSeatDamagesSeatZeroAndTurnsGoRound) {
  EnGinggRules rules;
  rules.players = 2;
  rules.start_balance = 10;
  // Seat 0: 30 (nothing). Seat 1: 36 (+6), phase 2 with 6: 6 6 1 2 3 4, then 6 6 5 5 → 4
  // hits, then 1 2 (none): seat 0 loses 24 → −14, loses.
  const ScriptedPolicy p{{6, 6, 6, 6, 5, 1}, {6, 6, 6, 6, 6, 6}};
  const SetAsidePolicy* seats[] = {&p, &p};
  Script faces{{6, 6, 6, 6, 5, 1, /**/ 6, 6, 6, 6, 6, 6, /**/ 6, 6, 1, 2, 3, 4, 6, 6, 5, 5, 1, 2}};
  const GameRecord g = play_game(rules, seats, faces);
  EXPECT_EQ(g.final_table.loser, 0);
  EXPECT_EQ(g.final_table.balances[0], -14);
  EXPECT_EQ(g.final_table.balances[1], 16);
  EXPECT_EQ(g.turns, 2);
  EXPECT_TRUE(faces.used_up());
}

// G2: set-asides after a throw, the target's three cases, and the parameters.
TEST(EnGinggRulesG2, SetAsidesAndTheTargetsThreeCases) {
  EnGinggRules rules;
  const Phase1State s = phase1_start(rules);
  // 6 6 5 3 2 1: the seed's example; 6-6 or 6-6-5 may be set aside, and every other
  // non-empty sub-multiset: (2+1)·2·2·2·2 − 1 = 47.
  const DiceCounts t = dice({6, 6, 5, 3, 2, 1});
  EXPECT_TRUE(is_legal_set_aside(s, t, dice({6, 6}), rules));
  EXPECT_TRUE(is_legal_set_aside(s, t, dice({6, 6, 5}), rules));
  EXPECT_FALSE(is_legal_set_aside(s, t, dice({6, 6, 6}), rules));
  EXPECT_FALSE(is_legal_set_aside(s, t, dice({4}), rules));
  EXPECT_EQ(legal_set_asides(s, t, rules).size(), 47u);
  EXPECT_EQ(apply_set_aside(s, dice({6, 6, 5})), (Phase1State{3, 17, 1}));
  // S < 30 loses 30 − S; S = 30 nothing (Decision); S = 30 + k earns k and plays phase 2 with k.
  EXPECT_EQ(phase1_outcome(6, rules).own_change, -24);
  EXPECT_EQ(phase1_outcome(6, rules).digit, 0);
  EXPECT_EQ(phase1_outcome(30, rules).own_change, 0);
  EXPECT_EQ(phase1_outcome(30, rules).digit, 0);
  EXPECT_EQ(phase1_outcome(36, rules).own_change, 6);
  EXPECT_EQ(phase1_outcome(36, rules).digit, 6);
  // min_set_aside = 2 and a last throw that sets every die aside.
  rules.min_set_aside = 2;
  rules.max_throws = 2;
  EXPECT_FALSE(is_legal_set_aside(s, t, dice({6}), rules));
  EXPECT_TRUE(is_legal_set_aside(s, t, dice({6, 6}), rules));
  const Phase1State second{4, 12, 1};
  EXPECT_EQ(min_set_aside(second, rules), 4);
  EXPECT_EQ(legal_set_asides(second, dice({5, 3, 2, 1}), rules).size(), 1u);
  // Fewer dice left than min_set_aside: all of them.
  rules.max_throws = 6;
  EXPECT_EQ(min_set_aside({1, 30, 3}, rules), 1);
}

// G3: phase 2 ends at the first throw without the digit, or when no die is left (Decision).
TEST(EnGinggRulesG3, Phase2EndsWithoutTheDigitOrWithoutDice) {
  const EnGinggRules rules;
  Script all{{5, 5, 5, 1, 2, 3, 5, 5, 4, 5}};  // 3 hits, 2 hits, 1 hit: no die left
  int throws = 0;
  EXPECT_EQ(play_phase2(rules, 5, all, throws), 6);
  EXPECT_EQ(throws, 3);
  EXPECT_TRUE(all.used_up());
  Script one{{4, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2}};
  throws = 0;
  EXPECT_EQ(play_phase2(rules, 4, one, throws), 1);
  EXPECT_EQ(throws, 2);
  EXPECT_EQ(phase2_hits(dice({4, 4, 1}), 4), 2);
}

TEST(EnGinggEngine, KeepFromPolicyAndBadFaces) {
  const EnGinggRules rules;
  const KeepFromPolicy k5(rules, 5);
  const Table t = initial_table(rules);
  const Phase1State s = phase1_start(rules);
  EXPECT_EQ(k5.decide({s, dice({6, 5, 3, 2, 1, 5}), t}), dice({6, 5, 5}));
  EXPECT_EQ(k5.decide({s, dice({4, 3, 3, 2, 1, 1}), t}), dice({4}));  // none ≥ 5: the highest
  EXPECT_EQ(highest_dice(dice({4, 3, 3, 2}), 3), dice({4, 3, 3}));
  Script bad{{7, 1, 1, 1, 1, 1}};
  Table u = initial_table(rules);
  EXPECT_THROW(play_turn(rules, k5, u, bad), std::out_of_range);
  EXPECT_THROW(make_policy("keep-from:7", rules), core::InputError);
  EXPECT_THROW(make_policy("keep-all", rules), core::InputError);
  EXPECT_THROW(make_policy("optimal:theirs", rules), core::InputError);
  EXPECT_EQ(make_policy("keep-from:6", rules)->name(), "keep-from:6");
  EXPECT_EQ(make_policy("optimal:own+next", rules)->name(), "optimal:own+next");
}

// OpenSpiel's RandomSimTest in small: many rule sets, random policies and dice; every game
// ends with exactly one balance at 0 or less, the loser's.
TEST(EnGinggEngine, RandomGamesOverManyRuleSetsKeepTheInvariants) {
  core::Rng g(2002);
  for (int set = 0; set < 40; ++set) {
    EnGinggRules r;
    r.dice = 1 + core::roll_face(g, 5);
    r.faces = 1 + core::roll_face(g, 8);
    // A target near the largest sum, so that balances fall and every game ends (a low
    // target lets every balance grow for ever).
    r.target = r.max_sum() + 1 - core::roll_face(g, std::min(r.faces, r.max_sum() - r.dice + 1));
    r.min_set_aside = core::roll_face(g, r.dice);
    r.max_throws = core::roll_face(g, r.dice);
    r.players = 1 + core::roll_face(g, 7);
    r.start_balance = core::roll_face(g, 40);
    validate(r);
    std::vector<std::unique_ptr<SetAsidePolicy>> owned;
    std::vector<const SetAsidePolicy*> seats;
    for (int p = 0; p < r.players; ++p) {
      owned.push_back(std::make_unique<KeepFromPolicy>(r, core::roll_face(g, r.faces)));
      seats.push_back(owned.back().get());
    }
    auto faces = [&] { return core::roll_face(g, r.faces); };
    for (int game = 0; game < 30; ++game) {
      const GameRecord rec = play_game(r, seats, faces);
      const Table& t = rec.final_table;
      ASSERT_TRUE(t.over()) << rules_summary(r);
      ASSERT_LE(t.balances[t.loser], 0) << rules_summary(r);
      for (int p = 0; p < r.players; ++p) {
        if (p != t.loser) {
          ASSERT_GT(t.balances[p], 0) << rules_summary(r);
        }
      }
    }
  }
}

}  // namespace
}  // namespace verflixt::en_gingg
