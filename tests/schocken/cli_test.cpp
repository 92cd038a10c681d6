// `verflixt rules|solve|evaluate|tournament|advise --game schocken` through the built binary:
// exit codes, key numbers checked against values worked out by hand, one-line errors (exit 2).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "../binary.h"

namespace verflixt::testing {
namespace {

TEST(SchockenCli, RulesRoundTripThroughAFile) {
  const auto file = scratch() / "schocken.ini";
  const Result w = run("rules --game schocken --set players=6 --set two_sixes_make_one=true --output " + file.string());
  ASSERT_EQ(w.code, 0) << w.err;
  const Result r = run("rules --game schocken --rules " + file.string());
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, slurp(file));
  EXPECT_NE(r.out.find("players = 6"), std::string::npos);
  EXPECT_NE(r.out.find("two_sixes_make_one = true"), std::string::npos);
  const Result bad = run("rules --game schocken --set max_throws=4");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("1..3"), std::string::npos) << bad.err;
}

TEST(SchockenCli, SolveTableHasCountableOneThrowValues) {
  const Result r = run("solve --game schocken --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["game"], "schocken");
  ASSERT_EQ(j["table"].size(), 56u);
  EXPECT_EQ(j["table"][0]["hand"], "1 1 1");
  EXPECT_EQ(j["table"][0]["p_beat_1"].get<double>(), 0.0);
  EXPECT_NEAR(j["table"][1]["p_beat_1"].get<double>(), 1.0 / 216, 1e-15);  // only 1 1 1 beats 6 1 1
  EXPECT_NEAR(j["table"][55]["p_beat_1"].get<double>(), 213.0 / 216, 1e-15);  // all but 2 2 1
}

TEST(SchockenCli, SolveTargetAndEquilibrium) {
  // With two throws a Schock 5 made in two is beaten by more than the one-throw 4 of 216
  // (1 1 1 and the three orders of 6 1 1): the second throw only adds chances.
  const Result t = run("solve --game schocken --target '5 1 1' --limit 2 --format json");
  ASSERT_EQ(t.code, 0) << t.err;
  const auto j = nlohmann::json::parse(t.out);
  EXPECT_GT(j["p_beat"].get<double>(), 4.0 / 216);
  const auto file = scratch() / "eq.policy";
  const Result e = run("solve --game schocken --equilibrium --players 3 --format json --write-policy " + file.string());
  ASSERT_EQ(e.code, 0) << e.err;
  const auto q = nlohmann::json::parse(e.out);
  EXPECT_EQ(q["converged"], true);
  double total = 0;
  for (const auto& p : q["p_worst"]) total += p.get<double>();
  EXPECT_NEAR(total, 1.0, 1e-12);
  // The written tables play: a tournament reads them back.
  const Result g = run("tournament --game schocken --seat " + file.string() + " --seat stand --seat " + file.string() +
                       " --games 500 --format json");
  ASSERT_EQ(g.code, 0) << g.err;
  EXPECT_EQ(nlohmann::json::parse(g.out)["games"], 500);
}

TEST(SchockenCli, EvaluateAgreesWithItsExactValue) {
  const Result r = run("evaluate --game schocken --policy stand --target '6 6 5' --limit 1 --turns 100000 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  // Standing on one throw beats 6 6 5 with every throw above it: 45 of 216.
  EXPECT_NEAR(j["exact_p_beat"].get<double>(), 45.0 / 216, 1e-15);
  EXPECT_LT(std::abs(j["p_beat"].get<double>() - 45.0 / 216), 4 * j["stderr"].get<double>());
  EXPECT_EQ(j["interrupted"], false);
}

// Without --limit the throws allowed are the rules' max_throws: one throw under max_throws=1,
// where 6 6 5 is beaten by the 45 of the 216 throws above it, whatever the policy.
TEST(SchockenCli, TheLimitDefaultsToTheRulesThrows) {
  const Result r = run("evaluate --game schocken --set max_throws=1 --turns 2000 --seed 5 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["limit"], 1);
  EXPECT_NEAR(j["exact_p_beat"].get<double>(), 45.0 / 216, 1e-12);
  const Result advise = run("advise --game schocken --dice 611 --set max_throws=2 --format json");
  ASSERT_EQ(advise.code, 0) << advise.err;
  EXPECT_EQ(nlohmann::json::parse(advise.out)["limit"], 2);
  // One throw allowed: the hand stands, and a Schock 6 beats a Schock 5 for certain.
  const Result one = run("advise --game schocken --dice 611 --set max_throws=1 --other '5 1 1' --format json");
  ASSERT_EQ(one.code, 0) << one.err;
  const auto choices = nlohmann::json::parse(one.out)["choices"];
  ASSERT_EQ(choices.size(), 1u);
  EXPECT_EQ(choices[0]["choice"], "stand");
  EXPECT_EQ(choices[0]["value"], 1.0);
  EXPECT_EQ(run("evaluate --game schocken --set max_throws=2 --limit 3").err,
            "verflixt: --limit 3 is out of range; valid: 1..2 (max_throws)\n");
}

TEST(SchockenCli, TournamentIsReproducibleAcrossThreads) {
  const std::string dir = std::string(VERFLIXT_SOURCE_DIR) + "/strategies/schocken/";
  const std::string cmd = "tournament --game schocken --seat equilibrium --seat " + dir + "chase.ini --seat " + dir +
                          "cautious.ini --games 2000 --seed 9 --format csv --threads ";
  const Result one = run(cmd + "1"), two = run(cmd + "2");
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_NE(one.out.find("seat,policy,games"), std::string::npos);
}

TEST(SchockenCli, AdviseRanksChoices) {
  const Result r = run("advise --game schocken --dice '6 1 1' --other '5 1 1' --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["choices"][0]["choice"], "stand");  // a Schock 6 beats a Schock 5
  EXPECT_EQ(j["choices"][0]["value"].get<double>(), 1.0);
  const Result p = run("advise --game schocken --dice '6 6 1' --players 4 --seat 2");
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_NE(p.out.find("<- best"), std::string::npos);
}

// The starter sets the limit by its own throws: a --limit given for seat 1 of a round is
// said to change nothing (and the advice is the one without it); for a later seat, or against
// a hand to beat, it is the limit, and nothing is said.
TEST(SchockenCli, AStartersLimitIsSaidToChangeNothing) {
  const Result plain = run("advise --game schocken --dice '6 1 1' --throw 2");
  ASSERT_EQ(plain.code, 0) << plain.err;
  for (const char* extra : {" --limit 2", " --limit 2 --seat 1"}) {
    const Result r = run(std::string("advise --game schocken --dice '6 1 1' --throw 2") + extra);
    ASSERT_EQ(r.code, 0) << extra << r.err;
    EXPECT_EQ(r.out, plain.out) << extra;
    EXPECT_NE(r.err.find("--limit changes nothing for the starter"), std::string::npos) << extra << r.err;
  }
  for (const char* used : {"--limit 3 --seat 2 --throw 2", "--limit 3 --other '5 1 1' --throw 2"}) {
    const Result r = run(std::string("advise --game schocken --dice '6 1 1' ") + used);
    ASSERT_EQ(r.code, 0) << used << r.err;
    EXPECT_EQ(r.err, "") << used;
  }
  // A bad question is its error alone.
  const Result bad = run("advise --game schocken --dice '7 1 1' --limit 2");
  EXPECT_EQ(bad.code, 2);
  EXPECT_EQ(bad.err.find("warning"), std::string::npos) << bad.err;
}

TEST(SchockenCli, BadInputIsOneLineExit2) {
  for (const std::string cmd : {"advise --game schocken --dice '7 1 1'", "advise --game schocken",
                                "tournament --game schocken --seat stand", "tournament --game schocken --seat stnd --seat stand",
                                "solve --game schocken --target '6 5 3' --limit 4", "sweep --game schocken",
                                "rules --game schocken --preset pbu"}) {
    const Result r = run(cmd);
    EXPECT_EQ(r.code, 2) << cmd;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << cmd << ": " << r.err;
  }
}

}  // namespace
}  // namespace verflixt::testing
