#pragma once
// Schocken's exact decision solvers. Both are one finite dynamic program over a turn: the
// states are (throw, throws used), the chance outcomes those of hand.h's throw_outcomes, the
// payoff a function of the final (throw, throws used). They differ only in the payoff:
//   (a) beating a hand: 1 if the final hand ranks above the target (S1 with its tie rules);
//   (b) a round: 1 - P(every other player ranks above me), the others' final hands drawn
//       from their policies' exact distributions — the chance of not having the worst hand.
// (b)'s policies are found by best responses among the players in turn until a whole round
// of them changes nothing. That outer search is the round's and stays here; each turn, and so
// each best response, is the core's backward induction (core/backward_induction.h).
#include <vector>

#include "verflixt/games/schocken/hand.h"
#include "verflixt/games/schocken/policy.h"
#include "verflixt/games/schocken/rules.h"

namespace verflixt::schocken {

// The optimum of one turn with at most `limit` throws for a payoff over final (throw, throws).
struct TurnSolution {
  int limit = 0;
  TurnTable value{};  // value[d][k-1]: the optimal payoff expected from throw d after k throws
  KeepTable best{};   // the optimal keep there (stand at k = limit)
  double start = 0;   // before the first throw
};

// Backward induction. With an incumbent table, an incumbent keep within 1e-12 of the best
// stays (so best responses stop changing); otherwise the first best in keep_options order.
TurnSolution best_turn(const SchockenRules& rules, int limit, const TurnTable& payoff,
                       const KeepTable* incumbent = nullptr);
// The value of `keep` from throw `dice` after `throws` throws (stand: the payoff there).
double keep_value(const TurnSolution& sol, const TurnTable& payoff, const Dice& dice, int throws, const Keep& keep);
// The exact distribution of the final (throw, throws used) under a keep table and a limit.
TurnTable final_distribution(int limit, const KeepTable& policy);
// Σ distribution × payoff.
double expected(const TurnTable& distribution, const TurnTable& payoff);

// (a) The hand to beat and the throws it took; its player revealed earlier, so an equal key
// loses (S1 decision).
struct BeatTarget {
  Dice hand{};
  int throws = 1;
};
// 1 where the final (throw, throws) ranks above the target, else 0.
TurnTable beat_payoff(const SchockenRules& rules, const BeatTarget& target);
// The keep policy maximizing P(beat the target) with at most `limit` throws, and its value.
TurnSolution solve_beat(const SchockenRules& rules, int limit, const BeatTarget& target);

// (b) A round's keep policies: per position (0 = starter), one keep table per limit (the
// starter's under limit max_throws, the limit he then sets for the others).
using PositionPolicy = std::array<KeepTable, kMaxThrows>;

// The exact P(worst hand) of every position when each plays its policy (sums to 1).
std::vector<double> round_p_worst(const SchockenRules& rules, const std::vector<PositionPolicy>& policies);
// The payoff of position i under limit `limit` — 1 - P(all others rank above) — given the
// others' policies (for the starter, `limit` is the throws he stands with).
TurnTable not_worst_payoff(const SchockenRules& rules, const std::vector<PositionPolicy>& policies, int position,
                           int limit);

// One round of best responses: every position in turn (starter first) replaces its policy by
// a best response to the others' current ones.
struct BestResponseRound {
  std::vector<double> before, after;  // its P(worst) just before and after its best response
  std::vector<int> changed;           // keep-table entries it changed
};
struct RoundEquilibrium {
  int players = 0;
  std::vector<PositionPolicy> policies;
  std::vector<BestResponseRound> rounds;  // the last changed nothing when converged
  bool converged = false;
  // Pure best responses can cycle (from 4 players on, gains of about 1e-4): a round that
  // repeats an earlier round's policies ends the search; `policies` is then the profile of
  // the cycle that the players gain least by leaving, and cycle_length > 0.
  int cycle_length = 0;
  std::vector<double> p_worst;         // at the end
  std::vector<double> deviation_gain;  // what each player's best response to the end gains (0: none)
};
// What each position would gain (lower P(worst)) by its best response to the others.
std::vector<double> deviation_gains(const SchockenRules& rules, const std::vector<PositionPolicy>& policies);
// Starts from everyone standing on the first throw; Gauss-Seidel rounds of best responses (a
// response is taken only when it lowers its player's P(worst) by more than 1e-12) until a
// round changes nothing, a round repeats, or max_rounds.
RoundEquilibrium solve_round(const SchockenRules& rules, int players, int max_rounds = 50);

// The equilibrium's keep tables for rounds of 2..rules.players players (make_policy's
// "equilibrium").
RoundKeepTables equilibrium_tables(const SchockenRules& rules);

}  // namespace verflixt::schocken
