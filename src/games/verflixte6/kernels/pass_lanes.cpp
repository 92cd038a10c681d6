// The pass kernel's lanes (pass_kernel_impl.h): turns, draws and steals at the table, and
// passes and evenings played in rounds of lanes (run_lanes), from the compiled tables
// (pass_tables.cpp). The evenings stay in this file with the passes: both instantiate
// run_lanes, into which GCC inlines settle, end_turn and the draw's halves from here.
#include "games/verflixte6/kernels/pass_kernel_impl.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <stdexcept>

#include "games/verflixte6/kernels/lane_block.h"
#include "games/verflixte6/rules/turn_step.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/position.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::verflixte6 {

PassKernel::Impl::CompiledPolicy& PassKernel::Impl::member_for_table(Lane& lane) {
  CompiledPolicy& head = lane.t->head != nullptr ? *lane.t->head : *lane.t;
  const TurnState any;  // stop_threshold reads the table, not the turn
  const int threshold =
      head.policy->stop_threshold(TurnView{rules_, any, lane.self, lane.view(), lane.still_to_play()});
  if (lane.t->head != nullptr && lane.t->threshold == threshold) return *lane.t;
  return at_threshold(head, threshold);
}

// The table changed during the turn of a player with a compiled stop rule (he stole, or
// lost a duel): his stop threshold may have too. He goes on in the same solo state, in
// the member of his family for the new threshold.
void PassKernel::Impl::rethreshold(Lane& lane, std::uint32_t& id) {
  CompiledPolicy& t = member_for_table(lane);
  if (&t == lane.t) return;
  if (rows_[id].moved_to != &t) {
    // By index, not by reference: row_of may add rows to the arena, moving them all.
    const TurnState state = rows_[id].state;
    const std::uint32_t moved = row_of(t, state);
    rows_[id].moved_row = moved;
    rows_[id].moved_to = &t;
  }
  id = rows_[id].moved_row;
  lane.t = &t;
}

PassKernel::Impl::Drawn PassKernel::Impl::draw(std::uint32_t alias, std::uint32_t buckets, core::Rng& rng) const {
  return resolve(alias, uniform_times(rng, buckets));
}

// The draw in two halves, so that run_lanes can fetch a bucket while it resolves another:
// u uniform on [0, buckets), then the bucket floor(u) of the row's table and its side.
double PassKernel::Impl::uniform_times(core::Rng& rng, std::uint32_t buckets) {
  // u < buckets: u is at most 1 - 2^-53 before the product, which rounds below `buckets`.
  return static_cast<double>(rng() >> 11) * 0x1.0p-53 * buckets;
}

PassKernel::Impl::Drawn PassKernel::Impl::resolve(std::uint32_t alias, double u) const {
  const auto k = static_cast<std::uint32_t>(u);
  const Bucket& bucket = buckets_[alias + k];
  const std::uint32_t side = u - k < bucket.own ? 0 : 1;
  return Drawn{bucket.next[side], 2 * (alias + k) + side};
}

void PassKernel::Impl::begin_pass(Lane& lane, std::span<const PassSeat> seats, int first) {
  std::array<CompiledPolicy*, kMaxPlayers> tabs{};
  for (size_t k = 0; k < seats.size(); ++k) tabs[k] = &tables_of(*seats[k].policy);
  lane.seats = seats.data();
  lane.n = static_cast<int>(seats.size());
  begin_pass(lane, tabs, first);
}

// A new pass of lane.seats (lane.n players) from seat `first`, their tables in `tabs`.
void PassKernel::Impl::begin_pass(Lane& lane, const std::array<CompiledPolicy*, kMaxPlayers>& tabs, int first) {
  open_pass(lane, tabs, first);
  begin_turn(lane);
}

void PassKernel::Impl::open_pass(Lane& lane, const std::array<CompiledPolicy*, kMaxPlayers>& tabs, int first) {
  lane.first = first;
  lane.step = 0;
  lane.tabs = tabs;
  for (size_t k = 0; k < static_cast<size_t>(lane.n); ++k) {
    lane.table[k] = SeatView{};
    lane.table[k].total = lane.seats[k].total;
    lane.keuler[k] = 0;
    lane.taken[k] = 0;
  }
}

