// The solo turn through the game model (src/games/verflixte6/rules/model.h) against the
// reference engine (play_solo_turn) on the same dice and the same decisions: the step of a
// turn (turn_step.h) enumerated face by face and sampled die by die ends the same turn.
#include "games/verflixte6/rules/model.h"

#include <gtest/gtest.h>

#include <deque>
#include <vector>

#include "verflixt/core/dice.h"
#include "verflixt/core/rng.h"
#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::verflixte6 {
namespace {

// Decides as the model's turn did, in order.
class Replay final : public Policy {
 public:
  explicit Replay(std::deque<Action>& actions) : actions_(actions) {}
  Action decide(const TurnView&) const override {
    if (actions_.empty()) throw std::out_of_range("no recorded action left");
    const Action a = actions_.front();
    actions_.pop_front();
    return a;
  }
  std::string name() const override { return "replay"; }

 private:
  std::deque<Action>& actions_;
};

TEST(Verflixte6Model, EndsEverySoloTurnAsTheEngineOnTheSameDice) {
  const Rules rules;
  const std::vector<JokerSet> loadouts = {
      Verflixte6Model::default_loadout(), JokerSet{}, JokerSet{}.with(FROSTSCHUTZ).with(ALL_IN).with(TENTAKEL),
      JokerSet{}.with(VENTIL).with(JULE).with(TENTAKEL)};
  core::Rng dice(41), choices(42);
  int jokers_played = 0, eliminated = 0;
  for (const JokerSet loadout : loadouts) {
    const Verflixte6Model m(rules, loadout);
    for (int turn = 0; turn < 400; ++turn) {
      std::vector<int> faces;
      std::deque<Action> actions;
      auto s = m.initial_state();
      while (m.current_player(s) != core::kTerminal) {
        if (m.current_player(s) == core::kChanceNode) {
          const int face = core::roll_face(dice, 6);
          faces.push_back(face);
          s = m.apply_outcome(s, face);
        } else {
          const auto legal = m.legal_actions(s);
          // Roll more often than stop, so turns run long enough to meet the jokers and the 6.
          const Action a = core::roll_face(choices, 4) == 1
                               ? legal[static_cast<std::size_t>(core::roll_face(choices, static_cast<int>(legal.size())) - 1)]
                               : Action::roll();
          jokers_played += a.kind == Action::UseJoker;
          actions.push_back(a);
          s = m.apply_action(s, a);
        }
      }
      const Replay replay(actions);
      core::ScriptedDice script(faces);
      const TurnState end = play_solo_turn(rules, loadout, replay, script);
      EXPECT_EQ(script.used(), faces.size()) << loadout_name(loadout) << ", turn " << turn;
      EXPECT_TRUE(actions.empty()) << loadout_name(loadout) << ", turn " << turn;
      EXPECT_EQ(end.eyes, s.turn.eyes) << loadout_name(loadout) << ", turn " << turn << ": " << m.state_text(s);
      EXPECT_EQ(end.eliminated, s.turn.eliminated) << loadout_name(loadout) << ", turn " << turn;
      eliminated += end.eliminated;
    }
  }
  EXPECT_GT(jokers_played, 100);
  EXPECT_GT(eliminated, 100);
}

}  // namespace
}  // namespace verflixt::verflixte6
