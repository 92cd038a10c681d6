#pragma once
// How strong a policy is, measured by best responses. The field all plays
// a policy P; `tune` (tuning.h) searches the strong family (strong_policy.h) for a best
// response R at the tested seat, starting from `start`. The gain is P(win) of R minus P(win)
// of a copy of P at the same seat — the 1/n a copy gets, measured on the same evenings
// (common random numbers, paired per series) so the difference has a paired standard error.
// Then the field becomes R and a new response is tuned against it, and so on: iterated best
// responses within the family, until a gain falls within 2 standard errors of 0 (the field
// is then a best response to itself, as far as the search and the sample can tell) or the
// round cap.
//
// Streams: round r tunes with seed tuning_stream(seed, 16 + r) (its screen, confirm and
// report streams, tuning.h) and measures the gain on a fourth stream of that seed, which
// the search never saw, so the gain is not inflated by having picked the maximum of noisy
// screens. Everything is integer sums per series: a seed gives the same bits on any number
// of threads. A stop keeps the rounds finished before it (interrupted = true).
#include <cstdint>
#include <map>
#include <utility>
#include <string>
#include <vector>

#include "verflixt/core/run_control.h"
#include "verflixt/core/stats.h"
#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/exact/strong_policy.h"
#include "verflixt/games/verflixte6/analyses/tuning.h"

namespace verflixt::verflixte6 {

struct BestResponseOptions {
  int players = 4;                   // table size, 2..12
  int rounds = 3;                    // at most this many best-response rounds
  std::uint64_t evenings = 2000;     // per candidate measurement and for each gain
  int tune_rounds = 1;               // tune's passes over the parameters per round
  std::vector<ParamRange> ranges = {{"margin", -2, 10, 4}, {"cap", 18, 90, 12}};
  TuningObjective objective = TuningObjective::win;
  bool final = false;                // play final evenings (P2)
  int series_length = 1;             // O6
};

// One round: the field's policy, the response tuned against it and its gain.
struct BestResponseRound {
  std::string field;                 // the policy every other seat plays
  PositionParams response;           // the tuned response's stop parameters
  core::Estimate copy_value;               // P(win) of a copy of the field's policy at the tested seat
  core::Estimate response_value;           // P(win) of the response there, same evenings
  core::Estimate gain;                     // response minus copy, paired per series
  bool response_is_field = false;    // the search accepted no move away from the field's own
                                     // strong policy: the same play, so the gain is exactly 0
  int candidates = 0;                // tune's measurements
  std::vector<TuningMove> path;      // tune's accepted moves
};

struct BestResponseResult {
  std::vector<BestResponseRound> rounds;  // finished rounds only
  bool converged = false;            // the last gain is within 2 SE of 0
  bool interrupted = false;
  std::uint64_t evenings = 0;        // per measurement (whole series)
  double seconds = 0;
};

// Rounds already played, by field and round: from the second round on the field is a strong
// policy named by its parameters, and round r's streams depend only on the seed and r, so
// the iterations of several measured policies that reach the same field share the rest
// (the result is what a fresh run gives, bit for bit).
using BestResponseMemo = std::map<std::pair<std::string, int>, BestResponseRound>;

// Iterated best responses against `policy` (with `selector`, nullptr: no jokers), the
// responses in the strong family starting from `start` (its stop parameters are tuned, its
// other parameters kept), on `solutions`' rules.
BestResponseResult best_responses(const Policy& policy, const Selector* selector, const std::string& label,
                                  std::shared_ptr<const StrongSolutions> solutions, const StrongParams& start,
                                  const BestResponseOptions& options, std::uint64_t seed, int threads,
                                  const core::RunControl& control = {}, BestResponseMemo* memo = nullptr);

// The response's name in reports: "strong(margin=.. cap=..)" with every tuned parameter.
std::string response_label(const PositionParams& p, const std::vector<ParamRange>& ranges);

}  // namespace verflixt::verflixte6
