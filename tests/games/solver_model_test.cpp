// Each game's exact solver against its own policy played through the game's model: the
// solver computes its value on its own state space and recursion; the model plays the same
// policy with real dice (core::play). The two agree within 4 standard errors (fixed seeds,
// 100,000 games or turns each). Where the game is acyclic, the exact recursion over the model
// (core::expected_returns) must give the solver's value to rounding.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "games/en_gingg/model.h"
#include "games/pig/model.h"
#include "games/schocken/model.h"
#include "games/solved_choices.h"
#include "games/verflixte6/rules/model.h"
#include "games/zehntausend/model.h"
#include "verflixt/core/game_algorithms.h"
#include "verflixt/games/en_gingg/solver.h"
#include "verflixt/games/pig/solver.h"
#include "verflixt/games/schocken/solver.h"
#include "verflixt/games/verflixte6/exact/solver.h"
#include "verflixt/games/zehntausend/turn_solver.h"

namespace verflixt {
namespace {

using model_tests::index_of;
using model_tests::verflixte6_choice;
using model_tests::zehntausend_choice;

constexpr std::uint64_t kSamples = 100000;

struct Estimate {
  double mean = 0, se = 0;
};

// The mean and standard error of score(returns) over `n` games from the start.
template <core::GameModel G, class Choose, class Score>
Estimate monte_carlo(const G& game, Choose choose, Score score, std::uint64_t seed) {
  core::Rng rng(seed);
  double sum = 0, sum2 = 0;
  for (std::uint64_t k = 0; k < kSamples; ++k) {
    const double x = score(game.returns(core::play(game, game.initial_state(), rng, choose)));
    sum += x;
    sum2 += x * x;
  }
  const double n = static_cast<double>(kSamples);
  const double mean = sum / n;
  return {mean, std::sqrt(std::max(0.0, sum2 / n - mean * mean) / (n - 1))};
}

TEST(SolverThroughModel, PigOptimalWinProbability) {
  pig::PigRules rules;
  rules.goal = 30;
  const pig::PigSolution sol = pig::solve(rules);
  const pig::PigModel game(rules);
  const auto optimal = [&](const pig::PigModel::State& s, const std::vector<pig::PigAction>& actions, core::Rng&) {
    const int me = s.game.to_move;
    return index_of(actions, sol.action(s.game.scores[me], s.game.scores[1 - me], s.game.turn_total));
  };
  const Estimate mc = monte_carlo(game, optimal, [](const std::vector<double>& r) { return r[0]; }, 1);
  EXPECT_NEAR(mc.mean, sol.win_probability(0, 0, 0), 4 * mc.se);
}

TEST(SolverThroughModel, SchockenRoundEquilibriumWorstHand) {
  const model_tests::SchockenRound round(3);
  const auto& [game, p_worst] = std::tie(round.game, round.p_worst);
  const auto play = round.chooser();
  for (int p = 0; p < 3; ++p) {
    const Estimate mc = monte_carlo(game, play, [p](const std::vector<double>& r) { return -r[static_cast<std::size_t>(p)]; },
                                    10 + static_cast<std::uint64_t>(p));
    EXPECT_NEAR(mc.mean, p_worst[static_cast<std::size_t>(p)], 4 * mc.se) << "position " << p;
  }
}

TEST(SolverThroughModel, SchockenTwoPlayerRoundExactlyByRecursion) {
  const model_tests::SchockenRound round(2);
  const auto& [game, p_worst] = std::tie(round.game, round.p_worst);
  const auto play = round.chooser();
  const std::vector<double> v = core::expected_returns(game, game.initial_state(), play);
  EXPECT_NEAR(-v[0], p_worst[0], 1e-12);
  EXPECT_NEAR(-v[1], p_worst[1], 1e-12);
}

TEST(SolverThroughModel, EnGinggPhase1OptimumForBothObjectives) {
  const en_gingg::EnGinggRules rules;
  const en_gingg::EnGinggModel game(rules);
  for (const auto objective : {en_gingg::Objective::Own, en_gingg::Objective::OwnPlusNext}) {
    const en_gingg::Phase1Solution sol(rules, objective);
    const auto play = [&](const en_gingg::EnGinggModel::State& s, const std::vector<en_gingg::DiceCounts>& actions,
                          core::Rng&) { return index_of(actions, sol.choice(s.phase1, s.thrown)); };
    // Own: the own balance change; own+next: that plus the next player's loss.
    const auto score = [objective](const std::vector<double>& r) {
      return objective == en_gingg::Objective::Own ? r[0] : r[0] - r[1];
    };
    const Estimate mc = monte_carlo(game, play, score, 20 + static_cast<std::uint64_t>(objective));
    EXPECT_NEAR(mc.mean, sol.value(), 4 * mc.se) << en_gingg::objective_names()[static_cast<std::size_t>(objective)];
  }
}

TEST(SolverThroughModel, ZehntausendTurnOptimum) {
  const zehntausend::ZehntausendModel game{zehntausend::ZehntausendRules{}};
  const zehntausend::TurnSolution sol = zehntausend::solve_turn(game.turn_model());
  const auto play = [&](const zehntausend::ZehntausendModel::State& s,
                        const std::vector<zehntausend::ZehntausendModel::Action>& actions,
                        core::Rng&) { return zehntausend_choice(game, sol, s, actions); };
  const Estimate mc = monte_carlo(game, play, [](const std::vector<double>& r) { return r[0]; }, 30);
  EXPECT_NEAR(mc.mean, sol.value, 4 * mc.se);
}

TEST(SolverThroughModel, Verflixte6SoloOptimum) {
  const verflixte6::Rules rules;
  const verflixte6::Verflixte6Model game(rules);
  const verflixte6::SoloSolution sol = solve_solo(rules, game.loadout());
  const verflixte6::SolvedPolicy policy(rules, game.loadout(), sol.table, sol.threshold);
  const auto play = [&](const verflixte6::Verflixte6Model::State& s, const std::vector<verflixte6::Action>& actions, core::Rng&) {
    return verflixte6_choice(rules, policy, s, actions);
  };
  const Estimate mc = monte_carlo(game, play, [](const std::vector<double>& r) { return r[0]; }, 40);
  EXPECT_NEAR(mc.mean, sol.ev, 4 * mc.se);
  // The turn is acyclic under the solved policy: the exact recursion over the model.
  EXPECT_NEAR(core::expected_returns(game, game.initial_state(), play)[0], sol.ev, 1e-9);
}

}  // namespace
}  // namespace verflixt
