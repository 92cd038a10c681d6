// Every advice opens with what to do, in a player's words: the headline (its text's first
// line, JSON's first member "verdict"). A tie is called a tie and never contradicts the
// ranking below it; equal values put the simpler action first.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "../binary.h"
#include "cli/game_command.h"
#include "verflixt/core/answer.h"

namespace verflixt {
namespace {

using cli::advice_headline;
using cli::RankedChoice;

TEST(Verdict, AClearBestSaysByHowMuch) {
  const std::string h = advice_headline({{"roll", 0.62}, {"stop", 0.5}}, "chance to win", true, "exact");
  EXPECT_EQ(h, "roll (chance to win 62.0%, exact); stop is worse by 12.0 percentage points");
  EXPECT_EQ(advice_headline({{"bank", 410.5}, {"throw 2 dice", 400.25}}, "expected points", false, "exact"),
            "bank (expected points 410.50, exact); throw 2 dice is worse by 10.25");
}

// A Monte Carlo value carries its standard error, and so does the gap (independent SEs).
TEST(Verdict, SampledValuesCarryTheirErrors) {
  EXPECT_EQ(advice_headline({{"bank", 0.62, 0.01}, {"throw 2 dice", 0.5, 0.01}}, "chance to win", true, "Monte Carlo"),
            "bank (chance to win 62.0 ± 1.0%, Monte Carlo); throw 2 dice is worse by 12.0 ± 1.4 percentage points");
  EXPECT_EQ(advice_headline({{"throw 6 dice", 0.4, 0.005}}, "chance to win", true, "Monte Carlo"),
            "throw 6 dice: the only choice (chance to win 40.0 ± 0.5%, Monte Carlo)");
}

TEST(Verdict, TiesAreCalledTiesInTheRankingsOrder) {
  EXPECT_EQ(advice_headline({{"stand", 1.0}, {"keep 6 6, throw 1", 1.0}, {"throw all", 0.9}}, "chance", true, "exact"),
            "stand or keep 6 6, throw 1: a tie (chance 100.0% either way, exact); throw all is worse");
  EXPECT_EQ(advice_headline({{"a", 2.0}, {"b", 2.0}, {"c", 2.0}}, "points", false, "exact"),
            "a (tied with 2 other choices: points 2.00 either way, exact)");
  // Within the tolerance a tie; beyond it a win by the gap.
  EXPECT_NE(advice_headline({{"a", 1.0}, {"b", 1.0 - 1e-12}}, "p", true, "exact").find("a tie"), std::string::npos);
  EXPECT_EQ(advice_headline({{"a", 1.0}, {"b", 1.0 - 1e-6}}, "p", true, "exact").find("a tie"), std::string::npos);
}

// A chance below 1 never shows as 100%, nor a gap that is not 0 as 0: the headline takes the
// places it needs (up to four more), and a value closer than that keeps its usual places.
TEST(Verdict, NearlyCertainIsNotShownAsCertain) {
  EXPECT_EQ(advice_headline({{"stand", 0.99998}, {"keep 1 1, throw 6", 0.997223}}, "chance", true, "exact"),
            "stand (chance 99.998%, exact); keep 1 1, throw 6 is worse by 0.3 percentage points");
  EXPECT_EQ(advice_headline({{"roll", 0.50004}, {"hold", 0.5}}, "chance to win", true, "exact"),
            "roll (chance to win 50.0%, exact); hold is worse by 0.004 percentage points");
  EXPECT_EQ(advice_headline({{"bank", 12.5}, {"throw", 12.4996}}, "points", false, "exact"),
            "bank (points 12.50, exact); throw is worse by 0.0004");
  EXPECT_EQ(advice_headline({{"a", 1 - 1e-12}, {"b", 0.5}}, "p", true, "exact"),
            "a (p 100.0%, exact); b is worse by 50.0 percentage points");
  EXPECT_EQ(advice_headline({{"a", 0.0004, 0.00002}}, "p", true, "Monte Carlo"),
            "a: the only choice (p 0.04 ± 0.002%, Monte Carlo)");
}

TEST(Verdict, OneChoiceAndNone) {
  EXPECT_EQ(advice_headline({{"throw 3 dice", 0.4}}, "chance to win", true, "exact"),
            "throw 3 dice: the only choice (chance to win 40.0%, exact)");
  EXPECT_EQ(advice_headline({}, "p", true, "exact"), "no advice: nothing to choose");
}

// A pointless rethrow is never ranked above standing: with 6 6 1 after one throw against
// Zahl 421, standing already beats it for sure, as do three rethrows that keep a 6 6 or 6 1.
TEST(Verdict, SchockenStandsBeforeAnEqualRethrow) {
  const auto r = testing::run("schocken advise --dice '6 6 1' --other '4 2 1' --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::ordered_json::parse(r.out);
  EXPECT_EQ(j.begin().key(), "verdict");
  const std::string verdict = j["verdict"];
  EXPECT_EQ(verdict.rfind("stand (tied with 3 other choices", 0), 0u) << verdict;
  const auto text = testing::run("schocken advise --dice '6 6 1' --other '4 2 1'");
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_EQ(text.out.rfind(verdict + "\n", 0), 0u) << text.out;
  EXPECT_NE(text.out.find("1. stand "), std::string::npos) << text.out;
  // Seats and places do not enter a target's chance: said, not silently dropped.
  const auto seats = testing::run("schocken advise --dice '6 6 1' --other '4 2 1' --players 4");
  EXPECT_EQ(seats.code, 0);
  EXPECT_EQ(seats.err, "verflixt: warning: --players changes nothing with --other\n");
}

// Every game's advice opens with its verdict, in the text and as JSON's first member.
TEST(Verdict, EveryGamesAdviceOpensWithIt) {
  const std::vector<std::string> asks = {
      "advise --turn-total 12 --other 20:p",
      "pig advise --score 40 --other 60 --turn-total 15",
      "schocken advise --dice 663 --throw 1",
      "en-gingg advise --dice 6,6,5,3,2,1",
      "kniffel advise --dice 66321",
      "zehntausend advise --dice 155234 --turn-total 300",
  };
  for (const auto& ask : asks) {
    const auto j = testing::run(ask + " --format json");
    ASSERT_EQ(j.code, 0) << ask << ": " << j.err;
    const auto doc = nlohmann::ordered_json::parse(j.out);
    ASSERT_EQ(doc.begin().key(), "verdict") << ask;
    const std::string verdict = doc["verdict"];
    EXPECT_FALSE(verdict.empty()) << ask;
    const auto text = testing::run(ask);
    ASSERT_EQ(text.code, 0) << ask << ": " << text.err;
    EXPECT_EQ(text.out.substr(0, text.out.find('\n')), verdict) << ask;
  }
}

// An option given in vain is said in one sentence in every game: the options listed as a
// sentence lists them, the verb agreeing, then what decides instead.
TEST(Verdict, OptionsThatChangeNothingAreListedAsASentenceListsThem) {
  EXPECT_EQ(core::changes_nothing({}, "exact"), "");
  EXPECT_EQ(core::changes_nothing({"--seed"}, "exact"), "--seed changes nothing: exact");
  EXPECT_EQ(core::changes_nothing({"--games", "--seed"}, "exact"), "--games and --seed change nothing: exact");
  EXPECT_EQ(core::changes_nothing({"--games", "--seed", "--overshoot"}, "why"),
            "--games, --seed and --overshoot change nothing: why");
}

// Kniffel's default rules are the German box: its boxes answer to their German names, and
// the situation echoes the open boxes as the choices name them.
TEST(Verdict, KniffelReadsTheGermanBoxNames) {
  const auto german = testing::run("kniffel advise --dice 66321 --open Chance,dreierpasch --format json");
  const auto english = testing::run("kniffel advise --dice 66321 --open three-of-a-kind,chance --format json");
  ASSERT_EQ(german.code, 0) << german.err;
  ASSERT_EQ(english.code, 0) << english.err;
  EXPECT_EQ(german.out, english.out);
  EXPECT_NE(english.out.find("\"open\": \"three-of-a-kind,chance\""), std::string::npos) << english.out;
}

}  // namespace
}  // namespace verflixt
