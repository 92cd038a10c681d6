#pragma once
// One Zehntausend turn solved exactly. A turn is acyclic in the turn total t (every set-aside
// adds at least 50), so backward induction from a cap down to t = 0 gives the exact optimum —
// no iteration. States: t (in steps of 50) and the dice the next throw would use, d (1..6;
// 0 when none is left without hot dice). Decisions: which set-aside (turn.h keeps the best
// per number of dice) and bank or throw.
//
// The cap (why a finite table is exact). Let p_d = P(Niete with d dice), E_d = E[most points
// of a throw of d dice], b = bank_min, and g = sup over t >= b of (value - t), the most that
// throwing on can add to a bankable total. Throwing at t >= b is worth at most
// (1 - p_d)(t + g) + E_d: every non-Niete outcome ends at t + points, worth at most that + g.
// Hence g <= max_d (1 - p_d) g + E_d - p_d b, i.e. g <= G = max_d E_d / p_d - b, and banking
// beats throwing as soon as t >= T* = max_d ((1 - p_d) G + E_d) / p_d. Above T* the value is
// t itself; the table runs up to T* (about 1.1 million points for the preset).
#include <cstdint>
#include <string>
#include <vector>

#include "verflixt/games/zehntausend/turn.h"

namespace verflixt::zehntausend {

// A turn policy as tables over the turn total index t = points / 50. Below `horizon` it is
// what the tables say; from `horizon` on it banks (when bank_min allows) and keeps the
// set-aside with the most points.
struct TurnPolicy {
  std::string name;
  int outcomes = 0;                 // TurnModel::outcome_count()
  int horizon = 0;                  // index
  std::vector<std::uint8_t> bank;   // [t * (kMaxDice + 1) + d]: 1 = bank after setting aside
  std::vector<std::uint8_t> keep;   // [t * outcomes + id]: the option index for throw `id` at t

  // Bank at turn total `t` (index, after the set-aside) with d dice to throw next?
  bool banks(int t, int d, const TurnModel& m) const {
    if (t * kPointStep < m.rules().bank_min) return false;
    return t >= horizon || d == 0 || bank[static_cast<size_t>(t) * (kMaxDice + 1) + static_cast<size_t>(d)];
  }
  // The option (ThrowOutcome::options index) for throw `id` at turn total t (before it).
  int keep_option(int t, int id, const TurnModel& m) const {
    return t >= horizon ? m.outcome(id).most_points : keep[static_cast<size_t>(t) * static_cast<size_t>(outcomes) + static_cast<size_t>(id)];
  }
};

// What a turn policy is worth from one state, exactly (forward propagation of probability).
struct TurnEvaluation {
  double value = 0;          // expected banked points
  double p_niete = 0;        // P(the turn ends in a Niete), the first throw's included
  double p_first_niete = 0;  // P(the first throw is a Niete): Bankrott's probability (Z4)
  std::vector<double> banked;  // banked[t]: P(bank exactly t * 50 points), t >= 1
};

// Evaluates `policy` from turn total `start_points` with `dice` to throw (default: a fresh turn).
TurnEvaluation evaluate_turn(const TurnModel& m, const TurnPolicy& policy, int start_points = 0, int dice = -1);

struct TurnSolution {
  TurnPolicy policy;         // optimal; on a tie it banks, and keeps the most points
  double value = 0;          // exact optimum of a fresh turn
  double p_niete = 0;        // under the optimal policy
  double p_first_niete = 0;
  int cap = 0;               // T*, in points
  // bank_at[d] (d = 1..dice; d = dice also after hot dice): the smallest turn total (points)
  // from which the optimal player always banks with d dice to throw; first_bank[d] the
  // smallest at which he banks at all (equal when the policy is a threshold there).
  std::vector<int> bank_at, first_bank;
  std::vector<double> throw_value;  // [t * (kMaxDice + 1) + d]: value of throwing d dice at t, t < top
  int top = 0;                      // index of T*
  // The exact value of throwing d dice at turn total `points` and playing on optimally.
  double throw_value_at(int points, int d, const TurnModel& m) const;
  // The exact value after a set-aside: max(bank if allowed, throw), d dice to throw next.
  double value_after(int points, int d, const TurnModel& m) const;
};

// The turn-score maximizer (Z2, Z3 with the model's rules).
TurnSolution solve_turn(const TurnModel& m);

// Policies that bank by a fixed rule — from thresholds[d] on (points, d = 0..dice; banking
// also needs bank_min) — and choose set-asides to maximize the expected value of the banked
// total under `utility` (points: the expected turn score; or a target: P(reach it)).
enum class Utility { Points, Reach };
TurnPolicy threshold_policy(const TurnModel& m, const std::vector<int>& thresholds, Utility utility,
                            std::string name);
// "bank:N": bank from N points on whatever the dice left; set-asides for the most points.
TurnPolicy bank_at_policy(const TurnModel& m, int points);
// "reach:N": throw until N, set-asides for the highest P(reach N); what a player must do
// in the final round (Z5) to beat a total.
TurnPolicy reach_policy(const TurnModel& m, int points);
// reach:N read off a reach policy of a larger target (the same policy, without its induction:
// what reach:N plays at t, reach:M plays at t + M - N). N from bank_min on.
TurnPolicy reach_from(const TurnModel& m, const TurnPolicy& wider, int points);

// Set-aside rules of a readable heuristic (strategies/zehntausend/*.ini).
enum class KeepRule { Best, MostPoints, FewestDice };
// Thresholds per d as threshold_policy, set-asides by `keep` (Best = threshold_policy's).
TurnPolicy heuristic_policy(const TurnModel& m, const std::vector<int>& thresholds, KeepRule keep, std::string name);

// The policy as text (one line per turn total below the horizon) and back; read errors are
// InputError naming `source`.
std::string policy_text(const TurnModel& m, const TurnPolicy& p, const std::string& header);
TurnPolicy read_policy_text(const TurnModel& m, const std::string& text, const std::string& source);

}  // namespace verflixt::zehntausend
