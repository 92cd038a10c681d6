#pragma once
// Playing to win: many evenings at one table, each seat with its own Policy and
// Selector, scored by what a player at the table cares about — winning the evening, not
// being among its losers (docs/rules/verflixte6.md P3), rank and eyes — per seat and per policy, with
// standard errors. Chunked like evaluate.h: chunk c draws from chunk_rng(seed, c) and the
// moments are integers, so a seed gives the same bits on any number of threads, and an
// interrupted run keeps its finished chunks.
//
// Scoring conventions (also in docs/rules/verflixte6.md §7):
//  O1  Win: the k players tied on the highest total share the win, 1/k each, so the win
//      shares of an evening sum to 1 and P(win) of n equal players is exactly 1/n.
//  O2  Loser: docs/rules/verflixte6.md P3 via losers() (ties at the border are all losers).
//  O3  Rank: 1 + the number of strictly higher totals, ties averaged: players tied for
//      places r..r+k-1 each get r + (k-1)/2, so the ranks of an evening sum to n(n+1)/2.
//  O4  Eyes: the evening total (sum of pass results, P3).
//  O5  Seats rotate across evenings: evening e of series s (both 0-based) starts with seat
//      (s + e) mod n (evening_first_seat); within it the first seat rotates per pass as P1
//      says. With series of one evening that is seat g mod n for evening g. Counting from the
//      series, not from g = s·L + e, keeps the seats equal when the series length L and n
//      have a common factor: the first evening of a series (the one without P4 bonuses)
//      would otherwise only ever be opened by seats 0, gcd(L, n), 2·gcd(L, n), ...
//  O6  Placement bonus (P4, classic) is carried from each evening to the next one inside a
//      *series* of `series_length` consecutive evenings; the first evening of every series
//      starts without a bonus. Series are the sampling unit, so the standard errors stay
//      honest when bonuses correlate consecutive evenings.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/table.h"
#include "verflixt/core/run_control.h"
#include "verflixt/core/stats.h"

