#include "verflixt/games/verflixte6/analyses/evaluate.h"

#include <chrono>
#include <memory>

#include "verflixt/core/chunks.h"
#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/kernels/pass_kernel.h"
#include "verflixt/games/verflixte6/analyses/objective.h"

namespace verflixt {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

SoloRun evaluate_solo(const Rules& rules, JokerSet jokers, const Policy& policy, std::uint64_t turns,
                      std::uint64_t seed, int threads, const RunControl& control) {
  const auto t0 = std::chrono::steady_clock::now();
  SoloRun run;
  run.requested = turns;
  auto parts = run_chunks<Tally>(turns, kReferenceChunk, threads, control, run.interrupted,
                                 [&](std::uint64_t chunk, std::uint64_t count, Tally& tally) {
                                   RandomDice dice(chunk_rng(seed, chunk));
                                   for (std::uint64_t k = 0; k < count; ++k) {
                                     const TurnState t = play_solo_turn(rules, jokers, policy, dice);
                                     tally.add(t.eyes, t.eliminated);
                                   }
                                 });
  for (const auto& p : parts) run.tally.merge(p);
  run.seconds = seconds_since(t0);
  return run;
}

PassRun evaluate_passes(const Rules& rules, JokerSet jokers, const Policy& policy, int players,
                        std::uint64_t passes, std::uint64_t seed, int threads, const RunControl& control,
                        bool kernel) {
  const auto t0 = std::chrono::steady_clock::now();
  PassRun run;
  run.requested = passes;
  const auto n = static_cast<size_t>(players);
  // A kernel per thread, kept across its chunks: its tables are compiled once per thread,
  // not once per chunk (caches change speed, never results: pass_kernel.h).
  auto parts = run_chunks<std::vector<Tally>>(
      passes, kReferenceChunk, threads, control, run.interrupted,
      [&] { return thread_kernel(kernel ? PassEngine::Kernel : PassEngine::Reference, rules); },
      [&](std::uint64_t chunk, std::uint64_t count, std::vector<Tally>& tallies, std::unique_ptr<PassKernel>& pk) {
        tallies.assign(n, Tally{});
        RandomDice dice(chunk_rng(seed, chunk));
        std::vector<PassSeat> seats(n, PassSeat{&policy, jokers, 0, 0});
        if (pk) {
          // The chunk's passes in lanes (pass_kernel.h), counted as they finish by position,
          // eyes (never negative after T7) and status in a flat array, and handed to the
          // tallies once per chunk: the same integers as a Tally::add per result, without
          // a map update per result.
          std::vector<std::uint64_t> counts;  // [(eyes * n + pos) * 2 + zombie]: PassKernel::count_index
          pk->count_passes(seats, chunk * kReferenceChunk, count, dice.rng(), counts);
          for (size_t at = 0; at < counts.size(); at += 2)
            tallies[(at / 2) % n].add_many(static_cast<int>(at / 2 / n), counts[at] + counts[at + 1], counts[at + 1]);
          return;
        }
        PassResult r;
        for (std::uint64_t k = 0; k < count; ++k) {
          const std::uint64_t pass = chunk * kReferenceChunk + k;
          const int first = static_cast<int>(pass % n);
          r = play_pass(rules, seats, first, dice);
          for (size_t pos = 0; pos < n; ++pos) {
            const auto who = static_cast<size_t>(r.order[pos]);
            tallies[pos].add(r.eyes[who], r.status[who] == Status::Zombie);
          }
        }
      });
  run.by_position.assign(n, Tally{});
  for (const auto& p : parts)
    for (size_t pos = 0; pos < n; ++pos) {
      run.by_position[pos].merge(p[pos]);
      run.all.merge(p[pos]);
    }
  run.seconds = seconds_since(t0);
  return run;
}

}  // namespace verflixt
