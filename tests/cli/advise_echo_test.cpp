// advise says what it understood and what it did not use: every option of `advise --help`
// is echoed under its own key in the JSON situation; each input that changes nothing, or is
// dropped, gets a warning — and the claim is checked by running without that input; a plain
// situation gets no warning; the verdict comes first and agrees with the ranking.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "binary.h"

namespace {

using verflixt::testing::Result;
using verflixt::testing::run;

nlohmann::json advise_json(const std::string& args) {
  const Result r = run("advise " + args + " --threads 1 --format json");
  EXPECT_EQ(r.code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

// The long option names `advise --help` lists, without the output options (where the
// answer goes, not what it is about) and help itself.
std::set<std::string> advise_options() {
  const Result r = run("advise --help");
  EXPECT_EQ(r.code, 0);
  std::set<std::string> names;
  const std::regex option(R"(^\s+(?:-\w \[ )?--([a-z][a-z-]*))");
  std::istringstream in(r.out);
  std::string line;
  std::smatch m;
  while (std::getline(in, line))
    if (std::regex_search(line, m, option)) names.insert(m[1]);
  for (const char* skip : {"help", "format", "output"}) names.erase(skip);
  return names;
}

bool mentions(const nlohmann::json& warnings, const std::string& text) {
  for (const auto& w : warnings)
    if (w.get<std::string>().find(text) != std::string::npos) return true;
  return false;
}

TEST(AdviseEcho, EveryInputAppearsInTheSituation) {
  const std::set<std::string> options = advise_options();
  ASSERT_GE(options.size(), 20u);  // the situation, the continuation, sampling and rules options
  for (const char* expected : {"turn-total", "score", "other", "jokers", "robbing-ones", "others-jokers", "passes-left", "objective", "seed"})
    EXPECT_TRUE(options.count(expected)) << expected;
  const nlohmann::json j = advise_json(
      "--turn-total 15 --robbing-ones 1 --jokers hirtenschutz,pony --frost-used 0 --floor 6 --score 30 --other 22:p:40 "
      "--other 0:j:25 --other 0:z:10 --order 3 --others-jokers ventil --objective win --passes-left 2 --samples 200 "
      "--seed 9 --set turn.rob_cap=3");
  const auto& s = j.at("situation");
  for (const std::string& name : options) {
    std::string key = name;
    for (char& c : key) c = c == '-' ? '_' : c;
    EXPECT_TRUE(s.contains(key)) << "--" << name << " is not echoed as situation." << key;
  }
  // The values as given.
  EXPECT_EQ(s.at("turn_total"), 15);
  EXPECT_EQ(s.at("robbing_ones"), 1);
  EXPECT_EQ(s.at("jokers"), nlohmann::json({"hirtenschutz", "pony"}));
  EXPECT_EQ(s.at("floor"), 6);
  EXPECT_EQ(s.at("score"), 30);
  EXPECT_EQ(s.at("other").size(), 3u);
  EXPECT_EQ(s.at("other")[0].at("score"), 40);
  EXPECT_EQ(s.at("other")[1].at("status"), "jungfrau");
  EXPECT_EQ(s.at("order"), nlohmann::json({3}));
  EXPECT_EQ(s.at("others_jokers"), nlohmann::json({"ventil"}));
  EXPECT_EQ(s.at("objective"), "win");
  EXPECT_EQ(s.at("passes_left"), 2);
  EXPECT_EQ(s.at("samples"), 200);
  EXPECT_EQ(s.at("seed"), 9);
  EXPECT_EQ(s.at("set"), nlohmann::json({"turn.rob_cap=3"}));
  // The text says the same: every line of the JSON's situation, in the table output.
  const Result t = run("advise --turn-total 15 --robbing-ones 1 --jokers hirtenschutz,pony --floor 6 --score 30 --other 22:p:40 "
                       "--other 0:j:25 --other 0:z:10 --order 3 --others-jokers ventil --objective win --passes-left 2 "
                       "--samples 200 --seed 9 --set turn.rob_cap=3 --threads 1");
  ASSERT_EQ(t.code, 0) << t.err;
  for (const auto& line : s.at("lines")) EXPECT_NE(t.out.find(line.get<std::string>()), std::string::npos) << line;
  EXPECT_NE(t.out.find("jokers of each Jungfrau still to play: ventil"), std::string::npos);
  EXPECT_NE(t.out.find("robbing 1s thrown so far this turn: 1"), std::string::npos);
}

TEST(AdviseEcho, OthersJokersTheirPolicyNeverPlaysAreWarnedAndChangeNothing) {
  const std::string table = "--turn-total 14 --other 18:p --other 0:j --objective win --samples 3000 --seed 4";
  const nlohmann::json with = advise_json(table + " --others-jokers pony,fumo");
  const nlohmann::json without = advise_json(table);
  EXPECT_TRUE(mentions(with.at("warnings"), "pony and fumo change nothing"));
  EXPECT_TRUE(mentions(with.at("warnings"), "threshold:20 never announces a joker"));
  EXPECT_EQ(with.at("actions"), without.at("actions"));  // the warning's claim, checked
  EXPECT_TRUE(without.at("warnings").empty());
  // A policy file that plays jokers: no such warning.
  const nlohmann::json heuristic =
      advise_json(table + " --others-jokers pony,fumo --others-policy strategies/heuristic.ini");
  EXPECT_FALSE(mentions(heuristic.at("warnings"), "change nothing"));
}

TEST(AdviseEcho, EyesOfAJungfrauStillToPlayAreEchoedAndWarned) {
  // Not dropped: a Jungfrau robbed before her turn starts it from her eyes (engine.cpp), so
  // 22:j plays otherwise than 0:j; the warning says what 22:j means and how to say "stopped".
  const std::string table = "--turn-total 14 --other 18:p --objective win --samples 2000 --seed 4";
  const nlohmann::json with = advise_json(table + " --other 22:j");
  EXPECT_TRUE(mentions(with.at("warnings"), "player 3 is a Jungfrau still to play: she starts her turn from the 22 eyes"));
  EXPECT_TRUE(mentions(with.at("warnings"), "is 22:p"));
  EXPECT_EQ(with.at("situation").at("other")[1].at("eyes"), 22);
  EXPECT_TRUE(mentions(with.at("situation").at("lines"), "player 3: Jungfrau with 22 eyes before her turn, plays 1st"));
  const nlohmann::json zero = advise_json(table + " --other 0:j");
  EXPECT_NE(with.at("actions"), zero.at("actions"));
  EXPECT_TRUE(zero.at("warnings").empty());
}

TEST(AdviseEcho, JokersActingByThemselvesAreNamedSo) {
  const nlohmann::json j =
      advise_json("--turn-total 15 --jokers \"Cherrys Höschen,jule,runkelrueb\" --other 22:p --objective win");
  ASSERT_EQ(j.at("warnings").size(), 1u);
  EXPECT_TRUE(mentions(j.at("warnings"), "jule and runkelrueb act by themselves"));
  EXPECT_FALSE(mentions(j.at("warnings"), "unused"));
  // They change the answer although they are no action: roll with them against without.
  const nlohmann::json bare = advise_json("--turn-total 15 --jokers cherry --other 22:p --objective win");
  double roll_with = -1, roll_without = -1;
  for (const auto& a : j.at("actions"))
    if (a.at("action") == "roll") roll_with = a.at("value");
  for (const auto& a : bare.at("actions"))
    if (a.at("action") == "roll") roll_without = a.at("value");
  EXPECT_GT(roll_with, roll_without + 0.1);
}

TEST(AdviseEcho, MonteCarloSettingsOfAnExactAnswerAreWarned) {
  const nlohmann::json j = advise_json("--turn-total 18 --other 20:p --other 12:p --other 0:z --samples 500 --seed 3");
  ASSERT_EQ(j.at("method").get<std::string>().rfind("exact", 0), 0u);
  EXPECT_TRUE(mentions(j.at("warnings"), "--samples and --seed change nothing: the answer is exact"));
}

TEST(AdviseEcho, APlainSituationHasNoWarningAndTheVerdictComesFirst) {
  const nlohmann::json j = advise_json("--turn-total 18 --other 20:p --other 12:p --other 0:j --samples 4000");
  EXPECT_TRUE(j.at("warnings").empty()) << j.at("warnings");
  // Roll leads stop by far more than 2 paired SE (the ranking's own numbers).
  ASSERT_EQ(j.at("actions")[0].at("action"), "roll");
  const auto& stop = j.at("actions")[1];
  ASSERT_LT(stop.at("versus_best").get<double>() + 2 * stop.at("versus_best_stderr").get<double>(), 0);
  EXPECT_EQ(j.at("verdict"), "roll on; stop is clearly worse (by P(not a loser))");
  const Result t = run("advise --turn-total 18 --other 20:p --other 12:p --other 0:j --samples 4000 --threads 1");
  ASSERT_EQ(t.code, 0) << t.err;
  EXPECT_EQ(t.out.substr(0, t.out.find('\n')), j.at("verdict").get<std::string>());
  EXPECT_EQ(t.out.find("warning"), std::string::npos);
  EXPECT_NE(t.out.find(" s wall time)"), std::string::npos);
}

TEST(AdviseEcho, TiedActionsAreSaidToBeTied) {
  // Everyone is a loser with 3 players (P3: at least 3 losers): every action is 0 ± 0.
  const nlohmann::json j = advise_json("--turn-total 14 --other 18:p --other 0:j --samples 500");
  EXPECT_EQ(j.at("verdict"), "too close to call: roll and stop are tied within their errors (by P(not a loser))");
}

}  // namespace
