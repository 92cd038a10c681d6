// `verflixt ... --game zehntausend` through the built binary: exit codes, the key numbers
// (checked against each other's independent routes and against values worked out by hand),
// and one-line errors with exit code 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <cmath>
#include <nlohmann/json.hpp>

#include "../binary.h"
#include "verflixt/core/error.h"
#include "verflixt/games/zehntausend/answers.h"

namespace verflixt::testing {
namespace {

TEST(ZehntausendCli, RulesPrintAndReadBack) {
  const Result r = run("rules --game zehntausend --set bank_min=300 --set bankrott=false");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("bank_min = 300"), std::string::npos);
  EXPECT_NE(r.out.find("bankrott = false"), std::string::npos);
  const auto file = scratch() / "zt.ini";
  { std::ofstream(file) << r.out; }
  const Result back = run("rules --game zehntausend --rules " + file.string());
  ASSERT_EQ(back.code, 0) << back.err;
  EXPECT_EQ(back.out, r.out);
  const Result bad = run("rules --game zehntausend --set bank_minn=300");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("did you mean bank_min"), std::string::npos) << bad.err;
  EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1);
  EXPECT_EQ(run("rules --game zehntausend --preset pub").code, 2);
}

TEST(ZehntausendCli, SolveWritesAPolicyThatEvaluatesToTheSameValue) {
  const auto file = scratch() / "zt.policy";
  const Result s = run("solve --game zehntausend --format json --write-policy " + file.string());
  ASSERT_EQ(s.code, 0) << s.err;
  const auto j = nlohmann::json::parse(s.out);
  EXPECT_EQ(j["exact"], true);
  EXPECT_NEAR(j["p_first_throw_niete"].get<double>(), 1080.0 / 46656.0, 1e-12);
  EXPECT_EQ(j["bank_thresholds"].size(), 6u);
  const Result e = run("evaluate --game zehntausend --exact --format json --policy policy:" + file.string());
  ASSERT_EQ(e.code, 0) << e.err;
  const auto k = nlohmann::json::parse(e.out);
  EXPECT_NEAR(k["exact_turn_value"].get<double>(), j["turn_value"].get<double>(), 1e-9);
  const Result table = run("solve --game zehntausend");
  EXPECT_NE(table.out.find("bank once the turn total reaches"), std::string::npos);
}

TEST(ZehntausendCli, EvaluateMonteCarloAgreesWithExact) {
  const Result e = run("evaluate --game zehntausend --policy bank:600 --turns 100000 --seed 4 --format json");
  ASSERT_EQ(e.code, 0) << e.err;
  const auto j = nlohmann::json::parse(e.out);
  EXPECT_LT(std::abs(j["mean_points"].get<double>() - j["exact_turn_value"].get<double>()), 4 * j["stderr"].get<double>());
  EXPECT_EQ(j["interrupted"], false);
  const Result h = run("evaluate --game zehntausend --exact --policy heuristic:" + std::string(VERFLIXT_SOURCE_DIR) +
                       "/strategies/zehntausend/heuristic.ini --format json");
  ASSERT_EQ(h.code, 0) << h.err;
  const auto hj = nlohmann::json::parse(h.out);
  EXPECT_LT(hj["exact_turn_value"].get<double>(), hj["optimal_turn_value"].get<double>());
  EXPECT_EQ(run("evaluate --game zehntausend --policy bnak:600").code, 2);
}

// --games and --against are the race policies': beside a turn policy they are warned about, but
// a policy that is no turn policy is refused first, alone, with no warning that takes it for one.
TEST(ZehntausendCli, EvaluateRefusesANonTurnPolicyBeforeWarningAboutRaceOptions) {
  for (const char* policy : {"race", "rcae"}) {
    const Result r = run(std::string("evaluate --game zehntausend --games 50 --policy ") + policy);
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.find("warning"), std::string::npos) << r.err;
  }
  const Result turn = run("evaluate --game zehntausend --games 50 --policy bank:600 --exact");
  ASSERT_EQ(turn.code, 0) << turn.err;
  EXPECT_NE(turn.err.find("verflixt: warning: --games changes nothing for a turn policy"), std::string::npos) << turn.err;
}

