// Google Benchmark for Schocken's reference engine: whole games (two halves and, when it comes
// to it, the final) per second on one core, with the round-equilibrium tables and with a
// heuristic, at 4 and 8 seats; and the exact solvers (one beat-the-hand solve, one round
// equilibrium).
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "verflixt/games/schocken/engine.h"
#include "verflixt/games/schocken/solver.h"
#include "verflixt/core/rng.h"

namespace verflixt::schocken {

// Argument 0: seats; argument 1: 0 = equilibrium tables, 1 = the default heuristic.
static void BM_SchockenWholeGame(benchmark::State& state) {
  SchockenRules rules;
  rules.players = static_cast<int>(state.range(0));
  std::shared_ptr<const RoundKeepTables> cache;
  const std::unique_ptr<SchockenPolicy> policy =
      state.range(1) == 0 ? make_policy("equilibrium", rules, cache)
                          : std::make_unique<HeuristicPolicy>(HeuristicParams{}, "heuristic");
  const std::vector<const SchockenPolicy*> seats(static_cast<size_t>(rules.players), policy.get());
  core::Rng rng = core::chunk_rng(1, 0);
  auto dice = [&] { return core::roll_die(rng); };
  std::int64_t rounds = 0;
  for (auto _ : state) rounds += play_game(rules, seats, dice).rounds;
  benchmark::DoNotOptimize(rounds);
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(state.range(1) ? "item: one whole game; heuristic" : "item: one whole game; equilibrium tables");
}
BENCHMARK(BM_SchockenWholeGame)->ArgNames({"players", "heuristic"})->Args({4, 0})->Args({8, 0})->Args({4, 1});

static void BM_SchockenSolveBeat(benchmark::State& state) {
  const SchockenRules rules;
  for (auto _ : state) benchmark::DoNotOptimize(solve_beat(rules, 3, {make_dice(6, 6, 5), 3}).start);
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("item: one solve");
}
BENCHMARK(BM_SchockenSolveBeat);

static void BM_SchockenRoundEquilibrium(benchmark::State& state) {
  const SchockenRules rules;
  for (auto _ : state) benchmark::DoNotOptimize(solve_round(rules, static_cast<int>(state.range(0))).p_worst);
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("item: one solve of a round");
}
BENCHMARK(BM_SchockenRoundEquilibrium)->ArgName("players")->Arg(4)->Arg(8)->Unit(benchmark::kMillisecond);

}  // namespace verflixt::schocken
