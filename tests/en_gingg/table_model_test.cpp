// The whole game through the model (src/games/en_gingg/table_model.h) against the reference
// engine on the same dice, and against an exact recursion on a small table.
#include "games/en_gingg/table_model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <memory>
#include <vector>

#include "scripted.h"
#include "verflixt/core/game_algorithms.h"
#include "verflixt/core/rng.h"
#include "verflixt/games/en_gingg/engine.h"
#include "verflixt/games/en_gingg/policy.h"

namespace verflixt::en_gingg {
namespace {

// Plays one game through the model: every seat sets aside what `policy` says, the dice come
// from `rng`, and every face thrown is appended to `faces` in the order thrown.
EnGinggTableModel::State play_recorded(const EnGinggTableModel& m, const SetAsidePolicy& policy, core::Rng& rng,
                                       std::vector<int>& faces) {
  EnGinggTableModel::State s = m.initial_state();
  for (int step = 0; m.current_player(s) != core::kTerminal; ++step) {
    if (step > 1'000'000) throw std::runtime_error("no end");
    if (m.current_player(s) == core::kChanceNode) {
      const std::vector<int> thrown = core::roll_throw(rng, m.chance_throw(s));
      faces.insert(faces.end(), thrown.begin(), thrown.end());
      s = m.apply_outcome(s, m.outcome_of_faces(s, thrown));
    } else {
      EXPECT_EQ(m.current_player(s), s.table.to_move);
      const DiceCounts aside = policy.decide({s.turn.phase1, s.turn.thrown, s.table});
      const auto actions = m.legal_actions(s);
      EXPECT_NE(std::find(actions.begin(), actions.end(), aside), actions.end()) << m.state_text(s);
      s = m.apply_action(s, aside);
    }
  }
  return s;
}

// G1-G3 written twice, once as the engine's loop and once as the model's states: on the
// same dice and set-asides, every game ends with the same balances and the same loser.
TEST(EnGinggTableModel, EndsEveryGameAsTheEngineDoesOnTheSameDice) {
  for (const char* spec : {"optimal:own", "keep-from:5", "keep-from:3"}) {
    EnGinggRules rules;
    rules.start_balance = 12;  // short games, many of them
    const EnGinggTableModel m(rules);
    const auto policy = make_policy(spec, rules);
    const std::vector<const SetAsidePolicy*> seats(static_cast<std::size_t>(rules.players), policy.get());
    core::Rng rng(2026);
    int phase2_losers = 0;
    for (int game = 0; game < 300; ++game) {
      std::vector<int> faces;
      const EnGinggTableModel::State end = play_recorded(m, *policy, rng, faces);
      testing::Script script{faces};
      const GameRecord g = play_game(rules, seats, script);
      EXPECT_TRUE(script.used_up()) << spec << ", game " << game;
      EXPECT_EQ(end.table.loser, g.final_table.loser) << spec << ", game " << game;
      EXPECT_EQ(end.table.balances, g.final_table.balances) << spec << ", game " << game;
      EXPECT_EQ(m.returns(end)[static_cast<std::size_t>(g.final_table.loser)], -1.0);
      phase2_losers += end.table.loser != end.table.to_move;  // lost to the player before him
    }
    EXPECT_GT(phase2_losers, 0) << spec << ": no game ended in phase 2, so the test did not see one";
  }
}

// One die of two faces and the target 2: a 1 costs the thrower a point, a 2 does nothing,
// and no sum beats the target. P(the first player loses) by recursion over the balances:
// with A the value with the first to move and B the second, A = D0/2 + B/2 and
// B = D1/2 + A/2, so A = (2 D0 + D1)/3 (D0, D1: the values after a lost point).
double first_loses(int b0, int b1, int to_move, std::map<std::tuple<int, int, int>, double>& memo) {
  const auto key = std::tuple{b0, b1, to_move};
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  const double d0 = b0 - 1 <= 0 ? 1.0 : first_loses(b0 - 1, b1, 1, memo);
  const double d1 = b1 - 1 <= 0 ? 0.0 : first_loses(b0, b1 - 1, 0, memo);
  const double a = (2 * d0 + d1) / 3, b = d1 / 2 + a / 2;
  memo[{b0, b1, 0}] = a;
  memo[{b0, b1, 1}] = b;
  return to_move == 0 ? a : b;
}

TEST(EnGinggTableModel, FirstPlayerLosesAsOftenAsTheExactRecursionSays) {
  EnGinggRules rules;
  rules.dice = 1;
  rules.faces = 2;
  rules.target = 2;
  rules.min_set_aside = 1;
  rules.max_throws = 1;
  rules.players = 2;
  rules.start_balance = 3;
  const EnGinggTableModel m(rules);
  std::map<std::tuple<int, int, int>, double> memo;
  const double exact = first_loses(3, 3, 0, memo);
  core::Rng rng(11);
  constexpr int kGames = 40000;
  int lost = 0;
  for (int k = 0; k < kGames; ++k) {
    const auto end = core::play(m, m.initial_state(), rng, [](const auto&, const auto&, auto&) { return std::size_t{0}; });
    lost += m.returns(end)[0] < 0 ? 1 : 0;
  }
  const double p = static_cast<double>(lost) / kGames, se = std::sqrt(exact * (1 - exact) / kGames);
  EXPECT_NEAR(p, exact, 4 * se);
  EXPECT_GT(exact, 0.5);  // moving first is a disadvantage here
}

}  // namespace
}  // namespace verflixt::en_gingg
