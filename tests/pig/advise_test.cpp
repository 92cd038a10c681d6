// `verflixt advise --game pig` through the built binary: the two choices' P(win) against an
// independent value iteration written here (a small goal), the published goal-100 value, and
// one-line errors for a situation that cannot occur; and the same question asked of the
// library directly.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "binary.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/games/pig/answers.h"

namespace verflixt::testing {
namespace {

// Two-player Pig with a six-sided die and bust face 1, solved by in-place value iteration
// straight from Neller & Presser's equations: P[i][j][k] for the player to move.
struct SmallPig {
  int goal;
  std::vector<double> p;
  explicit SmallPig(int g) : goal(g), p(static_cast<size_t>(g * g * g), 0.0) {
    for (int sweep = 0; sweep < 10000; ++sweep) {
      double change = 0;
      for (int i = 0; i < goal; ++i)
        for (int j = 0; j < goal; ++j)
          for (int k = 0; i + k < goal; ++k) {
            const double v = std::max(roll(i, j, k), hold(i, j, k));
            change = std::max(change, std::abs(v - at(i, j, k)));
            at(i, j, k) = v;
          }
      if (change < 1e-15) break;
    }
  }
  double& at(int i, int j, int k) { return p[static_cast<size_t>((i * goal + j) * goal + k)]; }
  double roll(int i, int j, int k) {
    double sum = 1.0 - at(j, i, 0);  // face 1: the turn total is lost, the opponent moves
    for (int f = 2; f <= 6; ++f) sum += i + k + f >= goal ? 1.0 : at(i, j, k + f);
    return sum / 6.0;
  }
  double hold(int i, int j, int k) { return i + k >= goal ? 1.0 : 1.0 - at(j, i + k, 0); }
};

TEST(PigAdvise, RanksRollAndHoldByTheExactWinProbability) {
  SmallPig pig(12);
  const struct {
    int mine, theirs, turn;
  } cases[] = {{0, 0, 0}, {3, 7, 4}, {9, 2, 2}, {0, 11, 6}, {10, 10, 0}};
  for (const auto& c : cases) {
    const Result r = run("advise --game pig --goal 12 --score " + std::to_string(c.mine) + " --other " +
                         std::to_string(c.theirs) + " --turn-total " + std::to_string(c.turn) + " --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["exact"], true);
    EXPECT_EQ(j["score"], c.mine);
    EXPECT_EQ(j["other"], c.theirs);
    EXPECT_EQ(j["turn_total"], c.turn);
    const double roll = pig.roll(c.mine, c.theirs, c.turn), hold = pig.hold(c.mine, c.theirs, c.turn);
    ASSERT_EQ(j["choices"].size(), 2u);
    for (const auto& choice : j["choices"])
      EXPECT_NEAR(choice["p_win"].get<double>(), choice["choice"] == "roll" ? roll : hold, 1e-9) << r.out;
    EXPECT_EQ(j["best"], roll >= hold ? "roll" : "hold") << r.out;
    EXPECT_EQ(j["choices"][0]["choice"], j["best"]);
  }
}

TEST(PigAdvise, TheFirstRollOfTheClassicGameIsThePublishedValue) {
  const Result r = run("advise --game pig --format csv");
  ASSERT_EQ(r.code, 0) << r.err;
  // Neller & Presser (2004): the first player wins 0.5306 of games under optimal play.
  ASSERT_NE(r.out.find("\nrank,choice,p_win\n1,roll,0.5305"), std::string::npos) << r.out;
  const Result t = run("advise --game pig --score 90 --other 95 --turn-total 9");
  ASSERT_EQ(t.code, 0) << t.err;
  // One more point wins on any face but the 1 (more than 5/6), while holding at 99 hands the
  // opponent a turn in which 5 points win the game: roll, and keep rolling.
  EXPECT_NE(t.out.find("my score 90, other 95, turn total 9"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("1. roll"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("rolls until the goal"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("exact"), std::string::npos) << t.out;
}

TEST(PigAdvise, ASituationPastTheGoalIsOneLineAndExitTwo) {
  for (const std::string args : {"--goal 20 --score 12 --turn-total 8", "--goal 20 --other 20", "--goal 20 --score 25",
                                 "--score -1", "--goal 300"}) {
    const Result r = run("advise --game pig " + args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

TEST(PigAdvise, TheLibraryChecksAndAnswersTheQuestion) {
  pig::PigRules rules;
  rules.goal = 12;
  try {
    pig::situation(rules, {.score = 5, .other = 0, .turn_total = 7});
    ADD_FAILURE() << "5 + 7 reaches the goal 12";
  } catch (const core::InputError& e) {
    EXPECT_STREQ(e.what(), "--turn-total 7: with --score 5 the goal 12 is reached, and the game is won; valid: 0..6");
  }
  EXPECT_THROW(pig::situation(rules, {.score = 0, .other = 12, .turn_total = 0}), core::InputError);
  SmallPig reference(12);
  const std::optional<pig::Advice> advice = pig::advise(rules, {.score = 3, .other = 7, .turn_total = 4}, {});
  ASSERT_TRUE(advice);
  EXPECT_NEAR(advice->roll, reference.roll(3, 7, 4), 1e-9);
  EXPECT_NEAR(advice->hold, reference.hold(3, 7, 4), 1e-9);
  // A solve stopped before it converged gives no advice.
  const std::atomic<bool> stop{true};
  core::RunControl stopped;
  stopped.stop = &stop;
  EXPECT_FALSE(pig::advise(rules, {.score = 3, .other = 7, .turn_total = 4}, stopped));
}

TEST(PigAdvise, TwoOptimalSeatsAreWorthTheSolvedStart) {
  pig::PigRules rules;
  rules.goal = 12;
  SmallPig reference(12);
  const std::optional<pig::MatchValue> both = pig::solved_value(pig::Seating(rules, {"optimal", "optimal"}));
  ASSERT_TRUE(both);
  EXPECT_NEAR(both->first_player_win, reference.at(0, 0, 0), 1e-9);
  EXPECT_FALSE(pig::solved_value(pig::Seating(rules, {"optimal", "hold:5"})));
  try {
    pig::solve_answer(rules, {.tolerance = 1e-9, .step = 13, .write_policy = std::nullopt}, {});
    ADD_FAILURE() << "a step past the goal";
  } catch (const core::InputError& e) {
    EXPECT_STREQ(e.what(), "--step 13 is out of range; valid: 1..12 (at most the goal)");
  }
}

}  // namespace
}  // namespace verflixt::testing

namespace verflixt::testing {
namespace {

// Ctrl-C in the middle of a solve: the levels swept so far are no value of the game (P(first
// wins) would read 0), so the solve is no answer at all and writes no policy file.
TEST(PigStopped, ASolveStoppedBeforeTheEndIsNoAnswerAndWritesNoFile) {
  pig::PigRules rules;
  rules.goal = 30;
  const std::atomic<bool> stop{true};
  core::RunControl stopped;
  stopped.stop = &stop;
  const auto file = scratch() / "stopped.policy";
  std::filesystem::remove(file);
  EXPECT_THROW(pig::solve_answer(rules, {.tolerance = 1e-12, .step = std::nullopt, .write_policy = file.string()}, stopped),
               core::Interrupted);
  EXPECT_FALSE(std::filesystem::exists(file));
  // Unstopped, the same question answers and writes its file.
  const pig::SolveAnswer whole = pig::solve_answer(rules, {.tolerance = 1e-12, .step = std::nullopt,
                                                           .write_policy = file.string()}, {});
  EXPECT_NEAR(whole.solution.win_probability(0, 0, 0), SmallPig(30).at(0, 0, 0), 1e-9);
  EXPECT_TRUE(std::filesystem::exists(file));
}

// Ctrl-C while the games of an evaluation are played keeps the games played: the exact value
// beside them is work after the stop, and is left out rather than losing the games.
TEST(PigStopped, AnEvaluationStoppedDuringItsGamesKeepsThem) {
  pig::PigRules rules;
  rules.goal = 30;
  std::atomic<bool> stop{false};
  core::RunControl control;
  control.stop = &stop;
  control.progress = [&stop](std::uint64_t done, std::uint64_t) {
    if (done > 0) stop = true;  // Ctrl-C once the first games are in
  };
  const pig::Seating seating(rules, {"hold:10", "hold:10"});
  const pig::MatchAnswer a =
      pig::play_match(rules, seating, {.games = 1u << 30, .seed = 1, .threads = 1, .tournament = false, .exact = true},
                      control);
  EXPECT_TRUE(a.run.interrupted);
  EXPECT_GT(a.run.completed, 0u);
  EXPECT_LT(a.run.completed, 1u << 30);
  EXPECT_FALSE(a.exact.has_value());
  // Not stopped, the exact value is there.
  const pig::MatchAnswer whole =
      pig::play_match(rules, seating, {.games = 1000, .seed = 1, .threads = 1, .tournament = false, .exact = true}, {});
  EXPECT_TRUE(whole.exact.has_value());
}

}  // namespace
}  // namespace verflixt::testing
