#pragma once
// En Gingg as Bei as a core::GameModel (core/game_model.h): ONE turn of the player to move
// (G2, G3), player 0, and its effect on the next player, player 1. Phase 1: each throw of the
// dice still in play is a chance node over the multisets of faces (game.h's throw_outcomes),
// then the player sets aside one of legal_set_asides; the finished sum gives phase1_outcome.
// Phase 2 (when the sum beat the target): throws of the dice left, each a chance node, moved
// on by apply_phase2_throw until it ends. Returns: {own balance change, minus the next
// player's loss (digit × hits)}. The balances of a whole game (G1) are table_model.h's, which
// plays its turns through this one; here phase 2 is always played when the sum earns it (at
// a table it is skipped only when the player's own balance fell to 0 or less, which a gain
// never does).
#include <span>
#include <string>
#include <vector>

#include "verflixt/core/game_model.h"
#include "verflixt/games/en_gingg/game.h"
#include "verflixt/games/en_gingg/rules.h"

namespace verflixt::en_gingg {

class EnGinggModel {
 public:
  using Rules = EnGinggRules;
  using Action = DiceCounts;   // the dice set aside
  using Outcome = DiceCounts;  // the dice thrown
  enum class Stage { Phase1, Phase2, Over };
  struct State {
    Stage stage = Stage::Phase1;
    Phase1State phase1;
    DiceCounts thrown{};
    bool has_throw = false;  // phase 1: a throw waits for its set-aside
    int own_change = 0;
    int digit = 0;
    Phase2State phase2;
  };

  explicit EnGinggModel(const EnGinggRules& rules = {});
  const EnGinggRules& rules() const { return rules_; }
  std::string name() const { return "en-gingg"; }
  int players() const { return 2; }
  State initial_state() const;
  int current_player(const State& s) const;
  std::vector<DiceCounts> legal_actions(const State& s) const;
  int action_id(const State&, const DiceCounts& aside) const;
  std::string action_name(const State&, const DiceCounts& aside) const { return "set aside " + dice_text(aside); }
  State apply_action(const State& s, const DiceCounts& aside) const;
  core::DiceThrow chance_throw(const State& s) const;
  std::vector<core::ChanceOutcome<DiceCounts>> chance_outcomes(const State& s) const;
  DiceCounts outcome_of_faces(const State&, std::span<const int> faces) const { return counts_of(faces, rules_.faces); }
  std::string outcome_name(const State&, const DiceCounts& thrown) const { return dice_text(thrown); }
  State apply_outcome(const State& s, const DiceCounts& thrown) const;
  std::vector<double> returns(const State& s) const;
  std::string state_text(const State& s) const;

 private:
  EnGinggRules rules_;
};

}  // namespace verflixt::en_gingg
