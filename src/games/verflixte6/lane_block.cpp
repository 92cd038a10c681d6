#include "games/verflixte6/lane_block.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <stdexcept>

#include "games/verflixte6/lane_vectors.h"
#include "games/verflixte6/turn_step.h"

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

// uniform_times and resolve (pass_kernel.cpp) for sixteen lanes, the same double arithmetic in
// two halves of eight: u = bits 2^-53 times the segment's size, the bucket k = floor(u) after
// the segment's first (alias), and side 1 where u - k is not below the bucket's own
// probability. `own` is the buckets as doubles (a Bucket is two: own, then next[2]).
void draw16(const std::int64_t* bits, V16i alias, V16i size, const double* own, V16i& k, V16i& side) {
  lanes::V8l b[2];  // below 2^53: converted as signed, exactly (AVX2 has no unsigned conversion)
  std::memcpy(b, bits, sizeof b);
  lanes::V8i half_k[2], half_side[2];
  for (int h = 0; h < 2; ++h) {
    const lanes::V8i m = h == 0 ? __builtin_shufflevector(size, size, 0, 1, 2, 3, 4, 5, 6, 7)
                                : __builtin_shufflevector(size, size, 8, 9, 10, 11, 12, 13, 14, 15);
    const lanes::V8i a = h == 0 ? __builtin_shufflevector(alias, alias, 0, 1, 2, 3, 4, 5, 6, 7)
                                : __builtin_shufflevector(alias, alias, 8, 9, 10, 11, 12, 13, 14, 15);
    const lanes::V8d u = __builtin_convertvector(b[h], lanes::V8d) * 0x1.0p-53 * __builtin_convertvector(m, lanes::V8d);
    half_k[h] = __builtin_convertvector(u, lanes::V8i);  // u >= 0: truncation is the floor
    const lanes::V8d bucket_own = lanes::gather(own, (a + half_k[h]) * 2);
    const lanes::V8l below = u - __builtin_convertvector(half_k[h], lanes::V8d) < bucket_own;
    half_side[h] = __builtin_convertvector(below + 1, lanes::V8i);  // -1 (true) -> side 0
  }
  k = __builtin_shufflevector(half_k[0], half_k[1], 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  side = __builtin_shufflevector(half_side[0], half_side[1], 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

}  // namespace

bool PassKernel::lane_block_plays(std::span<const PassSeat> seats, int lanes) {
  if (!use_block_ || lanes > Block::kWidth) return false;
  const Policy* policy = seats.front().policy;
  for (const PassSeat& s : seats)
    if (s.policy != policy || s.jokers.has(SENIGMA)) return false;  // Senigma: live duels, E9's memory
  const CompiledPolicy& t = tables_of(*policy);
  return !t.family && t.victim != VictimRule::kAsk && !policy->decide_reads_table();
}

// play_passes' rounds (run_lanes) on the block; the comments name the phase of run_lanes
// each step stands for.
void PassKernel::play_block(std::span<const PassSeat> seats, std::uint64_t first_pass, std::uint64_t count,
                            Rng& rng, const PassSink& sink, int lanes) {
  static_assert(Block::kVector == kVector && sizeof(V16i) == kVector * sizeof(std::int32_t));
  if (!block_) block_ = std::make_unique<Block>();
  Block& b = *block_;
  const int n = static_cast<int>(seats.size());
  CompiledPolicy& t = tables_of(*seats.front().policy);
  start_cache_.assign(static_cast<size_t>(n) * kStartSpan, kNone);
  const auto L = static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(lanes), count));
  const int vectors = (L + kVector - 1) / kVector;
  for (int k = 0; k < n; ++k) {
    b.total[static_cast<size_t>(k)] = seats[static_cast<size_t>(k)].total;
    b.bonus[static_cast<size_t>(k)] = detail::bonus_paid(rules_, seats[static_cast<size_t>(k)].bonus);
  }
  const lanes::KeyRule key_rule{n, -static_cast<int>(rules_.rob_targets == RobTargets::NotZombie),
                                -static_cast<int>(rules_.keuler_bonus > 0), t.victim == VictimRule::kLeader};
  std::uint64_t next = 0;                               // passes handed to lanes so far
  auto next_first = static_cast<int>(first_pass % seats.size());  // the first seat of pass next

  // begin_turn, begin_pass (pass_kernel.cpp) on lane l.
  auto begin_turn = [&](size_t l) {
    const int self = seat_at(b.first[l], b.step[l], n);  // P1
    const auto i = static_cast<size_t>(self);
    b.self[l] = self;
    const int eyes = b.eyes[i][l] + b.bonus[i];  // a robbed Jungfrau starts from her eyes (T1, P4)
    b.row[l] = static_cast<std::int32_t>(cached_start(t, start_cache_.data(), i, seats[i].jokers, eyes));
  };
  auto begin_pass = [&](size_t l) {
    b.first[l] = next_first;
    b.step[l] = 0;
    for (size_t k = 0; k < static_cast<size_t>(n); ++k) {
      b.eyes[k][l] = 0;
      b.status[k][l] = static_cast<std::int32_t>(Status::Jungfrau);
      b.paid[k][l] = 0;
      b.keuler[k][l] = 0;
    }
    ++next;
    next_first = next_first + 1 == n ? 0 : next_first + 1;
    begin_turn(l);
  };
  // The lane's pass has ended (its last turn recorded): T7, the sink, and its next pass;
  // false when it has none.
  std::array<SeatView, kMaxPlayers> table{};
  std::array<int, kMaxPlayers> bonuses{};
  auto finish_pass = [&](size_t l) {
    for (size_t k = 0; k < static_cast<size_t>(n); ++k) {
      table[k] = SeatView{b.eyes[k][l], static_cast<Status>(b.status[k][l]), b.total[k], false, b.paid[k][l] != 0};
      bonuses[k] = b.keuler[k][l];
    }
    const std::span<SeatView> view(table.data(), static_cast<size_t>(n));
    end_pass(view);  // T7
    sink(b.first[l], view, std::span<const int>(bonuses.data(), static_cast<size_t>(n)));
    if (next == count) {
      b.live[l] = 0;
      b.bits[l] = 0;
      return false;
    }
    begin_pass(l);
    return true;
  };
  // settle (D): the lane's turn ends — T5, and T7 with the sink when that ended the pass —
  // until it is at a segment to draw from; false when it has no pass left.
  auto settle = [&](size_t l) {
    for (;;) {
      const Hot hot = hot_[static_cast<size_t>(b.row[l])];
      if (hot.state == kReady) return true;
      if (hot.state == kUnbuilt) {
        compile_segment(t, static_cast<std::uint32_t>(b.row[l]));
        continue;
      }
      if (hot.state == kLive) throw std::logic_error("pass kernel: a live row in a lane block");
      const auto self = static_cast<size_t>(b.self[l]);
      SeatView me;
      record_turn(me, hot.end_eyes, hot.eliminated);  // T5
      b.eyes[self][l] = me.eyes;
      b.status[self][l] = static_cast<std::int32_t>(me.status);
      if (++b.step[l] < n) begin_turn(l);
      else if (!finish_pass(l)) return false;
    }
  };

  // (A) The next round's draws, from the one Rng, to the lanes of `which` in lane order (the
  // lanes' order is: those still at a segment, then those that settled).
  int drawing = 0;  // lanes that draw in the next round
  auto draw_for = [&](std::uint64_t which) {
    Rng local = rng;  // in registers: the stores below could otherwise alias its state
    for (; which != 0; which &= which - 1, ++drawing)
      b.bits[static_cast<size_t>(__builtin_ctzll(which))] = static_cast<std::int64_t>(local() >> 11);
    rng = local;
  };

  // The lanes' passes, as play_passes hands them out; the lanes beyond L idle at a row
  // that exists, so that the loops below may read for them.
  for (size_t l = 0; l < static_cast<size_t>(L); ++l) {
    b.live[l] = -1;
    begin_pass(l);
  }
  for (size_t l = static_cast<size_t>(L); l < static_cast<size_t>(vectors * kVector); ++l) {
    b.live[l] = 0;
    b.bits[l] = 0;
    b.row[l] = b.row[0];
    b.first[l] = b.step[l] = b.self[l] = 0;
  }
  std::uint64_t ready = 0;
  for (size_t l = 0; l < static_cast<size_t>(L); ++l)
    if (settle(l)) ready |= std::uint64_t{1} << l;
  draw_for(ready);

  // The tables as 32-bit words, for the gathers (lane_vectors.h): a Hot is alias, buckets,
  // end_eyes and state | eliminated << 8; a Bucket own (two words) and next[2]; a Steal
  // transfer, shown, lapse, keuler and senigma. Taken again after anything that may grow them.
  static_assert(sizeof(Hot) == 16 && offsetof(Hot, alias) == 0 && offsetof(Hot, buckets) == 4 &&
                offsetof(Hot, end_eyes) == 8 && offsetof(Hot, state) == 12 && offsetof(Hot, eliminated) == 13);
  static_assert(sizeof(Bucket) == 16 && offsetof(Bucket, own) == 0 && offsetof(Bucket, next) == 8);
  static_assert(sizeof(Steal) == 20 && offsetof(Steal, transfer) == 0 && offsetof(Steal, shown) == 4 &&
                offsetof(Steal, lapse) == 8 && offsetof(Steal, keuler) == 12);
  const auto words = [](const auto& v) { return reinterpret_cast<const std::int32_t*>(v.data()); };
  constexpr int kUnbuiltState = kUnbuilt, kReadyState = kReady;

  // The gathers' indices are 32-bit: up to 4 words a row, 4 a bucket, 10 a bucket's steals.
  constexpr std::size_t kGathered = std::size_t{1} << 27;
  while (drawing > 0) {
    if (hot_.size() >= kGathered || buckets_.size() >= kGathered)
      throw std::length_error("pass kernel: tables too large for a lane block (2^27 rows or buckets)");
    // Sixteen lanes at a time, phase by phase (each phase's vectors are independent, so
    // the processor overlaps their gathers): the draw, (B) its steal, where each lane now
    // stands, and the turn ends — end_turn's record_turn (T5) for those whose next start row
    // is cached, with begin_turn, and for the last turns of passes, whose T7 and sink follow
    // below; the other turn ends are settled one lane at a time below.
    const auto vs = static_cast<size_t>(vectors * kVector);
    for (size_t v = 0; v < vs; v += kVector) {
      const V16i live = load(&b.live[v]);
      const V16i row = load(&b.row[v]);
      const V16i alias = lanes::gather(words(hot_), row * 4), size = lanes::gather(words(hot_), row * 4 + 1);
      V16i k, side;
      draw16(&b.bits[v], alias, size, reinterpret_cast<const double*>(buckets_.data()), k, side);
      const V16i bucket = alias + k;
      const V16i next_row = lanes::gather(words(buckets_), bucket * 4 + 2 + side);
      const V16i before = next_row & static_cast<std::int32_t>(~kTakes);
      store(&b.drawn[v], bucket * 2 + side);
      store(&b.takes[v], live & (next_row < 0));  // kTakes, bit 31
      store(&b.before[v], before);
      store(&b.row[v], lanes::select(live, before, row));
    }
    for (size_t v = 0; v < vs; v += kVector) {
      const V16i takes = load(&b.takes[v]);
      if (lanes::any(takes)) {
        const V16i drawn = load(&b.drawn[v]), before = load(&b.before[v]);
        V16i row = load(&b.row[v]);
        // compiled_victim, lane by lane: the best key over the seats.
        const V16i self = load(&b.self[v]);
        const V16i amount = lanes::gather(words(steals_), drawn * 5);
        const V16i shown = lanes::gather(words(steals_), drawn * 5 + 1);
        V16i best{};
        for (int j = 0; j < n; ++j) {
          const auto s = static_cast<size_t>(j);
          const V16i seat = V16i{} + j;
          const V16i key = lanes::victim_key(load(&b.eyes[s][v]), load(&b.status[s][v]), V16i{} + b.total[s],
                                             load(&b.paid[s][v]), seat, self, amount, seat != self, key_rule);
          best = lanes::select(key > best, key, best);
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
        row = lanes::select(lapsed, lanes::gather(words(steals_), drawn * 5 + 2), row);
        row = lanes::select(due, lanes::gather(words(steals_), drawn * 5 + 3), row);
        if (lanes::any(row == static_cast<std::int32_t>(kNone))) [[unlikely]] {
          for (int i = 0; i < kVector; ++i) {  // worked out on first need, as transfer_ does
            if (static_cast<std::uint32_t>(row[i]) != kNone) continue;
            Steal& e = steals_[static_cast<size_t>(drawn[i])];
            const auto from = static_cast<std::uint32_t>(before[i]);
            row[i] = static_cast<std::int32_t>(lapsed[i] != 0 ? (e.lapse = shifted(t, from, -e.transfer))
                                                              : (e.keuler = shifted(t, from, rules_.keuler_bonus)));
          }
        }
        store(&b.row[v], row);
      }
    }
    std::uint64_t going = 0, settled = 0, finished = 0, slow = 0;  // bit l: lane l
    for (size_t v = 0; v < vs; v += kVector) {
      const V16i live = load(&b.live[v]), row = load(&b.row[v]);
      // Where each lane now stands. A segment not compiled yet is compiled here (when does
      // not change any draw: run_lanes).
      V16i state = lanes::gather(words(hot_), row * 4 + 3);
      if (lanes::any(live & ((state & 0xff) == kUnbuiltState))) [[unlikely]] {
        for (int i = 0; i < kVector; ++i)
          if (live[i] != 0 && hot_[static_cast<size_t>(row[i])].state == kUnbuilt)
            compile_segment(t, static_cast<std::uint32_t>(row[i]));
        state = lanes::gather(words(hot_), row * 4 + 3);
      }
      const V16i ended = live & ((state & 0xff) != kReadyState);
      store(&b.state[v], state);
      store(&b.ended[v], ended);
      going |= std::uint64_t{lanes::bits(live & ~ended)} << v;
    }
    for (size_t v = 0; v < vs; v += kVector) {
      const V16i state = load(&b.state[v]), ended = load(&b.ended[v]), row = load(&b.row[v]);
      // The quick turn ends: the pass goes on, and the next player's start row is cached.
      const V16i step = load(&b.step[v]) + 1, self = load(&b.self[v]);
      V16i next_self = load(&b.first[v]) + step;  // P1: seat_at
      next_self = lanes::select(next_self >= n, next_self - n, next_self);
      V16i start_eyes{};
      for (int j = 0; j < n; ++j) {
        const auto s = static_cast<size_t>(j);
        start_eyes = lanes::select(next_self == j, load(&b.eyes[s][v]) + b.bonus[s], start_eyes);
      }
      const V16i at = start_eyes - kStartLow;
      const V16i last = ended & (step == n);  // the pass ends: T7 and the sink below
      V16i quick = ended & (step < n) & (at >= 0) & (at < kStartSpan);
      const V16i start = lanes::gather(words(start_cache_), (next_self * kStartSpan + at) & quick);  // others: entry 0
      quick &= start != static_cast<std::int32_t>(kNone);  // a cached start row is compiled (cached_start)
      const V16i end_eyes = lanes::gather(words(hot_), row * 4 + 2);
      const V16i status = lanes::select((state & 0xff00) != 0, V16i{} + static_cast<int>(Status::Zombie),
                                        V16i{} + static_cast<int>(Status::Prinzessin));
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
      settled |= std::uint64_t{lanes::bits(quick)} << v;
      finished |= std::uint64_t{lanes::bits(last)} << v;
      slow |= std::uint64_t{lanes::bits(ended & ~recorded)} << v;
    }
    // (C) Lanes still at a segment draw first next round, in lane order; (D) those whose turn
    // ended settle, in lane order (finished passes go to the sink in that order), and draw
    // after them. Lanes are visited by the bits of their masks, without a branch per lane.
    drawing = 0;
    draw_for(going);
    for (std::uint64_t s = slow | finished; s != 0; s &= s - 1) {
      const auto l = static_cast<size_t>(__builtin_ctzll(s));
      const bool done = (finished >> l & 1) != 0;  // its last turn recorded above
      if ((!done || finish_pass(l)) && settle(l)) settled |= std::uint64_t{1} << l;
    }
    draw_for(settled);
  }
}

}  // namespace verflixt
