// The solved race played (core/race_solver.h): a turn's choices under a solution, its values,
// and how it ends (the distribution of its ends), for one start or all of them.
#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <omp.h>

#include "race_model.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/race_solver.h"

namespace verflixt::core {

using race_detail::LevelModel;
using race_detail::Race;

int TurnPlay::choose(const RaceTurn& turn, std::size_t s, std::size_t o) const {
  const LevelModel model{turn, *this};
  if (model.capped(s)) return -1;
  if (actions) return actions[o];
  const auto q = [&](int a) {
    // The sum backward_induction.h forms, term by term.
    double sum = 0;
    model.moves(o, a, [&](const Successor& x) {
      sum += x.probability * (x.next == kNoState ? x.offset : x.offset + x.scale * values[x.next]);
    });
    return sum;
  };
  return best_action(static_cast<int>(turn.action_begin(o + 1) - turn.action_begin(o)), q).second;
}

namespace {

// A start a turn can be played from: seat 0 or 1, totals 0..goal-1.
void check_start(const RaceSolution& solution, int seat, int a, int b, const char* who) {
  if (a < 0 || b < 0 || a >= solution.rules.goal || b >= solution.rules.goal || seat < 0 || seat >= 2)
    throw std::out_of_range(std::string(who) + ": totals 0..goal-1 and seat 0 or 1");
}

}  // namespace

TurnPlay play_turn(const RaceTurn& turn, const RaceSolution& solution, int seat, int a, int b, const RaceOptions& options) {
  check_start(solution, seat, a, b, "play_turn");
  if (options.fixed[static_cast<std::size_t>(seat)].ends)
    throw std::invalid_argument("play_turn: a seat given by its ends has no actions to play");
  TurnPlay play;
  Race(turn, solution, options.fixed).ends(seat, a, b, play);
  play.values = LevelModel{turn, play}.values();
  return play;
}

TurnPlay play_last_turn(const RaceTurn& turn, const RaceSolution& solution, int n, const RaceOptions& options) {
  if (n < 0 || static_cast<std::size_t>(n) >= solution.last_turn.size())
    throw std::out_of_range("play_last_turn: no last turn needing " + std::to_string(n));
  TurnPlay play;
  Race(turn, solution, options.fixed).last_turn_ends(n, play);
  play.values = LevelModel{turn, play}.values();
  return play;
}

namespace {

// A turn's ends as `action(s, o)` plays it from its start: every move leads to a state numbered
// below it, so from the highest number down a state's mass is complete when it is reached.
// The banks end at the last one the turn can make.
template <class Action>
TurnEnds propagate(const RaceTurn& turn, const LevelModel& model, Action&& action) {
  TurnEnds out;
  out.bank.assign(turn.bank_slots(), 0.0);
  std::vector<double> mass(turn.state_count(), 0.0);
  mass[static_cast<std::size_t>(turn.start())] = 1.0;
  for (std::size_t s = turn.state_count(); s-- > 0;) {
    const double m = mass[s];
    if (m == 0) continue;
    if (model.capped(s)) {
      out.bank[static_cast<std::size_t>(turn.points(s))] += m;
      continue;
    }
    for (std::size_t o = turn.outcome_begin(s); o < turn.outcome_begin(s + 1); ++o) {
      const double p = m * turn.outcome_probability(o);
      for (const TurnMove& x : turn.moves(turn.action_begin(o) + static_cast<std::size_t>(action(s, o)))) {
        const double q = p * x.probability;
        switch (x.end) {
          case TurnEnd::Continue: mass[static_cast<std::size_t>(x.target)] += q; break;
          case TurnEnd::Bank: out.bank[static_cast<std::size_t>(x.target)] += q; break;
          case TurnEnd::Bust: out.bust += q; break;
          case TurnEnd::Reset: out.reset += q; break;
        }
      }
    }
  }
  while (!out.bank.empty() && out.bank.back() == 0) out.bank.pop_back();
  return out;
}

}  // namespace

TurnEnds turn_ends(const RaceTurn& turn, const TurnPlay& play) {
  const LevelModel model{turn, play};
  return propagate(turn, model, [&](std::size_t s, std::size_t o) { return play.choose(turn, s, o); });
}

TurnEnds played_turn(const RaceTurn& turn, const RaceSolution& solution, int seat, int a, int b) {
  check_start(solution, seat, a, b, "played_turn");
  // play_turn and turn_ends in one induction: the slot table's pass makes the same choices.
  const std::array<RaceSeatPolicy, 2> maximizing{};
  TurnPlay play;
  Race(turn, solution, maximizing).ends(seat, a, b, play);
  const LevelModel model{turn, play};
  std::vector<double> v, dv;
  std::vector<int> chosen;
  model.start_and_slope<false>(a == 0, v, dv, &chosen);
  return propagate(turn, model, [&chosen](std::size_t, std::size_t o) { return chosen[o]; });
}

std::vector<TurnEnds> played_turns(const RaceTurn& turn, const RaceSolution& solution, int seat, int threads) {
  if (seat < 0 || seat >= 2) throw std::out_of_range("played_turns: seat 0 or 1");
  const auto g = static_cast<std::ptrdiff_t>(solution.rules.goal);
  std::vector<TurnEnds> out(static_cast<std::size_t>(g * g));
  // Every thread under the caller's budget: a stop request (Ctrl-C) or a spent deadline skips
  // the turns left, and the checkpoint after the loop throws (tens of thousands of turns take
  // seconds, a request's deadline or a user's patience less).
  const Budget* budget = Budget::current();
#pragma omp parallel num_threads(threads > 0 ? threads : omp_get_max_threads())
  {
    const Budget::Scope scope(budget);
#pragma omp for schedule(dynamic, 16)
    for (std::ptrdiff_t k = 0; k < g * g; ++k)
      if (!budget_spent())
        out[static_cast<std::size_t>(k)] = played_turn(turn, solution, seat, static_cast<int>(k / g), static_cast<int>(k % g));
  }
  checkpoint();
  return out;
}

}  // namespace verflixt::core
