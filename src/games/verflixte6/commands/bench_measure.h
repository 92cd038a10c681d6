#pragma once
// How `verflixt bench` times a workload and keeps every repeat: one timed run (wall and
// process CPU time), the summary of a measure's repeats, a row of measures, the back-to-back
// repeats of kernel and baseline, and what the timings say about their own trustworthiness.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <iterator>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "cli/cli.h"
#include "verflixt/core/cluster.h"
#include "verflixt/core/kernel.h"
#include "verflixt/core/report.h"
#include "verflixt/games/verflixte6/analyses/objective.h"

namespace verflixt::cli::bench_measure {


// ---- Timing ----

struct Timed {
  core::Tally tally;
  double seconds = 0;      // wall clock
  double cpu_seconds = 0;  // process CPU time, all threads
};

// A run shorter than this is dominated by timer resolution, thread start-up and scheduling.
inline constexpr double kTrustSeconds = 0.2;

// What the timings of one bench say about themselves, for the warnings at the end.
struct TimingLog {
  int runs = 0, short_runs = 0;
  double shortest = std::numeric_limits<double>::infinity();
};
inline TimingLog& timing_log() {
  thread_local TimingLog log;  // the bench's own: it times on its command's thread
  return log;
}

template <class Run>
Timed time_once(Run run) {
  Timed t;
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  t.tally = run();
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  t.cpu_seconds = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  TimingLog& log = timing_log();
  ++log.runs;
  log.short_runs += t.seconds < kTrustSeconds;
  log.shortest = std::min(log.shortest, t.seconds);
  if (core::cluster::size() > 1) {  // under mpirun: the turns are all ranks', so is the CPU time
    std::vector<std::uint64_t> ns{static_cast<std::uint64_t>(t.cpu_seconds * 1e9)};
    core::cluster::sum_everywhere(ns);
    t.cpu_seconds = static_cast<double>(ns[0]) * 1e-9;
  }
  return t;
}

inline double rate(const Timed& t) { return static_cast<double>(t.tally.turns()) / std::max(t.seconds, 1e-9); }
inline double cpu_rate(const Timed& t) { return static_cast<double>(t.tally.turns()) / std::max(t.cpu_seconds, 1e-9); }
// CPU seconds per wall second per thread: 1 when every thread worked the whole run, below 1
// when the machine took time away, above 1 only when CPU time not of the run was counted.
inline double cpu_per_wall(const Timed& t, int threads) { return t.cpu_seconds / std::max(t.seconds * threads, 1e-9); }

// ---- Every repeat of one measure, and its summary ----

struct Series {
  std::vector<double> values;
  double mean() const {
    double s = 0;
    for (double v : values) s += v;
    return values.empty() ? 0 : s / static_cast<double>(values.size());
  }
  // Sample standard deviation (n - 1); 0 for a single repeat.
  double sd() const {
    if (values.size() < 2) return 0;
    const double m = mean();
    double s = 0;
    for (double v : values) s += (v - m) * (v - m);
    return std::sqrt(s / static_cast<double>(values.size() - 1));
  }
  double min() const { return values.empty() ? 0 : *std::min_element(values.begin(), values.end()); }
  double max() const { return values.empty() ? 0 : *std::max_element(values.begin(), values.end()); }
};

// A measure in JSON: {"mean", "sd", "min", "max", "values"}.
inline core::report::Nested series_json(const Series& s) {
  core::report::Table t{.columns = {{.name = "mean"}, {.name = "sd"}, {.name = "min"}, {.name = "max"}, {.name = "values"}},
                        .json = core::report::Table::Object};
  return t.row({s.mean(), s.sd(), s.min(), s.max(), s.values}).nested();
}
// The measures of a row, in report order. The key is the JSON key and the CSV column; the
// label is the table's.
struct Measure {
  const char* key;
  const char* label;
};
inline constexpr Measure kMeasures[] = {
    {"kernel_turns_per_second", "kernel turns/s"},
    {"one_step_kernel_turns_per_second", "one-step kernel turns/s"},
    {"baseline_turns_per_second", "baseline turns/s"},
    {"kernel_to_baseline_ratio", "kernel/baseline ratio"},
    {"one_step_to_baseline_ratio", "one-step/baseline ratio"},
    {"kernel_turns_per_cpu_second", "kernel turns/CPU-s"},
    {"one_step_kernel_turns_per_cpu_second", "one-step kernel turns/CPU-s"},
    {"baseline_turns_per_cpu_second", "baseline turns/CPU-s"},
    {"kernel_to_baseline_cpu_ratio", "kernel/baseline ratio, CPU"},
    {"kernel_scaling_vs_1_thread", "kernel scaling vs 1 thread"},
    {"kernel_cpu_per_wall_per_thread", "kernel CPU-s per wall-s per thread"},
};
inline constexpr int kMeasureCount = static_cast<int>(std::size(kMeasures));
enum MeasureId {
  KERNEL, ONE_STEP, BASELINE, RATIO, ONE_STEP_RATIO, KERNEL_CPU, ONE_STEP_CPU, BASELINE_CPU, CPU_RATIO, SCALING,
  KERNEL_CPU_PER_WALL
};

struct Row {
  std::string section;   // "solo" or "passes"
  std::string workload;
  int players = 1;
  int threads = 1;
  std::string baseline;  // what the baseline is
  bool has_one_step = false;
  Series series[kMeasureCount];
  std::uint64_t kernel_turns = 0, baseline_turns = 0;
  std::string signature;  // solo rows only
  core::Tally one_step_tally;   // of the first repeat
  bool same_as_one_thread = true;
};

// Times kernel and baseline `repeats` times, alternating which runs first; fills the row's
// series. `one_step` may be empty (no one-step kernel in this section).
template <class K, class K1, class B>
std::pair<Timed, Timed> measure(Row& row, int repeats, const std::vector<double>& one_thread_kernel, K kernel,
                                K1 one_step, B baseline, core::Tally& kernel_tally_of_first) {
  Timed first_k, first_b;
  // A stop request (Ctrl-C) ends the repeats: each run it cuts returns at once, but a thousand
  // of them still took seconds. Under mpirun the ranks agree on it before each repeat, so
  // that every rank leaves at the same one.
  const auto stop_agreed = [] {
    std::vector<std::uint64_t> stop{interrupt_flag().load() ? 1u : 0u};
    core::cluster::sum_everywhere(stop);
    return stop[0] > 0;
  };
  for (int r = 0; r < repeats; ++r) {
    if (r > 0 && stop_agreed()) break;
    Timed k, k1, b;
    if (r % 2 == 0) {
      k = time_once(kernel);
      if (row.has_one_step) k1 = time_once(one_step);
      b = time_once(baseline);
    } else {
      b = time_once(baseline);
      if (row.has_one_step) k1 = time_once(one_step);
      k = time_once(kernel);
    }
    if (r == 0) {
      first_k = k;
      first_b = b;
      row.one_step_tally = k1.tally;
      if (row.threads == 1) kernel_tally_of_first = k.tally;
    }
    // The kernel's tally depends on the seed only: every repeat and thread count agrees.
    row.same_as_one_thread = row.same_as_one_thread && k.tally == kernel_tally_of_first;
    auto& s = row.series;
    s[KERNEL].values.push_back(rate(k));
    s[BASELINE].values.push_back(rate(b));
    s[RATIO].values.push_back(rate(k) / std::max(rate(b), 1e-9));
    s[KERNEL_CPU].values.push_back(cpu_rate(k));
    s[BASELINE_CPU].values.push_back(cpu_rate(b));
    s[CPU_RATIO].values.push_back(cpu_rate(k) / std::max(cpu_rate(b), 1e-9));
    s[SCALING].values.push_back(rate(k) / std::max(row.threads == 1 ? rate(k) : one_thread_kernel[r], 1e-9));
    s[KERNEL_CPU_PER_WALL].values.push_back(cpu_per_wall(k, row.threads));
    if (row.has_one_step) {
      s[ONE_STEP].values.push_back(rate(k1));
      s[ONE_STEP_RATIO].values.push_back(rate(k1) / std::max(rate(b), 1e-9));
      s[ONE_STEP_CPU].values.push_back(cpu_rate(k1));
    }
  }
  row.kernel_turns = first_k.tally.turns();
  row.baseline_turns = first_b.tally.turns();
  return {first_k, first_b};
}

// An evening run as the Tally the timing code counts: `turns` turns (every seat's turn of
// every pass), one of which carries a hash of the exact moment sums, so that comparing two
// such tallies compares the two runs' results bit for bit.
inline core::Tally evening_tally(const verflixte6::ObjectiveRun& run, std::uint64_t turns_per_evening) {
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
inline std::vector<std::string> trust_warnings(const std::vector<Row>& rows) {
  std::vector<std::string> out;
  const TimingLog& log = timing_log();
  if (log.short_runs > 0)
    out.push_back(std::to_string(log.short_runs) + " of " + std::to_string(log.runs) + " timed runs took under " +
                  fmt("%.1f", kTrustSeconds) + " s (shortest " + fmt("%.3f", log.shortest) +
                  " s): too short to trust, timer resolution and start-up dominate; raise --turns, --baseline-turns "
                  "or --table-turns");
  for (const Row& row : rows) {
    const Series& c = row.series[KERNEL_CPU_PER_WALL];
    if (row.threads == 1 && !c.values.empty() && c.max() > 1.05)
      out.push_back(row.section + " " + row.workload + ": one thread used " + fmt("%.2f", c.max()) +
                    " CPU-seconds per wall-second: CPU time not of the work was counted (OMP_WAIT_POLICY=" +
                    std::string(std::getenv("OMP_WAIT_POLICY") ? std::getenv("OMP_WAIT_POLICY") : "unset") +
                    "), so its per-CPU-second rates are too low");
  }
  return out;
}

}  // namespace verflixt::cli::bench_measure
