// Pig through the core's race solver (race.h): the published optimum, the dedicated solver
// (solver.h) everywhere to 1e-9, an independent iteration of Neller & Presser's equations
// (reference.h) at a tiny goal, and the fair compensation read off both solvers.
#include "verflixt/games/pig/race.h"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "../binary.h"
#include "reference.h"
#include "verflixt/core/error.h"
#include "verflixt/games/pig/solver.h"

namespace verflixt::pig {
namespace {

TEST(PigRace, ReproducesTheDedicatedSolverAndThePublishedValue) {
  const core::RaceSolution race = solve_race(PigRules{});
  ASSERT_TRUE(race.converged);
  EXPECT_LE(race.residual, 1e-13);
  // Neller & Presser 2004: 0.5306; the dedicated solver's six digits: 0.530593.
  EXPECT_NEAR(race.first_wins(), 0.530593, 5e-7);
  const PigSolution dedicated = solve(PigRules{});
  for (int i = 0; i < 100; ++i)
    for (int j = 0; j < 100; ++j) EXPECT_NEAR(race.value(0, i, j), dedicated.win_probability(i, j, 0), 1e-9) << i << " " << j;
}

TEST(PigRace, TinyGoalEqualsTheReferenceIteration) {
  for (const PigRules rules : {PigRules{.goal = 10}, PigRules{.goal = 12, .faces = 4, .bust_face = 2}}) {
    const core::RaceSolution race = solve_race(rules);
    const testing::ReferenceTable ref = testing::reference_pig(rules.goal, rules.faces, rules.bust_face, 0);
    for (int i = 0; i < rules.goal; ++i)
      for (int j = 0; j < rules.goal; ++j) EXPECT_NEAR(race.value(0, i, j), ref.at(i, j, 0), 1e-12) << i << " " << j;
  }
}

TEST(PigRace, FairCompensationIsTheStartClosestToAHalf) {
  const core::RaceSolution race = solve_race(PigRules{});
  const Compensation c = fair_compensation(race);
  // Read off the dedicated solver instead: P(first wins) = P(the mover wins at 0 : c).
  const PigSolution dedicated = solve(PigRules{});
  int best = 0;
  for (int k = 1; k < 100; ++k)
    if (std::abs(dedicated.win_probability(0, k, 0) - 0.5) < std::abs(dedicated.win_probability(0, best, 0) - 0.5)) best = k;
  EXPECT_EQ(c.points, best);
  EXPECT_NEAR(c.first_wins, dedicated.win_probability(0, best, 0), 1e-9);
  // A few points only, and the game is then within a point's worth of fair.
  EXPECT_GT(c.points, 0);
  EXPECT_LT(c.points, 10);
  EXPECT_LT(std::abs(c.first_wins - 0.5), 0.01);
}

TEST(PigRace, TwoPlayersOnly) { EXPECT_THROW(solve_race(PigRules{.players = 3}), core::InputError); }

TEST(PigRace, SolveCompensateCommand) {
  const auto r = verflixt::testing::run("solve --game pig --compensate --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const PigSolution dedicated = solve(PigRules{});
  const int c = j["compensation"].get<int>();
  EXPECT_NEAR(j["first_player_win"].get<double>(), dedicated.win_probability(0, 0, 0), 1e-9);
  EXPECT_NEAR(j["first_player_win_compensated"].get<double>(), dedicated.win_probability(0, c, 0), 1e-9);
  // One start less leaves the first player further from a fair game.
  EXPECT_GT(std::abs(dedicated.win_probability(0, c - 1, 0) - 0.5), std::abs(dedicated.win_probability(0, c, 0) - 0.5));
  EXPECT_EQ(j["starts"].size(), static_cast<std::size_t>(c + 4));
}

}  // namespace
}  // namespace verflixt::pig
