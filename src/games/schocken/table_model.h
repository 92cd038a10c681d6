#pragma once
// Schocken as a whole game (core/game_model.h): two halves and the final (S3) of rounds
// (S2), each round played by the round model (model.h) among the players the half lets play,
// and settled by the functions the reference engine uses (engine.h: round_order,
// settle_round, payer_without_final, final_players). Players are seats; the seat on turn in
// the round decides. Returns: -1 for the seat who pays, 0 for the others.
#include <span>
#include <string>
#include <vector>

#include "games/schocken/model.h"
#include "verflixt/core/game_model.h"
#include "verflixt/games/schocken/rules.h"

namespace verflixt::schocken {

class SchockenTableModel {
 public:
  using Rules = SchockenRules;
  using Action = Keep;
  using Outcome = int;
  struct State {
    int half = 0;              // 0 and 1: the halves; 2: the final
    std::vector<int> players;  // the seats of this half (everyone, or the two half-losers)
    std::vector<int> chips;    // per seat
    int stack = 0;
    std::vector<int> order;    // the seats of the round under way, its starter first
    SchockenModel::State round;
    int half_loser[2] = {-1, -1};
    int payer = -1;            // >= 0: the game is over
  };

  explicit SchockenTableModel(const SchockenRules& rules = {});
  const SchockenRules& rules() const { return rules_; }
  std::string name() const { return "schocken"; }
  int players() const { return rules_.players; }
  State initial_state() const;
  int current_player(const State& s) const;
  std::vector<Keep> legal_actions(const State& s) const;
  int action_id(const State& s, const Keep& k) const { return round(s).action_id(s.round, k); }
  std::string action_name(const State& s, const Keep& k) const { return round(s).action_name(s.round, k); }
  State apply_action(const State& s, const Keep& k) const;
  core::DiceThrow chance_throw(const State& s) const { return round(s).chance_throw(s.round); }
  std::vector<core::ChanceOutcome<int>> chance_outcomes(const State& s) const { return round(s).chance_outcomes(s.round); }
  int outcome_of_faces(const State& s, std::span<const int> faces) const { return round(s).outcome_of_faces(s.round, faces); }
  std::string outcome_name(const State& s, int index) const { return round(s).outcome_name(s.round, index); }
  State apply_outcome(const State& s, int index) const;
  std::vector<double> returns(const State& s) const;
  std::string state_text(const State& s) const;

 private:
  // The round model for the round under way: rounds of a half may seat fewer players.
  const SchockenModel& round(const State& s) const { return rounds_[s.order.size()]; }
  // A half (or the final) among `players`, `starter` opening, from a full stack.
  void start_half(State& s, std::vector<int> players, int starter) const;
  void start_round(State& s, int starter) const;
  // The round just played is over: the chips move, and the next round, half or the end.
  void settle(State& s) const;

  SchockenRules rules_;
  std::vector<SchockenModel> rounds_;  // by the number of players in the round
};

}  // namespace verflixt::schocken
