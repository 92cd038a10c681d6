// The solved Zehntausend race put to use: the distribution of each turn it plays, the seat
// `exact` drawn by the game kernel, and the commands that read it (the cache, a saved file,
// the fair start, advise).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <numeric>
#include <string>

#include "../binary.h"
#include "verflixt/games/zehntausend/monte_carlo.h"
#include "verflixt/games/zehntausend/race.h"
#include "verflixt/games/zehntausend/race_seat.h"

namespace verflixt::zehntausend {
namespace {

const Race& race1000() {
  static const Race race(ZehntausendRules{.limit = 1000});
  return race;
}

// A turn's distribution valued by what each end is worth is the turn's value: the forward
// propagation and the backward induction agree (two computations of one turn).
TEST(ZehntausendRacePlay, TheTurnsDistributionGivesItsValue) {
  const Race& race = race1000();
  const core::RaceSolution& s = race.solution();
  const int goal = 20;
  for (const auto& [seat, a, b] : {std::tuple{0, 0, 0}, {1, 5, 12}, {0, 17, 3}, {1, 19, 19}}) {
    const core::TurnEnds e = race.ends_played(seat, a * kPointStep, b * kPointStep);
    const double total = std::accumulate(e.bank.begin(), e.bank.end(), e.bust + e.reset);
    EXPECT_NEAR(total, 1.0, 1e-12);
    double value = e.bust * (1 - s.value(1 - seat, b, a)) + e.reset * (1 - s.value(1 - seat, b, 0));
    for (std::size_t p = 0; p < e.bank.size(); ++p) {
      if (e.bank[p] == 0) continue;
      const int mine = a + static_cast<int>(p);
      // Past the limit: the first seat leaves the second one last turn; the second wins.
      const double w = mine < goal ? 1 - s.value(1 - seat, b, mine)
                                   : seat == 1 ? 1.0 : 1 - s.last_turn_value(mine - b);
      value += e.bank[p] * w;
    }
    EXPECT_NEAR(value, s.value(seat, a, b), 1e-12) << seat << " " << a << " " << b;
  }
}

// The seat `exact` in the game kernel (each turn drawn from its exact distribution), both
// seats: the first seat's share within 4 SE of the solved value.
TEST(ZehntausendRacePlay, TheExactSeatInTheKernelWinsWhatTheSolutionSays) {
  const auto race = std::make_shared<const Race>(ZehntausendRules{.limit = 1000});
  const TurnLibrary lib(race->rules());
  const ExactRacePolicy a(race), b(race);
  const SeatPolicy* seats[] = {&a, &b};
  const MatchRun run = play_games(lib, seats, 400000, 20261127, 2);
  const core::Estimate w = run.tally.p_win(0);
  EXPECT_LT(std::abs(w.mean - race->first_wins()), 4 * w.se) << w.mean << " ± " << w.se << " vs " << race->first_wins();
  // The reference engine has no die-by-die decisions for it (Race::decide plays those).
  EXPECT_THROW(play_games_engine(lib, seats, 10, 1, 1), std::invalid_argument);
}

// Without the final round (Z5, final_round=false) the race ends at the limit: the solver's
// value and the game kernel's play of it agree, and moving first is now the advantage.
TEST(ZehntausendRacePlay, WithoutTheFinalRoundTheKernelAndTheSolverAgree) {
  const auto race = std::make_shared<const Race>(ZehntausendRules{.limit = 1000, .final_round = false});
  EXPECT_GT(race->first_wins(), 0.5);
  const TurnLibrary lib(race->rules());
  const ExactRacePolicy a(race), b(race);
  const SeatPolicy* seats[] = {&a, &b};
  const core::Estimate w = play_games(lib, seats, 400000, 7, 2).tally.p_win(0);
  EXPECT_LT(std::abs(w.mean - race->first_wins()), 4 * w.se) << w.mean << " ± " << w.se << " vs " << race->first_wins();
}

// solve --race: solved once, then read from the cache with the same bits; --save writes a
// file the seat exact:FILE plays; a file of other rules is a one-line error.
TEST(ZehntausendRacePlay, CacheSaveAndTheSeatExactFromAFile) {
  const auto dir = testing::scratch() / "race-cache";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string cache = " --cache " + dir.string();
  const std::string saved = (dir / "race-800.bin").string();
  const auto first = testing::run("solve --game zehntausend --race --set limit=800 --format json --save " + saved + cache);
  ASSERT_EQ(first.code, 0) << first.err;
  const auto again = testing::run("solve --game zehntausend --race --set limit=800 --format json" + cache);
  ASSERT_EQ(again.code, 0) << again.err;
  const auto j1 = nlohmann::json::parse(first.out), j2 = nlohmann::json::parse(again.out);
  EXPECT_EQ(j1["solution"], "solved");
  EXPECT_EQ(j2["solution"], "cache");
  EXPECT_EQ(j1["first_wins"].get<double>(), j2["first_wins"].get<double>());
  EXPECT_EQ(j1["first_wins"].get<double>(), Race(ZehntausendRules{.limit = 800}).first_wins());
  const auto t = testing::run("tournament --game zehntausend --set limit=800 --seat exact:" + saved +
                              " --seat optimal --games 2000 --no-cache --format json");
  EXPECT_EQ(t.code, 0) << t.err;
  const auto other = testing::run("tournament --game zehntausend --set limit=900 --seat exact:" + saved + " --seat optimal --games 10");
  EXPECT_EQ(other.code, 2);
  EXPECT_EQ(std::count(other.err.begin(), other.err.end(), '\n'), 1) << other.err;
  std::filesystem::remove_all(dir);
}

// The fair start is the start whose P(first wins) is nearest 1/2, searched here over the
// solution's own starts.
TEST(ZehntausendRacePlay, TheFairStartIsTheNearestToAHalf) {
  const auto r = testing::run("solve --game zehntausend --race --no-cache --set limit=1000 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const core::RaceSolution& s = race1000().solution();
  int best = 0;
  double gap = 1;
  for (int c = -19; c < 20; ++c) {
    const double p = c >= 0 ? s.value(0, 0, c) : s.value(0, -c, 0);
    if (std::abs(p - 0.5) < gap - 1e-15) gap = std::abs(p - 0.5), best = c * kPointStep;
  }
  EXPECT_EQ(j["fair_start"].get<int>(), best);
  // Moving first loses to the final round at this limit: the first player needs the start.
  EXPECT_LT(best, 0);
  EXPECT_LT(std::abs(j["fair_start_first_wins"].get<double>() - 0.5), std::abs(race1000().first_wins() - 0.5));
  // Said as a table would do it: the points given to the first player.
  const auto text = testing::run("solve --game zehntausend --race --no-cache --set limit=1000");
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("fairest start (exact): give the first player " + std::to_string(-best) + " points to start with"),
            std::string::npos)
      << text.out;
}

// advise against one opponent ranks by the solved race: throwing six dice at 0 : 0 is the
// first seat's P(win); banking 500 at 300 : 600 hands the opponent his turn at 600 : 800.
TEST(ZehntausendRacePlay, AdviseAgainstOneOpponentIsExact) {
  const core::RaceSolution& s = race1000().solution();
  const auto open = testing::run("advise --game zehntausend --set limit=1000 --no-cache --dice-left 6 --other 0 --format json");
  ASSERT_EQ(open.code, 0) << open.err;
  const auto j = nlohmann::json::parse(open.out);
  ASSERT_EQ(j["choices"].size(), 1u);
  EXPECT_NEAR(j["choices"][0]["p_win"].get<double>(), s.first_wins(), 1e-12);
  EXPECT_EQ(j["choices"][0]["p_win_exact"], true);
  EXPECT_EQ(j["policy"], "exact");
  const auto bank = testing::run("advise --game zehntausend --set limit=1000 --no-cache --turn-total 500 --dice-left 1 "
                                 "--score 300 --opponent 600 --format json");
  ASSERT_EQ(bank.code, 0) << bank.err;
  const auto k = nlohmann::json::parse(bank.out);
  bool found = false;
  for (const auto& row : k["choices"])
    if (row["then"] == "bank") {
      EXPECT_NEAR(row["p_win"].get<double>(), 1 - s.value(1, 12, 16), 1e-12);
      found = true;
    }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace verflixt::zehntausend
