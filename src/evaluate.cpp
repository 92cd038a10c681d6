#include "verflixt/evaluate.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>

#include "verflixt/engine.h"

namespace verflixt {
namespace {

// Runs `play(chunk, count, tally)` for every chunk on `threads` threads, then merges the
// chunk tallies in chunk order. Chunks not started after a stop request are skipped.
template <class T, class Play>
std::vector<T> run_chunks(std::uint64_t total, int threads, const RunControl& control, bool& interrupted,
                          Play play) {
  const std::uint64_t chunks = (total + kReferenceChunk - 1) / kReferenceChunk;
  std::vector<T> parts(chunks);
  std::vector<char> done(chunks, 0);
  std::atomic<std::uint64_t> finished{0};
#pragma omp parallel for schedule(dynamic, 1) num_threads(std::max(1, threads))
  for (std::int64_t c = 0; c < static_cast<std::int64_t>(chunks); ++c) {
    if (control.stopped()) continue;
    const std::uint64_t begin = static_cast<std::uint64_t>(c) * kReferenceChunk;
    play(static_cast<std::uint64_t>(c), std::min(kReferenceChunk, total - begin), parts[static_cast<size_t>(c)]);
    done[static_cast<size_t>(c)] = 1;
    const std::uint64_t f = ++finished;
    if (omp_get_thread_num() == 0) control.report(std::min(total, f * kReferenceChunk), total);
  }
  interrupted = control.stopped() && finished.load() < chunks;
  std::vector<T> kept;
  for (std::uint64_t c = 0; c < chunks; ++c)
    if (done[c]) kept.push_back(std::move(parts[c]));
  control.report(total, total);
  return kept;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

SoloRun evaluate_solo(const Rules& rules, JokerSet jokers, const Policy& policy, std::uint64_t turns,
                      std::uint64_t seed, int threads, const RunControl& control) {
  const auto t0 = std::chrono::steady_clock::now();
  SoloRun run;
  run.requested = turns;
  auto parts = run_chunks<Tally>(turns, threads, control, run.interrupted,
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
                        std::uint64_t passes, std::uint64_t seed, int threads, const RunControl& control) {
  const auto t0 = std::chrono::steady_clock::now();
  PassRun run;
  run.requested = passes;
  const auto n = static_cast<size_t>(players);
  auto parts = run_chunks<std::vector<Tally>>(
      passes, threads, control, run.interrupted,
      [&](std::uint64_t chunk, std::uint64_t count, std::vector<Tally>& tallies) {
        tallies.assign(n, Tally{});
        RandomDice dice(chunk_rng(seed, chunk));
        std::vector<PassSeat> seats(n, PassSeat{&policy, jokers, 0, 0});
        for (std::uint64_t k = 0; k < count; ++k) {
          const std::uint64_t pass = chunk * kReferenceChunk + k;
          const PassResult r = play_pass(rules, seats, static_cast<int>(pass % n), dice);
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