void PassKernel::Impl::begin_turn(Lane& lane) {
  lane.self = seat_at(lane.first, lane.step, lane.n);  // P1
  const auto i = static_cast<size_t>(lane.self);
  lane.t = lane.tabs[i];
  // A Jungfrau robbed before her turn starts it from her (possibly negative) eyes; the
  // placement bonus comes with the free throw (T1, P4), which the start row has still to throw.
  const int eyes = lane.table[i].eyes + detail::bonus_paid(rules_, lane.seats[i].bonus);
  if (lane.t->family) [[unlikely]] {  // a compiled stop rule: this table's threshold
    lane.t = &member_for_table(lane);
    lane.row = start_row(*lane.t, lane.seats[i].jokers, eyes);
    // Cached for the lane block, as cached_start keeps a seat's: once a segment.
    if (std::uint32_t* cached = family_start(lane, lane.self, lane.t->threshold, eyes)) {
      if (hot_[lane.row].state == kUnbuilt) compile_segment(*lane.t, lane.row);
      if (hot_[lane.row].state == kReady) *cached = lane.row;
    }
    return;
  }
  lane.row = cached_start(*lane.t, lane.starts, i, lane.seats[i].jokers, eyes);
}

std::uint32_t* PassKernel::Impl::family_start(const Lane& lane, int seat, int threshold, int eyes) {
  return family_start(lane.starts == nullptr ? -1 : lane.starts - start_cache_.data(), seat, threshold, eyes);
}

std::uint32_t* PassKernel::Impl::family_start(std::ptrdiff_t starts, int seat, int threshold, int eyes) {
  const int at = eyes - kStartLow, t = threshold == kStopAlways ? kFamilySpan - 1 : threshold;
  if (family_starts_.empty() || starts < 0 || at < 0 || at >= kStartSpan || t < 0 || t >= kFamilySpan)
    return nullptr;
  const auto entry = static_cast<size_t>(starts) + static_cast<size_t>(seat) * kStartSpan + static_cast<size_t>(at);
  return &family_starts_[entry * kFamilySpan + static_cast<size_t>(t)];
}

void PassKernel::Impl::cache_family_starts(const std::array<CompiledPolicy*, kMaxPlayers>& tabs, size_t n,
                                     std::span<const JokerSet> loadouts) {
  bool family = false;
  for (size_t k = 0; k < n; ++k) family |= tabs[k]->family;
  if (!family || loadouts.empty()) {
    family_starts_.clear();
    family_key_.clear();
    return;
  }
  // What the start rows depend on. Equal keys of play_passes and play_series (12 seats, one
  // pass) mean the same rows in the same layout.
  key_.assign({n, loadouts.size()});
  for (size_t k = 0; k < n; ++k) key_.push_back(reinterpret_cast<std::uintptr_t>(tabs[k]));
  for (const JokerSet j : loadouts) key_.push_back(j.bits);
  if (family_starts_.size() == start_cache_.size() * kFamilySpan && key_ == family_key_)
    return;  // the same tables and loadouts: the same start rows
  family_key_ = key_;
  family_starts_.assign(start_cache_.size() * kFamilySpan, kNone);
}

std::uint32_t PassKernel::Impl::cached_start(CompiledPolicy& t, std::uint32_t* starts, std::size_t seat, JokerSet jokers,
                                       int eyes) {
  const int at = eyes - kStartLow;
  if (starts == nullptr || at < 0 || at >= kStartSpan) return start_row(t, jokers, eyes);
  std::uint32_t& cached = starts[seat * kStartSpan + static_cast<size_t>(at)];
  if (cached != kNone) return cached;
  // Compiled here, as the lane would next (when does not change any draw: run_lanes); kept
  // only once it is a segment to draw from, so that the lane block may draw from a cached
  // start row without looking at it.
  const std::uint32_t row = start_row(t, jokers, eyes);
  if (hot_[row].state == kUnbuilt) compile_segment(t, row);
  if (hot_[row].state == kReady) cached = row;
  return row;
}

