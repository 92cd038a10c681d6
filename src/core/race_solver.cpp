#include "verflixt/core/race_solver.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <omp.h>

#include "race_lanes.h"
#include "race_model.h"
#include "verflixt/core/anderson.h"
#include "verflixt/core/budget.h"

namespace verflixt::core {

namespace {

using race_detail::FixedTurns;
using race_detail::fixed_value;
using race_detail::Race;

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
// A Newton step needs each start's slope in its mirror, which the lanes form at a third more
// work. A slope depends only on the chosen actions, and once a sweep moves no value by more
// than this few of them change: later sweeps take the slopes of the last sweep that formed
// them (RaceOptions::reuse_slopes; a chord step where a choice did change, with the same fixed
// point). Tuned at the preset's limit: 1e-3 costs two more sweeps than it saves, 1e-6 none.
constexpr double kFreshSlopes = 1e-6;
constexpr std::size_t kParallelWork = 20000;  // starts x turn states of a wave's pass worth waking threads for

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

// One level of a wave: its starts, listed as newton() reads them, and how far its passes got.
struct Level {
  int level = 0;
  std::vector<std::size_t> here;
  std::vector<int> who;  // seat, a, b per start
  std::vector<double> f, slope;
  Stop stop;
  int passes = 0, pass = 0;
  bool done = false;
};

// Newton steps settle a pair in a few passes once its choices stop changing; should they keep
// changing, plain passes (a contraction) finish the level.
bool newton_pass(const Level& l, const RaceOptions& options) { return options.newton && l.pass < kNewtonPasses; }

// The unit of parallel work: up to kLanes starts of one level and seat, a = a_first, a_first - 1,
// ... (one seat's cap cuts them at neighbouring totals, so their lanes do alike work).
struct Block {
  std::size_t level;  // in the wave
  int seat, a_first, count;
  int cut;            // the highest cut of its starts: how far up the turn it plays
};

// One thread's view of the race, its lanes' memory and the ends of a block's starts.
struct Worker {
  Race race;
  LaneBlock lanes;
  std::array<TurnPlay, kLanes> ends;
};

// The block's starts into its level's f and slope: a fixed seat's turn by the distribution of
// its ends, the others by the lane kernel.
// `slopes` holds every start's last slope: a pass that forms none (`fresh` false) takes them.
void evaluate_block(Worker& w, const LaneTurn& turn, Level& level, const Block& b, int seats, bool fresh,
                    std::vector<double>& slopes) {
  std::array<LaneStart, kLanes> starts;
  std::array<std::size_t, kLanes> at{};
  int count = 0;
  const int a_high = level.who[1];
  for (int k = 0; k < b.count; ++k) {
    const int a = b.a_first - k, other = level.level - a;
    const auto i = static_cast<std::size_t>((a_high - a) * seats + b.seat);
    TurnPlay& e = w.ends[static_cast<std::size_t>(count)];
    w.race.ends(b.seat, a, other, e);
    if (const TurnEnds* f = w.race.fixed_ends(b.seat, a, other, e)) {
      std::tie(level.f[i], level.slope[i]) = fixed_value(*f, e, a == 0);
      continue;
    }
    starts[static_cast<std::size_t>(count)] = {&e, a == 0};
    at[static_cast<std::size_t>(count++)] = i;
  }
  if (count == 0) return;
  std::array<double, kLanes> value{}, slope{};
  w.lanes.evaluate(turn, starts.data(), count, value.data(), slope.data(), fresh);
  for (int k = 0; k < count; ++k) {
    const std::size_t i = at[static_cast<std::size_t>(k)];
    level.f[i] = value[static_cast<std::size_t>(k)];
    if (fresh) slopes[level.here[i]] = slope[static_cast<std::size_t>(k)];
    level.slope[i] = slopes[level.here[i]];
  }
}

// L(n) for n = 0..count-1 (FinalRound): the optimal last turns a block of needs at a time on
// the lanes, in parallel; a fixed last turn (a policy's table) by its own induction.
std::vector<double> last_turns(int count, const RaceTurn& turn, const LaneTurn& lanes, Race& race, std::vector<Worker>& workers,
                               bool fixed) {
  if (fixed) return race.last_turns(count);
  std::vector<double> out(static_cast<std::size_t>(count), 0.0);
  const std::ptrdiff_t blocks = (count + kLanes - 1) / kLanes;
  const Budget* budget = Budget::current();
  const bool parallel = blocks > 1 && static_cast<std::size_t>(count) * turn.state_count() >= kParallelWork;
#pragma omp parallel if (parallel) num_threads(static_cast<int>(workers.size()))
  {
    const Budget::Scope scope(budget);
    Worker& w = workers[static_cast<std::size_t>(omp_get_thread_num())];
#pragma omp for schedule(dynamic, 1)
    for (std::ptrdiff_t k = 0; k < blocks; ++k) {
      if (budget_spent()) continue;
      std::array<LaneStart, kLanes> starts;
      const int first = static_cast<int>(k) * kLanes, n = std::min(kLanes, count - first);
      for (int i = 0; i < n; ++i) {
        race.last_turn_ends(first + i, w.ends[static_cast<std::size_t>(i)]);
        starts[static_cast<std::size_t>(i)] = {&w.ends[static_cast<std::size_t>(i)], false};
      }
      std::array<double, kLanes> slope{};
      w.lanes.evaluate(lanes, starts.data(), n, out.data() + first, slope.data(), false);
    }
  }
  checkpoint();
  return out;
}

// The levels `high` down to `high - gap + 1` (those that exist) as a wave: their starts, listed
// as newton() reads them, and how many passes each takes in this sweep.
std::vector<Level> wave_levels(const Race& race, const RaceTurn& turn, const RaceSolution& sol, const RaceOptions& options,
                               const std::vector<double>& ratios, int high, int gap) {
  const int g = sol.rules.goal;
  std::vector<Level> wave;
  for (int level = high; level >= std::max(0, high - gap + 1); --level) {
    Level& l = wave.emplace_back();
    l.level = level;
    l.stop = Stop{options.tolerance, 0, ratios[static_cast<std::size_t>(level)]};
    // Without resets one sweep of settled levels settles everything. With them the sweeps
    // must repeat anyway (until the resets' landings settle), and settling a level before
    // its inputs have is wasted: a few Newton steps in the first sweep, one in each later one.
    l.passes = !turn.has_reset() ? options.max_level_passes
                                 : std::min(options.max_level_passes, sol.sweeps == 0 ? options.first_sweep_passes : 1);
    l.done = l.passes <= 0;
    // The level's starts: each depends, inside the level, on its mirror only.
    const int a_low = std::max(0, level - (g - 1)), a_high = std::min(g - 1, level);
    for (int a = a_high; a >= a_low; --a)
      for (int seat = 0; seat < sol.seats; ++seat) {
        l.here.push_back(race.index(seat, a, level - a));
        l.who.insert(l.who.end(), {seat, a, level - a});
      }
    l.f.resize(l.here.size());
    l.slope.resize(l.here.size());
  }
  return wave;
}

// The blocks of the wave's levels that take a Newton pass now, the longest first (so that the
// last ones to finish are short).
std::vector<Block> wave_blocks(const std::vector<Level>& wave, const RaceSolution& sol, const RaceOptions& options) {
  const int g = sol.rules.goal;
  std::vector<Block> blocks;
  for (std::size_t k = 0; k < wave.size(); ++k) {
    const Level& l = wave[k];
    if (l.done || !newton_pass(l, options)) continue;
    const int a_low = std::max(0, l.level - (g - 1)), a_high = std::min(g - 1, l.level);
    for (int seat = 0; seat < sol.seats; ++seat)
      for (int a = a_high; a >= a_low; a -= kLanes) {
        const int count = std::min(kLanes, a - a_low + 1);
        const bool capped_later = sol.rules.finish == RaceFinish::FinalRound && seat == 0;
        blocks.push_back({k, seat, a, count, (capped_later ? g + sol.rules.overshoot : g) - (a - count + 1)});
      }
  }
  std::stable_sort(blocks.begin(), blocks.end(), [](const Block& x, const Block& y) { return x.cut > y.cut; });
  return blocks;
}

// A first guess of S(seat, a, b) from the levels from `solved` up, which a sweep has solved:
// the start `solved - (a + b)` levels up with the same lead, both totals moved up alike (what
// is left to play is shorter, the lead the same); 0 where the table has no such start. The
// first sweep starts each level there instead of at 0, which makes a bust look like a win: a
// level's Newton steps then start from the wrong actions and two passes leave it far from
// settled. (The landings below the level, the resets' targets, are not guessed alike: at limit
// 10000 that takes more sweeps, not fewer.)
double warm_start(const RaceSolution& sol, const Race& race, int seat, int a, int b, int solved) {
  const int g = sol.rules.goal, up = solved - (a + b);
  int a2 = a + up / 2, b2 = b + (up - up / 2);
  if (a2 >= g) b2 += a2 - (g - 1), a2 = g - 1;
  if (b2 >= g) a2 += b2 - (g - 1), b2 = g - 1;
  return a2 < g && b2 < g ? sol.start[race.index(seat, a2, b2)] : 0.0;
}

// The progress of the whole solve: the levels done of those the sweeps are expected to take,
// so that the share does not start again with each sweep. The sweeps left are estimated from
// how fast the residual has fallen since the second sweep (the first starts from a guess), at
// least one more: the one that confirms.
class Progress {
 public:
  Progress(const RunControl* control, int levels, const RaceOptions& options)
      : control_(control), levels_(static_cast<std::uint64_t>(levels)), options_(options) {}

