// The whole game through the model (src/games/schocken/table_model.h) against the reference
// engine (engine.h's play_game) on the same dice and the same decisions: S1-S3 reached two
// ways, game by game to the same half-losers and the same payer.
#include "games/schocken/table_model.h"

#include <gtest/gtest.h>

#include <deque>
#include <vector>

#include "verflixt/core/rng.h"
#include "verflixt/games/schocken/engine.h"

namespace verflixt::schocken {
namespace {

// Hands the engine the keeps the model's game made, in order (every seat shares the list,
// as every seat's turns come in the one order of the game).
class Replay final : public SchockenPolicy {
 public:
  explicit Replay(std::deque<Keep>& keeps) : keeps_(keeps) {}
  Keep decide(const TurnView&) const override {
    if (keeps_.empty()) throw std::out_of_range("no recorded keep left");
    const Keep k = keeps_.front();
    keeps_.pop_front();
    return k;
  }
  std::string name() const override { return "replay"; }

 private:
  std::deque<Keep>& keeps_;
};

struct Counts {
  int finals = 0, schock_outs = 0, playing_off = 0;
};

void expect_same_games(const SchockenRules& rules, int games, std::uint64_t seed, Counts& seen) {
  const SchockenTableModel m(rules);
  core::Rng dice(seed), choices(seed + 1);
  for (int g = 0; g < games; ++g) {
    std::vector<int> faces;
    std::deque<Keep> keeps;
    auto s = m.initial_state();
    for (int step = 0; m.current_player(s) != core::kTerminal; ++step) {
      ASSERT_LT(step, 1'000'000) << "no end";
      if (m.current_player(s) == core::kChanceNode) {
        const std::vector<int> thrown = core::roll_throw(dice, m.chance_throw(s));
        faces.insert(faces.end(), thrown.begin(), thrown.end());
        s = m.apply_outcome(s, m.outcome_of_faces(s, thrown));
      } else {
        seen.playing_off += s.stack == 0;
        const auto actions = m.legal_actions(s);
        const Keep k = actions[static_cast<std::size_t>(core::roll_face(choices, static_cast<int>(actions.size())) - 1)];
        keeps.push_back(k);
        s = m.apply_action(s, k);
      }
    }
    std::size_t next = 0;
    const Replay replay(keeps);
    const std::vector<const SchockenPolicy*> seats(static_cast<std::size_t>(rules.players), &replay);
    const GameRecord e = play_game(rules, seats, [&] { return faces.at(next++); });
    EXPECT_EQ(next, faces.size()) << "game " << g;
    EXPECT_TRUE(keeps.empty()) << "game " << g;
    EXPECT_EQ(s.half_loser[0], e.half_loser[0]) << "game " << g;
    EXPECT_EQ(s.half_loser[1], e.half_loser[1]) << "game " << g;
    EXPECT_EQ(s.payer, e.payer) << "game " << g;
    EXPECT_EQ(m.returns(s)[static_cast<std::size_t>(e.payer)], -1.0);
    seen.finals += e.final_played;
  }
}

TEST(SchockenTableModel, PlaysEveryGameAsTheEngineOnTheSameDice) {
  Counts seen;
  SchockenRules rules;
  rules.players = 3;
  expect_same_games(rules, 150, 5, seen);
  rules.players = 4;
  rules.max_throws = 2;
  expect_same_games(rules, 100, 6, seen);
  EXPECT_GT(seen.finals, 0) << "no final was played";
  EXPECT_GT(seen.playing_off, 0) << "no round of playing off was seen";
}

TEST(SchockenTableModel, TheSameWithoutAFinal) {
  Counts seen;
  SchockenRules rules;
  rules.final = false;
  expect_same_games(rules, 100, 9, seen);
  EXPECT_EQ(seen.finals, 0);
}

}  // namespace
}  // namespace verflixt::schocken
