#pragma once
// En Gingg as Bei's answers as values, each with its one description (core/answer.h): what
// the solve, evaluate, tournament and advise commands compute, whoever asks for them. The
// commands read the question from their options, compute the answer and print
// describe(answer) in the format asked for; every format renders from that one report.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "verflixt/core/answer.h"
#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/games/en_gingg/game.h"
#include "verflixt/games/en_gingg/monte_carlo.h"
#include "verflixt/games/en_gingg/policy.h"
#include "verflixt/games/en_gingg/solver.h"

namespace verflixt::en_gingg {

// The head of every En Gingg as Bei result: the version, the game, its rules and preset.
core::report::Report report_head(const EnGinggRules& rules);

// One policy's exact value over a turn.
struct PolicyValue {
  std::string name;
  TurnValue value;
  double expected_sum = 0;  // E[S], the phase-1 sum
};

// A throw at which optimal:own+next sets aside other dice than optimal:own, and gains by it.
struct Departure {
  int aside_dice = 0, aside_pips = 0;  // set aside before this throw
  DiceCounts thrown{};
  DiceCounts own{}, own_plus_next{};  // each solution's set-aside
};

// An optimal policy's rule of thumb (Phase1Solution::keep_from) and what it is worth.
struct RuleOfThumb {
  std::string policy;  // the solution it follows: optimal:own or optimal:own+next
  double thumb_value = 0, optimal_value = 0;
  // keep_from[r - 1][s - 1]: the lowest face still set aside with r dice thrown again without
  // it and s pips aside, this throw's included (faces + 1: never), for r = 1..dice-1 and
  // s = 1..(dice-1)·faces; none where s pips cannot lie aside with r dice thrown again.
  std::vector<std::vector<std::optional<int>>> keep_from;
};

// The exact phase-1 policies for both objectives, compared with each other, with the
// keep-from heuristics and with their rules of thumb; and phase 2's expected damage.
struct SolveAnswer {
  EnGinggRules rules;
  double hits_per_digit = 0;          // phase 2's expected dice showing the digit 1
  std::vector<double> expected_hits;  // [d - 1]: the same for every digit d a phase 2 can have
  // optimal:own, optimal:own+next, then keep-from:F for F = faces..1.
  std::vector<PolicyValue> policies;
  // E_r, what throwing r = 0..dice-1 dice again is worth to optimal:own beyond their pips.
  std::vector<double> rethrow_worth;
  std::vector<Departure> departures;
  std::uint64_t situations = 0;     // the (dice aside, pips aside, throw) the departures were sought in
  std::vector<RuleOfThumb> thumbs;  // optimal:own's, then optimal:own+next's
};
SolveAnswer solve_answer(const EnGinggRules& rules);
core::report::Report describe(const SolveAnswer& answer);

// Sampled turns of one policy, next to the policy's exact values.
struct EvaluationAnswer {
  EnGinggRules rules;
  std::string policy;  // the spec as display_name shows it
  std::uint64_t seed = 0;
  int threads = 1;
  TurnValue exact;
  TurnRun run;
  bool interrupted = false;  // stopped before every requested turn was sampled
};
// What evaluate is asked: the policy's spec, the turns to sample and how.
struct EvaluateQuestion {
  std::string policy;
  std::uint64_t turns = 0, seed = 0;
  int threads = 1;
};
// `policy` (the question's, read by make_policy) exactly, and its turns sampled, stopping at
// control's request with the chunks finished.
EvaluationAnswer evaluate_answer(const EnGinggRules& rules, const SetAsidePolicy& policy,
                                 const EvaluateQuestion& question, const core::RunControl& control);
// The turns sampled of those asked.
core::Completion completion(const EvaluationAnswer& answer);
core::report::Report describe(const EvaluationAnswer& answer);

// Whole games at a table of 2..8 seats: each seat's P(losing) and the game length.
struct TournamentAnswer {
  EnGinggRules rules;                // players: one per seat
  std::vector<std::string> seats;    // each seat's spec as display_name shows it, the first begins
  std::uint64_t seed = 0;
  int threads = 1;
  GameRun run;
  bool interrupted = false;  // stopped before every requested game was played
};
// The games a tournament plays.
struct TournamentQuestion {
  std::uint64_t games = 0, seed = 0;
  int threads = 1;
};
// Plays the question's games at `seating` (rules.players: one per seat), stopping at
// control's request with the chunks finished.
TournamentAnswer tournament_answer(const EnGinggRules& rules, const Seating& seating,
                                   const TournamentQuestion& question, const core::RunControl& control);
// The games played of those asked.
core::Completion completion(const TournamentAnswer& answer);
core::report::Report describe(const TournamentAnswer& answer);

// Every legal set-aside of a phase-1 throw, ranked by its exact value under one objective.
struct Advice {
  EnGinggRules rules;
  Objective objective = Objective::OwnPlusNext;
  DiceCounts thrown{}, aside{};  // the dice just thrown and those set aside before
  int throws = 0;                // the throws made before this one
  std::vector<RankedSetAside> ranked;  // best first
  std::size_t top = 10;                // how many of them the ranking lists at most
};
Advice advise(const EnGinggRules& rules, Objective objective, const DiceCounts& thrown, const DiceCounts& aside,
              int throws, std::size_t top);
core::report::Report describe(const Advice& advice);

// What advise is asked, as its options give it (the dice as typed, e.g. "6,6,5" or "665").
struct AdviceQuestion {
  std::optional<std::string> dice;  // the dice just thrown
  std::string aside;                // the dice already set aside this turn
  // Which throw this is ("1": the first); without `dice`, the dice just thrown, as they were
  // once given.
  std::optional<std::string> throw_;
  std::optional<int> throws;  // the throws made before this one; default: 0 with nothing aside, else 1
  std::string objective = "own+next";
  std::size_t top = 10;
};
// Reads and checks the question against the rules (an InputError naming the option and what
// is valid) and ranks its set-asides.
Advice advise(const EnGinggRules& rules, const AdviceQuestion& question);

}  // namespace verflixt::en_gingg
