// core/sampling.h: the driver cuts the samples into the chunks run_chunks plays, hands chunk c
// the stream chunk_rng(seed, c), merges the chunks in chunk order whatever the thread count,
// and marks a run that a stop cut short.
#include "verflixt/core/sampling.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <vector>

namespace core = verflixt::core;

namespace {

using verflixt::core::RunControl;
using verflixt::core::SampleChunk;

// Records what each chunk was given; merge appends, so the run's lists show the merge order.
struct Trace {
  std::vector<std::uint64_t> index, first, count, draw;
  void merge(const Trace& p) {
    index.insert(index.end(), p.index.begin(), p.index.end());
    first.insert(first.end(), p.first.begin(), p.first.end());
    count.insert(count.end(), p.count.begin(), p.count.end());
    draw.insert(draw.end(), p.draw.begin(), p.draw.end());
  }
};

auto trace(core::SampleChunk& c, Trace& t) {
  t.index.push_back(c.index);
  t.first.push_back(c.first);
  t.count.push_back(c.count);
  t.draw.push_back(c.rng());
}

TEST(Sampling, ChunksAreMergedInChunkOrderWithTheirOwnStreams) {
  // 10 samples in chunks of 4: chunks 0, 1, 2 of 4, 4 and 2 samples, on 1 and 3 threads.
  for (int threads : {1, 3}) {
    const auto run = verflixt::core::sample_chunks(std::uint64_t{10}, 4, 99, threads, core::RunControl{}, Trace{}, trace);
    EXPECT_EQ(run.tally.index, (std::vector<std::uint64_t>{0, 1, 2})) << threads;
    EXPECT_EQ(run.tally.first, (std::vector<std::uint64_t>{0, 4, 8}));
    EXPECT_EQ(run.tally.count, (std::vector<std::uint64_t>{4, 4, 2}));
    for (std::uint64_t c = 0; c < 3; ++c) {
      verflixt::core::Rng expected = verflixt::core::chunk_rng(99, c);  // the chunk's stream, drawn here directly
      EXPECT_EQ(run.tally.draw[c], expected()) << "chunk " << c;
    }
    EXPECT_EQ(run.requested, 10u);
    EXPECT_EQ(run.completed, 10u);
    EXPECT_FALSE(run.interrupted);
    EXPECT_GE(run.seconds, 0.0);
  }
}

TEST(Sampling, EveryPartStartsFromTheZeroTally) {
  // Per-seat counters sized by `zero`: each chunk adds one per sample to seat (sample mod 3).
  struct Seats {
    std::vector<std::uint64_t> n;
    void merge(const Seats& p) {
      for (size_t s = 0; s < n.size(); ++s) n[s] += p.n[s];
    }
  };
  const auto run = verflixt::core::sample_chunks(std::uint64_t{100}, 7, 1, 2, core::RunControl{}, Seats{{0, 0, 0}},
                                           [](core::SampleChunk& c, Seats& part) {
                                             for (std::uint64_t k = 0; k < c.count; ++k) ++part.n[(c.first + k) % 3];
                                           });
  EXPECT_EQ(run.tally.n, (std::vector<std::uint64_t>{34, 33, 33}));
}

TEST(Sampling, AStopMarksTheRunAndKeepsWholeChunks) {
  // One thread; the first chunk asks to stop, so no further chunk starts.
  std::atomic<bool> stop{false};
  core::RunControl control;
  control.stop = &stop;
  const auto run = verflixt::core::sample_chunks(std::uint64_t{40}, 8, 5, 1, control, Trace{}, [&](core::SampleChunk& c, Trace& t) {
    trace(c, t);
    stop = true;
  });
  EXPECT_TRUE(run.interrupted);
  EXPECT_EQ(run.requested, 40u);
  EXPECT_EQ(run.completed, 8u);
  EXPECT_EQ(run.tally.index, (std::vector<std::uint64_t>{0}));
}

TEST(Sampling, AStopBeforeTheStartLeavesAnEmptyMarkedRun) {
  std::atomic<bool> stop{true};
  core::RunControl control;
  control.stop = &stop;
  const auto run = verflixt::core::sample_chunks(std::uint64_t{40}, 8, 5, 2, control, Trace{}, trace);
  EXPECT_TRUE(run.interrupted);
  EXPECT_EQ(run.completed, 0u);
  EXPECT_TRUE(run.tally.index.empty());
}

}  // namespace
