// Micro-benchmarks of the sampling side: the generator, the die, one kernel step, a whole
// kernel turn, and the naive loops they replace. Items per second are draws, throws, steps
// or turns as named. Single-threaded, so the numbers are per core.
#include <benchmark/benchmark.h>

#include <random>

#include "verflixt/core/kernel.h"
#include "verflixt/games/verflixte6/analyses/yardstick.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/core/rng.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"

namespace verflixt::verflixte6 {
namespace {

void BM_Xoshiro256ss(benchmark::State& state) {
  core::Rng g(1);
  for (auto _ : state) benchmark::DoNotOptimize(g());
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("item: one 64-bit draw");
}
BENCHMARK(BM_Xoshiro256ss);

void BM_RollDie(benchmark::State& state) {
  core::Rng g(1);
  for (auto _ : state) benchmark::DoNotOptimize(core::roll_die(g));
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("item: one die");
}
BENCHMARK(BM_RollDie);

// The die a first version uses.
void BM_NaiveDie(benchmark::State& state) {
  std::mt19937_64 g(1);
  std::uniform_int_distribution<int> die(1, 6);
  for (auto _ : state) benchmark::DoNotOptimize(die(g));
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("item: one die");
}
BENCHMARK(BM_NaiveDie);

// A chain whose every turn is exactly kDepth steps of six equally likely outcomes (layers of
// eight states), so turns/s times kDepth is the kernel's steps/s.
constexpr int kDepth = 64;
core::Chain fixed_length_chain() {
  constexpr int kWidth = 8;
  core::Chain c;
  const int live = kDepth * kWidth;
  for (int s = 0; s < live; ++s) {
    c.value.push_back(0);
    c.terminal.push_back(0);
    c.eliminated.push_back(0);
  }
  for (int t = 0; t < kWidth; ++t) {
    c.value.push_back(t);
    c.terminal.push_back(1);
    c.eliminated.push_back(0);
  }
  c.first.push_back(0);
  for (int s = 0; s < live; ++s) {
    const int next_layer = (s / kWidth + 1) * kWidth;
    for (int f = 0; f < 6; ++f) {
      c.outcome_next.push_back(static_cast<std::uint32_t>(next_layer + (s + f) % kWidth));
      c.outcome_prob.push_back(1.0 / 6);
    }
    c.first.push_back(static_cast<std::uint32_t>(c.outcome_next.size()));
  }
  for (int t = 0; t < kWidth; ++t) c.first.push_back(c.first.back());
  return c;
}

// One kernel step of every lane (one-step rows: a draw, two gathers, the restart logic).
void BM_KernelStep(benchmark::State& state) {
  core::AliasOptions one_step;
  one_step.max_steps = 1;
  const core::AliasChain a = compile_alias(fixed_length_chain(), one_step);
  constexpr std::uint64_t kTurns = 1 << 16;
  std::uint64_t seed = 0;
  for (auto _ : state) benchmark::DoNotOptimize(core::sample_chain(a, kTurns, ++seed, core::KernelOptions{1, kTurns}));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kTurns) * kDepth);
  state.SetLabel("item: one kernel step of one lane");
}
BENCHMARK(BM_KernelStep)->Unit(benchmark::kMillisecond);

const core::Chain& threshold17() {
  static const core::Chain c = compile_chain(preset("tournament-2019"), JokerSet{}, ThresholdPolicy(17));
  return c;
}

// Whole turns, with one-step rows (argument 1) and the default rows (8: up to 8 steps a draw).
void BM_KernelTurnThreshold17(benchmark::State& state) {
  core::AliasOptions options;
  options.max_steps = static_cast<int>(state.range(0));
  const core::AliasChain a = compile_alias(threshold17(), options);
  constexpr std::uint64_t kTurns = 1 << 20;
  std::uint64_t seed = 0;
  for (auto _ : state) benchmark::DoNotOptimize(core::sample_chain(a, kTurns, ++seed, core::KernelOptions{1, 1 << 16}));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kTurns));
  state.SetLabel("item: one whole turn");
}
BENCHMARK(BM_KernelTurnThreshold17)->ArgName("steps_per_row")->Arg(1)->Arg(8)->Unit(benchmark::kMillisecond);

void BM_NaiveTurnThreshold17(benchmark::State& state) {
  constexpr std::uint64_t kTurns = 1 << 18;
  std::uint64_t seed = 0;
  const Rules rules = preset("tournament-2019");
  for (auto _ : state) benchmark::DoNotOptimize(naive_threshold(rules, 17, kTurns, ++seed, 1));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kTurns));
  state.SetLabel("item: one whole turn");
}
BENCHMARK(BM_NaiveTurnThreshold17)->Unit(benchmark::kMillisecond);

void BM_NaiveChainTurnThreshold17(benchmark::State& state) {
  constexpr std::uint64_t kTurns = 1 << 18;
  std::uint64_t seed = 0;
  for (auto _ : state) benchmark::DoNotOptimize(core::naive_sample_chain(threshold17(), kTurns, ++seed, 1));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kTurns));
  state.SetLabel("item: one whole turn");
}
BENCHMARK(BM_NaiveChainTurnThreshold17)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace verflixt::verflixte6
