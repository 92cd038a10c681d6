// RaceTurn (core/race_solver.h): a turn handed over as data, checked and laid out as the
// solver's slot table when it is sealed.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include "verflixt/core/race_solver.h"

namespace verflixt::core {

int RaceTurn::add_state(int points, bool bankable) {
  if (finished_) throw std::logic_error("RaceTurn: add_state after finish");
  if (points < 0) throw std::invalid_argument("RaceTurn: a turn total is never negative");
  points_.push_back(points);
  bankable_.push_back(bankable ? 1 : 0);
  state_outcomes_.push_back(outcome_probability_.size());
  return static_cast<int>(points_.size() - 1);
}

void RaceTurn::add_outcome(double probability) {
  if (points_.empty()) throw std::logic_error("RaceTurn: an outcome before any state");
  outcome_probability_.push_back(probability);
  outcome_actions_.push_back(action_moves_.size());
}

void RaceTurn::add_action() {
  if (outcome_probability_.empty()) throw std::logic_error("RaceTurn: an action before any outcome");
  action_moves_.push_back(moves_.size());
}

void RaceTurn::add_move(TurnMove move) {
  if (action_moves_.empty()) throw std::logic_error("RaceTurn: a move before any action");
  moves_.push_back(move);
}

void RaceTurn::finish(int start, int top) {
  if (finished_) throw std::logic_error("RaceTurn: finished twice");
  const std::size_t n = points_.size();
  if (start < 0 || static_cast<std::size_t>(start) >= n || points_[static_cast<std::size_t>(start)] != 0)
    throw std::invalid_argument("RaceTurn: the start must be a state of turn total 0");
  // Sentinels: every range ends where the next begins.
  state_outcomes_.push_back(outcome_probability_.size());
  outcome_actions_.push_back(action_moves_.size());
  action_moves_.push_back(moves_.size());
  start_ = start;
  top_ = top;
  for (std::size_t s = 0; s < n; ++s) {
    if (points_[s] >= top) throw std::invalid_argument("RaceTurn: a state at or above top");
    if (!bankable_[s]) bankable_from_ = std::max(bankable_from_, points_[s] + 1);
    double outcomes = 0;
    for (std::size_t o = state_outcomes_[s]; o < state_outcomes_[s + 1]; ++o) {
      outcomes += outcome_probability_[o];
      if (outcome_actions_[o] == outcome_actions_[o + 1]) throw std::invalid_argument("RaceTurn: an outcome without action");
      for (std::size_t a = outcome_actions_[o]; a < outcome_actions_[o + 1]; ++a) {
        double moves = 0;
        for (std::size_t m = action_moves_[a]; m < action_moves_[a + 1]; ++m) {
          const TurnMove& x = moves_[m];
          moves += x.probability;
          if (x.end == TurnEnd::Continue) {
            if (x.target < 0 || static_cast<std::size_t>(x.target) >= s)
              throw std::invalid_argument("RaceTurn: state " + std::to_string(s) +
                                          " continues to a state that is not numbered before it");
            max_gain_ = std::max(max_gain_, points_[static_cast<std::size_t>(x.target)] - points_[s]);
          } else if (x.end == TurnEnd::Bank) {
            if (x.target < 0) throw std::invalid_argument("RaceTurn: a negative bank");
            max_gain_ = std::max(max_gain_, x.target - points_[s]);
          }
        }
        if (std::abs(moves - 1) > 1e-9) throw std::invalid_argument("RaceTurn: an action's moves do not sum to 1");
      }
    }
    if (state_outcomes_[s] != state_outcomes_[s + 1] && std::abs(outcomes - 1) > 1e-9)
      throw std::invalid_argument("RaceTurn: the outcomes of state " + std::to_string(s) + " do not sum to 1");
  }
  // The cap banks a bankable state's total; a bank move its target.
  least_bank_ = std::numeric_limits<int>::max();
  for (std::size_t s = 0; s < n; ++s)
    if (bankable_[s] && points_[s] > 0) least_bank_ = std::min(least_bank_, points_[s]);
  for (const TurnMove& m : moves_)
    if (m.end == TurnEnd::Bank && m.target > 0) least_bank_ = std::min(least_bank_, m.target);
  int most = top;
  for (std::size_t s = 0; s < n; ++s) most = std::max(most, points_[s]);
  bank_slots_ = static_cast<std::size_t>(most + max_gain_ + 1);
  slot_moves_.reserve(moves_.size());
  for (const TurnMove& m : moves_) {
    has_reset_ = has_reset_ || m.end == TurnEnd::Reset;
    std::size_t slot = n + bank_slots_ + 1;  // a reset
    if (m.end == TurnEnd::Continue) slot = static_cast<std::size_t>(m.target);
    else if (m.end == TurnEnd::Bank) slot = n + static_cast<std::size_t>(m.target);
    else if (m.end == TurnEnd::Bust) slot = n + bank_slots_;
    slot_moves_.push_back({m.probability, static_cast<std::uint32_t>(slot)});
  }
  finished_ = true;
}

}  // namespace verflixt::core
