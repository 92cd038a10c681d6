// core/cluster.h in one process (the MPI half runs through mpirun in cluster_run_test.cpp):
// every part type a chunk loop hands between ranks survives the trip bit for bit, and
// without mpirun there is one rank that owns every chunk, so run_chunks is unchanged.
#include "verflixt/core/cluster.h"

#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "verflixt/core/chunks.h"
#include "verflixt/core/stats.h"

namespace {

namespace core = verflixt::core;

using verflixt::core::Tally;
using verflixt::core::cluster::Archive;

__extension__ typedef __int128 i128;  // as objective.h has it

struct Part {
  std::vector<std::int64_t> sum;
  std::vector<i128> sq;
  std::uint64_t count = 0;
  core::Tally tally;
  void serialize(Archive& a) { a(sum, sq, count, tally); }
};

template <class T>
T round_trip(T value) {
  std::vector<char> bytes;
  Archive out(bytes);
  out(value);
  Archive in(bytes.data(), bytes.size());
  T back{};
  in(back);
  EXPECT_TRUE(in.empty());
  return back;
}

TEST(Cluster, TallyTravelsWithItsSumsBustsAndHistogram) {
  core::Tally t;
  for (int v : {0, 7, 7, 12, 31, 0, 5}) t.add(v, v == 0);
  t.add_many(40, 3, 0);
  const core::Tally back = round_trip(t);
  EXPECT_EQ(back, t);  // n, Σx, Σx², busts and the histogram (operator== compares them all)
  EXPECT_EQ(back.sum(), 0 + 7 + 7 + 12 + 31 + 0 + 5 + 120);
  EXPECT_EQ(back.busts(), 2u);
  EXPECT_EQ(round_trip(Tally{}), Tally{});
}

TEST(Cluster, NestedPartsTravelExactly) {
  Part p;
  p.sum = {-3, 0, 1LL << 60};
  p.sq = {static_cast<i128>(1) << 100, -7};
  p.count = 42;
  p.tally.add(9, false);
  const Part back = round_trip(p);
  EXPECT_EQ(back.sum, p.sum);
  EXPECT_TRUE(back.sq == p.sq);
  EXPECT_EQ(back.count, 42u);
  EXPECT_EQ(back.tally, p.tally);
  const std::vector<std::vector<core::Tally>> nested = {{p.tally, Tally{}}, {}};
  EXPECT_EQ(round_trip(nested), nested);
  const std::map<int, std::uint64_t> m = {{-1, 2}, {5, 9}};
  EXPECT_EQ(round_trip(m), m);
}

// A plain struct needs no code: its fields are found by structured binding.
struct Plain {
  std::uint64_t games = 0;
  std::vector<std::uint64_t> wins;
  bool flag = false;
  core::Tally tally;
  std::vector<std::vector<std::int64_t>> nested;
};

TEST(Cluster, PlainStructsTravelFieldByField) {
  EXPECT_EQ(verflixt::core::cluster::detail::field_count<Plain>(), 5u);
  Plain p;
  p.games = 12;
  p.wins = {3, 0, 9};
  p.flag = true;
  p.tally.add(4, true);
  p.nested = {{1, -2}, {}, {7}};
  const Plain back = round_trip(p);
  EXPECT_EQ(back.games, 12u);
  EXPECT_EQ(back.wins, p.wins);
  EXPECT_TRUE(back.flag);
  EXPECT_EQ(back.tally, p.tally);
  EXPECT_EQ(back.nested, p.nested);
}

TEST(Cluster, ATruncatedPartIsAnErrorNotGarbage) {
  std::vector<char> bytes;
  Archive out(bytes);
  std::vector<std::int64_t> v = {1, 2, 3};
  out(v);
  bytes.pop_back();
  Archive in(bytes.data(), bytes.size());
  std::vector<std::int64_t> back;
  EXPECT_THROW(in(back), std::runtime_error);
}

TEST(Cluster, OneProcessIsOneRankOwningEveryChunk) {
  // The test binary is never started by mpirun.
  EXPECT_EQ(verflixt::core::cluster::size(), 1);
  EXPECT_EQ(verflixt::core::cluster::rank(), 0);
  EXPECT_TRUE(verflixt::core::cluster::root());
  for (std::uint64_t c = 0; c < 10; ++c) EXPECT_TRUE(verflixt::core::cluster::mine(c));
  EXPECT_EQ(verflixt::core::cluster::my_chunk_count(10), 10u);
  EXPECT_EQ(verflixt::core::cluster::my_chunk(7), 7u);
  std::vector<std::uint64_t> v = {1, 2, 3};
  verflixt::core::cluster::sum_everywhere(v);
  EXPECT_EQ(v, (std::vector<std::uint64_t>{1, 2, 3}));
  const auto all = verflixt::core::cluster::allgather_bytes({'a', 'b'});
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0], (std::vector<char>{'a', 'b'}));
}

