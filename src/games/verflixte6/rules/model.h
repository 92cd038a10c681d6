#pragma once
// Die verflixte 6 as a core::GameModel (core/game_model.h): the solo turn (§5) of one player
// holding a fixed loadout, the turn the exact solver (exact/solver.h) optimizes. Every throw
// is the one die of a step: the free throw (T1), a roll or Fumo's doubled throw (T3–T5, J13),
// All In's (J6), Frostschutz's (J1) and the Ventil's (J11). A chosen action is a chance node
// of that die; its face runs the reference engine's own step (rules/turn_step.h's TurnStep,
// which the engine samples and exact/solo_model.cpp enumerates) and the step ends in
// solo_leaf; stopping is applied at once. Returns: {the eyes the turn ends with}, the solo
// value.
//
// What it covers: loadouts whose every step throws exactly one die and asks nothing inside
// the step — any of Frostschutz, All In, Ventil, doubling Fumo and the autojokers Jule and
// Tentakel. Runkelrüb (several croupier dice and a reaction), classic fumo's re-entry (a
// reaction) and the delta jokers (several dice and inner choices) are refused by the
// constructor (std::invalid_argument): their steps are not one throw, and the step algebra
// gives them as whole distributions (solo_transition), not as dice.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "verflixt/core/game_model.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/turn.h"
#include "verflixt/games/verflixte6/rules/types.h"

namespace verflixt::verflixte6 {

class Verflixte6Model {
 public:
  using Rules = verflixt::verflixte6::Rules;
  using Action = verflixt::verflixte6::Action;
  using Outcome = int;  // the face of the step's die
  struct State {
    TurnState turn;                // canonical (exact/solo_model.h)
    std::optional<Action> pending;  // the action whose die is in the air
  };

  // The registry's model: the default rules, holding Ventil, doubling Fumo and Jule.
  static JokerSet default_loadout();
  explicit Verflixte6Model(const Rules& rules = {}, JokerSet loadout = default_loadout());
  const Rules& rules() const { return rules_; }
  JokerSet loadout() const { return loadout_; }
  std::string name() const { return std::string(kGame); }
  int players() const { return 1; }
  State initial_state() const;
  int current_player(const State& s) const;
  std::vector<Action> legal_actions(const State& s) const;
  int action_id(const State&, Action a) const;
  std::string action_name(const State&, Action a) const;
  State apply_action(const State& s, Action a) const;
  core::DiceThrow chance_throw(const State&) const { return {1, 6}; }
  std::vector<core::ChanceOutcome<int>> chance_outcomes(const State&) const;
  int outcome_of_faces(const State&, std::span<const int> faces) const { return faces[0]; }
  std::string outcome_name(const State&, int face) const { return std::to_string(face); }
  State apply_outcome(const State& s, int face) const;
  std::vector<double> returns(const State& s) const { return {static_cast<double>(s.turn.eyes)}; }
  std::string state_text(const State& s) const;

 private:
  // The step of `a` from s.turn (or the free throw) with the die showing `face`.
  TurnState step(const State& s, std::optional<Action> a, int face) const;
  Rules rules_;
  JokerSet loadout_;
};

}  // namespace verflixt::verflixte6
