#pragma once
// Pig strategies: each reads a const state and returns roll or hold (the rules never include
// this header). `hold:N` holds once the turn total reaches N (the goal ends the game by
// itself, game.h G1); `optimal` plays the exact two-player solution (solver.h).
#include <memory>
#include <string>
#include <vector>

#include "verflixt/core/policy.h"
#include "verflixt/games/pig/game.h"
#include "verflixt/games/pig/solver.h"

namespace verflixt::pig {

// Roll or hold, from the state of the game (core/policy.h).
using PigPolicy = core::Policy<PigState, PigAction>;

// The same decision as a two-player seat rule (mine, theirs, turn total), for evaluate_match.
SeatRule seat_rule(const PigPolicy& policy);

class HoldAtPolicy final : public PigPolicy {
 public:
  explicit HoldAtPolicy(int hold_at) : hold_at_(hold_at) {}
  PigAction decide(const PigState& s) const override {
    return s.turn_total >= hold_at_ ? PigAction::Hold : PigAction::Roll;
  }
  std::string name() const override { return "hold:" + std::to_string(hold_at_); }

 private:
  int hold_at_;
};

// The win-optimal two-player policy from a solution; at a table of more players it refuses.
class OptimalPolicy final : public PigPolicy {
 public:
  explicit OptimalPolicy(std::shared_ptr<const PigSolution> solution) : solution_(std::move(solution)) {}
  PigAction decide(const PigState& s) const override;
  std::string name() const override { return "optimal"; }
  const PigSolution& solution() const { return *solution_; }

 private:
  std::shared_ptr<const PigSolution> solution_;
};

// The policies a seat takes, as make_policy's errors and every command's help list them.
inline const std::string kPolicyForms = "hold:N, optimal";

// Parses "hold:N" (1 <= N <= kMaxGoal; past the goal it rolls until the goal) or "optimal" (2
// players only; solved on first use and shared through `cache`). Unknown or out-of-range specs
// throw InputError naming the choices.
std::unique_ptr<PigPolicy> make_policy(const std::string& spec, const PigRules& rules,
                                       std::shared_ptr<const PigSolution>& cache);

// The strongest shipped policy at a table under `rules`: optimal for two players where the
// exact solver takes the goal (max_solve_goal), else holding at 20 (or at the goal, if lower).
std::string strongest_policy(const PigRules& rules);

// The policies of a table, one per seat spec (make_policy), seat 1 first; the seats that play
// optimal share one solution, solved once.
struct Seating {
  Seating(const PigRules& rules, const std::vector<std::string>& specs);
  std::shared_ptr<const PigSolution> solution;  // null: no seat plays optimal
  std::vector<std::unique_ptr<PigPolicy>> owned;
  std::vector<const PigPolicy*> seats;
  std::vector<std::string> names;  // each seat's name()
};

}  // namespace verflixt::pig
