// Google Benchmark for the reference engine: it is the readable oracle, not the fast path,
// but its speed bounds how large the cross-check tests can be.
#include <benchmark/benchmark.h>

#include "verflixt/engine.h"

namespace verflixt {

static void BM_ReferenceSoloTurnThreshold17(benchmark::State& state) {
  const Rules rules = preset("tournament-2019");
  const ThresholdPolicy policy(17);
  RandomDice dice(chunk_rng(1, 0));
  std::int64_t sum = 0;
  for (auto _ : state) sum += play_solo_turn(rules, {}, policy, dice).eyes;
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ReferenceSoloTurnThreshold17);

static void BM_ReferencePassSixPlayers(benchmark::State& state) {
  const Rules rules = preset("tournament-2019");
  const ThresholdPolicy policy(17);
  RandomDice dice(chunk_rng(1, 0));
  std::vector<PassSeat> seats(6, PassSeat{&policy, {}, 0, 0});
  for (auto _ : state) benchmark::DoNotOptimize(play_pass(rules, seats, 0, dice));
  state.SetItemsProcessed(state.iterations() * 6);
}
BENCHMARK(BM_ReferencePassSixPlayers);

}  // namespace verflixt

BENCHMARK_MAIN();