TEST(ZehntausendCli, TournamentOfEqualPoliciesIsFairOverRotations) {
  const Result t = run("tournament --game zehntausend --seat optimal --seat optimal --games 100000 --seed 2 --format json");
  ASSERT_EQ(t.code, 0) << t.err;
  const auto j = nlohmann::json::parse(t.out);
  // The same policy twice: each wins half by symmetry, whatever the first-player edge.
  for (const auto& p : j["by_policy"]) EXPECT_LT(std::abs(p["p_win"].get<double>() - 0.5), 4 * p["stderr"].get<double>());
  EXPECT_NEAR(j["by_seat"][0]["p_win"].get<double>() + j["by_seat"][1]["p_win"].get<double>(), 1.0, 1e-12);
  EXPECT_EQ(run("tournament --game zehntausend --seat optimal").code, 2);
}

TEST(ZehntausendCli, AdviseRanksEverySetAsideWithBankOrThrow) {
  // The situation: turn total 350, threw 1 5 5 2 4 3. Legal set-asides: 1, 5, 1 5,
  // 5 5, 1 5 5 — each then bank (every total is at least 400) or throw: 10 choices.
  const Result a = run("advise --game zehntausend --dice \"1 5 5 2 4 3\" --turn-total 350 --format json");
  ASSERT_EQ(a.code, 0) << a.err;
  const auto j = nlohmann::json::parse(a.out);
  ASSERT_EQ(j["choices"].size(), 10u);
  double last = 1e300;
  for (const auto& c : j["choices"]) {
    const double e = c["expected_points"].get<double>();
    EXPECT_LE(e, last);
    last = e;
    if (c["then"] == "bank") {
      EXPECT_EQ(e, 350 + c["points"].get<int>());
    }
  }
  // Final round, exact: at 9500 against 10050, 1 1 1 banked gives 10500 and wins for sure.
  const Result f = run("advise --game zehntausend --dice \"1 1 1 2 3 4\" --score 9500 --other 10050 --seat 2 --format json");
  ASSERT_EQ(f.code, 0) << f.err;
  const auto k = nlohmann::json::parse(f.out);
  EXPECT_EQ(k["final_round"], true);
  EXPECT_EQ(k["choices"][0]["p_win"].get<double>(), 1.0);
  EXPECT_EQ(k["choices"][0]["then"], "bank");
  EXPECT_EQ(k["choices"][0]["set_aside"], "1 1 1");
  EXPECT_EQ(run("advise --game zehntausend --dice \"1 7\"").code, 2);
  // Mid-game: P(win) by Monte Carlo, every choice with its standard error; a Niete asks nothing.
  const Result m = run("advise --game zehntausend --dice \"1 5 2 3 4 4\" --score 9000 --other 9500 --policy race --games 4000 --format json");
  ASSERT_EQ(m.code, 0) << m.err;
  const auto mj = nlohmann::json::parse(m.out);
  EXPECT_EQ(mj["final_round"], false);
  ASSERT_EQ(mj["choices"].size(), 3u);  // 1, 5 or 1 5; none may bank (below 400): throw only
  for (const auto& c : mj["choices"]) {
    EXPECT_EQ(c["then"].get<std::string>().rfind("throw", 0), 0u);
    EXPECT_GT(c["stderr"].get<double>(), 0);
  }
  // More than two players: the default policy is the race policy by Monte Carlo (the exact race
  // is for two), the same numbers as asking for it; asked for by name, exact is refused there.
  const std::string three = "advise --game zehntausend --dice 155243 --score 500 --other 1000 --other 2000 --games 500";
  const Result by_default = run(three + " --format json"), by_name = run(three + " --policy race --format json");
  ASSERT_EQ(by_default.code, 0) << by_default.err;
  ASSERT_EQ(by_name.code, 0) << by_name.err;
  EXPECT_EQ(nlohmann::json::parse(by_default.out)["choices"], nlohmann::json::parse(by_name.out)["choices"]);
  EXPECT_EQ(nlohmann::json::parse(by_default.out)["policy"], "race");
  // Rules whose games need not end (a limit of a million, totals reset by Bankrott) are an
  // input to change: one line and exit 2, not an internal error.
  const Result endless = run(three + " --set limit=1000000");
  EXPECT_EQ(endless.code, 2) << endless.err;
  EXPECT_NE(endless.err.find("did not end within a million turns (limit=1000000)"), std::string::npos) << endless.err;
  EXPECT_EQ(std::count(endless.err.begin(), endless.err.end(), '\n'), 1) << endless.err;
  const Result named = run(three + " --policy exact");
  EXPECT_EQ(named.code, 2);
  EXPECT_NE(named.err.find("solved for two players"), std::string::npos) << named.err;
  // Exact answers are separated; estimates that cannot tell the best two apart say so, and
  // equal estimates are ordered by the exact expected points.
  EXPECT_EQ(k["separated"], true);
  EXPECT_FALSE(k.contains("warning"));
  const Result far = run("advise --game zehntausend --dice \"1 5 2 3 4 4\" --other 9950 --policy race --games 300 --format json");
  ASSERT_EQ(far.code, 0) << far.err;
  const auto fj = nlohmann::json::parse(far.out);
  EXPECT_EQ(fj["separated"], false);
  EXPECT_NE(fj["warning"].get<std::string>().find("do not separate"), std::string::npos);
  for (size_t i = 1; i < fj["choices"].size(); ++i) {
    const auto& hi = fj["choices"][i - 1];
    const auto& lo = fj["choices"][i];
    EXPECT_GE(hi["p_win"].get<double>(), lo["p_win"].get<double>());
    if (hi["p_win"] == lo["p_win"]) {
      EXPECT_GE(hi["expected_points"].get<double>(), lo["expected_points"].get<double>());
    }
  }
  const Result far_text = run("advise --game zehntausend --dice \"1 5 2 3 4 4\" --other 9950 --policy race --games 300");
  EXPECT_NE(far_text.out.find("warning: the estimates do not separate"), std::string::npos) << far_text.out;
  const Result n = run("advise --game zehntausend --dice \"2 3 4 6\" --turn-total 750 --format json");
  ASSERT_EQ(n.code, 0) << n.err;
  EXPECT_TRUE(nlohmann::json::parse(n.out)["choices"].empty());
}

