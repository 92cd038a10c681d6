// The committed headline results (results/<preset>/solve.json, made by scripts/results)
// against a fresh solve: a regression in the rules, the model or the solver shows up here
// as a difference, and a stale results/ directory does too.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "committed.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/exact/solver.h"
#include "verflixt/version.h"

namespace verflixt::verflixte6 {
namespace {

nlohmann::json committed(const std::string& preset) { return testing::committed_result(preset + "/solve.json", "results"); }

TEST(CommittedResults, MatchAFreshSolveForASampleOfLoadouts) {
  for (const std::string preset : {"tournament-2019", "classic"}) {
    const nlohmann::json doc = committed(preset);
    if (doc.is_null()) continue;
    const Rules rules = verflixt::verflixte6::preset(preset);
    EXPECT_EQ(doc["rules"], rules_summary(rules));
    const auto& rows = doc["loadouts"];
    EXPECT_EQ(rows.size(), all_loadouts(rules).size());
    // Every 37th loadout (a spread over singles, pairs and triples), plus the first.
    for (size_t k = 0; k < rows.size(); k += 37) {
      const auto& row = rows[k];
      const JokerSet loadout = parse_loadout(row["jokers"].get<std::string>(), rules);
      SolverOptions options;
      options.keep_table = false;
      const SoloSolution fresh = solve_solo(rules, loadout, options);
      EXPECT_NEAR(row["ev"].get<double>(), fresh.ev, 1e-9) << preset << " " << row["jokers"];
      EXPECT_NEAR(row["bust_probability"].get<double>(), fresh.bust_probability, 1e-9) << row["jokers"];
      EXPECT_EQ(row["threshold"].get<int>(), fresh.threshold) << row["jokers"];
    }
  }
}

}  // namespace
}  // namespace verflixt::verflixte6
