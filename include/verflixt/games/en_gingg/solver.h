#pragma once
// The exact decisions of En Gingg as Bei. Phase 2 has none: its hits follow from the dice
// alone (G3), so its exact distribution is a short recursion over the dice still to throw.
// Phase 1 is a finite chance tree over (dice left, pips aside, throws made): its value is
//   V(0, s, t)    = f(s)
//   V(n, s, t)    = Σ over throws m of n dice  P(m) · max over legal set-asides a of m
//                                               V(n − |a|, s + pips(a), t + 1)
// with f the objective at the final sum S (G2):
//   own       f(S) = S − target                          (the expected change of the own balance)
//   own+next  f(S) = S − target + [S > target] · (S − target) · E[hits]
//                                                        (plus the next player's expected phase-2 loss)
// — solved by the core's backward induction (core/backward_induction.h). Every set-aside
// of every throw is tried (not only "the highest j dice"), so the policy is exact for any
// objective. Ties go to the first legal set-aside in legal_set_asides' order
// (fewer dice first): keep the most dice in play when it costs nothing.
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "verflixt/games/en_gingg/game.h"

namespace verflixt::en_gingg {

enum class Objective { Own, OwnPlusNext };
// "own", "own+next" in Objective order.
const std::vector<std::string>& objective_names();
Objective parse_objective(const std::string& text);  // InputError with did-you-mean

// G3: P(hits = h), h = 0..dice, for phase 2 with `digit` (all dice thrown first).
std::vector<double> phase2_hit_distribution(const EnGinggRules& rules, int digit);
// E[hits] for `digit`; the next player's expected loss is digit · E[hits].
double phase2_expected_hits(const EnGinggRules& rules, int digit);

// The objective at a final phase-1 sum (see the top of this file).
double terminal_value(const EnGinggRules& rules, Objective objective, int sum);

// A set-aside and the exact value of the phase 1 after it.
struct RankedSetAside {
  DiceCounts aside{};
  double value = 0;
};

// What surviving the turn is worth to a guarded solution by default (see Phase1Solution), in
// points of the objective. How it was chosen: guarded:own+next:W in seat 2 of four (the
// others optimal:own+next, 200,000 games, seed 5) lost 0.2659, 0.2658, 0.2668 at W = 3, 10,
// 30 — no measurable gain over optimal:own+next's 0.2666 ± 0.0010 — and 0.2895 at W = 1000
// (survival first): points given up to survive this turn leave the balance low for the next
// phase 2 of the player before. 10 is a moderate guard, not a tuned optimum.
inline constexpr double kGuardWeight = 10.0;

// The solved phase 1 for one objective: V over every (dice left, pips aside, throws made).
// With guard_balance b > 0 (a player whose balance b could reach 0 this turn, G1), every
// final sum that leaves the balance above 0 (S − target > −b) is worth `guard_weight` more.
class Phase1Solution {
 public:
  Phase1Solution(const EnGinggRules& rules, Objective objective, int guard_balance = 0,
                 double guard_weight = kGuardWeight);

  const EnGinggRules& rules() const { return rules_; }
  Objective objective() const { return objective_; }
  int guard_balance() const { return guard_balance_; }
  // V before the first throw: the exact value of the optimal policy.
  double value() const { return value(phase1_start(rules_)); }
  // V before the throw that follows `state` (a finished state: f of its sum).
  double value(const Phase1State& state) const;
  // Every legal set-aside of `thrown` with its value, best first (ties: legal_set_asides order).
  std::vector<RankedSetAside> rank(const Phase1State& state, const DiceCounts& thrown) const;
  // The optimal set-aside, rank(...).front(): the induction's decision, kept by the
  // constructor for every reachable state and throw (about 10,000 entries with the swiss
  // preset), else the same rule over rank's list.
  DiceCounts best(const Phase1State& state, const DiceCounts& thrown) const;
  // best() — what a simulated game calls.
  DiceCounts choice(const Phase1State& state, const DiceCounts& thrown) const;

  // The policy as a rule a player can follow at the table (results/en-gingg's "rule in
  // words"): set aside what G2 demands (the highest dice), then go down the other dice from
  // the highest and set each aside while it shows at least keep_from(r, s, t) — r the dice
  // that would be thrown again without it, s the pips aside with this throw's so far, t the
  // throws made before this one; faces + 1 means "never". Since V(r − 1, s + x) grows with x
  // the rule is a threshold; whether stopping at the first die below it is optimal is not
  // assumed — turn_value(rule) == value() checks it (solve prints both).
  int keep_from(int rethrow, int sum, int throws) const;
  DiceCounts rule_choice(const Phase1State& state, const DiceCounts& thrown) const;

 private:
  std::size_t index(int left, int sum, int throws) const;
  EnGinggRules rules_;
  Objective objective_;
  int guard_balance_ = 0;
  std::vector<double> terminal_;  // f(S) by S
  std::vector<double> values_;
  std::unordered_map<std::uint64_t, DiceCounts> choices_;  // key(): state and throw
  static std::uint64_t key(const Phase1State& state, const DiceCounts& thrown);
};

}  // namespace verflixt::en_gingg
