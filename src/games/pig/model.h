#pragma once
// Pig as a core::GameModel (core/game_model.h): the whole game of rules.players players,
// built on game.h's legal_actions / roll_outcomes / apply_roll / apply_hold. Choosing Roll
// leads to a chance node (one die of rules.faces faces) whose outcome is the face; Hold is
// applied at once. Returns: 1 for the winner, 0 for everyone else, so a player's expected
// return is his probability of winning (the solver's value).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "verflixt/core/game_model.h"
#include "verflixt/games/pig/game.h"

namespace verflixt::pig {

class PigModel {
 public:
  using Rules = PigRules;
  using Action = PigAction;
  using Outcome = int;  // the face rolled
  struct State {
    PigState game;
    bool rolling = false;  // the player to move chose Roll: the die is in the air
  };

  explicit PigModel(const PigRules& rules = {});
  const PigRules& rules() const { return rules_; }
  std::string name() const { return "pig"; }
  int players() const { return rules_.players; }
  State initial_state() const { return {pig::initial_state(rules_), false}; }
  int current_player(const State& s) const;
  std::vector<PigAction> legal_actions(const State& s) const { return s.rolling ? std::vector<PigAction>{} : pig::legal_actions(s.game); }
  int action_id(const State&, PigAction a) const { return static_cast<int>(a); }
  std::string action_name(const State&, PigAction a) const { return a == PigAction::Roll ? "roll" : "hold"; }
  State apply_action(const State& s, PigAction a) const;
  core::DiceThrow chance_throw(const State&) const { return {1, rules_.faces}; }
  std::vector<core::ChanceOutcome<int>> chance_outcomes(const State&) const { return roll_outcomes(rules_); }
  int outcome_of_faces(const State&, std::span<const int> faces) const { return faces[0]; }
  std::string outcome_name(const State&, int face) const { return std::to_string(face); }
  State apply_outcome(const State& s, int face) const { return {apply_roll(s.game, face, rules_), false}; }
  std::vector<double> returns(const State& s) const;
  std::string state_text(const State& s) const;
  // Two players' states as one word (core::StateKey); more players by their text.
  std::optional<std::uint64_t> state_key(const State& s) const;

 private:
  PigRules rules_;
};

}  // namespace verflixt::pig
