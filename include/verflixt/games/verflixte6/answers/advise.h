#pragma once
// advise's answer: every legal action of the player on turn — stop, roll, each held joker —
// ranked by his objective (analyses/advise.h), exact in the last seat and by Monte Carlo with
// common random numbers otherwise, with the situation as understood, what the ranking assumed
// and one verdict line a player can act on.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "verflixt/core/answer.h"
#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/games/verflixte6/analyses/advise.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6 {

// The objectives by name, in AdviceGoal's order: win, not-loser, eyes.
const std::vector<std::string>& advice_goal_names();
const std::string& goal_name(AdviceGoal goal);
// What an objective ranks by: "P(win)", "P(not a loser)", "expected pass eyes".
std::string measure_label(AdviceGoal goal);
using core::join_words;

// advise's question: its fields are named as its options ('-' as '_'), the keys its echo of
// the inputs uses too, and hold their values as typed, so that every check names the option.
struct AdviceQuestion {
  std::optional<int> turn_total;         // my eyes this pass so far; required
  int robbing_ones = 0;                  // robbing 1s thrown so far this turn
  std::string jokers = "none";           // jokers still held, e.g. "hirtenschutz,pony"
  int frost_used = 0;                    // Frostschutz uses so far
  bool fumo = false;                     // Fumo is active
  std::optional<int> floor;              // the Ventil floor set earlier this turn
  int score = 0;                         // my evening total before this pass
  std::vector<std::string> other;        // each other player, "EYES:STATUS[:SCORE]", in seat order; required
  std::optional<std::string> order;      // the Jungfrauen still to play as player numbers, e.g. "4,2"
  std::string others_jokers = "none";    // jokers each Jungfrau still to play holds
  std::string objective = "not-loser";   // win, not-loser or eyes
  std::string policy = "objective";      // how I continue after the ranked action
  std::string others_policy = "threshold:20";
  std::optional<std::string> policy_text;         // policy as the text of a policy INI file
  std::optional<std::string> others_policy_text;  // others_policy likewise
  int passes_left = 1;
  std::uint64_t samples = 20000;         // Monte Carlo samples per action
  bool monte_carlo = false;              // Monte Carlo even where the exact answer applies
  std::uint64_t seed = 1;
  int threads = 1;
  // The rules options, only echoed: advise_answer takes the rules they describe.
  std::string preset;
  std::optional<std::string> rules;       // the rules file's name
  std::optional<std::string> rules_text;
  std::vector<std::string> set;           // the --set key=value overrides
  // Which options were given rather than left at their defaults: a policy and its text
  // exclude each other, and an exact answer says which given options it did not use.
  struct Given {
    bool samples = false, seed = false, policy = false, others_policy = false;
  } given;
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
  // The situation as understood, one line each, and every input as read ('-' as '_'), the
  // lines first (JSON), for the player to check what advise understood.
  std::vector<std::string> lines;
  core::report::Nested inputs;
  // Inputs that change nothing or are dropped, and jokers that act by themselves (no action
  // of their own to rank), one sentence each.
  std::vector<std::string> warnings;
  double seconds = 0;               // wall time of the whole answer: reading, solving, ranking
};

// Checks the question (an InputError names the option, e.g. "--other '20': expected ...") and
// ranks every legal action of its situation, with the lines, inputs and warnings filled in;
// `control` stops the Monte Carlo samples early (the exact DP is one unit and finishes) and
// `max_solver_states` bounds every solve the answer runs (BudgetExceeded past it).
AdviseAnswer advise_answer(const Rules& rules, const AdviceQuestion& question, const core::RunControl& control,
                           std::size_t max_solver_states);
core::report::Report describe(const AdviseAnswer& answer);

}  // namespace verflixt::verflixte6
