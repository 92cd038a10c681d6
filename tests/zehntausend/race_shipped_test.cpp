// The preset's two-player race ships with verflixt (strategies/zehntausend/exact-race.values,
// written by `verflixt zehntausend solve --race --no-cache --save FILE`), so that a fresh
// install answers at once. The shipped table is checked here as a solution, not against a
// copy of itself: at every start tried, one turn played optimally with its ends valued from
// the table gives the table's own value (the fixed point the solver converged to).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <string>
#include <tuple>

#include "../binary.h"
#include "verflixt/core/value_cache.h"
#include "verflixt/games/zehntausend/race.h"
#include "verflixt/games/zehntausend/race_store.h"

namespace verflixt::zehntausend {
namespace {

const std::string kShipped = std::string(VERFLIXT_SOURCE_DIR) + "/strategies/zehntausend/exact-race.values";

// The file under its head (game, version, rules, cap), read as race_store.h reads it.
Race shipped_race() {
  const ZehntausendRules rules;
  const std::string head = race_head(rules, kDefaultOvershoot);
  const std::vector<double> v = core::read_values(kShipped, head);  // throws on another version or rules
  return *race_from_values(rules, kDefaultOvershoot, v);
}

TEST(ZehntausendRaceShipped, IsTheFixedPointOfTheRaceAtEveryStartTried) {
  ASSERT_TRUE(std::filesystem::is_regular_file(kShipped));
  const Race race = shipped_race();
  const core::RaceSolution& s = race.solution();
  EXPECT_LT(s.residual, 1e-12);
  for (const auto& [seat, a, b] : {std::tuple{0, 0, 0}, {1, 0, 0}, {0, 84, 122}, {1, 84, 122}, {0, 150, 30}, {1, 199, 199},
                                   {0, 199, 0}, {1, 3, 190}}) {
    const auto turn = race.throw_win(seat, a * kPointStep, b * kPointStep, 0, 6);
    ASSERT_TRUE(turn.has_value());
    EXPECT_NEAR(*turn, s.value(seat, a, b), 1e-11) << "seat " << seat << " at " << a * kPointStep << " : " << b * kPointStep;
  }
  // Moving first loses to the final round at the preset's limit.
  EXPECT_GT(s.first_wins(), 0.45);
  EXPECT_LT(s.first_wins(), 0.5);
}

// An empty cache: the race is read from the shipped file, not solved, and says so.
TEST(ZehntausendRaceShipped, AFreshInstallReadsItInsteadOfSolving) {
  const auto cache = testing::scratch() / "shipped-race-cache";
  std::filesystem::remove_all(cache);
  const auto r = testing::run("solve --game zehntausend --race --cache " + cache.string() + " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["solution"], "shipped");
  EXPECT_EQ(j["exact"], true);
  EXPECT_DOUBLE_EQ(j["first_wins"].get<double>(), shipped_race().first_wins());
  const auto text = testing::run("solve --game zehntausend --race --cache " + cache.string());
  EXPECT_NE(text.out.find("the solution shipped with verflixt"), std::string::npos) << text.out;
  // Other rules are solved, never answered from the preset's table.
  const auto other = testing::run("solve --game zehntausend --race --set limit=1000 --cache " + cache.string() + " --format json");
  ASSERT_EQ(other.code, 0) << other.err;
  EXPECT_EQ(nlohmann::json::parse(other.out)["solution"], "solved");
}

}  // namespace
}  // namespace verflixt::zehntausend
