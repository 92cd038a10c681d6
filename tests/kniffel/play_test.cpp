// Kniffel's Monte Carlo against the exact solver: the optimal policy's mean final score lies
// within 4 standard errors of the exact optimum (fixed seed); the greedy policy scores less;
// the same seed gives the same numbers on any thread count; how often the bonus is reached
// agrees with an exact forward computation over the sheets.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <tuple>

#include "verflixt/games/kniffel/play.h"
#include "verflixt/games/kniffel/solver.h"

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

// One throw a turn and greedy play: the exact probability that the upper section reaches the
// threshold, by carrying the distribution of the sheet forward turn by turn (each of the 252
// hands of five dice with its multinomial probability, placed where greedy play puts it),
// independent of the sampler, which must land within 4 SE of it.
TEST(KniffelPlay, HowOftenTheBonusIsReachedMatchesAnExactForwardComputation) {
  KniffelRules r;
  r.throws = 1;
  r.bonus_threshold = 30;
  const DiceTable& t = DiceTable::get();
  const auto key = [](const Sheet& s) { return std::make_tuple(s.filled, s.upper, s.kniffel_scored); };
  std::map<std::tuple<std::uint16_t, int, bool>, std::pair<Sheet, double>> now{{key(Sheet{}), {Sheet{}, 1.0}}};
  const double factorial[6] = {1, 1, 2, 6, 24, 120};
  for (int turn = 0; turn < kCategories; ++turn) {
    std::map<std::tuple<std::uint16_t, int, bool>, std::pair<Sheet, double>> next;
    for (const auto& [k, entry] : now) {
      const auto& [sheet, p] = entry;
      const TurnPlan plan = greedy_plan(sheet, r);
      for (int id = 0; id < t.count(); ++id) {
        const Hand& h = t.hand(id);
        if (dice_in(h) != kDice) continue;
        double ways = factorial[5];
        for (int c : h) ways /= factorial[c];
        const Sheet after = score_in(sheet, h, static_cast<Category>(plan.category[static_cast<std::size_t>(id)]), r).after;
        auto& slot = next[key(after)];
        slot.first = after;
        slot.second += p * ways / 7776.0;
      }
    }
    now = std::move(next);
  }
  double exact = 0, total = 0;
  for (const auto& [k, entry] : now) {
    total += entry.second;
    if (entry.first.upper >= r.bonus_threshold) exact += entry.second;
  }
  ASSERT_NEAR(total, 1.0, 1e-12);
  ASSERT_GT(exact, 0.05);
  ASSERT_LT(exact, 0.95);
  const auto greedy = make_policy("greedy", r, nullptr);
  const ScoreRun run = play_games({greedy.get()}, r, 20000, 11, 2);
  const core::Estimate b = run.tally.p_bonus(0);
  EXPECT_GT(b.se, 0);
  EXPECT_NEAR(b.mean, exact, 4 * b.se) << "exact " << exact;
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
