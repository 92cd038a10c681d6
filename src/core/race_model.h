#pragma once
// The race solver's model of one start (core/race_solver.h), shared by the solve
// (race_solver.cpp) and the played turns (race_play.cpp): what the ends of a turn at totals
// a : b are worth from the current tables (Race), the turn as a model of backward induction
// with those ends (LevelModel), and a fixed seat's turn as the distribution of its ends
// (FixedTurns, fixed_value).
#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "verflixt/core/backward_induction.h"
#include "verflixt/core/race_solver.h"

namespace verflixt::core::race_detail {

// One turn with its ends valued (a TurnPlay's bank, bust, reset, cut) as a model of
// backward_induction.h: a bankable state at or past the cut banks.
struct LevelModel {
  const RaceTurn& turn;
  const TurnPlay& ends;

  bool capped(std::size_t s) const { return turn.bankable(s) && turn.points(s) >= ends.cut; }
  std::size_t state_count() const { return turn.state_count(); }
  Successor successor(const TurnMove& m) const {
    switch (m.end) {
      case TurnEnd::Continue:
        return {m.probability, static_cast<std::size_t>(m.target)};
      case TurnEnd::Bank:
        return {m.probability, kNoState, 1.0, ends.bank[static_cast<std::size_t>(m.target)]};
      case TurnEnd::Bust:
        return {m.probability, kNoState, 1.0, ends.bust};
      case TurnEnd::Reset:
        break;
    }
    return {m.probability, kNoState, 1.0, ends.reset};
  }
  // Action a of outcome o (a turn outcome number), each move handed to emit.
  template <class Emit>
  void moves(std::size_t o, int a, Emit&& emit) const {
    for (const TurnMove& m : turn.moves(turn.action_begin(o) + static_cast<std::size_t>(a))) emit(successor(m));
  }
  template <class Visit>
  void outcomes(std::size_t s, Visit&& visit) const {
    if (capped(s)) {
      const double v = ends.bank[static_cast<std::size_t>(turn.points(s))];
      visit(1.0, 1, [v](int, auto&& emit) { emit(Successor{1.0, kNoState, 1.0, v}); });
      return;
    }
    for (std::size_t o = turn.outcome_begin(s); o < turn.outcome_begin(s + 1); ++o)
      visit(turn.outcome_probability(o), static_cast<int>(turn.action_begin(o + 1) - turn.action_begin(o)),
            [this, o](int a, auto&& emit) { moves(o, a, emit); });
  }
  // The values of every turn state (of the fixed actions, when the seat has them).
  std::vector<double> values() const {
    if (ends.actions)
      return policy_values(*this, [this](std::size_t s, int o) {
        return capped(s) ? 0 : ends.actions[turn.outcome_begin(s) + static_cast<std::size_t>(o)];
      });
    return backward_induction(*this, InductionOptions{}, [](std::size_t, int, int) {});
  }

