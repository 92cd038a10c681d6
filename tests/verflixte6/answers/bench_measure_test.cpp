// The bench's repeats (bench_measure.h) end at a stop request: each run a Ctrl-C cuts returns
// at once, but every remaining repeat still ran — a thousand of them took seconds, and more
// than ten under the sanitizers. Counted, not timed: how many runs come after the request.
#include <gtest/gtest.h>

#include <atomic>

#include "games/verflixte6/answers/bench_measure.h"

namespace verflixt::verflixte6::bench_detail {
namespace {

core::Tally one_turn() {
  core::Tally t;
  t.add(1, false);
  return t;
}

TEST(BenchMeasure, AStopRequestEndsTheRepeats) {
  std::atomic<bool> stop{false};
  core::RunControl control;
  control.stop = &stop;
  BenchRow row;
  core::Tally first;
  TimingLog log;
  int kernel_runs = 0, baseline_runs = 0;
  const auto kernel = [&] {
    if (++kernel_runs == 3) stop = true;  // Ctrl-C during the third repeat
    return one_turn();
  };
  const auto baseline = [&] {
    ++baseline_runs;
    return one_turn();
  };
  measure(row, 1000, {}, kernel, [] { return core::Tally{}; }, baseline, first, log, control);
  EXPECT_EQ(kernel_runs, 3);
  EXPECT_EQ(baseline_runs, 3);  // the third repeat finishes; no fourth starts
  EXPECT_EQ(row.series[BenchRow::KERNEL].values.size(), 3u);
  EXPECT_EQ(log.runs, 6);
}

TEST(BenchMeasure, WithoutAStopEveryRepeatRuns) {
  BenchRow row;
  core::Tally first;
  TimingLog log;
  int runs = 0;
  measure(row, 7, {}, [&] { return ++runs, one_turn(); }, [] { return core::Tally{}; }, one_turn, first, log, {});
  EXPECT_EQ(runs, 7);
  EXPECT_EQ(row.series[BenchRow::KERNEL].values.size(), 7u);
}

}  // namespace
}  // namespace verflixt::verflixte6::bench_detail
