#include "games/verflixte6/kernels/lane_block.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>
#include <stdexcept>

#include "games/verflixte6/kernels/lane_vectors.h"
#include "games/verflixte6/rules/turn_step.h"

namespace verflixt {
namespace {

using lanes::V16i;
constexpr int kVector = 16;  // lanes per V16i

V16i load(const std::int32_t* p) {
  V16i v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
void store(std::int32_t* p, V16i v) { std::memcpy(p, &v, sizeof v); }

// uniform_times and resolve (pass_lanes.cpp) for sixteen lanes, the same double arithmetic in
// two halves of eight: u = bits 2^-53 times the segment's size, the bucket k = floor(u) after
// the segment's first (alias), and side 1 where u - k is not below the bucket's own
// probability; `next` is the bucket's next row on that side. A Bucket is 16 bytes, own and
// next[2], read whole (not its next row after the side is known, which would put a third
// gather on the draw's chain of latencies). Always inlined: left to itself, GCC calls it,
// and its three results go through memory.
__attribute__((always_inline)) inline void draw16(const std::int64_t* bits, V16i alias, V16i size,
                                                  const void* buckets, V16i& k, V16i& side, V16i& next) {
  lanes::V8l b[2];  // below 2^53: converted as signed, exactly (AVX2 has no unsigned conversion)
  std::memcpy(b, bits, sizeof b);
  lanes::V8i half_k[2], half_side[2], half_next[2];
  for (int h = 0; h < 2; ++h) {
    const lanes::V8i m = lanes::half(size, h), a = lanes::half(alias, h);
    const lanes::V8d u = __builtin_convertvector(b[h], lanes::V8d) * 0x1.0p-53 * __builtin_convertvector(m, lanes::V8d);
    half_k[h] = __builtin_convertvector(u, lanes::V8i);  // u >= 0: truncation is the floor
    lanes::V8l own_bits, pair;  // Bucket::own; next[0] low, next[1] high
    lanes::gather_records(buckets, a + half_k[h], own_bits, pair);
    const auto bucket_own = std::bit_cast<lanes::V8d>(own_bits);
    const lanes::V8l below = u - __builtin_convertvector(half_k[h], lanes::V8d) < bucket_own;
    half_side[h] = __builtin_convertvector(below + 1, lanes::V8i);  // -1 (true) -> side 0
    half_next[h] = __builtin_convertvector(lanes::select(below, pair, pair >> 32), lanes::V8i);
  }
  k = lanes::join(half_k[0], half_k[1]);
  side = lanes::join(half_side[0], half_side[1]);
  next = lanes::join(half_next[0], half_next[1]);
}

}  // namespace

bool PassKernel::Impl::lane_block_plays(std::span<const PassSeat> seats, int lanes) {
  std::array<CompiledPolicy*, kMaxPlayers> tabs{};
  bool senigma = false;
  for (size_t k = 0; k < seats.size(); ++k) {
    tabs[k] = &tables_of(*seats[k].policy);
    senigma |= seats[k].jokers.has(SENIGMA);
  }
  return block_plays(tabs, static_cast<int>(seats.size()), senigma, lanes);
}

bool PassKernel::Impl::lane_block_plays(std::span<const EveningPlayer> players, int lanes) {
  std::array<CompiledPolicy*, kMaxPlayers> tabs{};
  for (size_t k = 0; k < players.size(); ++k) tabs[k] = &tables_of(*players[k].policy);
  return block_plays(tabs, static_cast<int>(players.size()), rules_.jokers.has(SENIGMA), lanes);
}

bool PassKernel::Impl::block_plays(const std::array<CompiledPolicy*, kMaxPlayers>& tabs, int n, bool senigma, int lanes) const {
  if (!use_block_ || lanes > Block::kWidth) return false;
  if (senigma && rules_.senigma != SenigmaKind::Duel) return false;  // E9: classic Senigma remembers its victims
  for (size_t k = 0; k < static_cast<size_t>(n); ++k)
    if (tabs[k]->victim == VictimRule::kAsk) return false;  // a victim the policy is asked for
  return true;
}

void PassKernel::Impl::run_block(Rng& rng, const std::function<bool(Lane&)>& finish, const BlockPasses* passes,
                           const BlockSeries* series) {
  if (passes == nullptr) run_block<true>(rng, finish, nullptr, series);
  else run_block<false>(rng, finish, passes, nullptr);
}

// run_lanes' rounds on the block; the comments name the phase of run_lanes each step
// stands for. The caller has begun every lane's first pass (lanes_, order_ in lane order).
// kSeries: the lanes play evenings, whose passes differ in totals, start bonuses and start
// rows (a cache per pass of the evening); play_passes' are the same in every lane.
template <bool kSeries>
void PassKernel::Impl::run_block(Rng& rng, const std::function<bool(Lane&)>& finish, const BlockPasses* passes,
                           const BlockSeries* series) {
  static_assert(Block::kVector == kVector && sizeof(V16i) == kVector * sizeof(std::int32_t));
  if (!block_) block_ = std::make_unique<Block>();
  Block& b = *block_;
  const auto L = static_cast<int>(lanes_.size());
  if (L == 0) return;
  const int vectors = (L + kVector - 1) / kVector;
  const int n = lanes_.front().n;
  const std::array<CompiledPolicy*, kMaxPlayers> tabs = lanes_.front().tabs;  // every lane's
  bool one_rule = true, families = false;
  for (size_t k = 0; k < static_cast<size_t>(n); ++k) {
    b.seat_leader[k] = -static_cast<int>(tabs[k]->victim == VictimRule::kLeader);
    b.seat_family[k] = -static_cast<int>(tabs[k]->family);
    one_rule &= b.seat_leader[k] == b.seat_leader[0];
    families |= tabs[k]->family;
  }
  // Families of stop thresholds whose turn starts the block plays itself: their members'
  // start rows are cached (family_starts_, small enough for 32-bit gathers).
  const bool cached_families =
      families && !family_starts_.empty() && family_starts_.size() < (std::size_t{1} << 31);
  const lanes::KeyRule key_rule{n, -static_cast<int>(rules_.rob_targets == RobTargets::NotZombie),
                                -static_cast<int>(rules_.keuler_bonus > 0)};
  // The quick turn ends read the start-row cache where a lane has none too (masked to its
  // first entry), so it has one.
  if (start_cache_.empty()) start_cache_.assign(1, kNone);

  // The tables of lane l's player on turn: his seat's, or for a family of stop thresholds
  // the member at his threshold (b.threshold; the lane record's Lane::t, as to_lane sets it).
  auto tables_at = [&](size_t l) -> CompiledPolicy& {
    CompiledPolicy& seat = *tabs[static_cast<size_t>(b.self[l])];
    return seat.family ? at_threshold(seat, b.threshold[l]) : seat;
  };
  // The lane's state into its record, for the lanes' own code, and back.
  std::uint64_t behind = 0;  // bit l: the block began lane l's pass (begin_block_pass), its record did not
  auto to_lane = [&](size_t l) -> Lane& {
    Lane& lane = lanes_[l];
    if (kSeries && (behind >> l & 1) != 0) {  // the block began this pass (begin_block_pass): catch up
      behind &= ~(std::uint64_t{1} << l);
      lane.pass = b.pass[l];
      for (size_t k = 0; k < static_cast<size_t>(n); ++k) lane.totals[k] = b.total[k][l];
      open_evening_pass(lane, series->players, series->final);
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
  };
  auto from_lane = [&](size_t l) {
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
  };
  // Seat k of lane l's table as a policy sees it, from the block's arrays. Always inlined
  // into its per-seat loops: left to itself, GCC's evenings ran 2-4% slower with it shared.
  auto seat_view = [&](size_t k, size_t l) __attribute__((always_inline)) {
    return SeatView{b.eyes[k][l], static_cast<Status>(b.status[k][l]), kSeries ? b.total[k][l] : b.seat_total[k],
                    b.senigma[k][l] != 0, b.paid[k][l] != 0};
  };
  // member_for_table's threshold, on the block's arrays, without the lane record: that of
  // lane l's player `who` at step `step` of the pass, where seat `recorded` (if not -1)
  // shows the turn that just ended (T5: eyes, status).
  std::array<SeatView, kMaxPlayers> seen{};
  std::array<const Policy*, kMaxPlayers> seat_policy{};  // tabs[k]->policy, without the pointer chase
  for (size_t k = 0; k < static_cast<size_t>(n); ++k) seat_policy[k] = tabs[k]->policy;
  const TurnState any_turn;  // stop_threshold reads the table, not the turn
  auto threshold_for = [&](size_t l, int who, int step, int recorded, int eyes, int status) {
    for (size_t k = 0; k < static_cast<size_t>(n); ++k) seen[k] = seat_view(k, l);
    if (recorded >= 0) {
      seen[static_cast<size_t>(recorded)].eyes = eyes;
      seen[static_cast<size_t>(recorded)].status = static_cast<Status>(status);
    }
    return seat_policy[static_cast<size_t>(who)]->stop_threshold(
        TurnView{rules_, any_turn, who, std::span<const SeatView>(seen.data(), static_cast<size_t>(n)), n - 1 - step});
  };
  // (D) A lane settled by the lanes' own code draws next round from a segment (`settled`)
  // or at a live row (`live`).
  std::uint64_t settled = 0, live = 0;  // bit l: lane l
  auto list_drawing = [&](size_t l) {
    (hot_[lanes_[l].row].state == kReady ? settled : live) |= std::uint64_t{1} << l;
  };
  // play_passes' turn and pass ends in the block's own arrays, without a lane record, where
  // nothing else needs one (no family, no live row): begin_turn, begin_pass and finish as the
  // lanes (pass_lanes.cpp) and play_passes' finish do them.
  const bool own_ends = !kSeries && passes->plain;
  auto begin_turn = [&](size_t l) {
    const int self = seat_at(b.first[l], b.step[l], n);  // P1
    const auto i = static_cast<size_t>(self);
    b.self[l] = self;
    const int eyes = b.eyes[i][l] + b.seat_bonus[i];  // a robbed Jungfrau starts from her eyes (T1, P4)
    b.row[l] = static_cast<std::int32_t>(
        cached_start(*tabs[i], start_cache_.data(), i, passes->seats[i].jokers, eyes));
  };
  // Lane l's next pass, numbered as play_passes' finish numbers them (its first seat); false,
  // the lane dead, when no pass is left.
  auto next_pass = [&](size_t l) {
    if (passes->next == passes->count) return !(lanes_[l].dead = true);
    b.first[l] = passes->next_first;
    ++passes->next;
    passes->next_first = passes->next_first + 1 == n ? 0 : passes->next_first + 1;
    return true;
  };
  // Lane l's table as a pass starts (open_pass): every seat a Jungfrau at 0, no Keuler yet.
  auto clear_table = [&](size_t l) {
    for (size_t k = 0; k < static_cast<size_t>(n); ++k) {
      b.eyes[k][l] = 0;
      b.status[k][l] = static_cast<std::int32_t>(Status::Jungfrau);
      b.paid[k][l] = 0;
      b.keuler[k][l] = 0;
      b.senigma[k][l] = 0;
    }
  };
  std::array<SeatView, kMaxPlayers> table{};
  std::array<int, kMaxPlayers> bonuses{};
  auto finish_pass = [&](size_t l) {  // its last turn recorded: T7, the sink, its next pass
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
  };
  auto settle_own = [&](size_t l) {  // settle: turn ends (T5) until a segment; false: no pass left
    for (;;) {
      const Hot hot = hot_[static_cast<size_t>(b.row[l])];
      if (hot.state == kReady) return true;
      if (hot.state == kUnbuilt) {
        compile_segment(*tabs[static_cast<size_t>(b.self[l])], static_cast<std::uint32_t>(b.row[l]));
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
  };
  // play_series' passes of an evening and its next evenings, begun in the block's arrays
  // where the loadouts are planned (start rows cached per pass of the evening), as
  // play_series' finish and begin_evening_pass begin them from the record: T7, P3 (the
  // totals), the table cleared, the opener (P1) on turn at his cached start row. The lane
  // record catches up when the lanes' own code next plays the lane (to_lane). False where
  // that row is not cached: the lanes' begin_turn starts the turn.
  const bool own_passes = kSeries && series != nullptr && !plan_.empty();
  auto begin_block_pass = [&](size_t l) {  // pass b.pass[l], its totals and bonuses set
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
      const std::uint32_t* cached = family_start(b.starts[l], first, t, b.bonus[f][l]);
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
  };
  auto end_block_pass = [&](size_t l) {  // the pass's table into the evening's totals
    for (size_t k = 0; k < static_cast<size_t>(n); ++k) {
      std::int32_t eyes = b.eyes[k][l], status = b.status[k][l];
      end_pass_seat(eyes, status);  // T7
      b.total[k][l] += eyes;        // P3
      b.bonus[k][l] = 0;  // P4: the placement bonus comes with an evening's first pass only
    }
  };
  auto begin_next_pass = [&](size_t l) {
    end_block_pass(l);
    ++b.pass[l];
    return begin_block_pass(l);
  };
  // The evening's last pass ended: its totals into the record, play_series' end of the
  // evening (the sink, the next evening in the record), and its first pass begun.
  // 1: begun; 0: the record begins it; -1: no series left, the lane dead.
  auto begin_next_evening = [&](size_t l) {
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
  };
  // (A) The next round's draws, from the one Rng, to the lanes of `which` in lane order (the
  // lanes' order is: those still at a segment, then those that settled).
  std::uint64_t drawing = 0;  // the lanes that draw from a segment in the next round
  auto draw_for = [&](std::uint64_t which) {
    drawing |= which;
    Rng local = rng;  // in registers: the stores below could otherwise alias its state
    for (; which != 0; which &= which - 1)
      b.bits[static_cast<size_t>(__builtin_ctzll(which))] = static_cast<std::int64_t>(local() >> 11);
    rng = local;
  };

  // play_passes' passes: the same totals, start bonuses and start rows in every lane.
  const Lane& any = lanes_.front();
  for (size_t k = 0; k < static_cast<size_t>(n); ++k) {
    b.seat_total[k] = any.table[k].total;
    b.seat_bonus[k] = detail::bonus_paid(rules_, any.seats[k].bonus);
  }
  const std::int32_t any_starts = any.starts == nullptr ? -1 : static_cast<std::int32_t>(any.starts - start_cache_.data());
  // count_passes' pass ends in the vectors (end_counted, below) need every seat's row at a
  // pass's start to be a segment to draw from: compiled now (when does not change any draw).
  // Else its passes end one at a time, through its sink, as play_passes' do.
  std::vector<std::uint64_t>* const counts = own_ends ? passes->counts : nullptr;
  alignas(64) std::array<std::int32_t, kVector> pass_start{};  // by seat
  bool counted = counts != nullptr;
  for (size_t k = 0; counted && k < static_cast<size_t>(n); ++k) {
    const std::uint32_t row = cached_start(*tabs[k], start_cache_.data(), k, passes->seats[k].jokers, b.seat_bonus[k]);
    pass_start[k] = static_cast<std::int32_t>(row);
    counted = hot_[row].state == kReady;
  }
  // The passes of `ends` (their last turns recorded) counted, by T7 and count_index, and
  // their lanes' next passes begun as finish_pass and begin_turn begin them; returns the
  // lanes that play on (the others have no pass left).
  alignas(64) std::array<std::int32_t, kMaxPlayers * kVector> codes{};  // [seat][lane of the vector]
  auto end_counted = [&](std::uint64_t ends) {
    for (size_t v = 0; v < static_cast<size_t>(vectors * kVector); v += kVector) {
      const auto m = static_cast<unsigned>(ends >> v & 0xffff);
      if (m == 0) continue;
      const V16i in = lanes::mask_of(m), first = load(&b.first[v]);
      V16i top{};
      for (int j = 0; j < n; ++j) {
        const auto s = static_cast<size_t>(j);
        V16i eyes = load(&b.eyes[s][v]), status = load(&b.status[s][v]);
        end_pass_seat(eyes, status);  // T7
        const V16i zombie = (status == static_cast<int>(Status::Zombie)) & 1;
        const V16i at = count_index(eyes, zombie, V16i{} + j, first, n) & in;
        store(&codes[s * kVector], at);
        top = lanes::max(top, at);
      }
      if (lanes::any(top >= static_cast<std::int32_t>(counts->size()))) {  // counts grow as the sink grows them
        std::int32_t most = 0;
        for (int i = 0; i < kVector; ++i) most = std::max(most, top[i]);
        counts->resize(2 * static_cast<size_t>(most) + 2 * static_cast<size_t>(n), 0);
      }
      std::uint64_t* const c = counts->data();
      for (unsigned bits = m; bits != 0; bits &= bits - 1) {
        const auto i = static_cast<size_t>(__builtin_ctz(bits));
        for (size_t k = 0; k < static_cast<size_t>(n); ++k) ++c[codes[k * kVector + i]];
      }
    }
    std::uint64_t started = 0;  // in lane order, as finish_pass numbers them
    for (std::uint64_t e = ends; e != 0; e &= e - 1) {
      const auto l = static_cast<size_t>(__builtin_ctzll(e));
      started |= std::uint64_t{next_pass(l)} << l;
    }
    for (size_t v = 0; v < static_cast<size_t>(vectors * kVector); v += kVector) {
      const auto m = static_cast<unsigned>(started >> v & 0xffff);
      if (m == 0) continue;
      const V16i in = lanes::mask_of(m), first = load(&b.first[v]);
      for (size_t k = 0; k < static_cast<size_t>(n); ++k) {
        store(&b.eyes[k][v], load(&b.eyes[k][v]) & ~in);
        store(&b.status[k][v], lanes::select(in, V16i{} + static_cast<int>(Status::Jungfrau), load(&b.status[k][v])));
        store(&b.paid[k][v], load(&b.paid[k][v]) & ~in);
        store(&b.keuler[k][v], load(&b.keuler[k][v]) & ~in);
      }
      store(&b.step[v], load(&b.step[v]) & ~in);
      store(&b.self[v], lanes::select(in, first, load(&b.self[v])));  // P1: the opener's turn
      store(&b.row[v], lanes::select(in, lanes::permute(load(pass_start.data()), first), load(&b.row[v])));
    }
    return started;
  };
  for (size_t l = 0; l < static_cast<size_t>(L); ++l) {
    if (settle_or_finish(lanes_[l], finish)) list_drawing(l);
    from_lane(l);
  }
  // The lanes beyond L idle at a row that exists, so that the loops below may read for them.
  for (size_t l = static_cast<size_t>(L); l < static_cast<size_t>(vectors * kVector); ++l) {
    b.row[l] = b.row[0];
    b.first[l] = b.step[l] = b.self[l] = 0;
    b.starts[l] = -1;
  }
  draw_for(settled);

  // The tables as 32-bit words, for the gathers (lane_vectors.h): a Hot is alias, buckets,
  // end_eyes or draw, and state | eliminated << 8 | eyes << 16; a Bucket own (two words) and
  // next[2]; a Steal transfer, shown, lapse, keuler and senigma. Taken again after anything
  // that may grow them. The packing is a little-endian processor's: the state word's bytes,
  // and the 8-byte loads of two words (gather_pair; a Bucket's next[0] is the low half of
  // its second 8 bytes, gather_records).
  static_assert(std::endian::native == std::endian::little);
  static_assert(sizeof(Hot) == 16 && offsetof(Hot, alias) == 0 && offsetof(Hot, buckets) == 4 &&
                offsetof(Hot, end_eyes) == 8 && offsetof(Hot, state) == 12 && offsetof(Hot, eliminated) == 13 &&
                offsetof(Hot, eyes) == 14);
  static_assert(sizeof(Bucket) == 16 && offsetof(Bucket, own) == 0 && offsetof(Bucket, next) == 8);
  static_assert(sizeof(Steal) == 20 && offsetof(Steal, transfer) == 0 && offsetof(Steal, shown) == 4 &&
                offsetof(Steal, lapse) == 8 && offsetof(Steal, keuler) == 12);
  const auto words = [](const auto& v) { return reinterpret_cast<const std::int32_t*>(v.data()); };
  constexpr int kUnbuiltState = kUnbuilt, kReadyState = kReady, kEndsState = kEnds, kLiveState = kLive;

  // The gathers' indices are 32-bit: up to 4 words a row, 4 a bucket, 10 a bucket's steals.
  constexpr std::size_t kGathered = std::size_t{1} << 27;
  constexpr std::size_t kFar = std::size_t{1} << 20;  // bytes of buckets: about a core's L2
  const auto vs = static_cast<size_t>(vectors * kVector);
  while ((drawing | live) != 0) {
    if (hot_.size() >= kGathered || buckets_.size() >= kGathered || start_cache_.size() >= kGathered)
      throw std::length_error("pass kernel: tables too large for a lane block (2^27 rows or buckets)");
    // Tables larger than the caches (an evening's policies are megabytes): the next round's
    // buckets are fetched as soon as they are known (below), not waited for one gather at a
    // time. (Fetching a steal's record right after its draw, a phase before it is read, cost
    // more than it saved.)
    const bool far = buckets_.size() * sizeof(Bucket) > kFar;
    // Sixteen lanes at a time, phase by phase (each phase's vectors are independent, so
    // the processor overlaps their gathers): the draw, (B) its steal, where each lane now
    // stands, and the turn ends — end_turn's record_turn (T5) for those whose next start row
    // is cached, with begin_turn, and for the last turns of passes, whose T7 and the caller's
    // finish follow below; the other turn ends are settled one lane at a time below.
    // A vector none of whose lanes plays (as lanes run out of passes at a chunk's end) is
    // skipped, its phases' hand-on words cleared.
    for (size_t v = 0; v < vs; v += kVector) {
      if ((drawing >> v & 0xffff) == 0) {
        store(&b.takes[v], V16i{});
        continue;
      }
      const V16i go = lanes::mask_of(static_cast<unsigned>(drawing >> v));
      const V16i row = load(&b.row[v]);
      V16i alias, size;
      if (packed_) {  // Hot::draw, masked: the lanes that do not draw read nothing, bucket 0 (one exists)
        const V16i draw = lanes::gather(words(hot_), row * 4 + 2, go);
        alias = draw >> kSizeBits & ((1 << (32 - kSizeBits)) - 1);
        size = (draw & ((1 << kSizeBits) - 1)) + 1;
      } else {
        alias = lanes::gather(words(hot_), row * 4);
        size = lanes::gather(words(hot_), row * 4 + 1);
      }
      V16i k, side, next_row;
      draw16(&b.bits[v], alias, size, buckets_.data(), k, side, next_row);
      const V16i bucket = alias + k;
      const V16i before = next_row & static_cast<std::int32_t>(~kTakes);
      store(&b.drawn[v], bucket * 2 + side);
      store(&b.takes[v], go & (next_row < 0));  // kTakes, bit 31
      store(&b.before[v], before);
      store(&b.row[v], lanes::select(go, before, row));
    }
    // (A, live rows) after every draw from a segment, in lane order: the lane plays its whole
    // step as advance plays it (a finished pass is handed to finish there).
    std::uint64_t active_lanes = drawing;  // the lanes that drew this round and still play
    for (; live != 0; live &= live - 1) {
      const auto l = static_cast<size_t>(__builtin_ctzll(live));
      Lane& lane = to_lane(l);
      while (!advance(lane, rng))
        if (!finish(lane)) {
          lane.dead = true;
          break;
        }
      from_lane(l);
      active_lanes |= std::uint64_t{!lane.dead} << l;
    }
    for (size_t v = 0; v < vs; v += kVector) {
      const V16i takes = load(&b.takes[v]);
      if (lanes::any(takes)) {
        const V16i drawn = load(&b.drawn[v]), before = load(&b.before[v]);
        V16i row = load(&b.row[v]);
        // compiled_victim, lane by lane: the best key over the seats.
        const V16i self = load(&b.self[v]);
        V16i amount, shown;  // Steal::transfer and Steal::shown
        lanes::gather_pair(words(steals_), drawn * 5, takes, amount, shown);
        // Always inlined (and key_of in it): left to itself, GCC calls it, and a `leader`
        // constant for every seat does not fold.
        auto best_key = [&](V16i leader) __attribute__((always_inline)) {
          auto key_of = [&](int j) __attribute__((always_inline)) {
            const auto s = static_cast<size_t>(j);
            const V16i seat = V16i{} + j;
            const V16i total = kSeries ? load(&b.total[s][v]) : V16i{} + b.seat_total[s];
            return lanes::victim_key(load(&b.eyes[s][v]), load(&b.status[s][v]), total, load(&b.paid[s][v]), seat,
                                     self, amount, seat != self, leader, key_rule);
          };
          V16i even{}, odd{};  // two chains that overlap (max is associative)
          int j = 0;
          for (; j + 1 < n; j += 2) even = lanes::max(even, key_of(j)), odd = lanes::max(odd, key_of(j + 1));
          if (j < n) even = lanes::max(even, key_of(j));
          return lanes::max(even, odd);
        };
        V16i best;
        if (!one_rule) {  // the thief's seat's rule
          V16i leader{};
          for (int j = 0; j < n; ++j) leader |= (self == j) & b.seat_leader[static_cast<size_t>(j)];
          best = best_key(leader);
        } else {
          best = b.seat_leader[0] != 0 ? best_key(V16i{} - 1) : best_key(V16i{});
        }
        const V16i victim = lanes::victim_of_key(best, self, n);
        // take_from and take_eyes: the victim's key says whether the Keuler bonus is due (T6).
        const V16i due = takes & ((best & (1 << 30)) != 0);
        for (int j = 0; j < n; ++j) {
          const auto s = static_cast<size_t>(j);
          const V16i hit = takes & (victim == j);
          const V16i me = takes & (self == j);
          V16i eyes = load(&b.eyes[s][v]) - (amount & hit);
          eyes = lanes::select(me, shown, eyes);  // the thief as the engine shows him (E1)
          store(&b.eyes[s][v], eyes);
        }
        if (lanes::any(due)) [[unlikely]] {  // a Keuler bonus is rare: its bookkeeping apart
          for (int j = 0; j < n; ++j) {
            const auto s = static_cast<size_t>(j);
            store(&b.paid[s][v], load(&b.paid[s][v]) | (due & (victim == j) & 1));
            store(&b.keuler[s][v], load(&b.keuler[s][v]) + (due & (self == j) & rules_.keuler_bonus));
          }
        }
        // T4: a lapsed steal gives the eyes back; a Keuler bonus moves the turn on (T6).
        const V16i lapsed = takes & (victim == kLapsed);
        // (A gather whose mask is empty is not free: the common case asks first.)
        if (lanes::any(lapsed)) row = lanes::select(lapsed, lanes::gather(words(steals_), drawn * 5 + 2, lapsed), row);
        if (lanes::any(due)) row = lanes::select(due, lanes::gather(words(steals_), drawn * 5 + 3, due), row);
        if (lanes::any(row == static_cast<std::int32_t>(kNone))) [[unlikely]] {
          for (int i = 0; i < kVector; ++i) {  // worked out on first need, as transfer_ does
            if (static_cast<std::uint32_t>(row[i]) != kNone) continue;
            Steal& e = steals_[static_cast<size_t>(drawn[i])];
            const auto from = static_cast<std::uint32_t>(before[i]);
            CompiledPolicy& t = tables_at(v + static_cast<size_t>(i));
            row[i] = static_cast<std::int32_t>(lapsed[i] != 0 ? (e.lapse = shifted(t, from, -e.transfer))
                                                              : (e.keuler = shifted(t, from, rules_.keuler_bonus)));
          }
        }
        store(&b.row[v], row);
        // A member of a family of stop thresholds took eyes: his threshold may have moved
        // with the table (transfer_'s rethreshold).
        V16i member{};
        if (families)
          for (int j = 0; j < n; ++j) member |= (self == j) & b.seat_family[static_cast<size_t>(j)];
        unsigned moved = lanes::bits(takes & ~lapsed & member);
        // Where the steal left the threshold where it was, he keeps his member (rethreshold
        // would too), without the lane record.
        for (unsigned m = cached_families ? moved : 0; m != 0; m &= m - 1) {
          const auto i = static_cast<size_t>(__builtin_ctz(m));
          const size_t l = v + i;
          if (threshold_for(l, b.self[l], b.step[l], -1, 0, 0) == b.threshold[l]) moved &= ~(1u << i);
        }
        for (unsigned m = moved; m != 0; m &= m - 1) {
          const size_t l = v + static_cast<size_t>(__builtin_ctz(m));
          Lane& lane = to_lane(l);
          rethreshold(lane, lane.row);
          from_lane(l);
        }
      }
    }
    // Masks, bit l for lane l.
    std::uint64_t going = 0, quick_ends = 0, finished = 0, slow = 0, ending = 0, at_live = 0;
    for (size_t v = 0; v < vs; v += kVector) {
      if ((active_lanes >> v & 0xffff) == 0) continue;
      const V16i active = lanes::mask_of(static_cast<unsigned>(active_lanes >> v)), row = load(&b.row[v]);
      // Where each lane now stands. A segment not compiled yet is compiled here (when does
      // not change any draw: run_lanes).
      V16i state = lanes::gather(words(hot_), row * 4 + 3);
      if (lanes::any(active & ((state & 0xff) == kUnbuiltState))) [[unlikely]] {
        for (int i = 0; i < kVector; ++i)
          if (active[i] != 0 && hot_[static_cast<size_t>(row[i])].state == kUnbuilt)
            compile_segment(tables_at(v + static_cast<size_t>(i)), static_cast<std::uint32_t>(row[i]));
        state = lanes::gather(words(hot_), row * 4 + 3);
      }
      const V16i ended = active & ((state & 0xff) == kEndsState);
      store(&b.state[v], state);
      store(&b.ended[v], ended);
      ending |= std::uint64_t{lanes::bits(ended)} << v;
      going |= std::uint64_t{lanes::bits(active & ((state & 0xff) == kReadyState))} << v;
      // At a live row: it plays there next round (settle would list it so, and nothing else).
      at_live |= std::uint64_t{lanes::bits(active & ((state & 0xff) == kLiveState))} << v;
    }
    for (size_t v = 0; v < vs; v += kVector) {
      if ((ending >> v & 0xffff) == 0) continue;
      const V16i state = load(&b.state[v]), ended = load(&b.ended[v]), row = load(&b.row[v]);
      // The quick turn ends: the pass goes on, and the next player's start row is cached.
      const V16i step = load(&b.step[v]) + 1, self = load(&b.self[v]);
      V16i next_self = load(&b.first[v]) + step;  // P1: seat_at
      next_self = lanes::select(next_self >= n, next_self - n, next_self);
      // Exactly one seat is next_self: an OR over the seats, in two chains that overlap.
      auto start_of = [&](int j) {
        const auto s = static_cast<size_t>(j);
        const V16i bonus = kSeries ? load(&b.bonus[s][v]) : V16i{} + b.seat_bonus[s];
        return (next_self == j) & (load(&b.eyes[s][v]) + bonus);
      };
      V16i start_even{}, start_odd{};
      int pair = 0;
      for (; pair + 1 < n; pair += 2) start_even |= start_of(pair), start_odd |= start_of(pair + 1);
      if (pair < n) start_even |= start_of(pair);
      const V16i at = (start_even | start_odd) - kStartLow, starts = kSeries ? load(&b.starts[v]) : V16i{} + any_starts;
      const V16i last = ended & (step == n);  // the pass ends: T7 and finish below
      V16i quick = ended & (step < n) & (at >= 0) & (at < kStartSpan) & (starts >= 0);
      const V16i entry = starts + next_self * kStartSpan + at;  // in start_cache_
      // A family's start rows are not cached there (its threshold is the table's): kNone.
      V16i start = lanes::gather(words(start_cache_), entry & quick);  // others: entry 0
      const V16i end_eyes = packed_ ? state >> 16 : lanes::gather(words(hot_), row * 4 + 2);  // Hot::eyes
      const V16i status = lanes::select((state & 0xff00) != 0, V16i{} + static_cast<int>(Status::Zombie),
                                        V16i{} + static_cast<int>(Status::Prinzessin));
      // A family's turn start (begin_turn): his threshold for the table as T5 records the
      // turn that ended (member_for_table), his member's start row from family_starts_.
      if (cached_families) {
        V16i next_family{};
        for (int j = 0; j < n; ++j) next_family |= (next_self == j) & b.seat_family[static_cast<size_t>(j)];
        const unsigned family = lanes::bits(quick & next_family);
        if (family != 0) {
          alignas(64) std::array<std::int32_t, kVector> rows{}, threshold{};
          store(rows.data(), start);
          store(threshold.data(), load(&b.threshold[v]));
          for (unsigned m = family; m != 0; m &= m - 1) {
            const auto i = static_cast<size_t>(__builtin_ctz(m));
            const int t = threshold_for(v + i, next_self[i], step[i], self[i], end_eyes[i], status[i]);
            const std::uint32_t* cached = family_start(starts[i], next_self[i], t, at[i] + kStartLow);
            if (cached == nullptr || *cached == kNone) continue;
            rows[i] = static_cast<std::int32_t>(*cached);
            threshold[i] = t;
          }
          start = load(rows.data());
          store(&b.threshold[v], load(threshold.data()));
        }
      }
      quick &= start != static_cast<std::int32_t>(kNone);  // a cached start row is compiled (cached_start)
      const V16i recorded = quick | last;
      for (int j = 0; j < n; ++j) {
        const auto s = static_cast<size_t>(j);
        const V16i me = recorded & (self == j);
        store(&b.eyes[s][v], lanes::select(me, end_eyes, load(&b.eyes[s][v])));
        store(&b.status[s][v], lanes::select(me, status, load(&b.status[s][v])));
      }
      store(&b.step[v], lanes::select(recorded, step, step - 1));
      store(&b.self[v], lanes::select(quick, next_self, self));
      store(&b.row[v], lanes::select(quick, start, row));
      quick_ends |= std::uint64_t{lanes::bits(quick)} << v;
      finished |= std::uint64_t{lanes::bits(last)} << v;
      slow |= std::uint64_t{lanes::bits(ended & ~recorded)} << v;
    }
    // (C) Lanes still at a segment draw first next round, in lane order; (D) those whose turn
    // ended settle, in lane order (finished passes go to finish in that order), and draw
    // after them, from a segment or at a live row. Lanes are visited by the bits of their
    // masks, without a branch per lane.
    drawing = 0;
    draw_for(going);
    settled = quick_ends;
    live = at_live;
    // count_passes' pass ends, in the vectors, where no other turn end of the round needs
    // the lanes' own code: then each is one pass end (its next start row a segment), in lane
    // order, as the loop below would number them.
    if (counted && finished != 0 && slow == 0) {
      settled |= end_counted(finished);
      finished = 0;
    }
    for (std::uint64_t s = slow | finished; s != 0; s &= s - 1) {
      const auto l = static_cast<size_t>(__builtin_ctzll(s));
      if (own_ends) {
        if (((finished >> l & 1) == 0 || finish_pass(l)) && settle_own(l)) settled |= std::uint64_t{1} << l;
        continue;
      }
      if (own_passes && (finished >> l & 1) != 0) {
        const int begun = b.pass[l] + 1 < series->passes ? int{begin_next_pass(l)} : begin_next_evening(l);
        if (begun < 0) continue;  // no evening left
        if (begun > 0) {
          settled |= std::uint64_t{1} << l;
          continue;
        }
        Lane& lane = to_lane(l);  // the record catches up with the pass begun
        PassKernel::Impl::begin_turn(lane);
        if (settle_or_finish(lane, finish)) list_drawing(l);
        from_lane(l);
        continue;
      }
      Lane& lane = to_lane(l);
      bool plays = true;
      if ((finished >> l & 1) != 0) {  // its last turn recorded above: T7 and the caller's finish
        end_pass(lane.view());
        plays = finish(lane);
        lane.dead = !plays;
      }
      if (plays && settle_or_finish(lane, finish)) list_drawing(l);
      from_lane(l);
    }
    draw_for(settled);
    // The next round's buckets are known now (rows and draws are).
    if (far) {
      for (std::uint64_t d = going | settled; d != 0; d &= d - 1) {
        const auto l = static_cast<size_t>(__builtin_ctzll(d));
        const Hot& hot = hot_[static_cast<size_t>(b.row[l])];
        const double u = static_cast<double>(b.bits[l]) * 0x1.0p-53 * hot.buckets;
        __builtin_prefetch(&buckets_[hot.alias + static_cast<std::uint32_t>(u)]);
      }
    }
  }
}

}  // namespace verflixt