bool PassKernel::Impl::end_turn(Lane& lane, int eyes, bool eliminated) {
  record_turn(lane.table[static_cast<size_t>(lane.self)], eyes, eliminated);  // T5
  if (++lane.step == lane.n) {
    end_pass(lane.view());  // T7
    return false;
  }
  begin_turn(lane);
  return true;
}

bool PassKernel::Impl::advance(Lane& lane, core::Rng& rng) {
  for (;;) {
    CompiledPolicy& t = *lane.t;
    const Hot hot = hot_[lane.row];
    if (hot.state == kReady) {  // the hot path: one draw plays a whole segment
      const Drawn d = draw(hot.alias, hot.buckets, rng);
      lane.row = d.next & ~kTakes;
      if ((d.next & kTakes) != 0) transfer_(lane, d.side, -1, lane.row);
      return true;
    }
    if (hot.state == kUnbuilt) {
      compile_segment(t, lane.row);
      continue;
    }
    if (hot.state == kEnds) {  // over, or the solo decision was to stop
      if (!end_turn(lane, hot.end_eyes, hot.eliminated)) return false;
      continue;
    }
    // A live row: the policy decides with the table.
    const Policy& policy = *t.policy;
    const int self = lane.self;
    lane.table[static_cast<size_t>(self)].eyes = rows_[lane.row].state.eyes;  // what the table shows of him
    const TurnState turn = rows_[lane.row].state;
    const TurnView view{rules_, turn, self, lane.view(), lane.still_to_play()};
    const Action a = policy.decide(view);
    if (!is_legal(view, a))
      throw std::logic_error("pass kernel: policy " + policy.name() + " chose an illegal joker " +
                             std::string(joker_id(a.joker)));
    if (a.kind == Action::Stop) {
      if (!end_turn(lane, turn.eyes, turn.eliminated)) return false;
      continue;
    }
    int target = -1;
    if (a == Action::use(SENIGMA) && rules_.senigma == SenigmaKind::Duel) {  // J10: the target first, then the duel
      const TurnState before = detail::joker_base(turn, SENIGMA);  // as the engine shows it (turn_step.h)
      target = duel_target(lane.view(), self, [&](std::span<const int> cand) {
        return policy.senigma_target(TurnView{rules_, before, self, lane.view(), lane.still_to_play()}, cand);
      });
    }
    const Branch b = live_branch(t, lane.row, a);
    const Drawn d = draw(b.alias, b.last - b.first, rng);
    lane.row = d.next & ~kTakes;
    if ((d.next & kTakes) != 0) transfer_(lane, d.side, target, lane.row);
    return true;
  }
}

// The victim of a robbing 1 or classic Senigma among `cand` (non-empty): the thief's policy
// decides, from its compiled rule where it has one (the same choice its choose_victim makes:
// policy.cpp, position.cpp), else asked with the table (`at`: the thief's turn as the engine
// shows it).
int PassKernel::Impl::victim_of(Lane& lane, const TurnState& at, int amount, std::span<const int> cand) {
  return lane.t->policy->choose_victim(TurnView{rules_, at, lane.self, lane.view(), lane.still_to_play()}, amount,
                                       cand);
}