  void sweep_begins(int sweep) const {
    if (control_) control_->enter("sweep " + std::to_string(sweep + 1) + " (of at most " + std::to_string(options_.max_sweeps) + ")");
  }
  void levels_done(int sweep, int levels) const {
    if (control_)
      control_->report(static_cast<std::uint64_t>(sweep) * levels_ + static_cast<std::uint64_t>(levels),
                       static_cast<std::uint64_t>(expected_) * levels_);
  }
  void sweep_ends(int sweeps, double residual) {
    if (sweeps == 1) first_ = residual;
    if (sweeps == 2) second_ = residual;
    int left = 1;
    const double from = sweeps == 2 ? first_ : second_;
    const int steps = sweeps == 2 ? 1 : sweeps - 2;
    if (sweeps >= 2 && residual > options_.tolerance && residual < from) {
      const double rate = std::pow(residual / from, 1.0 / steps);
      left = std::max(1, static_cast<int>(std::ceil(std::log(options_.tolerance / residual) / std::log(rate))) + 1);
    }
    expected_ = std::min(options_.max_sweeps, sweeps + std::min(left, options_.max_sweeps));
  }

 private:
  const RunControl* control_;
  std::uint64_t levels_;
  const RaceOptions& options_;
  int expected_ = 2;  // the sweeps expected in all: at least a second that confirms the first
  double first_ = 0, second_ = 0;
};

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
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  const std::size_t starts = static_cast<std::size_t>(sol.seats) * static_cast<std::size_t>(g) * static_cast<std::size_t>(g);
  // The table (values and the slopes kept for reuse) grows with the goal squared, and a
  // server's request may ask for a large goal; each thread's lanes hold a value and a slope per
  // slot of the turn.
  const LaneTurn lanes(turn);
  will_allocate(2 * starts * sizeof(double), "the race's value table");
  will_allocate(static_cast<std::size_t>(threads) * LaneBlock::bytes(lanes), "the race's turn workspaces");
  sol.start.assign(starts, 0.0);
  FixedTurns fixed_turns(turn);
  Race race(turn, sol, options.fixed, &fixed_turns);
  std::vector<Worker> workers;
  workers.reserve(static_cast<std::size_t>(threads));
  for (int t = 0; t < threads; ++t) workers.push_back({race, {}, {}});
  // The last turn needs n = A - b with A below reach and b >= 0; its own cut is n + 1. An
  // uncapped (fixed) first seat banks anything up to what a move from below the turn's top makes.
  const bool uncapped = options.fixed[0].turn || options.fixed[0].ends;
  if (final_round)
    sol.last_turn = last_turns(uncapped ? g + turn.top() + turn.max_gain() : reach, turn, lanes, race, workers,
                               static_cast<bool>(options.fixed[1].last_turn));

