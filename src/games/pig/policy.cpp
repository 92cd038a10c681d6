#include "verflixt/games/pig/policy.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"

namespace verflixt::pig {

SeatRule seat_rule(const PigPolicy& policy) {
  return [&policy](int mine, int theirs, int turn_total) {
    PigState s;
    s.players = 2;
    s.scores[0] = mine;
    s.scores[1] = theirs;
    s.turn_total = turn_total;
    return policy.decide(s);
  };
}

PigAction OptimalPolicy::decide(const PigState& s) const {
  if (s.players != 2) throw std::logic_error("the optimal Pig policy plays two players only");
  return solution_->action(s.scores[s.to_move], s.scores[1 - s.to_move], s.turn_total);
}

// The built-in policies' names (hold:N, optimal), as they are read and suggested.
const std::vector<std::string> kPolicyNames = {"hold", "optimal"};

std::unique_ptr<PigPolicy> make_policy(const std::string& given, const PigRules& rules,
                                       std::shared_ptr<const PigSolution>& cache) {
  const std::string spec = core::policy_spelling(given, kPolicyNames);
  if (spec == "optimal") {
    if (rules.players != 2)
      throw core::InputError("pig policy 'optimal' is solved for 2 players only, not " + std::to_string(rules.players) +
                       "; use hold:N at larger tables");
    if (!cache) cache = std::make_shared<const PigSolution>(solve(rules));
    return std::make_unique<OptimalPolicy>(cache);
  }
  if (spec.rfind("hold:", 0) == 0) {
    // Past the goal it rolls until the goal ends the turn: hold:20, the default, plays at any goal.
    return std::make_unique<HoldAtPolicy>(core::parse_int(spec.substr(5), "N", "pig policy '" + spec + "'", 1, kMaxGoal));
  }
  // A mistyped name is suggested by its part before the ':' ("hodl:20": hold).
  throw core::InputError("unknown pig policy " + core::quoted(spec) +
                         core::suggest(spec.substr(0, spec.find(':')), kPolicyNames, kPolicyForms));
}

std::string strongest_policy(const PigRules& rules) {
  return solvable(rules) ? std::string("optimal") : "hold:" + std::to_string(std::min(20, rules.goal));
}

Seating::Seating(const PigRules& rules, const std::vector<std::string>& specs) {
  for (const auto& spec : specs) {
    owned.push_back(make_policy(spec, rules, solution));
    seats.push_back(owned.back().get());
    names.push_back(owned.back()->name());
  }
}

}  // namespace verflixt::pig
