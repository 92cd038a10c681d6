#include "verflixt/games/pig/race.h"

#include <cmath>
#include <string>

#include "verflixt/core/error.h"

namespace verflixt::pig {

core::RaceTurn race_turn(const PigRules& rules) {
  validate(rules);
  const int top = rules.goal + rules.faces;
  // The rules of the turn alone: a goal no roll reaches, so apply_roll never ends the game.
  PigRules turn_rules = rules;
  turn_rules.goal = top + rules.faces;
  core::RaceTurn turn;
  // Highest turn total first: a roll only raises it, so its successors are numbered before.
  const auto state = [top](int k) { return top - 1 - k; };
  for (int k = top - 1; k >= 0; --k) {
    turn.add_state(k, true);
    turn.add_outcome(1.0);
    turn.add_action();  // roll
    PigState s = initial_state(turn_rules);
    s.turn_total = k;
    for (const auto& f : roll_outcomes(turn_rules)) {
      const PigState next = apply_roll(s, f.outcome, turn_rules);
      if (next.to_move != s.to_move)
        turn.add_move({f.probability, core::TurnEnd::Bust, 0});
      else if (next.turn_total >= top)
        turn.add_move({f.probability, core::TurnEnd::Bank, next.turn_total});
      else
        turn.add_move({f.probability, core::TurnEnd::Continue, state(next.turn_total)});
    }
    turn.add_action();  // hold
    turn.add_move({1.0, core::TurnEnd::Bank, apply_hold(s, turn_rules).scores[0]});
  }
  turn.finish(state(0), top);
  return turn;
}

core::RaceSolution solve_race(const PigRules& rules, const core::RaceOptions& options) {
  validate(rules);
  if (rules.players != 2)
    throw core::InputError("the Pig race is solved for 2 players, not " + std::to_string(rules.players));
  return core::solve_race(race_turn(rules), {.goal = rules.goal, .finish = core::RaceFinish::FirstToGoal}, options);
}

Compensation fair_compensation(const core::RaceSolution& race) {
  Compensation best{0, race.value(0, 0, 0)};
  for (int c = 1; c < race.rules.goal; ++c) {
    const double p = race.value(0, 0, c);
    if (std::abs(p - 0.5) < std::abs(best.first_wins - 0.5)) best = {c, p};
  }
  return best;
}

}  // namespace verflixt::pig