// An option the way P(win) is found leaves unread is said to change nothing, and the answer is
// the one without it: the solved race samples nothing, the final round is exact without the
// race, and games played on under a seat policy do not read the race's cap.
TEST(ZehntausendCli, AdviseSaysWhichOptionsItsWayToPWinLeavesUnread) {
  struct Case {
    std::string asked, extra, said;
  };
  const std::vector<Case> cases = {
      {"--dice 155243 --other 6100", " --games 500 --seed 3",
       "--games and --seed change nothing: P(win) is exact, from the solved two-player race"},
      {"--dice 155243 --other 6100 --policy race --games 300", " --overshoot 2000",
       "--overshoot changes nothing: P(win) is sampled (Monte Carlo under race), not read from the solved race"},
      {"--dice 155243 --other 1000 --other 2000 --games 300", " --overshoot 2000",
       "--overshoot changes nothing: P(win) is sampled (Monte Carlo under race), not read from the solved race"},
      {"--dice '1 1 1 2 3 4' --score 9500 --other 10050 --seat 2", " --games 100 --seed 4 --overshoot 2000",
       "--games, --seed and --overshoot change nothing: P(win) is exact here"},
      // Without the others the turn's points rank, and my total decides nothing.
      {"--dice 111111", " --score 9900", "--score changes nothing without --other"}};
  for (const Case& c : cases) {
    const Result plain = run("advise --game zehntausend " + c.asked);
    const Result more = run("advise --game zehntausend " + c.asked + c.extra);
    ASSERT_EQ(plain.code, 0) << c.asked << plain.err;
    ASSERT_EQ(more.code, 0) << c.asked << c.extra << more.err;
    EXPECT_EQ(plain.err, "") << c.asked;
    EXPECT_EQ(more.out, plain.out) << c.asked << c.extra;
    EXPECT_EQ(more.err.rfind("verflixt: warning: " + c.said, 0), 0u) << c.asked << c.extra << ": " << more.err;
    EXPECT_EQ(std::count(more.err.begin(), more.err.end(), '\n'), 1) << more.err;
  }
  // Read where they count: a sampled P(win) reads --games and --seed, and says nothing.
  const Result used = run("advise --game zehntausend --dice 155243 --other 6100 --policy race --games 300 --seed 3");
  ASSERT_EQ(used.code, 0) << used.err;
  EXPECT_EQ(used.err, "");
  // The answer carries the warning, so the page and Python say it too.
  const Result json = run("advise --game zehntausend --dice 155243 --other 6100 --games 500 --format json");
  ASSERT_EQ(json.code, 0) << json.err;
  EXPECT_EQ(nlohmann::json::parse(json.out)["warnings"],
            nlohmann::json::array({"--games changes nothing: P(win) is exact, from the solved two-player race"}));
  EXPECT_FALSE(nlohmann::json::parse(run("advise --game zehntausend --dice 155243 --other 6100 --format json").out).contains("warnings"));
}