  sol.residual = std::numeric_limits<double>::infinity();
  Stop sweeps{options.tolerance};
  // Each level keeps its last ratio: its first pass in a later sweep has none of its own, and
  // a change within the tolerance there may still leave c * r / (1 - r) to come.
  std::vector<double> ratios(static_cast<std::size_t>(2 * g), 0.0);
  // The starts a reset lands on, S(seat, x, 0): read only by levels above x (a reset from
  // a > 0, or x's own pair), so a sweep maps them to their next values and nothing else
  // carries over. Anderson acceleration of that map (core/anderson.h) needs far fewer sweeps.
  std::vector<std::size_t> landing;
  for (int seat = 0; seat < sol.seats; ++seat)
    for (int x = 0; x < g; ++x) landing.push_back(race.index(seat, x, 0));
  Anderson accelerate(options.acceleration);
  std::vector<double> landed(landing.size()), image(landing.size());
  // A level reads the levels at least `gap` above it (a bank), its own (the mirror) and the
  // landings (a reset), which a sweep from the top reads as they were when it began. So the
  // levels of a wave of `gap` neighbours read nothing of each other: they are solved together,
  // every start of the wave in parallel, with the same values as level by level.
  const int gap = std::clamp(turn.least_bank(), 1, 2 * g - 1);
  race.isolate(landed.data(), gap);
  for (Worker& w : workers) w.race.isolate(landed.data(), gap);
  const Budget* budget = Budget::current();
  Progress progress(options.control, 2 * g - 1, options);
  // Each start's slope from the last pass that formed it (kFreshSlopes).
  std::vector<double> slopes(starts, 0.0);
  while (sol.sweeps < options.max_sweeps) {
    for (std::size_t i = 0; i < landing.size(); ++i) landed[i] = sol.start[landing[i]];
    double sweep = 0;
    progress.sweep_begins(sol.sweeps);
    for (int high = 2 * (g - 1); high >= 0; high -= gap) {
      if (options.control && options.control->stopped()) return sol;
      progress.levels_done(sol.sweeps, 2 * (g - 1) - high);
      checkpoint();
      std::vector<Level> wave = wave_levels(race, turn, sol, options, ratios, high, gap);
      // The first sweep starts each level from the levels above it.
      if (sol.sweeps == 0 && options.warm_start)
        for (const Level& l : wave)
          for (std::size_t i = 0; i < l.here.size(); ++i)
            sol.start[l.here[i]] = warm_start(sol, race, l.who[3 * i], l.who[3 * i + 1], l.who[3 * i + 2], high + 1);
      // Pass after pass, every level of the wave not yet settled takes its next pass.
      for (bool open = true; open;) {
        const std::vector<Block> blocks = wave_blocks(wave, sol, options);
        std::size_t work = 0;
        for (const Block& b : blocks) work += static_cast<std::size_t>(b.count) * turn.state_count();
        const bool fresh = !options.reuse_slopes || sol.sweeps < 2 || sol.residual > kFreshSlopes;
        // The starts of a pass read the tables and write only f and slope: any thread, any
        // order, the same bits. A small wave is not worth waking threads for.
        const auto count = static_cast<std::ptrdiff_t>(blocks.size());
#pragma omp parallel if (count > 1 && work >= kParallelWork) num_threads(threads)
        {
          const Budget::Scope scope(budget);
          Worker& w = workers[static_cast<std::size_t>(omp_get_thread_num())];
#pragma omp for schedule(dynamic, 1)
          for (std::ptrdiff_t k = 0; k < count; ++k) {
            const Block& b = blocks[static_cast<std::size_t>(k)];
            if (!budget_spent()) evaluate_block(w, lanes, wave[b.level], b, sol.seats, fresh, slopes);
          }
        }
        checkpoint();
        open = false;
        for (Level& l : wave) {
          if (l.done) continue;
          double change = 0;
          if (newton_pass(l, options)) {
            change = newton(l.here, l.who, sol.seats, l.f, l.slope, sol.start);
          } else {
            for (std::size_t i = 0; i < l.here.size(); ++i) {
              const double next = race.evaluate(l.who[3 * i], l.who[3 * i + 1], l.who[3 * i + 2]);
              change = std::max(change, std::abs(next - sol.start[l.here[i]]));
              sol.start[l.here[i]] = next;
            }
          }
          sol.turn_evaluations += l.here.size();
          sweep = std::max(sweep, change);
          l.done = l.stop.after(change) || ++l.pass >= l.passes;
          if (l.done) ratios[static_cast<std::size_t>(l.level)] = l.stop.ratio;
          open = open || !l.done;
        }
      }
    }
    ++sol.sweeps;
    sol.residual = sweep;
    progress.sweep_ends(sol.sweeps, sweep);
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

}  // namespace verflixt::core
