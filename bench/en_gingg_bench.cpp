// Google Benchmark for En Gingg as Bei: whole games through the reference engine on one
// thread (items = games), the number docs/games/en-gingg.md quotes as games per second per core, and the
// exact phase-1 solve.
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "verflixt/core/chance.h"
#include "verflixt/games/en_gingg/engine.h"
#include "verflixt/core/rng.h"

namespace verflixt::en_gingg {

// Argument: the players at the table, every seat playing `spec`.
static void whole_games(benchmark::State& state, const char* spec) {
  EnGinggRules rules;
  rules.players = static_cast<int>(state.range(0));
  const auto policy = make_policy(spec, rules);
  const std::vector<const SetAsidePolicy*> seats(static_cast<size_t>(rules.players), policy.get());
  core::Rng rng = core::chunk_rng(1, 0);
  auto dice = [&] { return core::roll_face(rng, rules.faces); };
  for (auto _ : state) benchmark::DoNotOptimize(play_game(rules, seats, dice).turns);
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("item: one whole game");
}

static void BM_EnGinggGameOptimalOwnPlusNext(benchmark::State& state) { whole_games(state, "optimal:own+next"); }
BENCHMARK(BM_EnGinggGameOptimalOwnPlusNext)->ArgName("players")->Arg(2)->Arg(4)->Arg(8);

static void BM_EnGinggGameKeepFives(benchmark::State& state) { whole_games(state, "keep-from:5"); }
BENCHMARK(BM_EnGinggGameKeepFives)->ArgName("players")->Arg(2)->Arg(4)->Arg(8);

static void BM_EnGinggSolvePhase1(benchmark::State& state) {
  const EnGinggRules rules;
  for (auto _ : state) benchmark::DoNotOptimize(Phase1Solution(rules, Objective::OwnPlusNext).value());
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("item: one solve");
}
BENCHMARK(BM_EnGinggSolvePhase1);

}  // namespace verflixt::en_gingg
