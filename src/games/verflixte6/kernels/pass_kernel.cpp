#include "verflixt/games/verflixte6/kernels/pass_kernel.h"

#include "verflixt/core/alias.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

#include "verflixt/games/verflixte6/rules/heuristic.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/position.h"
#include "verflixt/games/verflixte6/exact/solver.h"
#include "verflixt/games/verflixte6/analyses/sweep.h"
#include "verflixt/games/verflixte6/rules/table.h"
#include "games/verflixte6/kernels/lane_block.h"
#include "games/verflixte6/kernels/lane_vectors.h"
#include "games/verflixte6/rules/turn_step.h"

namespace verflixt {

bool kernel_plays(const Policy& policy) { return !policy.inner_choices_read_table(); }

std::size_t PassKernel::states() const {
  return rows_.size();
}

std::uint32_t PassKernel::RowIndex::find_or_insert(const SoloKey& key, std::uint32_t fresh, bool& inserted) {
  if (2 * (size_ + 1) > slots_.size()) grow();
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t h = SoloKeyHash{}(key) & mask;; h = (h + 1) & mask) {
    Slot& slot = slots_[h];
    if (slot.row == kNone) {
      slot = {key, fresh};
      ++size_;
      inserted = true;
      return fresh;
    }
    if (slot.key == key) {
      inserted = false;
      return slot.row;
    }
  }
}

void PassKernel::RowIndex::grow() {
  std::vector<Slot> old(std::max<std::size_t>(64, 2 * slots_.size()));
  old.swap(slots_);
  const std::size_t mask = slots_.size() - 1;
  for (const Slot& s : old) {
    if (s.row == kNone) continue;
    std::size_t h = SoloKeyHash{}(s.key) & mask;
    while (slots_[h].row != kNone) h = (h + 1) & mask;
    slots_[h] = s;
  }
}

namespace {

template <class... P>
bool is_one_of(const Policy& p) {
  return (... || (dynamic_cast<const P*>(&p) != nullptr));
}

}  // namespace

// The policies that keep Policy::choose_victim rob the richest; a position policy robs the
// leader if it says so. Anything else (the last-seat DP, advise's continuations, policies
// this file does not know) is asked at every steal.
VictimRule compiled_victim_rule(const Policy& policy) {
  if (is_one_of<ThresholdPolicy, HeuristicPolicy, SolvedPolicy, StopAtPolicy>(policy)) return VictimRule::kRichest;
  if (const auto* pos = dynamic_cast<const PositionPolicy*>(&policy))
    return pos->params().rob_leader ? VictimRule::kLeader : VictimRule::kRichest;
  return VictimRule::kAsk;
}

namespace {

using lanes::V4i;

// A SeatView as compiled_victim reads it: four 32-bit words, eyes, status (low byte), total,
// and the flags word whose second byte is keuler_paid.
static_assert(sizeof(SeatView) == 16 && offsetof(SeatView, eyes) == 0 && offsetof(SeatView, status) == 4 &&
              offsetof(SeatView, total) == 8 && offsetof(SeatView, keuler_paid) == 13);

// The keys (lane_vectors.h) of seats first .. first + 3, the seat records transposed by four
// unpacks into eyes, status, total and keuler_paid. Four lanes, not eight: every operation is
// then one SSE2 instruction (a portable build's).
V4i victim_keys(const SeatView* seats, int first, int self, unsigned barred, int amount, V4i leader,
                const lanes::KeyRule& r) {
  V4i w[4];
  for (size_t i = 0; i < 4; ++i) std::memcpy(&w[i], &seats[static_cast<size_t>(first) + i], sizeof w[i]);
  const V4i lo01 = VERFLIXT_SHUFFLE4(w[0], w[1], 0, 4, 1, 5), lo23 = VERFLIXT_SHUFFLE4(w[2], w[3], 0, 4, 1, 5);
  const V4i hi01 = VERFLIXT_SHUFFLE4(w[0], w[1], 2, 6, 3, 7), hi23 = VERFLIXT_SHUFFLE4(w[2], w[3], 2, 6, 3, 7);
  const V4i eyes = VERFLIXT_SHUFFLE4(lo01, lo23, 0, 1, 4, 5);
  const V4i status = VERFLIXT_SHUFFLE4(lo01, lo23, 2, 3, 6, 7) & 0xff;
  const V4i total = VERFLIXT_SHUFFLE4(hi01, hi23, 0, 1, 4, 5);
  const V4i paid = (VERFLIXT_SHUFFLE4(hi01, hi23, 2, 3, 6, 7) >> 8) & 0xff;
  const V4i seat = V4i{0, 1, 2, 3} + first;
  const V4i may = (seat < r.n) & ((static_cast<int>(barred) & (V4i{1, 2, 4, 8} << first)) == 0);
  return lanes::victim_key(eyes, status, total, paid, seat, V4i{} + self, V4i{} + amount, may, leader, r);
}

}  // namespace

