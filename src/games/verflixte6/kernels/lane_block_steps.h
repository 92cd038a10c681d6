#pragma once
// run_block's state and its steps on single lanes (lane_block.cpp): a round's phases on the
// vectors are member functions in lane_block.cpp; here are the steps that move one lane at a
// time — its state into its record and back (to_lane, from_lane), its turn, pass and evening
// begun in the block's own arrays, its draw — which the phases call where a vector cannot
// do the work. One object per run_block call, on the stack; the steps are plain members (no
// virtual call), and the phases are always inlined into play(), the round's loop.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <vector>

#include "games/verflixte6/kernels/lane_block.h"
#include "games/verflixte6/kernels/lane_vectors.h"
#include "games/verflixte6/rules/turn_step.h"

namespace verflixt::verflixte6 {

template <bool kSeries>
struct PassKernel::Impl::BlockRun {
  static constexpr int kVector = Block::kVector;
  // Hot::state as the vectors compare it (the low byte of a gathered state word).
  static constexpr int kUnbuiltState = kUnbuilt, kReadyState = kReady, kEndsState = kEnds, kLiveState = kLive;
  // The masks of a round's turn ends (where_lanes_stand, end_turns), bit l for lane l.
  struct Masks {
    std::uint64_t going = 0, quick_ends = 0, finished = 0, slow = 0, ending = 0, at_live = 0;
  };

  BlockRun(Impl& kernel, core::Rng& chunk_rng, const std::function<bool(Lane&)>& on_finish, const BlockPasses* block_passes,
           const BlockSeries* block_series);
  // run_lanes' rounds until no lane plays.
  void play();

  Impl& impl;
  // The kernel's tables and lanes, under the names the kernel gives them.
  const Rules& rules_;
  std::vector<Hot>& hot_;
  std::vector<Bucket>& buckets_;
  std::vector<Steal>& steals_;
  std::vector<std::uint32_t>& start_cache_;
  std::vector<std::uint32_t>& family_starts_;
  std::vector<JokerSet>& plan_;
  std::vector<Lane>& lanes_;
  const bool& packed_;
  core::Rng& rng;
  const std::function<bool(Lane&)>& finish;
  const BlockPasses* passes;
  const BlockSeries* series;
  // Each step takes these into locals (b, n, vs) as it starts: a member is read again after
  // every store into the block (memcpy may write anywhere), a local stays in a register.
  // Read through `this`, the passes of a lane block ran 6% slower.
  Block& block;
  int L, vectors, players;
  std::size_t width;  // lanes in whole vectors
  std::array<CompiledPolicy*, kMaxPlayers> tabs;  // every lane's
  bool one_rule = true, families = false;
  // Families of stop thresholds whose turn starts the block plays itself: their members'
  // start rows are cached (family_starts_, small enough for 32-bit gathers).
  bool cached_families = false;
  lanes::KeyRule key_rule;

  // The lane's state into its record, for the lanes' own code, and back.
  std::uint64_t behind = 0;  // bit l: the block began lane l's pass (begin_block_pass), its record did not
  // threshold_for's view of the table, and the seats' policies (tabs[k]->policy, without the
  // pointer chase).
  std::array<SeatView, kMaxPlayers> seen{};
  std::array<const Policy*, kMaxPlayers> seat_policy{};
  const TurnState any_turn;  // stop_threshold reads the table, not the turn
  // (D) A lane settled by the lanes' own code draws next round from a segment (`settled`)
  // or at a live row (`live`).
  std::uint64_t settled = 0, live = 0;  // bit l: lane l

