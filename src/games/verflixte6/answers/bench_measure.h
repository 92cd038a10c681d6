#pragma once
// How bench (answers/bench.h) times a workload and keeps every repeat: one timed run (wall and
// process CPU time), the back-to-back repeats of kernel and baseline that fill a row, and the
// log of how long the runs took, for the warnings about their trustworthiness.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <limits>
#include <vector>

#include "verflixt/core/cluster.h"
#include "verflixt/core/run_control.h"
#include "verflixt/core/stats.h"
#include "verflixt/games/verflixte6/answers/bench.h"

namespace verflixt::verflixte6::bench_detail {

struct Timed {
  core::Tally tally;
  double seconds = 0;      // wall clock
  double cpu_seconds = 0;  // process CPU time, all threads
};

// A run shorter than this is dominated by timer resolution, thread start-up and scheduling.
inline constexpr double kTrustSeconds = 0.2;

// How long the timed runs of one bench took.
struct TimingLog {
  int runs = 0, short_runs = 0;
  double shortest = std::numeric_limits<double>::infinity();
};

template <class Run>
Timed time_once(Run run, TimingLog& log) {
  Timed t;
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  t.tally = run();
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  t.cpu_seconds = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
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

// Times kernel and baseline `repeats` times, alternating which runs first, and fills the row's
// series and its first repeat's tallies; `one_step` runs only where the row has_one_step.
// `kernel_tally_of_first` is the workload's one-thread kernel tally, set by its first row.
template <class K, class K1, class B>
void measure(BenchRow& row, int repeats, const std::vector<double>& one_thread_kernel, K kernel, K1 one_step,
             B baseline, core::Tally& kernel_tally_of_first, TimingLog& log, const core::RunControl& control) {
  // A stop request (Ctrl-C) ends the repeats: each run it cuts returns at once, but a thousand
  // of them still took seconds. Under mpirun the ranks agree on it before each repeat, so
  // that every rank leaves at the same one.
  const auto stop_agreed = [&] {
    std::vector<std::uint64_t> stop{control.stopped() ? 1u : 0u};
    core::cluster::sum_everywhere(stop);
    return stop[0] > 0;
  };
  using M = BenchRow::Measure;
  for (int r = 0; r < repeats; ++r) {
    if (r > 0 && stop_agreed()) break;
    Timed k, k1, b;
    if (r % 2 == 0) {
      k = time_once(kernel, log);
      if (row.has_one_step) k1 = time_once(one_step, log);
      b = time_once(baseline, log);
    } else {
      b = time_once(baseline, log);
      if (row.has_one_step) k1 = time_once(one_step, log);
      k = time_once(kernel, log);
    }
    if (r == 0) {
      row.kernel_tally = k.tally;
      row.baseline_tally = b.tally;
      row.one_step_tally = k1.tally;
      if (row.threads == 1) kernel_tally_of_first = k.tally;
    }
    row.same_as_one_thread = row.same_as_one_thread && k.tally == kernel_tally_of_first;
    auto& s = row.series;
    s[M::KERNEL].values.push_back(rate(k));
    s[M::BASELINE].values.push_back(rate(b));
    s[M::RATIO].values.push_back(rate(k) / std::max(rate(b), 1e-9));
    s[M::KERNEL_CPU].values.push_back(cpu_rate(k));
    s[M::BASELINE_CPU].values.push_back(cpu_rate(b));
    s[M::CPU_RATIO].values.push_back(cpu_rate(k) / std::max(cpu_rate(b), 1e-9));
    s[M::SCALING].values.push_back(rate(k) / std::max(row.threads == 1 ? rate(k) : one_thread_kernel[r], 1e-9));
    s[M::KERNEL_CPU_PER_WALL].values.push_back(cpu_per_wall(k, row.threads));
    if (row.has_one_step) {
      s[M::ONE_STEP].values.push_back(rate(k1));
      s[M::ONE_STEP_RATIO].values.push_back(rate(k1) / std::max(rate(b), 1e-9));
      s[M::ONE_STEP_CPU].values.push_back(cpu_rate(k1));
    }
  }
}

}  // namespace verflixt::verflixte6::bench_detail