// The step that led along the edge drawn from bucket side `side` took eyes from somebody:
// now the table decides from whom (`target`: a duel's, chosen before it; -1: a robbing 1 or
// classic Senigma). `id` is the row after the step (in a composed segment the transfer is
// always its last step); it moves when the steal lapses or pays a Keuler bonus.
void PassKernel::Impl::transfer_(Lane& lane, std::uint32_t side, int target, std::uint32_t& id) {
  CompiledPolicy& t = *lane.t;
  Steal& edge = steals_[side];  // shifted() below adds rows, never buckets: stays valid
  const std::uint32_t next = id;
  const int self = lane.self;
  int victim = target;
  unsigned* taken = nullptr;
  if (target < 0) {
    // Classic Senigma (E9: remembers whom it took from) or a robbing 1 (T4).
    if (edge.senigma) taken = &lane.taken[static_cast<size_t>(self)];
    const unsigned barred = taken ? *taken : 0u;
    if (t.victim != VictimRule::kAsk) {
      // Before the thief's eyes are shown (below): the rule does not read them, and a vector
      // load of the table right after that store would wait for it (store forwarding).
      victim = compiled_victim(rules_, t.victim, lane.table, lane.n, self, barred, edge.transfer);
      lane.table[static_cast<size_t>(self)].eyes = edge.shown;  // as the engine shows him (E1)
    } else {
      lane.table[static_cast<size_t>(self)].eyes = edge.shown;
      victim = pick_victim(rules_, lane.view(), self, barred, [&](std::span<const int> cand) {
        TurnState at = rows_[id].state;
        at.eyes = edge.shown;
        return victim_of(lane, at, edge.transfer, cand);
      });
    }
  }
  if (victim == kLapsed) {  // T4: the take lapses; the compiled edge counted it, so give it back
    if (edge.lapse == kNone) edge.lapse = shifted(t, next, -edge.transfer);
    id = edge.lapse;
    return;
  }
  const int keuler = take_from(rules_, lane.view(), victim, taken, edge.transfer);
  if (keuler != 0) {
    lane.keuler[static_cast<size_t>(self)] += keuler;
    if (edge.keuler == kNone) edge.keuler = shifted(t, next, keuler);
    id = edge.keuler;
  }
  if (t.head != nullptr) [[unlikely]]
    rethreshold(lane, id);
}

void PassKernel::Impl::play_pass(std::span<const PassSeat> seats, int first, core::Rng& rng, PassResult& res) {
  check_pass_size(seats.size());
  one_.starts = nullptr;
  begin_pass(one_, seats, first);
  while (advance(one_, rng)) {
  }
  const auto n = seats.size();
  res.order.clear();
  for (int step = 0; step < static_cast<int>(n); ++step) res.order.push_back(seat_at(first, step, static_cast<int>(n)));
  res.eyes.resize(n);
  res.status.resize(n);
  res.keuler.resize(n);
  for (size_t k = 0; k < n; ++k) {
    res.eyes[k] = one_.table[k].eyes;
    res.status[k] = one_.table[k].status;
    res.keuler[k] = one_.keuler[k];
  }
}

bool PassKernel::Impl::settle(Lane& lane) {
  for (;;) {
    const Hot hot = hot_[lane.row];
    if (hot.state == kReady || hot.state == kLive) return true;
    if (hot.state == kUnbuilt) compile_segment(*lane.t, lane.row);
    else if (!end_turn(lane, hot.end_eyes, hot.eliminated)) return false;  // kEnds
  }
}

