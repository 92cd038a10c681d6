#pragma once
// Die verflixte 6 as a core::GameModel: one pass (T1–T7) at a table, every player holding the
// same loadout of one-die steps (model.h says which), seats 1, 2, ... in order. A turn plays as
// in the solo model — each throw the one die of a step (rules/turn_step.h, which the reference
// engine samples) — and the table takes its part as the engine does (rules/table.h): a
// robbing 1's victim is the thief's decision among rob_candidates (asked only when there is
// more than one), take_from moves the eyes and pays the Keuler bonus, record_turn ends each
// turn and end_pass the pass. Returns: each player's pass result (T7: eyes, 0 at or below 0).
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "verflixt/core/game_model.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/turn.h"
#include "verflixt/games/verflixte6/rules/types.h"

namespace verflixt::verflixte6 {

class Verflixte6PassModel {
 public:
  using Rules = verflixt::verflixte6::Rules;
  // A turn's action, or the victim of a robbing 1.
  struct Action {
    verflixte6::Action turn = verflixte6::Action::stop();
    int victim = -1;  // >= 0: the seat robbed
    friend bool operator==(const Action& a, const Action& b) {
      return a.victim == b.victim && (a.victim >= 0 || (a.turn.kind == b.turn.kind && a.turn.joker == b.turn.joker));
    }
  };
  using Outcome = int;  // the face of the step's die
  struct State {
    std::vector<SeatView> seats;
    std::vector<int> keuler;  // T6: the bonuses each seat earned
    int seat = 0;             // on turn; == seats.size(): the pass is over
    TurnState turn;
    std::optional<verflixte6::Action> pending;  // the action whose die is in the air
    int steal = -1;           // >= 0: a robbing 1 of this many eyes waits for its victim
    int end = 0;              // how the step that stole ended (turn_step.h's StepEnd)
  };

  Verflixte6PassModel(const Rules& rules, int players, JokerSet loadout);
  Verflixte6PassModel();  // four players, the default rules and the solo model's default loadout
  const Rules& rules() const { return rules_; }
  std::string name() const { return std::string(kGame); }
  int players() const { return players_; }
  State initial_state() const;
  int current_player(const State& s) const;
  std::vector<Action> legal_actions(const State& s) const;
  int action_id(const State& s, const Action& a) const;
  std::string action_name(const State& s, const Action& a) const;
  State apply_action(const State& s, const Action& a) const;
  core::DiceThrow chance_throw(const State&) const { return {1, 6}; }
  std::vector<core::ChanceOutcome<int>> chance_outcomes(const State&) const;
  int outcome_of_faces(const State&, std::span<const int> faces) const { return faces[0]; }
  std::string outcome_name(const State&, int face) const { return std::to_string(face); }
  State apply_outcome(const State& s, int face) const;
  std::vector<double> returns(const State& s) const;
  std::string state_text(const State& s) const;

 private:
  // The turn of s.seat begins (from the eyes a robbing 1 may have left it), or the pass ends.
  void start_turn(State& s) const;
  // The step's die shows `face` (for the free throw, or s.pending's step).
  void step(State& s, int face) const;
  // A robbing 1 of `amount` from `victim` (T4, T6), then the step ends as a continuing one.
  void rob(State& s, int victim, int amount) const;
  // The step is over: E1/E5 as the solo model ends a step, the table sees the eyes, and a
  // finished turn is recorded (T5) and the next one begins.
  void end_step(State& s) const;

  Rules rules_;
  int players_;
  JokerSet loadout_;
};

}  // namespace verflixt::verflixte6