TEST(Cluster, RunChunksReportsProgressAndKeepsChunkOrder) {
  std::vector<std::uint64_t> reported;
  verflixt::core::RunControl control;
  control.progress = [&](std::uint64_t done, std::uint64_t total) {
    EXPECT_EQ(total, 1000u);
    reported.push_back(done);
  };
  bool interrupted = true;
  const auto parts = verflixt::core::run_chunks<std::uint64_t>(
      1000, 64, 3, control, interrupted, [](std::uint64_t chunk, std::uint64_t count, std::uint64_t& part) {
        part = chunk * 1000 + count;
      });
  EXPECT_FALSE(interrupted);
  ASSERT_EQ(parts.size(), 16u);
  for (std::uint64_t c = 0; c < 16; ++c) EXPECT_EQ(parts[c], c * 1000 + (c == 15 ? 1000 - 15 * 64 : 64));
  ASSERT_FALSE(reported.empty());
  EXPECT_EQ(reported.back(), 1000u);
}

TEST(Cluster, IdleRanksTakeTheSecondHalfOfTheLargestUnclaimedShare) {
  using verflixt::core::cluster::Handover;
  using verflixt::core::cluster::hand_over;
  // Rank 0 is done with its 10; rank 1 has claimed 2 of 10: 8 unclaimed, rank 0 takes the
  // last 4 (indices 6..9 of rank 1's share) and rank 1 now stops at 6.
  std::vector<std::uint64_t> limit = {10, 10};
  EXPECT_EQ(hand_over(limit, std::vector<std::uint64_t>{10, 2}, std::vector<std::uint64_t>{1, 0}),
            (std::vector<Handover>{{0, 1, 6, 10}}));
  EXPECT_EQ(limit, (std::vector<std::uint64_t>{10, 6}));
  // An odd rest: the owner keeps the larger half (7 unclaimed: it keeps 4, gives 3).
  limit = {10, 10};
  EXPECT_EQ(hand_over(limit, std::vector<std::uint64_t>{10, 3}, std::vector<std::uint64_t>{1, 0}),
            (std::vector<Handover>{{0, 1, 7, 10}}));
  // One unclaimed chunk is not split; a claim count past the limit (claims made before a
  // split was known) counts as nothing unclaimed.
  limit = {5, 6, 4};
  EXPECT_TRUE(hand_over(limit, std::vector<std::uint64_t>{5, 5, 9}, std::vector<std::uint64_t>{1, 0, 0}).empty());
  EXPECT_EQ(limit, (std::vector<std::uint64_t>{5, 6, 4}));
  // Two idle ranks, in rank order: rank 0 halves the largest rest (rank 3's 12), then rank 1
  // takes from the largest rest then (rank 2's 8; rank 3 has 6 left); ties go to the lower rank.
  limit = {4, 4, 10, 14};
  EXPECT_EQ(hand_over(limit, std::vector<std::uint64_t>{4, 4, 2, 2}, std::vector<std::uint64_t>{1, 1, 0, 0}),
            (std::vector<Handover>{{0, 3, 8, 14}, {1, 2, 6, 10}}));
  EXPECT_EQ(limit, (std::vector<std::uint64_t>{4, 4, 6, 8}));
  limit = {0, 9, 9};
  EXPECT_EQ(hand_over(limit, std::vector<std::uint64_t>{0, 1, 1}, std::vector<std::uint64_t>{1, 0, 0}),
            (std::vector<Handover>{{0, 1, 5, 9}}));
  // Nobody idle, or everybody: nothing moves.
  limit = {3, 9};
  EXPECT_TRUE(hand_over(limit, std::vector<std::uint64_t>{1, 1}, std::vector<std::uint64_t>{0, 0}).empty());
  EXPECT_TRUE(hand_over(limit, std::vector<std::uint64_t>{3, 9}, std::vector<std::uint64_t>{1, 1}).empty());
  EXPECT_EQ(limit, (std::vector<std::uint64_t>{3, 9}));
}

TEST(Cluster, AStopKeepsWholeChunksAndSaysInterrupted) {
  std::atomic<bool> stop{true};
  verflixt::core::RunControl control;
  control.stop = &stop;
  bool interrupted = false;
  const auto parts = verflixt::core::run_chunks<std::uint64_t>(
      1000, 64, 2, control, interrupted, [](std::uint64_t, std::uint64_t count, std::uint64_t& part) { part = count; });
  EXPECT_TRUE(interrupted);
  EXPECT_TRUE(parts.empty());
}

}  // namespace
