#include "games/verflixte6/kernels/lane_block.h"
#include "games/verflixte6/kernels/lane_block_steps.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>
#include <stdexcept>

#include "games/verflixte6/kernels/lane_vectors.h"
#include "games/verflixte6/rules/turn_step.h"

namespace verflixt::verflixte6 {
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

// A table as 32-bit words, for the gathers (their layout: BlockRun::play).
template <class V>
const std::int32_t* words(const V& v) {
  return reinterpret_cast<const std::int32_t*>(v.data());
}
// The gathers' indices are 32-bit: up to 4 words a row, 4 a bucket, 10 a bucket's steals.
constexpr std::size_t kGathered = std::size_t{1} << 27;
constexpr std::size_t kFar = std::size_t{1} << 20;  // bytes of buckets: about a core's L2

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

void PassKernel::Impl::run_block(core::Rng& rng, const std::function<bool(Lane&)>& finish, const BlockPasses* passes,
                           const BlockSeries* series) {
  if (passes == nullptr) run_block<true>(rng, finish, nullptr, series);
  else run_block<false>(rng, finish, passes, nullptr);
}

// The block's state for one run_block call: the seats' rules and the caches the rounds read.
template <bool kSeries>
PassKernel::Impl::BlockRun<kSeries>::BlockRun(Impl& kernel, core::Rng& chunk_rng, const std::function<bool(Lane&)>& on_finish,
                                              const BlockPasses* block_passes, const BlockSeries* block_series)
    : impl(kernel),
      rules_(kernel.rules_),
      hot_(kernel.hot_),
      buckets_(kernel.buckets_),
      steals_(kernel.steals_),
      start_cache_(kernel.start_cache_),
      family_starts_(kernel.family_starts_),
      plan_(kernel.plan_),
      lanes_(kernel.lanes_),
      packed_(kernel.packed_),
      rng(chunk_rng),
      finish(on_finish),
      passes(block_passes),
      series(block_series),
      block(*kernel.block_),
      L(static_cast<int>(lanes_.size())),
      vectors((L + kVector - 1) / kVector),
      players(lanes_.front().n),
      width(static_cast<size_t>(vectors * kVector)),
      tabs(lanes_.front().tabs),
      key_rule{players, -static_cast<int>(rules_.rob_targets == RobTargets::NotZombie),
               -static_cast<int>(rules_.keuler_bonus > 0)},
      own_ends(!kSeries && passes->plain),
      own_passes(kSeries && series != nullptr && !plan_.empty()) {
  Block& b = block;
  const int n = players;
  for (size_t k = 0; k < static_cast<size_t>(n); ++k) {
    b.seat_leader[k] = -static_cast<int>(tabs[k]->victim == VictimRule::kLeader);
    b.seat_family[k] = -static_cast<int>(tabs[k]->family);
    one_rule &= b.seat_leader[k] == b.seat_leader[0];
    families |= tabs[k]->family;
  }
  cached_families = families && !family_starts_.empty() && family_starts_.size() < (std::size_t{1} << 31);
  // The quick turn ends read the start-row cache where a lane has none too (masked to its
  // first entry), so it has one.
  if (start_cache_.empty()) start_cache_.assign(1, kNone);
  for (size_t k = 0; k < static_cast<size_t>(n); ++k) seat_policy[k] = tabs[k]->policy;
  const Lane& any = lanes_.front();
  for (size_t k = 0; k < static_cast<size_t>(n); ++k) {
    b.seat_total[k] = any.table[k].total;
    b.seat_bonus[k] = detail::bonus_paid(rules_, any.seats[k].bonus);
  }
  any_starts = any.starts == nullptr ? -1 : static_cast<std::int32_t>(any.starts - start_cache_.data());
  counts = own_ends ? passes->counts : nullptr;
  counted = counts != nullptr;
  for (size_t k = 0; counted && k < static_cast<size_t>(n); ++k) {
    const std::uint32_t row = impl.cached_start(*tabs[k], start_cache_.data(), k, passes->seats[k].jokers, b.seat_bonus[k]);
    pass_start[k] = static_cast<std::int32_t>(row);
    counted = hot_[row].state == kReady;
  }
}

template <bool kSeries>
std::uint64_t PassKernel::Impl::BlockRun<kSeries>::end_counted(std::uint64_t ends) {
  Block& b = block;
  const int n = players;
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
}

// (A) The round's draws from a segment, sixteen lanes at a time: the bucket, its side and the row.
template <bool kSeries>
void PassKernel::Impl::BlockRun<kSeries>::draw_vectors() {
  Block& b = block;
  const std::size_t vs = width;
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
}

template <bool kSeries>
std::uint64_t PassKernel::Impl::BlockRun<kSeries>::play_live() {
  // (A, live rows) after every draw from a segment, in lane order: the lane plays its whole
  // step as advance plays it (a finished pass is handed to finish there).
  std::uint64_t active_lanes = drawing;  // the lanes that drew this round and still play
  for (; live != 0; live &= live - 1) {
    const auto l = static_cast<size_t>(__builtin_ctzll(live));
    Lane& lane = to_lane(l);
    while (!impl.advance(lane, rng))
      if (!finish(lane)) {
        lane.dead = true;
        break;
      }
    from_lane(l);
    active_lanes |= std::uint64_t{!lane.dead} << l;
  }
  return active_lanes;
}

// (B) The steals of the round's draws, sixteen lanes at a time: the victim by the thief's
// rule (compiled_victim), the eyes taken (T6, E1), a lapse or a Keuler bonus (T4, T6).
template <bool kSeries>
void PassKernel::Impl::BlockRun<kSeries>::steal_vectors() {
  Block& b = block;
  const int n = players;
  const std::size_t vs = width;
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
          row[i] = static_cast<std::int32_t>(lapsed[i] != 0 ? (e.lapse = impl.shifted(t, from, -e.transfer))
                                                            : (e.keuler = impl.shifted(t, from, rules_.keuler_bonus)));
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
        impl.rethreshold(lane, lane.row);
        from_lane(l);
      }
    }
  }
}

