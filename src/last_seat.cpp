#include "verflixt/last_seat.h"

#include <algorithm>
#include <stdexcept>

#include "verflixt/engine.h"
#include "verflixt/error.h"
#include "verflixt/joker.h"

namespace verflixt {

bool LastSeatSolver::supports(const Rules& rules, const TurnState& t) {
  const JokerSet unannounced = JokerSet{}.with(JULE).with(TENTAKEL).with(RUNKELRUEB);
  (void)rules;
  return unannounced.contains(t.held) && !t.fumo_active;
}

LastSeatSolver::LastSeatSolver(const Rules& rules, std::vector<SeatView> table, int self, Goal goal,
                               const TurnState& turn, std::size_t max_states)
    : rules_(rules), table_(std::move(table)), self_(self), goal_(goal), max_states_(max_states) {
  if (!supports(rules, turn))
    throw InputError("last seat: the exact solver plays only jule, tentakel and runkelrueb, not " +
                     loadout_name(turn.held) + (turn.fumo_active ? " with Fumo active" : ""));
  jule_ = turn.held.has(JULE);
  tentakel_ = turn.held.has(TENTAKEL);
  runkel_ = turn.held.has(RUNKELRUEB);
  has_floor_ = turn.has_floor;
  floor_ = turn.floor;
  if (table_.size() > kMaxOthers + 1)
    throw InputError("last seat: at most " + std::to_string(kMaxOthers + 1) + " players");
  own_total_ = table_[static_cast<size_t>(self_)].total;
  for (size_t k = 0; k < table_.size(); ++k) {
    if (static_cast<int>(k) == self_) continue;
    const auto at = static_cast<size_t>(at_of(static_cast<int>(k)));
    total_[at] = table_[k].total;
    robbable_[at] = rules.rob_targets == RobTargets::Anyone || table_[k].status != Status::Zombie;  // T4
    prinzessin_[at] = table_[k].status == Status::Prinzessin;
    if (table_[k].eyes < -10000 || table_[k].eyes > 10000)
      throw InputError("last seat: eyes " + std::to_string(table_[k].eyes) + " out of range; valid: -10000..10000");
  }
  m_ = static_cast<int>(table_.size()) - 1;
  double fail = 1;
  for (int k = 0; k < rules.runkel_throws; ++k) fail *= (rules.runkel_face - 1) / 6.0;
  save_ = 1 - fail;
  if (self_ < 0 || static_cast<size_t>(self_) >= table_.size())
    throw InputError("last seat: player " + std::to_string(self_) + " is not at the table");
  for (size_t k = 0; k < table_.size(); ++k)
    if (static_cast<int>(k) != self_ && table_[k].status == Status::Jungfrau)
      throw InputError("last seat: player " + std::to_string(k + 1) +
                       " has still to play; the exact solver needs every other result known");
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
  Others o;
  for (size_t k = 0; k < table.size(); ++k) {
    if (static_cast<int>(k) == self_) continue;
    const int at = at_of(static_cast<int>(k));
    o.eyes[static_cast<size_t>(at)] = static_cast<i16>(table[k].eyes);
    if (table[k].keuler_paid) o.paid = static_cast<u16>(o.paid | (1u << at));
  }
  return o;
}

LastSeatSolver::Key LastSeatSolver::key(int e, int j, bool runkel, const Others& o) const {
  Key k;
  k.w[0] = static_cast<u64>(static_cast<u16>(e + 32768)) | static_cast<u64>(std::min(j, rules_.rob_cap)) << 16 |
           static_cast<u64>(runkel) << 24 | static_cast<u64>(o.paid) << 32;
  for (int i = 0; i < m_; ++i)
    k.w[static_cast<size_t>(1 + i / 4)] |= static_cast<u64>(static_cast<u16>(o.eyes[static_cast<size_t>(i)] + 32768))
                                           << (16 * (i % 4));
  return k;
}

double LastSeatSolver::stop_of(int e, bool eliminated, const Others& o) const {
  // T7, then P3 on the standings (evening total + pass result). T5 / J11: an eliminated
  // player holds his Ventil floor (T7 sets it to 0 if it is not above).
  const int pass = eliminated ? (has_floor_ ? std::max(0, floor_) : 0) : std::max(0, e);
  const int mine = own_total_ + pass;
  if (goal_ == Goal::NotLoser) {
    // losers(): everyone at 0 or below, then whole groups of the lowest until there are
    // rules.losers_at_least. So I am a loser iff my standing is at most 0, or fewer than
    // losers_at_least others stand strictly below me (then my group is reached).
    if (mine <= 0) return 0.0;
    int below = 0;
    for (int i = 0; i < m_; ++i)
      below += total_[static_cast<size_t>(i)] + std::max<int>(0, o.eyes[static_cast<size_t>(i)]) < mine;
    return below < rules_.losers_at_least ? 0.0 : 1.0;
  }
  int ties = 1;
  for (int i = 0; i < m_; ++i) {
    const int s = total_[static_cast<size_t>(i)] + std::max<int>(0, o.eyes[static_cast<size_t>(i)]);
    if (s > mine) return 0.0;
    ties += s == mine;
  }
  return 1.0 / ties;  // O1
}

double LastSeatSolver::after_steal(int e, int j, bool runkel, const Others& o, int victim, int amount) const {
  Others next = o;
  const auto v = static_cast<size_t>(victim);
  const int before = next.eyes[v];
  next.eyes[v] = static_cast<i16>(before - amount);
  int gain = amount;
  if (rules_.keuler_bonus > 0 && prinzessin_[v] && before > 0 && before - amount <= 0 && !((o.paid >> victim) & 1u)) {
    next.paid = static_cast<u16>(next.paid | (1u << victim));  // T6
    gain += rules_.keuler_bonus;
  }
  return solve(e + gain + (jule_ ? rules_.jule_bonus : 0), j, runkel, next);  // J7 after the step
}

double LastSeatSolver::roll_of(int e, int j, bool runkel, const Others& o) const {
  const int jule = jule_ ? rules_.jule_bonus : 0;  // J7: after every step that does not eliminate
  double sum = 0;
  for (int f = 1; f <= 6; ++f) {
    if (f == rules_.bust_face) {
      const double out = stop_of(0, /*eliminated=*/true, o);  // T5 (J11: to the floor)
      // J15: saved → exactly as before the throw, without Runkelrüb and without a Jule point.
      sum += runkel ? save_ * solve(e, j, false, o) + (1 - save_) * out : out;
    } else if (tentakel_ && f <= rules_.tentakel_max_face) {  // J12, E3: no robbing
      sum += solve(e + f + rules_.tentakel_bonus + jule, j, runkel, o);
    } else if (f == 1 && rules_.ones_rob) {  // T4
      const int j1 = j + 1;
      const int amount = std::min(j1, rules_.rob_cap);
      double best = -1;
      for (int i = 0; i < m_; ++i) {
        if (!robbable_[static_cast<size_t>(i)]) continue;
        // Players equal in everything the future depends on are the same victim.
        bool seen = false;
        for (int q = 0; q < i && !seen; ++q)
          seen = robbable_[static_cast<size_t>(q)] && total_[static_cast<size_t>(q)] == total_[static_cast<size_t>(i)] &&
                 o.eyes[static_cast<size_t>(q)] == o.eyes[static_cast<size_t>(i)] &&
                 prinzessin_[static_cast<size_t>(q)] == prinzessin_[static_cast<size_t>(i)] &&
                 ((o.paid >> q) & 1u) == ((o.paid >> i) & 1u);
        if (!seen) best = std::max(best, after_steal(e + 1, j1, runkel, o, i, amount));
      }
      sum += best >= 0 ? best : solve(e + 1 + jule, j1, runkel, o);  // nobody to rob: the steal lapses
    } else {
      sum += solve(e + f + jule, j, runkel, o);
    }
  }
  return sum / 6.0;
}

LastSeatSolver::Others LastSeatSolver::win_canonical(int e, const Others& o) const {
  // For P(win), a player below me whose Keuler bonus can no longer be paid matters only as a
  // victim worth his steal: his eyes are forgotten (set to 0). Why that is exact, when my
  // standing exceeds my standing after an elimination (floor or 0): at every state where I
  // roll I am not the sole leader, so mine <= M, the best other standing, which only falls;
  // each steal raises mine by at least its amount, so everything still stolen is at most
  // budget = M - mine. Hence the leader ends at >= mine now, above my eliminated standing:
  // an elimination scores 0 whoever else stands where. A player below me stays below me
  // while I live. His Keuler bonus needs his eyes to reach 0 by steals: impossible once they
  // exceed the budget, or he is no unpaid Prinzessin above 0.
  const int mine = own_total_ + std::max(0, e);
  const int eliminated = own_total_ + (has_floor_ ? std::max(0, floor_) : 0);
  if (mine <= eliminated) return o;
  int best = mine;
  for (int i = 0; i < m_; ++i)
    best = std::max(best, total_[static_cast<size_t>(i)] + std::max<int>(0, o.eyes[static_cast<size_t>(i)]));
  const int budget = best - mine;
  Others c = o;
  for (int i = 0; i < m_; ++i) {
    const auto at = static_cast<size_t>(i);
    const int eyes = o.eyes[at];
    if (total_[at] + std::max(0, eyes) >= mine) continue;
    const bool keuler_possible = rules_.keuler_bonus > 0 && prinzessin_[at] && !((o.paid >> i) & 1u) && eyes > 0 &&
                                 eyes <= budget;
    if (keuler_possible) continue;
    c.eyes[at] = 0;
    c.paid = static_cast<u16>(c.paid & ~(1u << i));
  }
  return c;
}

double LastSeatSolver::solve(int e, int j, bool runkel, const Others& o) const {
  const double stop = stop_of(e, false, o);
  // A sole lead cannot be improved (throws only add or eliminate, steals only lower the
  // others): stop. This also bounds e.
  const int mine = own_total_ + std::max(0, e);
  bool sole = true;
  for (int i = 0; i < m_ && sole; ++i)
    sole = mine > total_[static_cast<size_t>(i)] + std::max<int>(0, o.eyes[static_cast<size_t>(i)]);
  if (sole || stop >= 1.0) return stop;
  const Key k = key(e, j, runkel, goal_ == Goal::Win ? win_canonical(e, o) : o);
  if (auto it = memo_.find(k); it != memo_.end()) return it->second;
  if (memo_.size() >= max_states_)
    throw InputError("last seat: the exact solution needs more than " + std::to_string(max_states_) +
                     " states; valid: smaller tables or leads (Monte Carlo handles the rest)");
  const double v = std::max(stop, roll_of(e, j, runkel, o));
  memo_.emplace(k, v);
  return v;
}

double LastSeatSolver::value(int eyes, int robbing_ones, std::span<const SeatView> table, bool runkel) const {
  return solve(eyes, robbing_ones, runkel && runkel_, others_of(table));
}

double LastSeatSolver::stop_value(int eyes, std::span<const SeatView> table) const {
  return stop_of(eyes, false, others_of(table));
}

double LastSeatSolver::roll_value(int eyes, int robbing_ones, std::span<const SeatView> table, bool runkel) const {
  return roll_of(eyes, robbing_ones, runkel && runkel_, others_of(table));
}

double LastSeatSolver::score(int eyes, std::span<const SeatView> table) const {
  return stop_of(eyes, false, others_of(table));
}

int LastSeatSolver::best_victim(int eyes_after_one, int robbing_ones, std::span<const SeatView> table,
                                std::span<const int> candidates, bool runkel) const {
  const Others o = others_of(table);
  const int amount = std::min(robbing_ones, rules_.rob_cap);
  int best = candidates.front();
  double best_v = -1;
  for (int c : candidates) {
    const double v = after_steal(eyes_after_one, robbing_ones, runkel && runkel_, o, at_of(c), amount);
    if (v > best_v) best_v = v, best = c;
  }
  return best;
}

Action LastSeatPolicy::decide(const TurnView& v) const {
  if (v.solo() || v.still_to_play != 0 || v.self != s_.self())
    throw std::logic_error("last-seat policy asked outside the last seat");
  const double stop = s_.stop_value(v.turn.eyes, v.table);
  const double roll = s_.roll_value(v.turn.eyes, v.turn.robbing_ones, v.table, v.turn.held.has(RUNKELRUEB));
  return roll > stop ? Action::roll() : Action::stop();
}

int LastSeatPolicy::choose_victim(const TurnView& v, int, std::span<const int> candidates) const {
  return s_.best_victim(v.turn.eyes, v.turn.robbing_ones, v.table, candidates, v.turn.held.has(RUNKELRUEB));
}

}  // namespace verflixt
