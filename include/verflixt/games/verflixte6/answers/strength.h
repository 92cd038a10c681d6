#pragma once
// strength's answer: how much a best response gains against each measured policy, iterated
// within the strong family (best_response.h).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/games/verflixte6/analyses/best_response.h"
#include "verflixt/core/answer.h"
#include "verflixt/games/verflixte6/exact/strong_policy.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/seat.h"

namespace verflixt::verflixte6 {

// A policy the field plays, as the command names it.
struct MeasuredPolicy {
  std::string spec;                    // POLICY[@JOKERS] as given
  const Policy* policy = nullptr;
  const Selector* selector = nullptr;  // nullptr: selects no jokers
};

// What to measure, as strength's options give it (each field the option of that name). The
// defaults are the options' defaults.
struct StrengthQuestion {
  // The measured policies, POLICY[@JOKERS] each.
  std::vector<std::string> policy = {"threshold:20", "strategies/heuristic.ini", "strategies/position-safe.ini",
                                     "strategies/position-jokers.ini", "strategies/strong.ini"};
  int players = 4;                        // table size
  int rounds = 3;                         // best-response rounds per policy at most
  std::uint64_t evenings = 2000;          // per candidate and per gain
  std::vector<std::string> param = {};    // name=lo..hi[:step]; none: BestResponseOptions' ranges
  int tune_rounds = 1;                    // tune's passes over the parameters per round
  std::string response = "strategies/strong.ini";  // the responses' start: a strong policy file
  std::optional<int> series = {};         // evenings that carry the P4 bonus (series_length)
  bool final = false;                     // final evenings (P2)
  std::uint64_t seed = 1;
  int threads = 1;
};

// A question checked and its policies read. The measured policies point into the seats, which
// own their policies and selectors on the heap, so a setup may move.
struct StrengthSetup {
  Rules rules;
  BestResponseOptions options;
  SeatPlayer response_seat;
  const StrongPolicy* response = nullptr;  // response_seat's policy
  std::string response_spec;               // the responses' start, as given
  std::vector<SeatPlayer> seats;           // the measured policies, as the field plays them
  std::vector<MeasuredPolicy> measured;
  std::uint64_t seed = 1;
  int threads = 1;
};

struct StrengthAnswer {
  Rules rules;
  std::uint64_t seed = 0;
  BestResponseOptions options;
  std::string response_spec;               // the responses' start, as given
  std::vector<std::string> specs;          // the measured policies, as given
  std::vector<BestResponseResult> results;  // per measured policy, up to the one a stop cut short
  // Best-response rounds finished, open-ended: a stop keeps the rounds finished before it.
  core::Completion done;
};

// Measures each policy in turn, the responses starting from `response`; a stop ends the
// policy under way and leaves out the rest.
StrengthAnswer measure_strength(const Rules& rules, const std::vector<MeasuredPolicy>& measured,
                                const StrongPolicy& response, const std::string& response_spec,
                                const BestResponseOptions& options, std::uint64_t seed, int threads,
                                const core::RunControl& control);
// Checks `question` in the order of strength's options and reads its policies; throws
// InputError naming the option.
StrengthSetup prepare_strength(const Rules& rules, const StrengthQuestion& question);
// measure_strength on a prepared question.
StrengthAnswer strength_answer(const StrengthSetup& setup, const core::RunControl& control);
core::report::Report describe(const StrengthAnswer& answer);

}  // namespace verflixt::verflixte6
