// balance's one decided line: what a rule change did, and which joker (if any) is too strong
// or too weak — never contradicting the tables below it.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>

#include "../binary.h"
#include "verflixt/games/verflixte6/answers/balance_verdict.h"

namespace verflixt {
namespace {

using verflixte6::change_decision;

TEST(BalanceDecision, ARuleChangeIsStrongerWeakerBothOrNothing) {
  const core::Estimate none{0.001, 0.004}, up{0.03, 0.01}, down{-0.03, 0.01};
  EXPECT_EQ(change_decision(up, none, "fumo", "heuristic", 2).rfind("the change makes the tested player (jokers fumo) stronger: ", 0), 0u);
  EXPECT_EQ(change_decision(none, down, "fumo", "heuristic", 2).rfind("the change makes the tested player (jokers fumo) stronger", 0), 0u);
  EXPECT_EQ(change_decision(down, none, "fumo", "heuristic", 2).rfind("the change makes the tested player (jokers fumo) weaker", 0), 0u);
  EXPECT_EQ(change_decision(none, up, "fumo", "heuristic", 2).rfind("the change makes the tested player (jokers fumo) weaker", 0), 0u);
  EXPECT_EQ(change_decision(up, up, "fumo", "heuristic", 2).rfind("the change cuts both ways", 0), 0u);
  EXPECT_EQ(change_decision(none, none, "fumo", "heuristic", 2).rfind("no measurable change", 0), 0u);
  // Exactly at the threshold is not beyond it.
  EXPECT_EQ(change_decision({0.02, 0.01}, none, "fumo", "heuristic", 2).rfind("no measurable change", 0), 0u);
}

// The decided line opens the text and is the verdict object's first member; it names the
// headline family's strongest and weakest jokers and nothing else.
TEST(BalanceDecision, TheJokerTablesLineIsItsVerdict) {
  const std::string ask = "balance --players 8 --jokers runkelrueb,fumo,rattenlord --evenings 4000";
  const auto j = testing::run(ask + " --format json");
  ASSERT_EQ(j.code, 0) << j.err;
  const auto doc = nlohmann::ordered_json::parse(j.out);
  const auto& v = doc["verdict"];
  ASSERT_EQ(v.begin().key(), "decision");
  const std::string decision = v["decision"];
  const auto text = testing::run(ask);
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_EQ(text.out.substr(0, text.out.find('\n')), decision);
  EXPECT_NE(decision.find("under " + v["family"].get<std::string>()), std::string::npos) << decision;
  const auto named = [&](const char* what) { return v[what].is_null() ? std::string() : v[what].get<std::string>(); };
  const std::string strongest = named("strongest"), weakest = named("weakest");
  EXPECT_EQ(decision.find("too strong: " + strongest) != std::string::npos, !strongest.empty()) << decision;
  EXPECT_EQ(decision.find("too weak: " + weakest) != std::string::npos, !weakest.empty()) << decision;
  if (strongest.empty() && weakest.empty()) {
    EXPECT_EQ(decision.rfind("balanced within the errors", 0), 0u) << decision;
  }
}

// --set compares the rules with their preset: the line answers that question.
TEST(BalanceDecision, ARuleChangeIsAnsweredFirst) {
  const auto r = testing::run("balance --players 8 --set runkelrueb.face=5 --evenings 2000 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  const std::string decision = doc["verdict"]["decision"];
  EXPECT_NE(decision.find("(jokers runkelrueb)"), std::string::npos) << decision;
  const auto& d = doc["ruleset_comparison"]["rules_minus_preset"][0];
  EXPECT_NE(decision.find(core::report::plus_minus({d["p_loser"].get<double>(), d["p_loser_stderr"].get<double>()}, "%+.4f", "%.4f")),
            std::string::npos)
      << decision << "\n" << d.dump();
}

// --auto answers for the current value, and where the balanced values lie.
TEST(BalanceDecision, AutoSaysWhereTheCurrentValueStands) {
  const std::string ask = "balance --players 8 --auto runkelrueb.face=1..7 --evenings 2000 --no-solver-family --strong none";
  const auto j = testing::run(ask + " --format json");
  ASSERT_EQ(j.code, 0) << j.err;
  const auto doc = nlohmann::ordered_json::parse(j.out);
  ASSERT_EQ(doc.begin().key(), "verdict");
  const std::string verdict = doc["verdict"];
  EXPECT_NE(verdict.find("runkelrueb.face=3"), std::string::npos) << verdict;  // the preset's value
  const auto& search = doc["searches"][0];
  const bool balanced = std::find(search["balanced"].begin(), search["balanced"].end(), 3) != search["balanced"].end();
  EXPECT_EQ(verdict.rfind("balanced: runkelrueb.face=3", 0) == 0, balanced) << verdict;
  const auto text = testing::run(ask);
  EXPECT_EQ(text.out.substr(0, text.out.find('\n')), verdict);
}

}  // namespace
}  // namespace verflixt
