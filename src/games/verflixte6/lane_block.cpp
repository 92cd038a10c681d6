#include "games/verflixte6/lane_block.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "games/verflixte6/lane_vectors.h"
#include "games/verflixte6/turn_step.h"

namespace verflixt {
namespace {


using lanes::V16i;
constexpr int kVector = 16;  // Block::kVector: lanes per V16i

V16i load(const std::int32_t* p) {
  V16i v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
void store(std::int32_t* p, V16i v) { std::memcpy(p, &v, sizeof v); }

}  // namespace

bool PassKernel::block_plays(std::span<const PassSeat> seats, int lanes) {
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
    const int at = eyes - kStartLow;
    if (at < 0 || at >= kStartSpan) {
      b.row[l] = static_cast<std::int32_t>(start_row(t, seats[i].jokers, eyes));
      return;
    }
    std::uint32_t& cached = start_cache_[i * kStartSpan + static_cast<size_t>(at)];
    if (cached == kNone) cached = start_row(t, seats[i].jokers, eyes);
    b.row[l] = static_cast<std::int32_t>(cached);
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
  // settle (D): the lane's turn ends — T5, and T7 with the sink when that ended the pass —
  // until it is at a segment to draw from; false when it has no pass left.
  std::array<SeatView, kMaxPlayers> table{};
  std::array<int, kMaxPlayers> bonuses{};
  auto settle = [&](size_t l) {
    for (;;) {
      const Hot hot = t.hot[static_cast<size_t>(b.row[l])];
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
      if (++b.step[l] < n) {
        begin_turn(l);
        continue;
      }
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
    }
  };

  // The lanes' passes, as play_passes hands them out; the lanes beyond L idle at a row
  // that exists, so that the loops below may read for them.
  int drawing = 0;
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
  for (size_t l = 0; l < static_cast<size_t>(L); ++l)
    if (settle(l)) b.order[static_cast<size_t>(drawing++)] = static_cast<std::uint32_t>(l);

  while (drawing > 0) {
    // (A) The draws, in the lanes' order, from the one Rng; then every lane's segment at once.
    {
      Rng local = rng;  // in registers: the stores below could otherwise alias its state
      for (int i = 0; i < drawing; ++i) b.bits[b.order[static_cast<size_t>(i)]] = local() >> 11;
      rng = local;
    }
    {
      const Hot* hot = t.hot.data();
      const Bucket* buckets = t.buckets.data();
      for (size_t l = 0; l < static_cast<size_t>(vectors * kVector); ++l) {
        const Hot h = hot[static_cast<size_t>(b.row[l])];
        // uniform_times and resolve, as the lanes draw.
        const double u = static_cast<double>(b.bits[l]) * 0x1.0p-53 * h.buckets;
        const auto k = static_cast<std::uint32_t>(u);
        const Bucket& x = buckets[h.alias + k];
        const std::uint32_t side = u - k < x.own ? 0 : 1;
        const std::uint32_t next_row = x.next[side];  // an index, not a branch on the dice
        const bool playing = b.live[l] != 0;
        b.before[l] = static_cast<std::int32_t>(next_row & ~kTakes);
        b.row[l] = playing ? b.before[l] : b.row[l];
        b.takes[l] = -static_cast<std::int32_t>(playing && (next_row & kTakes) != 0);
        b.drawn[l] = static_cast<std::int32_t>(2 * (h.alias + k) + side);
      }
    }
    // (B) The steals: transfer_ for every lane whose draw took eyes, sixteen lanes at a time.
    int stealing = 0;
    for (size_t l = 0; l < static_cast<size_t>(vectors * kVector); ++l) stealing |= b.takes[l];
    if (stealing != 0) {
      const Steal* steals = t.steals.data();
      for (size_t l = 0; l < static_cast<size_t>(vectors * kVector); ++l) {
        const Steal& e = steals[static_cast<size_t>(b.drawn[l])];
        b.amount[l] = e.transfer;
        b.shown[l] = e.shown;
        b.lapse[l] = static_cast<std::int32_t>(e.lapse);
        b.keuler_row[l] = static_cast<std::int32_t>(e.keuler);
      }
      int missing = 0;  // lanes whose lapse or Keuler row is still to be worked out
      for (size_t v = 0; v < static_cast<size_t>(vectors * kVector); v += kVector) {
        const V16i takes = load(&b.takes[v]), self = load(&b.self[v]), amount = load(&b.amount[v]);
        // compiled_victim, lane by lane: the best key over the seats.
        V16i best{};
        for (int k = 0; k < n; ++k) {
          const auto s = static_cast<size_t>(k);
          const V16i seat = V16i{} + k;
          const V16i key = lanes::victim_key(load(&b.eyes[s][v]), load(&b.status[s][v]), V16i{} + b.total[s],
                                             load(&b.paid[s][v]), seat, self, amount, seat != self, key_rule);
          best = lanes::select(key > best, key, best);
        }
        V16i victim = self + kMaxPlayers - (best & 0xf);
        victim = lanes::select(victim >= n, victim - n, victim);
        victim = lanes::select(best == 0, V16i{} + kLapsed, victim);
        // take_from and take_eyes: the victim's key says whether the Keuler bonus is due (T6).
        const V16i due = takes & ((best & (1 << 30)) != 0);
        const V16i shown = load(&b.shown[v]);
        for (int k = 0; k < n; ++k) {
          const auto s = static_cast<size_t>(k);
          const V16i hit = takes & (victim == k);
          const V16i me = takes & (self == k);
          V16i eyes = load(&b.eyes[s][v]) - (amount & hit);
          eyes = lanes::select(me, shown, eyes);  // the thief as the engine shows him (E1)
          store(&b.eyes[s][v], eyes);
          store(&b.paid[s][v], load(&b.paid[s][v]) | (due & hit & 1));
          store(&b.keuler[s][v], load(&b.keuler[s][v]) + (me & due & rules_.keuler_bonus));
        }
        // T4: a lapsed steal gives the eyes back; a Keuler bonus moves the turn on (T6).
        const V16i lapsed = takes & (victim == kLapsed);
        store(&b.lapsed[v], lapsed);
        V16i row = lanes::select(lapsed, load(&b.lapse[v]), load(&b.row[v]));
        row = lanes::select(due, load(&b.keuler_row[v]), row);
        store(&b.row[v], row);
        const V16i unknown = row == static_cast<std::int32_t>(kNone);
        for (int i = 0; i < kVector; ++i) missing |= unknown[i];
      }
      if (missing != 0) {  // worked out on first need, as transfer_ does
        for (size_t l = 0; l < static_cast<size_t>(L); ++l) {
          if (static_cast<std::uint32_t>(b.row[l]) != kNone) continue;
          Steal& e = t.steals[static_cast<size_t>(b.drawn[l])];
          const auto from = static_cast<std::uint32_t>(b.before[l]);
          if (b.lapsed[l] != 0) b.row[l] = static_cast<std::int32_t>(e.lapse = shifted(t, from, -e.transfer));
          else b.row[l] = static_cast<std::int32_t>(e.keuler = shifted(t, from, rules_.keuler_bonus));
        }
      }
    }
    // (C) Lanes still at a segment draw first next round, in lane order; (D) those whose turn
    // ended settle, in lane order, and draw after them. Segments not compiled yet are
    // compiled here (when does not change any draw: run_lanes).
    {
      for (size_t l = 0; l < static_cast<size_t>(L); ++l) {
        if (t.hot[static_cast<size_t>(b.row[l])].state == kUnbuilt) [[unlikely]]
          compile_segment(t, static_cast<std::uint32_t>(b.row[l]));
      }
      const Hot* hot = t.hot.data();
      for (size_t l = 0; l < static_cast<size_t>(vectors * kVector); ++l) {
        const Hot h = hot[static_cast<size_t>(b.row[l])];
        b.ended[l] = b.live[l] & -static_cast<std::int32_t>(h.state != kReady);
        b.end_eyes[l] = h.end_eyes;
        b.eliminated[l] = -static_cast<std::int32_t>(h.eliminated);
      }
      // The turn ends that neither end the pass nor meet a start row not yet known, sixteen
      // lanes at a time: end_turn's record_turn (T5) and begin_turn.
      for (size_t v = 0; v < static_cast<size_t>(vectors * kVector); v += kVector) {
        const V16i step = load(&b.step[v]) + 1;
        V16i next_self = load(&b.first[v]) + step;  // P1: seat_at
        next_self = lanes::select(next_self >= n, next_self - n, next_self);
        V16i eyes{};
        for (int k = 0; k < n; ++k) {
          const auto s = static_cast<size_t>(k);
          eyes = lanes::select(next_self == k, load(&b.eyes[s][v]) + b.bonus[s], eyes);
        }
        const V16i at = eyes - kStartLow;
        const V16i known = load(&b.ended[v]) & (step < n) & (at >= 0) & (at < kStartSpan);
        store(&b.start[v], (next_self * kStartSpan + at) & known);  // others read entry 0
        store(&b.quick[v], known);
      }
      for (size_t l = 0; l < static_cast<size_t>(vectors * kVector); ++l) {
        const std::uint32_t row = start_cache_[static_cast<size_t>(b.start[l])];
        // Bit arithmetic, not a branch on the dice: kNone reads row 0 and counts as not ready.
        const std::uint32_t missing = 0u - static_cast<std::uint32_t>(row == kNone);
        const std::uint32_t ready = static_cast<std::uint32_t>(hot[row & ~missing].state == kReady) & ~missing;
        b.start[l] = static_cast<std::int32_t>(row);
        b.quick[l] &= -static_cast<std::int32_t>(ready);
      }
      for (size_t v = 0; v < static_cast<size_t>(vectors * kVector); v += kVector) {
        const V16i quick = load(&b.quick[v]), self = load(&b.self[v]);
        const V16i eyes = load(&b.end_eyes[v]);
        const V16i status = lanes::select(load(&b.eliminated[v]), V16i{} + static_cast<int>(Status::Zombie),
                                          V16i{} + static_cast<int>(Status::Prinzessin));
        for (int k = 0; k < n; ++k) {
          const auto s = static_cast<size_t>(k);
          const V16i me = quick & (self == k);
          store(&b.eyes[s][v], lanes::select(me, eyes, load(&b.eyes[s][v])));
          store(&b.status[s][v], lanes::select(me, status, load(&b.status[s][v])));
        }
        const V16i step = load(&b.step[v]) + 1;
        V16i next_self = load(&b.first[v]) + step;
        next_self = lanes::select(next_self >= n, next_self - n, next_self);
        store(&b.step[v], lanes::select(quick, step, load(&b.step[v])));
        store(&b.self[v], lanes::select(quick, next_self, self));
        store(&b.row[v], lanes::select(quick, load(&b.start[v]), load(&b.row[v])));
      }
    }
    drawing = 0;
    for (size_t l = 0; l < static_cast<size_t>(L); ++l) {
      b.order[static_cast<size_t>(drawing)] = static_cast<std::uint32_t>(l);
      drawing += (b.live[l] & ~b.ended[l]) != 0;
    }
    for (size_t l = 0; l < static_cast<size_t>(L); ++l) {
      bool draws = b.quick[l] != 0;  // a quick turn end has settled already
      if ((b.ended[l] & ~b.quick[l]) != 0) [[unlikely]]
        draws = settle(l);
      b.order[static_cast<size_t>(drawing)] = static_cast<std::uint32_t>(l);
      drawing += draws;
    }
  }
}

}  // namespace verflixt