  // play_passes' turn and pass ends in the block's own arrays, without a lane record, where
  // nothing else needs one (no family, no live row): begin_turn, begin_pass and finish as the
  // lanes (pass_lanes.cpp) and play_passes' finish do them.
  bool own_ends;
  std::array<SeatView, kMaxPlayers> table{};  // finish_pass' view of the table, for the sink
  std::array<int, kMaxPlayers> bonuses{};
  // play_series' passes of an evening and its next evenings, begun in the block's arrays
  // where the loadouts are planned (start rows cached per pass of the evening), as
  // play_series' finish and begin_evening_pass begin them from the record: T7, P3 (the
  // totals), the table cleared, the opener (P1) on turn at his cached start row. The lane
  // record catches up when the lanes' own code next plays the lane (to_lane). False where
  // that row is not cached: the lanes' begin_turn starts the turn.
  bool own_passes;
  std::uint64_t drawing = 0;  // the lanes that draw from a segment in the next round
  // play_passes' passes: the same totals, start bonuses and start rows in every lane.
  std::int32_t any_starts;
  // count_passes' pass ends in the vectors (end_counted, below) need every seat's row at a
  // pass's start to be a segment to draw from: compiled now (when does not change any draw).
  // Else its passes end one at a time, through its sink, as play_passes' do.
  std::vector<std::uint64_t>* counts;
  alignas(64) std::array<std::int32_t, kVector> pass_start{};  // by seat
  bool counted;
  // The passes of `ends` (their last turns recorded) counted, by T7 and count_index, and
  // their lanes' next passes begun as finish_pass and begin_turn begin them; returns the
  // lanes that play on (the others have no pass left).
  alignas(64) std::array<std::int32_t, kMaxPlayers * kVector> codes{};  // [seat][lane of the vector]
  [[gnu::always_inline]] inline std::uint64_t end_counted(std::uint64_t ends);

  // The round's phases on the vectors, in order (lane_block.cpp).
  [[gnu::always_inline]] inline void draw_vectors();
  [[gnu::always_inline]] inline std::uint64_t play_live();
  [[gnu::always_inline]] inline void steal_vectors();
  [[gnu::always_inline]] inline void where_lanes_stand(std::uint64_t active_lanes, Masks& marks);
  [[gnu::always_inline]] inline void end_turns(Masks& marks);
  [[gnu::always_inline]] inline void settle_ended(Masks& marks);
  inline void fetch_buckets(std::uint64_t lanes);

