// The committed race results (results/zehntausend/race_exact.json, results/pig/, made by
// scripts/zehntausend-results and scripts/pig-results): the game kernel's play of the exact
// policy at the preset's limit lies within 4 SE of the exact value; each fair start is the
// nearest to 1/2 among its neighbours; Pig's committed value is Neller & Presser's.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "committed.h"
#include "verflixt/games/zehntausend/rules.h"

namespace verflixt::zehntausend {
namespace {

nlohmann::json committed(const std::string& name) { return testing::committed_result(name, "results"); }

TEST(ZehntausendResults, TheKernelPlaysTheExactRaceAtThePresetsLimit) {
  const nlohmann::json doc = committed("zehntausend/race_exact.json");
  ASSERT_FALSE(doc.is_null());
  EXPECT_EQ(doc["rules"], rules_summary(ZehntausendRules{}));
  EXPECT_EQ(doc["converged"], true);
  EXPECT_LE(doc["residual"].get<double>(), 1e-13);
  EXPECT_GE(doc["selfplay_games"].get<int>(), 1000000);
  EXPECT_NEAR(doc["selfplay_first_wins"].get<double>(), doc["first_wins"].get<double>(),
              4 * doc["selfplay_stderr"].get<double>());
  // The fair start: no listed start is nearer to 1/2.
  const double fair = std::abs(doc["fair_start_first_wins"].get<double>() - 0.5);
  for (const auto& row : doc["compensation"]) EXPECT_GE(std::abs(row["first_wins"].get<double>() - 0.5), fair);
  // Bankrott and the final round both change the fair start's value (rows: app, bankrott off,
  // final round off, neither); without the final round moving first is the edge.
  ASSERT_EQ(doc["fair_starts"].size(), 4u);
  EXPECT_LT(doc["fair_starts"][0]["first_wins"].get<double>(), 0.5);
  EXPECT_GT(doc["fair_starts"][2]["first_wins"].get<double>(), 0.5);
  EXPECT_GT(doc["fair_starts"][2]["fair_start"].get<int>(), 0);
}

// The cap at the preset's limit: widened to twice as far, the value moves by less than 1e-9.
// The exact policy against the others: each pairing's value is the mean of its two seatings,
// it beats every opponent, and the searched race: policy does less well against the
// turn-score maximizer than the exact one (the kernel's play of such pairings is
// race_policies_test.cpp's).
TEST(ZehntausendResults, TheCapHoldsAndTheExactPolicyBeatsTheOthers) {
  const nlohmann::json doc = committed("zehntausend/race_exact.json");
  ASSERT_FALSE(doc.is_null());
  EXPECT_GT(doc["cap_study"]["overshoot"].get<int>(), doc["overshoot"].get<int>());
  EXPECT_LT(std::abs(doc["cap_study"]["first_wins"].get<double>() - doc["first_wins"].get<double>()), 1e-9);
  ASSERT_EQ(doc["against"].size(), 3u);
  for (const auto& row : doc["against"]) {
    const double p = row["p_win"].get<double>();
    EXPECT_NEAR(p, (row["p_win_first"].get<double>() + row["p_win_second"].get<double>()) / 2, 1e-15);
    EXPECT_GT(p, 0.5) << row["opponent"];
  }
  EXPECT_EQ(doc["against"][0]["opponent"], "optimal");
  EXPECT_LT(doc["searched_against_optimal"]["p_win"].get<double>(), doc["against"][0]["p_win"].get<double>());
}

TEST(ZehntausendResults, PigsCommittedEdgeIsThePublishedOne) {
  const nlohmann::json doc = committed("pig/compensation.json");
  ASSERT_FALSE(doc.is_null());
  for (const auto& g : doc["goals"])
    if (g["rules"] == "goal=100 faces=6 bust_face=1 players=2") {
      EXPECT_NEAR(g["first_player_win"].get<double>(), 0.530593, 5e-7);  // Neller & Presser 2004
      EXPECT_EQ(g["compensation"].get<int>(), 4);
      return;
    }
  ADD_FAILURE() << "results/pig/compensation.json has no goal 100";
}

}  // namespace
}  // namespace verflixt::zehntausend
