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

std::vector<LastSeatSolver::Other> LastSeatSolver::others_of(std::span<const SeatView> table) const {
  std::vector<Other> o;
  for (size_t k = 0; k < table.size(); ++k)
    if (static_cast<int>(k) != self_) o.push_back({table[k].total, table[k].eyes, table[k].status, table[k].keuler_paid});
  return o;
}

bool LastSeatSolver::robbable(const Other& o) const {
  return rules_.rob_targets == RobTargets::Anyone || o.status != Status::Zombie;  // T4
}

std::string LastSeatSolver::key(int e, int j, bool runkel, const std::vector<Other>& others) const {
  std::vector<Other> s = others;
  std::sort(s.begin(), s.end());
  std::string k;
  auto put = [&](int v) { k.append(reinterpret_cast<const char*>(&v), sizeof v); };
  put(e);
  put(std::min(j, rules_.rob_cap) * 2 + runkel);
  for (const auto& o : s) {
    put(o.total);
    put(o.eyes);
    put(static_cast<int>(o.status) * 2 + o.paid);
  }
  return k;
}

double LastSeatSolver::stop_of(int e, bool eliminated, const std::vector<Other>& others) const {
  // T7, then P3 on the standings (evening total + pass result).
  std::vector<int> totals;
  // T5 / J11: an eliminated player holds his Ventil floor (T7 sets it to 0 if it is not above).
  const int pass = eliminated ? (has_floor_ ? std::max(0, floor_) : 0) : std::max(0, e);
  const int mine = table_[static_cast<size_t>(self_)].total + pass;
  size_t at = 0;
  for (size_t k = 0; k < table_.size(); ++k) {
    if (static_cast<int>(k) == self_) {
      totals.push_back(mine);
    } else {
      const Other& o = others[at++];
      totals.push_back(o.total + std::max(0, o.eyes));
    }
  }
  if (goal_ == Goal::NotLoser) return losers(rules_, totals)[static_cast<size_t>(self_)] ? 0.0 : 1.0;
  const int best = *std::max_element(totals.begin(), totals.end());
  if (mine != best) return 0.0;
  return 1.0 / static_cast<double>(std::count(totals.begin(), totals.end(), best));  // O1
}

double LastSeatSolver::after_steal(int e, int j, bool runkel, const std::vector<Other>& others, size_t victim,
                                   int amount) const {
  std::vector<Other> next = others;
  Other& v = next[victim];
  const int before = v.eyes;
  v.eyes -= amount;
  int gain = amount;
  if (rules_.keuler_bonus > 0 && v.status == Status::Prinzessin && before > 0 && v.eyes <= 0 && !v.paid) {
    v.paid = true;  // T6
    gain += rules_.keuler_bonus;
  }
  return solve(e + gain + (jule_ ? rules_.jule_bonus : 0), j, runkel, next);  // J7 after the step
}

double LastSeatSolver::roll_of(int e, int j, bool runkel, const std::vector<Other>& others) const {
  const int jule = jule_ ? rules_.jule_bonus : 0;  // J7: after every step that does not eliminate
  double sum = 0;
  for (int f = 1; f <= 6; ++f) {
    if (f == rules_.bust_face) {
      const double out = stop_of(0, /*eliminated=*/true, others);  // T5 (J11: to the floor)
      // J15: saved → exactly as before the throw, without Runkelrüb and without a Jule point.
      sum += runkel ? save_ * solve(e, j, false, others) + (1 - save_) * out : out;
    } else if (tentakel_ && f <= rules_.tentakel_max_face) {  // J12, E3: no robbing
      sum += solve(e + f + rules_.tentakel_bonus + jule, j, runkel, others);
    } else if (f == 1 && rules_.ones_rob) {  // T4
      const int j1 = j + 1;
      const int amount = std::min(j1, rules_.rob_cap);
      double best = -1;
      for (size_t k = 0; k < others.size(); ++k)
        if (robbable(others[k])) best = std::max(best, after_steal(e + 1, j1, runkel, others, k, amount));
      sum += best >= 0 ? best : solve(e + 1 + jule, j1, runkel, others);  // nobody to rob: the steal lapses
    } else {
      sum += solve(e + f + jule, j, runkel, others);
    }
  }
  return sum / 6.0;
}

double LastSeatSolver::solve(int e, int j, bool runkel, const std::vector<Other>& others) const {
  const double stop = stop_of(e, false, others);
  // A sole lead cannot be improved (throws only add or eliminate, steals only lower the
  // others): stop. This also bounds e.
  const int mine = table_[static_cast<size_t>(self_)].total + std::max(0, e);
  bool sole = true;
  for (const auto& o : others) sole &= mine > o.total + std::max(0, o.eyes);
  if (sole || stop >= 1.0) return stop;
  const std::string k = key(e, j, runkel, others);
  if (auto it = memo_.find(k); it != memo_.end()) return it->second;
  if (memo_.size() >= max_states_)
    throw InputError("last seat: the exact solution needs more than " + std::to_string(max_states_) +
                     " states; valid: smaller tables or leads (Monte Carlo handles the rest)");
  const double v = std::max(stop, roll_of(e, j, runkel, others));
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
  const std::vector<Other> others = others_of(table);
  const int amount = std::min(robbing_ones, rules_.rob_cap);
  int best = candidates.front();
  double best_v = -1;
  for (int c : candidates) {
    const size_t at = static_cast<size_t>(c < self_ ? c : c - 1);  // others skip self
    const double v = after_steal(eyes_after_one, robbing_ones, runkel && runkel_, others, at, amount);
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
