// Advice that knows what it does not know: a continuation that never reaches the
// objective makes every action 0 ± 0; advise must detect it, say so and rank with the
// objective continuation, and never put stop first unless stop is truly best. The checks
// are against values known independently: a stop that cannot win is exactly 0, the exact
// last-seat DP, and a longer Monte Carlo run with another seed.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/analyses/advise.h"

namespace verflixt::verflixte6 {
namespace {

SeatView seat(int eyes, Status s, int total = 0) { return SeatView{eyes, s, total, false, false}; }

const ActionAdvice& find(const Advice& a, Action act) {
  for (const auto& r : a.ranked)
    if (r.action == act) return r;
  throw std::logic_error("action not ranked");
}

// A heavy last seat: the last seat 55 eyes behind, three jokers; the DP needs too many
// states. Stopping at 5 against a Prinzessin at 60 loses for certain (exactly 0).
AdviceSituation far_behind() {
  AdviceSituation s;
  s.goal = AdviceGoal::Win;
  s.pass.table = {seat(0, Status::Jungfrau), seat(60, Status::Prinzessin), seat(30, Status::Prinzessin),
                  seat(25, Status::Prinzessin), seat(0, Status::Zombie)};
  s.pass.turn.eyes = 5;
  s.pass.turn.held = JokerSet{}.with(RUNKELRUEB).with(FROSTSCHUTZ).with(MONOKEL);
  return s;
}

// A heavy mid-pass situation: mid-pass, 15 eyes against standings 32 and 40, two still to play.
AdviceSituation mid_pass() {
  AdviceSituation s;
  s.goal = AdviceGoal::Win;
  s.pass.table = {seat(0, Status::Jungfrau), seat(22, Status::Prinzessin, 10), seat(0, Status::Jungfrau, 12),
                  seat(10, Status::Prinzessin, 30), seat(0, Status::Jungfrau, 5)};
  s.pass.to_play = {2, 4};
  s.pass.turn.eyes = 15;
  return s;
}

TEST(AdviseFallback, FarBehindWithJokersNeverRanksStopFirst) {
  const Rules rules = preset("tournament-2019");
  const AdviceSituation s = far_behind();
  // A continuation that stops at 20, long before 60: every action is 0 ± 0.
  const ThresholdPolicy t20(20);
  const Advice a = advise(rules, s, t20, t20, 1024, 7, 2);
  ASSERT_FALSE(a.exact);
  EXPECT_FALSE(a.fallback.empty()) << "the all-zero ranking must be detected";
  EXPECT_NE(a.continuation, t20.name());
  ASSERT_EQ(a.ranked.size(), 4u);  // stop, roll, frostschutz, monokel
  EXPECT_NE(a.ranked.front().action, Action::stop());
  EXPECT_EQ(a.ranked.back().action, Action::stop());
  EXPECT_EQ(find(a, Action::stop()).value.mean, 0.0);  // exact: 5 < 60 and nobody can rob
  // Stop is truly worse: the best action beats the exact 0 by far more than its errors.
  EXPECT_GT(a.ranked.front().value.mean, 0.2);
  EXPECT_GT(-find(a, Action::stop()).versus_best.mean, 4 * find(a, Action::stop()).versus_best.se);
}

TEST(AdviseFallback, MidPassNeverRanksStopFirstAndALongerRunAgrees) {
  const Rules rules = preset("tournament-2019");
  const AdviceSituation s = mid_pass();
  const ThresholdPolicy t20(20);
  const Advice a = advise(rules, s, t20, t20, 2048, 3, 2);
  ASSERT_FALSE(a.exact);
  EXPECT_FALSE(a.fallback.empty());
  EXPECT_EQ(a.ranked.front().action, Action::roll());
  EXPECT_TRUE(a.separated);
  // A four times longer run on other dice with the objective continuation confirms it.
  const auto fitted = objective_continuation(rules, s);
  const Advice longer = advise(rules, s, *fitted, t20, 8192, 99, 2);
  EXPECT_TRUE(longer.fallback.empty());  // it separates at once
  EXPECT_EQ(longer.ranked.front().action, Action::roll());
  const ActionAdvice& stop = find(longer, Action::stop());
  EXPECT_LT(stop.versus_best.mean + 4 * stop.versus_best.se, 0.0);
  EXPECT_NEAR(find(a, Action::roll()).value.mean, find(longer, Action::roll()).value.mean,
              4 * std::hypot(find(a, Action::roll()).value.se, find(longer, Action::roll()).value.se));
}

// In the last seat without jokers the objective continuation (stop at the sole lead) is the
// optimal play here, so the exact DP and Monte Carlo must rank alike and agree in value.
TEST(AdviseFallback, ExactAndMonteCarloAgreeInRanking) {
  const Rules rules = preset("tournament-2019");
  for (int eyes : {10, 30}) {
    AdviceSituation s;
    s.goal = AdviceGoal::Win;
    s.pass.table = {seat(0, Status::Jungfrau), seat(25, Status::Prinzessin), seat(12, Status::Prinzessin)};
    s.pass.turn.eyes = eyes;
    const ThresholdPolicy t0(0);
    const Advice exact = advise(rules, s, t0, t0, 2, 1, 1);
    ASSERT_TRUE(exact.exact);
    const auto fitted = objective_continuation(rules, s);
    const Advice mc = advise(rules, s, *fitted, t0, 8192, 5, 2, /*exact_if_possible=*/false);
    ASSERT_FALSE(mc.exact);
    ASSERT_EQ(mc.ranked.size(), exact.ranked.size());
    for (size_t k = 0; k < mc.ranked.size(); ++k) {
      EXPECT_EQ(mc.ranked[k].action, exact.ranked[k].action) << "eyes " << eyes << " rank " << k;
      EXPECT_NEAR(mc.ranked[k].value.mean, exact.ranked[k].value.mean, 4 * mc.ranked[k].value.se + 1e-12);
    }
    // Stop first exactly when it is truly best: at 30 it wins for certain.
    EXPECT_EQ(exact.ranked.front().action == Action::stop(), eyes == 30);
  }
}

TEST(AdviseFallback, PassesLeftAreScoredAtTheEndOfTheEvening) {
  const Rules rules = preset("tournament-2019");
  AdviceSituation s;
  s.goal = AdviceGoal::Win;
  s.pass.table = {seat(0, Status::Jungfrau), seat(12, Status::Prinzessin)};
  s.pass.turn.eyes = 20;
  EXPECT_TRUE(advice_is_exact(rules, s));
  const ThresholdPolicy t20(20);
  // Last pass, last seat, ahead: stopping wins for certain.
  const Advice last = advise(rules, s, t20, t20, 2, 1, 1);
  EXPECT_EQ(find(last, Action::stop()).value.mean, 1.0);
  // With another pass to play an 8-eye lead is no certainty: the other seat can still win.
  s.passes_left = 2;
  EXPECT_FALSE(advice_is_exact(rules, s));
  const Advice more = advise(rules, s, t20, t20, 2048, 1, 2);
  ASSERT_FALSE(more.exact);
  const core::Estimate stop = find(more, Action::stop()).value;
  EXPECT_LT(stop.mean + 4 * stop.se, 1.0);
  EXPECT_GT(stop.mean - 4 * stop.se, 0.5);
  s.passes_left = 0;
  EXPECT_THROW(advise(rules, s, t20, t20, 100, 1, 1), core::InputError);
}

TEST(AdviseFallback, SituationIsEchoedInSeatOrder) {
  const auto lines = describe_situation(mid_pass());
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_NE(lines[0].find("you, on turn"), std::string::npos);
  EXPECT_NE(lines[2].find("plays 1st after you"), std::string::npos);
  EXPECT_NE(lines[4].find("plays 2nd after you"), std::string::npos);
  EXPECT_NE(lines[3].find("Prinzessin with 10 eyes, evening total 30"), std::string::npos);
  EXPECT_NE(lines[5].find("2 still to play"), std::string::npos);
}

}  // namespace
}  // namespace verflixt::verflixte6
