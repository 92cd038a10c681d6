// The core's race solver on a toy race, against a brute-force iteration written here over
// every state of the game, turn total included (the solver stores only the starts of turns).
// The toy: a three-sided die; a 1 loses the turn total (and, if it is the turn's first
// throw and resets are on, the game total too), a 2 or a 3 adds itself; the turn total may be
// banked from 2 on. Both ends of the game: the first to reach the goal wins, or the final
// round (the second seat answers with one last turn, the higher total wins, a tie shares).
// Fixed seats: a seat plays a rule (bank from a turn total on) instead of maximizing.
#include "verflixt/core/race_solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "verflixt/core/budget.h"

namespace verflixt::core {
namespace {

struct Toy {
  int goal = 5;
  int overshoot = 3;
  int bank_min = 2;
  bool reset = true;
  RaceFinish finish = RaceFinish::FinalRound;
  // Per seat: bank from this turn total on (-1: maximize); the second seat's last turn too.
  std::array<int, 2> rule = {-1, -1};
  int last_rule = -1;
};

constexpr int kGain = 3;  // the die's highest face

RaceTurn toy_turn(const Toy& toy) {
  const int top = toy.goal + toy.overshoot + 2 * kGain + 1;
  RaceTurn turn;
  const auto state = [top](int k) { return top - 1 - k; };
  for (int k = top - 1; k >= 0; --k) {
    const bool may = k >= toy.bank_min;
    turn.add_state(k, may);
    turn.add_outcome(1.0);
    if (may) {
      turn.add_action();
      turn.add_move({1.0, TurnEnd::Bank, k});
    }
    turn.add_action();
    turn.add_move({1.0 / 3, k == 0 && toy.reset ? TurnEnd::Reset : TurnEnd::Bust, 0});
    for (int f = 2; f <= 3; ++f)
      turn.add_move(k + f >= top ? TurnMove{1.0 / 3, TurnEnd::Bank, k + f} : TurnMove{1.0 / 3, TurnEnd::Continue, state(k + f)});
  }
  turn.finish(state(0), top);
  return turn;
}

// The brute force: V[seat][a][b][k], every state of the game, Gauss–Seidel in plain loops
// until nothing moves by 1e-15; the last turn by its own recursion over k. A seat with a rule
// plays it everywhere (no cap: it banks where the rule says).
struct Brute {
  Toy toy;
  int kmax;
  std::vector<double> v;
  double& at(int seat, int a, int b, int k) { return v[((static_cast<std::size_t>(seat) * 64 + a) * 64 + b) * 64 + k]; }
  // The second seat's last turn at turn total k, needing n to tie.
  double last(int n, int k) const {
    const bool may = k >= toy.bank_min;
    if (toy.last_rule >= 0) {
      const double banked = k > n ? 1.0 : k == n ? 0.5 : 0.0;
      return may && k >= toy.last_rule ? banked : (last(n, k + 2) + last(n, k + 3)) / 3;
    }
    if (may && k > n) return 1.0;
    const double roll = (last(n, k + 2) + last(n, k + 3)) / 3;  // a 1 loses
    return may ? std::max(k == n ? 0.5 : 0.0, roll) : roll;
  }
  double bank(int seat, int a, int b, int k) {
    const int total = a + k;
    if (total >= toy.goal) {
      if (toy.finish == RaceFinish::FirstToGoal || seat == 1) return 1.0;
      return 1 - last(total - b, 0);
    }
    return 1 - at(1 - seat, b, total, 0);
  }
  explicit Brute(const Toy& t) : toy(t), kmax(t.goal + t.overshoot + 8), v(2 * 64 * 64 * 64, 0.0) {
    for (int sweep = 0; sweep < 100000; ++sweep) {
      double change = 0;
      for (int seat = 0; seat < 2; ++seat)
        for (int a = 0; a < toy.goal; ++a)
          for (int b = 0; b < toy.goal; ++b)
            for (int k = kmax - 1; k >= 0; --k) {
              const bool may = k >= toy.bank_min;
              // The cap: the first seat banks at goal + overshoot (FinalRound); otherwise
              // banking at the goal is worth 1, the most there is.
              const int cap = toy.finish == RaceFinish::FinalRound && seat == 0 ? toy.goal + toy.overshoot : toy.goal;
              const int rule = toy.rule[static_cast<std::size_t>(seat)];
              double x;
              if (rule < 0 && may && a + k >= cap) {
                x = bank(seat, a, b, k);
              } else {
                const double lose = 1 - (k == 0 && toy.reset ? at(1 - seat, b, 0, 0) : at(1 - seat, b, a, 0));
                const double roll = (lose + at(seat, a, b, k + 2) + at(seat, a, b, k + 3)) / 3;
                if (rule >= 0)
                  x = may && k >= rule ? bank(seat, a, b, k) : roll;
                else
                  x = may ? std::max(bank(seat, a, b, k), roll) : roll;
              }
              change = std::max(change, std::abs(x - at(seat, a, b, k)));
              at(seat, a, b, k) = x;
            }
      if (change < 1e-15) break;
    }
  }
};

void expect_matches_brute_force(const Toy& toy) {
  const RaceSolution s = solve_race(toy_turn(toy), {toy.goal, toy.finish, toy.overshoot});
  ASSERT_TRUE(s.converged);
  EXPECT_LE(s.residual, 1e-13);
  Brute brute(toy);
  for (int seat = 0; seat < 2; ++seat)
    for (int a = 0; a < toy.goal; ++a)
      for (int b = 0; b < toy.goal; ++b) EXPECT_NEAR(s.value(seat, a, b), brute.at(seat, a, b, 0), 1e-12) << seat << " " << a << " " << b;
  // Nobody is sure to win; in the race to the goal moving first is worth something (the final
  // round gives the second seat the last word instead).
  EXPECT_GT(s.first_wins(), 0.0);
  EXPECT_LT(s.first_wins(), 1.0);
  if (toy.finish == RaceFinish::FirstToGoal) {
    EXPECT_GT(s.first_wins(), 0.5);
  }
}

TEST(RaceSolver, FinalRoundWithResetsEqualsTheBruteForce) { expect_matches_brute_force(Toy{}); }

TEST(RaceSolver, FinalRoundWithoutResetsEqualsTheBruteForce) { expect_matches_brute_force(Toy{.reset = false}); }

TEST(RaceSolver, FirstToGoalEqualsTheBruteForce) {
  expect_matches_brute_force(Toy{.goal = 7, .overshoot = 0, .reset = true, .finish = RaceFinish::FirstToGoal});
  expect_matches_brute_force(Toy{.goal = 7, .overshoot = 0, .reset = false, .finish = RaceFinish::FirstToGoal});
}

TEST(RaceSolver, TheLastTurnIsTheBruteForceRecursion) {
  const Toy toy;
  const RaceSolution s = solve_race(toy_turn(toy), {toy.goal, toy.finish, toy.overshoot});
  const Brute brute(Toy{.goal = 1});  // only its last() is read
  for (int n = 0; n < static_cast<int>(s.last_turn.size()); ++n) EXPECT_NEAR(s.last_turn_value(n), brute.last(n, 0), 1e-15) << n;
}

// Without resets the levels (a + b) form no cycle across them: one sweep that settles each
// level settles everything. Plain Gauss–Seidel (one evaluation per level and sweep) must reach
// the same values by many sweeps.
TEST(RaceSolver, WithoutResetsOneSweepSettlesWhatPlainSweepsReach) {
  const Toy toy{.goal = 9, .overshoot = 4, .reset = false};
  const RaceTurn turn = toy_turn(toy);
  const RaceSolution settled = solve_race(turn, {toy.goal, toy.finish, toy.overshoot});
  ASSERT_TRUE(settled.converged);
  EXPECT_LE(settled.sweeps, 2);
  const RaceSolution plain = solve_race(turn, {toy.goal, toy.finish, toy.overshoot}, {.max_level_passes = 1, .newton = false});
  ASSERT_TRUE(plain.converged);
  EXPECT_GT(plain.sweeps, 5);
  for (int seat = 0; seat < 2; ++seat)
    for (int a = 0; a < toy.goal; ++a)
      for (int b = 0; b < toy.goal; ++b) EXPECT_NEAR(settled.value(seat, a, b), plain.value(seat, a, b), 1e-11);
  // With resets the information that flows down needs more than one sweep.
  const RaceSolution resets = solve_race(toy_turn(Toy{.goal = 9, .overshoot = 4}), {9, toy.finish, 4});
  ASSERT_TRUE(resets.converged);
  EXPECT_GT(resets.sweeps, 2);
  // From 0 : 0 a reset is a bust, and short races are won in one turn; with a total to lose
  // it is not.
  EXPECT_GT(std::abs(resets.value(0, 4, 4) - settled.value(0, 4, 4)), 1e-3);
}

// The turns of a level are solved in parallel: every value the same bits on 1 and 3 threads.
// How the sweeps are taken (Newton passes per level, Anderson acceleration of the reset
// landings) changes the path, not the fixed point.
TEST(RaceSolver, TheSameValuesOnAnyThreadCountAndAnySchedule) {
  const Toy toy{.goal = 12, .overshoot = 4};
  const RaceTurn turn = toy_turn(toy);
  const RaceRules rules{toy.goal, toy.finish, toy.overshoot};
  const RaceSolution one = solve_race(turn, rules, {.threads = 1}), three = solve_race(turn, rules, {.threads = 3});
  ASSERT_TRUE(one.converged);
  EXPECT_EQ(one.start, three.start);
  EXPECT_EQ(one.sweeps, three.sweeps);
  const RaceSolution settled = solve_race(turn, rules, {.first_sweep_passes = 100000, .acceleration = 0});
  ASSERT_TRUE(settled.converged);
  for (std::size_t i = 0; i < one.start.size(); ++i) EXPECT_NEAR(one.start[i], settled.start[i], 1e-12) << i;
}

TEST(RaceSolver, ThePlayedTurnChoosesWhatTheValuesSay) {
  const Toy toy;
  const RaceTurn turn = toy_turn(toy);
  const RaceSolution s = solve_race(turn, {toy.goal, toy.finish, toy.overshoot});
  const TurnPlay p = play_turn(turn, s, 0, 1, 3);
  EXPECT_NEAR(p.values[static_cast<std::size_t>(turn.start())], s.value(0, 1, 3), 1e-13);
  const Brute brute(toy);
  // At a total of 1 against 3 with 2 on the turn: bank (action 0) iff banking is worth more.
  const std::size_t st = static_cast<std::size_t>(turn.top() - 1 - 2);
  Brute b2 = brute;
  const double bank = b2.bank(0, 1, 3, 2);
  const double roll = (1 - b2.at(1, 3, 1, 0) + b2.at(0, 1, 3, 4) + b2.at(0, 1, 3, 5)) / 3;
  EXPECT_EQ(p.choose(turn, st, turn.outcome_begin(st)), bank >= roll ? 0 : 1);
  EXPECT_NE(bank, roll);
}

// A rule as the core's action table: every toy state has one outcome; bankable states list
// bank (0) before roll (1).
std::vector<int> rule_actions(const RaceTurn& turn, const Toy& toy, int rule) {
  std::vector<int> actions(turn.outcome_count(), 0);
  for (std::size_t s = 0; s < turn.state_count(); ++s) {
    const int k = turn.points(s);
    if (k >= toy.bank_min) actions[turn.outcome_begin(s)] = k >= rule ? 0 : 1;
  }
  return actions;
}

void expect_fixed_matches_brute_force(const Toy& toy) {
  const RaceTurn turn = toy_turn(toy);
  RaceOptions options;
  std::array<std::vector<int>, 2> tables;
  for (std::size_t seat = 0; seat < 2; ++seat) {
    if (toy.rule[seat] < 0) continue;
    tables[seat] = rule_actions(turn, toy, toy.rule[seat]);
    options.fixed[seat].turn = [&t = tables[seat]](int, int) { return t.data(); };
  }
  const std::vector<int> last = rule_actions(turn, toy, toy.last_rule);
  if (toy.last_rule >= 0) options.fixed[1].last_turn = [&last](int) { return last.data(); };
  const RaceSolution s = solve_race(turn, {toy.goal, toy.finish, toy.overshoot}, options);
  ASSERT_TRUE(s.converged);
  Brute brute(toy);
  for (int seat = 0; seat < 2; ++seat)
    for (int a = 0; a < toy.goal; ++a)
      for (int b = 0; b < toy.goal; ++b) EXPECT_NEAR(s.value(seat, a, b), brute.at(seat, a, b, 0), 1e-12) << seat << " " << a << " " << b;
  // The rule is not the optimum: the pairing's value is not the solved race's.
  const RaceSolution optimal = solve_race(turn, {toy.goal, toy.finish, toy.overshoot});
  EXPECT_GT(std::abs(s.first_wins() - optimal.first_wins()), 1e-4);
}

// Rules that bank late play on past the goal and past the first seat's cap (goal + overshoot),
// where a maximizer's turn is capped; either seat or both, the last turn too, with and without
// resets and the final round.
TEST(RaceSolver, AFixedSeatAgainstTheBestResponseEqualsTheBruteForce) {
  expect_fixed_matches_brute_force(Toy{.rule = {4, -1}});
  expect_fixed_matches_brute_force(Toy{.overshoot = 1, .rule = {6, -1}});
  expect_fixed_matches_brute_force(Toy{.rule = {-1, 2}});
  expect_fixed_matches_brute_force(Toy{.rule = {-1, 3}, .last_rule = 4});
  expect_fixed_matches_brute_force(Toy{.reset = false, .rule = {2, 4}, .last_rule = 2});
  expect_fixed_matches_brute_force(Toy{.goal = 7, .overshoot = 0, .finish = RaceFinish::FirstToGoal, .rule = {4, -1}});
  expect_fixed_matches_brute_force(Toy{.goal = 7, .overshoot = 0, .finish = RaceFinish::FirstToGoal, .rule = {2, 3}});
}

// The solved toy races the tests of solved policies replay: with the final round and a cap,
// and the race to the goal.
struct SolvedToy {
  Toy toy;
  RaceTurn turn;
  RaceRules rules;
  RaceSolution solved;
};
std::vector<SolvedToy> solved_toys() {
  std::vector<SolvedToy> out;
  for (const Toy toy : {Toy{.goal = 9, .overshoot = 4}, Toy{.goal = 9, .overshoot = 0, .finish = RaceFinish::FirstToGoal}}) {
    SolvedToy r{toy, toy_turn(toy), {toy.goal, toy.finish, toy.overshoot}, {}};
    r.solved = solve_race(r.turn, r.rules);
    out.push_back(std::move(r));
  }
  return out;
}

// Both seats fixed to the actions the solved race chooses (the cap's banks included) play the
// solved race again: the same value at every start.
TEST(RaceSolver, BothSeatsFixedToTheOptimalActionsReproduceTheRace) {
  for (const auto& [toy, turn, rules, solved] : solved_toys()) {
    ASSERT_TRUE(solved.converged);
    const auto table = [&](const TurnPlay& play) {
      std::vector<int> actions(turn.outcome_count(), 0);
      for (std::size_t s = 0; s < turn.state_count(); ++s)
        for (std::size_t o = turn.outcome_begin(s); o < turn.outcome_begin(s + 1); ++o)
          actions[o] = std::max(0, play.choose(turn, s, o));  // capped: banks, the toy's action 0
      return actions;
    };
    const auto g = static_cast<std::size_t>(toy.goal);
    std::vector<std::vector<int>> turns(2 * g * g), lasts(solved.last_turn.size());
    for (int seat = 0; seat < 2; ++seat)
      for (int a = 0; a < toy.goal; ++a)
        for (int b = 0; b < toy.goal; ++b)
          turns[(static_cast<std::size_t>(seat) * g + static_cast<std::size_t>(a)) * g + static_cast<std::size_t>(b)] =
              table(play_turn(turn, solved, seat, a, b));
    for (std::size_t n = 0; n < lasts.size(); ++n) lasts[n] = table(play_last_turn(turn, solved, static_cast<int>(n)));
    RaceOptions options;
    for (std::size_t seat = 0; seat < 2; ++seat)
      options.fixed[seat].turn = [&turns, seat, g](int a, int b) {
        return turns[(seat * g + static_cast<std::size_t>(a)) * g + static_cast<std::size_t>(b)].data();
      };
    // Past the needs the solved race knows the second seat plays its best last turn.
    options.fixed[1].last_turn = [&lasts](int n) { return static_cast<std::size_t>(n) < lasts.size() ? lasts[static_cast<std::size_t>(n)].data() : nullptr; };
    const RaceSolution fixed = solve_race(turn, rules, options);
    ASSERT_TRUE(fixed.converged);
    EXPECT_EQ(fixed.seats, 2);
    for (int seat = 0; seat < 2; ++seat)
      for (int a = 0; a < toy.goal; ++a)
        for (int b = 0; b < toy.goal; ++b) EXPECT_NEAR(fixed.value(seat, a, b), solved.value(seat, a, b), 1e-12) << seat << " " << a << " " << b;
  }
}

// Playing a solved race's turns stops where its budget says (Ctrl-C): a stop requested before
// it starts throws core::Interrupted, on one thread and on several, instead of playing every
// turn (at the preset's race some 40,000 turns, seconds past a user's Ctrl-C).
TEST(RaceSolver, PlayingTheSolvedTurnsStopsOnAStopRequest) {
  const auto toys = solved_toys();
  const auto& [toy, turn, rules, solved] = toys.front();
  std::atomic<bool> stop{true};
  const Budget budget({}, &stop);
  const Budget::Scope scope(&budget);
  for (int threads : {1, 3}) EXPECT_THROW(played_turns(turn, solved, 0, threads), Interrupted) << threads;
  stop = false;
  EXPECT_EQ(played_turns(turn, solved, 0, 3).size(), static_cast<std::size_t>(toy.goal) * static_cast<std::size_t>(toy.goal));
}

// The solved race as fixed seats given by their turns' ends (played_turns, as a saved policy
// is played): against itself it is the race again; against the best response to it, too (the
// race is zero-sum: no reply does better against the optimal policy than the optimum does).
TEST(RaceSolver, TheSolvedPolicyGivenByItsEndsHoldsItsValue) {
  for (const auto& [toy, turn, rules, solved] : solved_toys()) {
    ASSERT_TRUE(solved.converged);
    const auto g = static_cast<std::size_t>(toy.goal);
    const std::array<std::vector<TurnEnds>, 2> ends = {played_turns(turn, solved, 0, 1), played_turns(turn, solved, 1, 3)};
    ASSERT_EQ(ends[0].size(), g * g);
    // Each is the solved turn's forward propagation, its banks ending at the last it can make.
    for (int seat = 0; seat < 2; ++seat)
      for (int a = 0; a < toy.goal; ++a)
        for (int b = 0; b < toy.goal; ++b) {
          const TurnEnds slow = turn_ends(turn, play_turn(turn, solved, seat, a, b));
          const TurnEnds& fast = ends[static_cast<std::size_t>(seat)][static_cast<std::size_t>(a) * g + static_cast<std::size_t>(b)];
          EXPECT_EQ(fast.bust, slow.bust);
          EXPECT_EQ(fast.reset, slow.reset);
          EXPECT_EQ(fast.bank, slow.bank);
          ASSERT_FALSE(slow.bank.empty());  // every toy turn can bank
          EXPECT_GT(slow.bank.back(), 0.0);
        }
    for (int fixed_seats : {2, 1}) {
      RaceOptions options;
      for (std::size_t seat = 0; seat < static_cast<std::size_t>(fixed_seats); ++seat)
        options.fixed[seat].ends = [&e = ends[seat], g](int a, int b) { return &e[static_cast<std::size_t>(a) * g + static_cast<std::size_t>(b)]; };
      const RaceSolution fixed = solve_race(turn, rules, options);
      ASSERT_TRUE(fixed.converged);
      for (int seat = 0; seat < 2; ++seat)
        for (int a = 0; a < toy.goal; ++a)
          for (int b = 0; b < toy.goal; ++b)
            EXPECT_NEAR(fixed.value(seat, a, b), solved.value(seat, a, b), 1e-12) << fixed_seats << " " << seat << " " << a << " " << b;
      // A seat known by its ends has no actions to show.
      EXPECT_THROW(play_turn(turn, fixed, 0, 0, 0, options), std::invalid_argument);
    }
  }
}

TEST(RaceSolver, RefusesAMalformedTurn) {
  RaceTurn loop;
  loop.add_state(0, false);
  loop.add_outcome(1.0);
  loop.add_action();
  loop.add_move({1.0, TurnEnd::Continue, 0});  // to itself: a turn must be acyclic
  EXPECT_THROW(loop.finish(0, 1), std::invalid_argument);
  RaceTurn half;
  half.add_state(0, false);
  half.add_outcome(0.5);  // outcomes summing to 1/2
  half.add_action();
  half.add_move({1.0, TurnEnd::Bust, 0});
  EXPECT_THROW(half.finish(0, 1), std::invalid_argument);
  // A turn too short for the goal: its top must leave room for every move below the goal.
  EXPECT_THROW(solve_race(toy_turn(Toy{}), {20, RaceFinish::FirstToGoal, 0}), std::invalid_argument);
}

}  // namespace
}  // namespace verflixt::core
