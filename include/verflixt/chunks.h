#pragma once
// The work-chunk loop every Monte Carlo run shares: `total` items cut into fixed chunks of
// `chunk_size`, chunk c played by whichever thread is free (it must draw only from
// chunk_rng(seed, c) to stay thread-independent), and the finished chunks handed back in
// chunk order. After a stop request no new chunk starts, so an interrupted run keeps whole
// chunks only.
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

#include "verflixt/run_control.h"

namespace verflixt {

// Calls play(chunk, count, part) for every chunk (count = its items, part a fresh T), on
// `threads` threads; returns the parts of the finished chunks in chunk order. `interrupted`
// tells whether a stop request left chunks unplayed.
template <class T, class Play>
std::vector<T> run_chunks(std::uint64_t total, std::uint64_t chunk_size, int threads, const RunControl& control,
                          bool& interrupted, Play play) {
  const std::uint64_t chunks = (total + chunk_size - 1) / chunk_size;
  std::vector<T> parts(chunks);
  std::vector<char> done(chunks, 0);
  std::atomic<std::uint64_t> finished{0};
#pragma omp parallel for schedule(dynamic, 1) num_threads(std::max(1, threads))
  for (std::int64_t c = 0; c < static_cast<std::int64_t>(chunks); ++c) {
    if (control.stopped()) continue;
    const auto chunk = static_cast<std::uint64_t>(c);
    play(chunk, std::min(chunk_size, total - chunk * chunk_size), parts[chunk]);
    done[chunk] = 1;
    const std::uint64_t f = ++finished;
    if (omp_get_thread_num() == 0) control.report(std::min(total, f * chunk_size), total);
  }
  interrupted = finished.load() < chunks;
  std::vector<T> kept;
  for (std::uint64_t c = 0; c < chunks; ++c)
    if (done[c]) kept.push_back(std::move(parts[c]));
  control.report(total, total);
  return kept;
}

}  // namespace verflixt
