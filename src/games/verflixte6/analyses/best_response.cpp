#include "verflixt/games/verflixte6/analyses/best_response.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>

#include "verflixt/core/error.h"

namespace verflixt::verflixte6 {

std::string response_label(const PositionParams& p, const std::vector<ParamRange>& ranges) {
  std::string s = "strong(";
  for (size_t i = 0; i < ranges.size(); ++i)
    s += (i ? " " : "") + ranges[i].name + "=" + std::to_string(param_value(p, ranges[i].name));
  return s + ")";
}

BestResponseResult best_responses(const Policy& policy, const Selector* selector, const std::string& label,
                                  std::shared_ptr<const StrongSolutions> solutions, const StrongParams& start,
                                  const BestResponseOptions& options, std::uint64_t seed, int threads,
                                  const core::RunControl& control, BestResponseMemo* memo) {
  const auto t0 = std::chrono::steady_clock::now();
  const Rules& rules = solutions->rules();
  if (options.players < 2 || options.players > kMaxPlayers)
    throw core::InputError("--players " + std::to_string(options.players) + " is out of range; valid: 2.." +
                           std::to_string(kMaxPlayers));
  if (options.rounds < 1) throw core::InputError("best-response rounds must be at least 1");
  BestResponseResult result;
  const StrongSelector strong_selector(solutions);
  // The pass loadouts the strong players plan (their solutions are looked up first).
  std::vector<JokerSet> loadouts;
  for (int passes : {rules.passes, rules.final_passes})
    for (int p = passes - 1; p >= 0; --p) {
      const JokerSet l = strong_selector.planned(p, passes);
      if (std::find(loadouts.begin(), loadouts.end(), l) == loadouts.end()) loadouts.push_back(l);
    }
  auto strong = [&](const PositionParams& stop, const std::string& name) {
    StrongParams sp = start;
    sp.stop = stop;
    return std::make_unique<StrongPolicy>(solutions, sp, loadouts, name);
  };

  // The field of round r: P first, then the previous round's response.
  const Policy* field_policy = &policy;
  const Selector* field_selector = selector;
  std::string field_label = label;
  std::unique_ptr<StrongPolicy> previous;
  PositionParams response_start = start.stop;

  for (int r = 0; r < options.rounds; ++r) {
    // The next field: the response of this round (played or remembered).
    auto advance = [&](const BestResponseRound& round) {
      result.rounds.push_back(round);
      if (std::abs(round.gain.mean) <= 2.0 * round.gain.se) {
        result.converged = true;
        return false;
      }
      previous = strong(round.response, response_label(round.response, options.ranges));
      field_policy = previous.get();
      field_selector = &strong_selector;
      field_label = previous->name();
      response_start = round.response;
      return true;
    };
    if (memo && r > 0) {
      const auto it = memo->find({field_label, r});
      if (it != memo->end()) {
        if (!advance(it->second)) break;
        continue;
      }
    }
    const std::uint64_t round_seed = tuning_stream(seed, 16 + r);
    TuningTable table;
    table.start = response_start;
    table.final = options.final;
    table.series_length = options.series_length;
    table.engine = PassEngine::Reference;  // the strong policy reads the table inside jokers
    for (int k = 1; k < options.players; ++k) table.field.push_back({field_policy, field_selector, 0});
    table.make_tested = [&](const PositionParams& p) -> std::unique_ptr<Policy> { return strong(p, "response"); };
    table.tested_selector = &strong_selector;
    TuningOptions topt;
    topt.objective = options.objective;
    topt.ranges = options.ranges;
    topt.evenings = options.evenings;
    topt.max_rounds = options.tune_rounds;
    const TuningResult tuned = tune_position(rules, table, topt, round_seed, threads, control);
    if (tuned.interrupted) {
      result.interrupted = true;
      break;
    }
    // The gain on a fresh stream: a copy of the field's policy against the response.
    const std::uint64_t gain_stream = tuning_stream(round_seed, 3);
    const auto response = strong(tuned.best, response_label(tuned.best, options.ranges));
    const CandidateRun copy = measure_policy(rules, table, options.objective, *field_policy, field_selector,
                                             options.evenings, gain_stream, threads, control);
    if (!copy.complete) {
      result.interrupted = true;
      break;
    }
    const CandidateRun resp = measure_policy(rules, table, options.objective, *response, &strong_selector,
                                             options.evenings, gain_stream, threads, control);
    if (!resp.complete) {
      result.interrupted = true;
      break;
    }
    BestResponseRound round;
    round.field = field_label;
    round.response = tuned.best;
    round.copy_value = copy.value;
    round.response_value = resp.value;
    round.gain = paired_difference(copy, resp, options.series_length, options.objective);
    round.candidates = tuned.candidates;
    if (tuned.path.empty()) {
      // From the second round on the field is the tune's start; in the first only if the
      // measured policy is the strong start itself.
      const auto* fs = dynamic_cast<const StrongPolicy*>(field_policy);
      bool same = r > 0 || (fs && fs->params().exact_deficit == start.exact_deficit &&
                            fs->params().stop.last_seat_safe == start.stop.last_seat_safe &&
                            fs->params().stop.rob_leader == start.stop.rob_leader);
      for (const auto& n : tunable_params())
        same = same && (r > 0 || param_value(fs->params().stop, n) == param_value(start.stop, n));
      round.response_is_field = same;
    }
    round.path = tuned.path;
    result.evenings = tuned.evenings;
    if (memo && r > 0) memo->emplace(std::make_pair(field_label, r), round);
    if (!advance(round)) break;
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return result;
}

}  // namespace verflixt::verflixte6
