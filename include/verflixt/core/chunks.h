#pragma once
// The work-chunk loop every Monte Carlo run shares: `total` items cut into fixed chunks of
// `chunk_size`, chunk c played by whichever thread is free (it must draw only from streams
// its chunk index fixes, such as chunk_rng(seed, c), to stay thread-independent), and the
// finished chunks handed back in chunk order. After a stop request no new chunk starts, so
// an interrupted run keeps whole chunks only.
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

#include "verflixt/core/run_control.h"

namespace verflixt {

// Calls play(chunk, count, part, scratch) for every chunk (count = its items, part a fresh
// T, scratch the calling thread's own object, made once per thread by make_scratch()), on
// `threads` threads; returns the parts of the finished chunks in chunk order. Scratch is
// for state a thread reuses across its chunks (compiled tables, caches) and must not change
// any result. `interrupted` tells whether a stop request left chunks unplayed.
template <class T, class MakeScratch, class Play>
std::vector<T> run_chunks(std::uint64_t total, std::uint64_t chunk_size, int threads, const RunControl& control,
                          bool& interrupted, MakeScratch make_scratch, Play play) {
  const std::uint64_t chunks = (total + chunk_size - 1) / chunk_size;
  std::vector<T> parts(chunks);
  std::vector<char> done(chunks, 0);
  std::atomic<std::uint64_t> finished{0};
#pragma omp parallel num_threads(std::max(1, threads))
  {
    auto scratch = make_scratch();
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t c = 0; c < static_cast<std::int64_t>(chunks); ++c) {
      if (control.stopped()) continue;
      const auto chunk = static_cast<std::uint64_t>(c);
      play(chunk, std::min(chunk_size, total - chunk * chunk_size), parts[chunk], scratch);
      done[chunk] = 1;
      const std::uint64_t f = ++finished;
      if (omp_get_thread_num() == 0) control.report(std::min(total, f * chunk_size), total);
    }
  }
  interrupted = finished.load() < chunks;
  std::vector<T> kept;
  for (std::uint64_t c = 0; c < chunks; ++c)
    if (done[c]) kept.push_back(std::move(parts[c]));
  control.report(total, total);
  return kept;
}

// The same without scratch: play(chunk, count, part).
template <class T, class Play>
std::vector<T> run_chunks(std::uint64_t total, std::uint64_t chunk_size, int threads, const RunControl& control,
                          bool& interrupted, Play play) {
  struct None {};
  return run_chunks<T>(
      total, chunk_size, threads, control, interrupted, [] { return None{}; },
      [&](std::uint64_t chunk, std::uint64_t count, T& part, None&) { play(chunk, count, part); });
}

}  // namespace verflixt
