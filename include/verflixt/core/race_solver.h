#pragma once
// Two-player races of push-your-luck turns, solved exactly: each player maximizes his own
// probability of winning (a tie shares the win), values are P(the player to move wins).
// No game lives here; a game hands over its turn as data (RaceTurn) and the race's end rule.
//
// A state is (seat to move, mover's game total a, other's game total b, the turn's own
// state). Values are stored only where a turn starts, S(seat, a, b): inside a turn nothing but
// the ends look outside it — a bank of p points is worth 1 - S(other, b, a + p), a bust
// 1 - S(other, b, a), a reset (the mover's total to 0) 1 - S(other, b, 0) — so one turn,
// given those, is a backward induction over its own states (core/backward_induction.h; a turn
// must be acyclic: every continuing move leads to a lower state number).
//
// Levels are the diagonals a + b. A bank leads to a higher level, a bust to the mirrored
// start of the same level (the cycle (a, b) -> (b, a) -> (a, b)), a reset to a lower one. A
// sweep visits the levels from the highest totals down (Gauss–Seidel: each level uses what the
// sweep has already found above it). Inside a level each start depends only on its mirror, and
// a turn's value is the best of lines in the mirror's value, so a pass over the level takes a
// Newton step on every mirrored pair (policy iteration for the pair: exact once the chosen
// actions stop changing); passes repeat until what is left to change, estimated from the ratio
// of the last two changes, is within the tolerance. Sweeps repeat by the same rule (the
// residual: a sweep's largest change). Without resets one sweep settles everything (the
// second only confirms it); a reset leads down, so its information needs more sweeps: the
// starts a reset lands on, S(seat, x, 0), are what one sweep hands the next (accelerated,
// core/anderson.h), and the first sweep starts each level from the levels above it instead of
// from 0 (RaceOptions::warm_start).
//
// How a sweep runs (docs/performance.md). A bank adds at least RaceTurn::least_bank() points,
// so a level reads nothing of the levels less than that far above it, and a reset from a > 0
// reads its landing as it was when the sweep began (the level below is not yet swept): the
// levels of a wave of least_bank() neighbours are solved together, exactly as one by one. A
// wave's starts go to the threads in blocks of up to eight starts of one level and seat, whose
// turns one vector loop plays side by side (src/core/race_lanes.h: the same bits as one turn
// at a time). So the values are the same on any number of threads; without warm_start and
// reuse_slopes they are those of one level, and one turn, at a time.
//
// Ends of the game (RaceFinish):
//   FirstToGoal  the first to bank a total of at least `goal` wins. Both seats
//                play alike, so one table of S serves both (two when a seat is fixed).
//   FinalRound   when the first seat reaches the goal the second plays one more turn and the
//                higher total wins, equal totals share; when the second seat reaches it first
//                the round is complete and he wins. The last turn's value depends only on
//                what the second seat needs, n = A - b: L(n) = max P(bank > n) + P(bank = n)/2.
//
// The turn-total cap (`overshoot`). Under FinalRound a first seat past the goal still plays
// for a bigger lead, so its turn has no natural end; it banks once a + turn total reaches
// goal + overshoot. Everywhere else reaching the goal ends the need to look further (banking
// is worth 1, the most there is), so the cap is exact there; under FinalRound widening it must
// leave the value unchanged to the precision wanted (the tests show how much). A state the
// cap reaches but that may not bank yet (below a bank minimum) plays on.
//
// The turn must hold every total a turn can reach before it banks or the cap banks it: the
// game's `top` must be at least max(goal + overshoot, goal - 1 + bankable_from) + 2 * max_gain
// under FinalRound (the second seat's last turn may need that much), max(goal, bankable_from)
// + max_gain under FirstToGoal; solve_race checks it.
//
// Fixed seats (RaceOptions::fixed). A seat may play given actions instead of the best ones:
// the solver then finds the exact P(win) of that pairing (a fixed seat against the best
// response to it, or two fixed seats). Nothing else changes — the sweeps, the Newton steps
// (with fixed actions a pair is linear, so one step is exact), the acceleration. A fixed turn
// has no cap: the cap is exact only for a player who maximizes (banking at the goal is the
// best there is), while a policy may play on past it, so a fixed turn plays its actions until
// it banks or the turn's own top banks it (the second seat's last turns are then solved for
// every need such a bank can leave). The second seat's last turn of FinalRound stays optimal
// unless the policy supplies a table for it too.
// A fixed turn's value is linear in what its ends are worth, so the solver plays it as the
// distribution of its ends (TurnEnds, found once per action table by forward propagation):
// one dot product per turn instead of an induction over the turn's states — a race of two
// fixed seats is a Markov chain over the starts, solved in seconds where a maximizing seat
// takes minutes.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "verflixt/core/run_control.h"