// A limit the exact race does not solve is one line naming the range, from every command
// that would solve it, at once (not hours into a solve); played games take such a limit.
TEST(ZehntausendCli, ALimitPastTheExactRaceIsRefusedAtOnce) {
  for (const char* cmd : {"solve --game zehntausend --race --no-cache --set limit=1000000",
                          "advise --game zehntausend --dice 155243 --other 6100 --no-cache --set limit=30000",
                          "evaluate --game zehntausend --policy exact --no-cache --set limit=20050"}) {
    const Result r = run(cmd);
    EXPECT_EQ(r.code, 2) << cmd;
    EXPECT_NE(r.err.find("the exact Zehntausend race takes limits up to 20000"), std::string::npos) << cmd << r.err;
    EXPECT_NE(r.err.find("valid: 50..20000"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  const Result cap = run("solve --game zehntausend --race --no-cache --set limit=1000 --overshoot 20050");
  EXPECT_EQ(cap.code, 2);
  EXPECT_NE(cap.err.find("--overshoot"), std::string::npos) << cap.err;
  const Result played = run("tournament --game zehntausend --set limit=30000 --seat optimal --seat bank:400 --games 20");
  EXPECT_EQ(played.code, 0) << played.err;
}

TEST(ZehntausendCli, AdviseBeforeAThrowRanksBankAgainstThrow) {
  // 350 set aside, 3 dice left: below bank_min (400) only throwing is legal, and the answer
  // says why. Its value is the one the same position gets after a throw: 150, then 1 5 5
  // (200 points, 3 dice) set aside and thrown on.
  const Result a = run("advise --game zehntausend --turn-total 350 --dice-left 3 --format json");
  ASSERT_EQ(a.code, 0) << a.err;
  const auto j = nlohmann::json::parse(a.out);
  ASSERT_EQ(j["choices"].size(), 1u);
  EXPECT_EQ(j["choices"][0]["then"], "throw 3");
  EXPECT_EQ(j["bank_min"], 400);
  EXPECT_NE(j["note"].get<std::string>().find("banking needs 400"), std::string::npos);
  const Result after = run("advise --game zehntausend --dice \"1 5 5 2 3 4\" --turn-total 150 --format json");
  ASSERT_EQ(after.code, 0) << after.err;
  bool found = false;
  const auto choices = nlohmann::json::parse(after.out)["choices"];
  for (const auto& c : choices)
    if (c["set_aside"] == "1 5 5" && c["then"] == "throw 3") {
      EXPECT_EQ(c["expected_points"], j["choices"][0]["expected_points"]);
      found = true;
    }
  EXPECT_TRUE(found);
  // At 400 both are legal and banking is worth the total; no note.
  const Result b = run("advise --game zehntausend --turn-total 400 --dice-left 3 --format json");
  ASSERT_EQ(b.code, 0) << b.err;
  const auto k = nlohmann::json::parse(b.out);
  ASSERT_EQ(k["choices"].size(), 2u);
  EXPECT_FALSE(k.contains("note"));
  for (const auto& c : k["choices"])
    if (c["then"] == "bank") {
      EXPECT_EQ(c["expected_points"].get<double>(), 400.0);
    }
  const Result text = run("advise --game zehntausend --turn-total 350 --dice-left 3");
  EXPECT_NE(text.out.find("before a throw with 3 dice left at turn total 350"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("note: banking needs 400"), std::string::npos) << text.out;
  EXPECT_EQ(run("advise --game zehntausend --turn-total 350").code, 2);
  EXPECT_EQ(run("advise --game zehntausend --turn-total 350 --dice-left 7").code, 2);
}

// The library's advise (answers.h), asked directly: the situation refused in the words of the
// options, and an accepted one whose best choice is plain: with 1000 set aside and one die
// left, throwing busts two times in three, so banking (worth exactly the 1000) comes first.
TEST(ZehntausendAdvice, TheQuestionIsCheckedAndAnswered) {
  using namespace verflixt::zehntausend;
  // A question after the throw `dice` (empty: before one, with `dice_left` dice).
  const auto question = [](std::string dice, int dice_left, std::vector<std::string> other = {}, int seat = 1) {
    AdviceQuestion q;
    if (!dice.empty()) q.dice = dice;
    if (dice_left) q.dice_left = dice_left;
    q.other = std::move(other);
    q.seat = seat;
    return q;
  };
  const auto refused = [](const AdviceQuestion& q) {
    ZehntausendRules rules;
    try {
      advice_situation(rules, q);
    } catch (const core::InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refused(question("1 5", 2)), "give --dice (after a throw) or --dice-left (before one), not both");
  AdviceQuestion odd = question("1 5", 0);
  odd.score = 75;
  EXPECT_EQ(refused(odd), "--score 75 is no total of the game; valid: 0, 50, 100, ..., 1000000 (multiples of 50)");
  // Another's total between two scores is refused too: the race's tables would answer for the
  // total below it (6100 for 6125) while the answer echoed 6125.
  EXPECT_EQ(refused(question("1 5", 0, {"6125"})),
            "--other 6125 is no total of the game; valid: 0, 50, 100, ..., 1000000 (multiples of 50)");
  EXPECT_EQ(refused(question("1 5", 0, {"2000000"})),
            "--other '2000000' is no total of the game; valid: 0, 50, 100, ..., 1000000 (multiples of 50)");
  EXPECT_EQ(refused(question("1 5", 0, {"500"}, 3)), "--seat 3 is out of range; valid: 1..2 (my place among the players)");
  ZehntausendRules rules;
  const AdviceQuestion three = question("1 5 5 2 4 3", 0, {"500", "700"}, 2);
  const Situation at = advice_situation(rules, three);
  EXPECT_EQ(rules.players, 3);
  EXPECT_EQ(at.me, 1);
  EXPECT_EQ(at.faces.size(), 6u);
  EXPECT_TRUE(advice_samples(ZehntausendRules{}, three));  // three players: Monte Carlo
  AdviceQuestion last = question("", 1);
  last.turn_total = 1000;
  EXPECT_FALSE(advice_samples(ZehntausendRules{}, last));
  const std::optional<Advice> advice = advise(ZehntausendRules{}, last, {});
  ASSERT_TRUE(advice.has_value());
  ASSERT_EQ(advice->rows.size(), 2u);
  EXPECT_TRUE(advice->rows[0].bank);
  EXPECT_EQ(advice->rows[0].points, 1000.0);
  EXPECT_LT(advice->rows[1].points, 1000.0);
  EXPECT_EQ(advice->policy, "exact");
}

// evaluate's turn question: the optimal policy's exact value is the solve's.
TEST(ZehntausendAdvice, EvaluatingTheOptimalTurnPolicyGivesTheSolvesValue) {
  using namespace verflixt::zehntausend;
  EvaluateQuestion q;
  q.exact = true;
  const EvaluateAnswer a = evaluate(ZehntausendRules{}, q);
  EXPECT_FALSE(a.sampled);
  EXPECT_NEAR(a.exact.value, solve_answer(ZehntausendRules{}).solution.value, 1e-9);
}

}  // namespace
}  // namespace verflixt::testing
