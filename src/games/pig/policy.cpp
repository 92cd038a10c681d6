#include "verflixt/games/pig/policy.h"

#include <stdexcept>

#include "verflixt/error.h"

namespace verflixt::pig {

SeatRule PigPolicy::seat_rule() const {
  return [this](int mine, int theirs, int turn_total) {
    PigState s;
    s.players = 2;
    s.scores[0] = mine;
    s.scores[1] = theirs;
    s.turn_total = turn_total;
    return act(s);
  };
}

PigAction OptimalPolicy::act(const PigState& s) const {
  if (s.players != 2) throw std::logic_error("the optimal Pig policy plays two players only");
  return solution_->action(s.scores[s.to_move], s.scores[1 - s.to_move], s.turn_total);
}

std::unique_ptr<PigPolicy> make_policy(const std::string& spec, const PigRules& rules,
                                       std::shared_ptr<const PigSolution>& cache) {
  if (spec == "optimal") {
    if (rules.players != 2)
      throw InputError("pig policy 'optimal' is solved for 2 players only, not " + std::to_string(rules.players) +
                       "; use hold:N at larger tables");
    if (!cache) cache = std::make_shared<const PigSolution>(solve(rules));
    return std::make_unique<OptimalPolicy>(cache);
  }
  if (spec.rfind("hold:", 0) == 0) {
    const std::string n = spec.substr(5);
    std::size_t used = 0;
    int v = 0;
    try {
      v = std::stoi(n, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != n.size() || v < 1 || v > rules.goal)
      throw InputError("pig policy '" + spec + "': N must be an integer in 1.." + std::to_string(rules.goal));
    return std::make_unique<HoldAtPolicy>(v);
  }
  throw InputError("unknown pig policy '" + spec + "'; valid: hold:N, optimal");
}

}  // namespace verflixt::pig
