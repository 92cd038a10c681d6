// Strength by best responses (best_response.h): on a small table the iterated responses'
// gains shrink (a response to threshold:20 gains a lot, a response to that response little),
// and `verflixt strength` gives the same bits on one and two threads.
#include "verflixt/games/verflixte6/analyses/best_response.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <nlohmann/json.hpp>

#include "binary.h"
#include "verflixt/games/verflixte6/rules/policy.h"

namespace verflixt::verflixte6 {
namespace {

using testing::Result;
using testing::run;

// Two players, one pass, no jokers: a quick evening, and the stop rule is all there is.
Rules small_rules() {
  Rules r = preset("tournament-2019");
  r.passes = 1;
  r.final_passes = 1;
  r.jokers = {};
  return r;
}

TEST(BestResponse, GainsShrinkOverTheRounds) {
  const Rules rules = small_rules();
  auto sol = strong_solutions(rules);
  const ThresholdPolicy t10(10);  // a timid field: much to gain against it
  BestResponseOptions o;
  o.players = 2;
  o.rounds = 3;
  o.evenings = 3000;
  o.tune_rounds = 1;
  o.ranges = {{"cap", 10, 40, 10}};
  StrongParams start;
  start.stop.cap = 20;
  const BestResponseResult r = best_responses(t10, nullptr, "threshold:10", sol, start, o, 12, 2);
  ASSERT_GE(r.rounds.size(), 2u);
  const core::Estimate first = r.rounds.front().gain, last = r.rounds.back().gain;
  EXPECT_GT(first.mean, 4 * first.se);  // the first response gains beyond its errors
  EXPECT_LT(last.mean, first.mean - 2 * std::hypot(first.se, last.se));
  EXPECT_LT(std::abs(last.mean), 3 * last.se + 0.02);
  for (const auto& rd : r.rounds) EXPECT_NEAR(rd.copy_value.mean, 0.5, 4 * rd.copy_value.se + 1e-9);
}

TEST(BestResponse, AStopKeepsTheFinishedRounds) {
  const Rules rules = small_rules();
  auto sol = strong_solutions(rules);
  const ThresholdPolicy t10(10);
  BestResponseOptions o;
  o.players = 2;
  o.rounds = 3;
  o.evenings = 1000;
  o.tune_rounds = 1;
  o.ranges = {{"cap", 10, 40, 10}};
  StrongParams start;
  start.stop.cap = 20;
  std::uint64_t calls = 0;
  core::RunControl count;
  count.progress = [&](std::uint64_t, std::uint64_t) { ++calls; };
  const BestResponseResult full = best_responses(t10, nullptr, "t10", sol, start, o, 4, 1, count);
  ASSERT_FALSE(full.interrupted);
  ASSERT_GE(full.rounds.size(), 2u);
  std::atomic<bool> stop{false};
  std::uint64_t seen = 0;
  core::RunControl cut;
  cut.stop = &stop;
  cut.progress = [&](std::uint64_t, std::uint64_t) {
    if (++seen >= calls * 3 / 4) stop = true;  // during a later round
  };
  const BestResponseResult part = best_responses(t10, nullptr, "t10", sol, start, o, 4, 1, cut);
  EXPECT_TRUE(part.interrupted);
  ASSERT_LT(part.rounds.size(), full.rounds.size());
  for (size_t i = 0; i < part.rounds.size(); ++i) {
    EXPECT_EQ(part.rounds[i].gain.mean, full.rounds[i].gain.mean);
    EXPECT_EQ(part.rounds[i].gain.se, full.rounds[i].gain.se);
  }
}

TEST(StrengthCli, DeterministicAcrossThreads) {
  const std::string args =
      "strength --policy threshold:15 --players 2 --rounds 2 --evenings 400 --tune-rounds 1 "
      "--param cap=10..30:10 --set evening.passes=1 --set evening.final_passes=1 "
      "--set jokers.available=hirtenschutz,pony --format json --seed 3 --threads ";
  const Result one = run(args + "1"), two = run(args + "2");
  ASSERT_EQ(one.code, 0) << one.err;
  ASSERT_EQ(two.code, 0) << two.err;
  auto a = nlohmann::json::parse(one.out), b = nlohmann::json::parse(two.out);
  for (auto* j : {&a, &b}) j->erase("seconds");
  EXPECT_EQ(a, b);
  EXPECT_EQ(a["seed"], 3);
  EXPECT_FALSE(a["policies"][0]["rounds"].empty());
}

TEST(StrengthCli, TuneTakesAStrongPolicyAndWritesOneThatReadsBack) {
  const std::string file = (testing::scratch() / "tuned-strong.ini").string();
  const Result r = run("tune --policy strong --players 2 --field-policy threshold:20 --evenings 300 --rounds 1 "
                       "--param cap=20..60:40 --set jokers.available=pony --write-policy " + file);
  ASSERT_EQ(r.code, 0) << r.err;
  Rules rules = preset("tournament-2019");
  set_rule(rules, "jokers.available=pony");
  const auto back = make_policy(file, rules);
  ASSERT_NE(dynamic_cast<const StrongPolicy*>(back.get()), nullptr);
}

TEST(StrengthCli, BadInputIsOneLineExitTwo) {
  for (const std::string bad : {"strength --players 1", "strength --rounds 0", "strength --policy dragon",
                                "strength --response threshold:20", "strength --param size=1..3"}) {
    const Result r = run(bad + " --set jokers.available=pony");  // a quick solve before the error
    EXPECT_EQ(r.code, 2) << bad;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << bad << ": " << r.err;
  }
}

}  // namespace
}  // namespace verflixt::verflixte6
