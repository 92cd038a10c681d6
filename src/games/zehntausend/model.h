#pragma once
// Zehntausend as a core::GameModel (core/game_model.h): ONE turn of one player (Z1–Z3), the
// turn the exact turn solver (turn_solver.h) optimizes. Every throw is a chance node over the
// multisets of the dice thrown (turn.h's TurnModel: the outcomes of dice_multisets with their
// set-asides); a Niete ends the turn with nothing. After a scoring throw the player picks one
// of the throw's options — for each number of dice set aside the set-aside that scores most
// (TurnModel's reduction: any other scores less and leaves the same dice) — and banks (when
// may_bank) or throws the rest (hot dice: all again). With nothing left to throw and no hot
// dice the turn ends with banked_without_dice. Returns: {points banked}. Bankrott (Z4) and the
// race to the limit (Z5) belong to the game total, not to a turn: table_model.h plays the
// whole game through this model.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "verflixt/core/game_model.h"
#include "verflixt/games/zehntausend/rules.h"
#include "verflixt/games/zehntausend/turn.h"

namespace verflixt::zehntausend {

class ZehntausendModel {
 public:
  using Rules = ZehntausendRules;
  struct Action {
    int option = 0;     // index into the throw's ThrowOutcome::options
    bool bank = false;  // bank after setting it aside (or: the turn ends, no dice left)
    friend bool operator==(const Action&, const Action&) = default;
  };
  using Outcome = int;  // TurnModel's outcome id
  struct State {
    int points = 0;    // the turn total
    int dice = 0;      // dice the next throw uses
    int outcome = -1;  // >= 0: a scoring throw waiting for its set-aside
    bool over = false;
    int banked = 0;
  };

  explicit ZehntausendModel(const ZehntausendRules& rules = {});
  const ZehntausendRules& rules() const { return turn_->rules(); }
  const TurnModel& turn_model() const { return *turn_; }
  std::string name() const { return "zehntausend"; }
  int players() const { return 1; }
  State initial_state() const { return {0, rules().dice, -1, false, 0}; }
  int current_player(const State& s) const;
  std::vector<Action> legal_actions(const State& s) const;
  int action_id(const State& s, const Action& a) const;
  std::string action_name(const State& s, const Action& a) const;
  State apply_action(const State& s, const Action& a) const;
  core::DiceThrow chance_throw(const State& s) const { return {s.dice, kFaces}; }
  std::vector<core::ChanceOutcome<int>> chance_outcomes(const State& s) const;
  int outcome_of_faces(const State&, std::span<const int> faces) const { return turn_->outcome_id(counts_of(faces)); }
  std::string outcome_name(const State&, int id) const;
  State apply_outcome(const State& s, int id) const;
  std::vector<double> returns(const State& s) const { return {static_cast<double>(s.banked)}; }
  std::string state_text(const State& s) const;
  // The state as one word (core::StateKey); totals past a million by their text.
  std::optional<std::uint64_t> state_key(const State& s) const;

  // The dice of the next throw after option `a` of the waiting throw (0: none, the turn ends).
  int dice_after(const State& s, const Action& a) const;

 private:
  std::shared_ptr<const TurnModel> turn_;
};

}  // namespace verflixt::zehntausend
