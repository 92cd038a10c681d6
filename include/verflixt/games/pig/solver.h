#pragma once
// Two-player Pig solved exactly for the win: P(i, j, k), the probability that the player to
// move wins with score i against the opponent's j and turn total k, under optimal play by
// both, from value iteration on the core (core/value_iteration.h) over the game's own rules
// (game.h). The Bellman equations are Neller & Presser's (UMAP Journal 25(1), 2004):
//   P(i,j,k) = max( roll: sum over faces f of 1/faces * [bust ? 1 - P(j,i,0) : P(i,j,k+f)],
//                   hold: 1 - P(j, i+k, 0) ),   P = 1 once i + k reaches the goal.
// On an exact tie the solver rolls (PigAction::Roll is action 0), so it never passes with a
// turn total of 0 when rolling is as good. Also the exact value of a match between two fixed
// policies (policy evaluation on the core).
#include <cstddef>
#include <functional>
#include <vector>

#include "verflixt/core/value_iteration.h"
#include "verflixt/games/pig/game.h"

namespace verflixt::pig {

// Largest goal the exact solver takes. The solve holds every successor of its goal^3 states,
// faces + 1 of them a state (the rolls and the hold) at 16 bytes each: about 1.4 GB at goal
// 250 with six faces, which bounds it for every die.
inline constexpr int kMaxSolveGoal = 250;
// Largest goal solved with a die of `faces` faces: kMaxSolveGoal for six faces or fewer, less
// for more, so that goal^3 * (faces + 1) stays within 250^3 * 7 successors (goal 102 with a
// hundred faces).
int max_solve_goal(int faces);
// Whether the exact solver takes these rules: two players and a goal up to max_solve_goal.
bool solvable(const PigRules& rules);

struct PigSolution {
  PigRules rules;
  std::vector<double> values;     // level by level over (i, j, k), see index()
  std::vector<std::size_t> level_first;  // by level i + j: the index of its first state
  std::vector<int> actions;       // 0 = roll, 1 = hold (PigAction), -1 terminal
  double residual = 0;            // the last sweep's largest change
  int iterations = 0;
  bool converged = false;

  std::size_t index(int i, int j, int k) const;
  // P(the player to move wins) at my score i, the opponent's j, turn total k (i + k < goal).
  double win_probability(int i, int j, int k) const { return values[index(i, j, k)]; }
  PigAction action(int i, int j, int k) const { return static_cast<PigAction>(actions[index(i, j, k)]); }
  // The first turn total k >= 1 at which the optimal player holds at scores (i, j), or
  // goal - i when it rolls until the goal. (The policy is not always a threshold: past the
  // first hold it may roll again at a higher total; Neller & Presser's 41–49 example.)
  int hold_at(int i, int j) const;
  // P(the player to move wins) at (i, j, k) if he plays `action` now and both play optimally
  // afterwards: the two numbers `advise` ranks; the larger is win_probability(i, j, k).
  double action_value(int i, int j, int k, PigAction action) const;
};

// Solves two-player Pig (rules.players must be 2, goal <= max_solve_goal(faces); InputError else).
PigSolution solve(const PigRules& rules, const core::ValueIterationOptions& options = {});

// The decision of a seat in a two-player game: (my score, opponent score, turn total).
using SeatRule = std::function<PigAction(int mine, int theirs, int turn_total)>;

struct MatchValue {
  double first_player_win = 0;  // P(seat 0, moving first, wins)
  double residual = 0;
  int iterations = 0;
  bool converged = false;
};

// The exact P(first player wins) when seat 0 plays `first` and seat 1 plays `second`, by
// policy evaluation over (seat to move, i, j, k). Two players only.
MatchValue evaluate_match(const PigRules& rules, const SeatRule& first, const SeatRule& second,
                          const core::ValueIterationOptions& options = {});

}  // namespace verflixt::pig