// Where each lane that played this round now stands: at a segment (going), at a turn's end
// (ending) or at a live row (at_live).
template <bool kSeries>
void PassKernel::Impl::BlockRun<kSeries>::where_lanes_stand(std::uint64_t active_lanes, Masks& marks) {
  Block& b = block;
  const std::size_t vs = width;
  for (size_t v = 0; v < vs; v += kVector) {
    if ((active_lanes >> v & 0xffff) == 0) continue;
    const V16i active = lanes::mask_of(static_cast<unsigned>(active_lanes >> v)), row = load(&b.row[v]);
    // Where each lane now stands. A segment not compiled yet is compiled here (when does
    // not change any draw: run_lanes).
    V16i state = lanes::gather(words(hot_), row * 4 + 3);
    if (lanes::any(active & ((state & 0xff) == kUnbuiltState))) [[unlikely]] {
      for (int i = 0; i < kVector; ++i)
        if (active[i] != 0 && hot_[static_cast<size_t>(row[i])].state == kUnbuilt)
          impl.compile_segment(tables_at(v + static_cast<size_t>(i)), static_cast<std::uint32_t>(row[i]));
      state = lanes::gather(words(hot_), row * 4 + 3);
    }
    const V16i ended = active & ((state & 0xff) == kEndsState);
    store(&b.state[v], state);
    store(&b.ended[v], ended);
    marks.ending |= std::uint64_t{lanes::bits(ended)} << v;
    marks.going |= std::uint64_t{lanes::bits(active & ((state & 0xff) == kReadyState))} << v;
    // At a live row: it plays there next round (settle would list it so, and nothing else).
    marks.at_live |= std::uint64_t{lanes::bits(active & ((state & 0xff) == kLiveState))} << v;
  }
}

// The turn ends where the next start row is cached (quick), and the passes' last turns.
template <bool kSeries>
void PassKernel::Impl::BlockRun<kSeries>::end_turns(Masks& marks) {
  Block& b = block;
  const int n = players;
  const std::size_t vs = width;
  for (size_t v = 0; v < vs; v += kVector) {
    if ((marks.ending >> v & 0xffff) == 0) continue;
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
          const std::uint32_t* cached = impl.family_start(starts[i], next_self[i], t, at[i] + kStartLow);
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
    marks.quick_ends |= std::uint64_t{lanes::bits(quick)} << v;
    marks.finished |= std::uint64_t{lanes::bits(last)} << v;
    marks.slow |= std::uint64_t{lanes::bits(ended & ~recorded)} << v;
  }
}