// Rounds of phases over the lanes, each a loop whose branches do not depend on the dice (so
// the processor overlaps lanes instead of mispredicting between them): (A) one draw per lane
// — first the lanes at a compiled segment, their table lookups independent, the lanes whose
// draw took eyes listed without a branch; then the lanes at a live row (a policy that reads
// the table), each playing its whole step through advance, as play_pass does; (B) the
// listed steals, victim by compiled rule; (C) the lanes still at a segment listed to draw
// next round (in lane order), the others listed and (D) settled — turns ended, segments
// compiled, finished passes handed to `finish`, which starts the lane's next pass or says
// there is none — and listed to draw after them. The order of draws is thus a function of
// the seed alone; with one lane it is play_pass's exactly.
template <class Finish>
void PassKernel::Impl::run_lanes(core::Rng& rng, Finish finish) {
  listed_.resize(order_.size());
  ready_.resize(order_.size());
  live_.resize(order_.size());
  // Lists a settled lane as drawing from a segment or from a live row (no branch).
  size_t ready = 0, live = 0;
  auto list_drawing = [&](std::uint32_t l) {
    const bool at_segment = hot_[lanes_[l].row].state == kReady;
    ready_[ready] = l;
    live_[live] = l;
    ready += at_segment;
    live += !at_segment;
  };
  for (const std::uint32_t l : order_)
    if (settle_or_finish(lanes_[l], finish)) list_drawing(l);
  // (A) is software-pipelined: a lane's uniform is drawn (in lane order, as one loop would)
  // and its bucket fetched kAhead lanes before the bucket is read, so that the lanes' cache
  // misses on the tables overlap instead of following one another.
  constexpr size_t kAhead = 8;
  struct Pending {
    double u;
    std::uint32_t alias;
  };
  std::array<Pending, kAhead> pending{};
  auto prepare = [&](size_t i) {  // ready_[i]'s draw, its bucket on its way to the cache
    Lane& lane = lanes_[ready_[i]];
    CompiledPolicy& t = *lane.t;
    if (hot_[lane.row].state == kUnbuilt) [[unlikely]]
      compile_segment(t, lane.row);
    const Hot hot = hot_[lane.row];
    const double u = uniform_times(lane.rng ? *lane.rng : rng, hot.buckets);
    pending[i % kAhead] = {u, hot.alias};
    __builtin_prefetch(&buckets_[hot.alias + static_cast<std::uint32_t>(u)]);
  };
  while (ready + live > 0) {
    size_t listed = 0;
    for (size_t i = 0; i < std::min(ready, kAhead); ++i) prepare(i);
    for (size_t i = 0; i < ready; ++i) {  // (A)
      const Pending p = pending[i % kAhead];  // before prepare(i + kAhead) takes its slot
      if (i + kAhead < ready) prepare(i + kAhead);
      if (i + 2 * kAhead < ready) {  // the row record the draw after that will read
        const Lane& ahead = lanes_[ready_[i + 2 * kAhead]];
        __builtin_prefetch(&hot_[ahead.row]);
      }
      Lane& lane = lanes_[ready_[i]];
      const Drawn d = resolve(p.alias, p.u);
      lane.row = d.next & ~kTakes;
      __builtin_prefetch(&hot_[lane.row]);  // (C) reads it next
      lane.drawn = d.side;
      listed_[listed] = ready_[i];
      listed += d.next >> 31;  // kTakes
    }
    for (size_t i = 0; i < live; ++i) {  // (A, live rows)
      Lane& lane = lanes_[live_[i]];
      while (!advance(lane, lane.rng ? *lane.rng : rng))
        if (!finish(lane)) {
          lane.dead = true;
          break;
        }
    }
    for (size_t i = 0; i < listed; ++i) {  // (B), each steal's record fetched a few steals ahead
      if (i + 4 < listed) {
        const Lane& ahead = lanes_[listed_[i + 4]];
        __builtin_prefetch(&steals_[ahead.drawn]);
      }
      Lane& lane = lanes_[listed_[i]];
      transfer_(lane, lane.drawn, -1, lane.row);
    }
    // (C) Lanes still at a segment draw again; the others are listed to settle, and (D) then
    // draw again unless their pass ended and none was left. A segment not compiled yet counts
    // as one (compiled in (A)): whether it is compiled depends on what this kernel played
    // before, and the order of draws must not.
    listed = ready = live = 0;
    for (const std::uint32_t l : order_) {
      const Lane& lane = lanes_[l];
      const HotState state = hot_[lane.row].state;
      const bool at_segment = !lane.dead && (state == kReady || state == kUnbuilt);
      ready_[ready] = l;
      listed_[listed] = l;
      ready += at_segment;
      listed += !lane.dead && !at_segment;
    }
    for (size_t i = 0; i < listed; ++i)
      if (settle_or_finish(lanes_[listed_[i]], finish)) list_drawing(listed_[i]);
  }
}

