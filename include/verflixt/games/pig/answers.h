#pragma once
// Pig's answers as values, each with its one description (core/answer.h): what the solve,
// evaluate, tournament and advise commands compute, whoever asks for them. The commands read
// the question from their options, compute the answer and print describe(answer) in the
// format asked for; every format renders from that one report.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/games/pig/game.h"
#include "verflixt/games/pig/monte_carlo.h"
#include "verflixt/games/pig/solver.h"

namespace verflixt::pig {

// The head of every Pig result: the version, the game and its rules.
core::report::Report report_head(const PigRules& rules);

// The exact two-player solution, its hold table sampled every `step` points.
struct SolveAnswer {
  PigSolution solution;
  int step = 10;
  bool interrupted = false;  // stopped before value iteration converged
  std::string policy_file;   // where the whole policy was written; empty: nowhere
};
// Solves `rules` (two players) to `tolerance`, stopping at control's request.
SolveAnswer solve_answer(const PigRules& rules, double tolerance, int step, const core::RunControl& control);
core::report::Report describe(const SolveAnswer& answer);
// The whole optimal policy as a text file: R or H for every turn total at every pair of scores.
std::string policy_text(const PigSolution& solution);

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
};
core::report::Report describe(const MatchAnswer& answer);

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

}  // namespace verflixt::pig