  // The tables of lane l's player on turn: his seat's, or for a family of stop thresholds
  // the member at his threshold (b.threshold; the lane record's Lane::t, as to_lane sets it).
  CompiledPolicy& tables_at(size_t l) {
    Block& b = block;
    CompiledPolicy& seat = *tabs[static_cast<size_t>(b.self[l])];
    return seat.family ? impl.at_threshold(seat, b.threshold[l]) : seat;
  }
  Lane& to_lane(size_t l) {
    Block& b = block;
    const int n = players;
    Lane& lane = lanes_[l];
    if (kSeries && (behind >> l & 1) != 0) {  // the block began this pass (begin_block_pass): catch up
      behind &= ~(std::uint64_t{1} << l);
      lane.pass = b.pass[l];
      for (size_t k = 0; k < static_cast<size_t>(n); ++k) lane.totals[k] = b.total[k][l];
      impl.open_evening_pass(lane, series->players, series->final);
    }
    lane.row = static_cast<std::uint32_t>(b.row[l]);
    lane.self = b.self[l];
    lane.step = b.step[l];
    lane.first = b.first[l];
    lane.t = &tables_at(l);
    for (size_t k = 0; k < static_cast<size_t>(n); ++k) {
      lane.table[k].eyes = b.eyes[k][l];
      lane.table[k].status = static_cast<Status>(b.status[k][l]);
      lane.table[k].keuler_paid = b.paid[k][l] != 0;
      lane.keuler[k] = b.keuler[k][l];
    }
    return lane;
  }
  void from_lane(size_t l) {
    Block& b = block;
    const int n = players;
    const Lane& lane = lanes_[l];
    b.row[l] = static_cast<std::int32_t>(lane.row);
    b.threshold[l] = lane.t != nullptr && lane.t->head != nullptr ? lane.t->threshold : 0;
    b.self[l] = lane.self;
    b.step[l] = lane.step;
    b.first[l] = lane.first;
    for (size_t k = 0; k < static_cast<size_t>(n); ++k) {
      b.eyes[k][l] = lane.table[k].eyes;
      b.status[k][l] = static_cast<std::int32_t>(lane.table[k].status);
      b.paid[k][l] = lane.table[k].keuler_paid;
      b.keuler[k][l] = lane.keuler[k];
      b.senigma[k][l] = lane.table[k].senigma_attacked;
    }
    if (!kSeries) return;
    b.pass[l] = lane.pass;
    b.opener[l] = lane.opener;
    b.starts[l] = lane.starts == nullptr ? -1 : static_cast<std::int32_t>(lane.starts - start_cache_.data());
    for (size_t k = 0; k < static_cast<size_t>(n); ++k) {
      b.total[k][l] = lane.table[k].total;
      b.bonus[k][l] = detail::bonus_paid(rules_, lane.seats[k].bonus);
    }
  }
  // Seat k of lane l's table as a policy sees it, from the block's arrays. Always inlined
  // into its per-seat loops: left to itself, GCC's evenings ran 2-4% slower with it shared.
  [[gnu::always_inline]] SeatView seat_view(size_t k, size_t l) const {
    Block& b = block;
    return SeatView{b.eyes[k][l], static_cast<Status>(b.status[k][l]), kSeries ? b.total[k][l] : b.seat_total[k],
                    b.senigma[k][l] != 0, b.paid[k][l] != 0};
  }
  // member_for_table's threshold, on the block's arrays, without the lane record: that of
  // lane l's player `who` at step `step` of the pass, where seat `recorded` (if not -1)
  // shows the turn that just ended (T5: eyes, status).
  int threshold_for(size_t l, int who, int step, int recorded, int eyes, int status) {
    const int n = players;
    for (size_t k = 0; k < static_cast<size_t>(n); ++k) seen[k] = seat_view(k, l);
    if (recorded >= 0) {
      seen[static_cast<size_t>(recorded)].eyes = eyes;
      seen[static_cast<size_t>(recorded)].status = static_cast<Status>(status);
    }
    return seat_policy[static_cast<size_t>(who)]->stop_threshold(
        TurnView{rules_, any_turn, who, std::span<const SeatView>(seen.data(), static_cast<size_t>(n)), n - 1 - step});
  }
  void list_drawing(size_t l) {
    (hot_[lanes_[l].row].state == kReady ? settled : live) |= std::uint64_t{1} << l;
  }
  // play_passes' begin_turn in the block's arrays (own_ends).
  void begin_turn(size_t l) {
    Block& b = block;
    const int n = players;
    const int self = seat_at(b.first[l], b.step[l], n);  // P1
    const auto i = static_cast<size_t>(self);
    b.self[l] = self;
    const int eyes = b.eyes[i][l] + b.seat_bonus[i];  // a robbed Jungfrau starts from her eyes (T1, P4)
    b.row[l] = static_cast<std::int32_t>(
        impl.cached_start(*tabs[i], start_cache_.data(), i, passes->seats[i].jokers, eyes));
  }
  // Lane l's next pass, numbered as play_passes' finish numbers them (its first seat); false,
  // the lane dead, when no pass is left.
  bool next_pass(size_t l) {
    Block& b = block;
    const int n = players;
    if (passes->next == passes->count) return !(lanes_[l].dead = true);
    b.first[l] = passes->next_first;
    ++passes->next;
    passes->next_first = passes->next_first + 1 == n ? 0 : passes->next_first + 1;
    return true;
  }
  // Lane l's table as a pass starts (open_pass): every seat a Jungfrau at 0, no Keuler yet.
  void clear_table(size_t l) {
    Block& b = block;
    const int n = players;
    for (size_t k = 0; k < static_cast<size_t>(n); ++k) {
      b.eyes[k][l] = 0;
      b.status[k][l] = static_cast<std::int32_t>(Status::Jungfrau);
      b.paid[k][l] = 0;
      b.keuler[k][l] = 0;
      b.senigma[k][l] = 0;
    }
  }
  bool finish_pass(size_t l) {  // its last turn recorded: T7, the sink, its next pass
    Block& b = block;
    const int n = players;
    for (size_t k = 0; k < static_cast<size_t>(n); ++k) {
      table[k] = seat_view(k, l);
      bonuses[k] = b.keuler[k][l];
    }
    const std::span<SeatView> view(table.data(), static_cast<size_t>(n));
    end_pass(view);  // T7
    passes->sink(b.first[l], view, std::span<const int>(bonuses.data(), static_cast<size_t>(n)));
    if (!next_pass(l)) return false;
    b.step[l] = 0;
    clear_table(l);
    begin_turn(l);
    return true;
  }
  bool settle_own(size_t l) {  // settle: turn ends (T5) until a segment; false: no pass left
    Block& b = block;
    const int n = players;
    for (;;) {
      const Hot hot = hot_[static_cast<size_t>(b.row[l])];
      if (hot.state == kReady) return true;
      if (hot.state == kUnbuilt) {
        impl.compile_segment(*tabs[static_cast<size_t>(b.self[l])], static_cast<std::uint32_t>(b.row[l]));
        continue;
      }
      if (hot.state == kLive) throw std::logic_error("pass kernel: a live row where play_passes said none");
      const auto self = static_cast<size_t>(b.self[l]);
      SeatView me;
      record_turn(me, hot.end_eyes, hot.eliminated);  // T5
      b.eyes[self][l] = me.eyes;
      b.status[self][l] = static_cast<std::int32_t>(me.status);
      if (++b.step[l] < n) begin_turn(l);
      else if (!finish_pass(l)) return false;
    }
  }
  // play_series' pass begun in the block's arrays (own_passes, above).
  bool begin_block_pass(size_t l) {  // pass b.pass[l], its totals and bonuses set
    Block& b = block;
    const int n = players;
    behind |= std::uint64_t{1} << l;
    clear_table(l);
    const int pass = b.pass[l];
    b.starts[l] = pass * n * kStartSpan;  // open_evening_pass' start rows of this pass
    const int first = pass_opener(rules_, b.opener[l], pass, n);
    b.first[l] = b.self[l] = first;
    b.step[l] = 0;
    const auto f = static_cast<size_t>(first);
    std::uint32_t row = kNone;
    if (b.seat_family[f] != 0) {  // begin_turn's member for the table, from the block's arrays
      if (!cached_families) return false;
      const int t = threshold_for(l, first, 0, -1, 0, 0);
      const std::uint32_t* cached = impl.family_start(b.starts[l], first, t, b.bonus[f][l]);
      if (cached == nullptr || *cached == kNone) return false;
      row = *cached;
      b.threshold[l] = t;
    } else {
      const int at = b.bonus[f][l] - kStartLow;  // the opener starts at 0 eyes, and his start bonus (P4)
      if (at < 0 || at >= kStartSpan) return false;
      row = start_cache_[static_cast<size_t>(b.starts[l]) + f * kStartSpan + static_cast<size_t>(at)];
      if (row == kNone) return false;
      b.threshold[l] = 0;
    }
    b.row[l] = static_cast<std::int32_t>(row);
    return true;
  }
  void end_block_pass(size_t l) {  // the pass's table into the evening's totals
    Block& b = block;
    const int n = players;
    for (size_t k = 0; k < static_cast<size_t>(n); ++k) {
      std::int32_t eyes = b.eyes[k][l], status = b.status[k][l];
      end_pass_seat(eyes, status);  // T7
      b.total[k][l] += eyes;        // P3
      b.bonus[k][l] = 0;  // P4: the placement bonus comes with an evening's first pass only
    }
  }
  bool begin_next_pass(size_t l) {
    Block& b = block;
    end_block_pass(l);
    ++b.pass[l];
    return begin_block_pass(l);
  }
  // The evening's last pass ended: its totals into the record, play_series' end of the
  // evening (the sink, the next evening in the record), and its first pass begun.
  // 1: begun; 0: the record begins it; -1: no series left, the lane dead.
  int begin_next_evening(size_t l) {
    Block& b = block;
    const int n = players;
    Lane& lane = lanes_[l];
    end_block_pass(l);
    for (size_t k = 0; k < static_cast<size_t>(n); ++k) lane.totals[k] = b.total[k][l];
    if (!series->end_evening(lane)) {
      lane.dead = true;
      return -1;
    }
    b.pass[l] = lane.pass;
    b.opener[l] = lane.opener;
    for (size_t k = 0; k < static_cast<size_t>(n); ++k) {
      b.total[k][l] = lane.totals[k];
      b.bonus[k][l] = detail::bonus_paid(rules_, lane.bonus[k]);  // P4: on an evening's first pass
    }
    return begin_block_pass(l) ? 1 : 0;
  }
  // (A) The next round's draws, from the one Rng, to the lanes of `which` in lane order (the
  // lanes' order is: those still at a segment, then those that settled).
  void draw_for(std::uint64_t which) {
    Block& b = block;
    drawing |= which;
    core::Rng local = rng;  // in registers: the stores below could otherwise alias its state
    for (; which != 0; which &= which - 1)
      b.bits[static_cast<size_t>(__builtin_ctzll(which))] = static_cast<std::int64_t>(local() >> 11);
    rng = local;
  }
};

}  // namespace verflixt::verflixte6
