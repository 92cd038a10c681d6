// Zehntausend's seat policies in the exact race (race_policies.h) against what plays them
// independently: the reference engine die by die and the game kernel (each turn drawn from
// its policy's exact distribution), both tallying real games; and against the solved race.
#include "verflixt/games/zehntausend/race_policies.h"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "../binary.h"
#include "verflixt/core/error.h"
#include "verflixt/games/zehntausend/monte_carlo.h"
#include "verflixt/games/zehntausend/policy.h"

namespace verflixt::zehntausend {
namespace {

void expect_within_4_se(const core::Estimate& w, double exact) {
  EXPECT_LT(std::abs(w.mean - exact), 4 * w.se) << w.mean << " ± " << w.se << " vs exact " << exact;
}

// Both seats the turn-score maximizer: the exact value against 200,000 games die by die. It
// is 1/2 exactly: with one turn policy for every turn, final round included, each player's
// turns are independent of the other's; the first player wins when he needs fewer turns to
// reach the limit, the second when he needs fewer, and when both need the same number the
// second's final turn reached it too and the higher total wins — alike for both.
TEST(ZehntausendRacePolicies, TheMaximizerAgainstItselfIsWhatTheEngineFinds) {
  const ZehntausendRules rules{.limit = 1000};
  const double exact = race_value(rules, "optimal", "optimal");
  EXPECT_NEAR(exact, 0.5, 1e-12);
  EXPECT_NEAR(race_value(ZehntausendRules{.limit = 1500}, "bank:1000", "bank:1000"), 0.5, 1e-12);
  const TurnLibrary lib(rules);
  const FixedPolicy a(lib.optimal(), "optimal"), b(lib.optimal(), "optimal");
  const SeatPolicy* seats[] = {&a, &b};
  expect_within_4_se(play_games_engine(lib, seats, 200000, 20261127, 2).tally.p_win(0), exact);
}

// Policies that pick their turn by the totals (race:...) or bank late (bank:1000, past the
// limit: no cap), in both seats and without the final round, against the game kernel.
TEST(ZehntausendRacePolicies, PoliciesThatChangeWithTheTotalsAreWhatTheKernelFinds) {
  for (const ZehntausendRules& rules : {ZehntausendRules{.limit = 1000}, ZehntausendRules{.limit = 1500, .final_round = false}}) {
    const TurnLibrary lib(rules);
    const auto race = make_seat_policy("race", lib), bank = make_seat_policy("bank:1000", lib);
    const SeatPolicy* seats[] = {race.get(), bank.get()};
    expect_within_4_se(play_games(lib, seats, 400000, 7, 2).tally.p_win(0), race_value(rules, "race", "bank:1000"));
    const SeatPolicy* swapped[] = {bank.get(), race.get()};
    expect_within_4_se(play_games(lib, swapped, 400000, 8, 2).tally.p_win(0), race_value(rules, "bank:1000", "race"));
  }
}

// `exact` in both seats is the solved race, to the bit; against a fixed seat it is the best
// response, so it does at least as well as that policy would in its place.
TEST(ZehntausendRacePolicies, TheExactSeatIsTheSolvedRaceAndTheBestResponse) {
  for (const ZehntausendRules& rules : {ZehntausendRules{.limit = 1000}, ZehntausendRules{.limit = 1000, .final_round = false}}) {
    EXPECT_EQ(race_value(rules, "exact", "exact"), Race(rules).first_wins());
    const double both = race_value(rules, "optimal", "optimal");
    EXPECT_GT(race_value(rules, "exact", "optimal"), both + 1e-3);
    EXPECT_LT(race_value(rules, "optimal", "exact"), both - 1e-3);
  }
}

TEST(ZehntausendRacePolicies, RefusesWhatItCannotPlay) {
  const ZehntausendRules rules{.limit = 1000};
  EXPECT_THROW(race_value(rules, "exact:solved.race", "optimal"), core::InputError);
  EXPECT_THROW(race_value(rules, "optimal", "bnak:400"), core::InputError);
  EXPECT_THROW(race_value(ZehntausendRules{.limit = 1000, .players = 3}, "optimal", "optimal"), core::InputError);
}

// solve --race --seat A --seat B: the pairing's value in every format; exact exact is the
// solved race; one seat, or --seat without --race, is a usage error.
TEST(ZehntausendRacePolicies, TheCommandSolvesAPairing) {
  const auto both = testing::run("solve --game zehntausend --race --set limit=600 --seat optimal --seat optimal --format json");
  ASSERT_EQ(both.code, 0) << both.err;
  const auto j = nlohmann::json::parse(both.out);
  EXPECT_EQ(j["first"], "optimal");
  EXPECT_EQ(j["second"], "optimal");
  EXPECT_TRUE(j["converged"].get<bool>());
  EXPECT_NEAR(j["first_wins"].get<double>(), 0.5, 1e-12);  // the symmetry above
  const auto exact = testing::run("solve --game zehntausend --race --set limit=600 --seat exact --seat exact --format json");
  ASSERT_EQ(exact.code, 0) << exact.err;
  EXPECT_EQ(nlohmann::json::parse(exact.out)["first_wins"].get<double>(), Race(ZehntausendRules{.limit = 600}).first_wins());
  const auto text = testing::run("solve --game zehntausend --race --set limit=600 --seat optimal --seat optimal");
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("P(first player wins)  0.500000000"), std::string::npos) << text.out;
  const auto csv = testing::run("solve --game zehntausend --race --set limit=600 --seat bank:600 --seat exact --format csv");
  ASSERT_EQ(csv.code, 0) << csv.err;
  EXPECT_NE(csv.out.find("first_wins"), std::string::npos) << csv.out;
  EXPECT_EQ(testing::run("solve --game zehntausend --race --set limit=600 --seat optimal").code, 2);
  EXPECT_EQ(testing::run("solve --game zehntausend --seat optimal --seat optimal").code, 2);
  EXPECT_EQ(testing::run("solve --game zehntausend --race --set limit=600 --seat optimal --seat bnak:400").code, 2);
}

}  // namespace
}  // namespace verflixt::zehntausend