template <bool kSeries>
void PassKernel::Impl::BlockRun<kSeries>::settle_ended(Masks& marks) {
  Block& b = block;
  // (C) Lanes still at a segment draw first next round, in lane order; (D) those whose turn
  // ended settle, in lane order (finished passes go to finish in that order), and draw
  // after them, from a segment or at a live row. Lanes are visited by the bits of their
  // masks, without a branch per lane.
  drawing = 0;
  draw_for(marks.going);
  settled = marks.quick_ends;
  live = marks.at_live;
  // count_passes' pass ends, in the vectors, where no other turn end of the round needs
  // the lanes' own code: then each is one pass end (its next start row a segment), in lane
  // order, as the loop below would number them.
  if (counted && marks.finished != 0 && marks.slow == 0) {
    settled |= end_counted(marks.finished);
    marks.finished = 0;
  }
  for (std::uint64_t s = marks.slow | marks.finished; s != 0; s &= s - 1) {
    const auto l = static_cast<size_t>(__builtin_ctzll(s));
    if (own_ends) {
      if (((marks.finished >> l & 1) == 0 || finish_pass(l)) && settle_own(l)) settled |= std::uint64_t{1} << l;
      continue;
    }
    if (own_passes && (marks.finished >> l & 1) != 0) {
      const int begun = b.pass[l] + 1 < series->passes ? int{begin_next_pass(l)} : begin_next_evening(l);
      if (begun < 0) continue;  // no evening left
      if (begun > 0) {
        settled |= std::uint64_t{1} << l;
        continue;
      }
      Lane& lane = to_lane(l);  // the record catches up with the pass begun
      impl.begin_turn(lane);
      if (impl.settle_or_finish(lane, finish)) list_drawing(l);
      from_lane(l);
      continue;
    }
    Lane& lane = to_lane(l);
    bool plays = true;
    if ((marks.finished >> l & 1) != 0) {  // its last turn recorded above: T7 and the caller's finish
      end_pass(lane.view());
      plays = finish(lane);
      lane.dead = !plays;
    }
    if (plays && impl.settle_or_finish(lane, finish)) list_drawing(l);
    from_lane(l);
  }
  draw_for(settled);
}

// The next round's buckets of `lanes`, fetched as soon as they are known (rows and draws are).
template <bool kSeries>
void PassKernel::Impl::BlockRun<kSeries>::fetch_buckets(std::uint64_t lanes) {
  Block& b = block;
  for (std::uint64_t d = lanes; d != 0; d &= d - 1) {
    const auto l = static_cast<size_t>(__builtin_ctzll(d));
    const Hot& hot = hot_[static_cast<size_t>(b.row[l])];
    const double u = static_cast<double>(b.bits[l]) * 0x1.0p-53 * hot.buckets;
    __builtin_prefetch(&buckets_[hot.alias + static_cast<std::uint32_t>(u)]);
  }
}

template <bool kSeries>
void PassKernel::Impl::BlockRun<kSeries>::play() {
  Block& b = block;
  for (size_t l = 0; l < static_cast<size_t>(L); ++l) {
    if (impl.settle_or_finish(lanes_[l], finish)) list_drawing(l);
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

  while ((drawing | live) != 0) {
    if (hot_.size() >= kGathered || buckets_.size() >= kGathered || start_cache_.size() >= kGathered)
      throw std::length_error("pass kernel: tables too large for a lane block (2^27 rows or buckets)");
    // Tables larger than the caches (an evening's policies are megabytes): the next round's
    // buckets are fetched as soon as they are known (below), not waited for one gather at a
    // time. (Fetching a steal's record right after its draw, a phase before it is read, cost
    // more than it saved.)
    const bool far = buckets_.size() * sizeof(Bucket) > kFar;
    draw_vectors();
    const std::uint64_t active_lanes = play_live();
    steal_vectors();
    Masks marks;
    where_lanes_stand(active_lanes, marks);
    end_turns(marks);
    settle_ended(marks);
    if (far) fetch_buckets(marks.going | settled);
  }
}

// run_lanes' rounds on the block; the comments name the phase of run_lanes each step
// stands for. The caller has begun every lane's first pass (lanes_, order_ in lane order).
// kSeries: the lanes play evenings, whose passes differ in totals, start bonuses and start
// rows (a cache per pass of the evening); play_passes' are the same in every lane.
template <bool kSeries>
void PassKernel::Impl::run_block(core::Rng& rng, const std::function<bool(Lane&)>& finish, const BlockPasses* passes,
                           const BlockSeries* series) {
  static_assert(Block::kVector == kVector && sizeof(V16i) == kVector * sizeof(std::int32_t));
  if (!block_) block_ = std::make_unique<Block>();
  if (lanes_.empty()) return;
  BlockRun<kSeries>(*this, rng, finish, passes, series).play();
}

}  // namespace verflixt::verflixte6
