#include "verflixt/games/verflixte6/analyses/objective.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <chrono>
#include <memory>

#include "verflixt/core/chunks.h"
#include "verflixt/core/dice.h"
#include "verflixt/core/error.h"
#include "verflixt/core/names.h"
#include "verflixt/games/verflixte6/kernels/pass_kernel.h"
#include "verflixt/core/rng.h"

namespace verflixt::verflixte6 {
namespace {

// Features per seat or group: O1 win units, O2 loser flag, O3 doubled rank, O4 eyes.
enum Feature { kWin, kLoser, kRank2, kEyes, kFeatures };

size_t feature(size_t entity, Feature f) { return entity * kFeatures + f; }

// Player k's features of an evening, in Feature order (O1-O4), given the winners' share.
std::array<std::int64_t, kFeatures> seat_features(const Rules& rules, std::span<const int> totals, std::int64_t share,
                                                  size_t k) {
  const Standing st = standing_in(totals, k);
  return {win_units_of(st, share), loser_of(rules, st, totals, k), rank2_of(st), totals[k]};
}

// Mean and standard error of x / scale per series, reported per evening (÷ L) and per seat
// (÷ seats): the series sums are the independent observations.
core::Estimate estimate(const ObjectiveMoments& m, size_t f, double per) {
  return core::mean_from_sums(static_cast<double>(m.series), static_cast<double>(m.sum[f]), static_cast<double>(m.sum_sq[f]),
                        per);
}

ObjectiveRow make_row(const ObjectiveMoments& m, size_t entity, std::string label, int seats, int L) {
  ObjectiveRow r;
  r.label = std::move(label);
  r.seats = seats;
  const double per = static_cast<double>(L) * seats;
  r.win = estimate(m, feature(entity, kWin), per * static_cast<double>(kWinUnit));
  r.loser = estimate(m, feature(entity, kLoser), per);
  r.rank = estimate(m, feature(entity, kRank2), per * 2.0);
  r.eyes = estimate(m, feature(entity, kEyes), per);
  return r;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

static_assert(SeriesTally::kSize == kFeatures * SeriesTally::kEntities);

SeriesTally::SeriesTally(const Rules& rules, const ObjectiveSpec& spec, ObjectiveMoments& m)
    : rules_(rules), m_(m), n_(spec.seats.size()), W_(n_ + spec.groups.size()) {
  for (size_t k = 0; k < n_; ++k) group_[k] = static_cast<size_t>(spec.seats[k].group);
}

// Written so that no wide read meets values just written one at a time (it would wait for
// the stores): the standings counted in registers, the groups' features by feature and read
// one at a time. The 64-bit sums are loops without a carry, which the compiler vectorizes.
void SeriesTally::add_evening(std::span<const int> totals) {
  const size_t n = n_;
  std::int64_t big = 0;  // a group's eyes are up to 12 totals
  for (size_t k = 0; k < n; ++k) big |= totals[k] < 0 ? -static_cast<std::int64_t>(totals[k]) : totals[k];
  if (big >= kSmall / kMaxPlayers) [[unlikely]]
    return add_wide(totals);
  const std::int64_t share = winners_share(totals);
  std::array<std::int64_t, kFeatures * kMaxPlayers> g;  // the groups' features: [f * kMaxPlayers + group]
  for (size_t i = 0; i < kFeatures * kMaxPlayers; ++i) g[i] = 0;
  std::array<std::int64_t, kEntities> win;
  for (size_t k = 0; k < n; ++k) {
    const std::array<std::int64_t, kFeatures> v = seat_features(rules_, totals, share, k);
    win[k] = v[kWin];
    for (size_t f = 0; f < kFeatures; ++f) {
      sum_[f * kEntities + k] += v[f];
      sq_[f * kEntities + k] += v[f] * v[f];
      g[f * kMaxPlayers + group_[k]] += v[f];
    }
  }
  for (size_t e = n; e < W_; ++e) {
    win[e] = g[kWin * kMaxPlayers + e - n];
    for (size_t f = 0; f < kFeatures; ++f) {
      const std::int64_t v = g[f * kMaxPlayers + e - n];
      sum_[f * kEntities + e] += v;
      sq_[f * kEntities + e] += v * v;
    }
  }
  add_cross(win.data());
  if (++held_ == kHeld) [[unlikely]]
    flush();
}

void SeriesTally::add_evening(std::int64_t* x, std::span<const int> totals) const {
  const std::int64_t share = winners_share(totals);
  for (size_t k = 0; k < n_; ++k) {
    const std::array<std::int64_t, kFeatures> v = seat_features(rules_, totals, share, k);
    for (size_t f = 0; f < kFeatures; ++f) {
      x[f * kEntities + k] += v[f];
      x[f * kEntities + n_ + group_[k]] += v[f];
    }
  }
}

void SeriesTally::add_series(std::int64_t* x) {
  std::int64_t big = 0;
  for (size_t i = 0; i < kSize; ++i) big |= x[i] < 0 ? -x[i] : x[i];
  if (big >= kSmall) {
    add_wide(x);
  } else {
    for (size_t i = 0; i < kSize; ++i) sum_[i] += x[i], sq_[i] += x[i] * x[i];
    add_cross(x + kWin * kEntities);
    if (++held_ == kHeld) flush();
  }
  std::fill(x, x + kSize, 0);
}

void SeriesTally::flush() {
  if (held_ == 0) return;
  m_.series += static_cast<std::uint64_t>(held_);
  for (size_t e = 0; e < W_; ++e)
    for (size_t f = 0; f < kFeatures; ++f) {
      m_.sum[feature(e, static_cast<Feature>(f))] += sum_[f * kEntities + e];
      m_.sum_sq[feature(e, static_cast<Feature>(f))] += sq_[f * kEntities + e];
    }
  for (size_t a = 0; a < W_; ++a)
    for (size_t b = 0; b < W_; ++b) m_.win_cross[a * W_ + b] += cross_[a * kEntities + b];
  sum_.fill(0);
  sq_.fill(0);
  cross_.fill(0);
  held_ = 0;
}

void SeriesTally::add_cross(const std::int64_t* win) {
  for (size_t a = 0; a < W_; ++a) {
    // Most entities win nothing in a series (its products are 0): a branch on the dice,
    // but cheaper than the products it skips.
    if (win[a] == 0) continue;
    for (size_t b = 0; b < W_; ++b) cross_[a * kEntities + b] += win[a] * win[b];
  }
}

void SeriesTally::add_wide(std::span<const int> totals) {
  std::array<std::int64_t, kSize> x{};
  add_evening(x.data(), totals);
  add_wide(x.data());
}

void SeriesTally::add_wide(const std::int64_t* x) {
  ++m_.series;
  for (size_t e = 0; e < W_; ++e)
    for (size_t f = 0; f < kFeatures; ++f) {
      const std::int64_t v = x[f * kEntities + e];
      m_.sum[feature(e, static_cast<Feature>(f))] += v;
      m_.sum_sq[feature(e, static_cast<Feature>(f))] += static_cast<i128>(v) * v;
    }
  const std::int64_t* win = x + kWin * kEntities;
  for (size_t a = 0; a < W_; ++a)
    for (size_t b = 0; b < W_; ++b) m_.win_cross[a * W_ + b] += static_cast<i128>(win[a]) * win[b];
}

void ObjectiveMoments::merge(const ObjectiveMoments& o) {
  if (sum.empty()) {
    *this = o;
    return;
  }
  series += o.series;
  for (size_t k = 0; k < sum.size(); ++k) sum[k] += o.sum[k], sum_sq[k] += o.sum_sq[k];
  for (size_t k = 0; k < win_cross.size(); ++k) win_cross[k] += o.win_cross[k];
}

EveningScore score_totals(const Rules& rules, std::span<const int> totals) {
  if (totals.size() > static_cast<size_t>(kMaxPlayers))
    throw std::invalid_argument("score_totals: more than " + std::to_string(kMaxPlayers) + " players");
  if (totals.empty()) return {};
  const std::int64_t share = winners_share(totals);
  EveningScore s;
  for (size_t k = 0; k < totals.size(); ++k) {
    const Standing st = standing_in(totals, k);
    s.loser[k] = loser_of(rules, st, totals, k);  // P3
    s.win_units[k] = win_units_of(st, share);      // O1
    s.rank2[k] = rank2_of(st);                     // O3
  }
  return s;
}

namespace {

// x_a / pa - x_b / pb per series, with the paired standard error (covariance subtracted).
core::Estimate win_difference(const ObjectiveMoments& m, size_t W, size_t a, size_t b, double pa, double pb) {
  auto win = [&](size_t i, size_t j) { return static_cast<double>(m.win_cross[i * W + j]); };
  const core::PairedSums s{static_cast<double>(m.series), static_cast<double>(m.sum[feature(a, kWin)]),
                     static_cast<double>(m.sum[feature(b, kWin)]), win(a, a), win(b, b), win(a, b)};
  return core::paired_difference(s, pa, pb);
}

}  // namespace

core::Estimate ObjectiveRun::group_win_difference(int a, int b) const {
  const size_t n = by_seat.size(), W = n + by_group.size();
  const double unit = static_cast<double>(series_length) * static_cast<double>(kWinUnit);
  return win_difference(moments, W, n + static_cast<size_t>(a), n + static_cast<size_t>(b),
                        unit * by_group[static_cast<size_t>(a)].seats, unit * by_group[static_cast<size_t>(b)].seats);
}

core::Estimate ObjectiveRun::seat_win_difference(int a, int b) const {
  const size_t W = by_seat.size() + by_group.size();
  const double unit = static_cast<double>(series_length) * static_cast<double>(kWinUnit);
  return win_difference(moments, W, static_cast<size_t>(a), static_cast<size_t>(b), unit, unit);
}

ObjectiveRun play_objectives(const Rules& rules, const ObjectiveSpec& spec, std::uint64_t evenings,
                             std::uint64_t seed, int threads, const core::RunControl& control) {
  const auto t0 = std::chrono::steady_clock::now();
  const size_t n = spec.seats.size();
  const size_t groups = spec.groups.size();
  if (n < 2 || n > kMaxPlayers)
    throw core::InputError("a table has 2.." + std::to_string(kMaxPlayers) + " seats, not " + std::to_string(n));
  for (const auto& s : spec.seats)
    if (!s.policy || s.group < 0 || static_cast<size_t>(s.group) >= groups)
      throw core::InputError("every seat needs a policy and a group");
  if (spec.series_length < 1) throw core::InputError("series length must be at least 1");
  const auto L = static_cast<std::uint64_t>(spec.series_length);
  const std::uint64_t series = whole_series(evenings, spec.series_length);
  const std::uint64_t per_chunk = std::max<std::uint64_t>(1, kObjectiveChunk / L);  // series per chunk
  const size_t W = n + groups;
  std::vector<int> group_seats(groups, 0);
  for (const auto& s : spec.seats) ++group_seats[static_cast<size_t>(s.group)];

  std::vector<EveningPlayer> base(n);
  for (size_t k = 0; k < n; ++k) base[k] = EveningPlayer{spec.seats[k].policy, spec.seats[k].selector, 0};

  std::vector<const Policy*> policies;
  for (const auto& s : spec.seats) policies.push_back(s.policy);
  const PassEngine engine = resolve_engine(spec.engine, policies);

  // Progress counts evenings; the chunks count series.
  core::RunControl in_evenings = control;
  if (control.progress)
    in_evenings.progress = [&control, L](std::uint64_t done, std::uint64_t total) { control.report(done * L, total * L); };
  ObjectiveRun run;
  const auto parts = core::run_chunks<ObjectiveMoments>(
      series, per_chunk, threads, in_evenings, run.interrupted, [&] { return thread_kernel(engine, rules); },
      [&](std::uint64_t chunk, std::uint64_t count, ObjectiveMoments& m, std::unique_ptr<PassKernel>& kernel) {
        m.sum.assign(W * kFeatures, 0);
        m.sum_sq.assign(W * kFeatures, 0);
        m.win_cross.assign(W * W, 0);
        core::RandomDice dice(core::chunk_rng(seed, chunk));
        const std::uint64_t first_series = chunk * per_chunk;
        SeriesTally tally(rules, spec, m);
        if (kernel) {
          // The chunk's series in lanes (pass_kernel.h). Each evening's totals go to a log, in
          // the order the lanes end them, and are scored after the chunk's play, when the
          // tally stays in the nearest cache from one evening to the next (between two
          // evenings' ends the block's tables push it out). A lane of a longer series keeps
          // its features and adds them when the series ends. Sums of integers: the order in
          // which series end does not change m.
          // A chunk's evenings: kObjectiveChunk (1,024), or one series (--series: at most 1000).
          const size_t entry = n + 2;  // lane, evening, the totals
          std::vector<int> log;
          log.reserve(static_cast<size_t>(count * L) * entry);
          kernel->play_series(
              base, spec.final, spec.series_length, first_series, count,
              [&](std::uint64_t s, int e) { return evening_first_seat(s, static_cast<std::uint64_t>(e), n); },
              dice.rng(),
              [&](int lane, std::uint64_t, int e, std::span<const int> totals, std::span<const int>) {
                log.push_back(lane);
                log.push_back(e);
                log.insert(log.end(), totals.begin(), totals.end());
              });
          if (L == 1) {
            for (size_t i = 0; i < log.size(); i += entry)
              tally.add_evening(std::span<const int>(log.data() + i + 2, n));
          } else {
            std::vector<std::int64_t> xs(static_cast<size_t>(PassKernel::kLanes) * SeriesTally::kSize, 0);
            for (size_t i = 0; i < log.size(); i += entry) {
              std::int64_t* x = xs.data() + static_cast<size_t>(log[i]) * SeriesTally::kSize;
              tally.add_evening(x, std::span<const int>(log.data() + i + 2, n));
              if (log[i + 1] + 1 == spec.series_length) tally.add_series(x);
            }
          }
          tally.flush();
          return;
        }
        std::vector<std::int64_t> x(SeriesTally::kSize);
        for (std::uint64_t s = 0; s < count; ++s) {
          std::vector<EveningPlayer> players = base;  // O6: a series starts without bonuses
          for (std::uint64_t e = 0; e < L; ++e) {
            const int first = evening_first_seat(first_series + s, e, n);  // O5
            const EveningResult r = play_evening(rules, players, spec.final, first, dice);
            if (L == 1) tally.add_evening(r.totals);
            else tally.add_evening(x.data(), r.totals);
            for (size_t k = 0; k < n; ++k) players[k].bonus = r.place_bonus[k];  // O6 / P4
          }
          if (L > 1) tally.add_series(x.data());
        }
        tally.flush();
      });

  run.requested = evenings;
  run.series_length = spec.series_length;
  run.engine = engine;
  for (const auto& part : parts) run.moments.merge(part);
  if (run.moments.sum.empty()) {
    run.moments.sum.assign(W * kFeatures, 0);
    run.moments.sum_sq.assign(W * kFeatures, 0);
    run.moments.win_cross.assign(W * W, 0);
  }
  run.evenings = run.moments.series * L;
  for (size_t k = 0; k < n; ++k)
    run.by_seat.push_back(make_row(run.moments, k, "seat " + std::to_string(k + 1) + " " +
                                                       spec.groups[static_cast<size_t>(spec.seats[k].group)],
                                   1, spec.series_length));
  for (size_t g = 0; g < groups; ++g)
    run.by_group.push_back(make_row(run.moments, n + g, spec.groups[g], group_seats[g], spec.series_length));
  run.seconds = seconds_since(t0);
  return run;
}

const char* engine_name(PassEngine e) {
  return e == PassEngine::Auto ? "auto" : e == PassEngine::Kernel ? "kernel" : "reference";
}

PassEngine resolve_engine(PassEngine requested, const std::vector<const Policy*>& policies) {
  if (requested == PassEngine::Reference) return requested;
  for (const Policy* p : policies)
    if (!kernel_plays(*p)) {
      if (requested == PassEngine::Kernel)
        throw core::InputError("the pass kernel cannot play " + p->name() +
                         ": its joker choices read the table; valid engines: auto, reference");
      return PassEngine::Reference;
    }
  return PassEngine::Kernel;
}

const std::vector<std::string>& engine_names() {
  static const std::vector<std::string> names = {"auto", "kernel", "reference"};
  return names;
}

PassEngine engine_named(std::string_view name, const std::vector<const Policy*>& policies) {
  const size_t k = core::choose_name(name, engine_names(), "--engine");
  if (k == 2) return PassEngine::Reference;
  return resolve_engine(k == 1 ? PassEngine::Kernel : PassEngine::Auto, policies);
}

std::unique_ptr<PassKernel> thread_kernel(PassEngine engine, const Rules& rules) {
  return engine == PassEngine::Kernel ? std::make_unique<PassKernel>(rules) : nullptr;
}

int evening_first_seat(std::uint64_t series, std::uint64_t evening, std::size_t n) {
  // (series mod n + evening mod n) mod n; the sum is below 2n, so its mod is a subtraction
  // (a division fewer an evening, in both engines).
  const std::uint64_t seat = series % n + evening % n;
  return static_cast<int>(seat >= n ? seat - n : seat);
}

int default_series_length(const Rules& rules) {
  return rules.place_bonus_1 || rules.place_bonus_2 || rules.place_bonus_3 ? 10 : 1;
}

int series_length(std::optional<int> given, const Rules& rules) {
  const int series = given ? *given : default_series_length(rules);
  if (series < 1 || series > 1000)
    throw core::InputError("--series " + std::to_string(series) + " is out of range; valid: 1..1000");
  return series;
}

}  // namespace verflixt::verflixte6