namespace verflixt::core {

// Where a move of a turn leads.
enum class TurnEnd : std::uint8_t {
  Continue,  // on to another state of the same turn
  Bank,      // the turn ends, `target` points added to the mover's total
  Bust,      // the turn ends, the total unchanged
  Reset,     // the turn ends, the mover's total drops to 0
};

struct TurnMove {
  double probability = 1;
  TurnEnd end = TurnEnd::Bust;
  int target = 0;  // Continue: the next state; Bank: the points banked
};

// One player's turn as data. A state has a turn total (`points`, in the game's unit) and may be
// bankable (its total could be banked instead of playing it on: the cap banks it). From a
// state come chance outcomes (probabilities summing to 1; a decision before any chance is one
// outcome of probability 1); after each outcome the mover chooses an action (the first of
// highest value on a tie, so a game lists its preferred action first); an action is a list of
// moves with probabilities summing to 1 (a decision followed by chance: roll, then see).
// Built in reading order: add_state, then its outcomes, each followed by its actions, each by
// its moves; then finish().
class RaceTurn {
 public:
  int add_state(int points, bool bankable);
  void add_outcome(double probability);
  void add_action();
  void add_move(TurnMove move);
  // Seals the turn: `start` is the fresh turn (total 0), `top` the smallest turn total that
  // has no state (the game banks a move that reaches it). Throws std::invalid_argument for a
  // malformed turn: a continuing move to itself or a later state, an outcome without action.
  void finish(int start, int top);

  std::size_t state_count() const { return points_.size(); }
  int start() const { return start_; }
  int top() const { return top_; }
  // The most one move adds to the turn total (bounds how far past the goal a bank can go).
  int max_gain() const { return max_gain_; }
  // The smallest turn total from which every state is bankable: below it the cap cannot bank
  // (a bank minimum), so a turn may run past the cap up to here.
  int bankable_from() const { return bankable_from_; }
  // The fewest points, above 0, that a turn can bank (by a move or the cap): banks of fewer
  // points are never read, so the starts at levels closer than this never read each other.
  int least_bank() const { return least_bank_; }
  int points(std::size_t s) const { return points_[s]; }
  bool bankable(std::size_t s) const { return bankable_[s] != 0; }
  // Outcomes of state s are numbered outcome_begin(s) .. outcome_begin(s + 1) - 1 over the turn.
  std::size_t outcome_begin(std::size_t s) const { return state_outcomes_[s]; }
  std::size_t outcome_count() const { return outcome_probability_.size(); }
  double outcome_probability(std::size_t o) const { return outcome_probability_[o]; }
  std::size_t action_begin(std::size_t o) const { return outcome_actions_[o]; }
  std::span<const TurnMove> moves(std::size_t action) const {
    return {moves_.data() + action_moves_[action], action_moves_[action + 1] - action_moves_[action]};
  }
  // How many bank amounts a turn's ends must value: every bank a move or the cap can make.
  std::size_t bank_slots() const { return bank_slots_; }
  bool has_reset() const { return has_reset_; }
  // The moves again, each as one slot of a table laid out [state values | bank[0..bank_slots)
  // | bust | reset], so the solver's inner loop reads one array and branches on nothing.
  struct SlotMove {
    double probability;
    std::uint32_t slot;
  };
  std::span<const SlotMove> slot_moves(std::size_t action) const {
    return {slot_moves_.data() + action_moves_[action], action_moves_[action + 1] - action_moves_[action]};
  }

