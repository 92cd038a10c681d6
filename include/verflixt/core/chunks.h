#pragma once
// The work-chunk loop every Monte Carlo run shares: `total` items cut into fixed chunks of
// `chunk_size`, chunk c played by whichever thread is free (it must draw only from streams
// its chunk index fixes, such as chunk_rng(seed, c), to stay thread-independent), and the
// finished chunks handed back in chunk order. After a stop request no new chunk starts, so
// an interrupted run keeps whole chunks only. Under MPI (core/cluster.h) each rank plays the
// chunks dealt to it and every rank then holds every finished chunk's part, in chunk order:
// the same bits as one process, for any number of ranks and threads.
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "verflixt/core/budget.h"
#include "verflixt/core/run_control.h"
#include "verflixt/core/cluster.h"

namespace verflixt::core {

// Calls play(chunk, count, part, scratch) for every chunk (count = its items, part a fresh
// T, scratch the calling thread's own object, made once per thread by make_scratch()), on
// `threads` threads; returns the parts of the finished chunks in chunk order. Scratch is
// for state a thread reuses across its chunks (compiled tables, caches) and must not change
// any result. `interrupted` tells whether a stop request left chunks unplayed. T travels
// between ranks through cluster::Archive (integers, vectors, Tally, or a serialize member).
// Every thread works under the caller's budget (core/budget.h). A chunk cut because the
// budget's time is over (a lazy solve inside it refused at the deadline) is left unplayed
// like one after a stop request; a chunk that throws anything else (a solve past the memory,
// a bad policy) stops the run, and the first such exception is thrown again by the caller
// once every thread has left the parallel region.
template <class T, class MakeScratch, class Play>
std::vector<T> run_chunks(std::uint64_t total, std::uint64_t chunk_size, int threads, const RunControl& control,
                          bool& interrupted, MakeScratch make_scratch, Play play) {
  const std::uint64_t chunks = (total + chunk_size - 1) / chunk_size;
  // The parts of the chunks played, by chunk: merged in chunk order at the end, so that the
  // result does not depend on the threads or ranks. Only played chunks take memory, so a run
  // asked for 2^40 samples and stopped after a few thousand chunks holds a few thousand parts.
  std::map<std::uint64_t, T> played;
  std::mutex played_mutex;
  // Under MPI this rank's chunks are its share (rank, rank + R, ...) and parts of other
  // shares the ranks agree to hand it when it runs out (cluster::Agreement); in one process,
  // all of them in order. Threads claim one chunk at a time: chunks are equal in work but
  // threads are not equal in speed (a shared core, a busy machine).
  cluster::Agreement agreement(chunks);  // who plays what, finished chunks and a stop request
  const Budget* budget = Budget::current();
  std::exception_ptr failure;
  std::mutex failure_mutex;
  std::atomic<bool> failed{false};
  const auto stopped = [&] { return control.stopped() || failed.load(std::memory_order_relaxed); };
#pragma omp parallel num_threads(std::max(1, threads))
  {
    const Budget::Scope scope(budget);
    auto scratch = make_scratch();
    const bool polling = omp_get_thread_num() == 0;  // the thread that may talk to other ranks
    std::uint64_t chunk = 0;
    for (;;) {
      if (!stopped() && !agreement.stop_agreed() && agreement.claim(chunk)) {
        // Played into the thread's own T and moved into place once: parts of neighbouring
        // chunks share cache lines, and two threads updating them all chunk long would make
        // those lines bounce between cores (false sharing).
        T part{};
        try {
          play(chunk, std::min(chunk_size, total - chunk * chunk_size), part, scratch);
        } catch (...) {
          failed = true;
          if (!(budget && budget->over())) {
            const std::lock_guard lock(failure_mutex);
            if (!failure) failure = std::current_exception();
          }
          continue;
        }
        {
          const std::lock_guard lock(played_mutex);
          played.emplace(chunk, std::move(part));
        }
        agreement.finished();
        if (polling) {
          agreement.poll(stopped());
          control.report(std::min(total, agreement.finished_everywhere() * chunk_size), total);
        }
        continue;
      }
      if (agreement.wait(polling, stopped())) break;  // nothing left anywhere
    }
  }
  cluster::share_parts(played, chunks);
  if (failure) std::rethrow_exception(failure);
  std::vector<T> kept;
  kept.reserve(played.size());
  for (auto& [c, part] : played) kept.push_back(std::move(part));
  interrupted = kept.size() < chunks;
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

}  // namespace verflixt::core
