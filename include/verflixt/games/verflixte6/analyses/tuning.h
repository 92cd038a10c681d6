#pragma once
// Tuning a position policy against a field: a deterministic coordinate
// search over the integer parameters of PositionParams for one tested seat, the other seats
// fixed, maximizing the tested seat's P(win) (O1) or P(not loser) (O2, objective.h).
//
// Common random numbers, paired per series. Series s of a comparison (one evening when the
// rules carry no P4 bonus) draws its dice from chunk_rng(stream, s), so every candidate plays
// series s from the same dice stream, and the stream re-synchronizes at every series even
// where two candidates' decisions made them consume different numbers of dice. The tested
// seat's per-series objective of two candidates is therefore a matched pair, and a
// difference is judged by the mean of the paired differences and their standard error.
// (objective.h pools a whole chunk of 256 series behind one stream and keeps only merged
// moments, which pairs far more coarsely; that is why tuning plays its own evenings.)
//
// The search, per round and coordinate: every value of the coordinate's grid is screened
// on the screening stream; the best screened value, if it is not the incumbent's, is then
// re-measured against the incumbent on a separate confirmation stream (again paired) and
// accepted only if the improvement there exceeds 2 standard errors. Screening picks the
// maximum of many noisy estimates, so judging it on the same numbers would overstate it;
// the confirmation stream is independent of that choice. Rounds repeat until a round
// accepts nothing or `max_rounds` is reached. The start and the result are finally both
// measured on a third, report stream, so the reported improvement is unbiased too.
//
// Everything is integer sums per series, written to a slot per series, so a seed gives the
// same bits on any number of threads. A stop (RunControl, Ctrl-C) abandons the comparison
// under way and keeps the best policy accepted so far.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/heuristic.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/rules/position.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/core/run_control.h"

namespace verflixt::verflixte6 {

enum class TuningObjective { win, not_loser };

// An integer parameter of PositionParams and the grid lo, lo + step, ..., <= hi to search.
struct ParamRange {
  std::string name;  // k, margin, margin_per_player, floor or cap
  int lo = 0, hi = 0, step = 1;
};

// The parameter names ParamRange accepts, in the order the defaults search them.
const std::vector<std::string>& tunable_params();
// The value of `name` in `p`; throws InputError for an unknown name.
int param_value(const PositionParams& p, const std::string& name);
void set_param(PositionParams& p, const std::string& name, int value);
// Parses "name=lo..hi[:step]"; throws InputError naming the input and the valid forms.
ParamRange parse_param_range(const std::string& text);
// margin -2..10, floor 0..20 step 2, cap 8..40 step 2.
std::vector<ParamRange> default_param_ranges();

// The tested policy (seat 0 of the table) and its opponents (seats 1..n-1).
struct TuningTable {
  PositionParams start;
  HeuristicParams jokers;              // the tested policy's joker windows and inner choices
  std::vector<Joker> loadout;          // its joker priority list at the start (P2)
  std::vector<EveningPlayer> field;    // 1..11 opponents; bonus is ignored
  bool final = false;                  // play final evenings (P2)
  int series_length = 1;               // O6: evenings that carry the P4 bonus
  PassEngine engine = PassEngine::Auto;  // who plays the evenings (objective.h)
  // Another family at the tested seat (strong_policy.h, best_response.h): the policy for a
  // candidate's parameters, and its selector (used instead of a ListSelector of the loadout
  // when set). Unset: a PositionPolicy with `jokers`.
  std::function<std::unique_ptr<Policy>(const PositionParams&)> make_tested;
  const Selector* tested_selector = nullptr;
};

struct TuningOptions {
  TuningObjective objective = TuningObjective::win;
  std::vector<ParamRange> ranges = default_param_ranges();
  std::uint64_t evenings = 10000;      // per candidate and stream, rounded up to whole series
  int max_rounds = 3;
  // Loadouts (priority lists) to choose among for the tuned policy after the search; empty:
  // keep the start loadout. Jokers are only announced inside the policy's windows (jokers.*).
  std::vector<std::vector<Joker>> loadouts;
};

// One policy at the tested seat, measured on one stream: the objective's mean per evening
// with its standard error, and the per-series values the pairing needs.
struct CandidateRun {
  core::Estimate value;
  std::vector<std::int64_t> series;    // the objective summed over each series (win: in kWinUnit)
  bool complete = false;               // false when a stop cut the run short
};

// Plays the tested policy `params` with `loadout` at seat 0 against the field on stream
// `stream` (series s draws from chunk_rng(stream, s); its evening e opens with seat
// (s + e) mod n, O5).
CandidateRun measure_candidate(const Rules& rules, const TuningTable& table, TuningObjective objective,
                               const PositionParams& params, const std::vector<Joker>& loadout,
                               std::uint64_t evenings, std::uint64_t stream, int threads,
                               const core::RunControl& control = {});

// The same for any policy and selector (nullptr: none) at seat 0.
CandidateRun measure_policy(const Rules& rules, const TuningTable& table, TuningObjective objective,
                            const Policy& policy, const Selector* selector, std::uint64_t evenings,
                            std::uint64_t stream, int threads, const core::RunControl& control = {});

// b minus a per evening, paired by series: both runs must come from the same stream and
// length. Throws std::invalid_argument otherwise.
core::Estimate paired_difference(const CandidateRun& a, const CandidateRun& b, int series_length, TuningObjective objective);
// The same difference with the two runs treated as independent samples (for comparison).
core::Estimate unpaired_difference(const CandidateRun& a, const CandidateRun& b);

// One accepted move (or the loadout choice) of the search.
struct TuningMove {
  std::string param;                   // a parameter name, or "loadout"
  std::string from, to;
  core::Estimate screened;                   // candidate minus incumbent on the screening stream
  core::Estimate confirmed;                  // the same on the confirmation stream (decides)
};

struct TuningResult {
  PositionParams best;
  std::vector<Joker> loadout;
  std::vector<TuningMove> path;        // accepted moves, in order
  int rounds = 0;
  int candidates = 0;                  // candidate measurements completed (all streams)
  core::Estimate start_value, best_value;    // on the report stream
  core::Estimate improvement;                // best minus start on the report stream, paired
  bool reported = false;               // false when a stop cut the report runs short: no values
  std::uint64_t evenings = 0;          // evenings per measurement (whole series)
  bool interrupted = false;
  double seconds = 0;
};

// The three streams of a tuning run with seed `seed`.
std::uint64_t tuning_stream(std::uint64_t seed, int which);  // 0 screen, 1 confirm, 2 report

// Runs the search. Throws InputError for an empty field, a table over 12 seats, an unknown
// parameter or an empty grid.
TuningResult tune_position(const Rules& rules, const TuningTable& table, const TuningOptions& options,
                           std::uint64_t seed, int threads, const core::RunControl& control = {});

}  // namespace verflixt::verflixte6
