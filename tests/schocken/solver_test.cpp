// Schocken's exact solvers against small recursions written here: over ordered dice and
// subsets of dice to throw again (bit masks), not through hand.h's keeps and multisets.
#include "verflixt/games/schocken/solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "../input_error.h"
#include "verflixt/games/schocken/answers.h"

namespace verflixt::schocken {
namespace {

using Payoff = std::function<double(const Dice&, int throws)>;
using testing::message_of;

// max over stand / every subset of the three (ordered) dice thrown again, memoized on the
// sorted dice and the throw count; the start averages the 216 ordered first throws.
double brute_force_best(int limit, const Payoff& payoff) {
  std::map<std::pair<Dice, int>, double> memo;
  std::function<double(std::array<int, 3>, int)> value = [&](std::array<int, 3> f, int k) -> double {
    const Dice sorted = make_dice(f[0], f[1], f[2]);
    const auto key = std::make_pair(sorted, k);
    if (const auto it = memo.find(key); it != memo.end()) return it->second;
    double best = payoff(sorted, k);
    if (k < limit)
      for (int mask = 1; mask < 8; ++mask) {
        double sum = 0;
        int n = 0;
        for (int o = 0; o < 216; ++o) {
          std::array<int, 3> g = f;
          int digit = o;
          bool valid = true;
          for (int i = 0; i < 3; ++i) {
            if (mask & (1 << i)) {
              g[i] = digit % 6 + 1;
              digit /= 6;
            } else if (digit % 6 != 0) {
              valid = false;  // each distinct outcome of the thrown dice once
            } else {
              digit /= 6;
            }
          }
          if (!valid) continue;
          sum += value(g, k + 1);
          ++n;
        }
        best = std::max(best, sum / n);
      }
    memo[key] = best;
    return best;
  };
  double total = 0;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b)
      for (int c = 1; c <= 6; ++c) total += value({a, b, c}, 1);
  return total / 216;
}

TEST(SchockenSolver, BeatTheHandMatchesABruteForceRecursion) {
  const SchockenRules rules;
  const std::vector<BeatTarget> targets = {{make_dice(2, 2, 1), 1}, {make_dice(6, 5, 3), 2}, {make_dice(6, 6, 5), 3},
                                           {make_dice(3, 2, 1), 1}, {make_dice(4, 4, 4), 2}, {make_dice(4, 1, 1), 3},
                                           {make_dice(6, 1, 1), 1}, {make_dice(1, 1, 1), 1}};
  for (const auto& t : targets)
    for (int limit = 1; limit <= 3; ++limit) {
      const int target_key = hand_key(t.hand, t.throws, rules);
      const double brute = brute_force_best(limit, [&](const Dice& d, int k) {
        // Beat: a better hand, or the same hand in fewer throws (the target revealed first).
        return hand_rank(d) > hand_rank(t.hand) || (hand_rank(d) == hand_rank(t.hand) && k < t.throws) ? 1.0 : 0.0;
      });
      (void)target_key;
      EXPECT_NEAR(solve_beat(rules, limit, t).start, brute, 1e-12) << dice_text(t.hand) << " limit " << limit;
    }
}

TEST(SchockenSolver, BeatWithOneThrowIsACount) {
  const SchockenRules rules;
  // Everything but 2 2 1 (3 of 216 ordered throws) beats a one-throw 2 2 1.
  EXPECT_NEAR(solve_beat(rules, 1, {make_dice(2, 2, 1), 1}).start, 213.0 / 216, 1e-15);
  // Only 1 1 1 beats a Schock 6; nothing beats a Schock out made in one throw.
  EXPECT_NEAR(solve_beat(rules, 1, {make_dice(6, 1, 1), 1}).start, 1.0 / 216, 1e-15);
  EXPECT_EQ(solve_beat(rules, 3, {make_dice(1, 1, 1), 1}).start, 0.0);
}

TEST(SchockenSolver, PolicyEvaluationAgreesWithTheOptimum) {
  const SchockenRules rules;
  const BeatTarget t{make_dice(5, 5, 5), 3};
  const TurnSolution s = solve_beat(rules, 3, t);
  EXPECT_NEAR(expected(final_distribution(3, s.best), beat_payoff(rules, t)), s.start, 1e-12);
  double mass = 0;
  for (const auto& row : final_distribution(3, s.best))
    for (double p : row) mass += p;
  EXPECT_NEAR(mass, 1.0, 1e-12);
}

TEST(SchockenSolver, TwoSixesMakeOneOnlyHelps) {
  SchockenRules sixes;
  sixes.two_sixes_make_one = true;
  const BeatTarget t{make_dice(5, 1, 1), 3};
  EXPECT_GT(solve_beat(sixes, 3, t).start, solve_beat(SchockenRules{}, 3, t).start);
}

// The exact P(worst) of a round of two, from the solver's own final distributions but with
// the ranking written out here: the starter's final (d, L), then the follower's under L.
double two_player_starter_worst(const SchockenRules& rules, const std::vector<PositionPolicy>& p) {
  const TurnTable s = final_distribution(rules.max_throws, p[0][static_cast<size_t>(rules.max_throws - 1)]);
  double worst = 0;
  for (int L = 1; L <= rules.max_throws; ++L) {
    const TurnTable f = final_distribution(L, p[1][static_cast<size_t>(L - 1)]);
    for (int d = 0; d < kThrowCount; ++d)
      for (int e = 0; e < kThrowCount; ++e)
        for (int k = 1; k <= L; ++k) {
          const double q = s[static_cast<size_t>(d)][static_cast<size_t>(L - 1)] * f[static_cast<size_t>(e)][static_cast<size_t>(k - 1)];
          if (q == 0) continue;
          const int rs = hand_rank(all_throws()[static_cast<size_t>(d)]), rf = hand_rank(all_throws()[static_cast<size_t>(e)]);
          // The starter is worse when his hand is lower, or equal and made in more throws.
          if (rs < rf || (rs == rf && L > k)) worst += q;
        }
  }
  return worst;
}

TEST(SchockenSolver, RoundEquilibriumOfTwoIsAMutualBestResponse) {
  const SchockenRules rules;
  const RoundEquilibrium eq = solve_round(rules, 2);
  ASSERT_TRUE(eq.converged);
  EXPECT_GE(eq.rounds.size(), 2u);
  ASSERT_EQ(eq.p_worst.size(), 2u);
  EXPECT_NEAR(eq.p_worst[0] + eq.p_worst[1], 1.0, 1e-12);
  EXPECT_NEAR(eq.p_worst[0], two_player_starter_worst(rules, eq.policies), 1e-12);
  // The follower's best response under each limit, by brute force against the starter's
  // hands given that limit: no keep policy does better than the equilibrium's.
  const TurnTable s = final_distribution(3, eq.policies[0][2]);
  double follower_worst = 0;
  for (int L = 1; L <= 3; ++L) {
    double pl = 0;
    for (const auto& row : s) pl += row[static_cast<size_t>(L - 1)];
    if (pl == 0) continue;
    const double best_not_worst = brute_force_best(L, [&](const Dice& d, int k) {
      double above = 0;  // P(the starter ranks above me)
      for (int e = 0; e < kThrowCount; ++e) {
        const int rs = hand_rank(all_throws()[static_cast<size_t>(e)]), rm = hand_rank(d);
        if (rs > rm || (rs == rm && L <= k)) above += s[static_cast<size_t>(e)][static_cast<size_t>(L - 1)] / pl;
      }
      return 1 - above;
    });
    follower_worst += pl * (1 - best_not_worst);
  }
  EXPECT_NEAR(eq.p_worst[1], follower_worst, 1e-12);
  // The starter's side: his P(worst) cannot be lowered either (gains of the last round 0).
  for (size_t i = 0; i < 2; ++i) EXPECT_EQ(eq.rounds.back().changed[i], 0);
}

TEST(SchockenSolver, RoundEquilibriumLargerTablesSumToOne) {
  const SchockenRules rules;
  for (int n : {3, 5}) {
    const RoundEquilibrium eq = solve_round(rules, n);
    // Three players settle; five cycle among profiles no player can improve on by more than
    // 1e-4 (an epsilon-equilibrium), which the solver reports instead of a false "converged".
    if (n == 3) {
      EXPECT_TRUE(eq.converged);
      for (double g : eq.deviation_gain) EXPECT_EQ(g, 0.0);
    } else {
      EXPECT_TRUE(eq.converged || eq.cycle_length > 0);
      for (double g : eq.deviation_gain) EXPECT_LT(g, 1e-4);
    }
    double total = 0;
    for (double p : eq.p_worst) total += p;
    EXPECT_NEAR(total, 1.0, 1e-12) << n;
    // Each best response never made its player worse off.
    for (const auto& r : eq.rounds)
      for (size_t i = 0; i < r.before.size(); ++i) EXPECT_LE(r.after[i], r.before[i] + 1e-12);
  }
}

// The questions the commands ask, answered by the library: the same checks, in the options' words.
TEST(SchockenQuestions, SolveChecksTheLimitAndAnswersOneTarget) {
  SchockenRules two;
  two.max_throws = 2;
  SolveQuestion q;
  q.target = "6 5 3";
  // No --limit: the rules' max_throws, not a fixed 3 they refuse.
  EXPECT_EQ(std::get<BeatAnswer>(solve(two, q)).limit, 2);
  q.limit = 3;
  EXPECT_EQ(message_of([&] { solve(two, q); }), "--limit 3 is out of range; valid: 1..2 (max_throws)");
  q.limit = 2;
  q.target_throws = 3;
  EXPECT_EQ(message_of([&] { solve(two, q); }), "--target-throws 3 is out of range; valid: 1..2");
  SolveQuestion eq;
  eq.equilibrium = true;
  eq.players = 9;
  EXPECT_EQ(message_of([&] { solve(SchockenRules{}, eq); }), "--players 9 is out of range; valid: 2..8");
  // One throw leaves no choice: 6 6 5 is beaten by the 45 of 216 throws above it.
  SolveQuestion one;
  one.target = "6 6 5";
  one.limit = 1;
  const SolveAnswer a = solve(SchockenRules{}, one);
  ASSERT_TRUE(std::holds_alternative<BeatAnswer>(a));
  EXPECT_NEAR(std::get<BeatAnswer>(a).solution.start, 45.0 / 216, 1e-15);
  EXPECT_TRUE(std::holds_alternative<BeatTableAnswer>(solve(SchockenRules{}, SolveQuestion{})));
}

// S2: the opener's throws set the limit of the round, so no hand to beat took more throws
// than --limit, in solve's target and in advise's other hand alike.
TEST(SchockenQuestions, S2NoHandToBeatTakesMoreThrowsThanTheLimit) {
  SolveQuestion q;
  q.target = "6 5 3";
  q.limit = 1;
  q.target_throws = 2;
  EXPECT_EQ(message_of([&] { solve(SchockenRules{}, q); }),
            "--target-throws 2 is out of range; valid: 1..1 (no hand takes more throws than --limit, S2)");
  q.target_throws = 1;
  EXPECT_EQ(message_of([&] { solve(SchockenRules{}, q); }), "(no InputError)");
  AdviceQuestion other{.dice = "6 1 1", .throw_ = 1, .limit = 2, .other = "4 2 1", .other_throws = 3, .players = {}, .seat = {}};
  EXPECT_EQ(message_of([&] { advise(SchockenRules{}, other); }),
            "--other-throws 3 is out of range; valid: 1..2 (no hand takes more throws than --limit, S2)");
  other.other_throws = 2;
  EXPECT_EQ(message_of([&] { advise(SchockenRules{}, other); }), "(no InputError)");
}

TEST(SchockenQuestions, AdviceChecksTheSituation) {
  const SchockenRules rules;
  AdviceQuestion q;
  EXPECT_EQ(message_of([&] { advise(rules, q); }), "--dice is required, e.g. --dice '6 1 1'");
  q.dice = "6 1 1";
  q.throw_ = 4;
  EXPECT_EQ(message_of([&] { advise(rules, q); }), "--throw 4 is out of range; valid: 1..3 (the throws allowed)");
  // After the last throw the hand stands: the one choice left, ranked alone.
  q.throw_ = 3;
  const Advice last = advise(rules, q);
  ASSERT_EQ(last.ranked.size(), 1u);
  EXPECT_TRUE(last.ranked[0].keep.stands());
  q.throw_ = 1;
  q.players = 2;
  q.seat = 3;
  EXPECT_EQ(message_of([&] { advise(rules, q); }), "--seat 3 is out of range; valid: 1..2");
  // A Schock 6 beats a Schock 5 for certain: standing is the best choice (the seat, past the
  // round's players, is not read beside a hand to beat).
  q.other = "5 1 1";
  const Advice a = advise(rules, q);
  ASSERT_FALSE(a.ranked.empty());
  EXPECT_TRUE(a.ranked[0].keep.stands());
  EXPECT_EQ(a.ranked[0].value, 1.0);
}

TEST(SchockenQuestions, EvaluateAndTournamentAnswerWithTheirCompletion) {
  const SchockenRules rules;
  EvaluateQuestion q;
  q.target_throws = 4;
  EXPECT_EQ(message_of([&] { prepare_evaluation(rules, q); }), "--target-throws 4 is out of range; valid: 1..3");
  // Standing on one throw: exactly the 45 of 216 throws above 6 6 5.
  q.target_throws.reset();
  q.policy = "stand";
  q.limit = 1;
  q.turns = 1000;
  const EvaluationAnswer e = evaluate(prepare_evaluation(rules, q), 1, 1);
  EXPECT_NEAR(e.exact, 45.0 / 216, 1e-15);
  EXPECT_NEAR(e.optimum, 45.0 / 216, 1e-15);
  EXPECT_EQ(completion(e).completed, 1000u);
  EXPECT_FALSE(completion(e).interrupted);
  SchockenRules two = rules;
  two.players = 2;
  const PolicyTable table = make_table({"stand", "stand"}, two);
  const TournamentAnswer t = tournament(two, table, 50, 1, 1);
  EXPECT_EQ(t.seats, (std::vector<std::string>{"stand", "stand"}));
  EXPECT_EQ(completion(t).completed, 50u);
  EXPECT_EQ(completion(t).unit, "games");
  EXPECT_EQ(t.run.tally.pays[0] + t.run.tally.pays[1], 50u);  // one player pays each game
}

}  // namespace
}  // namespace verflixt::schocken
