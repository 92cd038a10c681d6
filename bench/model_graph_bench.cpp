// The hand-written exact solvers against the one generic algorithm they are tested to agree
// with (tests/games/model_graph_test.cpp): the game's model compiled into a graph
// (core/model_graph.h) and solved by the core's value iteration, on the same problem. A
// hand-written solver is kept where it is faster; these pairs show by how much. Each pair
// runs in the same process, so read the ratio of its two times, not the times.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <optional>
#include <vector>

#include "games/pig/model.h"
#include "games/verflixte6/rules/model.h"
#include "verflixt/core/model_graph.h"
#include "verflixt/games/pig/solver.h"
#include "verflixt/games/verflixte6/exact/solver.h"

namespace verflixt {
namespace {

// Pig to 25 points: P(first player wins) under optimal play.
pig::PigRules pig_rules() {
  pig::PigRules rules;
  rules.goal = 25;
  return rules;
}

void BM_PigHandWritten(benchmark::State& state) {
  const pig::PigRules rules = pig_rules();
  for (auto _ : state) benchmark::DoNotOptimize(pig::solve(rules).win_probability(0, 0, 0));
  state.SetLabel("pig goal 25: level-by-level value iteration");
}
BENCHMARK(BM_PigHandWritten)->Unit(benchmark::kMillisecond);

void BM_PigGeneric(benchmark::State& state) {
  const pig::PigModel game(pig_rules());
  for (auto _ : state) {
    const core::ModelGraph g = core::compile_model(game, game.initial_state());
    const auto values = core::GraphValues::zero_sum(g);
    benchmark::DoNotOptimize(values.value_for(core::solve_graph(values).values, g.root(), 0));
  }
  state.SetLabel("pig goal 25: compiled model, value iteration");
}
BENCHMARK(BM_PigGeneric)->Unit(benchmark::kMillisecond);

// Die verflixte 6's solo turn, default loadout (the generic one free below 60 eyes, as tested).
void BM_Verflixte6SoloHandWritten(benchmark::State& state) {
  const verflixte6::Rules rules;
  const verflixte6::JokerSet loadout = verflixte6::Verflixte6Model::default_loadout();
  for (auto _ : state) benchmark::DoNotOptimize(verflixte6::solve_solo(rules, loadout).ev);
  state.SetLabel("solo turn: the solo solver");
}
BENCHMARK(BM_Verflixte6SoloHandWritten)->Unit(benchmark::kMillisecond);

void BM_Verflixte6SoloGeneric(benchmark::State& state) {
  const verflixte6::Rules rules;
  const verflixte6::Verflixte6Model game(rules);
  const verflixte6::SoloSolution sol = verflixte6::solve_solo(rules, game.loadout());
  const verflixte6::SolvedPolicy policy(rules, game.loadout(), sol.table, sol.threshold);
  const auto free_below_60 = [&](const verflixte6::Verflixte6Model::State& s,
                                 const std::vector<verflixte6::Action>& actions) -> std::optional<std::size_t> {
    if (s.turn.eyes < 60) return std::nullopt;
    const verflixte6::Action a = policy.decide(verflixte6::TurnView{rules, s.turn, -1, {}, 0});
    for (std::size_t i = 0; i < actions.size(); ++i)
      if (actions[i] == a) return i;
    return std::nullopt;
  };
  for (auto _ : state) {
    const core::ModelGraph g = core::compile_model(game, game.initial_state(), free_below_60);
    benchmark::DoNotOptimize(core::solve_graph(core::GraphValues::of_player(g, 0)).values[g.root()]);
  }
  state.SetLabel("solo turn: compiled model, value iteration");
}
BENCHMARK(BM_Verflixte6SoloGeneric)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace verflixt
