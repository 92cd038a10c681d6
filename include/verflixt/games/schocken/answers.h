#pragma once
// Schocken's answers as values, each with its one description (core/answer.h): what the solve,
// evaluate, tournament and advise commands compute, whoever asks for them. The commands map
// their options onto a question, which the library checks and answers, and print
// describe(answer) in the format asked for; every format renders from that one report.
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "verflixt/core/answer.h"
#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/games/schocken/hand.h"
#include "verflixt/games/schocken/monte_carlo.h"
#include "verflixt/games/schocken/policy.h"
#include "verflixt/games/schocken/rules.h"
#include "verflixt/games/schocken/solver.h"

namespace verflixt::schocken {

// The head of every Schocken result: the version, the game and its rules.
core::report::Report report_head(const SchockenRules& rules);

// The exact P(beating) every hand with 1, 2 and 3 throws, the hand having taken as many
// throws as allowed and revealed first (solve with no option).
struct BeatTableAnswer {
  struct Row {
    Dice hand{};
    // p_beat[limit - 1] under the optimal keep policy; none where the rules allow fewer throws.
    std::array<std::optional<double>, kMaxThrows> p_beat{};
  };
  SchockenRules rules;
  std::vector<Row> rows;  // from the best hand to the worst
};
BeatTableAnswer beat_table(const SchockenRules& rules);
core::report::Report describe(const BeatTableAnswer& answer);

// One hand's optimal keeps and the P(beat) they give (solve --target).
struct BeatAnswer {
  SchockenRules rules;
  BeatTarget target;
  int limit = 3;  // throws allowed to the player chasing the target
  TurnSolution solution;
};
core::report::Report describe(const BeatAnswer& answer);

// A round's keep policies by iterated best responses (solve --equilibrium).
struct EquilibriumAnswer {
  SchockenRules rules;
  RoundEquilibrium equilibrium;  // at a table of equilibrium.players
  std::string policy_file;       // where the keep tables were written; empty: nowhere
};
core::report::Report describe(const EquilibriumAnswer& answer);
// The keep tables of the round equilibrium for 2..players players as a *.policy file.
std::string equilibrium_policy_text(const SchockenRules& rules, int players);

// solve's question, its fields named as its options (--target-throws: target_throws).
struct SolveQuestion {
  std::optional<std::string> target;        // a hand to beat, as typed ("6 5 3"): its optimal keeps
  std::optional<int> limit;                 // throws allowed against the target; none: max_throws
  std::optional<int> target_throws;         // throws the target took; none: limit
  bool equilibrium = false;                 // the round equilibrium (before target)
  std::optional<int> players;               // the equilibrium's round; none: the rules' players
  std::optional<std::string> write_policy;  // with equilibrium: the file its keep tables go to
};
// Neither target nor equilibrium: the table of every hand.
using SolveAnswer = std::variant<BeatTableAnswer, BeatAnswer, EquilibriumAnswer>;
// Checks the question (an InputError names the option) and solves it; write_policy is checked
// before the equilibrium is solved and written (atomically) after.
SolveAnswer solve(const SchockenRules& rules, const SolveQuestion& question);
core::report::Report describe(const SolveAnswer& answer);

// A policy as a follower (position 2) chasing a hand: its exact P(beat), its Monte Carlo
// estimate and the optimum beside it (evaluate).
struct EvaluationAnswer {
  SchockenRules rules;
  std::string policy;  // the policy's name
  BeatTarget target;
  int limit = 3;
  std::uint64_t seed = 0;
  int threads = 1;
  BeatRun run;
  bool interrupted = false;  // cut short or stopped: the estimate covers run.tally.turns of run.requested
  double exact = 0;          // the policy's P(beat) by policy evaluation
  double optimum = 0;        // the optimal keep policy's P(beat)
};
// The policy's exact P(beat) at position 1 of a table of rules.players.
double exact_p_beat(const SchockenRules& rules, int limit, const BeatTarget& target, const SchockenPolicy& policy);
// evaluate's question, its fields named as its options (--seed and --threads: evaluate's).
struct EvaluateQuestion {
  std::string policy = "equilibrium";  // a spec as make_policy takes it
  std::string target = "6 6 5";        // the hand to beat, as typed
  std::optional<int> limit;            // throws allowed; none: the rules' max_throws
  std::optional<int> target_throws;    // none: limit
  std::uint64_t turns = 1000000;  // turns to sample
};
// An evaluation ready to sample: the answer with its exact values and the policy to play. A
// step of its own, so that a command reads its sampling options (and notes a capped --threads)
// only once the question holds.
struct Evaluation {
  EvaluationAnswer answer;  // no turns yet
  std::shared_ptr<const SchockenPolicy> policy;
  std::uint64_t turns = 0;
};
// Checks the question (an InputError names the option), builds its policy and computes the
// exact values.
Evaluation prepare_evaluation(const SchockenRules& rules, const EvaluateQuestion& question);
// Samples the evaluation's turns, stopping at control's request with the chunks finished.
EvaluationAnswer evaluate(const Evaluation& evaluation, std::uint64_t seed, int threads,
                          const core::RunControl& control = {});
core::Completion completion(const EvaluationAnswer& answer);
core::report::Report describe(const EvaluationAnswer& answer);

// Whole games at a table of 2..8 seats: each seat's P(losing a half) and P(paying).
struct TournamentAnswer {
  SchockenRules rules;             // players: the seats
  std::vector<std::string> seats;  // each seat's policy name, seat 1 (who opens) first
  std::uint64_t seed = 0;
  int threads = 1;
  GameRun run;
  bool interrupted = false;  // cut short or stopped: the tally covers run.tally.games of run.requested
};
// Plays `games` whole games of `table` (seated first, so that a bad seat is reported before the
// sampling options are read), stopping at control's request with the chunks finished.
TournamentAnswer tournament(const SchockenRules& rules, const PolicyTable& table, std::uint64_t games,
                            std::uint64_t seed, int threads, const core::RunControl& control = {});
core::Completion completion(const TournamentAnswer& answer);
core::report::Report describe(const TournamentAnswer& answer);

// What an advice maximizes: P(beating `other`), or without it P(not having the worst hand) at
// a round of `players` from `seat` (1 = starter), the others playing the round equilibrium.
struct AdviceGoal {
  std::optional<BeatTarget> other;
  int players = 0, seat = 0;
};
// One choice of a throw and its exact value.
struct KeepChoice {
  Keep keep;
  double value = 0;
};
// Standing and every choice of dice to throw again, ranked.
struct Advice {
  SchockenRules rules;
  Dice dice{};     // the throw in front of the player
  int throws = 1;  // throws used so far
  int limit = 3;   // throws allowed this turn
  AdviceGoal goal;
  // Best first; of equal values the simpler choice first: standing, then the keeps that
  // throw fewer dice again.
  std::vector<KeepChoice> ranked;
};
// Solves the turn for `goal` (the round equilibrium first, without a hand to beat) and ranks
// the choices of `dice` after `throws` of `limit` throws.
Advice advise(const SchockenRules& rules, const Dice& dice, int throws, int limit, const AdviceGoal& goal);
// advise's situation, its fields named as its options (--throw: throw_, a word C++ keeps).
struct AdviceQuestion {
  std::optional<std::string> dice;  // the throw in front of the player, as typed; required
  int throw_ = 1;                   // throws used so far
  std::optional<int> limit;         // throws allowed this turn (none: max_throws); the starter has them all
  std::optional<std::string> other;  // a hand to beat, as typed
  std::optional<int> other_throws;   // throws the other's hand took; none: limit
  std::optional<int> players;        // without other: the round's players; none: the rules'
  std::optional<int> seat;           // without other: the player's place, 1 = starter; none: 1
};
// Checks the question (an InputError names the option) and advises on it. With `other`, the
// round's players and the seat are not read (the command line warns of them).
Advice advise(const SchockenRules& rules, const AdviceQuestion& question);
core::report::Report describe(const Advice& advice);

}  // namespace verflixt::schocken
