// Google Benchmark for the reference engine: it is the readable oracle, not the fast path,
// but its speed bounds how large the cross-check tests can be.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/kernels/pass_kernel.h"

namespace verflixt::verflixte6 {

static void BM_ReferenceSoloTurnThreshold17(benchmark::State& state) {
  const Rules rules = preset("tournament-2019");
  const ThresholdPolicy policy(17);
  core::RandomDice dice(core::chunk_rng(1, 0));
  std::int64_t sum = 0;
  for (auto _ : state) sum += play_solo_turn(rules, {}, policy, dice).eyes;
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("item: one solo turn");
}
BENCHMARK(BM_ReferenceSoloTurnThreshold17);

static void BM_ReferencePassSixPlayers(benchmark::State& state) {
  const Rules rules = preset("tournament-2019");
  const ThresholdPolicy policy(17);
  core::RandomDice dice(core::chunk_rng(1, 0));
  std::vector<PassSeat> seats(6, PassSeat{&policy, {}, 0, 0});
  for (auto _ : state) benchmark::DoNotOptimize(play_pass(rules, seats, 0, dice));
  state.SetItemsProcessed(state.iterations() * 6);
  state.SetLabel("item: one turn (6 per pass)");
}
BENCHMARK(BM_ReferencePassSixPlayers);

// The pass kernel (pass_kernel.h) on the same passes, and on passes with jokers, each next to
// the reference engine: compare the two rates of a pair (the machine is shared and noisy).
// Argument: 0 = threshold:17 without jokers, 1 = strategies/heuristic.ini with three jokers.
static std::vector<PassSeat> bench_seats(const Rules& rules, int workload, std::unique_ptr<Policy>& owned) {
  if (workload == 0) owned = std::make_unique<ThresholdPolicy>(17);
  else owned = make_policy("strategies/heuristic.ini", rules);
  JokerSet jokers;
  if (workload == 1) jokers = jokers.with(HIRTENSCHUTZ).with(VENTIL).with(FUMO);
  return std::vector<PassSeat>(6, PassSeat{owned.get(), jokers, 0, 0});
}

static void BM_PassKernelSixPlayers(benchmark::State& state) {
  const Rules rules = preset("tournament-2019");
  std::unique_ptr<Policy> policy;
  const auto seats = bench_seats(rules, static_cast<int>(state.range(0)), policy);
  PassKernel kernel(rules);
  core::Rng rng = core::chunk_rng(1, 0);
  for (auto _ : state) benchmark::DoNotOptimize(kernel.play_pass(seats, 0, rng));
  state.SetItemsProcessed(state.iterations() * 6);
  state.SetLabel(state.range(0) ? "item: one turn; heuristic.ini with 3 jokers" : "item: one turn; threshold:17, no jokers");
}
BENCHMARK(BM_PassKernelSixPlayers)->ArgName("jokers")->Arg(0)->Arg(1);

// The same passes in lanes (play_passes, 64 lanes): 1024 passes per iteration; items are
// turns, 6 per pass, as above. Second argument 0: the lanes (run_lanes); 1: the lane block
// (lane_block.h), whatever this build's default, so that the two compare in one run.
static void BM_PassLanesSixPlayers(benchmark::State& state) {
  const Rules rules = preset("tournament-2019");
  std::unique_ptr<Policy> policy;
  const auto seats = bench_seats(rules, static_cast<int>(state.range(0)), policy);
  PassKernel kernel(rules);
  kernel.set_lane_block(state.range(1) != 0);
  core::Rng rng = core::chunk_rng(1, 0);
  constexpr std::uint64_t kPasses = 1024;
  std::int64_t eyes = 0;
  for (auto _ : state)
    kernel.play_passes(seats, 0, kPasses, rng, [&](int, std::span<const SeatView> table, std::span<const int>) {
      eyes += table[0].eyes;
    });
  benchmark::DoNotOptimize(eyes);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(6 * kPasses));
  state.SetLabel(std::string("item: one turn (6 per pass, 1024 passes an iteration); ") +
                 (state.range(0) ? "heuristic.ini with 3 jokers" : "threshold:17, no jokers") +
                 (state.range(1) ? "; lane block" : "; lanes"));
}
BENCHMARK(BM_PassLanesSixPlayers)->ArgNames({"jokers", "lane_block"})->Args({0, 0})->Args({0, 1})->Args({1, 0})->Args({1, 1});

// The evening workload of `verflixt bench` (strategies/position-jokers.ini against three
// strategies/heuristic.ini, with the loadouts their files name) in lanes (play_series, 64
// lanes): 256 evenings per iteration, as a tournament chunk; items are turns, 12 per evening.
// Argument 0: the lanes; 1: the lane block, whatever this build's default.
static void BM_SeriesFourPlayers(benchmark::State& state) {
  const Rules rules = preset("tournament-2019");
  const auto position = make_policy("strategies/position-jokers.ini", rules);
  const auto heuristic = make_policy("strategies/heuristic.ini", rules);
  const ListSelector pos_list({HIRTENSCHUTZ, RATTENLORD, SPELUNKENBOLD, FUMO, VENTIL, CHERRY, PONY, MONOKEL, SENIGMA});
  const ListSelector heur_list({HIRTENSCHUTZ, RATTENLORD, SPELUNKENBOLD});
  const std::vector<EveningPlayer> players{{position.get(), &pos_list, 0}, {heuristic.get(), &heur_list, 0},
                                           {heuristic.get(), &heur_list, 0}, {heuristic.get(), &heur_list, 0}};
  PassKernel kernel(rules);
  kernel.set_lane_block(state.range(0) != 0);
  core::Rng rng = core::chunk_rng(1, 0);
  constexpr std::uint64_t kEvenings = 256;
  std::int64_t eyes = 0;
  std::uint64_t first = 0;
  for (auto _ : state) {
    kernel.play_series(
        players, false, 1, first, kEvenings, [](std::uint64_t s, int) { return static_cast<int>(s % 4); }, rng,
        [&](int, std::uint64_t, int, std::span<const int> totals, std::span<const int>) { eyes += totals[0]; });
    first += kEvenings;
  }
  benchmark::DoNotOptimize(eyes);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(4 * rules.passes * kEvenings));
  state.SetLabel(std::string("item: one turn (12 per evening, 256 evenings an iteration); ") +
                 (state.range(0) ? "lane block" : "lanes"));
}
BENCHMARK(BM_SeriesFourPlayers)->ArgName("lane_block")->Arg(0)->Arg(1);

static void BM_ReferencePassSixPlayersJokers(benchmark::State& state) {
  const Rules rules = preset("tournament-2019");
  std::unique_ptr<Policy> policy;
  const auto seats = bench_seats(rules, static_cast<int>(state.range(0)), policy);
  core::RandomDice dice(core::chunk_rng(1, 0));
  for (auto _ : state) benchmark::DoNotOptimize(play_pass(rules, seats, 0, dice));
  state.SetItemsProcessed(state.iterations() * 6);
  state.SetLabel(state.range(0) ? "item: one turn; heuristic.ini with 3 jokers" : "item: one turn; threshold:17, no jokers");
}
BENCHMARK(BM_ReferencePassSixPlayersJokers)->ArgName("jokers")->Arg(0)->Arg(1);

}  // namespace verflixt::verflixte6
