#include "verflixt/games/verflixte6/exact/last_seat.h"

#include <algorithm>
#include <array>
#include <span>
#include <stdexcept>

#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/table.h"
#include "games/verflixte6/rules/delta_joker.h"
#include "games/verflixte6/rules/turn_step.h"

namespace verflixt::verflixte6 {
namespace {

// Jokers that never lower the eyes nor raise another player: the states holding only these
// (and no Fumo whose gain Runkelrüb could halve back) play like the turn without jokers.
constexpr JokerSet kMonotoneJokers = JokerSet{}.with(JULE).with(TENTAKEL).with(RUNKELRUEB);

bool monotone(const TurnState& s) {
  return kMonotoneJokers.contains(s.held) && !(s.fumo_active && s.held.has(RUNKELRUEB));
}

// How deep the DP recurses before it leaves a successor for later: the number of throws a
// turn can take grows with the deficit a player types (an evening total of thousands of
// eyes), so the depth of the recursion must not. A state met at this depth is recorded as
// missing; the driver (LastSeatSolver::settle) solves the missing states one by one from an
// explicit stack, each again at most this deep, until the value asked for needs none. At
// about half a kilobyte of stack a level (a few kilobytes with a delta joker's step) this
// stays far inside any thread's stack.
constexpr int kMaxDepth = 200;

// The cache slot of a step's recorded choices: the joker (JOKER_NB for a plain roll) and the
// duel target; kTargetSlot marks the cached best duel target itself.
constexpr u64 kTargetSlot = 31;
u64 slot(int joker, int target) {
  return static_cast<u64>(joker + 1) | static_cast<u64>(target + 1) << 5;
}

}  // namespace

// Answers the reactions inside a plain throw (Runkelrüb, classic fumo re-entry) by the DP
// values of the states each answer leads to, the others as they stand. The delta jokers'
// inner choices go through Values below instead.
class LastSeatSolver::Chooser final : public InnerChooser {
 public:
  Chooser(const LastSeatSolver& s, const Others& o, Choices* record) : s_(s), o_(o), record_(record) {}

  bool take_delta(const TurnState&, const InnerChoice&, const DeltaDist&, const DeltaDist&) const override {
    throw std::logic_error("last seat: a delta joker's choice reached the reaction chooser");
  }
  bool take_reaction(const TurnState&, const InnerChoice& c, const SoloOutcomes& yes,
                     const SoloOutcomes& no) const override {
    const bool take = detail::strictly_better(expected(yes), expected(no));
    if (record_) record_->answers.emplace_back(c, take);
    return take;
  }

 private:
  double expected(const SoloOutcomes& out) const {
    double e = 0;
    for (const auto& x : out) e += x.prob * s_.solve(x.next, o_);
    return e;
  }

  const LastSeatSolver& s_;
  const Others& o_;
  Choices* record_;
};

// The value algebra of a delta joker's step (delta_joker.h, as the solo solver uses it):
// DeltaStep walks the joker's choices backwards (later choices first) and this algebra
// carries expected DP values instead of distributions, answering each choice by the larger
// one. A delta is valued as the state apply_delta reaches, with the others as they stand —
// or, for Senigma, as the transfer it is: with the duel's target, or (classic) the best
// victim. Each delta is valued once per step.
struct LastSeatSolver::Values {
  using Dist = double;
  const LastSeatSolver& s;
  const TurnState& base;
  const Others& o;
  Joker joker;
  int target;  // the duel's target (index among the others), else -1
  Choices* record;
  std::vector<std::pair<int, double>> cache{};

