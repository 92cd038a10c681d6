// Google Benchmark for the exact two-player Zehntausend race (core/race_solver.h): one whole
// solve at a small limit (its turn built once, outside the timing), on 1 and 2 threads. An
// item is one turn evaluated (RaceSolution::turn_evaluations), so items per second compare
// across limits; the preset's limit (10000) takes the same per-item work times about
// (10000 / limit)^2 more items and a longer turn to play for each.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "verflixt/games/zehntausend/race.h"

namespace verflixt::zehntausend {

// Argument 0: the limit (points); argument 1: threads.
static void BM_ZehntausendRaceSolve(benchmark::State& state) {
  ZehntausendRules rules;
  rules.limit = static_cast<int>(state.range(0));
  const Race race(rules, kDefaultOvershoot, Race::TurnOnly{});
  std::uint64_t evaluations = 0;
  for (auto _ : state) {
    const core::RaceSolution s = race.solve({.threads = static_cast<int>(state.range(1))});
    benchmark::DoNotOptimize(s.first_wins());
    evaluations += s.turn_evaluations;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(evaluations));
  state.SetLabel("item: one turn evaluated (a start of the race)");
}
BENCHMARK(BM_ZehntausendRaceSolve)
    ->ArgNames({"limit", "threads"})
    ->Args({1000, 1})
    ->Args({1000, 2})
    ->Args({2000, 1})
    ->Unit(benchmark::kMillisecond);

}  // namespace verflixt::zehntausend
