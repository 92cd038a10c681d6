// bench's measuring (answers/bench.h): the sections in turn, each workload on 1..T threads,
// every repeat timed by bench_measure.h; the report is bench_report.cpp's.
#include "verflixt/games/verflixte6/answers/bench.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "games/verflixte6/answers/bench_measure.h"
#include "verflixt/core/cluster.h"
#include "verflixt/core/kernel.h"
#include "verflixt/games/verflixte6/analyses/evaluate.h"
#include "verflixt/games/verflixte6/analyses/yardstick.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"
#include "verflixt/games/verflixte6/kernels/pass_kernel.h"

namespace verflixt::verflixte6 {

using core::report::number;

std::string busy_warning(const BenchContext& c, int max_threads) {
  if (c.load_average.empty() || c.load_average[0] <= c.busy_threshold) return "";
  return "the machine is busy: 1-minute load average " + number("%.2f", c.load_average[0]) + " > " +
         number("%.1f", c.busy_threshold) + " (" + std::to_string(c.cores) + " logical cores, up to " +
         std::to_string(max_threads) + (max_threads == 1 ? " thread" : " threads") +
         " measured); wall-clock rates include other processes' work — prefer the per-CPU-second "
         "rates and the min/max spread, or rerun on an idle machine";
}

double BenchSeries::mean() const {
  double s = 0;
  for (double v : values) s += v;
  return values.empty() ? 0 : s / static_cast<double>(values.size());
}

double BenchSeries::sd() const {
  if (values.size() < 2) return 0;
  const double m = mean();
  double s = 0;
  for (double v : values) s += (v - m) * (v - m);
  return std::sqrt(s / static_cast<double>(values.size() - 1));
}

double BenchSeries::min() const { return values.empty() ? 0 : *std::min_element(values.begin(), values.end()); }
double BenchSeries::max() const { return values.empty() ? 0 : *std::max_element(values.begin(), values.end()); }

namespace {

using namespace bench_detail;
using M = BenchRow::Measure;

// A solo workload: a loadout under a policy.
struct SoloWorkload {
  std::string name;
  JokerSet jokers;
  const Policy* policy;
};

// An evening run as the Tally the timing code counts: `turns` turns (every seat's turn of
// every pass), one of which carries a hash of the exact moment sums, so that comparing two
// such tallies compares the two runs' results bit for bit.
core::Tally evening_tally(const ObjectiveRun& run, std::uint64_t turns_per_evening) {
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a over the integer sums
  for (const std::int64_t v : run.moments.sum) h = (h ^ static_cast<std::uint64_t>(v)) * 1099511628211ULL;
  h ^= run.moments.series;
  core::Tally t;
  const std::uint64_t turns = run.evenings * turns_per_evening;
  if (turns == 0) return t;
  t.add_many(0, turns - 1, 0);
  t.add(static_cast<int>(h % 1000003), false);
  return t;
}

// What makes the numbers untrustworthy, found in the timings themselves: runs too short to
// time, and one-thread runs whose CPU time exceeds their wall time (CPU time not of the work,
// e.g. spinning OpenMP threads, was counted: their per-CPU-second rates are then too low).
std::vector<std::string> trust_warnings(const BenchAnswer& a, const TimingLog& log) {
  std::vector<std::string> out;
  if (log.short_runs > 0)
    out.push_back(std::to_string(log.short_runs) + " of " + std::to_string(log.runs) + " timed runs took under " +
                  number("%.1f", kTrustSeconds) + " s (shortest " + number("%.3f", log.shortest) +
                  " s): too short to trust, timer resolution and start-up dominate; raise --turns, --baseline-turns "
                  "or --table-turns");
  for (const BenchSection* section : {&a.solo, &a.passes, &a.evenings, &a.mpi})
    for (const BenchWorkload& w : section->workloads)
      for (const BenchRow& row : w.rows) {
        const BenchSeries& c = row.series[M::KERNEL_CPU_PER_WALL];
        if (row.threads == 1 && !c.values.empty() && c.max() > 1.05)
          out.push_back(section->name + " " + w.name + ": one thread used " + number("%.2f", c.max()) +
                        " CPU-seconds per wall-second: CPU time not of the work was counted (OMP_WAIT_POLICY=" +
                        std::string(std::getenv("OMP_WAIT_POLICY") ? std::getenv("OMP_WAIT_POLICY") : "unset") +
                        "), so its per-CPU-second rates are too low");
      }
  return out;
}

// One bench under way: the question, the answer it fills and the log of its timed runs.
class Run {
 public:
  Run(const BenchQuestion& q, BenchAnswer& a, const core::RunControl& control)
      : q_(q), s_(q.settings), a_(a), control_(control) {}

  // The solo kernel against its naive loop on `w`, 1..max_threads threads; false when
  // stopped before its first row.
  bool solo_rows(const SoloWorkload& w);
  void pass_rows(const std::vector<SoloWorkload>& workloads);
  void evening_rows();
  void mpi_rows(const SoloWorkload& plain);
  std::uint64_t rows_done() const { return rows_done_; }
  const TimingLog& log() const { return log_; }