  double point(int delta) {
    for (const auto& [d, v] : cache)
      if (d == delta) return v;
    const TurnState next = apply_delta(s.rules_, base, delta);
    double v;
    if (joker != SENIGMA || delta == 0) v = s.solve(next, o);
    else if (target >= 0) v = s.transferred(next, delta, o, target);  // J10 duel
    else v = s.best_transfer(next, delta, o);                          // J10 classic, E9
    cache.emplace_back(delta, v);
    return v;
  }
  static void add(double& acc, double d, double w) { acc += w * d; }
  bool take(const InnerChoice& c, double yes, double no) {
    const bool t = detail::strictly_better(yes, no);
    if (record) record->answers.emplace_back(c, t);
    return t;
  }
};

LastSeatSolver::LastSeatSolver(const Rules& rules, std::vector<SeatView> table, int self, Goal goal,
                               const TurnState& turn, std::size_t max_states)
    : rules_(rules), table_(std::move(table)), self_(self), goal_(goal), turn_(turn), max_states_(max_states) {
  if (table_.size() > kMaxOthers + 1)
    throw core::InputError("last seat: at most " + std::to_string(kMaxOthers + 1) + " players");
  if (self_ < 0 || static_cast<size_t>(self_) >= table_.size())
    throw core::InputError("last seat: player " + std::to_string(self_) + " is not at the table");
  turn_.phase = TurnPhase::Decide;  // the convenience overloads ask at a decision
  turn_.eliminated = false;
  own_total_ = table_[static_cast<size_t>(self_)].total;
  for (size_t k = 0; k < table_.size(); ++k) {
    if (static_cast<int>(k) == self_) continue;
    const SeatView& v = table_[k];
    if (v.status == Status::Jungfrau)
      throw core::InputError("last seat: player " + std::to_string(k + 1) +
                       " has still to play; the exact solver needs every other result known");
    if (v.eyes < -10000 || v.eyes > 10000)
      throw core::InputError("last seat: eyes " + std::to_string(v.eyes) + " out of range; valid: -10000..10000");
    const auto at = static_cast<size_t>(at_of(static_cast<int>(k)));
    total_[at] = v.total;
    prinzessin_[at] = v.status == Status::Prinzessin;
  }
  // Statuses do not change during the last turn, so who may be robbed (T4, E9 with nobody
  // taken yet) or dueled (J10) is fixed: the table's own rules (table.h) say who.
  const Candidates rob = rob_candidates(rules, table_, self_), duel = senigma_candidates(table_, self_);
  for (int k : rob.span()) robbable_[static_cast<size_t>(at_of(k))] = true;
  for (int k : duel.span()) duelable_[static_cast<size_t>(at_of(k))] = true;
  m_ = static_cast<int>(table_.size()) - 1;
}

std::size_t LastSeatSolver::KeyHash::operator()(const Key& k) const {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (std::uint64_t w : k.w) {
    h ^= w + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xbf58476d1ce4e5b9ULL;
  }
  return static_cast<std::size_t>(h ^ (h >> 31));
}

LastSeatSolver::Others LastSeatSolver::others_of(std::span<const SeatView> table) const {
  if (table.size() != table_.size()) throw std::logic_error("last seat: a table of another size");
  Others o;
  for (size_t k = 0; k < table.size(); ++k) {
    if (static_cast<int>(k) == self_) continue;
    const int at = at_of(static_cast<int>(k));
    o.eyes[static_cast<size_t>(at)] = static_cast<i16>(table[k].eyes);
    if (table[k].keuler_paid) o.paid = static_cast<u16>(o.paid | (1u << at));
  }
  return o;
}

TurnState LastSeatSolver::state_of(const TurnState& turn) const {
  if (turn.phase != TurnPhase::Decide)
    throw std::logic_error("last seat: asked about a turn that is not at a decision");
  check_gains(turn.held);
  return canonical(rules_, turn);
}

LastSeatSolver::Key LastSeatSolver::key(const TurnState& s, const Others& o, u64 extra) const {
  Key k;
  const SoloKey sk = solo_key(s);
  k.w[0] = sk.hi;
  k.w[1] = sk.lo;
  k.w[2] = static_cast<u64>(o.paid) | extra << 16;
  for (int i = 0; i < m_; ++i)
    k.w[static_cast<size_t>(3 + i / 4)] |= static_cast<u64>(static_cast<u16>(o.eyes[static_cast<size_t>(i)] + 32768))
                                           << (16 * (i % 4));
  return k;
}

double LastSeatSolver::score_of(int eyes, const Others& o) const {
  // T7, then P3 on the standings (evening total + pass result). An eliminated turn's eyes
  // are already its Ventil floor or 0 (T5, J11).
  // The standings as P3 counts them, mine last (no allocation: this scores every end).
  std::array<int, kMaxOthers + 1> standings{};
  for (int i = 0; i < m_; ++i)
    standings[static_cast<size_t>(i)] = standing(total_[static_cast<size_t>(i)], o.eyes[static_cast<size_t>(i)]);
  standings[static_cast<size_t>(m_)] = standing(own_total_, eyes);
  const std::span<const int> all(standings.data(), static_cast<size_t>(m_) + 1);
  if (goal_ == Goal::NotLoser) return is_loser(rules_, all, m_) ? 0.0 : 1.0;
  return win_share(all, m_);  // O1
}

bool LastSeatSolver::legal_at(const TurnState& s, Action a) const {
  // T2, J10: the engine's own test at this table (a duel needs somebody left to duel); the
  // others' standing does not change while the last player plays.
  return is_legal(TurnView{rules_, s, self_, table_, 0}, a);
}

bool LastSeatSolver::same_victim(int q, int i, const Others& o) const {
  const auto a = static_cast<size_t>(q), b = static_cast<size_t>(i);
  return total_[a] == total_[b] && o.eyes[a] == o.eyes[b] && prinzessin_[a] == prinzessin_[b] &&
         ((o.paid >> q) & 1u) == ((o.paid >> i) & 1u);
}

double LastSeatSolver::transferred(const TurnState& next, int transfer, const Others& o, int victim) const {
  Others after = o;
  int gain = 0;  // what the table gives instead of the solo model's `transfer`
  if (victim >= 0) {  // T4 / J10, and T6 as the table rules it (table.h)
    const auto v = static_cast<size_t>(victim);
    SeatView seat;
    seat.eyes = after.eyes[v];
    seat.status = prinzessin_[v] ? Status::Prinzessin : Status::Zombie;  // only a Prinzessin pays Keuler
    seat.keuler_paid = (o.paid >> victim) & 1u;
    gain = transfer + take_eyes(rules_, seat, transfer);
    after.eyes[v] = static_cast<i16>(seat.eyes);
    if (seat.keuler_paid) after.paid = static_cast<u16>(after.paid | (1u << victim));
  }
  TurnState n = next;
  n.eyes += gain - transfer;
  follow_floor(n);  // E5
  return solve(canonical(rules_, n), after);
}

double LastSeatSolver::best_transfer(const TurnState& next, int transfer, const Others& o) const {
  // The best victim among those I may rob (table.h pick_victim: T4, and E9 with nobody taken
  // yet — one Senigma a turn), or the take lapses. Players equal in everything the future
  // depends on are one victim: only the first of them is valued.
  std::array<double, kMaxPlayers> value{};
  const int victim = pick_victim(rules_, table_, self_, 0u, [&](std::span<const int> cand) {
    return best_candidate(cand, [&](int k) {
      const int i = at_of(k);
      bool seen = false;
      for (size_t u = 0; cand[u] != k && !seen; ++u) seen = same_victim(at_of(cand[u]), i, o);
      return value[static_cast<size_t>(k)] = seen ? -1.0 : transferred(next, transfer, o, i);
    });
  });
  return victim == kLapsed ? transferred(next, transfer, o, kLapsed) : value[static_cast<size_t>(victim)];
}

double LastSeatSolver::delta_step(const TurnState& s, Joker joker, const Others& o, int target,
                                  Choices* record) const {
  const TurnState base = detail::joker_base(s, joker);  // as table_transition (turn_step.h)
  Values alg{*this, base, o, joker, target, record};
  return detail::DeltaStep<Values>(rules_, alg).run(joker);
}

int LastSeatSolver::best_duel_target(const TurnState& s, const Others& o) const {
  const Key k = key(s, o, slot(SENIGMA, static_cast<int>(kTargetSlot) - 1));
  if (auto it = choices_.find(k); it != choices_.end()) return it->second.target;
  // E11 (table.h best_candidate): on equal value the first in seat order after me. Players
  // equal in everything the future depends on are one target: only the first is valued.
  const std::size_t before = unresolved_;
  const Candidates cand = senigma_candidates(table_, self_);
  int best = -1;
  if (!cand.empty()) {
    const std::span<const int> in_order = cand.span();
    best = at_of(best_candidate(in_order, [&](int player) {
      const int i = at_of(player);
      bool seen = false;
      for (size_t u = 0; in_order[u] != player && !seen; ++u) seen = same_victim(at_of(in_order[u]), i, o);
      return seen ? -1.0 : delta_step(s, SENIGMA, o, i, nullptr);
    }));
  }
  if (unresolved_ == before) {  // a value left for later would be a guess: not kept
    Choices c;
    c.target = best;
    choices_.emplace(k, std::move(c));
  }
  return best;
}

double LastSeatSolver::q(const TurnState& s, Action a, const Others& o) const {
  if (a.kind == Action::Stop) return score_of(s.eyes, o);
  if (a.kind == Action::UseJoker && detail::is_delta_joker(a.joker)) {
    int target = -1;
    if (a.joker == SENIGMA && rules_.senigma == SenigmaKind::Duel) {
      target = best_duel_target(s, o);
      if (target < 0) throw std::logic_error("last seat: Senigma without a target");
    }
    return delta_step(s, a.joker, o, target, nullptr);
  }
  const Chooser ch(*this, o, nullptr);
  double sum = 0;
  for (const auto& x : table_transition(rules_, s, a, ch))
    sum += x.prob * (x.transfer == 0 ? solve(x.next, o) : best_transfer(x.next, x.transfer, o));
  return sum;
}

LastSeatSolver::Others LastSeatSolver::win_canonical(const TurnState& s, const Others& o) const {
  // For P(win), in a state holding no announced joker (the future then has only plain
  // throws, steals and Runkelrüb saves that restore the eyes), a player below me whose
  // Keuler bonus can no longer be paid matters only as a victim worth his steal: his eyes
  // are forgotten (set to 0). Why that is exact, when my standing exceeds my standing after
  // an elimination (floor or 0; the floor no longer moves, as my eyes only rise): at every
  // state where I roll I am not the sole leader, so mine <= M, the best other standing,
  // which only falls; each steal raises mine by at least its amount, so everything still
  // stolen is at most budget = M - mine. Hence the leader ends at >= mine now, above my
  // eliminated standing: an elimination scores 0 whoever else stands where. A player below
  // me stays below me while I live. His Keuler bonus needs his eyes to reach 0 by steals:
  // impossible once they exceed the budget, or he is no unpaid Prinzessin above 0.
  if (!monotone(s)) return o;
  const int mine = standing(own_total_, s.eyes);
  const int eliminated = standing(own_total_, s.has_floor ? s.floor : 0);
  if (mine <= eliminated) return o;
  int best = mine;
  for (int i = 0; i < m_; ++i)
    best = std::max(best, standing(total_[static_cast<size_t>(i)], o.eyes[static_cast<size_t>(i)]));
  const int budget = best - mine;
  Others c = o;
  for (int i = 0; i < m_; ++i) {
    const auto at = static_cast<size_t>(i);
    const int eyes = o.eyes[at];
    if (standing(total_[at], eyes) >= mine) continue;
    // T6: could steals of at most `budget` still pay his Keuler bonus? keuler_due with the
    // whole budget taken at once (a smaller take reaches 0 only if the budget does).
    SeatView seat;
    seat.eyes = eyes;
    seat.status = prinzessin_[at] ? Status::Prinzessin : Status::Zombie;
    seat.keuler_paid = (o.paid >> i) & 1u;
    if (keuler_due(rules_, seat, budget)) continue;
    c.eyes[at] = 0;
    c.paid = static_cast<u16>(c.paid & ~(1u << i));
  }
  return c;
}

TurnState LastSeatSolver::floor_settled(const TurnState& s) const {
  // A Ventil floor at 0 or below scores as no floor (T5, T7: an elimination then ends at 0)
  // and only moves down (E5), so all such floors are one — kept apart from "no floor" only
  // because classic fumo is not offered after a floor (J13).
  if (!s.has_floor || s.floor >= 0) return s;
  TurnState c = s;
  c.floor = 0;
  return c;
}

LastSeatSolver::Others LastSeatSolver::settled(const TurnState& s, const Others& o) const {
  // A player at 0 eyes or below stands at his total (T7) and can pay no Keuler bonus (T6
  // needs him above 0): further steals change nothing about him, so his eyes count as 0 and
  // his flag as unpaid — unless his eyes can still rise, by winning the duel of a Senigma
  // still held against him (J10).
  const bool duel_ahead = rules_.senigma == SenigmaKind::Duel && s.held.has(SENIGMA);
  Others c = o;
  for (int i = 0; i < m_; ++i) {
    const auto at = static_cast<size_t>(i);
    if (c.eyes[at] > 0 || (duel_ahead && duelable_[at])) continue;
    c.eyes[at] = 0;
    c.paid = static_cast<u16>(c.paid & ~(1u << i));
  }
  return c;
}

LastSeatSolver::Entry LastSeatSolver::solve_entry(const TurnState& s, const Others& o) const {
  if (s.phase == TurnPhase::Over) return {score_of(s.eyes, o), Action::stop()};
  double stop = 0;
  if (s.phase == TurnPhase::Decide) {
    stop = score_of(s.eyes, o);
    // A sole lead cannot be improved: stop. This also bounds the eyes (header).
    const int mine = standing(own_total_, s.eyes);
    bool sole = true;
    for (int i = 0; i < m_ && sole; ++i)
      sole = mine > total_[static_cast<size_t>(i)] + std::max<int>(0, o.eyes[static_cast<size_t>(i)]);
    if (sole || stop >= 1.0) return {stop, Action::stop()};
  }
  const Others c = settled(s, o);
  const Key k = key(floor_settled(s), goal_ == Goal::Win ? win_canonical(s, c) : c);
  if (auto it = memo_.find(k); it != memo_.end()) return it->second;
  if (memo_.size() >= max_states_)
    throw core::InputError("the exact answer for the last seat would have to work through more than " +
                     std::to_string(max_states_) + " positions of the game, too many to answer in seconds");
  // A state this round already left unresolved, or one past the depth (kMaxDepth), stands
  // in as 0 and marks whatever needs it as unresolved: not memoized, asked again later.
  if (open_.count(k)) {
    ++unresolved_;
    return {0.0, Action::stop()};
  }
  if (depth_ >= kMaxDepth) {
    open_.insert(k);
    missing_.push_back({s, o});
    ++unresolved_;
    return {0.0, Action::stop()};
  }
  core::checkpoint();
  struct Deeper {
    int& depth;
    explicit Deeper(int& d) : depth(++d) {}
    ~Deeper() { --depth; }
  } deeper(depth_);
  const std::size_t before = unresolved_;
  Entry e{stop, Action::stop()};
  if (s.phase == TurnPhase::FreeThrow) {  // after a classic fumo re-entry (J13, E6)
    e = {0.0, Action::roll()};
    for (const auto& x : free_throw_outcomes(rules_, s)) e.value += x.prob * solve(x.next, o);
  } else {
    for (Action a : solo_actions(rules_, s)) {
      if (a.kind == Action::Stop || !legal_at(s, a)) continue;
      const double v = q(s, a, o);
      if (detail::strictly_better(v, e.value)) e = {v, a};
    }
  }
  if (unresolved_ == before) memo_.emplace(k, e);
  else open_.insert(k);  // a guess: computed again once what it needs is solved
  return e;
}

const LastSeatSolver::Choices& LastSeatSolver::choices(const TurnState& s, Joker joker, const Others& o,
                                                       int target) const {
  const Key k = key(s, o, slot(joker, target));
  if (auto it = choices_.find(k); it != choices_.end()) return it->second;
  // Solved first: the answers recorded below compare values, which must all be known.
  settle([&] {
    Choices ignored;
    if (joker != JOKER_NB && detail::is_delta_joker(joker)) {
      delta_step(s, joker, o, target, &ignored);
    } else {
      const Chooser ch(*this, o, &ignored);
      table_transition(rules_, s, joker == JOKER_NB ? Action::roll() : Action::use(joker), ch);
    }
    return 0;
  });
  Choices c;
  if (joker != JOKER_NB && detail::is_delta_joker(joker)) {
    delta_step(s, joker, o, target, &c);
  } else {
    const Chooser ch(*this, o, &c);
    table_transition(rules_, s, joker == JOKER_NB ? Action::roll() : Action::use(joker), ch);
  }
  return choices_.emplace(k, std::move(c)).first->second;
}

void LastSeatSolver::solve_missing() const {
  // The states met past kMaxDepth, solved last-in first-out: a state whose own solve meets
  // missing states again stays on the stack under them and is solved once they are. Each
  // round memoizes at least one state, so the stack ends; it never holds more states than
  // the budget allows the memo.
  std::vector<std::pair<TurnState, Others>> pending;
  pending.swap(missing_);
  while (!pending.empty()) {
    if (pending.size() > max_states_)
      throw core::InputError("the exact answer for the last seat would have to work through more than " +
                             std::to_string(max_states_) + " positions of the game, too many to answer in seconds");
    const std::pair<TurnState, Others> next = pending.back();
    begin_round();
    solve_entry(next.first, next.second);
    if (unresolved_ == 0) pending.pop_back();
    else pending.insert(pending.end(), missing_.begin(), missing_.end());
  }
  begin_round();
}

void LastSeatSolver::check_gains(JokerSet held) const {
  // Every subset of the jokers that change a plain throw's eyes (Jule, Tentakel) may be what
  // is held later in the turn; the solo model's min_plain_gain reads the step itself.
  const u16 bits = static_cast<u16>(held.bits & JokerSet{}.with(JULE).with(TENTAKEL).bits);
  if (std::find(gains_checked_.begin(), gains_checked_.end(), bits) != gains_checked_.end()) return;
  for (u16 sub = bits;; sub = static_cast<u16>((sub - 1) & bits)) {
    if (const PlainGain g = min_plain_gain(rules_, JokerSet{sub}); g.gain <= 0)
      throw core::InputError("last seat: with these rules and jokers " + loadout_name(JokerSet{sub}) +
                             " a plain throw of " + std::to_string(g.face) + " adds " + std::to_string(g.gain) +
                             " eyes; the exact answer needs every surviving plain throw to add at least 1");
    if (sub == 0) break;
  }
  gains_checked_.push_back(bits);
}

double LastSeatSolver::value(const TurnState& turn, std::span<const SeatView> table) const {
  const TurnState s = state_of(turn);
  const Others o = others_of(table);
  return settle([&] { return solve(s, o); });
}

double LastSeatSolver::value(int eyes, int robbing_ones, std::span<const SeatView> table) const {
  TurnState t = turn_;
  t.eyes = eyes;
  t.robbing_ones = robbing_ones;
  return value(t, table);
}

bool LastSeatSolver::legal(const TurnState& turn, Action a) const { return legal_at(state_of(turn), a); }

double LastSeatSolver::action_value(const TurnState& turn, std::span<const SeatView> table, Action a) const {
  const TurnState s = state_of(turn);
  if (!legal_at(s, a)) throw std::logic_error("last seat: illegal action in state " + describe(s));
  const Others o = others_of(table);
  return settle([&] { return q(s, a, o); });
}

Action LastSeatSolver::best_action(const TurnState& turn, std::span<const SeatView> table) const {
  const TurnState s = state_of(turn);
  const Others o = others_of(table);
  return settle([&] { return solve_entry(s, o).best; });
}

double LastSeatSolver::score(int eyes, std::span<const SeatView> table) const {
  return score_of(eyes, others_of(table));
}

int LastSeatSolver::best_victim(const TurnState& turn, std::span<const SeatView> table, int amount,
                                std::span<const int> candidates) const {
  // The engine asks before paying: the step ends with the amount taken, then Jule (E1; a
  // robbing 1 is never thrown under Fumo, and Senigma ended it) and the floor (E5).
  TurnState next = state_of(turn);
  next.eyes += amount;
  after_step(rules_, next);
  const Others o = others_of(table);
  // E11 (table.h best_candidate): on equal value the first after me.
  return settle([&] {
    return best_candidate(candidates, [&](int c) { return transferred(next, amount, o, at_of(c)); });
  });
}

int LastSeatSolver::best_senigma_target(const TurnState& turn, std::span<const SeatView> table,
                                        std::span<const int> candidates) const {
  TurnState s = state_of(turn);  // Senigma announced: spent, Fumo over
  s.held = s.held.with(SENIGMA);
  const Others o = others_of(table);
  const int at = settle([&] { return best_duel_target(s, o); });
  const int player = at < 0 ? -1 : player_of(at);
  if (std::find(candidates.begin(), candidates.end(), player) == candidates.end())
    throw std::logic_error("last seat: the engine's Senigma candidates differ from the solver's");
  return player;
}

bool LastSeatSolver::inner_choice(const TurnState& turn, std::span<const SeatView> table, Joker joker,
                                  const InnerChoice& choice) const {
  TurnState s = state_of(turn);  // the joker announced: spent, Fumo over
  s.held = s.held.with(joker);
  s = canonical(rules_, s);
  int target = -1;
  if (joker == SENIGMA && rules_.senigma == SenigmaKind::Duel) {
    for (size_t k = 0; k < table.size() && target < 0; ++k)
      if (static_cast<int>(k) != self_ && table[k].senigma_attacked && !table_[k].senigma_attacked)
        target = at_of(static_cast<int>(k));
    if (target < 0) throw std::logic_error("last seat: a Senigma counter without a target");
  }
  for (const auto& [c, take] : choices(s, joker, others_of(table), target).answers)
    if (c == choice) return take;
  throw std::logic_error("last seat: the model never asks this choice inside " + std::string(joker_id(joker)));
}

bool LastSeatSolver::use_runkelrueb(const TurnState& turn, std::span<const SeatView> table) const {
  // The engine shows the state the 6 was thrown from; a plain roll from it is that throw
  // (also under a Fumo just announced: Fumo active, no gain yet).
  const TurnState s = state_of(turn);
  for (const auto& [c, take] : choices(s, JOKER_NB, others_of(table), -1).answers)
    if (c.kind == InnerChoice::UseRunkelrueb) return take;
  throw std::logic_error("last seat: Runkelrüb asked where the model does not offer it");
}

bool LastSeatSolver::use_fumo_reentry(const TurnState& turn, std::span<const SeatView> table) const {
  // J13 classic, E6: restart from 0 with a new free throw, or stay eliminated at 0 (never
  // offered after a Ventil floor).
  TurnState pre;
  pre.held = turn.held;
  pre.frost_used = turn.frost_used;
  pre.phase = TurnPhase::Decide;
  const Others o = others_of(table);
  // Staying eliminated keeps the eyes of the state the step shows (turn_step.h: 0, no floor).
  check_gains(pre.held);
  const TurnState restart = fumo_restart(rules_, canonical(rules_, pre));
  return settle([&] { return detail::strictly_better(solve(restart, o), score_of(turn.eyes, o)); });
}

}  // namespace verflixt::verflixte6