void PassKernel::Impl::play_passes(std::span<const PassSeat> seats, std::uint64_t first_pass, std::uint64_t count,
                             core::Rng& rng, const PassSink& sink, std::vector<std::uint64_t>* counts, int lanes) {
  check_pass_size(seats.size());
  if (lanes < 1) throw std::invalid_argument("pass kernel: lanes must be at least 1");
  const std::uint64_t n = seats.size();
  std::array<CompiledPolicy*, kMaxPlayers> tabs{};
  bool senigma = false;
  for (size_t k = 0; k < n; ++k) {
    tabs[k] = &tables_of(*seats[k].policy);
    senigma |= seats[k].jokers.has(SENIGMA);
  }
  start_cache_.assign(n * kStartSpan, kNone);
  {
    std::array<JokerSet, kMaxPlayers> loadouts{};
    for (size_t k = 0; k < n; ++k) loadouts[k] = seats[k].jokers;
    cache_family_starts(tabs, n, std::span<const JokerSet>(loadouts.data(), n));
  }
  const auto L = static_cast<std::uint32_t>(std::min<std::uint64_t>(static_cast<std::uint64_t>(lanes), count));
  lanes_.resize(L);
  order_.resize(L);
  std::uint64_t next = 0;                                   // passes handed to lanes so far
  auto next_first = static_cast<int>(first_pass % n);      // the first seat of pass next
  auto begin = [&](Lane& lane) {
    lane.rng = nullptr;  // every pass draws from the chunk's Rng
    lane.seats = seats.data();
    lane.n = static_cast<int>(n);
    lane.starts = start_cache_.data();
    lane.dead = false;
    begin_pass(lane, tabs, next_first);
    ++next;
    next_first = next_first + 1 == lane.n ? 0 : next_first + 1;
  };
  for (std::uint32_t l = 0; l < L; ++l) {
    order_[l] = l;
    begin(lanes_[l]);
  }
  auto finish = [&](Lane& lane) {
    sink(lane.first, lane.view(), std::span<const int>(lane.keuler.data(), n));
    if (next == count) return false;
    begin(lane);
    return true;
  };
  if (block_plays(tabs, static_cast<int>(n), senigma, static_cast<int>(L))) {
    // No family, no live row: a Senigma duel is one (classic Senigma plays no block).
    bool plain = !senigma;
    for (size_t k = 0; k < n; ++k) plain &= !tabs[k]->family && !seats[k].policy->decide_reads_table();
    const BlockPasses passes{seats, sink, counts, count, next, next_first, plain};
    return run_block(rng, finish, &passes, nullptr);
  }
  run_lanes(rng, finish);
}

// play_evening's pass setup (engine.h's bookkeeping, per lane) for the lane's next pass: P2
// selection, the evening totals so far, the bonus on the first pass (P4), the opener (P1).
void PassKernel::Impl::begin_evening_pass(Lane& lane, std::span<const EveningPlayer> players, bool final) {
  open_evening_pass(lane, players, final);
  begin_turn(lane);
}

void PassKernel::Impl::open_evening_pass(Lane& lane, std::span<const EveningPlayer> players, bool final) {
  const int passes = final ? rules_.final_passes : rules_.passes;
  const std::span<const int> totals(lane.totals.data(), players.size());
  const auto pass = static_cast<size_t>(lane.pass);
  for (size_t k = 0; k < players.size(); ++k) {
    const JokerSet jokers = plan_.empty() ? select_loadout(rules_, players[k], lane.books[k], lane.pass, passes, final,
                                                           totals, static_cast<int>(k))
                                          : plan_[pass * kMaxPlayers + k];
    // Field by field: a PassSeat built whole went through the stack, and its reload stalled
    // on the partial stores (store forwarding) at every pass.
    PassSeat& seat = lane.pass_seats[k];
    seat.policy = players[k].policy;
    seat.jokers = jokers;
    seat.bonus = lane.pass == 0 ? lane.bonus[k] : 0;
    seat.total = lane.totals[k];
  }
  lane.seats = lane.pass_seats.data();
  // Planned loadouts are the same in pass p of every evening: start rows cached per pass.
  lane.starts = plan_.empty() ? nullptr : start_cache_.data() + pass * players.size() * kStartSpan;
  open_pass(lane, lane.tabs, pass_opener(rules_, lane.opener, lane.pass, lane.n));
}

