#pragma once
// advise's answer: every legal action of the player on turn — stop, roll, each held joker —
// ranked by his objective (analyses/advise.h), exact in the last seat and by Monte Carlo with
// common random numbers otherwise, with the situation as understood, what the ranking assumed
// and one verdict line a player can act on.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "verflixt/core/answer.h"
#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/games/verflixte6/analyses/advise.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6 {

// The objectives by name, in AdviceGoal's order: win, not-loser, eyes.
const std::vector<std::string>& advice_goal_names();
const std::string& goal_name(AdviceGoal goal);
// What an objective ranks by: "P(win)", "P(not a loser)", "expected pass eyes".
std::string measure_label(AdviceGoal goal);
// "a", "a and b", "a, b and c": how the advice lists actions, jokers and options.
std::string join_words(const std::vector<std::string>& words);

// The situation to advise on, already read and validated (validate_situation), and how to
// rank its actions.
struct AdviseQuestion {
  const Rules& rules;
  const AdviceSituation& situation;  // its goal is the objective
  std::uint64_t samples;             // Monte Carlo samples per action
  std::uint64_t seed;
  int threads;
  bool exact_if_possible;            // false: Monte Carlo even where the last-seat DP applies
  // How the player continues after the ranked action; null: the objective's continuation
  // (objective_continuation), built only if the answer needs Monte Carlo, since building it
  // solves the held loadout and the exact answer never plays it.
  std::shared_ptr<const Policy> self_policy;
  const Policy& others_policy;       // how the Jungfrauen still to play play
  std::size_t max_solver_states;     // bounds every solve the answer runs (BudgetExceeded past it)
};

struct AdviseAnswer {
  Rules rules;
  AdviceSituation situation;
  std::uint64_t samples_asked = 0;
  std::uint64_t seed = 0;
  std::string others_policy;        // the others' policy by name
  Advice advice;
  // Exact: one unit; Monte Carlo: the samples per action played of those asked, interrupted
  // when a stop left samples unplayed.
  core::Completion done;
  std::string verdict;              // one line: the best action, what ties with it, what is worse
  // Whoever read the question fills these, in the words of its inputs: the situation as
  // understood, one line each, and every input as read ('-' as '_'), the lines first (JSON),
  // for the player to check what advise understood.
  std::vector<std::string> lines;
  core::report::Nested inputs;
  // Inputs that change nothing or are dropped, and jokers that act by themselves (no action
  // of their own to rank), one sentence each.
  std::vector<std::string> warnings;
  double seconds = 0;               // wall time of the whole answer: reading, solving, ranking
};

// Ranks every legal action of the question's situation; `control` stops the Monte Carlo
// samples early (the exact DP is one unit and finishes).
AdviseAnswer advise_answer(const AdviseQuestion& question, const core::RunControl& control);
core::report::Report describe(const AdviseAnswer& answer);

}  // namespace verflixt::verflixte6
