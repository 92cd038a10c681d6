// `verflixt rules|solve|evaluate|tournament|advise --game en-gingg` through the built binary:
// exit codes, the key numbers on stdout (checked against the values of the independent
// recursions in solver_test.cpp, not against the program's earlier output), the INI round
// trip, and one-line errors with exit code 2; and advise's question asked of the library directly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

#include "binary.h"
#include "verflixt/core/error.h"
#include "verflixt/games/en_gingg/answers.h"

namespace verflixt::testing {
namespace {

TEST(EnGinggCli, RulesPrintReadBack) {
  const Result r = run("rules --game en-gingg");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("preset = swiss"), std::string::npos);
  EXPECT_NE(r.out.find("start = 37"), std::string::npos);
  EXPECT_NE(r.out.find("target = 30"), std::string::npos);
  const auto file = scratch() / "en-gingg.ini";
  { std::ofstream(file) << r.out; }
  const Result back = run("rules --game en-gingg --rules " + file.string());
  ASSERT_EQ(back.code, 0) << back.err;
  EXPECT_EQ(back.out, r.out);
  // The file drives every command: a target of 28 is easier than 30, so the own change grows.
  const auto easier = scratch() / "en-gingg-28.ini";
  { std::ofstream(easier) << "preset = swiss\n[phase1]\ntarget = 28\n"; }
  const Result s = run("solve --game en-gingg --format json --rules " + easier.string());
  ASSERT_EQ(s.code, 0) << s.err;
  const auto j = nlohmann::json::parse(s.out);
  EXPECT_NEAR(j["optimal_own"].get<double>(), 0.1519767127523 + 2, 1e-10);  // E[S] − 28: the same E[S]
  EXPECT_NE(j["rules"].get<std::string>().find("target=28"), std::string::npos);
  const Result changed = run("rules --game=en-gingg --set target=28 --set start=20");
  EXPECT_NE(changed.out.find("target = 28"), std::string::npos);
  EXPECT_NE(changed.out.find("start = 20"), std::string::npos);
}

TEST(EnGinggCli, SolvePrintsTheExactValues) {
  const Result r = run("solve --game en-gingg --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["game"], "en-gingg");
  EXPECT_EQ(j["exact"], true);
  EXPECT_NEAR(j["optimal_own"].get<double>(), 0.1519767127523, 1e-10);
  EXPECT_NEAR(j["optimal_own_plus_next"].get<double>(), 2.3465431995044, 1e-10);
  ASSERT_EQ(j["phase2"].size(), 6u);
  EXPECT_NEAR(j["phase2"][1]["expected_damage"].get<double>(), 2 * 1.7676699354662, 1e-10);
  const Result t = run("solve --game en-gingg");
  ASSERT_EQ(t.code, 0) << t.err;
  EXPECT_NE(t.out.find("0.1519767128"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("2.3465431995"), std::string::npos) << t.out;
}

TEST(EnGinggCli, EvaluateAgreesWithTheExactValue) {
  const Result r = run("evaluate --game en-gingg --policy optimal:own+next --turns 100000 --seed 3 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["seed"], 3);
  EXPECT_EQ(j["turns"], 100000);
  EXPECT_EQ(j["interrupted"], false);
  const auto& v = j["own_plus_next"];
  EXPECT_NEAR(v["exact"].get<double>(), 2.3465431995044, 1e-10);
  EXPECT_LT(std::abs(v["mean"].get<double>() - 2.3465431995044), 4 * v["stderr"].get<double>());
  const Result f = run("evaluate --game en-gingg --policy " + std::string(VERFLIXT_SOURCE_DIR) +
                       "/strategies/en-gingg/keep-fives.ini --turns 20000");
  ASSERT_EQ(f.code, 0) << f.err;
  EXPECT_NE(f.out.find("keep-fives"), std::string::npos);
}

TEST(EnGinggCli, TournamentPerSeatAndThreadIndependent) {
  const std::string args =
      "tournament --game en-gingg --seat optimal:own --seat optimal:own+next --seat keep-from:5 --games 3000 --format csv";
  const Result one = run(args + " --threads 1"), two = run(args + " --threads 2");
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_NE(one.out.find("seat,policy,games,losses,p_lose,stderr"), std::string::npos);
  EXPECT_NE(one.out.find("3,keep-from:5,3000,"), std::string::npos);
  const Result t = run("tournament --game en-gingg --seat keep-from:6 --seat keep-from:5 --games 2000");
  ASSERT_EQ(t.code, 0) << t.err;
  EXPECT_NE(t.out.find("P(losing)"), std::string::npos);
  EXPECT_NE(t.out.find("game length"), std::string::npos);
}

TEST(EnGinggCli, AdviseRanksTheSetAsides) {
  const Result r = run("advise --game en-gingg --dice 6,6,5,3,2,1 --format json --top 100");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["legal_set_asides"], 47);
  ASSERT_EQ(j["ranking"].size(), 47u);
  for (size_t k = 1; k < 47; ++k) EXPECT_GE(j["ranking"][k - 1]["value"].get<double>(), j["ranking"][k]["value"].get<double>());
  // Last die: no choice; the value is the sum's own change + E[loss]: 30 + 6 → 6 + 6 · E[hits].
  const Result last = run("advise --game en-gingg --dice 6 --aside 6,6,6,6,6 --format json");
  ASSERT_EQ(last.code, 0) << last.err;
  const auto l = nlohmann::json::parse(last.out);
  ASSERT_EQ(l["ranking"].size(), 1u);
  EXPECT_NEAR(l["ranking"][0]["value"].get<double>(), 6 + 6 * 1.7676699354662, 1e-10);
  const Result own = run("advise --game en-gingg --dice 6 --aside 6,6,6,6,6 --objective own");
  EXPECT_NE(own.out.find("+6.000000"), std::string::npos) << own.out;
}

TEST(EnGinggCli, BadInputExits2WithOneLine) {
  for (const char* args : {"tournament --game en-gingg --seat optimal:own", "evaluate --game en-gingg --policy greedy",
                           "evaluate --game en-gingg --policy keep-from:9", "evaluate --game en-gingg --turns 0",
                           "advise --game en-gingg", "advise --game en-gingg --dice 7,1",
                           "advise --game en-gingg --dice 6,6", "advise --game en-gingg --dice 6,6,6,6,6,6 --objective mine",
                           "rules --game en-gingg --set traget=3", "rules --game en-gingg --preset pub",
                           "rules --game en-gingg --rules /nonexistent.ini", "sweep --game en-gingg",
                           "solve --game en-ging --format csv", "solve --game en-gingg --set target=40"}) {
    const Result r = run(args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.out << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  }
}

// Eight dice beat the target of 30 so easily that every balance grows: no game ends, which
// is said as bad input (exit 2, the rules named), not as an internal error.
TEST(EnGinggCli, RulesUnderWhichNoGameEndsAreRefused) {
  for (const char* args : {"tournament --game en-gingg --seat optimal:own --seat keep-from:4 --games 20 --set dice=8",
                           "balance --game en-gingg --games 20 --set faces=9"}) {
    const Result r = run(args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.out << r.err;
    EXPECT_EQ(r.err.rfind("verflixt: en-gingg: no balance fell to 0 within a million turns under these rules", 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  }
}

// advise's question with the dice thrown and those aside, as the options give them; the
// other options at their defaults.
en_gingg::AdviceQuestion question(std::optional<std::string> dice, std::string aside) {
  en_gingg::AdviceQuestion q;
  q.dice = std::move(dice);
  q.aside = std::move(aside);
  return q;
}

// The message a refused question gives (empty: it was answered).
std::string refusal(const en_gingg::AdviceQuestion& q) {
  try {
    en_gingg::advise(en_gingg::EnGinggRules{}, q);
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "";
}

TEST(EnGinggCli, TheLibraryChecksAndAnswersTheAdviceQuestion) {
  EXPECT_EQ(refusal(question("6,6", "")),
            "--dice has 2 dice and --aside 0; together they must be the 6 dice, at least one thrown");
  EXPECT_EQ(refusal(question(std::nullopt, "")), "advise --game en-gingg needs --dice FACES, e.g. --dice 6,6,5,3,2,1");
  // With two dice aside this is the second or third throw (one or two throws before it).
  en_gingg::AdviceQuestion late = question("5,4,4,2", "6,6");
  late.throw_ = "4";
  EXPECT_EQ(refusal(late), "--throw 4 is out of range; valid: 2..3 with 2 dice aside");
  late.throw_ = "2";
  late.throws = 1;
  EXPECT_EQ(refusal(late), "give one of --throw and --throws, not both");
  // The last die has one choice: its sum 36 is 6 over the target 30, the own change; given
  // with --dice or, as the dice once were, with --throw.
  en_gingg::AdviceQuestion last = question("6", "66666"), as_throw = question(std::nullopt, "66666");
  as_throw.throw_ = "6";
  for (en_gingg::AdviceQuestion q : {last, as_throw}) {
    q.objective = "own";
    const en_gingg::Advice a = en_gingg::advise(en_gingg::EnGinggRules{}, q);
    ASSERT_EQ(a.ranked.size(), 1u);
    EXPECT_NEAR(a.ranked[0].value, 6.0, 1e-12);
    EXPECT_EQ(a.throws, 1);  // dice aside: not the first throw
  }
}

}  // namespace
}  // namespace verflixt::testing
