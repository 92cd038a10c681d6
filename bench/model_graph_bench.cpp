// The hand-written exact solvers against the one generic algorithm they are tested to agree
// with (tests/games/model_graph_test.cpp): the game's model compiled into a graph
// (core/model_graph.h) and solved by the core's value iteration, on the same problem, capped
// as the tests cap it (the solved policies of tests/games/solved_choices.h). A hand-written
// solver is kept where it is faster; these pairs show by how much. Each pair runs in the same
// process, so read the ratio of its two times, not the times.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <optional>
#include <vector>

#include "games/en_gingg/model.h"
#include "games/kniffel/model.h"
#include "games/pig/model.h"
#include "games/solved_choices.h"
#include "games/verflixte6/rules/model.h"
#include "games/zehntausend/model.h"
#include "verflixt/core/model_graph.h"
#include "verflixt/games/en_gingg/solver.h"
#include "verflixt/games/pig/solver.h"
#include "verflixt/games/verflixte6/exact/solver.h"
#include "verflixt/games/zehntausend/turn_solver.h"

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
  const auto free_below_60 = model_tests::verflixte6_open_below(60, rules, policy);
  for (auto _ : state) {
    const core::ModelGraph g = core::compile_model(game, game.initial_state(), free_below_60);
    benchmark::DoNotOptimize(core::solve_graph(core::GraphValues::of_player(g, 0)).values[g.root()]);
  }
  state.SetLabel("solo turn: compiled model, value iteration");
}
BENCHMARK(BM_Verflixte6SoloGeneric)->Unit(benchmark::kMillisecond);

// En Gingg's phase 1, the own balance change.
void BM_EnGinggPhase1HandWritten(benchmark::State& state) {
  const en_gingg::EnGinggRules rules;
  for (auto _ : state) benchmark::DoNotOptimize(en_gingg::Phase1Solution(rules, en_gingg::Objective::Own).value());
  state.SetLabel("en gingg phase 1: the phase-1 solver");
}
BENCHMARK(BM_EnGinggPhase1HandWritten)->Unit(benchmark::kMillisecond);

void BM_EnGinggPhase1Generic(benchmark::State& state) {
  const en_gingg::EnGinggModel game{en_gingg::EnGinggRules{}};
  for (auto _ : state) {
    const core::ModelGraph g = core::compile_model(game, game.initial_state());
    benchmark::DoNotOptimize(core::solve_graph(core::GraphValues(g, {1, 0})).values[g.root()]);
  }
  state.SetLabel("en gingg phase 1: compiled model, value iteration");
}
BENCHMARK(BM_EnGinggPhase1Generic)->Unit(benchmark::kMillisecond);

// Zehntausend's turn at the preset (the generic one free below 3000 points, as tested: the
// solved policy's choice above, so the hand-written solve runs once outside the loop).
void BM_ZehntausendTurnHandWritten(benchmark::State& state) {
  const zehntausend::ZehntausendModel game{zehntausend::ZehntausendRules{}};
  for (auto _ : state) benchmark::DoNotOptimize(zehntausend::solve_turn(game.turn_model()).value);
  state.SetLabel("zehntausend turn: the turn solver");
}
BENCHMARK(BM_ZehntausendTurnHandWritten)->Unit(benchmark::kMillisecond);

void BM_ZehntausendTurnGeneric(benchmark::State& state) {
  const zehntausend::ZehntausendModel game{zehntausend::ZehntausendRules{}};
  const zehntausend::TurnSolution sol = zehntausend::solve_turn(game.turn_model());
  const auto free_below_3000 = model_tests::zehntausend_open_below(3000, game, sol);
  for (auto _ : state) {
    const core::ModelGraph g = core::compile_model(game, game.initial_state(), free_below_3000);
    benchmark::DoNotOptimize(core::solve_graph(core::GraphValues::of_player(g, 0)).values[g.root()]);
  }
  state.SetLabel("zehntausend turn: compiled model, value iteration");
}
BENCHMARK(BM_ZehntausendTurnGeneric)->Unit(benchmark::kMillisecond);

// The compile itself, of the game's own model against the erased one (core::ErasedGame, what
// Python's State.exact compiles: a virtual call and a copied state a step): Kniffel's last two
// categories, 252 outcomes at each first throw of five dice.

void BM_KniffelCompileOwn(benchmark::State& state) {
  const kniffel::KniffelModel game{kniffel::KniffelRules{}};
  for (auto _ : state) benchmark::DoNotOptimize(core::compile_model(game, model_tests::kniffel_two_open()).size());
  state.SetLabel("kniffel, two categories left: the game's own model");
}
BENCHMARK(BM_KniffelCompileOwn)->Unit(benchmark::kMillisecond);

void BM_KniffelCompileErased(benchmark::State& state) {
  const core::ErasedGame game(core::AnyGame(kniffel::KniffelModel{kniffel::KniffelRules{}}));
  for (auto _ : state) benchmark::DoNotOptimize(core::compile_model(game, core::AnyState{model_tests::kniffel_two_open()}).size());
  state.SetLabel("kniffel, two categories left: the erased model");
}
BENCHMARK(BM_KniffelCompileErased)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace verflixt
