// Kniffel's Monte Carlo against the exact solver: the optimal policy's mean final score lies
// within 4 standard errors of the exact optimum (fixed seed); the greedy policy scores less;
// the same seed gives the same numbers on any thread count.
#include <gtest/gtest.h>

#include <memory>

#include "verflixt/games/kniffel/play.h"

namespace verflixt::kniffel {
namespace {

TEST(KniffelPlay, OptimalPolicyMeanMatchesTheExactOptimum) {
  const KniffelRules r = preset("yahtzee");
  const auto solution = std::make_shared<const KniffelSolution>(r);
  const auto optimal = make_policy("optimal", r, solution);
  const auto greedy = make_policy("greedy", r, solution);
  const ScoreRun run = play_games({optimal.get(), greedy.get()}, r, 20000, 2026, 2);
  ASSERT_EQ(run.tally.games, 20000u);
  const core::Estimate opt = run.tally.mean(0), gr = run.tally.mean(1);
  EXPECT_NEAR(opt.mean, solution->expected_score(), 4 * opt.se);
  EXPECT_GT(opt.se, 0.1);
  EXPECT_LT(gr.mean, opt.mean - 10 * gr.se);  // greedy play gives away points
  // The histogram holds every game.
  std::uint64_t n = 0;
  for (auto c : run.tally.histogram[0]) n += c;
  EXPECT_EQ(n, 20000u);
}

TEST(KniffelPlay, TheSameSeedGivesTheSameGamesOnAnyThreadCount) {
  const KniffelRules r;
  const auto greedy = make_policy("greedy", r, nullptr);
  const ScoreRun a = play_games({greedy.get()}, r, 600, 5, 1), b = play_games({greedy.get()}, r, 600, 5, 3);
  EXPECT_EQ(a.tally.sum, b.tally.sum);
  EXPECT_EQ(a.tally.histogram, b.tally.histogram);
}

}  // namespace
}  // namespace verflixt::kniffel
