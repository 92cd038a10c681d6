// The pass kernel's compiled tables (pass_kernel_impl.h): a row per reached solo state of a
// policy, the step its policy chose compiled once, steps composed into segments, and each
// segment's alias table to draw from. Compiled on first need while the lanes play
// (pass_lanes.cpp); when a table is compiled never changes a draw.
#include "games/verflixte6/kernels/pass_kernel_impl.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "games/verflixte6/kernels/lane_block.h"
#include "games/verflixte6/rules/turn_step.h"
#include "verflixt/core/alias.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::verflixte6 {

std::size_t PassKernel::Impl::states() const {
  return rows_.size();
}

std::uint32_t PassKernel::Impl::RowIndex::find_or_insert(const SoloKey& key, std::uint32_t fresh, bool& inserted) {
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

void PassKernel::Impl::RowIndex::grow() {
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

PassKernel::Impl::CompiledPolicy& PassKernel::Impl::tables_of(const Policy& policy) {
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
PassKernel::Impl::CompiledPolicy& PassKernel::Impl::at_threshold(CompiledPolicy& head, int threshold) {
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

std::uint32_t PassKernel::Impl::row_of(CompiledPolicy& t, const TurnState& s) {
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

std::uint32_t PassKernel::Impl::start_row(CompiledPolicy& t, JokerSet jokers, int eyes) {
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

std::uint32_t PassKernel::Impl::shifted(CompiledPolicy& t, std::uint32_t row, int adjust) {
  TurnState s = rows_[row].state;
  s.eyes += adjust;
  follow_floor(s);  // E5
  return row_of(t, canonical(rules_, s));
}

PassKernel::Impl::Branch PassKernel::Impl::compile_step(CompiledPolicy& t, std::uint32_t id, Action a, bool drawn) {
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

PassKernel::Impl::Edge PassKernel::Impl::edge_to(double prob, std::uint32_t next, int transfer,
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
std::uint32_t PassKernel::Impl::finish_branch(std::span<const Edge> edges) {
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

const PassKernel::Impl::Branch& PassKernel::Impl::step_of(CompiledPolicy& t, std::uint32_t id) {
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

const PassKernel::Impl::Branch& PassKernel::Impl::live_branch(CompiledPolicy& t, std::uint32_t id, Action a) {
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
struct PassKernel::Impl::Merged {
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

PassKernel::Impl::Impl(const Rules& rules) : rules_(rules), merged_(std::make_unique<Merged[]>(4)) {}
PassKernel::Impl::~Impl() = default;

// Composes the steps from `id` up to the next moment the table matters: a step that took
// eyes from somebody, a decision that reads the table, the end of the turn — or
// max_steps_ steps. In between nothing at the table can change, so one draw from the
// composed distribution plays the same turn in distribution as one draw per step (the
// solo kernel's multi-step rows, kernel.h). Composition stops early, at the last number of
// steps with at most kMaxOutcomes distinct outcomes, so tables stay small.
void PassKernel::Impl::compile_segment(CompiledPolicy& t, std::uint32_t id) {
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

}  // namespace verflixt::verflixte6
