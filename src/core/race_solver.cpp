#include "verflixt/core/race_solver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

#include <omp.h>

#include "verflixt/core/anderson.h"
#include "verflixt/core/backward_induction.h"

namespace verflixt::core {

namespace {

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
std::pair<double, double> fixed_value(const TurnEnds& f, const TurnPlay& e, bool reset_reads_mirror) {
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
      if (total < r.goal)
        e.bank[p] = 1 - sol_.start[index(other, b, total)];
      else if (!final_round)
        e.bank[p] = 1.0;
      else if (static_cast<std::size_t>(total - b) < sol_.last_turn.size())
        e.bank[p] = 1 - sol_.last_turn[static_cast<std::size_t>(total - b)];
      else
        e.bank[p] = 1.0;  // past every bank a reachable state can make (only capped states out of reach read it)
    }
    e.bust = 1 - sol_.start[index(other, b, a)];
    e.reset = 1 - sol_.start[index(other, b, 0)];
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

  // The value and the slope in the mirror's value of the turn of `seat` at a : b.
  std::pair<double, double> evaluate_with_slope(int seat, int a, int b) {
    ends(seat, a, b, scratch_);
    if (const TurnEnds* f = fixed_ends(seat, a, b, scratch_)) return fixed_value(*f, scratch_, a == 0);
    return LevelModel{turn_, scratch_}.start_and_slope(a == 0, v_, dv_);
  }
  // The mirror of a start: the other seat's turn at b : a (itself when one table serves both
  // seats and a = b).
  std::size_t mirror(int seat, int a, int b) const { return index(sol_.seats == 1 ? 0 : 1 - seat, b, a); }

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
  TurnPlay scratch_;
  std::vector<double> v_, dv_;
};

// When an iteration may stop. The changes of a converging iteration shrink by a ratio r per
// pass, so what is left after a change c is about c * r / (1 - r): a slow cycle (a bust almost
// every turn) leaves far more than c. `ratio` is the last ratio seen (0: none yet).
struct Stop {
  double tolerance;
  double previous = 0;  // the last change
  double ratio = 0;
  bool after(double change) {
    if (previous > 0) ratio = change / previous;
    previous = change;
    if (change == 0) return true;
    // Both the change and what may be left after it (a ratio near 1 leaves much more).
    return change <= tolerance && ratio < 1 && change * ratio / (1 - ratio) <= tolerance;
  }
};

constexpr int kNewtonPasses = 50;
constexpr std::size_t kParallelWork = 20000;  // starts x turn states of a level worth a parallel pass

// One Newton step on every pair of mirrored starts of a level. Start x's turn is worth
// f_x + s_x (y - y0) near its mirror's current value y0 (exactly so while the chosen actions
// stay: a turn's value is the best of lines in y, so this is policy iteration for the pair):
//   x = f_x + s_x (y - y0),  y = f_y + s_y (x - x0)
// solved for x and y; a start that is its own mirror solves x = f_x + s_x (x - x0). Returns
// the largest change.
// `here` lists the level's starts by a from the highest down, each a's seats in order, so the
// mirror (other seat, b, a) of a start sits at (a_high - b) * seats + other.
double newton(const std::vector<std::size_t>& here, const std::vector<int>& who, int seats, const std::vector<double>& f,
              const std::vector<double>& slope, std::vector<double>& start) {
  std::vector<double> next(here.size());
  const int a_high = who[1];
  for (std::size_t i = 0; i < here.size(); ++i) {
    const int other = seats == 1 ? 0 : 1 - who[3 * i];
    const auto j = static_cast<std::size_t>((a_high - who[3 * i + 2]) * seats + other);
    const double x0 = start[here[i]];
    if (j == i) {
      next[i] = (f[i] - slope[i] * x0) / (1 - slope[i]);
      continue;
    }
    const double y0 = start[here[j]];
    const double det = 1 - slope[i] * slope[j];
    // The slopes lie in [-1, 0]; both -1 (a turn that always busts) leaves no step to take.
    next[i] = det > 1e-12 ? (f[i] + slope[i] * (f[j] - y0 - slope[j] * x0)) / det : f[i];
  }
  double change = 0;
  for (std::size_t i = 0; i < here.size(); ++i) {
    change = std::max(change, std::abs(next[i] - start[here[i]]));
    start[here[i]] = next[i];
  }
  return change;
}

}  // namespace

