// `verflixt balance` through the binary: a joker the policy never announces changes nothing
// (same seed → the same evenings, lift exactly 0), a real joker lifts, a changed ruleset is
// shown against its preset, and bad input exits 2.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "binary.h"

namespace {

using verflixt::testing::Result;
using verflixt::testing::run;
using verflixt::testing::scratch;
using verflixt::testing::slurp;

TEST(BalanceCli, LiftsAndRulesetComparison) {
  const std::string policy = std::string(VERFLIXT_SOURCE_DIR) + "/strategies/heuristic.ini";
  const Result r = run("balance --evenings 4000 --threads 2 --jokers all-in,runkelrueb --policy " + policy +
                       " --field " + policy + " --set evening.losers_at_least=1 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["jokers"].size(), 2u);
  // heuristic.ini never announces All In (its window is 1000..1000): the same evenings.
  EXPECT_EQ(j["jokers"][0]["joker"], "all-in");
  EXPECT_EQ(j["jokers"][0]["win_lift"].get<double>(), 0.0);
  // Runkelrüb cancels eliminations: a clear lift.
  EXPECT_GT(j["jokers"][1]["win_lift"].get<double>(), 3 * j["jokers"][1]["win_lift_stderr"].get<double>());
  // One loser at least instead of three: fewer losers under the changed rules.
  const auto& g = j["ruleset_comparison"]["groups"][1];
  EXPECT_LT(g["rules_p_loser"].get<double>(), g["preset_p_loser"].get<double>());
  EXPECT_EQ(j["seed"], 1);
  EXPECT_TRUE(j.contains("version"));
}

TEST(BalanceCli, BadInputExitsTwo) {
  for (const char* args : {"balance --jokers ponny", "balance --players 1", "balance --base pony,pony"}) {
    const Result r = run(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << r.err;
  }
}

}  // namespace