int compiled_victim(const Rules& rules, VictimRule rule, std::span<const SeatView> table, int self, unsigned taken,
                    int amount) {
  std::array<SeatView, kMaxPlayers> seats{};
  std::copy(table.begin(), table.end(), seats.begin());
  return compiled_victim(rules, rule, seats, static_cast<int>(table.size()), self, taken, amount);
}

int compiled_victim(const Rules& rules, VictimRule rule, const std::array<SeatView, kMaxPlayers>& table, int n,
                    int self, unsigned taken, int amount) {
  // rob_candidates (table.cpp: every other seat but those taken from and, under
  // RobTargets::NotZombie, Zombies) fused with best_candidate: each seat's key
  // (lane_vectors.h) packs Keuler, then eyes or standing, then E11's order, so the best is
  // the maximum of the keys (0: nobody may be robbed), taken over 4 seats at once.
  static_assert(kMaxPlayers % 4 == 0);
  const lanes::KeyRule r{n, -static_cast<int>(rules.rob_targets == RobTargets::NotZombie),
                         -static_cast<int>(rules.keuler_bonus > 0)};
  const V4i leader = V4i{} - static_cast<int>(rule == VictimRule::kLeader);
  const unsigned barred = taken | (1u << self);
  V4i best = victim_keys(table.data(), 0, self, barred, amount, leader, r);
  for (int first = 4; first < n; first += 4)
    best = lanes::max(best, victim_keys(table.data(), first, self, barred, amount, leader, r));
  best = lanes::max(best, VERFLIXT_SHUFFLE4(best, best, 2, 3, 0, 1));
  best = lanes::max(best, VERFLIXT_SHUFFLE4(best, best, 1, 0, 3, 2));
  return lanes::victim_of_key(best, V4i{} + self, n)[0];
}

PassKernel::CompiledPolicy& PassKernel::tables_of(const Policy& policy) {
  for (auto& t : tables_)
    if (t->policy == &policy && t->head == nullptr) return *t;
  if (!kernel_plays(policy))
    throw std::invalid_argument("pass kernel: policy " + policy.name() +
                                " reads the table inside jokers; play it with the reference engine");
  auto t = std::make_unique<CompiledPolicy>();
  t->policy = &policy;
  t->victim = compiled_victim_rule(policy);
  t->family = compile_stop_rules_ && policy.has_stop_threshold();
  tables_.push_back(std::move(t));
  return *tables_.back();
}

// The member of `head`'s family that plays stop threshold `threshold`, made on first use:
// the same policy, victim rule and inner choices, its decisions table-free.
PassKernel::CompiledPolicy& PassKernel::at_threshold(CompiledPolicy& head, int threshold) {
  // Unsigned: wraps (to far above kNear) below kNearLow, without signed overflow.
  const unsigned at = static_cast<unsigned>(threshold) - static_cast<unsigned>(CompiledPolicy::kNearLow);
  const bool near = at < static_cast<unsigned>(CompiledPolicy::kNear);
  if (near && !head.near.empty() && head.near[at] != nullptr) return *head.near[at];
  const auto it = head.by_threshold.find(threshold);
  if (it != head.by_threshold.end()) return *it->second;
  auto t = std::make_unique<CompiledPolicy>();
  t->policy = head.policy;
  t->victim = head.victim;
  t->head = &head;
  t->threshold = threshold;
  tables_.push_back(std::move(t));
  head.by_threshold.emplace(threshold, tables_.back().get());
  if (near) {
    head.near.resize(CompiledPolicy::kNear);  // nullptrs on first use
    head.near[at] = tables_.back().get();
  }
  return *tables_.back();
}