double RaceSolution::last_turn_value(int n) const {
  if (n < 0 || static_cast<std::size_t>(n) >= last_turn.size())
    throw std::out_of_range("RaceSolution: no last turn needing " + std::to_string(n));
  return last_turn[static_cast<std::size_t>(n)];
}

RaceSolution solve_race(const RaceTurn& turn, const RaceRules& rules, const RaceOptions& options) {
  if (rules.goal < 1) throw std::invalid_argument("solve_race: the goal must be at least 1");
  if (rules.overshoot < 0) throw std::invalid_argument("solve_race: a negative overshoot");
  const bool final_round = rules.finish == RaceFinish::FinalRound;
  // A turn plays on below its cut and below bankable_from, so a bank reaches a total below
  // `reach`; every state that plays on must have its true moves (the game banks at `top`).
  const int from = turn.bankable_from();
  const int reach = final_round ? std::max(rules.goal + rules.overshoot, rules.goal - 1 + from) + turn.max_gain()
                                : std::max(rules.goal, from);
  if (turn.top() < reach + turn.max_gain())
    throw std::invalid_argument("solve_race: the turn must hold every turn total below " +
                                std::to_string(reach + turn.max_gain()) + " (its top is " + std::to_string(turn.top()) + ")");
  RaceSolution sol;
  sol.rules = rules;
  // Both seats maximizing FirstToGoal play alike: one table. A fixed seat plays otherwise.
  sol.seats = final_round || options.fixed[0].fixed() || options.fixed[1].fixed() ? 2 : 1;
  const int g = rules.goal;
  sol.start.assign(static_cast<std::size_t>(sol.seats) * static_cast<std::size_t>(g) * static_cast<std::size_t>(g), 0.0);
  FixedTurns fixed_turns(turn);
  Race race(turn, sol, options.fixed, &fixed_turns);
  // The last turn needs n = A - b with A below reach and b >= 0; its own cut is n + 1. An
  // uncapped (fixed) first seat banks anything up to what a move from below the turn's top makes.
  const bool uncapped = options.fixed[0].turn || options.fixed[0].ends;
  if (final_round) sol.last_turn = race.last_turns(uncapped ? g + turn.top() + turn.max_gain() : reach);

  sol.residual = std::numeric_limits<double>::infinity();
  Stop sweeps{options.tolerance};
  // Each level keeps its last ratio: its first pass in a later sweep has none of its own, and
  // a change within the tolerance there may still leave c * r / (1 - r) to come.
  std::vector<double> ratios(static_cast<std::size_t>(2 * g), 0.0);
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  // The starts a reset lands on, S(seat, x, 0): read only by levels above x (a reset from
  // a > 0, or x's own pair), so a sweep maps them to their next values and nothing else
  // carries over. Anderson acceleration of that map (core/anderson.h) needs far fewer sweeps.
  std::vector<std::size_t> landing;
  for (int seat = 0; seat < sol.seats; ++seat)
    for (int x = 0; x < g; ++x) landing.push_back(race.index(seat, x, 0));
  Anderson accelerate(options.acceleration);
  std::vector<double> landed(landing.size()), image(landing.size());
  while (sol.sweeps < options.max_sweeps) {
    for (std::size_t i = 0; i < landing.size(); ++i) landed[i] = sol.start[landing[i]];
    double sweep = 0;
    for (int level = 2 * (g - 1); level >= 0; --level) {
      if (options.control) {
        if (options.control->stopped()) return sol;
        options.control->report(static_cast<std::uint64_t>(2 * (g - 1) - level), static_cast<std::uint64_t>(2 * g - 1));
      }
      const int a_low = std::max(0, level - (g - 1)), a_high = std::min(g - 1, level);
      Stop stop{options.tolerance, 0, ratios[static_cast<std::size_t>(level)]};
      // Without resets one sweep of settled levels settles everything. With them the sweeps
      // must repeat anyway (until the resets' landings settle), and settling a level before its
      // inputs have is wasted: a few Newton steps in the first sweep, one in each later one.
      const int passes = !turn.has_reset() ? options.max_level_passes
                         : std::min(options.max_level_passes, sol.sweeps == 0 ? options.first_sweep_passes : 1);
      // The level's starts: each depends, inside the level, on its mirror only.
      std::vector<std::size_t> here;
      std::vector<int> who;  // seat, a, b per start
      for (int a = a_high; a >= a_low; --a)
        for (int seat = 0; seat < sol.seats; ++seat) {
          here.push_back(race.index(seat, a, level - a));
          who.insert(who.end(), {seat, a, level - a});
        }
      std::vector<double> f(here.size()), slope(here.size());
      for (int pass = 0; pass < passes; ++pass) {
        double change = 0;
        // Newton steps settle a pair in a few passes once its choices stop changing; should
        // they keep changing, plain passes (a contraction) finish the level.
        if (!options.newton || pass >= kNewtonPasses) {
          for (std::size_t i = 0; i < here.size(); ++i) {
            const double next = race.evaluate(who[3 * i], who[3 * i + 1], who[3 * i + 2]);
            change = std::max(change, std::abs(next - sol.start[here[i]]));
            sol.start[here[i]] = next;
          }
        } else {
          // The starts of a pass read the tables and write only f and slope: one turn each,
          // on any thread, the same bits whatever the thread count.
          const auto count = static_cast<std::ptrdiff_t>(here.size());
          // A small level is not worth waking threads for (their barriers cost more than its
          // turns on a loaded machine); the values are the same either way.
          const bool parallel = count > 1 && static_cast<std::size_t>(count) * turn.state_count() >= kParallelWork;
#pragma omp parallel if (parallel) num_threads(threads)
          {
            Race local(turn, sol, options.fixed, &fixed_turns);
#pragma omp for schedule(dynamic, 1)
            for (std::ptrdiff_t k = 0; k < count; ++k) {
              const auto i = static_cast<std::size_t>(k);
              std::tie(f[i], slope[i]) = local.evaluate_with_slope(who[3 * i], who[3 * i + 1], who[3 * i + 2]);
            }
          }
          change = newton(here, who, sol.seats, f, slope, sol.start);
        }
        sol.turn_evaluations += here.size();
        sweep = std::max(sweep, change);
        if (stop.after(change)) break;
      }
      ratios[static_cast<std::size_t>(level)] = stop.ratio;
    }
    ++sol.sweeps;
    sol.residual = sweep;
    if (sweeps.after(sweep)) {
      sol.converged = true;
      break;
    }
    for (std::size_t i = 0; i < landing.size(); ++i) image[i] = sol.start[landing[i]];
    const std::vector<double> guess = accelerate.next(landed, image);
    for (std::size_t i = 0; i < landing.size(); ++i) sol.start[landing[i]] = guess[i];
  }
  return sol;
}

