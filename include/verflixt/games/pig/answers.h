#pragma once
// Pig's answers as values, each with its one description (core/answer.h): what the solve,
// evaluate, tournament and advise commands compute, whoever asks for them. The commands read
// the question from their options, compute the answer and print describe(answer) in the
// format asked for; every format renders from that one report.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "verflixt/core/answer.h"
#include "verflixt/core/race_solver.h"
#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/games/pig/game.h"
#include "verflixt/games/pig/monte_carlo.h"
#include "verflixt/games/pig/policy.h"
#include "verflixt/games/pig/race.h"
#include "verflixt/games/pig/solver.h"

namespace verflixt::pig {

// The head of every Pig result: the version, the game and its rules.
core::report::Report report_head(const PigRules& rules);

// The exact two-player solution, its hold table sampled every `step` points.
struct SolveAnswer {
  PigSolution solution;
  int step = 10;
  std::string policy_file;   // where the whole policy was written; empty: nowhere
};
// What solve is asked: the tolerance of value iteration, the step of the hold table, and where
// to write the whole policy (nullopt: nowhere).
struct SolveQuestion {
  double tolerance = 1e-12;
  // The hold table's score step; absent: 10, or 1 below goal 10 (where 10 would leave one row).
  std::optional<int> step;
  std::optional<std::string> write_policy;
};
// Checks the question (an InputError naming the option), solves `rules` (two players) to its
// tolerance and writes the policy file it asks for (whole or absent, as every output file).
// A stop at control's request before the end throws core::Interrupted: the values of the
// levels swept so far are no value of the game, so nothing is shown and no file written.
SolveAnswer solve_answer(const PigRules& rules, const SolveQuestion& question, const core::RunControl& control);
core::report::Report describe(const SolveAnswer& answer);
// The whole optimal policy as a text file: R or H for every turn total at every pair of scores.
std::string policy_text(const PigSolution& solution);

// The games a table plays: a two-seat evaluation or a tournament of 2..8 seats.
struct MatchQuestion {
  std::uint64_t games = 0, seed = 0;
  int threads = 1;
  bool tournament = false;
  bool exact = false;  // evaluation: also seat 1's exact P(win), where the goal is not too large to solve
};

// Games played at a table: a two-seat evaluation (with seat 1's exact P(win) where it was
// computed) or a tournament of 2..8 seats.
struct MatchAnswer {
  PigRules rules;
  std::vector<std::string> seats;  // each seat's policy name, seat 1 (who moves first) first
  std::uint64_t seed = 0;
  int threads = 1;
  MatchRun run;
  bool tournament = false;
  std::optional<MatchValue> exact;  // evaluation only: seat 1's exact P(win) by policy evaluation
  bool stopped = false;  // a stop was requested by the end of the answer, its exact value included
};
// Plays the question's games at `seating` (seated under `rules`), stopping at control's request
// with the chunks finished, then computes the exact value it asks for.
MatchAnswer play_match(const PigRules& rules, const Seating& seating, const MatchQuestion& question,
                       const core::RunControl& control);
// The games played of those asked; interrupted when a stop came before the answer was whole.
core::Completion completion(const MatchAnswer& answer);
core::report::Report describe(const MatchAnswer& answer);
// At a table of two optimal seats, seat 1's exact P(win) from the solution they play by.
std::optional<MatchValue> solved_value(const Seating& seating);

// Where the player to move stands: both banked scores and the turn total at risk.
struct Situation {
  int mine = 0, theirs = 0, turn_total = 0;
};
// Roll or hold, both valued by the exact P(win) with optimal play after.
struct Advice {
  PigRules rules;
  Situation at;
  double roll = 0, hold = 0;
  int hold_at = 0;  // the first turn total the optimal player holds at, here
  double residual = 0;
};
Advice advise(const PigSolution& solution, const Situation& at);
core::report::Report describe(const Advice& advice);
// What advise is asked: the options --score, --other and --turn-total.
struct AdviceQuestion {
  int score = 0, other = 0, turn_total = 0;
};
// The situation of the question, checked against the rules: an InputError naming the option
// and its valid range where the game would be over.
Situation situation(const PigRules& rules, const AdviceQuestion& question);
// Checks the question, solves `rules` (two players) and ranks roll and hold; nullopt when a
// stop came before the solve converged, whose values are no advice.
std::optional<Advice> advise(const PigRules& rules, const AdviceQuestion& question, const core::RunControl& control);

// The second player's start that makes two-player Pig fairest under optimal play, from the
// race solver, with P(first wins) at the starts around it.
struct CompensationAnswer {
  PigRules rules;
  core::RaceSolution race;
  Compensation fair;
};
CompensationAnswer compensation_answer(const PigRules& rules);
core::report::Report describe(const CompensationAnswer& answer);

}  // namespace verflixt::pig
