#include "verflixt/games/pig/solver.h"

#include <algorithm>
#include <cstdint>

#include "verflixt/core/compiled_model.h"
#include "verflixt/core/error.h"

namespace verflixt::pig {

namespace {

void check_solvable(const PigRules& rules) {
  validate(rules);
  if (rules.players != 2)
    throw core::InputError("the exact Pig solver plays 2 players, not " + std::to_string(rules.players) +
                     "; 'optimal' needs --players 2");
  const int most = max_solve_goal(rules.faces);
  if (rules.goal > most)
    throw core::InputError("pig goal " + std::to_string(rules.goal) + " is too large for the exact solver with " +
                           std::to_string(rules.faces) + " faces; valid: 1.." + std::to_string(most));
}

// Dense (i, j, k) numbering with the highest scores first, so that a Gauss–Seidel sweep meets
// the states near the end of the game (whose values are settled soonest) before the states
// that lead to them. A match of two fixed policies is swept in this order.
std::size_t dense_index(int goal, int i, int j, int k) {
  const auto g = static_cast<std::size_t>(goal);
  return (static_cast<std::size_t>(goal - 1 - i) * g + static_cast<std::size_t>(goal - 1 - j)) * g +
         static_cast<std::size_t>(goal - 1 - k);
}

// The solve's numbering: level by level, the level of (i, j, k) being i + j, the points
// banked. A roll stays in its level (k grows, or a bust passes the turn: (j, i, 0)), a hold
// rises by k, so from the highest level down each level depends only on itself and the
// levels solved before it: value iteration solves it alone, in a few sweeps (core blocks).
// Within a level the higher turn totals come first, as a roll leads up to them.
// The first i on a level (both scores below the goal), and a state's index from the level
// starts: written once, for the solve's numbering and for the solution that keeps it.
int lowest_on_level(int goal, int level) { return std::max(0, level - (goal - 1)); }
std::size_t level_index(int goal, const std::vector<std::size_t>& first, int i, int j, int k) {
  return first[static_cast<std::size_t>(i + j)] + static_cast<std::size_t>(i - lowest_on_level(goal, i + j)) * static_cast<std::size_t>(goal) +
         static_cast<std::size_t>(goal - 1 - k);
}

class Levels {
 public:
  explicit Levels(int goal) : goal_(goal), first_(static_cast<std::size_t>(2 * goal), 0) {
    std::size_t at = 0;
    for (int level = 2 * goal - 2; level >= 0; --level) {
      first_[static_cast<std::size_t>(level)] = at;
      at += static_cast<std::size_t>(pairs(level)) * static_cast<std::size_t>(goal);
      ends_.push_back(at);
    }
  }
  std::size_t index(int i, int j, int k) const { return level_index(goal_, first_, i, j, k); }
  void decode(std::size_t s, int& i, int& j, int& k) const {
    const auto block = static_cast<std::size_t>(std::upper_bound(ends_.begin(), ends_.end(), s) - ends_.begin());
    const int level = 2 * goal_ - 2 - static_cast<int>(block);
    const std::size_t within = s - first_[static_cast<std::size_t>(level)];
    i = lowest(level) + static_cast<int>(within / static_cast<std::size_t>(goal_));
    j = level - i;
    k = goal_ - 1 - static_cast<int>(within % static_cast<std::size_t>(goal_));
  }
  // Where each level's states end, highest level first: value iteration's blocks.
  const std::vector<std::size_t>& ends() const { return ends_; }
  const std::vector<std::size_t>& firsts() const { return first_; }

 private:
  int lowest(int level) const { return lowest_on_level(goal_, level); }
  int pairs(int level) const { return std::min(level, goal_ - 1) - lowest(level) + 1; }
  int goal_;
  std::vector<std::size_t> first_;  // by level: its first state
  std::vector<std::size_t> ends_;
};

// Two-player Pig as a core model, seen from the player to move. Each successor comes from
// the game's own apply_roll / apply_hold, then is mapped back to (i, j, k) of whoever moves
// next: the same player keeps the view, a passed turn flips it (scale -1, offset 1).
class TwoPlayerModel {
 public:
  // `levels`: numbered level by level (the solve); null: dense (a match of two policies).
  explicit TwoPlayerModel(const PigRules& rules, const Levels* levels = nullptr)
      : rules_(rules), faces_(roll_outcomes(rules)), levels_(levels) {
    const auto g = static_cast<std::size_t>(rules.goal);
    n_ = g * g * g;
  }
  std::size_t state_count() const { return n_; }
  // Index -> (i, j, k); states with i + k >= goal are terminal (never reached: such a roll
  // ends the game) and worth 1.
  void decode(std::size_t s, int& i, int& j, int& k) const {
    if (levels_) return levels_->decode(s, i, j, k);
    const auto g = static_cast<std::size_t>(rules_.goal);
    k = rules_.goal - 1 - static_cast<int>(s % g);
    j = rules_.goal - 1 - static_cast<int>((s / g) % g);
    i = rules_.goal - 1 - static_cast<int>(s / (g * g));
  }
  std::size_t index(int i, int j, int k) const {
    return levels_ ? levels_->index(i, j, k) : dense_index(rules_.goal, i, j, k);
  }
  int action_count(std::size_t s) const {
    int i, j, k;
    decode(s, i, j, k);
    return i + k >= rules_.goal ? 0 : 2;
  }
  double terminal_value(std::size_t) const { return 1.0; }

