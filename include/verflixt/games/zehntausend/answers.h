#pragma once
// Zehntausend's answers as values, each with its one description (core/answer.h): what the
// solve (one turn, the race, a pairing), evaluate (a turn policy, the race's policy),
// tournament, bench and advise commands compute, whoever asks for them. The commands read the
// question from their options, compute the answer and print describe(answer) in the format
// asked for; every format renders from that one report.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "verflixt/core/answer.h"
#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/core/stats.h"
#include "verflixt/games/zehntausend/monte_carlo.h"
#include "verflixt/games/zehntausend/policy.h"
#include "verflixt/games/zehntausend/race.h"
#include "verflixt/games/zehntausend/race_policies.h"
#include "verflixt/games/zehntausend/rules.h"
#include "verflixt/games/zehntausend/scoring.h"
#include "verflixt/games/zehntausend/turn_solver.h"

namespace verflixt::zehntausend {

// The head of every Zehntausend result: the version, the game and its rules.
core::report::Report report_head(const ZehntausendRules& rules);

// ---- One turn (answers.cpp) ----

// The turn-score maximizer, solved exactly.
struct SolveAnswer {
  TurnModel model;          // the turn the solution is of (its rules are the answer's)
  TurnSolution solution;
  double seconds = 0;       // building the model and solving it
  std::string policy_file;  // where the optimal policy was written; empty: nowhere
};
// Solves the turn and, where `policy_file` names one, writes the optimal policy there (its
// target checked before the solve; InputError naming --write-policy).
SolveAnswer solve_answer(const ZehntausendRules& rules, const std::string& policy_file = "");
core::report::Report describe(const SolveAnswer& answer);
// The optimal turn policy as the file `evaluate --policy policy:FILE` reads.
std::string policy_file_text(const SolveAnswer& answer);

// A turn policy's exact value and P(Niete), and unless only the exact value was asked for,
// the same from turns played die by die.
struct EvaluateAnswer {
  ZehntausendRules rules;
  std::string policy;       // the policy's name
  TurnEvaluation exact;     // the policy's exact evaluation of a fresh turn
  double optimal = 0;       // the optimal policy's exact turn value, for comparison
  bool sampled = false;     // turns were played (not --exact)
  std::uint64_t seed = 0;   // sampled only, as threads
  int threads = 1;
  TurnRun run;              // the turns played; empty when not sampled
  bool interrupted = false; // Ctrl-C stopped the run (or the exact evaluation)
};
// What evaluate asks of a turn policy, field by field its options.
struct EvaluateQuestion {
  std::string policy = "optimal";  // the turn policy's spec (make_turn_policy)
  bool exact = false;              // the exact evaluation only, no turns played
  std::uint64_t turns = 1000000;   // turns played die by die
  std::uint64_t seed = 1;          // the turns' only, as threads
  int threads = 1;
};
// The question answered: the policy's exact evaluation and, unless exact, its turns played
// under `control` (a Ctrl-C keeps the turns played: run.interrupted).
EvaluateAnswer evaluate(const ZehntausendRules& rules, const EvaluateQuestion& question, const core::RunControl& control = {});
core::report::Report describe(const EvaluateAnswer& answer);

// Whole games of 2..8 seats at kernel speed, as seated and, over every rotation of the seats,
// per policy and per seat position.
struct TournamentAnswer {
  ZehntausendRules rules;            // players: the number of seats
  std::vector<std::string> seats;    // each seat's policy name, seat 1 (who moves first) first
  std::uint64_t seed = 0;            // rotation k plays with seed + k
  std::uint64_t games = 0;           // games per seating (rotation)
  int threads = 1;
  int rotations = 1;                 // 1, or every rotation of the seats
  std::vector<core::Estimate> as_seated;  // P(win) per seat of the first rotation
  std::vector<core::Estimate> by_seat;    // P(win) per seat position over the rotations played
  std::vector<core::Estimate> by_policy;  // P(win) per policy (seat order) over the rotations played
  std::uint64_t played = 0, turns = 0;    // games and turns over the rotations played
  double seconds = 0;
  bool interrupted = false;          // a rotation was cut short (Ctrl-C)
};
// Plays `games` games per rotation of `seats` (named `names`), every rotation when `rotate`:
// rotation k seats policy (s + k) mod n at seat s. A cut rotation ends the tournament.
TournamentAnswer play_tournament(const TurnLibrary& lib, std::span<const SeatPolicy* const> seats,
                                 const std::vector<std::string>& names, std::uint64_t games, std::uint64_t seed,
                                 int threads, bool rotate, const core::RunControl& control);
core::report::Report describe(const TournamentAnswer& answer);

// ---- The bench (answers.cpp) ----

// One workload of the bench: whole two-player games on one thread.
struct BenchWorkload {
  std::string name;                // "race vs optimal"
  std::uint64_t games = 0;
  double seconds = 0;
  std::uint64_t seat1_shares = 0;  // seat 1's win shares: a deterministic signature of the games
};
// The exact turn solve and whole two-player games on ONE thread, timed: games/s per core,
// optimal vs optimal and race vs optimal.
struct BenchAnswer {
  ZehntausendRules rules;      // two players
  std::uint64_t seed = 0;      // of the games: the signature depends on it
  double solve_seconds = 0;    // building the turn model and solving it
  double turn_value = 0;       // the solve's value
  std::vector<BenchWorkload> workloads;  // the finished ones
  core::Completion done;                 // workloads finished of the two
};
// Times the solve under `rules` for two players, then `games` games of each workload (after
// up to 20,000 untimed ones, which build the race's turn policies). A stop (control.stop,
// Ctrl-C) drops the workload under way, whose timing and signature would be of fewer games,
// and keeps the finished ones.
BenchAnswer bench_answer(ZehntausendRules rules, std::uint64_t games, std::uint64_t seed,
                         const core::RunControl& control = {});
core::report::Report describe(const BenchAnswer& answer);

// ---- The two-player race (race_answers.cpp) ----

// The race solved exactly (or read): its value, the fairest start and the bank thresholds.
struct RaceAnswer {
  std::shared_ptr<const Race> race;  // its rules are the answer's
  std::string source;                // file, cache, shipped or solved
  double seconds = 0;                // the solve's, when solved
  int table_step = 1000;             // the thresholds table's game totals, in steps of this
};
core::report::Report describe(const RaceAnswer& answer);

// The race between two seat specs, solved exactly (race_policies.h).
struct PairingAnswer {
  ZehntausendRules rules;
  RacePairing pairing;
  int overshoot = kDefaultOvershoot;
  double seconds = 0;
};
// The race between two seat specs solved (solve_pairing, race_policies.h), timed.
PairingAnswer pairing_answer(const ZehntausendRules& rules, const std::array<std::string, 2>& seats, int overshoot,
                             const core::RaceOptions& options, const RaceSource& exact);
core::report::Report describe(const PairingAnswer& answer);

// A race solve stopped by Ctrl-C before it converged: no value of the game, only how far it got.
struct UnsolvedRace {
  ZehntausendRules rules;
  int sweeps = 0;
  std::string what;   // what is not solved, the line's start
  std::string after;  // the line's end: what was not kept ("" or " (nothing cached, ...)")
};
core::report::Report describe(const UnsolvedRace& answer);

// One opponent of the race's policy: its exact P(win) moving first and second and, where
// played, the kernel's games as the check.
struct RatedOpponent {
  std::string opponent;
  double first = 0, second = 0;  // P(the policy wins) moving first, moving second (exact)
  bool sampled = false;
  core::Estimate sample{};       // P(the policy wins) over both seatings, Monte Carlo
  std::uint64_t games = 0;       // games of the sample, both seatings
};
// The solved race's policy rated by whole two-player games against each opponent.
struct RaceEvaluation {
  ZehntausendRules rules;               // two players
  std::string policy;                   // the policy's name
  std::vector<std::string> opponents;   // as asked for, in order
  bool exact_only = false;              // no kernel games (--exact)
  std::uint64_t seed = 0, games = 0;    // the kernel's: games per seating
  int threads = 1;
  std::vector<RatedOpponent> rated;     // the opponents rated before a Ctrl-C, in order
  bool interrupted = false;
};
core::report::Report describe(const RaceEvaluation& answer);

// What evaluate asks of the solved race's policy, field by field its options.
struct RaceEvaluationQuestion {
  std::string policy;                 // exact (the solved race) or exact:FILE (a saved one)
  std::vector<std::string> against;   // the opponents in order; none: optimal
  bool exact = false;                 // exact P(win) only, no kernel games
  std::uint64_t games = 100000;       // kernel games per seating
  std::uint64_t seed = 1;
  int threads = 1;
};
// The question answered under `rules` (two players): the opponents' seats built first, so that
// a typo costs no solve, then the policy's; each race `source` gives (exact:FILE's file, empty
// for the solved one) read once for every seat. A Ctrl-C keeps the opponents rated.
RaceEvaluation evaluate_race_policy(const ZehntausendRules& rules, const RaceEvaluationQuestion& question,
                                    const RaceSource& source, const core::RunControl& control);

// ---- Advice (advice.cpp) ----

// Where the player to move stands: after a throw (faces) or before one (dice_left).
struct Situation {
  bool before = false;          // before a throw: bank or throw
  int dice_left = 0;            // before a throw: the dice left to throw
  int turn_total = 0, score = 0;
  int me = 0;                   // my seat, 0 moves first
  std::vector<int> faces;       // after a throw: the dice thrown
  std::vector<int> opponents;   // the others' game totals in seat order after me; none: no race
};

// One choice of the ranking: a set-aside with bank or throw, its exact expected points and,
// with others, its P(win).
struct AdviceRow {
  SetAside set_aside;
  bool bank = false;
  int dice_next = 0;  // the dice thrown next (or that would be, banking)
  double points = 0;  // exact expected banked points of the turn
  core::Estimate win{};
  bool win_exact = false;
};

// Every legal set-aside with bank or throw, ranked.
struct Advice {
  ZehntausendRules rules;          // players: me and the others
  Situation at;
  std::vector<SetAside> choices;   // the set-asides (before a throw: nothing)
  std::vector<AdviceRow> rows;     // best first once ranked
  int best_other = 0;              // the highest other total
  bool forced = false;             // the rules leave one choice
  bool exact = false;              // P(win) from the solved two-player race
  std::string policy;              // how everyone plays on, for P(win)
  std::uint64_t seed = 0;          // Monte Carlo only, as games
  std::uint64_t games = 0;         // games per choice
  bool separated = true;           // the estimates tell the best choice from the second
  // The options given that the way P(win) was found does not read, said in a warning.
  std::vector<std::string> warnings;
  bool race() const { return !at.opponents.empty(); }
  // Someone else has reached the limit: this is my last turn.
  bool final_round() const { return race() && best_other >= rules.limit; }
};
core::report::Report describe(const Advice& advice);

// The largest total an advice takes (a turn's, mine, another's): the rules' largest limit.
inline constexpr int kMaxTotal = kMaxLimit;

// What advise is asked, field by field its options (the dice as typed): where I stand, and how
// everyone plays on for P(win).
struct AdviceQuestion {
  std::optional<std::string> dice;   // after a throw: the dice thrown, "1 5 5 2 4 3"
  std::optional<int> dice_left;      // before a throw: the dice left to throw
  int turn_total = 0;                // points set aside earlier this turn
  int score = 0;                     // my game total
  std::vector<std::string> other;    // the others' game totals as typed, in seat order after me
  int seat = 1;                      // my seat, 1 moves first
  // exact[:FILE] (the solved two-player race) or a seat policy for Monte Carlo; empty: the
  // default, exact with two players and race by Monte Carlo with more.
  std::string policy;
  std::uint64_t games = 20000;       // games per choice for a Monte Carlo P(win)
  std::uint64_t seed = 1;
  int threads = 1;                   // for the Monte Carlo games
  // Which options were given rather than left at their defaults (--overshoot is the race's,
  // RaceSource's): the answer says which of them it did not read.
  struct {
    bool games = false, seed = false, overshoot = false;
  } given;
};
// The situation the question describes, checked (InputError in the words of its options);
// with others, rules.players becomes their number and mine.
Situation advice_situation(ZehntausendRules& rules, const AdviceQuestion& question);
// Whether the answer plays Monte Carlo games: with others, unless P(win) is exact (the solved
// race, the final round).
bool advice_samples(ZehntausendRules rules, const AdviceQuestion& question);
// The question answered: every choice with its exact expected points and, with others, its
// P(win), from the race `exact` reads (exact[:FILE]: the file, empty for the solved one) or
// by Monte Carlo, ranked. Nothing when a stop (control.stop, Ctrl-C) cut the games short: the
// choices sampled in part rank nothing.
std::optional<Advice> advise(ZehntausendRules rules, const AdviceQuestion& question, const RaceSource& exact,
                             const core::RunControl& control = {});

}  // namespace verflixt::zehntausend
