#pragma once
// tune's answer: a position policy's integer parameters (or a strong policy's stop rule)
// improved for one seat against a fixed field by simulation with common random numbers
// (analyses/tuning.h), optionally with its loadout picked: the search path with paired
// errors, start and result on the report stream, and the improved policy as a file that
// make_policy reads back.
#include <cstdint>
#include <string>
#include <vector>

#include "verflixt/core/answer.h"
#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/games/verflixte6/analyses/tuning.h"
#include "verflixt/games/verflixte6/exact/strong_policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6 {

// What to tune, as the command's options give it.
struct TuneQuestion {
  const Rules& rules;
  const TuningTable& table;              // the start at seat 0 and the field
  const TuningOptions& options;
  std::string policy_spec;               // the start, as given
  std::vector<std::string> field_specs;  // the opponents, as given
  // The start when it is a strong policy (its stop rule is tuned, the rest kept); null: a
  // position policy, whose joker windows are the table's.
  const StrongPolicy* strong;
  std::uint64_t seed;
  int threads;
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

// Runs the search (tune_position); a stop abandons the comparison under way.
TuneAnswer tune_answer(const TuneQuestion& question, const core::RunControl& control);
core::report::Report describe(const TuneAnswer& answer);

}  // namespace verflixt::verflixte6
