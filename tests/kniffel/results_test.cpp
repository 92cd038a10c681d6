// The committed Kniffel results (results/kniffel/, made by scripts/kniffel-results): 300,000
// games of the optimal policy lie within 4 standard errors of the published optimum (254.5896,
// Verhoeff 1999), the committed exact values are the published and the stated ones, and the
// score counts hold every game.
#include <gtest/gtest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "committed.h"
#include "verflixt/games/kniffel/rules.h"

namespace verflixt::kniffel {
namespace {

nlohmann::json committed(const std::string& name) { return testing::committed_result("kniffel/" + name, "kniffel-results"); }

TEST(KniffelResults, OptimalGamesMatchThePublishedOptimum) {
  const nlohmann::json doc = committed("evaluate-optimal.json");
  ASSERT_FALSE(doc.is_null());
  EXPECT_EQ(doc["rules"], rules_summary(preset("yahtzee")));
  EXPECT_GE(doc["games"].get<std::uint64_t>(), 300000u);
  const auto& seat = doc["seats"][0];
  EXPECT_NEAR(seat["mean_score"].get<double>(), 254.5896, 4 * seat["mean_score_stderr"].get<double>());
  std::uint64_t n = 0;
  for (const auto& c : doc["score_counts"]) n += c.get<std::uint64_t>();
  EXPECT_EQ(n, doc["games"].get<std::uint64_t>());
}

TEST(KniffelResults, CommittedOptimaAreThePublishedOne) {
  const nlohmann::json y = committed("solve-yahtzee.json");
  ASSERT_FALSE(y.is_null());
  EXPECT_NEAR(y["expected_score"].get<double>(), 254.5896, 0.00005);
  EXPECT_EQ(y["rules"], rules_summary(preset("yahtzee")));
}

}  // namespace
}  // namespace verflixt::kniffel
