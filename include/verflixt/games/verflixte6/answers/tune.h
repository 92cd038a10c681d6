#pragma once
// tune's answer: a position policy's integer parameters (or a strong policy's stop rule)
// improved for one seat against a fixed field by simulation with common random numbers
// (analyses/tuning.h), optionally with its loadout picked: the search path with paired
// errors, start and result on the report stream, and the improved policy as a file that
// make_policy reads back.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "verflixt/core/answer.h"
#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/games/verflixte6/analyses/tuning.h"
#include "verflixt/games/verflixte6/exact/strong_policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/seat.h"

namespace verflixt::verflixte6 {

// What to tune, as tune's options give it (each field the option of that name). The
// defaults are the options' defaults.
struct TuneQuestion {
  std::string policy = "strategies/position-safe.ini";  // the start: a position or strong policy, @JOKERS
  std::vector<std::string> field = {};      // the opponents, POLICY[@JOKERS] each (1..11)
  std::optional<int> players = {};          // instead of field: players - 1 seats of field_policy (4)
  std::optional<std::string> field_policy = {};  // their policy (strategies/heuristic.ini)
  std::string objective = "win";            // win or not-loser
  std::uint64_t evenings = 10000;           // per candidate measurement
  std::vector<std::string> param = {};      // name=lo..hi[:step]; none: default_param_ranges()
  int rounds = 3;                           // passes over the parameters at most
  // After the search, the loadout among: singles, pairs (of the rules' jokers, and none) or
  // LIST;LIST (position policies only); none: the start's loadout is kept.
  std::optional<std::string> loadouts = {};
  std::optional<int> series = {};           // evenings that carry the P4 bonus (series_length)
  bool final = false;                       // final evenings (P2)
  std::string engine = "reference";         // engine_named
  std::uint64_t seed = 1;
  int threads = 1;
};

// A question checked and its policies read: the table tune_position plays. The table points
// into the seats, which own their policies and selectors on the heap, so a setup may move.
struct TuneSetup {
  Rules rules;
  SeatPlayer tested;                        // the start at seat 0
  std::vector<SeatPlayer> field;
  // The start when it is a strong policy (its stop rule is tuned, the rest kept); null: a
  // position policy, whose joker windows are the table's.
  const StrongPolicy* strong = nullptr;
  TuningTable table;
  TuningOptions options;
  std::string policy_spec;                  // the start, as given
  std::vector<std::string> field_specs;     // the opponents, as given
  std::uint64_t seed = 1;
  int threads = 1;
};

struct TuneAnswer {
  Rules rules;
  std::uint64_t seed = 0;
  int threads = 1;
  std::string policy_spec;
  std::vector<std::string> field_specs;
  bool strong = false;                   // the start is a strong policy
  TuningOptions options;
  PositionParams start;                  // the start's parameters and loadout
  std::vector<Joker> start_loadout;
  PassEngine engine = PassEngine::Auto;
  bool final = false;                    // final evenings (P2)
  int series = 1;                        // evenings that carry the P4 bonus
  TuningResult result;
  // Candidate measurements finished, open-ended: a stop keeps the best accepted so far.
  core::Completion done = {};
  // The tuned policy as an INI file, every key commented, its header saying how it was made.
  std::string policy_file = {};
};

// Checks `question` in the order of tune's options and reads its policies; throws InputError
// naming the option.
TuneSetup prepare_tune(const Rules& rules, const TuneQuestion& question);
// Runs the search (tune_position); a stop abandons the comparison under way.
TuneAnswer tune_answer(const TuneSetup& setup, const core::RunControl& control);
core::report::Report describe(const TuneAnswer& answer);

}  // namespace verflixt::verflixte6