int TurnPlay::choose(const RaceTurn& turn, std::size_t s, std::size_t o) const {
  const LevelModel model{turn, *this};
  if (model.capped(s)) return -1;
  if (actions) return actions[o];
  const auto q = [&](int a) {
    // The sum backward_induction.h forms, term by term.
    double sum = 0;
    model.moves(o, a, [&](const Successor& x) {
      sum += x.probability * (x.next == kNoState ? x.offset : x.offset + x.scale * values[x.next]);
    });
    return sum;
  };
  return best_action(static_cast<int>(turn.action_begin(o + 1) - turn.action_begin(o)), q).second;
}

namespace {

// A start a turn can be played from: seat 0 or 1, totals 0..goal-1.
void check_start(const RaceSolution& solution, int seat, int a, int b, const char* who) {
  if (a < 0 || b < 0 || a >= solution.rules.goal || b >= solution.rules.goal || seat < 0 || seat >= 2)
    throw std::out_of_range(std::string(who) + ": totals 0..goal-1 and seat 0 or 1");
}

}  // namespace

TurnPlay play_turn(const RaceTurn& turn, const RaceSolution& solution, int seat, int a, int b, const RaceOptions& options) {
  check_start(solution, seat, a, b, "play_turn");
  if (options.fixed[static_cast<std::size_t>(seat)].ends)
    throw std::invalid_argument("play_turn: a seat given by its ends has no actions to play");
  TurnPlay play;
  Race(turn, solution, options.fixed).ends(seat, a, b, play);
  play.values = LevelModel{turn, play}.values();
  return play;
}

