#pragma once
// tournament's answer: many evenings at one table, each seat with its own policy and joker
// list; per policy and per seat P(win), P(loser), expected rank and eyes with standard errors,
// and whether the best one's lead over the runner-up is significant (objective.h).
#include <cstdint>
#include <string>
#include <vector>

#include "verflixt/core/report.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/core/answer.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6 {

struct TournamentAnswer {
  Rules rules;
  std::uint64_t seed = 0;
  int threads = 1;
  bool final = false;                 // final evenings (P2)
  int series = 1;                     // evenings that carry the P4 bonus
  std::vector<std::string> seats;     // each seat's POLICY[@JOKERS] as given, seat 1 first
  std::vector<std::string> policies;  // the distinct seats, each pooled into one row by policy
  PassEngine engine = PassEngine::Auto;
  ObjectiveRun run;
  bool interrupted = false;           // the run was cut short or a stop (Ctrl-C) was requested
};
// The head every result of evenings at a table starts with (tournament, tune): the version,
// the seed, the rules, who plays the evenings and whether they are final evenings.
core::report::Report evenings_head(std::uint64_t seed, const Rules& rules, PassEngine engine, bool final);

// Ctrl-C: the estimates cover the evenings played (whole chunks) and say how many; the lead
// notes are from those evenings. Before the first chunk there is nothing to show.
core::Completion completion(const TournamentAnswer& answer);
core::report::Report describe(const TournamentAnswer& answer);

}  // namespace verflixt::verflixte6
