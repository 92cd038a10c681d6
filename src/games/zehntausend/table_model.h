#pragma once
// Zehntausend as a whole game (core/game_model.h): every seat's game total and the race to
// the limit (Z4, Z5), each turn played by the turn model (model.h, Z1-Z3) and settled by the
// functions the reference engine and the game kernel use (engine.h: bankrott_applies,
// game_ends_after_turn, round_complete). The seat on turn decides. Returns: the share of the
// win, 1/k for each of k seats tied at the highest total, 0 for the others.
#include <array>
#include <span>
#include <string>
#include <vector>

#include "games/zehntausend/model.h"
#include "verflixt/core/game_model.h"
#include "verflixt/games/zehntausend/rules.h"

namespace verflixt::zehntausend {

class ZehntausendTableModel {
 public:
  using Rules = ZehntausendRules;
  using Action = ZehntausendModel::Action;
  using Outcome = ZehntausendModel::Outcome;
  struct State {
    std::array<int, kMaxPlayers> totals{};
    int to_move = 0;
    bool final_round = false;  // someone reached the limit (Z5)
    bool over = false;
    ZehntausendModel::State turn;  // the turn of to_move
  };

  explicit ZehntausendTableModel(const ZehntausendRules& rules = {}) : turn_(rules) {}
  const ZehntausendRules& rules() const { return turn_.rules(); }
  const ZehntausendModel& turn_model() const { return turn_; }
  std::string name() const { return "zehntausend"; }
  int players() const { return rules().players; }
  State initial_state() const { return {{}, 0, false, false, turn_.initial_state()}; }
  int current_player(const State& s) const;
  std::vector<Action> legal_actions(const State& s) const;
  int action_id(const State& s, const Action& a) const { return turn_.action_id(s.turn, a); }
  std::string action_name(const State& s, const Action& a) const { return turn_.action_name(s.turn, a); }
  State apply_action(const State& s, const Action& a) const;
  core::DiceThrow chance_throw(const State& s) const { return turn_.chance_throw(s.turn); }
  std::vector<core::ChanceOutcome<int>> chance_outcomes(const State& s) const { return turn_.chance_outcomes(s.turn); }
  int outcome_of_faces(const State& s, std::span<const int> faces) const { return turn_.outcome_of_faces(s.turn, faces); }
  std::string outcome_name(const State& s, int id) const { return turn_.outcome_name(s.turn, id); }
  State apply_outcome(const State& s, int id) const;
  std::vector<double> returns(const State& s) const;
  std::string state_text(const State& s) const;

 private:
  // The turn is over: its points on the table, then the next seat or the end (Z5).
  void end_turn(State& s) const;

  ZehntausendModel turn_;
};

}  // namespace verflixt::zehntausend
