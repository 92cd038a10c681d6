#pragma once
// En Gingg as Bei as a whole game (core/game_model.h): the balances of every player at the
// table (G1) and the turns that change them, each turn played by the turn model (model.h,
// G2 and G3) and settled on the table by the same functions the reference engine uses
// (game.h: settle_phase1, settle_phase2, pass_turn). The player on turn decides; the game
// ends at the first balance of 0 or less. Returns: -1 for that player, 0 for the others.
// Balances can grow (a sum above the target wins), so the game has cycles and no bound on
// its states: it is played (random play, tournaments), not solved exactly.
#include <span>
#include <string>
#include <vector>

#include "games/en_gingg/model.h"
#include "verflixt/core/game_model.h"
#include "verflixt/games/en_gingg/game.h"
#include "verflixt/games/en_gingg/rules.h"

namespace verflixt::en_gingg {

class EnGinggTableModel {
 public:
  using Rules = EnGinggRules;
  using Action = DiceCounts;   // the dice set aside
  using Outcome = DiceCounts;  // the dice thrown
  struct State {
    Table table;
    EnGinggModel::State turn;  // the turn of table.to_move
  };

  explicit EnGinggTableModel(const EnGinggRules& rules = {});
  const EnGinggRules& rules() const { return turn_.rules(); }
  std::string name() const { return "en-gingg"; }
  int players() const { return rules().players; }
  State initial_state() const;
  int current_player(const State& s) const;
  std::vector<DiceCounts> legal_actions(const State& s) const;
  int action_id(const State& s, const DiceCounts& aside) const { return turn_.action_id(s.turn, aside); }
  std::string action_name(const State& s, const DiceCounts& aside) const { return turn_.action_name(s.turn, aside); }
  State apply_action(const State& s, const DiceCounts& aside) const;
  core::DiceThrow chance_throw(const State& s) const { return turn_.chance_throw(s.turn); }
  std::vector<core::ChanceOutcome<DiceCounts>> chance_outcomes(const State& s) const {
    return turn_.chance_outcomes(s.turn);
  }
  DiceCounts outcome_of_faces(const State& s, std::span<const int> faces) const {
    return turn_.outcome_of_faces(s.turn, faces);
  }
  std::string outcome_name(const State& s, const DiceCounts& thrown) const { return turn_.outcome_name(s.turn, thrown); }
  State apply_outcome(const State& s, const DiceCounts& thrown) const;
  std::vector<double> returns(const State& s) const;
  std::string state_text(const State& s) const;

 private:
  // The turn's end on the table once the turn model has moved on: phase 1 finished, or
  // phase 2.
  State settled(State s, EnGinggModel::Stage before) const;

  EnGinggModel turn_;
};

}  // namespace verflixt::en_gingg