  template <class Visit>
  void successors(std::size_t s, int a, Visit&& visit) const {
    int i, j, k;
    decode(s, i, j, k);
    PigState state;
    state.players = 2;
    state.scores[0] = i;
    state.scores[1] = j;
    state.turn_total = k;
    if (static_cast<PigAction>(a) == PigAction::Hold) {
      visit(map(apply_hold(state, rules_), 1.0));
      return;
    }
    for (const auto& f : faces_) visit(map(apply_roll(state, f.outcome, rules_), f.probability));
  }

 private:
  core::Successor map(const PigState& next, double p) const {
    if (next.over()) return {p, core::kNoState, 0.0, next.winner == 0 ? 1.0 : 0.0};
    if (next.to_move == 0) return {p, index(next.scores[0], next.scores[1], next.turn_total), 1.0, 0.0};
    return {p, index(next.scores[1], next.scores[0], next.turn_total), -1.0, 1.0};
  }

  PigRules rules_;
  std::vector<core::ChanceOutcome<int>> faces_;
  const Levels* levels_;
  std::size_t n_ = 0;
};

// Two fixed policies: states (seat to move, i, j, k) with i the mover's score; the value is
// P(the mover wins). Seat 0's block comes first.
class MatchModel {
 public:
  MatchModel(const PigRules& rules) : inner_(rules), half_(inner_.state_count()) {}
  std::size_t state_count() const { return 2 * half_; }
  int action_count(std::size_t s) const { return inner_.action_count(s % half_); }
  double terminal_value(std::size_t) const { return 1.0; }
  template <class Visit>
  void successors(std::size_t s, int a, Visit&& visit) const {
    const std::size_t seat = s / half_;
    inner_.successors(s % half_, a, [&](core::Successor x) {
      if (x.next != core::kNoState) {
        const bool passed = x.scale < 0;  // the turn went to the other seat
        x.next += (passed ? 1 - seat : seat) * half_;
      }
      visit(x);
    });
  }
  void decode(std::size_t s, int& seat, int& i, int& j, int& k) const {
    seat = static_cast<int>(s / half_);
    inner_.decode(s % half_, i, j, k);
  }

 private:
  TwoPlayerModel inner_;
  std::size_t half_;
};

}  // namespace

int max_solve_goal(int faces) {
  // Successors held, goal^3 * (faces + 1), as many as at the largest goal with a six-sided die.
  const auto successors = [](int goal, int f) {
    const auto g = static_cast<std::uint64_t>(goal);
    return g * g * g * static_cast<std::uint64_t>(f + 1);
  };
  int goal = kMaxSolveGoal;
  while (goal > 1 && successors(goal, faces) > successors(kMaxSolveGoal, 6)) --goal;
  return goal;
}

bool solvable(const PigRules& rules) { return rules.players == 2 && rules.goal <= max_solve_goal(rules.faces); }

std::size_t PigSolution::index(int i, int j, int k) const {
  // From the level starts the solve kept (policies ask this every decision).
  return level_index(rules.goal, level_first, i, j, k);
}

int PigSolution::hold_at(int i, int j) const {
  for (int k = 1; i + k < rules.goal; ++k)
    if (action(i, j, k) == PigAction::Hold) return k;
  return rules.goal - i;
}

double PigSolution::action_value(int i, int j, int k, PigAction action) const {
  // The same successors the solver swept, so the values cannot disagree with the solution.
  const Levels levels(rules.goal);
  const TwoPlayerModel model(rules, &levels);
  return core::action_value(model, values, index(i, j, k), static_cast<int>(action));
}

PigSolution solve(const PigRules& rules, const core::ValueIterationOptions& options) {
  check_solvable(rules);
  const Levels levels(rules.goal);
  const core::CompiledModel model{TwoPlayerModel(rules, &levels)};
  core::ValueIterationOptions by_levels = options;
  by_levels.blocks = levels.ends();
  core::ValueIterationResult r = core::value_iteration(model, by_levels);
  PigSolution s;
  s.rules = rules;
  s.level_first = levels.firsts();
  s.values = std::move(r.values);
  s.actions = std::move(r.actions);
  s.residual = r.residual;
  s.iterations = r.iterations;
  s.converged = r.converged;
  return s;
}

MatchValue evaluate_match(const PigRules& rules, const SeatRule& first, const SeatRule& second,
                          const core::ValueIterationOptions& options) {
  check_solvable(rules);
  const MatchModel model(rules);
  // The policies are asked once per state, not once per sweep.
  std::vector<std::uint8_t> table(model.state_count(), 0);
  for (std::size_t s = 0; s < table.size(); ++s) {
    if (model.action_count(s) == 0) continue;
    int seat, i, j, k;
    model.decode(s, seat, i, j, k);
    table[s] = static_cast<std::uint8_t>((seat == 0 ? first : second)(i, j, k));
  }
  const auto policy = [&](std::size_t s) { return static_cast<int>(table[s]); };
  const core::CompiledModel compiled{core::FixedPolicy(model, policy)};
  const core::ValueIterationResult r = core::value_iteration(compiled, options);
  MatchValue m;
  // The first player's start (seat 0 to move, 0 : 0, turn total 0).
  m.first_player_win = r.values[dense_index(rules.goal, 0, 0, 0)];
  m.residual = r.residual;
  m.iterations = r.iterations;
  m.converged = r.converged;
  return m;
}

}  // namespace verflixt::pig
