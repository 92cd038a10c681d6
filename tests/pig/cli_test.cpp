// `verflixt evaluate|solve|tournament --game pig` through the built binary: exit codes, the
// key numbers on stdout (checked against the published and independently computed values,
// not against the program's own earlier output), and one-line errors with exit code 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "binary.h"
#include "reference.h"

namespace verflixt::testing {
namespace {

TEST(PigCli, SolvePrintsThePublishedValueAndHoldTable) {
  const Result r = run("solve --game pig");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("exact"), std::string::npos);
  EXPECT_NE(r.out.find("residual"), std::string::npos);
  EXPECT_NE(r.out.find("0.5305"), std::string::npos) << r.out;  // Neller & Presser: 0.5306
  EXPECT_NE(r.out.find("me\\opp"), std::string::npos);

  const auto file = scratch() / "pig.policy";
  const Result j = run("solve --game=pig --goal 30 --format json --write-policy " + file.string());
  ASSERT_EQ(j.code, 0) << j.err;
  const auto doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["game"], "pig");
  EXPECT_EQ(doc["exact"], true);
  EXPECT_EQ(doc["rules"], "goal=30 faces=6 bust_face=1 players=2");
  EXPECT_LE(doc["residual"].get<double>(), 1e-12);
  EXPECT_GT(doc["first_player_win"].get<double>(), 0.5);
  const std::string policy = slurp(file);
  EXPECT_NE(policy.find("\n0 0 R"), std::string::npos);  // at 0:0 with nothing banked: roll
}