namespace verflixt::verflixte6 {

class PassKernel;  // pass_kernel.h

// One seat of the table: who plays it and how he selects jokers, and which group (the
// policy spec, e.g. "threshold:20@hirtenschutz") his results are pooled into.
struct TableSeat {
  const Policy* policy = nullptr;
  const Selector* selector = nullptr;  // nullptr selects no jokers
  int group = 0;                       // index into ObjectiveSpec::groups
};

// Who plays the passes: the pass kernel (pass_kernel.h) or the reference engine (engine.h).
// The two agree in distribution (tests), not draw by draw: a seed fixes the results of each.
// Auto is the kernel when it can play every seat's policy (kernel_plays), else the reference.
enum class PassEngine : u8 { Auto, Kernel, Reference };
const char* engine_name(PassEngine e);
// The engine that plays `requested` for a table of `policies`: Auto is the kernel when it
// can play every policy, else the reference engine. Throws InputError when the kernel is
// requested for a policy it cannot play.
PassEngine resolve_engine(PassEngine requested, const std::vector<const Policy*>& policies);
// The engines by name, as the table commands' --engine takes them: auto, kernel, reference.
const std::vector<std::string>& engine_names();
// The engine named `name` (one of engine_names, "did you mean" for a typo) resolved for a
// table of `policies` (resolve_engine). Throws InputError naming --engine.
PassEngine engine_named(std::string_view name, const std::vector<const Policy*>& policies);
// A pass kernel for one thread when `engine` is the kernel (else none): a kernel is not
// thread-safe, and its caches change speed, never results (run_chunks' per-thread scratch).
std::unique_ptr<PassKernel> thread_kernel(PassEngine engine, const Rules& rules);

struct ObjectiveSpec {
  std::vector<TableSeat> seats;      // 2..12 seats
  std::vector<std::string> groups;   // one label per group; every group has a seat
  bool final = false;                // play final evenings (P2: final_passes, Freie Jokerwahl)
  int series_length = 1;             // O6: consecutive evenings that carry the P4 bonus
  PassEngine engine = PassEngine::Auto;
};

// O5: the first seat of evening `evening` of series `series` at a table of n: (series +
// evening) mod n.
int evening_first_seat(std::uint64_t series, std::uint64_t evening, std::size_t n);

// O6: evenings per series when the caller does not choose — 10 when the rules give a
// placement bonus (so it matters for 9 evenings in 10), else 1 (every evening independent).
int default_series_length(const Rules& rules);
// The --series of the table commands: `given` checked to 1..1000, or the rules' default when
// none is given. Throws InputError.
int series_length(std::optional<int> given, const Rules& rules);
// The whole series that play at least `evenings` evenings (at least one): a run is rounded up
// to whole series, so that every series carries its bonus.
inline std::uint64_t whole_series(std::uint64_t evenings, int series_length) {
  const auto L = static_cast<std::uint64_t>(series_length);
  return std::max<std::uint64_t>(1, (evenings + L - 1) / L);
}

// The four objectives of one seat, or of one group averaged over its seats.
struct ObjectiveRow {
  std::string label;
  int seats = 1;        // seats pooled in this row
  core::Estimate win;         // O1
  core::Estimate loser;       // O2
  core::Estimate rank;        // O3
  core::Estimate eyes;        // O4
};

__extension__ typedef __int128 i128;  // GCC/Clang; products of win sums need more than 64 bits

// Exactly mergeable sums: per series, feature f is an integer x_f (win shares in units of
// 1/kWinUnit, ranks doubled), summed over the series' evenings and, for groups, over the
// group's seats. sum holds Σx_f and cross the products Σx_f·x_g of the win features, whose
// diagonal gives the variances and off-diagonal the paired differences.
struct ObjectiveMoments {
  std::uint64_t series = 0;
  std::vector<std::int64_t> sum;      // [feature]
  std::vector<i128> sum_sq;           // [feature] Σx_f²
  std::vector<i128> win_cross;        // [a * W + b] Σ win_a · win_b, W = seats + groups
  void merge(const ObjectiveMoments& o);
};

// 1/k for every k = 1..12 is a whole number of these units (lcm(1..12) = 27720).
inline constexpr std::int64_t kWinUnit = 27720;

struct ObjectiveRun {
  std::vector<ObjectiveRow> by_seat;
  std::vector<ObjectiveRow> by_group;
  std::uint64_t evenings = 0;        // evenings played (whole series)
  std::uint64_t requested = 0;       // evenings asked for
  int series_length = 1;
  PassEngine engine = PassEngine::Reference;  // the engine that played (never Auto)
  bool interrupted = false;
  double seconds = 0;
  ObjectiveMoments moments;

  // P(win) of group a minus that of group b (per seat), with its paired standard error: both
  // come from the same evenings, so the covariance is subtracted.
  core::Estimate group_win_difference(int a, int b) const;
  // The same between two seats.
  core::Estimate seat_win_difference(int a, int b) const;
};

// A chunk's series scored (O1-O4) and summed into its moments (play_objectives; exposed for
// tests). Sums, squares and products are kept in 64 bits, by feature (entity innermost), and
// added to the moments' 128-bit sums every 256 series and at the end (flush). A series whose
// features are all below 2^27 in size (wins: at most --series 1000 * kWinUnit < 2^25) has
// squares and products below 2^54, so 256 of them sum below 2^62; a larger series goes to
// the 128-bit sums at once. Integers: the sums are exact, and the same on every processor
// and in any order of the series.
class SeriesTally {
 public:
  // m: sized for spec's seats and groups (W = seats + groups): sum and sum_sq W * 4 (entity
  // e's feature f at [e * 4 + f]; f: win units, loser, rank doubled, eyes), win_cross W * W.
  SeriesTally(const Rules& rules, const ObjectiveSpec& spec, ObjectiveMoments& m);
  SeriesTally(const SeriesTally&) = delete;
  SeriesTally& operator=(const SeriesTally&) = delete;
  ~SeriesTally() = default;
  static constexpr std::size_t kEntities = 2 * kMaxPlayers;  // seats, then groups
  static constexpr std::size_t kSize = 4 * kEntities;        // a series' features x: [f * kEntities + entity]

  // A series of one evening, scored from its totals straight into the sums.
  void add_evening(std::span<const int> totals);
  // An evening of a longer series, scored into the series' features x (kSize, from 0).
  void add_evening(std::int64_t* x, std::span<const int> totals) const;
  // A longer series ended: its features x into the sums, and x cleared.
  void add_series(std::int64_t* x);
  // The sums held into the moments, and cleared. Call at the end.
  [[gnu::noinline]] void flush();

