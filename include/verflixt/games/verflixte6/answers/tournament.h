#pragma once
// tournament's answer: many evenings at one table, each seat with its own policy and joker
// list; per policy and per seat P(win), P(loser), expected rank and eyes with standard errors,
// and whether the best one's lead over the runner-up is significant (objective.h).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "verflixt/core/answer.h"
#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/seat.h"

namespace verflixt::verflixte6 {

// The table to play, as tournament's options give it (each field the option of that name).
// The defaults are the options' defaults.
struct TournamentQuestion {
  std::vector<std::string> seat = {};  // one POLICY[@JOKERS] per seat (2..12), seat 1 first
  std::optional<int> seats = {};       // instead of seat: this many seats all playing policy
  std::string policy = "threshold:20";
  std::uint64_t evenings = 20000;      // rounded up to whole series
  std::optional<int> series = {};      // evenings that carry the P4 bonus (series_length)
  bool final = false;                  // final evenings (P2)
  bool single_pass = false;            // score single passes: evening.passes = final_passes = 1
  std::string engine = "auto";         // engine_named
  std::uint64_t seed = 1;
  int threads = 1;
};

// A question checked and its policies read: the table play_objectives plays. The spec points
// into the seats, which own their policies and selectors on the heap, so a setup may move.
struct TournamentSetup {
  Rules rules;                         // with single_pass applied
  std::vector<std::string> specs;      // the seats as given
  std::vector<SeatPlayer> players;
  ObjectiveSpec spec;
  std::uint64_t evenings = 0;
  std::uint64_t seed = 1;
  int threads = 1;
};

// Checks `question` in the order of tournament's options and reads its seats' policies;
// throws InputError naming the option.
TournamentSetup prepare_tournament(const Rules& rules, const TournamentQuestion& question);

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

// Plays the evenings; a stop keeps the whole chunks played.
TournamentAnswer tournament_answer(const TournamentSetup& setup, const core::RunControl& control);

// Ctrl-C: the estimates cover the evenings played (whole chunks) and say how many; the lead
// notes are from those evenings. Before the first chunk there is nothing to show.
core::Completion completion(const TournamentAnswer& answer);
core::report::Report describe(const TournamentAnswer& answer);

}  // namespace verflixt::verflixte6