TEST(PigCli, EvaluateHoldAt20AgainstItself) {
  const Result r = run("evaluate --game pig --policy hold:20 --opponent hold:20 --games 100000 --seed 3 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["seed"], 3);
  EXPECT_EQ(j["games"], 100000);
  EXPECT_EQ(j["policy"], "hold:20");
  ASSERT_EQ(j["seats"].size(), 2u);
  const double p = j["seats"][0]["p_win"], se = j["seats"][0]["stderr"];
  EXPECT_NEAR(p + j["seats"][1]["p_win"].get<double>(), 1.0, 1e-12);
  // Neller's value for hold at 20 or goal: about 0.5347.
  EXPECT_NEAR(j["exact_first_player_win"].get<double>(), 0.5347, 5e-5);
  EXPECT_LT(std::abs(p - 0.5347), 4 * se + 5e-5);
  const Result t = run("evaluate --game pig --policy optimal --opponent hold:20 --games 20000 --threads 2");
  ASSERT_EQ(t.code, 0) << t.err;
  EXPECT_NE(t.out.find("P(win)"), std::string::npos);
  EXPECT_NE(t.out.find("exact P(first player wins)"), std::string::npos);
}

TEST(PigCli, TournamentPerSeatAndThreadIndependent) {
  const std::string args = "tournament --game pig --seat hold:20 --seat hold:25 --seat hold:15 --games 20000 --format csv";
  const Result one = run(args + " --threads 1"), two = run(args + " --threads 2");
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_NE(one.out.find("seat,policy,games,wins,p_win,stderr"), std::string::npos);
  EXPECT_NE(one.out.find("3,hold:15,20000,"), std::string::npos);
  const Result opt = run("tournament --game pig --seat optimal --seat hold:20 --games 5000");
  ASSERT_EQ(opt.code, 0) << opt.err;
  EXPECT_NE(opt.out.find("optimal"), std::string::npos);
}

TEST(PigCli, BadInputExits2WithOneLine) {
  for (const char* args : {"solve --game chess", "tournament --game pig --seat optimal --seat hold:20 --seat hold:20",
                           "tournament --game pig --seat hold:20", "evaluate --game pig --policy hold:0",
                           "evaluate --game pig --policy greedy", "evaluate --game pig --games 0",
                           "solve --game pig --goal 0", "solve --game pig --goal 500", "sweep --game pig",
                           "evaluate --game pig --faces 6 --bust-face 7", "evaluate --game"}) {
    const Result r = run(args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.out << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  }
  EXPECT_NE(run("solve --game chess").err.find("verflixte6, pig"), std::string::npos);
}

// Below goal 10 the hold table's default step is 1 (10 would leave its one row at 0), and
// the value is Neller & Presser's equations iterated independently (reference.h).
TEST(PigCli, ASmallGoalSolvesWithEveryScoreInTheTable) {
  const Result r = run("pig solve --goal 8 --bust-face 6 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_NEAR(j["first_player_win"].get<double>(), pig::testing::reference_pig(8, 6, 6, 0).at(0, 0, 0), 1e-9);
  const Result table = run("pig solve --goal 8");
  ASSERT_EQ(table.code, 0) << table.err;
  EXPECT_NE(table.out.find("   me\\opp    0    1    2    3    4    5    6    7\n"), std::string::npos) << table.out;
  EXPECT_EQ(run("pig solve --goal 8 --step 9").err, "verflixt: --step 9 is out of range; valid: 1..8 (at most the goal)\n");
  // The option takes 0..1; the solver needs a tolerance strictly between.
  EXPECT_EQ(run("pig solve --goal 8 --tolerance 0").err, "verflixt: --tolerance 0 is out of range; valid: above 0 and below 1\n");
}

// hold:20, the default, plays below goal 20 too: it rolls until the goal (or a 1), for which
// the reference iterates both players rolling on.
TEST(PigCli, HoldPastTheGoalRollsUntilTheGoal) {
  const Result r = run("pig evaluate --goal 5 --games 20000 --seed 4 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["policy"], "hold:20");
  const double exact = pig::testing::reference_pig(5, 6, 1, 20).at(0, 0, 0);
  EXPECT_NEAR(j["exact_first_player_win"].get<double>(), exact, 1e-9);
  const double p = j["seats"][0]["p_win"], se = j["seats"][0]["stderr"];
  EXPECT_LT(std::abs(p - exact), 4 * se);
  EXPECT_EQ(run("pig evaluate --policy hold:1001").err,
            "verflixt: pig policy 'hold:1001': N = '1001' is not an integer in 1..1000\n");
}

// A hundred-faced die at goal 150 would hold gigabytes of successors: refused at once, and an
// evaluation asked for its exact value says that it gets none.
TEST(PigCli, ABigDieBoundsTheExactSolve) {
  const Result solve = run("pig solve --goal 150 --faces 100");
  EXPECT_EQ(solve.code, 2) << solve.out << solve.err;
  EXPECT_EQ(solve.err, "verflixt: pig goal 150 is too large for the exact solver with 100 faces; valid: 1..102\n");
  const Result evaluate = run("pig evaluate --goal 150 --faces 100 --games 100 --exact true --format json");
  ASSERT_EQ(evaluate.code, 0) << evaluate.err;
  EXPECT_EQ(evaluate.err, "verflixt: warning: --exact changes nothing: the exact solver takes goals 1..102 with 100 faces\n");
  EXPECT_FALSE(nlohmann::json::parse(evaluate.out).contains("exact_first_player_win"));
}

TEST(PigCli, TheDefaultGameIsUnchanged) {
  const Result same = run("evaluate --turns 1000 --format json --threads 1");
  const Result game = run("evaluate --game=verflixte6 --turns 1000 --format json --threads 1");
  ASSERT_EQ(game.code, 0) << game.err;
  auto a = nlohmann::json::parse(same.out), b = nlohmann::json::parse(game.out);
  a.erase("seconds"), b.erase("seconds");
  a.erase("turns_per_second"), b.erase("turns_per_second");
  EXPECT_EQ(a, b);
  EXPECT_EQ(run("solve --game pig --help").code, 0);
}

}  // namespace
}  // namespace verflixt::testing