 private:
  std::vector<int> points_;
  std::vector<std::uint8_t> bankable_;
  std::vector<std::size_t> state_outcomes_, outcome_actions_, action_moves_;
  std::vector<double> outcome_probability_;
  std::vector<TurnMove> moves_;
  std::vector<SlotMove> slot_moves_;
  std::size_t bank_slots_ = 0;
  bool has_reset_ = false;
  int start_ = 0, top_ = 0, max_gain_ = 0, bankable_from_ = 0, least_bank_ = 0;
  bool finished_ = false;
};

enum class RaceFinish : std::uint8_t { FirstToGoal, FinalRound };

struct RaceRules {
  int goal = 100;       // in the turn's unit
  RaceFinish finish = RaceFinish::FirstToGoal;
  int overshoot = 0;    // FinalRound: the cap, goal + overshoot (see above)
};

// Where a turn ends, with what probability: P(bank p points) per p (p = 0..bank.size()-1; the
// core's end at the last bank the turn can make), P(bust), P(reset). A turn whose actions are
// fixed ends this way whatever the ends are worth.
struct TurnEnds {
  std::vector<double> bank;
  double bust = 0, reset = 0;
};

// The actions a fixed seat plays, as tables of one action per turn outcome (indexed by the
// outcome number, RaceTurn::outcome_count() entries: the action after that outcome).
//   turn(a, b)      the seat's turn at totals a : b (its own first); nullptr: the seat
//                   maximizes in that turn. An empty function: it maximizes in every turn.
//   last_turn(n)    the second seat's last turn of FinalRound, needing n to tie; empty or
//                   nullptr: the optimal last turn.
// Called from several threads at once and for every turn evaluation, so a game builds its
// tables first and answers with a lookup; a table independent of the totals may be returned
// for every level. A table outlives the solve.
//   ends(a, b)      instead of turn(): the seat's turn at a : b given by the distribution of
//                   its ends (what any fixed turn is), for a policy known that way — a
//                   solved race's (played_turns); nullptr: the seat maximizes there.
struct RaceSeatPolicy {
  std::function<const int*(int a, int b)> turn{};
  std::function<const int*(int n)> last_turn{};
  std::function<const TurnEnds*(int a, int b)> ends{};
  bool fixed() const { return static_cast<bool>(turn) || static_cast<bool>(last_turn) || static_cast<bool>(ends); }
};

struct RaceOptions {
  double tolerance = 1e-13;  // a level, and the whole sweep, stop once nothing changes by more
  int max_sweeps = 1000;
  int max_level_passes = 100000;
  // A level's pass: a Newton step on each pair of mirrored starts (policy iteration for the
  // pair, exact once the chosen actions settle), or plain Gauss–Seidel (each start from the
  // current values).
  bool newton = true;
  // With resets: a level's passes in the first sweep (one in each later sweep), and how many
  // past sweeps Anderson acceleration combines for the starts a reset lands on (0: none).
  int first_sweep_passes = 2;
  std::size_t acceleration = 5;
  // The first sweep starts each level from the levels above it (the same lead, less to play)
  // instead of from 0: far fewer sweeps with resets. The values differ from a cold start's only
  // within the tolerance.
  bool warm_start = true;
  // Once a sweep moves no value by more than 1e-6, later Newton steps take each start's slope
  // from the last pass that formed it instead of forming it again (a third of a turn's work).
  // A slope depends only on the chosen actions, so it is the same bits unless one changed.
  bool reuse_slopes = true;
  int threads = 0;  // the blocks of a wave solved in parallel (0: OpenMP's default); the same bits on any count
  const RunControl* control = nullptr;  // polled between waves (Ctrl-C), told the levels done of the sweeps expected
  // Per seat (0 moves first): fixed actions instead of the best ones (see the top).
  std::array<RaceSeatPolicy, 2> fixed{};
};

struct RaceSolution {
  RaceRules rules;
  int seats = 1;                     // value tables: 1 (FirstToGoal, both seats maximizing) or 2
  std::vector<double> start;         // S, see value()
  std::vector<double> last_turn;     // L(n), n = 0..; FinalRound only
  double residual = 0;               // the largest change in the last sweep
  int sweeps = 0;
  std::uint64_t turn_evaluations = 0;  // backward inductions of one turn, all sweeps
  bool converged = false;