  // The start's value and its slope in the value of the mirrored start S(other, b, a): the
  // values as values() finds them (the same sums in the same order, the same choices) and,
  // along the chosen actions, the derivative — each end that reads the mirror (a bust, a bank
  // of 0, a reset when a = 0; worth 1 - S) contributes -1 per unit of probability.
  // `chosen`, when given, receives the action taken after every outcome of a state that chooses;
  // without kSlope the slope is not formed (0).
  template <bool kSlope = true>
  std::pair<double, double> start_and_slope(bool reset_reads_mirror, std::vector<double>& v, std::vector<double>& dv,
                                            std::vector<int>* chosen = nullptr) const {
    // The turn's slot table (RaceTurn::slot_moves): the state values first, then the ends.
    const std::size_t n = turn.state_count(), banks = turn.bank_slots();
    v.assign(n + banks + 2, 0.0);
    if (chosen) chosen->assign(turn.outcome_count(), -1);
    std::copy(ends.bank.begin(), ends.bank.begin() + static_cast<std::ptrdiff_t>(banks), v.begin() + static_cast<std::ptrdiff_t>(n));
    v[n + banks] = ends.bust;
    v[n + banks + 1] = ends.reset;
    if constexpr (kSlope) {
      dv.assign(n + banks + 2, 0.0);
      dv[n] = -1.0;  // a bank of 0 leaves the totals as they are: the mirror
      dv[n + banks] = -1.0;
      dv[n + banks + 1] = reset_reads_mirror ? -1.0 : 0.0;
    }
    for (std::size_t s = 0; s < n; ++s) {
      if (capped(s)) {
        const std::size_t bank = n + static_cast<std::size_t>(turn.points(s));
        v[s] = v[bank];
        if constexpr (kSlope) dv[s] = dv[bank];
        continue;
      }
      double value = 0, derivative = 0;
      for (std::size_t o = turn.outcome_begin(s); o < turn.outcome_begin(s + 1); ++o) {
        // The same sums in the same order as values(): p * v, one term per move.
        const auto q = [&](int a) {
          double sum = 0;
          for (const RaceTurn::SlotMove& m : turn.slot_moves(turn.action_begin(o) + static_cast<std::size_t>(a)))
            sum += m.probability * v[m.slot];
          return sum;
        };
        const auto [best, a] = ends.actions ? std::pair{q(ends.actions[o]), ends.actions[o]}
                                            : best_action(static_cast<int>(turn.action_begin(o + 1) - turn.action_begin(o)), q);
        if (chosen) (*chosen)[o] = a;
        value += turn.outcome_probability(o) * best;
        if constexpr (kSlope) {
          double d = 0;
          for (const RaceTurn::SlotMove& m : turn.slot_moves(turn.action_begin(o) + static_cast<std::size_t>(a)))
            d += m.probability * dv[m.slot];
          derivative += turn.outcome_probability(o) * d;
        }
      }
      v[s] = value;
      if constexpr (kSlope) dv[s] = derivative;
    }
    const auto start = static_cast<std::size_t>(turn.start());
    return {v[start], kSlope ? dv[start] : 0.0};
  }
};

// How each fixed action table (RaceSeatPolicy::turn) ends, found on its first use and shared
// by the threads: a table serves many starts (one independent of the totals serves all).
class FixedTurns {
 public:
  explicit FixedTurns(const RaceTurn& turn) : turn_(turn) {}
  const TurnEnds& of(const int* actions) {
    const std::lock_guard lock(mutex_);
    std::unique_ptr<TurnEnds>& slot = ends_[actions];
    if (!slot) {
      TurnPlay play;  // uncapped, its own actions: choose() reads nothing else
      play.actions = actions;
      play.cut = std::numeric_limits<int>::max();
      slot = std::make_unique<TurnEnds>(turn_ends(turn_, play));
    }
    return *slot;
  }

 private:
  const RaceTurn& turn_;
  std::mutex mutex_;
  std::map<const int*, std::unique_ptr<TurnEnds>> ends_;
};

// A fixed turn's value from the distribution of its ends, and its slope in the mirror's value
// (the ends that read the mirror: a bank of 0, a bust, a reset when a = 0).
inline std::pair<double, double> fixed_value(const TurnEnds& f, const TurnPlay& e, bool reset_reads_mirror) {
  double value = 0;
  const std::size_t banks = std::min(f.bank.size(), e.bank.size());
  for (std::size_t p = 0; p < banks; ++p) value += f.bank[p] * e.bank[p];
  value += f.bust * e.bust + f.reset * e.reset;
  const double slope = -((banks > 0 ? f.bank[0] : 0.0) + f.bust + (reset_reads_mirror ? f.reset : 0.0));
  return {value, slope};
}

// The values the ends of a turn of `seat` at a : b lead to, from the current tables.
class Race {
 public:
  // Reads `sol` (its rules and current tables) and never writes it; `fixed`: the seats'
  // fixed actions (RaceOptions::fixed); `fixed_turns`: where the solve keeps their ends (null:
  // the fixed actions are played state by state, as play_turn does).
  Race(const RaceTurn& turn, const RaceSolution& sol, const std::array<RaceSeatPolicy, 2>& fixed, FixedTurns* fixed_turns = nullptr)
      : turn_(turn), sol_(sol), fixed_(fixed), fixed_turns_(fixed_turns) {
    bank_size_ = turn.bank_slots();
  }

  // Within a sweep of the solve: a reset from a > 0 reads the start it lands on, S(other, b, 0),
  // from `landing` ([seat * goal + b]: the values at the sweep's start, which the levels below
  // the mover's would hold in a sweep level by level), and the banks of 1 to gap - 1 points,
  // which no move makes, are not read. A start at level a + b then reads nothing of the levels
  // less than `gap` above or below its own, so those levels are solved side by side.
  void isolate(const double* landing, int gap) {
    landing_ = landing;
    gap_ = gap;
  }

