// Schocken's Monte Carlo against exact values: the beat-the-hand solver's policy and the round
// equilibrium, each within 4 standard errors of its exact value; whole games reproducible
// whatever the thread count.
#include "verflixt/games/schocken/monte_carlo.h"

#include <gtest/gtest.h>

#include <cmath>

namespace verflixt::schocken {
namespace {

TEST(SchockenMonteCarlo, BeatPolicyWithin4SEOfItsExactValue) {
  const SchockenRules rules;
  const BeatTarget t{make_dice(4, 4, 4), 2};
  const TurnSolution s = solve_beat(rules, 2, t);
  const KeepTablePolicy policy(s.best, "beat");
  const BeatRun run = sample_beat(rules, 2, t, policy, 200000, 7, 2);
  ASSERT_EQ(run.tally.turns, 200000u);
  const auto [p, se] = core::proportion(run.tally.beats, run.tally.turns);
  EXPECT_LT(std::abs(p - s.start), 4 * se) << p << " vs exact " << s.start;
}

TEST(SchockenMonteCarlo, RoundEquilibriumWithin4SEOfItsExactValue) {
  SchockenRules rules;
  rules.players = 3;
  const RoundEquilibrium eq = solve_round(rules, 3);
  RoundKeepTables tables;
  tables.tables.resize(kMaxPlayers + 1);
  tables.tables[3] = eq.policies;
  const SolvedPolicy policy(std::make_shared<const RoundKeepTables>(tables), "equilibrium");
  const SchockenPolicy* seats[] = {&policy, &policy, &policy};
  const RoundRun run = sample_rounds(rules, seats, 200000, 11, 2);
  for (size_t i = 0; i < 3; ++i) {
    const auto [p, se] = core::proportion(run.tally.worst[i], run.tally.rounds);
    EXPECT_LT(std::abs(p - eq.p_worst[i]), 4 * se) << "position " << i << ": " << p << " vs " << eq.p_worst[i];
  }
}

TEST(SchockenMonteCarlo, WholeGamesAreThreadIndependent) {
  SchockenRules rules;
  rules.players = 3;
  const StandPolicy stand_policy;
  const HeuristicPolicy heuristic(HeuristicParams{}, "heuristic");
  const SchockenPolicy* seats[] = {&heuristic, &stand_policy, &heuristic};
  const GameRun one = play_games(rules, seats, 1000, 5, 1);
  const GameRun two = play_games(rules, seats, 1000, 5, 2);
  EXPECT_EQ(one.tally, two.tally);
  EXPECT_EQ(one.tally.games, 1000u);
  std::uint64_t pays = 0, halves = 0;
  for (int s = 0; s < 3; ++s) pays += one.tally.pays[static_cast<size_t>(s)], halves += one.tally.first_half[static_cast<size_t>(s)];
  EXPECT_EQ(pays, 1000u);
  EXPECT_EQ(halves, 1000u);
  // Standing on every first throw loses more than the heuristic.
  EXPECT_GT(one.tally.p_pay(1), one.tally.p_pay(0));
}

TEST(SchockenMonteCarlo, HalfLossErrorCountsBothHalvesOfAGame) {
  // Four games; seat 0 lost: both halves, the first, none, the second. Per game x = losses / 2:
  // 1, 1/2, 0, 1/2: mean 1/2, sample variance 1/6, se sqrt(1/24).
  GameTally t;
  t.games = 4;
  t.first_half = {2, 2};
  t.second_half = {2, 2};
  t.pays = {2, 2};
  t.both_halves = {1, 1};
  EXPECT_DOUBLE_EQ(t.p_half(0), 0.5);
  EXPECT_NEAR(se_half(t, 0), std::sqrt(1.0 / 24), 1e-15);
}

}  // namespace
}  // namespace verflixt::schocken
