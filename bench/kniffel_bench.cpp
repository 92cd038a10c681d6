// Google Benchmark for Kniffel's exact solve: items are sheets solved (one turn solved over
// every keep), so the rate reads as sheets per second. Argument 0 is the bonus threshold: 63 is
// the full yahtzee game (536,320 sheets, about half a second on one core), 10 a smaller one of
// the same kind (fewer upper totals); argument 1 the threads.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "verflixt/games/kniffel/solver.h"

namespace verflixt::kniffel {

static void BM_KniffelSolve(benchmark::State& state) {
  KniffelRules rules = preset("yahtzee");
  rules.bonus_threshold = static_cast<int>(state.range(0));
  const int threads = static_cast<int>(state.range(1));
  std::int64_t sheets = 0;
  for (auto _ : state) {
    const KniffelSolution s(rules, threads);
    benchmark::DoNotOptimize(s.expected_score());
    sheets += static_cast<std::int64_t>(s.sheets_solved());
  }
  state.SetItemsProcessed(sheets);
  state.SetLabel("item: one sheet");
}
// One thread is timed by its CPU time, which a busy machine disturbs least; more threads only
// by the wall clock, the time they save.
BENCHMARK(BM_KniffelSolve)->ArgNames({"bonus_threshold", "threads"})->Args({10, 1})->Args({63, 1})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_KniffelSolve)->ArgNames({"bonus_threshold", "threads"})->Args({63, 2})->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace verflixt::kniffel