PassKernel::CompiledPolicy& PassKernel::member_for_table(Lane& lane) {
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
void PassKernel::rethreshold(Lane& lane, std::uint32_t& id) {
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

std::uint32_t PassKernel::row_of(CompiledPolicy& t, const TurnState& s) {
  bool inserted = false;
  const std::uint32_t id = t.index.find_or_insert(solo_key(s), static_cast<std::uint32_t>(rows_.size()), inserted);
  if (!inserted) return id;
  if (id >= kTakes) throw std::length_error("pass kernel: more than 2^31 solo states (all policies)");
  Row row;
  row.state = s;
  row.ends = s.phase == TurnPhase::Over;
  if (s.phase == TurnPhase::Decide) {
    const bool member = t.head != nullptr;  // a compiled stop rule: table-free at its threshold
    row.live = !member && t.policy->decide_reads_table();
    if (!row.live) {
      const TurnView solo{rules_, row.state, -1, {}, 0};
      row.action = member ? t.policy->decide_at_threshold(solo, t.threshold) : t.policy->decide(solo);
      // J10: whether a duel is legal depends on the table, and so may the policy's answer.
      row.live = row.action == Action::use(SENIGMA) && rules_.senigma == SenigmaKind::Duel;
      if (!row.live && !solo_legal(rules_, s, row.action))
        throw std::logic_error("pass kernel: policy " + t.policy->name() + " chose an illegal action in state " +
                               describe(s));
      row.ends = !row.live && row.action.kind == Action::Stop;
    }
  }
  using Eyes16 = std::numeric_limits<std::int16_t>;
  const bool narrow = s.eyes >= Eyes16::min() && s.eyes <= Eyes16::max();
  packed_ &= narrow;
  hot_.push_back(Hot{0, 0, s.eyes, row.ends ? kEnds : row.live ? kLive : kUnbuilt, s.eliminated,
                     static_cast<std::int16_t>(narrow ? s.eyes : 0)});
  rows_.push_back(std::move(row));
  return id;
}

std::uint32_t PassKernel::start_row(CompiledPolicy& t, JokerSet jokers, int eyes) {
  const std::uint64_t key = (std::uint64_t{jokers.bits} << 32) | static_cast<std::uint32_t>(eyes);
  auto& slot = t.start_slots[(key * 0x9E3779B97F4A7C15ull) >> 58];  // Fibonacci hashing: 64 slots
  if (slot.key == key) return slot.row;
  const auto it = t.starts.find(key);
  if (it != t.starts.end()) {
    slot = {key, it->second};
    return it->second;
  }
  TurnState start = solo_start(rules_, jokers);
  start.eyes = eyes;
  const std::uint32_t id = row_of(t, canonical(rules_, start));
  t.starts.emplace(key, id);
  slot = {key, id};
  return id;
}

std::uint32_t PassKernel::shifted(CompiledPolicy& t, std::uint32_t row, int adjust) {
  TurnState s = rows_[row].state;
  s.eyes += adjust;
  follow_floor(s);  // E5
  return row_of(t, canonical(rules_, s));
}

PassKernel::Branch PassKernel::compile_step(CompiledPolicy& t, std::uint32_t id, Action a, bool drawn) {
  const TurnState s = rows_[id].state;
  auto outcomes = [&] {
    TableOutcomes out;
    if (s.phase == TurnPhase::FreeThrow) {
      for (const auto& o : free_throw_outcomes(rules_, s)) out.push_back({o.next, o.prob, 0});
    } else {
      out = table_transition(rules_, s, a, PolicyChooser(rules_, *t.policy));
    }
    return out;
  };
  // A step's outcomes do not depend on the stop threshold: a family works them out once,
  // in its head, for all its members.
  TableOutcomes own;
  const TableOutcomes* out = &own;
  if (t.head != nullptr) {
    auto& known = t.head->steps[solo_key(s)];  // node-based: stays put while rows grow
    out = nullptr;
    for (const auto& [action, o] : known)
      if (action == a) out = &o;
    if (out == nullptr) {
      known.emplace_back(a, outcomes());
      out = &known.back().second;
    }
  } else {
    own = outcomes();
  }
  Branch b{a, static_cast<std::uint32_t>(edges_.size()), 0};
  for (const auto& o : *out) {
    const std::uint32_t next = row_of(t, o.next);  // may grow rows: no references held here
    edges_.push_back(edge_to(o.prob, next, o.transfer, a == Action::use(SENIGMA)));
  }
  b.last = static_cast<std::uint32_t>(edges_.size());
  if (drawn) b.alias = finish_branch(std::span<const Edge>(edges_).subspan(b.first, b.last - b.first));
  return b;
}

PassKernel::Edge PassKernel::edge_to(double prob, std::uint32_t next, int transfer,
                                    bool senigma) const {
  // The engine asks for a victim with the step's throws counted, neither the steal nor Jule
  // (E1): worked out here once, not at every steal.
  const Row& row = rows_[next];
  const TurnState& after = row.state;
  return Edge{prob, next, transfer, senigma, after.eyes - transfer - jule_pay(rules_, after),
              transfer != 0 || row.ends || row.live};
}

// Walker's alias method over the branch's edges: bucket k of m holds its own edge with
// probability own and the alias edge otherwise; a draw picks a bucket uniformly.
std::uint32_t PassKernel::finish_branch(std::span<const Edge> edges) {
  const std::size_t m = edges.size();
  const auto alias = static_cast<std::uint32_t>(buckets_.size());
  buckets_.resize(alias + m);
  steals_.resize(2 * (static_cast<std::size_t>(alias) + m));
  Bucket* out = buckets_.data() + alias;
  Steal* sides = steals_.data() + 2 * static_cast<std::size_t>(alias);
  double total = 0;
  for (const Edge& e : edges) total += e.prob;
  scaled_.resize(m);
  for (std::size_t k = 0; k < m; ++k) scaled_[k] = edges[k].prob / total * static_cast<double>(m);
  auto bucket = [&](std::size_t k, double own, std::size_t a, std::size_t o) {
    const Edge& ea = edges[a];
    const Edge& eo = edges[o];
    auto next = [](const Edge& e) { return e.next | (e.transfer != 0 ? kTakes : 0u); };
    auto steal = [](const Edge& e) { return Steal{e.transfer, e.shown, kNone, kNone, e.senigma}; };
    out[k] = Bucket{own, {next(ea), next(eo)}};
    sides[2 * k] = steal(ea);
    sides[2 * k + 1] = steal(eo);
  };
  for (std::size_t k = 0; k < m; ++k) bucket(k, 1.0, k, k);
  // Leftovers are 1 up to rounding: they keep their own edge (own = 1 above).
  core::alias_columns(
      scaled_, 1.0, [&](std::size_t s, std::size_t l) { bucket(s, scaled_[s], s, l); }, [](std::size_t) {});
  return alias;
}

PassKernel::Drawn PassKernel::draw(std::uint32_t alias, std::uint32_t buckets, Rng& rng) const {
  return resolve(alias, uniform_times(rng, buckets));
}

// The draw in two halves, so that run_lanes can fetch a bucket while it resolves another:
// u uniform on [0, buckets), then the bucket floor(u) of the row's table and its side.
double PassKernel::uniform_times(Rng& rng, std::uint32_t buckets) {
  // u < buckets: u is at most 1 - 2^-53 before the product, which rounds below `buckets`.
  return static_cast<double>(rng() >> 11) * 0x1.0p-53 * buckets;
}

PassKernel::Drawn PassKernel::resolve(std::uint32_t alias, double u) const {
  const auto k = static_cast<std::uint32_t>(u);
  const Bucket& bucket = buckets_[alias + k];
  const std::uint32_t side = u - k < bucket.own ? 0 : 1;
  return Drawn{bucket.next[side], 2 * (alias + k) + side};
}

const PassKernel::Branch& PassKernel::step_of(CompiledPolicy& t, std::uint32_t id) {
  if (!rows_[id].has_step) {
    // Segments compose a step's edges; nobody draws from the step itself (no alias table).
    const Branch b = compile_step(t, id,
                                  rows_[id].state.phase == TurnPhase::FreeThrow ? Action::roll() : rows_[id].action,
                                  false);
    rows_[id].step = b;
    rows_[id].has_step = true;
  }
  return rows_[id].step;
}

const PassKernel::Branch& PassKernel::live_branch(CompiledPolicy& t, std::uint32_t id, Action a) {
  for (const auto& b : rows_[id].live_branches)
    if (b.action == a) return b;
  const Branch b = compile_step(t, id, a, true);
  rows_[id].live_branches.push_back(b);
  return rows_[id].live_branches.back();
}

// Outcomes of a segment being composed, each (row, transfer, senigma) once with its mass, in
// first-seen order. An open-addressing index finds an outcome's entry (a scan of the list
// was most of a segment's compile time: a family of stop thresholds compiles many). The
// order of entries and of additions is a scan's, so the masses and the alias tables built
// from them, and thus a seed's draws, are the same bit for bit.
struct PassKernel::Merged {
  struct Mass {
    std::uint32_t row;
    int transfer;
    bool senigma;
    double p;
  };
  std::vector<Mass> v;
  std::vector<std::uint32_t> slot;  // entry index + 1, 0 = empty; a power of two > 2 |v|

  static std::size_t hash(std::uint32_t row, int transfer, bool senigma) {
    const std::uint64_t key = (std::uint64_t{row} << 17) ^ (static_cast<std::uint64_t>(static_cast<std::uint32_t>(transfer)) << 1) ^
                              static_cast<std::uint64_t>(senigma);
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 32);
  }
  void add(std::uint32_t row, int transfer, bool senigma, double p) {
    if (2 * (v.size() + 1) > slot.size()) grow();
    const std::size_t mask = slot.size() - 1;
    for (std::size_t h = hash(row, transfer, senigma) & mask;; h = (h + 1) & mask) {
      if (slot[h] == 0) {
        v.push_back({row, transfer, senigma, p});
        slot[h] = static_cast<std::uint32_t>(v.size());
        return;
      }
      Mass& m = v[slot[h] - 1];
      if (m.row == row && m.transfer == transfer && m.senigma == senigma) return void(m.p += p);
    }
  }
  // Empty, keeping the storage (the slots stay as large as they grew).
  void clear() {
    v.clear();
    std::fill(slot.begin(), slot.end(), 0u);
  }
  void grow() {
    slot.assign(std::max<std::size_t>(32, 2 * slot.size()), 0);
    const std::size_t mask = slot.size() - 1;
    for (std::size_t i = 0; i < v.size(); ++i) {
      std::size_t h = hash(v[i].row, v[i].transfer, v[i].senigma) & mask;
      while (slot[h] != 0) h = (h + 1) & mask;
      slot[h] = static_cast<std::uint32_t>(i + 1);
    }
  }
};

PassKernel::PassKernel(const Rules& rules) : rules_(rules), merged_(std::make_unique<Merged[]>(4)) {}
PassKernel::~PassKernel() = default;

// Composes the steps from `id` up to the next moment the table matters: a step that took
// eyes from somebody, a decision that reads the table, the end of the turn — or
// max_steps_ steps. In between nothing at the table can change, so one draw from the
// composed distribution plays the same turn in distribution as one draw per step (the
// solo kernel's multi-step rows, kernel.h). Composition stops early, at the last number of
// steps with at most kMaxOutcomes distinct outcomes, so tables stay small.
void PassKernel::compile_segment(CompiledPolicy& t, std::uint32_t id) {
  constexpr size_t kMaxOutcomes = 64;
  static_assert(kMaxOutcomes <= std::size_t{1} << kSizeBits, "a segment's size fits Hot::draw");
  Merged& open = merged_[0];
  Merged& closed = merged_[1];
  Merged& next_open = merged_[2];
  Merged& next_closed = merged_[3];
  open.clear();
  closed.clear();
  open.add(id, 0, false, 1.0);
  // Whether step k + 1 would leave more than kMaxOutcomes outcomes: then the segment ends
  // after step k. The count only grows while a step is composed, so it is known as soon as
  // it passes the bound (the most expensive step, the one thrown away, is cut short).
  auto too_many = [&](int k) { return k > 0 && next_open.v.size() + next_closed.v.size() > kMaxOutcomes; };
  for (int k = 0; k < max_steps_ && !open.v.empty(); ++k) {
    next_open.clear();
    next_closed = closed;
    for (const Merged::Mass& m : open.v) {
      const Branch b = step_of(t, m.row);
      for (std::uint32_t e = b.first; e < b.last; ++e) {
        const Edge edge = edges_[e];
        if (edge.closes)
          next_closed.add(edge.next, edge.transfer, edge.senigma, m.p * edge.prob);
        else
          next_open.add(edge.next, 0, false, m.p * edge.prob);
      }
      if (too_many(k)) break;
    }
    if (too_many(k)) break;
    std::swap(open, next_open);
    std::swap(closed, next_closed);
  }
  for (const Merged::Mass& m : open.v) closed.add(m.row, 0, false, m.p);
  // The segment's edges are read only to build its alias table: kept apart from edges_
  // (the steps' edges, which later segments compose), so the tables stay small.
  segment_edges_.clear();
  for (const Merged::Mass& m : closed.v) segment_edges_.push_back(edge_to(m.p, m.row, m.transfer, m.senigma));
  const std::uint32_t alias = finish_branch(segment_edges_);
  const auto size = static_cast<std::uint32_t>(segment_edges_.size());
  Hot hot{alias, size, 0, kReady, false, 0};
  const bool fits = alias < (1u << (32 - kSizeBits)) && size >= 1 && size <= (1u << kSizeBits);
  if (fits) hot.draw = alias << kSizeBits | (size - 1);
  packed_ &= fits;
  hot_[id] = hot;
}

void PassKernel::begin_pass(Lane& lane, std::span<const PassSeat> seats, int first) {
  std::array<CompiledPolicy*, kMaxPlayers> tabs{};
  for (size_t k = 0; k < seats.size(); ++k) tabs[k] = &tables_of(*seats[k].policy);
  lane.seats = seats.data();
  lane.n = static_cast<int>(seats.size());
  begin_pass(lane, tabs, first);
}

// A new pass of lane.seats (lane.n players) from seat `first`, their tables in `tabs`.
void PassKernel::begin_pass(Lane& lane, const std::array<CompiledPolicy*, kMaxPlayers>& tabs, int first) {
  open_pass(lane, tabs, first);
  begin_turn(lane);
}

void PassKernel::open_pass(Lane& lane, const std::array<CompiledPolicy*, kMaxPlayers>& tabs, int first) {
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

void PassKernel::begin_turn(Lane& lane) {
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

std::uint32_t* PassKernel::family_start(const Lane& lane, int seat, int threshold, int eyes) {
  return family_start(lane.starts == nullptr ? -1 : lane.starts - start_cache_.data(), seat, threshold, eyes);
}

std::uint32_t* PassKernel::family_start(std::ptrdiff_t starts, int seat, int threshold, int eyes) {
  const int at = eyes - kStartLow, t = threshold == kStopAlways ? kFamilySpan - 1 : threshold;
  if (family_starts_.empty() || starts < 0 || at < 0 || at >= kStartSpan || t < 0 || t >= kFamilySpan)
    return nullptr;
  const auto entry = static_cast<size_t>(starts) + static_cast<size_t>(seat) * kStartSpan + static_cast<size_t>(at);
  return &family_starts_[entry * kFamilySpan + static_cast<size_t>(t)];
}

void PassKernel::cache_family_starts(const std::array<CompiledPolicy*, kMaxPlayers>& tabs, size_t n,
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

std::uint32_t PassKernel::cached_start(CompiledPolicy& t, std::uint32_t* starts, std::size_t seat, JokerSet jokers,
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

bool PassKernel::end_turn(Lane& lane, int eyes, bool eliminated) {
  record_turn(lane.table[static_cast<size_t>(lane.self)], eyes, eliminated);  // T5
  if (++lane.step == lane.n) {
    end_pass(lane.view());  // T7
    return false;
  }
  begin_turn(lane);
  return true;
}

bool PassKernel::advance(Lane& lane, Rng& rng) {
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
int PassKernel::victim_of(Lane& lane, const TurnState& at, int amount, std::span<const int> cand) {
  return lane.t->policy->choose_victim(TurnView{rules_, at, lane.self, lane.view(), lane.still_to_play()}, amount,
                                       cand);
}

// The step that led along the edge drawn from bucket side `side` took eyes from somebody:
// now the table decides from whom (`target`: a duel's, chosen before it; -1: a robbing 1 or
// classic Senigma). `id` is the row after the step (in a composed segment the transfer is
// always its last step); it moves when the steal lapses or pays a Keuler bonus.
void PassKernel::transfer_(Lane& lane, std::uint32_t side, int target, std::uint32_t& id) {
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

PassResult PassKernel::play_pass(std::span<const PassSeat> seats, int first, Rng& rng) {
  PassResult res;
  play_pass(seats, first, rng, res);
  return res;
}

void PassKernel::play_pass(std::span<const PassSeat> seats, int first, Rng& rng, PassResult& res) {
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

bool PassKernel::settle(Lane& lane) {
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
void PassKernel::run_lanes(Rng& rng, Finish finish) {
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

void PassKernel::play_passes(std::span<const PassSeat> seats, std::uint64_t first_pass, std::uint64_t count,
                             Rng& rng, const PassSink& sink, int lanes) {
  play_passes(seats, first_pass, count, rng, sink, nullptr, lanes);
}

void PassKernel::count_passes(std::span<const PassSeat> seats, std::uint64_t first_pass, std::uint64_t count,
                              Rng& rng, std::vector<std::uint64_t>& counts, int lanes) {
  const int n = static_cast<int>(seats.size());
  const PassSink sink = [&counts, n](int first, std::span<const SeatView> table, std::span<const int>) {
    for (int seat = 0; seat < n; ++seat) {
      const SeatView& s = table[static_cast<size_t>(seat)];
      const int zombie = s.status == Status::Zombie ? 1 : 0;
      const auto at = static_cast<size_t>(count_index(s.eyes, zombie, seat, first, n));
      if (at >= counts.size()) counts.resize(2 * at + 2 * static_cast<size_t>(n), 0);
      ++counts[at];
    }
  };
  play_passes(seats, first_pass, count, rng, sink, &counts, lanes);
}

void PassKernel::play_passes(std::span<const PassSeat> seats, std::uint64_t first_pass, std::uint64_t count,
                             Rng& rng, const PassSink& sink, std::vector<std::uint64_t>* counts, int lanes) {
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
void PassKernel::begin_evening_pass(Lane& lane, std::span<const EveningPlayer> players, bool final) {
  open_evening_pass(lane, players, final);
  begin_turn(lane);
}

void PassKernel::open_evening_pass(Lane& lane, std::span<const EveningPlayer> players, bool final) {
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

void PassKernel::play_series(std::span<const EveningPlayer> players, bool final, int length,
                             std::uint64_t first_series, std::uint64_t count, const FirstSeat& first_seat, Rng& rng,
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

EveningResult PassKernel::play_evening(std::span<const EveningPlayer> players, bool final, int first, Rng& rng) {
  return verflixt::play_evening(rules_, players, final, first,
                                [&](std::span<const PassSeat> seats, int f) { return play_pass(seats, f, rng); });
}

}  // namespace verflixt
