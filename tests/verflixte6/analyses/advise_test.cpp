// Advice (advise.h): obvious situations rank the obvious action first, Monte Carlo agrees
// with the exact last-seat values, results do not depend on threads, and impossible
// situations are one-line errors with exit code 2 through the binary.
#include "verflixt/games/verflixte6/analyses/advise.h"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "verflixt/core/error.h"

#include "binary.h"

namespace verflixt::verflixte6 {
namespace {

using verflixt::testing::Result;
using verflixt::testing::run;
using verflixt::testing::scratch;
using verflixt::testing::slurp;

SeatView seat(int eyes, Status s, int total = 0) { return SeatView{eyes, s, total, false, false}; }

AdviceSituation last_seat(int eyes, AdviceGoal goal) {
  AdviceSituation a;
  a.goal = goal;
  a.pass.table = {seat(0, Status::Jungfrau), seat(0, Status::Zombie), seat(0, Status::Zombie), seat(12, Status::Prinzessin),
                  seat(4, Status::Prinzessin), seat(17, Status::Prinzessin)};
  a.pass.self = 0;
  a.pass.turn.eyes = eyes;
  return a;
}

TEST(Advise, LastSeatAlreadySafeStopsFirstExactly) {
  const Rules rules = preset("tournament-2019");
  const ThresholdPolicy t20(20);
  // Two Zombies and the Prinzessin at 4 are the three lowest: at 5 eyes I am safe.
  const Advice a = advise(rules, last_seat(5, AdviceGoal::NotLoser), t20, t20, 1000, 1, 1);
  ASSERT_TRUE(a.exact);
  EXPECT_EQ(a.ranked.front().action, Action::stop());
  EXPECT_EQ(a.ranked.front().value.mean, 1.0);
  // At 3 eyes I am among the losers: rolling is the only chance (a 6 keeps me a loser).
  const Advice b = advise(rules, last_seat(3, AdviceGoal::NotLoser), t20, t20, 1000, 1, 1);
  EXPECT_EQ(b.ranked.front().action, Action::roll());
  EXPECT_EQ(b.ranked.back().value.mean, 0.0);
  EXPECT_GT(b.ranked.front().value.mean, 0.5);
}

TEST(Advise, MonteCarloAgreesWithTheExactLastSeat) {
  const Rules rules = preset("tournament-2019");
  for (AdviceGoal goal : {AdviceGoal::Win, AdviceGoal::NotLoser}) {
    for (int eyes : {3, 9, 15}) {
      const AdviceSituation s = last_seat(eyes, goal);
      const Advice exact = advise(rules, s, ThresholdPolicy(0), ThresholdPolicy(0), 2, 1, 1);
      std::vector<SeatView> table = s.pass.table;
      const LastSeatSolver dp(rules, table, 0, goal == AdviceGoal::Win ? Goal::Win : Goal::NotLoser);
      const LastSeatPolicy optimal(dp);
      const Advice mc = advise(rules, s, optimal, optimal, 20000, 3, 1, /*exact_if_possible=*/false);
      ASSERT_FALSE(mc.exact);
      for (const auto& e : exact.ranked)
        for (const auto& m : mc.ranked)
          if (m.action == e.action) {
            EXPECT_NEAR(m.value.mean, e.value.mean, 4 * m.value.se + 1e-12)
                << "eyes " << eyes << " action " << static_cast<int>(m.action.kind);
          }
    }
  }
}

// A last seat far behind a big table: the DP gives up at kAdviceMaxStates and Monte Carlo
// with the greedy continuation answers instead, saying so; rolling is the only chance.
TEST(Advise, TooLargeForTheDpFallsBackToMonteCarlo) {
  const Rules rules = preset("tournament-2019");
  AdviceSituation s;
  s.goal = AdviceGoal::Win;
  s.pass.self = 0;
  s.pass.table = {seat(0, Status::Jungfrau, 20), seat(0, Status::Zombie, 10), seat(61, Status::Prinzessin, 30),
                  seat(9, Status::Prinzessin, 25), seat(17, Status::Prinzessin, 19), seat(5, Status::Prinzessin, 22),
                  seat(12, Status::Prinzessin, 35), seat(28, Status::Prinzessin, 12), seat(8, Status::Prinzessin, 40),
                  seat(14, Status::Prinzessin, 33), seat(3, Status::Prinzessin, 38), seat(6, Status::Prinzessin, 29)};
  s.pass.turn.eyes = 2;
  const LastSeatGreedyPolicy greedy(AdviceGoal::Win);
  const Advice a = advise(rules, s, greedy, greedy, 4000, 2, 2);
  EXPECT_FALSE(a.exact);
  EXPECT_NE(a.note.find("Monte Carlo"), std::string::npos);
  EXPECT_EQ(a.ranked.front().action, Action::roll());
  EXPECT_GT(a.ranked.front().value.mean, 0.0);
}

TEST(Advise, JokersAreRankedAndThreadsDoNotMatter) {
  const Rules rules = preset("tournament-2019");
  AdviceSituation s;
  s.goal = AdviceGoal::NotLoser;
  s.pass.table = {seat(0, Status::Jungfrau), seat(18, Status::Prinzessin), seat(0, Status::Zombie),
                  seat(0, Status::Jungfrau), seat(0, Status::Jungfrau)};
  s.pass.self = 0;
  s.pass.to_play = {3, 4};
  s.pass.turn.eyes = 11;
  s.pass.turn.held = JokerSet{}.with(HIRTENSCHUTZ).with(ALL_IN).with(JULE);
  const ThresholdPolicy t(18);
  const Advice one = advise(rules, s, t, t, 6000, 5, 1);
  const Advice two = advise(rules, s, t, t, 6000, 5, 2);
  ASSERT_EQ(one.ranked.size(), 4u);  // stop, roll, hirtenschutz, all-in (Jule is automatic)
  for (size_t k = 0; k < one.ranked.size(); ++k) {
    EXPECT_EQ(one.ranked[k].action, two.ranked[k].action);
    EXPECT_EQ(one.ranked[k].value.mean, two.ranked[k].value.mean);
    EXPECT_EQ(one.ranked[k].versus_best.se, two.ranked[k].versus_best.se);
  }
  EXPECT_EQ(one.ranked.front().versus_best.mean, 0.0);
}

// Holding jokers in the last seat is exact now: already safely not a loser, stop ranks first
// at 1 and every held joker is ranked below it (All In risks the Zombie's 0).
TEST(Advise, LastSeatWithJokersIsExact) {
  const Rules rules = preset("tournament-2019");
  const ThresholdPolicy t20(20);
  AdviceSituation s = last_seat(5, AdviceGoal::NotLoser);
  s.pass.turn.held = JokerSet{}.with(ALL_IN).with(HIRTENSCHUTZ).with(JULE);
  const Advice a = advise(rules, s, t20, t20, 1000, 1, 1);
  ASSERT_TRUE(a.exact) << a.note;
  ASSERT_EQ(a.ranked.size(), 4u);  // stop, roll, hirtenschutz, all-in
  EXPECT_EQ(a.ranked.front().action, Action::stop());
  EXPECT_EQ(a.ranked.front().value.mean, 1.0);
  for (const auto& r : a.ranked) EXPECT_TRUE(r.exact);
  for (const auto& r : a.ranked) {
    if (r.action == Action::use(ALL_IN)) {
      EXPECT_LT(r.value.mean, 1.0);
    }
  }
  // Fumo active is exact too.
  s.pass.turn.held = JokerSet{}.with(RUNKELRUEB).with(SENIGMA);
  s.pass.turn.fumo_active = true;
  s.pass.turn.fumo_gain = 4;
  s.pass.turn.eyes = 3;
  EXPECT_TRUE(advise(rules, s, t20, t20, 1000, 1, 1).exact);
}

// Every action's exact value with jokers (not only the best one) against Monte Carlo of the
// action followed by the DP's own policy, within 4 SE.
TEST(Advise, MonteCarloAgreesWithTheExactLastSeatWithJokers) {
  const Rules rules = preset("tournament-2019");
  for (AdviceGoal goal : {AdviceGoal::Win, AdviceGoal::NotLoser}) {
    AdviceSituation s = last_seat(4, goal);
    s.pass.turn.held = JokerSet{}.with(SENIGMA).with(PONY).with(RUNKELRUEB);
    s.pass.turn.robbing_ones = 1;
    const Advice exact = advise(rules, s, ThresholdPolicy(0), ThresholdPolicy(0), 2, 1, 1);
    ASSERT_TRUE(exact.exact) << exact.note;
    ASSERT_EQ(exact.ranked.size(), 4u);  // stop, roll, pony, senigma
    std::vector<SeatView> table = s.pass.table;
    const LastSeatSolver dp(rules, table, 0, goal == AdviceGoal::Win ? Goal::Win : Goal::NotLoser, s.pass.turn);
    const LastSeatPolicy optimal(dp);
    const Advice mc = advise(rules, s, optimal, optimal, 8000, 3, 1, /*exact_if_possible=*/false);
    ASSERT_FALSE(mc.exact);
    for (const auto& e : exact.ranked)
      for (const auto& m : mc.ranked)
        if (m.action == e.action) {
          EXPECT_NEAR(m.value.mean, e.value.mean, 4 * m.value.se + 1e-12)
              << "action " << static_cast<int>(m.action.kind) << " joker " << static_cast<int>(m.action.joker);
        }
  }
}

TEST(Advise, ImpossibleSituationsAreInputErrors) {
  const Rules rules = preset("tournament-2019");
  const ThresholdPolicy t(18);
  AdviceSituation s = last_seat(5, AdviceGoal::Win);
  s.pass.turn.robbing_ones = -1;
  EXPECT_THROW(advise(rules, s, t, t, 100, 1, 1), core::InputError);
  s = last_seat(5, AdviceGoal::Win);
  s.pass.to_play = {1};  // a Zombie still to play
  EXPECT_THROW(advise(rules, s, t, t, 100, 1, 1), core::InputError);
  s = last_seat(5, AdviceGoal::Win);
  s.pass.table[3].status = Status::Jungfrau;  // a Jungfrau nobody lets play
  EXPECT_THROW(advise(rules, s, t, t, 100, 1, 1), core::InputError);
  s = last_seat(5000, AdviceGoal::Win);
  EXPECT_THROW(advise(rules, s, t, t, 100, 1, 1), core::InputError);
  s = last_seat(5, AdviceGoal::Win);
  s.pass.turn.held = JokerSet{}.with(TENTAKEL);
  EXPECT_THROW(advise(preset("classic"), s, t, t, 100, 1, 1), core::InputError);
}

void expect_bad(const std::string& args, const std::string& names) {
  const Result r = run(args);
  EXPECT_EQ(r.code, 2) << args;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  EXPECT_NE(r.err.find(names), std::string::npos) << args << ": " << r.err;
}

TEST(AdviseCli, BadInputExitsTwo) {
  const std::string table = " --other 0:z --other 12:p --other 4:p --other 17:p";
  expect_bad("advise --turn-total 5 --robbing-ones -1" + table, "--robbing-ones -1 is out of range; valid: 0..100");
  expect_bad("advise --turn-total 5 --order 2" + table, "Zombie");
  expect_bad("advise --turn-total 5 --jokers ponny" + table, "ponny");
  expect_bad("advise --turn-total 999" + table, "out of range");
  expect_bad("advise --turn-total 5 --other 3:x", "j, p, z");
  expect_bad("advise --turn-total 5 --objective glory" + table, "not-loser");
  expect_bad("advise --turn-total 5 --other -2:z", "Zombie");
  expect_bad("advise" + table, "--turn-total");
}

TEST(AdviseCli, LastSeatSafeRanksStopFirst) {
  const Result r = run("advise --turn-total 5 --other 0:z --other 0:z --other 12:p --other 4:p --other 17:p --format csv");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("1,stop,1.000000,0.000000,0.000000,0.000000,true"), std::string::npos) << r.out;
  // Holding all-in and hirtenschutz: still exact, stop still first.
  const Result j = run("advise --turn-total 5 --jokers all-in,hirtenschutz --other 0:z --other 0:z --other 12:p --other 4:p "
                       "--other 17:p --format csv");
  ASSERT_EQ(j.code, 0) << j.err;
  EXPECT_NE(j.out.find("1,stop,1.000000,0.000000,0.000000,0.000000,true"), std::string::npos) << j.out;
  EXPECT_EQ(j.out.find("false"), std::string::npos) << j.out;
}

}  // namespace
}  // namespace verflixt::verflixte6