 private:
  static constexpr std::int64_t kSmall = std::int64_t{1} << 27;
  static constexpr int kHeld = 256;
  void add_cross(const std::int64_t* win);  // every entity's win, W_ of them
  [[gnu::noinline]] void add_wide(std::span<const int> totals);
  [[gnu::noinline]] void add_wide(const std::int64_t* x);
  const Rules& rules_;
  ObjectiveMoments& m_;
  std::size_t n_, W_;
  std::array<std::size_t, kMaxPlayers> group_{};
  int held_ = 0;
  std::array<std::int64_t, kSize> sum_{}, sq_{};
  std::array<std::int64_t, kEntities * kEntities> cross_{};
};

// Evenings per work chunk are whole series of about this many evenings: 16 per lane of the
// pass kernel (PassKernel::kLanes), so that its lanes seldom idle while a chunk's last
// evenings finish (chunks of 256 ran the kernel's evenings 3-5% slower). The chunk size
// fixes which evenings draw from which stream, so changing it changes every tournament's
// numbers for a seed (and its golden outputs). balance draws each series' own stream, so
// its numbers do not depend on it.
inline constexpr std::uint64_t kObjectiveChunk = 1024;

// Plays `evenings` evenings (rounded up to whole series) of the table `spec`.
// Throws InputError when the table is not 2..12 seats, a seat has no policy, or the kernel
// is asked for a policy it cannot play.
ObjectiveRun play_objectives(const Rules& rules, const ObjectiveSpec& spec, std::uint64_t evenings,
                             std::uint64_t seed, int threads, const core::RunControl& control = {});

// O1–O4 for one evening's totals: win shares (units of 1/kWinUnit), loser flags, doubled
// ranks, player k at [k] for k < totals.size(). Fixed arrays: tournaments score every
// evening, and allocating three vectors each time was a tenth of the pass kernel's evening.
// Exposed for tests and for advise.
struct EveningScore {
  std::array<std::int64_t, kMaxPlayers> win_units{};
  std::array<bool, kMaxPlayers> loser{};
  std::array<int, kMaxPlayers> rank2{};
};
EveningScore score_totals(const Rules& rules, std::span<const int> totals);

// Where total k of an evening's totals stands: how many totals are higher (`better`) and how
// many equal (`tied`, itself included). score_totals and the tournament's tally
// (objective.cpp) score a seat from it with the functions below, O1, O3 and P3 each written
// once. Counted in registers, seat by seat: an array of counts stored one at a time and
// then read in vectors would wait for the stores.
struct Standing {
  int better = 0, tied = 0;
};
inline Standing standing_in(std::span<const int> totals, std::size_t k) {
  Standing s;
  for (const int t : totals) s.better += t > totals[k], s.tied += t == totals[k];  // no branch on the dice
  return s;
}
// O1: the share of the win of each winner (the winners are tied at the top), in units of
// 1/kWinUnit. At most 12 totals (kMaxPlayers), at least 1: the caller's to check.
inline std::int64_t winners_share(std::span<const int> totals) {
  // kWinUnit / t for t tied winners (exact: kWinUnit is a multiple of 1..12), not a division
  // an evening.
  static constexpr auto kShare = [] {
    std::array<std::int64_t, kMaxPlayers + 1> share{};
    for (int t = 1; t <= kMaxPlayers; ++t) share[static_cast<std::size_t>(t)] = kWinUnit / t;
    return share;
  }();
  int best = totals[0], tied = 0;
  for (const int t : totals) best = std::max(best, t);
  for (const int t : totals) tied += t == best;
  return kShare[static_cast<std::size_t>(tied)];
}
// O1: a player's win, in units of 1/kWinUnit.
inline std::int64_t win_units_of(Standing s, std::int64_t share) { return s.better == 0 ? share : 0; }
// O3: a player's rank, doubled: twice r + (k-1)/2.
inline int rank2_of(Standing s) { return 2 * (1 + s.better) + (s.tied - 1); }
// O2 (P3): whether player k of `totals` is among the losers.
inline bool loser_of(const Rules& rules, Standing s, std::span<const int> totals, std::size_t k) {
  return loser_given(rules, totals[k], static_cast<int>(totals.size()) - s.better - s.tied);
}

}  // namespace verflixt::verflixte6
