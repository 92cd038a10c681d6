#pragma once
// En Gingg as Bei strategies: each reads a const phase-1 state, the throw and the table and
// returns the dice to set aside (the rules never include this header). Phase 2 has no
// decision (G3). Policies are files in strategies/en-gingg/ (INI, [policy] kind = ...) or
// inline specs:
//   keep-from:F        set aside every die showing F or more; if none does, the highest die
//                      (and always at least what G2 demands: the highest dice first)
//   optimal:own        the exact phase-1 policy for the expected own balance change (solver.h)
//   optimal:own+next   the exact policy for own change plus the next player's phase-2 loss
//   guarded:own+next[:W]  optimal:own+next, except when the own balance could fall to 0 this
//                      turn: then the guarded solution for that balance (solver.h), which
//                      values surviving the turn at W points (default kGuardWeight; also
//                      guarded:own)
#include <memory>
#include <string>
#include <vector>

#include "verflixt/core/policy.h"
#include "verflixt/games/en_gingg/game.h"
#include "verflixt/games/en_gingg/solver.h"

namespace verflixt::en_gingg {

// What a player sees when he sets dice aside: the turn so far, the dice just thrown (all
// state.left dice) and the table (he is table.to_move).
struct SetAsideView {
  const Phase1State& state;
  const DiceCounts& thrown;
  const Table& table;
};
// The dice to set aside from view.thrown (core/policy.h).
using SetAsidePolicy = core::Policy<SetAsideView, DiceCounts>;

class KeepFromPolicy final : public SetAsidePolicy {
 public:
  KeepFromPolicy(const EnGinggRules& rules, int keep_from) : rules_(rules), keep_from_(keep_from) {}
  DiceCounts decide(const SetAsideView& view) const override;
  std::string name() const override { return "keep-from:" + std::to_string(keep_from_); }

 private:
  EnGinggRules rules_;
  int keep_from_;
};

class OptimalPolicy final : public SetAsidePolicy {
 public:
  explicit OptimalPolicy(std::shared_ptr<const Phase1Solution> solution) : solution_(std::move(solution)) {}
  DiceCounts decide(const SetAsideView& view) const override {
    return solution_->choice(view.state, view.thrown);
  }
  std::string name() const override;
  const Phase1Solution& solution() const { return *solution_; }

 private:
  std::shared_ptr<const Phase1Solution> solution_;
};

// optimal:OBJECTIVE while the own balance is out of reach of a phase-1 loss (more than
// target − dice), else the guarded solution for the balance: the one policy here that looks
// at the table.
class GuardedPolicy final : public SetAsidePolicy {
 public:
  GuardedPolicy(const EnGinggRules& rules, Objective objective, int weight = static_cast<int>(kGuardWeight));
  DiceCounts decide(const SetAsideView& view) const override;
  std::string name() const override {
    return "guarded:" + objective_names()[static_cast<size_t>(objective_)] + ":" + std::to_string(weight_);
  }

 private:
  Objective objective_;
  int weight_;
  std::vector<Phase1Solution> solutions_;  // [b]: guarded for balance b = 1..max loss; [0] unguarded
};

// The solver's policy as the threshold rule of Phase1Solution::keep_from.
class KeepRulePolicy final : public SetAsidePolicy {
 public:
  explicit KeepRulePolicy(std::shared_ptr<const Phase1Solution> solution) : solution_(std::move(solution)) {}
  DiceCounts decide(const SetAsideView& view) const override {
    return solution_->rule_choice(view.state, view.thrown);
  }
  std::string name() const override;

 private:
  std::shared_ptr<const Phase1Solution> solution_;
};

// The policies a seat takes, as make_policy's errors and every command's help list them.
inline const std::string kPolicyForms =
    "keep-from:F, optimal:own, optimal:own+next, guarded:own, guarded:own+next or a policy file (.ini)";

// A policy from an inline spec (above) or a policy file (a path ending in .ini). Unknown
// specs, bad values and bad files throw InputError naming the choices, file and line.
std::unique_ptr<SetAsidePolicy> make_policy(const std::string& spec, const EnGinggRules& rules);
// A policy spec as a table names its seat: a policy file by its name without directory and
// .ini, any other spec as given.
std::string display_name(const std::string& spec);

// The policies of a table, one per seat spec (make_policy), seat 1 first, each named by its
// spec as display_name shows it.
struct Seating {
  Seating(const EnGinggRules& rules, const std::vector<std::string>& specs);
  std::vector<std::unique_ptr<SetAsidePolicy>> owned;
  std::vector<const SetAsidePolicy*> seats;
  std::vector<std::string> names;
};

// The exact value of one turn under a policy that does not look at the balances (every
// policy above): the distribution of the phase-1 sum, by forward propagation through the
// same chance tree as the solver, and what it means for the balances.
struct TurnValue {
  std::vector<double> p_sum;   // P(S = s), s = 0..dice·faces
  double own_change = 0;       // E[S − target]
  double next_loss = 0;        // E[the next player's phase-2 loss]
  double p_phase2 = 0;         // P(S > target)
  double value(Objective o) const { return o == Objective::Own ? own_change : own_change + next_loss; }
};
// `balance` > 0 is the player's balance the policy sees (default: the start balance).
TurnValue turn_value(const EnGinggRules& rules, const SetAsidePolicy& policy, int balance = 0);

}  // namespace verflixt::en_gingg
