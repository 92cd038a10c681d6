#pragma once
// The lanes (run_lanes) as a block: the state of up to 64 passes in progress in
// structure-of-arrays form — each field one array over the lanes, the table one array per
// seat — so that a round's draw, steals and turn ends are loops over lanes that run sixteen
// lanes to a vector (lane_vectors.h) instead of one lane's record at a time.
//
// It plays what the lanes play, round for round: every lane one draw per round from the
// chunk's Rng, in the lanes' order (those at a segment that did not end a turn in the last
// round, in lane order, then those that did; then the lanes at a live row), the steals and
// turn ends applied as transfer_ and end_turn apply them, finished passes handed to the
// caller's finish in lane order. So a seed gives the same bits in a block as in the lanes
// (tests/verflixte6/kernels/lane_block_test.cpp holds them to it), and the lanes stay the block's
// oracle as the reference engine is theirs.
//
// What is not a vector is the lanes' own code: the lanes_ records stay the state of what the
// vectors do not do — a live row (a decision that reads the table, a Senigma duel), a steal
// that moved a family's stop threshold (rethreshold), a start row not cached, a pass's end
// with the caller's bookkeeping (play_passes' sink, the evening's end of play_series) — and a
// lane's state is copied into its record for those (to_lane), played by run_lanes' functions,
// and copied back (from_lane). Some of that is done in the block's own arrays instead, where
// the copies would cost more than the work: play_passes' passes with no family and no live
// row end there (BlockPasses, a fifth of their time), play_series' evenings begin their
// next pass there (BlockSeries: T7, P3 and the opener's cached start row), and a family's
// turn starts there from a cache of its members' start rows (family_starts_).
//
// What a block plays (PassKernel::Impl::block_plays): every seat robs by a compiled victim rule
// (VictimRule), and no Senigma takes E9's memory (classic Senigma); play_series' lanes draw
// from the chunk's Rng (no series_rng).
#include <array>
#include <cstdint>

#include "games/verflixte6/kernels/pass_kernel_impl.h"

namespace verflixt::verflixte6 {

struct PassKernel::Impl::Block {
  static constexpr int kWidth = kLanes;  // lanes at most
  static constexpr int kVector = 16;     // lanes per vector (lane_block.cpp's V16i)
  static_assert(kWidth % kVector == 0);
  template <class T>
  using PerLane = std::array<T, kWidth>;
  using Seats = std::array<PerLane<std::int32_t>, kMaxPlayers>;

  // The player on turn: his row, seat, step of the pass, and the pass's first seat.
  alignas(64) PerLane<std::int32_t> row{}, self{}, step{}, first{};
  alignas(64) PerLane<std::int64_t> bits{};  // the round's draw, 53 bits, drawn at the end of the last
  // A round's phases hand on, per lane: the bucket side drawn (Drawn::side), -1 where the draw
  // took eyes, the row it led to; then the row's Hot state word and -1 where the turn ended.
  alignas(64) PerLane<std::int32_t> drawn{}, takes{}, before{}, state{}, ended{};
  // Where the lane's start rows are cached (Lane::starts) in start_cache_, -1 for none.
  alignas(64) PerLane<std::int32_t> starts{};
  // play_series: the pass of the evening in progress and the evening's first seat (Lane::pass,
  // Lane::opener). The block begins an evening's next pass, and the next evening, itself
  // (BlockSeries); the lane record catches up when the lanes' own code next plays the lane
  // (to_lane; run_block's `behind` marks the lanes whose record has not).
  alignas(64) PerLane<std::int32_t> pass{}, opener{};
  // The stop threshold of the family member the player on turn plays, where his seat has a
  // family of stop thresholds: the block keeps it here (tables_at finds the member), the
  // lane record's Lane::t gets the member when it catches up (to_lane).
  alignas(64) PerLane<std::int32_t> threshold{};
  // The table, by seat: eyes, status, keuler_paid (0/1), Keuler bonuses won; the evening
  // total before the pass, and the start bonus paid with the free throw (P4).
  alignas(64) Seats eyes{}, status{}, paid{}, keuler{}, total{}, bonus{};
  // J10's Senigma marks (0/1), for the policies' view of the table: only the lanes' own code
  // sets them (from_lane brings them), a pass the block begins clears them, as the record's
  // catch-up (to_lane) does.
  alignas(64) Seats senigma{};
  // Per seat (Lane::tabs, the same in every lane): -1 where its tables rob the leader
  // (VictimRule::kLeader), -1 where they are a family of stop thresholds (a steal may move
  // the threshold); and play_passes' totals and start bonuses, the same in every lane.
  std::array<std::int32_t, kMaxPlayers> seat_leader{}, seat_family{}, seat_total{}, seat_bonus{};
};

// What play_passes hands the block to end its passes itself (run_block): its seats, the
// sink, the passes to play and the counters it shares with play_passes' finish (the next
// pass and its first seat); `plain`: no seat has a family of stop thresholds or a row that
// is live, so no turn or pass end needs the lane records. `counts`: count_passes' counts
// (else nullptr), which the sink adds to one pass at a time and the block's vectors, where
// a round's pass ends allow, many at once.
struct PassKernel::Impl::BlockPasses {
  std::span<const PassSeat> seats;
  const PassSink& sink;
  std::vector<std::uint64_t>* counts;
  std::uint64_t count;
  std::uint64_t& next;
  int& next_first;
  bool plain;
};

// What play_series hands the block to begin an evening's next pass, and the next evening,
// itself (run_block): the players and the evening's passes, for open_evening_pass when the
// lane record catches up, and play_series' end of an evening.
struct PassKernel::Impl::BlockSeries {
  std::span<const EveningPlayer> players;
  bool final;
  int passes;
  const std::function<bool(Lane&)>& end_evening;
};

}  // namespace verflixt::verflixte6