TurnPlay play_last_turn(const RaceTurn& turn, const RaceSolution& solution, int n, const RaceOptions& options) {
  if (n < 0 || static_cast<std::size_t>(n) >= solution.last_turn.size())
    throw std::out_of_range("play_last_turn: no last turn needing " + std::to_string(n));
  TurnPlay play;
  Race(turn, solution, options.fixed).last_turn_ends(n, play);
  play.values = LevelModel{turn, play}.values();
  return play;
}

namespace {

// A turn's ends as `action(s, o)` plays it from its start: every move leads to a state numbered
// below it, so from the highest number down a state's mass is complete when it is reached.
// The banks end at the last one the turn can make.
template <class Action>
TurnEnds propagate(const RaceTurn& turn, const LevelModel& model, Action&& action) {
  TurnEnds out;
  out.bank.assign(turn.bank_slots(), 0.0);
  std::vector<double> mass(turn.state_count(), 0.0);
  mass[static_cast<std::size_t>(turn.start())] = 1.0;
  for (std::size_t s = turn.state_count(); s-- > 0;) {
    const double m = mass[s];
    if (m == 0) continue;
    if (model.capped(s)) {
      out.bank[static_cast<std::size_t>(turn.points(s))] += m;
      continue;
    }
    for (std::size_t o = turn.outcome_begin(s); o < turn.outcome_begin(s + 1); ++o) {
      const double p = m * turn.outcome_probability(o);
      for (const TurnMove& x : turn.moves(turn.action_begin(o) + static_cast<std::size_t>(action(s, o)))) {
        const double q = p * x.probability;
        switch (x.end) {
          case TurnEnd::Continue: mass[static_cast<std::size_t>(x.target)] += q; break;
          case TurnEnd::Bank: out.bank[static_cast<std::size_t>(x.target)] += q; break;
          case TurnEnd::Bust: out.bust += q; break;
          case TurnEnd::Reset: out.reset += q; break;
        }
      }
    }
  }
  while (!out.bank.empty() && out.bank.back() == 0) out.bank.pop_back();
  return out;
}

}  // namespace

TurnEnds turn_ends(const RaceTurn& turn, const TurnPlay& play) {
  const LevelModel model{turn, play};
  return propagate(turn, model, [&](std::size_t s, std::size_t o) { return play.choose(turn, s, o); });
}

TurnEnds played_turn(const RaceTurn& turn, const RaceSolution& solution, int seat, int a, int b) {
  check_start(solution, seat, a, b, "played_turn");
  // play_turn and turn_ends in one induction: the slot table's pass makes the same choices.
  const std::array<RaceSeatPolicy, 2> maximizing{};
  TurnPlay play;
  Race(turn, solution, maximizing).ends(seat, a, b, play);
  const LevelModel model{turn, play};
  std::vector<double> v, dv;
  std::vector<int> chosen;
  model.start_and_slope<false>(a == 0, v, dv, &chosen);
  return propagate(turn, model, [&chosen](std::size_t, std::size_t o) { return chosen[o]; });
}

std::vector<TurnEnds> played_turns(const RaceTurn& turn, const RaceSolution& solution, int seat, int threads) {
  if (seat < 0 || seat >= 2) throw std::out_of_range("played_turns: seat 0 or 1");
  const auto g = static_cast<std::ptrdiff_t>(solution.rules.goal);
  std::vector<TurnEnds> out(static_cast<std::size_t>(g * g));
#pragma omp parallel for schedule(dynamic, 16) num_threads(threads > 0 ? threads : omp_get_max_threads())
  for (std::ptrdiff_t k = 0; k < g * g; ++k)
    out[static_cast<std::size_t>(k)] = played_turn(turn, solution, seat, static_cast<int>(k / g), static_cast<int>(k % g));
  return out;
}

}  // namespace verflixt::core
