#include "verflixt/games/verflixte6/pass_kernel.h"

#include <stdexcept>
#include <string>

#include "verflixt/games/verflixte6/joker.h"
#include "verflixt/games/verflixte6/table.h"

namespace verflixt {

bool kernel_plays(const Policy& policy) { return !policy.inner_choices_read_table(); }

std::size_t PassKernel::states() const {
  std::size_t n = 0;
  for (const auto& t : tables_) n += t.rows.size();
  return n;
}

PassKernel::CompiledPolicy& PassKernel::tables_of(const Policy& policy) {
  for (auto& t : tables_)
    if (t.policy == &policy) return t;
  if (!kernel_plays(policy))
    throw std::invalid_argument("pass kernel: policy " + policy.name() +
                                " reads the table inside jokers; play it with the reference engine");
  tables_.push_back(CompiledPolicy{});
  tables_.back().policy = &policy;
  return tables_.back();
}

std::uint32_t PassKernel::row_of(CompiledPolicy& t, const TurnState& s) {
  auto [it, inserted] = t.index.try_emplace(solo_key(s), static_cast<std::uint32_t>(t.rows.size()));
  if (!inserted) return it->second;
  Row row;
  row.state = s;
  row.ends = s.phase == TurnPhase::Over;
  if (s.phase == TurnPhase::Decide) {
    row.live = t.policy->decide_reads_table();
    if (!row.live) {
      row.action = t.policy->decide(TurnView{rules_, row.state, -1, {}, 0});
      // J10: whether a duel is legal depends on the table, and so may the policy's answer.
      row.live = row.action == Action::use(SENIGMA) && rules_.senigma == SenigmaKind::Duel;
      if (!row.live && !solo_legal(rules_, s, row.action))
        throw std::logic_error("pass kernel: policy " + t.policy->name() + " chose an illegal action in state " +
                               describe(s));
      row.ends = !row.live && row.action.kind == Action::Stop;
    }
  }
  t.hot.push_back(Hot{0, 0, row.ends ? kEnds : row.live ? kLive : kUnbuilt});
  t.rows.push_back(std::move(row));
  return it->second;
}

std::uint32_t PassKernel::start_row(CompiledPolicy& t, JokerSet jokers, int eyes) {
  const std::uint64_t key = (std::uint64_t{jokers.bits} << 32) | static_cast<std::uint32_t>(eyes);
  for (const auto& [k, id] : t.starts)  // a handful: loadouts times start eyes seen
    if (k == key) return id;
  TurnState start = solo_start(rules_, jokers);
  start.eyes = eyes;
  const std::uint32_t id = row_of(t, canonical(rules_, start));
  t.starts.emplace_back(key, id);
  return id;
}

std::uint32_t PassKernel::shifted(CompiledPolicy& t, std::uint32_t row, int adjust) {
  TurnState s = t.rows[row].state;
  s.eyes += adjust;
  if (s.has_floor && s.eyes < s.floor) s.floor = s.eyes;  // E5
  return row_of(t, canonical(rules_, s));
}

PassKernel::Branch PassKernel::compile_step(CompiledPolicy& t, std::uint32_t id, Action a) {
  const TurnState s = t.rows[id].state;
  TableOutcomes out;
  if (s.phase == TurnPhase::FreeThrow) {
    for (const auto& o : free_throw_outcomes(rules_, s)) out.push_back({o.next, o.prob, 0});
  } else {
    out = table_transition(rules_, s, a, PolicyChooser(rules_, *t.policy));
  }
  Branch b{a, static_cast<std::uint32_t>(t.edges.size()), 0};
  for (const auto& o : out) {
    const std::uint32_t next = row_of(t, o.next);  // may grow rows: no references held here
    t.edges.push_back(Edge{o.prob, next, o.transfer, a == Action::use(SENIGMA)});
  }
  b.last = static_cast<std::uint32_t>(t.edges.size());
  return finish_branch(t, b);
}

// Walker's alias method over the branch's edges: bucket k of m holds its own edge with
// probability own and the alias edge otherwise; a draw picks a bucket uniformly.
PassKernel::Branch PassKernel::finish_branch(CompiledPolicy& t, Branch b) {
  const std::uint32_t m = b.last - b.first;
  b.alias = static_cast<std::uint32_t>(t.buckets.size());
  std::vector<double> scaled(m);
  std::vector<std::uint32_t> small, large;
  double total = 0;
  for (std::uint32_t k = 0; k < m; ++k) total += t.edges[b.first + k].prob;
  for (std::uint32_t k = 0; k < m; ++k) {
    scaled[k] = t.edges[b.first + k].prob / total * m;
    (scaled[k] < 1.0 ? small : large).push_back(k);
  }
  auto bucket = [&](double own, std::uint32_t a, std::uint32_t o) {
    const Edge& ea = t.edges[b.first + a];
    const Edge& eo = t.edges[b.first + o];
    return Bucket{own, {b.first + a, b.first + o}, {ea.next, eo.next}, {ea.transfer, eo.transfer}};
  };
  std::vector<Bucket> out(m);
  for (std::uint32_t k = 0; k < m; ++k) out[k] = bucket(1.0, k, k);
  while (!small.empty() && !large.empty()) {
    const std::uint32_t s = small.back(), l = large.back();
    small.pop_back();
    out[s] = bucket(scaled[s], s, l);
    scaled[l] -= 1.0 - scaled[s];
    if (scaled[l] < 1.0) {
      large.pop_back();
      small.push_back(l);
    }
  }
  // Leftovers are 1 up to rounding: they keep their own edge (own = 1 above).
  t.buckets.insert(t.buckets.end(), out.begin(), out.end());
  return b;
}

const PassKernel::Bucket& PassKernel::draw(const CompiledPolicy& t, std::uint32_t alias, std::uint32_t buckets,
                                            Rng& rng, int& side) {
  const double u = static_cast<double>(rng() >> 11) * 0x1.0p-53 * buckets;
  // u < buckets: u is at most 1 - 2^-53 before the product, which rounds below `buckets`.
  const auto k = static_cast<std::uint32_t>(u);
  const Bucket& bucket = t.buckets[alias + k];
  side = u - k < bucket.own ? 0 : 1;
  return bucket;
}

const PassKernel::Branch& PassKernel::step_of(CompiledPolicy& t, std::uint32_t id) {
  if (!t.rows[id].has_step) {
    const Branch b = compile_step(t, id, t.rows[id].state.phase == TurnPhase::FreeThrow ? Action::roll()
                                                                                       : t.rows[id].action);
    t.rows[id].step = b;
    t.rows[id].has_step = true;
  }
  return t.rows[id].step;
}

const PassKernel::Branch& PassKernel::live_branch(CompiledPolicy& t, std::uint32_t id, Action a) {
  for (const auto& b : t.rows[id].live_branches)
    if (b.action == a) return b;
  const Branch b = compile_step(t, id, a);
  t.rows[id].live_branches.push_back(b);
  return t.rows[id].live_branches.back();
}

// Composes the steps from `id` up to the next moment the table matters: a step that took
// eyes from somebody, a decision that reads the table, the end of the turn — or
// max_steps_ steps. In between nothing at the table can change, so one draw from the
// composed distribution plays the same turn in distribution as one draw per step (the
// solo kernel's multi-step rows, kernel.h). Composition stops early, at the last number of
// steps with at most kMaxOutcomes distinct outcomes, so tables stay small.
void PassKernel::compile_segment(CompiledPolicy& t, std::uint32_t id) {
  constexpr size_t kMaxOutcomes = 64;
  struct Mass {
    std::uint32_t row;
    int transfer;
    bool senigma;
    double p;
  };
  auto add = [](std::vector<Mass>& v, std::uint32_t row, int transfer, bool senigma, double p) {
    for (auto& m : v)
      if (m.row == row && m.transfer == transfer && m.senigma == senigma) return void(m.p += p);
    v.push_back({row, transfer, senigma, p});
  };
  std::vector<Mass> open{{id, 0, false, 1.0}}, closed;
  for (int k = 0; k < max_steps_ && !open.empty(); ++k) {
    std::vector<Mass> next_open, next_closed = closed;
    for (const Mass& m : open) {
      const Branch b = step_of(t, m.row);
      for (std::uint32_t e = b.first; e < b.last; ++e) {
        const Edge edge = t.edges[e];
        const Row& y = t.rows[edge.next];
        if (edge.transfer != 0 || y.ends || y.live)
          add(next_closed, edge.next, edge.transfer, edge.senigma, m.p * edge.prob);
        else
          add(next_open, edge.next, 0, false, m.p * edge.prob);
      }
    }
    if (k > 0 && next_open.size() + next_closed.size() > kMaxOutcomes) break;
    open = std::move(next_open);
    closed = std::move(next_closed);
  }
  for (const Mass& m : open) add(closed, m.row, 0, false, m.p);
  Branch b{t.rows[id].action, static_cast<std::uint32_t>(t.edges.size()), 0};
  for (const Mass& m : closed) {
    t.edges.push_back(Edge{m.p, m.row, m.transfer, m.senigma});
  }
  b.last = static_cast<std::uint32_t>(t.edges.size());
  b = finish_branch(t, b);
  t.hot[id] = Hot{b.alias, b.last - b.first, kReady};
}

TurnState PassKernel::play_turn(const PassSeat& seat, int self, int still_to_play, Rng& rng) {
  CompiledPolicy& t = tables_of(*seat.policy);
  const Policy& policy = *seat.policy;
  SeatView& me = seats_[static_cast<size_t>(self)];
  // A Jungfrau robbed before her turn starts it from her (possibly negative) eyes; the
  // placement bonus comes with the free throw (T1, P4).
  std::uint32_t id = start_row(t, seat.jokers, me.eyes + (rules_.free_throw ? seat.bonus : 0));
  auto view = [&](const TurnState& turn) { return TurnView{rules_, turn, self, seats_, still_to_play}; };

  for (;;) {
    const Hot hot = t.hot[id];
    int side = 0;
    if (hot.state == kReady) {  // the hot path: one draw plays a whole segment
      const Bucket& bk = draw(t, hot.alias, hot.buckets, rng, side);
      id = bk.next[side];
      if (bk.transfer[side] == 0) continue;
      transfer_(t, policy, bk.edge[side], -1, self, still_to_play, id);
      continue;
    }
    if (hot.state == kUnbuilt) {
      compile_segment(t, id);
      continue;
    }
    if (hot.state == kEnds) {
      TurnState end = t.rows[id].state;
      end.phase = TurnPhase::Over;  // over, or the solo decision was to stop
      return end;
    }
    Branch b;
    int target = -1;
    {  // a live row: the policy decides with the table
      me.eyes = t.rows[id].state.eyes;  // what the table shows of the player on turn
      const TurnState turn = t.rows[id].state;
      const Action a = policy.decide(view(turn));
      if (!is_legal(view(turn), a))
        throw std::logic_error("pass kernel: policy " + policy.name() + " chose an illegal joker " +
                               std::string(joker_id(a.joker)));
      if (a.kind == Action::Stop) {
        TurnState end = turn;
        end.phase = TurnPhase::Over;
        return end;
      }
      if (a == Action::use(SENIGMA) && rules_.senigma == SenigmaKind::Duel) {  // J10: the target first, then the duel
        TurnState before = turn;
        before.held = before.held.without(SENIGMA);
        before.fumo_active = false;
        before.fumo_gain = 0;
        target = policy.senigma_target(view(before), senigma_candidates(seats_, self).span());
        seats_[static_cast<size_t>(target)].senigma_attacked = true;
      }
      b = live_branch(t, id, a);
    }
    const Bucket& bk = draw(t, b.alias, b.last - b.first, rng, side);
    id = bk.next[side];
    if (bk.transfer[side] != 0) transfer_(t, policy, bk.edge[side], target, self, still_to_play, id);
  }
}

// The step that led along edge `e` took eyes from somebody: now the table decides from whom
// (`target`: a duel's, chosen before it; -1: a robbing 1 or classic Senigma). `id` is the
// row after the step (in a composed segment the transfer is always its last step); it moves
// when the steal lapses or pays a Keuler bonus.
void PassKernel::transfer_(CompiledPolicy& t, const Policy& policy, std::uint32_t e, int target, int self,
                           int still_to_play, std::uint32_t& id) {
  const Edge edge = t.edges[e];
  int victim = target;
  if (victim < 0) {
    // Classic Senigma (E9) or a robbing 1 (T4).
    unsigned& taken = taken_[static_cast<size_t>(self)];
    const bool repeat = edge.senigma;
    const Candidates cand = rob_candidates(rules_, seats_, self, repeat ? taken : 0u);
    if (cand.empty()) {  // T4: the steal lapses (E9: so does the take)
      if (t.edges[e].lapse == kNone) t.edges[e].lapse = shifted(t, edge.next, -edge.transfer);
      id = t.edges[e].lapse;
      return;
    }
    // The engine asks with the step's throws counted, neither the steal nor Jule (E1).
    TurnState at = t.rows[id].state;
    at.eyes -= edge.transfer + (at.held.has(JULE) ? rules_.jule_bonus : 0);
    seats_[static_cast<size_t>(self)].eyes = at.eyes;
    victim = policy.choose_victim(TurnView{rules_, at, self, seats_, still_to_play}, edge.transfer, cand.span());
    if (repeat) taken |= 1u << victim;
  }
  const int keuler = take_eyes(rules_, seats_[static_cast<size_t>(victim)], edge.transfer);
  if (keuler != 0) {
    keuler_[static_cast<size_t>(self)] += keuler;
    if (t.edges[e].keuler == kNone) t.edges[e].keuler = shifted(t, edge.next, keuler);
    id = t.edges[e].keuler;
  }
}

PassResult PassKernel::play_pass(std::span<const PassSeat> seats, int first, Rng& rng) {
  PassResult res;
  play_pass(seats, first, rng, res);
  return res;
}

void PassKernel::play_pass(std::span<const PassSeat> seats, int first, Rng& rng, PassResult& res) {
  const int n = static_cast<int>(seats.size());
  check_pass_size(seats.size());
  seats_.assign(static_cast<size_t>(n), SeatView{});
  keuler_.assign(static_cast<size_t>(n), 0);
  taken_.assign(static_cast<size_t>(n), 0u);
  for (int k = 0; k < n; ++k) seats_[static_cast<size_t>(k)].total = seats[static_cast<size_t>(k)].total;
  res.order.clear();
  res.eyes.clear();
  res.status.clear();
  for (int step = 0; step < n; ++step) {
    const int self = (first + step) % n;  // P1
    res.order.push_back(self);
    const TurnState end = play_turn(seats[static_cast<size_t>(self)], self, n - 1 - step, rng);
    SeatView& me = seats_[static_cast<size_t>(self)];
    me.eyes = end.eyes;
    me.status = end.eliminated ? Status::Zombie : Status::Prinzessin;
  }
  end_pass(seats_);  // T7
  for (const auto& s : seats_) {
    res.eyes.push_back(s.eyes);
    res.status.push_back(s.status);
  }
  res.keuler = keuler_;
}

EveningResult PassKernel::play_evening(std::span<const EveningPlayer> players, bool final, int first, Rng& rng) {
  return verflixt::play_evening(rules_, players, final, first,
                                [&](std::span<const PassSeat> seats, int f) { return play_pass(seats, f, rng); });
}

}  // namespace verflixt