  // P(the mover wins) at the start of a turn of `seat` (0 moves first) with totals a : b.
  double value(int seat, int a, int b) const {
    const auto g = static_cast<std::size_t>(rules.goal);
    return start[(static_cast<std::size_t>(seats == 1 ? 0 : seat) * g + static_cast<std::size_t>(a)) * g +
                 static_cast<std::size_t>(b)];
  }
  // P(the first seat wins the game) from 0 : 0.
  double first_wins() const { return value(0, 0, 0); }
  // The last turn's value: P(the second seat wins) when it needs n more points to tie.
  double last_turn_value(int n) const;
};

RaceSolution solve_race(const RaceTurn& turn, const RaceRules& rules, const RaceOptions& options = {});

// One turn under a solution, played optimally: what every end of it is worth and the value
// of every turn state, from which choose() finds the action after any outcome — the same
// action the solver chose (the same sums in the same order, the same tie rule).
struct TurnPlay {
  std::vector<double> bank;    // bank[p]: what banking p points is worth
  double bust = 0, reset = 0;  // what a bust and a reset are worth
  int cut = 0;                 // bankable states from this turn total on bank
  std::vector<double> values;  // per turn state: P(the mover wins) from there
  const int* actions = nullptr;  // a fixed seat's actions per turn outcome (RaceSeatPolicy); null: the best

  // The action after outcome `o` (a turn outcome number) of turn state s — the fixed one, or
  // the best; -1 where the cap banks s without a choice.
  int choose(const RaceTurn& turn, std::size_t s, std::size_t o) const;
};
// The turn of `seat` at a : b (totals 0..goal-1); `options` as solved (its fixed seats play
// their actions; a seat given by its ends has none: std::invalid_argument).
TurnPlay play_turn(const RaceTurn& turn, const RaceSolution& solution, int seat, int a, int b, const RaceOptions& options = {});
// The second seat's last turn of FinalRound, needing n points to tie (0 <= n < last_turn.size()).
TurnPlay play_last_turn(const RaceTurn& turn, const RaceSolution& solution, int n, const RaceOptions& options = {});

// How a turn played as `play` chooses ends: the turn's exact distribution, by forward
// propagation of the start's probability.
TurnEnds turn_ends(const RaceTurn& turn, const TurnPlay& play);
// The turn of `seat` (0 or 1) at totals a : b as `solution` plays it: turn_ends(play_turn(...)),
// in one pass. Thread-safe.
TurnEnds played_turn(const RaceTurn& turn, const RaceSolution& solution, int seat, int a, int b);
// Every turn of `seat` (0 or 1) at totals a : b as `solution` plays it (played_turn),
// at [a * goal + b]: the solved policy as a fixed seat of another race
// (RaceSeatPolicy::ends). In parallel on `threads` (0: OpenMP's default); the same values on
// any count.
std::vector<TurnEnds> played_turns(const RaceTurn& turn, const RaceSolution& solution, int seat, int threads = 0);

}  // namespace verflixt::core
