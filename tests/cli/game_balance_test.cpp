// `verflixt balance --game NAME` for Pig, Schocken, En Gingg as Bei and Zehntausend: Pig's exact
// per-row value against a value iteration written here, the Monte Carlo against it, and for
// every game the shape of the JSON, seat measures that sum to 1, the --vary errors and the
// same bytes on 1 and 2 threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "binary.h"

namespace verflixt::testing {
namespace {

// P(the player to move wins) at the start of two-player Pig (one die of 6 faces, 1 busts),
// both playing to maximize it: value iteration over (mine, theirs, turn total), independent
// of the solver. A turn total of 0 rolls (a hold comes after a roll); reaching the goal wins
// at once.
double pig_first_player_win(int goal) {
  const auto at = [goal](int i, int j, int k) { return (static_cast<size_t>(i) * goal + j) * goal + k; };
  std::vector<double> p(static_cast<size_t>(goal) * goal * goal, 0.0);
  for (double change = 1; change > 1e-15;) {
    change = 0;
    for (int i = 0; i < goal; ++i)
      for (int j = 0; j < goal; ++j)
        for (int k = 0; i + k < goal; ++k) {
          double roll = (1.0 - p[at(j, i, 0)]) / 6.0;
          for (int face = 2; face <= 6; ++face) roll += (i + k + face >= goal ? 1.0 : p[at(i, j, k + face)]) / 6.0;
          const double hold = k > 0 ? 1.0 - p[at(j, i + k, 0)] : 0.0;
          const double v = std::max(roll, hold);
          change = std::max(change, std::abs(v - p[at(i, j, k)]));
          p[at(i, j, k)] = v;
        }
  }
  return p[at(0, 0, 0)];
}

nlohmann::json json_of(const std::string& args) {
  const Result r = run(args + " --format json");
  EXPECT_EQ(r.code, 0) << args << ": " << r.err;
  const auto j = nlohmann::json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << args << ":\n" << r.out;
  return j;
}

TEST(GameBalance, PigExactRowsMatchAnIndependentIterationAndTheMonteCarlo) {
  const nlohmann::json j = json_of("balance --game pig --vary goal=10..30:10 --games 4000 --seed 7");
  ASSERT_EQ(j["rows"].size(), 3u);
  for (size_t k = 0; k < 3; ++k) {
    const nlohmann::json& row = j["rows"][k];
    const int goal = 10 + 10 * static_cast<int>(k);
    EXPECT_EQ(row["value"], std::to_string(goal));
    const double exact = pig_first_player_win(goal);
    EXPECT_NEAR(row["exact_seat1_p_win"].get<double>(), exact, 1e-9) << "goal " << goal;
    const double mc = row["seat1_p_win"].get<double>(), se = row["seat1_p_win_stderr"].get<double>();
    ASSERT_GT(se, 0);
    EXPECT_LT(std::abs(mc - exact), 4 * se) << "goal " << goal << ": " << mc << " ± " << se << " vs " << exact;
    EXPECT_NEAR(row["seat1_edge"].get<double>(), mc - 0.5, 1e-12);
  }
}

struct GameCase {
  std::string game, vary, games, measure;
  size_t rows;
};

const std::vector<GameCase> kCases = {
    {"pig", "goal=20,40", "2000", "p_win", 2},
    {"schocken", "chips=5..13:8", "1000", "p_pay", 2},
    {"en-gingg", "start=10,20", "1000", "p_lose", 2},
    {"zehntausend", "limit=2000..4000:2000", "3000", "p_win", 2},
};

TEST(GameBalance, OneRowPerValueAndSeatMeasuresSumToOne) {
  for (const auto& c : kCases) {
    const std::string args = "balance --game " + c.game + " --vary " + c.vary + " --games " + c.games + " --seed 3";
    const nlohmann::json j = json_of(args);
    ASSERT_EQ(j["rows"].size(), c.rows) << args;
    EXPECT_EQ(j["measure"], c.measure) << args;
    std::map<std::string, double> sums;
    std::map<std::string, int> seats;
    for (const auto& s : j["seats"]) {
      sums[s["value"].get<std::string>()] += s[c.measure].get<double>();
      ++seats[s["value"].get<std::string>()];
    }
    ASSERT_EQ(sums.size(), c.rows) << args;
    for (const auto& row : j["rows"]) {
      const std::string v = row["value"];
      EXPECT_NEAR(sums[v], 1.0, 1e-9) << args << " at " << v;  // one winner (ties shared), one payer, one loser
      EXPECT_EQ(seats[v], row["players"].get<int>()) << args;
      EXPECT_GE(seats[v], 2) << args;
    }
  }
}

TEST(GameBalance, SameSeedSameBytesOnOneAndTwoThreads) {
  for (const auto& c : kCases) {
    const std::string args = "balance --game " + c.game + " --vary " + c.vary + " --games " + c.games + " --seed 5 --format json";
    const Result one = run(args + " --threads 1"), two = run(args + " --threads 2");
    ASSERT_EQ(one.code, 0) << args << ": " << one.err;
    EXPECT_EQ(one.out, two.out) << args;
  }
}

TEST(GameBalance, MistypedVaryKeyIsOneLineWithDidYouMean) {
  for (const auto& [game, key] : std::vector<std::pair<std::string, std::string>>{
           {"pig", "goall=10..20"}, {"schocken", "chipz=5,6"}, {"en-gingg", "strat=10,20"}, {"zehntausend", "limt=2000,3000"}}) {
    const Result r = run("balance --game " + game + " --vary " + key + " --games 10");
    EXPECT_EQ(r.code, 2) << game << ": " << r.err;
    EXPECT_NE(r.err.find("did you mean"), std::string::npos) << game << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << game << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << game;
  }
}

TEST(GameBalance, RangeOfANonIntegerKeyIsRefusedWithTheListForm) {
  for (const auto& [game, key] : std::vector<std::pair<std::string, std::string>>{{"schocken", "final"}, {"zehntausend", "hot_dice"}}) {
    const Result r = run("balance --game " + game + " --vary " + key + "=0..1 --games 10");
    EXPECT_EQ(r.code, 2) << game << ": " << r.err;
    EXPECT_NE(r.err.find(key + "=v1,v2,..."), std::string::npos) << game << ": " << r.err;
    EXPECT_NE(r.err.find("true, false"), std::string::npos) << game << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << game << ": " << r.err;
  }
  // The list form takes it.
  const nlohmann::json j = json_of("balance --game zehntausend --vary hot_dice=true,false --games 1000");
  EXPECT_EQ(j["rows"].size(), 2u);
}

TEST(GameBalance, RulesAgainstPresetGiveTwoRowsAndTheirDifference) {
  const nlohmann::json j = json_of("balance --game pig --set goal=20 --games 2000");
  ASSERT_EQ(j["rows"].size(), 2u);
  EXPECT_EQ(j["rows"][0]["ruleset"], "preset");
  EXPECT_EQ(j["rows"][1]["ruleset"], "rules");
  const double a = j["rows"][0]["seat1_edge"], b = j["rows"][1]["seat1_edge"];
  const double sa = j["rows"][0]["seat1_edge_stderr"], sb = j["rows"][1]["seat1_edge_stderr"];
  EXPECT_NEAR(j["seat1_edge_difference"].get<double>(), b - a, 1e-12);
  EXPECT_NEAR(j["seat1_edge_difference_stderr"].get<double>(), std::sqrt(sa * sa + sb * sb), 1e-12);
  EXPECT_NE(j["difference_stderr"].get<std::string>().find("conservative"), std::string::npos);
}

// Kniffel's balance samples the bonus only when asked: --games 0 solves the rows alone, with
// the same exact scores and no bonus column.
TEST(GameBalance, KniffelWithoutGamesSolvesTheRowsAlone) {
  const std::string ask = "kniffel balance --set throws=1 --no-cache --vary bonus=0,35";
  const Result r = run(ask + " --games 0 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json none = nlohmann::json::parse(r.out);
  const nlohmann::json some = json_of(ask + " --games 50");
  ASSERT_EQ(none["rows"].size(), 2u);
  EXPECT_FALSE(none.contains("games"));
  for (std::size_t k = 0; k < 2; ++k) {
    EXPECT_FALSE(none["rows"][k].contains("p_bonus"));
    EXPECT_TRUE(some["rows"][k].contains("p_bonus"));
    EXPECT_EQ(none["rows"][k]["expected_score"], some["rows"][k]["expected_score"]);
  }
}

// Pig's --goal is --set goal=N in balance as in every pig command: the same rows, bit for bit.
TEST(GameBalance, PigsGoalOptionIsTheSetItStandsFor) {
  const nlohmann::json shorthand = json_of("balance --game pig --goal 20 --games 500 --seed 3");
  const nlohmann::json set = json_of("balance --game pig --set goal=20 --games 500 --seed 3");
  ASSERT_EQ(shorthand["rows"].size(), 2u);
  EXPECT_EQ(shorthand["rows"], set["rows"]);
  EXPECT_NE(shorthand["rows"][1]["rules"].get<std::string>().find("goal=20"), std::string::npos);
}

// A sweep that leaves out the rules' own value still shows it, in its place, and every change
// is measured from it: "what if the bonus were 0 or 10?" against the 35 played now.
TEST(GameBalance, KniffelSweepKeepsTheRulesOwnValueAsTheRowChangesAreMeasuredFrom) {
  const nlohmann::json j = json_of("kniffel balance --set throws=1 --no-cache --vary bonus=0,50");
  EXPECT_EQ(j["change_from"], "bonus=35");
  ASSERT_EQ(j["rows"].size(), 3u);
  std::vector<std::string> values;
  for (const auto& row : j["rows"]) values.push_back(row["value"]);
  EXPECT_EQ(values, (std::vector<std::string>{"0", "35", "50"}));
  std::map<std::string, double> solved;  // each ruleset solved alone by `solve`
  for (const std::string v : {"0", "35", "50"})
    solved[v] = json_of("kniffel solve --set throws=1 --no-cache --set bonus=" + v)["expected_score"];
  for (const auto& row : j["rows"]) {
    const std::string v = row["value"];
    EXPECT_DOUBLE_EQ(row["expected_score"].get<double>(), solved[v]) << v;
    EXPECT_NEAR(row["change"].get<double>(), solved[v] - solved["35"], 1e-9) << v;
  }
  EXPECT_LT(j["rows"][0]["change"].get<double>(), 0);
  EXPECT_GT(j["rows"][2]["change"].get<double>(), 0);
}

// Past the goals the exact solver takes, the default seats hold at 20 instead of refusing.
TEST(GameBalance, PigBeyondTheSolvedGoalsSeatsHoldAt20) {
  const nlohmann::json j = json_of("balance --game pig --goal 300 --games 100");
  ASSERT_EQ(j["rows"].size(), 2u);
  EXPECT_EQ(j["rows"][1]["rules"], "goal=300 faces=6 bust_face=1 players=2");
  EXPECT_TRUE(j["rows"][1]["exact_seat1_p_win"].is_null());
  ASSERT_EQ(j["seats"].size(), 4u);
  EXPECT_EQ(j["seats"][0]["policy"], "optimal");  // the preset's goal 100
  EXPECT_EQ(j["seats"][2]["policy"], "hold:20");
}

TEST(GameBalance, InputThatChangesNothingIsWarnedAbout) {
  const Result preset = run("balance --game pig --set goal=100 --games 100");
  EXPECT_EQ(preset.code, 0) << preset.err;
  EXPECT_NE(preset.err.find("warning"), std::string::npos) << preset.err;
  // --seat fixes the players, so varying them changes nothing.
  const Result players = run("balance --game pig --seat hold:20 --seat hold:25 --vary players=2,3 --games 100");
  EXPECT_EQ(players.code, 0) << players.err;
  EXPECT_NE(players.err.find("warning"), std::string::npos) << players.err;
  const Result changed = run("balance --game pig --vary goal=20,30 --games 100");
  EXPECT_EQ(changed.err.find("warning"), std::string::npos) << changed.err;
  // Every row sets the varied rule: a --set of it, in any spelling, is overwritten, and the rows
  // are the ones without it; a --set of another rule is read.
  const Result overwritten = run("balance --game pig --vary goal=20,30 --set GOAL=50 --set faces=5 --games 100");
  const Result faces = run("balance --game pig --vary goal=20,30 --set faces=5 --games 100");
  ASSERT_EQ(overwritten.code, 0) << overwritten.err;
  EXPECT_EQ(overwritten.err, "verflixt: warning: --set GOAL=50 changes nothing: --vary goal sets it in every row\n");
  EXPECT_EQ(faces.err, "");
  const auto rows = [](const std::string& out) { return out.substr(out.find("seats:")); };  // the header names the base rules
  EXPECT_EQ(rows(overwritten.out), rows(faces.out));
}

}  // namespace
}  // namespace verflixt::testing

namespace verflixt::testing {
namespace {

// The decided line opens the answer and follows the rows: the change's effect on seat 1's
// edge beyond 2 SE or not, fairer where the edge moved towards 0; a sweep names the value
// whose edge lies nearest 0.
TEST(GameBalance, OneDecidedLineFollowsTheRows) {
  for (const std::string ask : {"balance --game pig --set goal=20 --games 2000", "balance --game zehntausend --set bankrott=false --games 20000",
                                "balance --game schocken --set chips=9 --games 4000"}) {
    const auto r = run(ask + " --format json");
    ASSERT_EQ(r.code, 0) << ask << ": " << r.err;
    const auto j = nlohmann::ordered_json::parse(r.out);
    ASSERT_EQ(j.begin().key(), "verdict") << ask;
    const std::string verdict = j["verdict"];
    const double a = j["rows"][0]["seat1_edge"], b = j["rows"][1]["seat1_edge"];
    const double change = j["seat1_edge_difference"], se = j["seat1_edge_difference_stderr"];
    if (std::abs(change) <= 2 * se) {
      EXPECT_EQ(verdict.rfind("no measurable change in fairness", 0), 0u) << ask << ": " << verdict;
    } else {
      EXPECT_EQ(verdict.rfind(std::abs(b) < std::abs(a) ? "the change makes the game fairer" : "the change makes the game less fair", 0), 0u)
          << ask << ": " << verdict;
    }
    const auto text = run(ask);
    EXPECT_EQ(text.out.substr(0, text.out.find('\n')), verdict) << ask;
  }
  const auto vary = run("balance --game pig --vary goal=10..30:10 --games 2000 --format json");
  ASSERT_EQ(vary.code, 0) << vary.err;
  const auto j = nlohmann::json::parse(vary.out);
  std::string fairest;
  double nearest = 2;
  for (const auto& row : j["rows"])
    if (std::abs(row["seat1_edge"].get<double>()) < nearest) nearest = std::abs(row["seat1_edge"].get<double>()), fairest = row["value"];
  EXPECT_EQ(j["verdict"].get<std::string>().rfind("fairest at goal=" + fairest + ":", 0), 0u) << j["verdict"];
  // Kniffel, a game alone: the line names the best and the worst value of the exact scores.
  const auto kniffel = run("kniffel balance --set throws=1 --set bonus_threshold=3 --no-cache --vary bonus=0,35 --format json");
  ASSERT_EQ(kniffel.code, 0) << kniffel.err;
  const auto k = nlohmann::ordered_json::parse(kniffel.out);
  ASSERT_EQ(k.begin().key(), "verdict");
  const bool higher = k["rows"][1]["expected_score"].get<double>() > k["rows"][0]["expected_score"].get<double>();
  EXPECT_EQ(k["verdict"].get<std::string>().rfind(std::string("the best expected score is highest at bonus=") + (higher ? "35" : "0"), 0), 0u)
      << k["verdict"];
}

}  // namespace
}  // namespace verflixt::testing
