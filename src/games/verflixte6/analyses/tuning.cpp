#include "verflixt/games/verflixte6/analyses/tuning.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>

#include "verflixt/core/chunks.h"
#include "verflixt/core/dice.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/kernels/pass_kernel.h"
#include "verflixt/core/rng.h"

namespace verflixt::verflixte6 {
namespace {

// Series per work chunk; a stop is noticed between chunks. Series s draws from
// chunk_rng(stream, s) whatever chunk it is in.
constexpr std::uint64_t kSeriesPerChunk = 64;

// A chunk's series values and where they go: a part, so they reach every MPI rank.
struct SeriesPart {
  std::uint64_t first = 0;
  std::vector<std::int64_t> values;
};

int PositionParams::*member(const std::string& name) {
  if (name == "k") return &PositionParams::k;
  if (name == "margin") return &PositionParams::margin;
  if (name == "margin_per_player") return &PositionParams::margin_per_player;
  if (name == "floor") return &PositionParams::floor;
  if (name == "cap") return &PositionParams::cap;
  std::string valid;
  for (const auto& n : tunable_params()) valid += (valid.empty() ? "" : ", ") + n;
  throw core::InputError("unknown position parameter '" + name + "'; valid: " + valid);
}

// The ranges position.cpp accepts, so a tuned policy always reads back.
bool valid_params(const PositionParams& p) {
  return p.k >= 0 && p.k <= 11 && p.margin >= -1000 && p.margin <= 1000 && p.margin_per_player >= 0 &&
         p.margin_per_player <= 100 && p.floor >= -1000 && p.floor <= p.cap && p.cap >= 1 && p.cap <= 1000;
}

std::string joker_list(const std::vector<Joker>& list) {
  if (list.empty()) return "none";
  std::string s;
  for (Joker j : list) s += (s.empty() ? "" : ",") + std::string(joker_id(j));
  return s;
}

// Per-evening scale of a series value: L evenings, and win shares in units of 1/kWinUnit.
double per_evening(int series_length, TuningObjective objective) {
  return static_cast<double>(series_length) *
         (objective == TuningObjective::win ? static_cast<double>(kWinUnit) : 1.0);
}

}  // namespace

const std::vector<std::string>& tunable_params() {
  static const std::vector<std::string> names = {"margin", "margin_per_player", "floor", "cap", "k"};
  return names;
}

int param_value(const PositionParams& p, const std::string& name) { return p.*member(name); }
void set_param(PositionParams& p, const std::string& name, int value) { p.*member(name) = value; }

ParamRange parse_param_range(const std::string& text) {
  const std::string forms = "valid: name=lo..hi or name=lo..hi:step with integers lo <= hi, step >= 1";
  const size_t eq = text.find('='), dots = text.find("..");
  if (eq == std::string::npos || dots == std::string::npos || dots < eq)
    throw core::InputError("--param '" + text + "' is malformed; " + forms);
  ParamRange r;
  r.name = text.substr(0, eq);
  member(r.name);  // throws for unknown names
  const size_t colon = text.find(':', dots);
  auto to_int = [&](const std::string& s) {
    size_t used = 0;
    int v = 0;
    try {
      v = std::stoi(s, &used);
    } catch (const std::exception&) {
      used = std::string::npos;
    }
    if (s.empty() || used != s.size()) throw core::InputError("--param '" + text + "' is malformed; " + forms);
    return v;
  };
  r.lo = to_int(text.substr(eq + 1, dots - eq - 1));
  r.hi = to_int(text.substr(dots + 2, colon == std::string::npos ? std::string::npos : colon - dots - 2));
  if (colon != std::string::npos) r.step = to_int(text.substr(colon + 1));
  if (r.lo > r.hi || r.step < 1 || (std::int64_t{r.hi} - r.lo) / r.step > 200)
    throw core::InputError("--param '" + text + "' is out of range; " + forms + " and at most 201 values");
  return r;
}

std::vector<ParamRange> default_param_ranges() {
  return {{"margin", -2, 10, 1}, {"floor", 0, 20, 2}, {"cap", 8, 40, 2}};
}

std::uint64_t tuning_stream(std::uint64_t seed, int which) {
  // Distinct, seed-derived streams; which = 0 keeps the seed itself.
  return which == 0 ? seed : seed ^ (0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(which));
}

CandidateRun measure_candidate(const Rules& rules, const TuningTable& table, TuningObjective objective,
                               const PositionParams& params, const std::vector<Joker>& loadout,
                               std::uint64_t evenings, std::uint64_t stream, int threads,
                               const core::RunControl& control) {
  if (table.make_tested) {
    const std::unique_ptr<Policy> policy = table.make_tested(params);
    const ListSelector list(loadout);
    const Selector* selector = table.tested_selector ? table.tested_selector : loadout.empty() ? nullptr : &list;
    return measure_policy(rules, table, objective, *policy, selector, evenings, stream, threads, control);
  }
  const PositionPolicy policy(params, table.jokers, "tuned");
  const ListSelector selector(loadout);
  return measure_policy(rules, table, objective, policy, loadout.empty() ? nullptr : &selector, evenings, stream,
                        threads, control);
}

CandidateRun measure_policy(const Rules& rules, const TuningTable& table, TuningObjective objective,
                            const Policy& policy, const Selector* selector, std::uint64_t evenings,
                            std::uint64_t stream, int threads, const core::RunControl& control) {
  const size_t n = table.field.size() + 1;
  if (table.field.empty() || n > 12)
    throw core::InputError("a tuning table has 1..11 opponents, not " + std::to_string(table.field.size()));
  if (table.series_length < 1) throw core::InputError("series length must be at least 1");
  std::vector<EveningPlayer> base;
  base.push_back({&policy, selector, 0});
  for (const auto& f : table.field) base.push_back({f.policy, f.selector, 0});

  const auto L = static_cast<std::uint64_t>(table.series_length);
  const std::uint64_t series = whole_series(evenings, table.series_length);
  std::vector<const Policy*> policies{&policy};
  for (const auto& f : table.field) policies.push_back(f.policy);
  const PassEngine engine = resolve_engine(table.engine, policies);
  // Every series is kept for the paired differences: refused before the run if that is more
  // memory than allowed (three times: the chunks' parts, the run's table, the values).
  core::will_allocate(3 * series * sizeof(std::int64_t),
                      "keeping the results of " + std::to_string(series * L) + " evenings (lower --evenings)");
  CandidateRun run;
  run.series.assign(series, 0);
  bool interrupted = false;
  // A part is the chunk's first series and its values, copied to their slots in run.series.
  const auto parts = core::run_chunks<SeriesPart>(
      series, kSeriesPerChunk, threads, control, interrupted,
      [&] {
        // Candidates are paired on common random numbers: the position seat one draw per
        // throw (pass_kernel.h, set_compile_stop_rules), so that they share throws.
        auto pk = thread_kernel(engine, rules);
        if (pk) pk->set_compile_stop_rules(false);
        return pk;
      },
      [&](std::uint64_t chunk, std::uint64_t count, SeriesPart& part, std::unique_ptr<PassKernel>& pk) {
        const std::uint64_t first_series = part.first = chunk * kSeriesPerChunk;
        // The value of one evening for the tested player (seat 0).
        auto value = [&](std::span<const int> totals) -> std::int64_t {
          if (objective == TuningObjective::win) return score_totals(rules, totals).win_units[0];
          return is_loser(rules, totals, 0) ? 0 : 1;
        };
        if (pk) {
          // The chunk's series in lanes, each series on its own stream (the pairing unit, as
          // below): the same evenings as play_evening one after the other, at the lanes' speed.
          part.values.assign(count, 0);
          pk->play_series(
              base, table.final, table.series_length, first_series, count,
              [&](std::uint64_t s, int e) { return evening_first_seat(s, static_cast<std::uint64_t>(e), n); },
              [&](std::uint64_t s) { return core::chunk_rng(stream, s); },
              [&](int, std::uint64_t s, int, std::span<const int> totals, std::span<const int>) {
                part.values[s - first_series] += value(totals);
              });
          return;
        }
        for (std::uint64_t s = first_series; s < first_series + count; ++s) {
          core::RandomDice dice(core::chunk_rng(stream, s));  // the pairing unit: one stream per series
          std::vector<EveningPlayer> players = base;  // O6: a series starts without bonuses
          std::int64_t x = 0;
          for (std::uint64_t e = 0; e < L; ++e) {
            const int first = evening_first_seat(s, e, n);  // O5
            const EveningResult r = play_evening(rules, players, table.final, first, dice);
            x += value(r.totals);
            for (size_t k = 0; k < n; ++k) players[k].bonus = r.place_bonus[k];  // P4
          }
          part.values.push_back(x);
        }
      });
  run.complete = !interrupted;
  for (const SeriesPart& part : parts)
    std::copy(part.values.begin(), part.values.end(), run.series.begin() + static_cast<std::ptrdiff_t>(part.first));
  std::vector<double> x;
  x.reserve(series);
  const double per = per_evening(table.series_length, objective);
  for (const SeriesPart& part : parts)
    for (std::uint64_t s = part.first; s < part.first + part.values.size(); ++s)
      x.push_back(static_cast<double>(run.series[s]) / per);
  run.value = core::mean_from_values(x);
  return run;
}

core::Estimate paired_difference(const CandidateRun& a, const CandidateRun& b, int series_length, TuningObjective objective) {
  if (a.series.size() != b.series.size() || !a.complete || !b.complete)
    throw std::invalid_argument("paired_difference needs two complete runs of the same length");
  const double per = per_evening(series_length, objective);
  std::vector<double> d(a.series.size());
  for (size_t s = 0; s < d.size(); ++s) d[s] = static_cast<double>(b.series[s] - a.series[s]) / per;
  return core::mean_from_values(d);
}

core::Estimate unpaired_difference(const CandidateRun& a, const CandidateRun& b) {
  return {b.value.mean - a.value.mean, std::sqrt(a.value.se * a.value.se + b.value.se * b.value.se)};
}

TuningResult tune_position(const Rules& rules, const TuningTable& table, const TuningOptions& options,
                           std::uint64_t seed, int threads, const core::RunControl& control) {
  const auto t0 = std::chrono::steady_clock::now();
  if (table.field.empty() || table.field.size() > 11)
    throw core::InputError("a tuning table has 1..11 opponents, not " + std::to_string(table.field.size()));
  for (const auto& r : options.ranges) {
    member(r.name);
    if (r.lo > r.hi || r.step < 1) throw core::InputError("parameter range for '" + r.name + "' is empty");
  }
  if (options.evenings == 0) throw core::InputError("evenings per candidate must be at least 1");
  TuningResult result;
  result.best = table.start;
  result.loadout = table.loadout;
  const std::uint64_t screen = tuning_stream(seed, 0), confirm = tuning_stream(seed, 1),
                      report = tuning_stream(seed, 2);
  auto measure = [&](const PositionParams& p, const std::vector<Joker>& loadout, std::uint64_t stream) {
    CandidateRun run = measure_candidate(rules, table, options.objective, p, loadout, options.evenings, stream,
                                         threads, control);
    if (!run.complete) result.interrupted = true;
    else ++result.candidates;  // a measurement a stop cut short does not count
    return run;
  };
  auto diff = [&](const CandidateRun& a, const CandidateRun& b) {
    return paired_difference(a, b, table.series_length, options.objective);
  };
  // Confirms a screened challenger against the incumbent on the confirmation stream.
  auto confirmed = [&](const PositionParams& inc_p, const std::vector<Joker>& inc_l, const PositionParams& ch_p,
                       const std::vector<Joker>& ch_l, core::Estimate& d) {
    const CandidateRun a = measure(inc_p, inc_l, confirm);
    if (result.interrupted) return false;
    const CandidateRun b = measure(ch_p, ch_l, confirm);
    if (result.interrupted) return false;
    d = diff(a, b);
    return d.mean > 2.0 * d.se;  // accept only an improvement of more than 2 paired SE
  };

  for (int round = 0; round < options.max_rounds && !result.interrupted; ++round) {
    ++result.rounds;
    bool moved = false;
    for (const auto& range : options.ranges) {
      if (result.interrupted) break;
      const int current = param_value(result.best, range.name);
      const CandidateRun incumbent = measure(result.best, result.loadout, screen);
      if (result.interrupted) break;
      PositionParams best_p = result.best;
      core::Estimate best_d{0, 0};
      for (int v = range.lo; v <= range.hi && !result.interrupted; v += range.step) {
        if (v == current) continue;
        PositionParams p = result.best;
        set_param(p, range.name, v);
        if (!valid_params(p)) continue;
        const CandidateRun run = measure(p, result.loadout, screen);
        if (result.interrupted) break;
        const core::Estimate d = diff(incumbent, run);
        if (d.mean > best_d.mean) best_d = d, best_p = p;  // ties keep the lower value: deterministic
      }
      if (result.interrupted || param_value(best_p, range.name) == current) continue;
      core::Estimate d;
      if (confirmed(result.best, result.loadout, best_p, result.loadout, d)) {
        result.path.push_back({range.name, std::to_string(current), std::to_string(param_value(best_p, range.name)),
                               best_d, d});
        result.best = best_p;
        moved = true;
      }
    }
    if (!moved) break;
  }

  if (!options.loadouts.empty() && !result.interrupted) {
    const CandidateRun incumbent = measure(result.best, result.loadout, screen);
    const std::vector<Joker>* best_l = nullptr;
    core::Estimate best_d{0, 0};
    for (const auto& l : options.loadouts) {
      if (result.interrupted || l == result.loadout) continue;
      const CandidateRun run = measure(result.best, l, screen);
      if (result.interrupted) break;
      const core::Estimate d = diff(incumbent, run);
      if (d.mean > best_d.mean) best_d = d, best_l = &l;
    }
    core::Estimate d;
    if (best_l && !result.interrupted && confirmed(result.best, result.loadout, result.best, *best_l, d)) {
      result.path.push_back({"loadout", joker_list(result.loadout), joker_list(*best_l), best_d, d});
      result.loadout = *best_l;
    }
  }

  // The report stream: start and result measured afresh, paired. After a stop there are no
  // honest values to report, only the best policy accepted so far.
  if (!result.interrupted) {
    const CandidateRun start = measure(table.start, table.loadout, report);
    const CandidateRun best = measure(result.best, result.loadout, report);
    if (start.complete && best.complete) {
      result.start_value = start.value;
      result.best_value = best.value;
      result.improvement = diff(start, best);
      result.reported = true;
    }
  }
  result.evenings = whole_series(options.evenings, table.series_length) * static_cast<std::uint64_t>(table.series_length);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return result;
}

}  // namespace verflixt::verflixte6