  // The ends of the fixed turn of `seat` at a : b, whose ends() are `e` (its actions already
  // looked up there); null where the seat maximizes.
  const TurnEnds* fixed_ends(int seat, int a, int b, const TurnPlay& e) const {
    const RaceSeatPolicy& p = fixed_[static_cast<std::size_t>(seat)];
    if (p.ends) return p.ends(a, b);
    if (e.actions && fixed_turns_) return &fixed_turns_->of(e.actions);
    return nullptr;
  }

  std::size_t index(int seat, int a, int b) const {
    const auto g = static_cast<std::size_t>(sol_.rules.goal);
    return (static_cast<std::size_t>(seat) * g + static_cast<std::size_t>(a)) * g + static_cast<std::size_t>(b);
  }

  // Values the ends of the turn of `seat` at a : b from the current tables.
  void ends(int seat, int a, int b, TurnPlay& e) const {
    const RaceRules& r = sol_.rules;
    const int other = sol_.seats == 1 ? 0 : 1 - seat;
    const bool final_round = r.finish == RaceFinish::FinalRound && seat == 0;
    e.bank.resize(bank_size_);
    for (std::size_t p = 0; p < bank_size_; ++p) {
      const int total = a + static_cast<int>(p);
      if (p > 0 && static_cast<int>(p) < gap_)
        e.bank[p] = 0;  // no move banks this much (see isolate)
      else if (total < r.goal)
        e.bank[p] = 1 - sol_.start[index(other, b, total)];
      else if (!final_round)
        e.bank[p] = 1.0;
      else if (static_cast<std::size_t>(total - b) < sol_.last_turn.size())
        e.bank[p] = 1 - sol_.last_turn[static_cast<std::size_t>(total - b)];
      else
        e.bank[p] = 1.0;  // past every bank a reachable state can make (only capped states out of reach read it)
    }
    e.bust = 1 - sol_.start[index(other, b, a)];
    e.reset = 1 - (landing_ && a > 0 ? landing_[static_cast<std::size_t>(other) * static_cast<std::size_t>(r.goal) + static_cast<std::size_t>(b)]
                                     : sol_.start[index(other, b, 0)]);
    e.cut = (final_round ? r.goal + r.overshoot : r.goal) - a;
    // A fixed seat plays its own actions, uncapped (see the header).
    e.actions = fixed_[static_cast<std::size_t>(seat)].turn ? fixed_[static_cast<std::size_t>(seat)].turn(a, b) : nullptr;
    if (e.actions) e.cut = std::numeric_limits<int>::max();
  }

  // The second seat's last turn needing n to tie: a bank of more wins, of exactly n shares.
  void last_turn_ends(int n, TurnPlay& e) const {
    e.bank.resize(bank_size_);
    for (std::size_t p = 0; p < bank_size_; ++p) {
      const int q = static_cast<int>(p);
      e.bank[p] = q > n ? 1.0 : q == n ? 0.5 : 0.0;
    }
    e.bust = e.reset = 0;
    e.cut = n + 1;
    e.actions = fixed_[1].last_turn ? fixed_[1].last_turn(n) : nullptr;
    if (e.actions) e.cut = std::numeric_limits<int>::max();
  }

  double evaluate(int seat, int a, int b) {
    ends(seat, a, b, scratch_);
    if (const TurnEnds* f = fixed_ends(seat, a, b, scratch_)) return fixed_value(*f, scratch_, a == 0).first;
    return LevelModel{turn_, scratch_}.values()[static_cast<std::size_t>(turn_.start())];
  }


  // L(n) for n = 0..count-1 (FinalRound).
  std::vector<double> last_turns(int count) {
    std::vector<double> values(static_cast<std::size_t>(count), 0.0);
    for (int n = 0; n < count; ++n) {
      last_turn_ends(n, scratch_);
      values[static_cast<std::size_t>(n)] = LevelModel{turn_, scratch_}.values()[static_cast<std::size_t>(turn_.start())];
    }
    return values;
  }

 private:
  const RaceTurn& turn_;
  const RaceSolution& sol_;
  const std::array<RaceSeatPolicy, 2>& fixed_;
  FixedTurns* fixed_turns_;
  std::size_t bank_size_ = 0;
  const double* landing_ = nullptr;
  int gap_ = 1;
  TurnPlay scratch_;
};

}  // namespace verflixt::core::race_detail
