#pragma once
// Schocken as a core::GameModel (core/game_model.h): ONE round (S2) among rules.players
// players, the starter first. Each turn throws all three dice (a chance node of three dice),
// then, while may_throw_again, stands or keeps some dice and throws the rest (a chance node
// of the dice thrown again; the outcome is the whole hand after the keep, hand.h's
// throw_outcomes). The starter's count of throws limits the others (limit_after_turn). The
// round ends when every player stood; round_outcome names the worst hand. Returns: -1 for
// the position with the worst hand, 0 for everyone else — so a position's expected return is
// minus its P(worst), the round solver's (solver.h) quantity. The halves and the chips
// between rounds (S3) change who plays and what a round costs, not the round: the whole
// game (table_model.h) plays its rounds through this model.
//
// Players are positions in the round (0 = the starter).
#include <span>
#include <string>
#include <vector>

#include "verflixt/core/game_model.h"
#include "verflixt/games/schocken/engine.h"
#include "verflixt/games/schocken/hand.h"
#include "verflixt/games/schocken/rules.h"

namespace verflixt::schocken {

class SchockenModel {
 public:
  using Rules = SchockenRules;
  using Action = Keep;
  using Outcome = int;  // the throw index (all_throws()) after the keep
  struct State {
    std::vector<TurnResult> hands;  // finished turns, in playing order
    Dice dice{};                    // the throw of the player to move
    int throws = 0;                 // his throws so far (0: before his first)
    int limit = kMaxThrows;         // his limit (the starter's max_throws, else the starter's count)
    Keep pending = Keep{{0, 0, 0}, 0};  // the dice kept while the others are in the air
  };

  explicit SchockenModel(const SchockenRules& rules = {});
  const SchockenRules& rules() const { return rules_; }
  std::string name() const { return "schocken"; }
  int players() const { return rules_.players; }
  State initial_state() const;
  int current_player(const State& s) const;
  std::vector<Keep> legal_actions(const State& s) const;
  int action_id(const State&, const Keep& k) const;
  std::string action_name(const State&, const Keep& k) const { return keep_text(k); }
  State apply_action(const State& s, const Keep& k) const;
  core::DiceThrow chance_throw(const State& s) const { return {s.pending.rethrown(), 6}; }
  std::vector<core::ChanceOutcome<int>> chance_outcomes(const State& s) const { return throw_outcomes(s.pending); }
  int outcome_of_faces(const State& s, std::span<const int> faces) const;
  std::string outcome_name(const State&, int index) const { return dice_text(all_throws()[static_cast<std::size_t>(index)]); }
  State apply_outcome(const State& s, int index) const;
  std::vector<double> returns(const State& s) const;
  std::string state_text(const State& s) const;

 private:
  // The player to move stands with his throw: his turn joins the finished ones.
  State stand_with(State s) const;
  SchockenRules rules_;
};

}  // namespace verflixt::schocken
