// The tournament and the best response of core/model_play.h, through the games' models and
// against what the games' own solvers compute on their own state spaces (independent code):
// the starter's best response to Schocken's round equilibrium is the equilibrium's value; a
// best response over En Gingg's phase 1 is the phase-1 solver's optimum; a tournament's means
// lie within 4 SE of the exact values, and do not depend on the thread count.
#include <gtest/gtest.h>

#include <cstddef>
#include <stdexcept>
#include <vector>

#include "games/en_gingg/model.h"
#include "games/schocken/model.h"
#include "games/solved_choices.h"
#include "verflixt/core/model_play.h"
#include "verflixt/games/en_gingg/solver.h"
#include "verflixt/games/schocken/solver.h"

namespace verflixt::core {
namespace {

// A two-player Schocken round and its equilibrium (schocken::solve_round), as a chooser.
struct SchockenRound : model_tests::SchockenRound {
  SchockenRound() : model_tests::SchockenRound(2) {}
};

TEST(BestResponse, ToASchockenEquilibriumIsTheStartersEquilibriumValue) {
  const SchockenRound round;
  // Each seat's return is -1 for the worst hand. The starter sees no hand before his own, so
  // his best response to the second seat's strategy is the equilibrium's own keep tables.
  BestResponse best(round.game, 0, round.chooser());
  EXPECT_NEAR(-best.value(round.game.initial_state())[0], round.p_worst[0], 1e-12);
}

TEST(BestResponse, SeesTheHandThatTheRoundEquilibriumDoesNot) {
  const SchockenRound round;
  // The round equilibrium's keep tables depend on the throw and the limit only, not on the
  // hand to beat; the model's state holds that hand, so the second seat's best response to
  // the starter's tables plays against it and must lower its P(worst) — by about 0.02.
  BestResponse best(round.game, 1, round.chooser());
  const double p_worst = -best.value(round.game.initial_state())[1];
  EXPECT_LT(p_worst, round.p_worst[1] - 0.01);
  // Playing the best response's own choices back through the exact recursion gives its value.
  const auto replay = [&](const schocken::SchockenModel::State& s, const std::vector<schocken::Keep>& actions, Rng& rng) {
    return round.game.current_player(s) == 1 ? best.action(s) : round.chooser()(s, actions, rng);
  };
  EXPECT_NEAR(-expected_returns(round.game, round.game.initial_state(), replay)[1], p_worst, 1e-12);
}

TEST(BestResponse, OverEnGinggPhaseOneIsTheSolversOptimum) {
  const en_gingg::EnGinggRules rules;
  const en_gingg::EnGinggModel game(rules);
  const en_gingg::Phase1Solution sol(rules, en_gingg::Objective::Own);
  // Only seat 0 decides in the model's turn; the others' chooser is never asked.
  const auto never = [](const en_gingg::EnGinggModel::State&, const std::vector<en_gingg::DiceCounts>&, Rng&) -> std::size_t {
    throw std::logic_error("only the mover decides");
  };
  BestResponse best(game, 0, never);
  EXPECT_NEAR(best.value(game.initial_state())[0], sol.value(), 1e-9);
}

TEST(Tournament, MeansLieWithinFourStandardErrorsOfTheExactValues) {
  const SchockenRound round;
  using Choose = decltype(round.chooser());
  const std::vector<Choose> seats(2, round.chooser());
  const auto run = play_tournament(round.game, seats, 100000, 7, 2);
  ASSERT_EQ(run.completed, 100000u);
  ASSERT_FALSE(run.interrupted);
  for (std::size_t p = 0; p < 2; ++p) {
    const Estimate e = run.tally.mean(p);
    EXPECT_NEAR(-e.mean, round.p_worst[p], 4 * e.se) << "seat " << p;
    EXPECT_GT(e.se, 0.0);
  }
}

TEST(Tournament, TheSameSeedGivesTheSameNumbersOnAnyThreadCount) {
  const SchockenRound round;
  using Choose = decltype(round.chooser());
  const std::vector<Choose> seats(2, round.chooser());
  const auto one = play_tournament(round.game, seats, 20000, 11, 1, {}, 1000);
  const auto three = play_tournament(round.game, seats, 20000, 11, 3, {}, 1000);
  EXPECT_EQ(one.tally.sum, three.tally.sum);
  EXPECT_EQ(one.tally.sum_sq, three.tally.sum_sq);
  EXPECT_EQ(one.tally.games, three.tally.games);
}

}  // namespace
}  // namespace verflixt::core
