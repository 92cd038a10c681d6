#pragma once
// Kniffel as a game of the core's model (core/game_model.h): the whole solitaire game. A
// throw of the dice not kept is one chance node over multisets; after a throw the player keeps
// some dice for the next throw (while throws are left) or scores the hand in a category the
// rules allow (score_in: K3-K5). The return is the final score.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "verflixt/core/chance.h"
#include "verflixt/core/game_model.h"
#include "verflixt/games/kniffel/rules.h"

namespace verflixt::kniffel {

class KniffelModel {
 public:
  using Rules = KniffelRules;
  struct State {
    Sheet sheet;
    int points = 0;   // scored so far
    int throws = 0;   // this turn's throws so far
    Hand dice{};      // before a throw: the dice kept; after it: the five shown
    bool shown = false;
  };
  // Scoring in a category, or keeping `keep` and throwing the rest.
  struct Action {
    bool score = false;
    Category category = Chance;
    Hand keep{};
    friend bool operator==(const Action&, const Action&) = default;
  };
  using Outcome = Hand;  // the faces the throw shows (the dice thrown, not the kept ones)

  explicit KniffelModel(const KniffelRules& rules = {});
  const KniffelRules& rules() const { return rules_; }
  std::string name() const { return "kniffel"; }
  int players() const { return 1; }
  State initial_state() const { return {}; }
  int current_player(const State& s) const;
  std::vector<Action> legal_actions(const State& s) const;
  int action_id(const State& s, const Action& a) const;
  std::string action_name(const State& s, const Action& a) const;
  State apply_action(const State& s, const Action& a) const;
  core::DiceThrow chance_throw(const State& s) const { return {kDice - dice_in(s.dice), kFaces}; }
  std::vector<core::ChanceOutcome<Hand>> chance_outcomes(const State& s) const;
  Hand outcome_of_faces(const State& s, std::span<const int> faces) const;
  std::string outcome_name(const State& s, const Hand& o) const;
  State apply_outcome(const State& s, const Hand& o) const;
  std::vector<double> returns(const State& s) const { return {static_cast<double>(s.points)}; }
  std::string state_text(const State& s) const;
  // The state as one word (core::StateKey).
  std::optional<std::uint64_t> state_key(const State& s) const;

 private:
  KniffelRules rules_;
};

}  // namespace verflixt::kniffel
