#pragma once
// play_passes' lanes as a block (issue 11): the state of up to 64 passes in
// structure-of-arrays form — each field one array over the lanes, the table one array per
// seat — so that a round's draw, steals and turn ends are loops over lanes that run sixteen
// lanes to a vector (lane_vectors.h) instead of one lane's record at a time.
//
// It plays what the lanes play, round for round: every lane one draw per round, from the
// chunk's Rng in the lanes' order (those that did not end a turn in the last round, in lane
// order, then those that did), the steals and the turn ends applied as transfer_ and
// end_turn apply them, finished passes handed to the sink in lane order. So a seed gives the
// same bits in a block as in the lanes (tests/verflixte6/lane_block_test.cpp holds them to
// it), and the lanes stay the block's oracle as the reference engine is theirs.
//
// What a block plays (PassKernel::lane_block_plays): passes whose seats all play one policy
// compiled to tables without a family of stop thresholds, robbing by a compiled victim rule,
// with no decision that reads the table and no Senigma (so no live row and no E9 memory):
// `evaluate`'s passes of the shipped threshold, heuristic and solved policies. Everything
// else plays in the lanes.
#include <array>
#include <cstdint>

#include "verflixt/games/verflixte6/pass_kernel.h"

namespace verflixt {

struct PassKernel::Block {
  static constexpr int kWidth = kLanes;  // lanes at most
  static constexpr int kVector = 16;     // lanes per vector (lane_block.cpp's V16i)
  static_assert(kWidth % kVector == 0);
  template <class T>
  using PerLane = std::array<T, kWidth>;
  using Seats = std::array<PerLane<std::int32_t>, kMaxPlayers>;

  // The player on turn: his row, seat, step of the pass, and the pass's first seat.
  alignas(64) PerLane<std::int32_t> row{}, self{}, step{}, first{};
  alignas(64) PerLane<std::int32_t> live{};   // -1: playing a pass; 0: no pass left (or beyond the lanes)
  alignas(64) PerLane<std::int64_t> bits{};  // the round's draw, 53 bits, drawn at the end of the last
  // A round's phases hand on, per lane: the bucket side drawn (Drawn::side), -1 where the draw
  // took eyes, the row it led to; then the row's Hot state word and -1 where the turn ended.
  alignas(64) PerLane<std::int32_t> drawn{}, takes{}, before{}, state{}, ended{};
  // The table, by seat: eyes, status, keuler_paid (0/1), Keuler bonuses won.
  alignas(64) Seats eyes{}, status{}, paid{}, keuler{};
  // Per seat, the same in every pass of play_passes: the evening total and the start bonus.
  std::array<std::int32_t, kMaxPlayers> total{}, bonus{};
};

}  // namespace verflixt
