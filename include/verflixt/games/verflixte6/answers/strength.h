#pragma once
// strength's answer: how much a best response gains against each measured policy, iterated
// within the strong family (best_response.h).
#include <cstdint>
#include <string>
#include <vector>

#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/games/verflixte6/analyses/best_response.h"
#include "verflixt/core/answer.h"
#include "verflixt/games/verflixte6/exact/strong_policy.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6 {

// A policy the field plays, as the command names it.
struct MeasuredPolicy {
  std::string spec;                    // POLICY[@JOKERS] as given
  const Policy* policy = nullptr;
  const Selector* selector = nullptr;  // nullptr: selects no jokers
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
core::report::Report describe(const StrengthAnswer& answer);

}  // namespace verflixt::verflixte6