void PassKernel::Impl::play_series(std::span<const EveningPlayer> players, bool final, int length,
                             std::uint64_t first_series, std::uint64_t count, const FirstSeat& first_seat, core::Rng& rng,
                             const EveningSink& sink, int lanes, const SeriesRng& series_rng) {
  check_pass_size(players.size());
  if (lanes < 1 || length < 1) throw std::invalid_argument("pass kernel: lanes and series length must be at least 1");
  const size_t n = players.size();
  const int passes = final ? rules_.final_passes : rules_.passes;
  std::array<CompiledPolicy*, kMaxPlayers> tabs{};
  for (size_t k = 0; k < n; ++k) tabs[k] = &tables_of(*players[k].policy);
  // Selectors that do not read the table choose the same loadouts every evening: plan them
  // once, with the same select_loadout (checks and bookkeeping) the lanes would call.
  plan_.clear();
  if (std::none_of(players.begin(), players.end(),
                   [](const EveningPlayer& p) { return p.selector != nullptr && p.selector->reads_table(); })) {
    plan_.resize(static_cast<size_t>(passes) * kMaxPlayers);
    const std::vector<int> unread(n, 0);  // totals no selector here reads
    std::array<JokerBook, kMaxPlayers> books{};
    for (int pass = 0; pass < passes; ++pass)
      for (size_t k = 0; k < n; ++k)
        plan_[static_cast<size_t>(pass) * kMaxPlayers + k] =
            select_loadout(rules_, players[k], books[k], pass, passes, final, unread, static_cast<int>(k));
    start_cache_.assign(static_cast<size_t>(passes) * n * kStartSpan, kNone);
    cache_family_starts(tabs, n, plan_);
  } else {
    cache_family_starts(tabs, n, {});  // no start rows cached: none of the family's either
  }
  const auto L = static_cast<std::uint32_t>(std::min<std::uint64_t>(static_cast<std::uint64_t>(lanes), count));
  lanes_.resize(L);
  order_.resize(L);
  std::uint64_t next = 0;  // series handed to lanes so far
  auto new_evening = [&](Lane& lane) {  // O5: its opener; P3 from 0
    lane.pass = 0;
    lane.opener = first_seat(lane.series, lane.evening);
    for (size_t k = 0; k < n; ++k) {
      lane.totals[k] = 0;
      lane.books[k] = {};
    }
  };
  auto new_series = [&](Lane& lane) {
    lane.series = first_series + next++;
    lane.evening = 0;
    if (series_rng) {
      lane.own = series_rng(lane.series);
      lane.rng = &lane.own;
    } else {
      lane.rng = nullptr;
    }
    lane.n = static_cast<int>(n);
    lane.tabs = tabs;
    lane.dead = false;
    for (size_t k = 0; k < n; ++k) lane.bonus[k] = players[k].bonus;  // O6: the caller's (0 at a series' start)
    new_evening(lane);
  };
  for (std::uint32_t l = 0; l < L; ++l) {
    order_[l] = l;
    new_series(lanes_[l]);
    begin_evening_pass(lanes_[l], players, final);
  }
  // An evening's end, its totals (P3) in the record: the place bonuses (P4), the sink, and
  // the lane's next evening in the record (its series, evening, opener, bonuses: O5, O6),
  // its first pass not begun; false when no series is left. The lanes' finish and the
  // block's own evening ends (run_block) both end evenings here.
  const std::function<bool(Lane&)> end_evening = [&](Lane& lane) {
    place_bonuses(rules_, std::span<const int>(lane.totals.data(), n), std::span<int>(lane.place.data(), n));  // P4
    sink(static_cast<int>(&lane - lanes_.data()), lane.series, lane.evening,
         std::span<const int>(lane.totals.data(), n), std::span<const int>(lane.place.data(), n));
    lane.bonus = lane.place;
    if (++lane.evening < length) {
      new_evening(lane);
      return true;
    }
    if (next == count) return false;
    new_series(lane);
    return true;
  };
  auto finish = [&](Lane& lane) {
    for (size_t k = 0; k < n; ++k) lane.totals[k] += lane.table[k].eyes;  // P3
    if (++lane.pass == passes && !end_evening(lane)) return false;
    begin_evening_pass(lane, players, final);
    return true;
  };
  // The block draws every lane's dice from the chunk's Rng.
  if (!series_rng && lane_block_plays(players, static_cast<int>(L))) {
    const BlockSeries block_series{players, final, passes, end_evening};
    return run_block(rng, finish, nullptr, &block_series);
  }
  run_lanes(rng, finish);
}

}  // namespace verflixt::verflixte6
