// The solo turn and the pass through the game models (src/games/verflixte6/rules/model.h,
// pass_model.h) against the reference engine (play_solo_turn, play_pass) on the same dice and
// the same decisions: the step of a turn (turn_step.h) enumerated face by face and sampled die
// by die, and the table's takes, end the same turns and passes.
#include "games/verflixte6/rules/model.h"
#include "games/verflixte6/rules/pass_model.h"

#include <gtest/gtest.h>

#include <deque>
#include <span>
#include <vector>

#include "verflixt/core/dice.h"
#include "verflixt/core/rng.h"
#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::verflixte6 {
namespace {

// Decides as the model's game did, in order: its actions, and its victims where it had a
// choice (the engine asks also where there is one candidate).
class Replay final : public Policy {
 public:
  explicit Replay(std::deque<Action>& actions, std::deque<int>* victims = nullptr)
      : actions_(actions), victims_(victims) {}
  Action decide(const TurnView&) const override {
    if (actions_.empty()) throw std::out_of_range("no recorded action left");
    const Action a = actions_.front();
    actions_.pop_front();
    return a;
  }
  int choose_victim(const TurnView&, int, std::span<const int> candidates) const override {
    if (candidates.size() == 1) return candidates.front();
    if (!victims_ || victims_->empty()) throw std::out_of_range("no recorded victim left");
    const int v = victims_->front();
    victims_->pop_front();
    return v;
  }
  std::string name() const override { return "replay"; }

 private:
  std::deque<Action>& actions_;
  std::deque<int>* victims_;
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

struct Seen {
  int robbed = 0, keuler = 0, zombies = 0;
};

// 150 passes at each table size and loadout: the model's random game, then the engine's on
// its dice and decisions; every seat's eyes, status and Keuler bonus the same.
void expect_same_passes(const Rules& rules, Seen& seen) {
  for (const int players : {2, 4, 6}) {
    for (const JokerSet loadout : {Verflixte6Model::default_loadout(), JokerSet{}.with(FROSTSCHUTZ).with(TENTAKEL)}) {
      const Verflixte6PassModel m(rules, players, loadout);
      core::Rng dice(static_cast<std::uint64_t>(100 + players)), choices(7);
      for (int pass = 0; pass < 150; ++pass) {
        std::vector<int> faces;
        std::deque<Action> actions;
        std::deque<int> victims;
        auto s = m.initial_state();
        while (m.current_player(s) != core::kTerminal) {
          ASSERT_GE(m.current_player(s), core::kChanceNode);
          if (m.current_player(s) == core::kChanceNode) {
            faces.push_back(core::roll_face(dice, 6));
            s = m.apply_outcome(s, faces.back());
            continue;
          }
          EXPECT_EQ(m.current_player(s), s.seat);
          const auto legal = m.legal_actions(s);
          auto a = legal[static_cast<std::size_t>(core::roll_face(choices, static_cast<int>(legal.size())) - 1)];
          if (a.victim < 0 && core::roll_face(choices, 3) > 1 && a.turn.kind == Action::Stop) a.turn = Action::roll();
          if (a.victim >= 0) {
            victims.push_back(a.victim);
            ++seen.robbed;
          } else {
            actions.push_back(a.turn);
          }
          s = m.apply_action(s, a);
        }
        const Replay replay(actions, &victims);
        const std::vector<PassSeat> seats(static_cast<std::size_t>(players), PassSeat{&replay, loadout, 0, 0});
        core::ScriptedDice script(faces);
        const PassResult r = play_pass(rules, seats, 0, script);
        EXPECT_EQ(script.used(), faces.size()) << players << " players, pass " << pass;
        EXPECT_TRUE(actions.empty() && victims.empty()) << players << " players, pass " << pass;
        for (int p = 0; p < players; ++p) {
          const auto k = static_cast<std::size_t>(p);
          EXPECT_EQ(r.eyes[k], s.seats[k].eyes) << players << " players, pass " << pass << ", player " << p + 1;
          EXPECT_EQ(r.status[k], s.seats[k].status) << players << " players, pass " << pass << ", player " << p + 1;
          EXPECT_EQ(r.keuler[k], s.keuler[k]) << players << " players, pass " << pass << ", player " << p + 1;
          EXPECT_EQ(m.returns(s)[k], r.eyes[k]);
          seen.keuler += r.keuler[k] > 0;
          seen.zombies += r.status[k] == Status::Zombie;
        }
      }
    }
  }
}

TEST(Verflixte6PassModel, EndsEveryPassAsTheEngineOnTheSameDice) {
  Seen seen;
  expect_same_passes(Rules{}, seen);
  EXPECT_GT(seen.robbed, 50) << "victims were seldom chosen: the test did not see the table's part";
  EXPECT_GT(seen.keuler, 0) << "no Keuler bonus was paid";
  EXPECT_GT(seen.zombies, 100);
  // A robbing 1 that steals nothing still has its victim chosen, and anyone may be robbed.
  Rules no_steal;
  no_steal.rob_cap = 0;
  no_steal.rob_targets = RobTargets::Anyone;
  Seen none;
  expect_same_passes(no_steal, none);
  EXPECT_GT(none.robbed, 50);
  EXPECT_EQ(none.keuler, 0);
}

}  // namespace
}  // namespace verflixt::verflixte6
