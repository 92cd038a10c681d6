#pragma once
// The one driver of every Monte Carlo run: `total` samples cut into chunks of `chunk_size`
// (run_chunks: any thread, any rank, interruptible), chunk c drawing only from
// chunk_rng(seed, c), the chunks' tallies merged in chunk order, and the whole returned as
// one run record. A game supplies only its tally (with a merge) and what one chunk plays, so
// the timing, the interruption and the requested/completed counts are kept the same way
// everywhere, and a seed gives the same bits on any number of threads and ranks.
#include <chrono>
#include <cstdint>
#include <utility>

#include "verflixt/core/chunks.h"
#include "verflixt/core/cluster.h"
#include "verflixt/core/rng.h"
#include "verflixt/core/run_control.h"

namespace verflixt::core {

// One finished (or interrupted) run: the merged tally, how many samples were asked for and
// how many the finished chunks hold, whether a stop left chunks unplayed, and the wall time.
template <class Tally>
struct SampledRun {
  Tally tally{};
  std::uint64_t requested = 0, completed = 0;
  bool interrupted = false;
  double seconds = 0;
};

// The chunk a body plays: its index, its first sample's index, its sample count and its
// random stream (chunk_rng(seed, index)).
struct SampleChunk {
  std::uint64_t index = 0, first = 0, count = 0;
  Rng rng;
};

namespace detail {
// A chunk's tally with its sample count, as it travels between ranks.
template <class Tally>
struct CountedPart {
  Tally tally{};
  std::uint64_t count = 0;
  void serialize(cluster::Archive& a) { a(count, tally); }
};
}  // namespace detail

// Plays `total` samples: body(chunk, part, scratch) for every chunk, part starting as a copy of
// `zero` (a tally sized for the run: per-seat vectors already allocated), scratch the calling
// thread's own object from make_scratch() (state reused across chunks that must not change a
// result). The run's tally is `zero` merged with every finished part in chunk order:
// tally.merge(part) must be what the game means by adding two tallies.
template <class Tally, class MakeScratch, class Body>
SampledRun<Tally> sample_chunks(std::uint64_t total, std::uint64_t chunk_size, std::uint64_t seed, int threads,
                                const RunControl& control, const Tally& zero, MakeScratch make_scratch, Body body) {
  const auto t0 = std::chrono::steady_clock::now();
  SampledRun<Tally> run;
  run.requested = total;
  run.tally = zero;
  const auto parts = run_chunks<detail::CountedPart<Tally>>(
      total, chunk_size, threads, control, run.interrupted, make_scratch,
      [&](std::uint64_t c, std::uint64_t count, detail::CountedPart<Tally>& part, auto& scratch) {
        SampleChunk chunk{c, c * chunk_size, count, chunk_rng(seed, c)};
        part.tally = zero;
        part.count = count;
        body(chunk, part.tally, scratch);
      });
  for (const auto& p : parts) {
    run.tally.merge(p.tally);
    run.completed += p.count;
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return run;
}

// The same without scratch: body(chunk, part).
template <class Tally, class Body>
SampledRun<Tally> sample_chunks(std::uint64_t total, std::uint64_t chunk_size, std::uint64_t seed, int threads,
                                const RunControl& control, const Tally& zero, Body body) {
  struct None {};
  return sample_chunks(
      total, chunk_size, seed, threads, control, zero, [] { return None{}; },
      [&](SampleChunk& chunk, Tally& part, None&) { body(chunk, part); });
}

}  // namespace verflixt::core