 private:
  bool stopped() const { return control_.stopped(); }
  core::Tally play_evenings(PassEngine engine, int threads) const;

  const BenchQuestion& q_;
  const BenchSettings& s_;
  BenchAnswer& a_;
  const core::RunControl& control_;
  TimingLog log_;
  std::uint64_t rows_done_ = 0;
};

bool Run::solo_rows(const SoloWorkload& w) {
  const auto t0 = std::chrono::steady_clock::now();
  const core::Chain chain = compile_chain(s_.rules, w.jokers, *w.policy);
  const core::AliasChain alias = compile_alias(chain, s_.alias_options);
  core::AliasOptions one_step_options = s_.alias_options;
  one_step_options.max_steps = 1;
  const core::AliasChain one_step = compile_alias(chain, one_step_options);
  BenchWorkload out{.name = w.name,
                    // The baseline of the no-joker workload is the hand-written threshold loop;
                    // of a joker workload, the reference engine turn by turn; both on
                    // std::mt19937_64 dice.
                    .baseline = w.jokers.empty() ? "naive threshold loop" : "naive engine loop",
                    .chain_states = chain.size(),
                    .alias_buckets = alias.threshold.size(),
                    .compile_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()};
  for (auto m : alias.row_steps) out.max_row_steps = std::max<int>(out.max_row_steps, m);
  std::vector<double> one_thread_kernel;
  core::Tally first;
  for (int threads = 1; threads <= s_.max_threads && !stopped(); ++threads) {
    core::KernelOptions options;
    options.threads = threads;
    BenchRow row{.threads = threads, .has_one_step = true};
    measure(
        row, s_.repeats, one_thread_kernel,
        [&] { return core::sample_chain(alias, s_.turns, s_.seed, options, control_); },
        // The same kernel with one chain step per row: every step one draw.
        [&] { return core::sample_chain(one_step, s_.turns, s_.seed, options, control_); },
        [&] {
          return w.jokers.empty()
                     ? naive_threshold(s_.rules, 17, s_.baseline_turns, s_.seed, threads)
                     : naive_engine_turns(s_.rules, w.jokers, *w.policy, s_.baseline_turns, s_.seed, threads);
        },
        first, log_, control_);
    if (stopped()) break;
    ++rows_done_;
    if (threads == 1) one_thread_kernel = row.series[M::KERNEL].values;
    out.rows.push_back(std::move(row));
  }
  if (out.rows.empty()) return false;
  a_.solo.workloads.push_back(std::move(out));
  return true;
}

void Run::pass_rows(const std::vector<SoloWorkload>& workloads) {
  // Multiplayer: passes of 6 players, the pass kernel against the reference engine
  // on the same passes (evaluate_passes), per workload; rates count turns (6 per pass).
  a_.passes.begun = !stopped();
  for (const auto& w : workloads) {
    if (stopped()) break;
    // Whether this build plays the workload in a lane block (pass_kernel.h: AVX-512 builds).
    PassKernel probe(s_.rules);
    a_.passes.workloads.push_back(
        {.name = w.name,
         .baseline = "reference engine",
         .players = 6,
         .lane_block = probe.lane_block_plays(std::vector<PassSeat>(6, PassSeat{w.policy, w.jokers, 0, 0}))});
    BenchWorkload& out = a_.passes.workloads.back();
    std::vector<double> one_thread_kernel;
    core::Tally first;
    for (int threads = 1; threads <= s_.max_threads && !stopped(); ++threads) {
      auto play = [&](bool kernel) {
        return evaluate_passes(s_.rules, w.jokers, *w.policy, 6, kernel ? a_.pass_count : a_.baseline_pass_count,
                               s_.seed, threads, control_, kernel)
            .tally.all;
      };
      BenchRow row{.threads = threads};
      measure(
          row, s_.repeats, one_thread_kernel, [&] { return play(true); }, [] { return core::Tally{}; },
          [&] { return play(false); }, first, log_, control_);
      if (stopped()) break;
      ++rows_done_;
      if (threads == 1) one_thread_kernel = row.series[M::KERNEL].values;
      out.rows.push_back(std::move(row));
    }
  }
}

core::Tally Run::play_evenings(PassEngine engine, int threads) const {
  ObjectiveSpec spec = q_.evening;
  spec.engine = engine;
  const std::uint64_t count = engine == PassEngine::Kernel ? a_.evening_count : a_.baseline_evening_count;
  return evening_tally(play_objectives(s_.rules, spec, count, s_.seed, threads, control_),
                       4 * static_cast<std::uint64_t>(s_.rules.passes));
}

void Run::evening_rows() {
  // Evenings of 4 players: the table workload of tournament, balance and tune — a
  // position policy with jokers against three heuristics — the pass kernel against the
  // reference engine on the same evenings (play_objectives); rates count turns.
  std::vector<EveningPlayer> evening_seats;
  for (const auto& s : q_.evening.seats) evening_seats.push_back(EveningPlayer{s.policy, s.selector, 0});
  const bool block = PassKernel(s_.rules).lane_block_plays(evening_seats);  // as play_objectives' lanes
  if (stopped()) return;
  a_.evenings.begun = true;
  a_.evenings.workloads.push_back(
      {.name = q_.evening_name, .baseline = "reference engine", .players = 4, .lane_block = block});
  BenchWorkload& out = a_.evenings.workloads.back();
  std::vector<double> one_thread_kernel;
  core::Tally first;
  for (int threads = 1; threads <= s_.max_threads && !stopped(); ++threads) {
    BenchRow row{.threads = threads};
    measure(
        row, s_.repeats, one_thread_kernel, [&] { return play_evenings(PassEngine::Kernel, threads); },
        [] { return core::Tally{}; }, [&] { return play_evenings(PassEngine::Reference, threads); }, first, log_,
        control_);
    if (stopped()) break;
    ++rows_done_;
    if (threads == 1) one_thread_kernel = row.series[M::KERNEL].values;
    out.rows.push_back(std::move(row));
  }
}

void Run::mpi_rows(const SoloWorkload& plain) {
  // MPI: all ranks, one thread each, against rank 0 alone on one thread, on the
  // table workloads with the pass kernel; the ratio is the speed-up of the ranks. The other
  // ranks wait (sleeping) while rank 0 plays alone.
  if (a_.ranks <= 1 || stopped()) return;
  a_.mpi.begun = true;
  struct MpiWorkload {
    std::string name;
    std::function<core::Tally()> play;
  };
  const std::vector<MpiWorkload> mpi_workloads = {
      {"passes of 6 players, " + plain.name,
       [&] {
         return evaluate_passes(s_.rules, plain.jokers, *plain.policy, 6, a_.pass_count, s_.seed, 1, control_, true)
             .tally.all;
       }},
      {"evenings of 4 players, " + q_.evening_name, [&] { return play_evenings(PassEngine::Kernel, 1); }},
  };
  for (const auto& w : mpi_workloads) {
    if (stopped()) break;
    BenchRow row;
    core::Tally first;
    auto alone = [&] {
      core::Tally t;
      if (core::cluster::root()) {
        const core::cluster::Alone scope;
        t = w.play();
      }
      core::cluster::barrier();
      return t;
    };
    measure(row, s_.repeats, {}, w.play, [] { return core::Tally{}; }, alone, first, log_, control_);
    if (stopped()) break;
    ++rows_done_;
    a_.mpi.workloads.push_back({.name = w.name, .baseline = "rank 0 alone", .rows = {std::move(row)}});
  }
}

}  // namespace

std::vector<SeatPlayer> seat_bench_evening(BenchQuestion& q, const std::string& table_policy,
                                           const std::string& table_field) {
  std::vector<SeatPlayer> players =
      make_seat_players({table_policy, table_field, table_field, table_field}, q.settings.rules);
  q.evening.series_length = default_series_length(q.settings.rules);
  std::vector<const Policy*> policies;
  for (const auto& p : players) {
    const int group = p.label == players.front().label ? 0 : 1;
    if (q.evening.groups.size() <= static_cast<size_t>(group)) q.evening.groups.push_back(p.label);
    q.evening.seats.push_back(TableSeat{p.policy.get(), p.selector.get(), group});
    policies.push_back(p.policy.get());
  }
  q.evening.engine = resolve_engine(PassEngine::Kernel, policies);  // throws if the kernel cannot play them
  q.evening_name = players.front().label + " vs 3 x " + players.back().label;
  return players;
}

BenchAnswer bench_answer(const BenchQuestion& q, const BenchContext& context, const core::RunControl& control) {
  const BenchSettings& s = q.settings;
  BenchAnswer a;
  a.settings = s;
  a.context = context;
  a.ranks = core::cluster::size();
  a.pass_count = std::max<std::uint64_t>(1, s.table_turns / 6);
  a.baseline_pass_count = std::max<std::uint64_t>(1, s.baseline_turns / 6);
  // The kernel plays --table-turns, the reference engine --baseline-turns: rates count turns.
  const std::uint64_t turns_per_evening = 4 * static_cast<std::uint64_t>(s.rules.passes);
  a.evening_count = std::max<std::uint64_t>(1, s.table_turns / turns_per_evening);
  a.baseline_evening_count = std::max<std::uint64_t>(1, s.baseline_turns / turns_per_evening);
  a.series_length = q.evening.series_length;

  const ThresholdPolicy threshold(17);
  const std::vector<SoloWorkload> workloads = {
      {"threshold:17", JokerSet{}, &threshold},
      {q.policy->name() + " " + loadout_name(q.jokers), q.jokers, q.policy}};
  Run run(q, a, control);
  for (const auto& w : workloads) {
    if (control.stopped()) break;
    if (!run.solo_rows(w)) break;
  }
  run.pass_rows(workloads);
  run.evening_rows();
  run.mpi_rows(workloads.front());
  a.trust_warnings = trust_warnings(a, run.log());
  const std::uint64_t total =
      (2 * workloads.size() + 1) * static_cast<std::uint64_t>(s.max_threads) + (a.ranks > 1 ? 2 : 0);
  a.done = {control.stopped(), run.rows_done(), total, "measurements"};
  return a;
}

}  // namespace verflixt::verflixte6
