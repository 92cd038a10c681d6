// The whole game through the model (src/games/zehntausend/table_model.h) against the
// reference engine (engine.h's play_game) on the same dice and the same decisions: Z1-Z5
// reached two ways, game by game to the same totals and winners.
#include "games/zehntausend/table_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <vector>

#include "verflixt/core/rng.h"
#include "verflixt/games/zehntausend/engine.h"

namespace verflixt::zehntausend {
namespace {

struct Recorded {
  std::vector<int> faces;             // every die thrown, in order
  std::deque<Decision> decisions;     // every set-aside and bank, in order
  ZehntausendTableModel::State end;
};

// One game through the model: random choices among the legal actions, real dice; the faces
// and the choices (as the engine takes them) are recorded.
Recorded play_recorded(const ZehntausendTableModel& m, core::Rng& dice, core::Rng& choices) {
  Recorded rec;
  auto s = m.initial_state();
  for (int step = 0; m.current_player(s) != core::kTerminal; ++step) {
    if (step > 1'000'000) throw std::runtime_error("no end");
    if (m.current_player(s) == core::kChanceNode) {
      const std::vector<int> thrown = core::roll_throw(dice, m.chance_throw(s));
      rec.faces.insert(rec.faces.end(), thrown.begin(), thrown.end());
      s = m.apply_outcome(s, m.outcome_of_faces(s, thrown));
    } else {
      EXPECT_EQ(m.current_player(s), s.to_move);
      const auto actions = m.legal_actions(s);
      // Bank when the turn may (a bias to end games), else any option.
      std::vector<ZehntausendTableModel::Action> banks;
      std::copy_if(actions.begin(), actions.end(), std::back_inserter(banks), [](const auto& a) { return a.bank; });
      const auto& pool = !banks.empty() && core::roll_face(choices, 3) > 1 ? banks : actions;
      const auto a = pool[static_cast<std::size_t>(core::roll_face(choices, static_cast<int>(pool.size())) - 1)];
      const ThrowOutcome& o = m.turn_model().turn_model().outcome(s.turn.outcome);
      rec.decisions.push_back({o.options[static_cast<std::size_t>(a.option)].kept, a.bank});
      s = m.apply_action(s, a);
    }
  }
  rec.end = s;
  return rec;
}

void expect_same_games(const ZehntausendRules& rules, int games, std::uint64_t seed) {
  const ZehntausendTableModel m(rules);
  core::Rng dice(seed), choices(seed + 1);
  int bankrotts = 0, ties = 0;
  for (int g = 0; g < games; ++g) {
    Recorded rec = play_recorded(m, dice, choices);
    std::size_t next_face = 0;
    const GameRecord e = play_game(
        rules,
        [&](int, const TurnView&) {
          const Decision d = rec.decisions.front();
          rec.decisions.pop_front();
          return d;
        },
        [&] { return rec.faces.at(next_face++); });
    EXPECT_EQ(next_face, rec.faces.size()) << "game " << g;
    EXPECT_TRUE(rec.decisions.empty()) << "game " << g;
    const std::vector<int> totals(rec.end.totals.begin(), rec.end.totals.begin() + rules.players);
    EXPECT_EQ(totals, e.totals) << "game " << g;
    const auto r = m.returns(rec.end);
    for (int p = 0; p < rules.players; ++p) {
      const bool wins = std::find(e.winners.begin(), e.winners.end(), p) != e.winners.end();
      EXPECT_DOUBLE_EQ(r[static_cast<std::size_t>(p)], wins ? 1.0 / static_cast<double>(e.winners.size()) : 0.0);
    }
    bankrotts += std::count(totals.begin(), totals.end(), 0) > 0;
    ties += e.winners.size() > 1;
  }
  EXPECT_GT(bankrotts, 0) << "no game ended with a total at 0: Bankrott was not seen";
  (void)ties;
}

TEST(ZehntausendTableModel, PlaysEveryGameAsTheEngineOnTheSameDice) {
  ZehntausendRules rules;
  rules.limit = 3000;  // short games, many of them
  rules.players = 3;
  expect_same_games(rules, 200, 7);
}

TEST(ZehntausendTableModel, WithoutTheFinalRoundOrHotDiceToo) {
  ZehntausendRules rules;
  rules.limit = 2000;
  rules.final_round = false;
  rules.hot_dice = false;
  expect_same_games(rules, 200, 8);
}

}  // namespace
}  // namespace verflixt::zehntausend
