// Zehntausend's seat policies in the exact race (race_policies.h) against what plays them
// independently: the reference engine die by die and the game kernel (each turn drawn from
// its policy's exact distribution), both tallying real games; and against the solved race.
#include "verflixt/games/zehntausend/race_policies.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "../binary.h"
#include "../input_error.h"
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

// The solved race's policy as a fixed seat (exact:FILE, read through the caller's source):
// against itself it is the race again, and the best response to it gains nothing (the race is
// zero-sum: nobody does better against the optimum than the optimum does). Against the
// turn-score maximizer its value is what the game kernel finds playing those games, and the
// best response to the maximizer does at least as well in its place.
TEST(ZehntausendRacePolicies, TheSavedPolicyHoldsItsValueAndIsWhatTheKernelFinds) {
  const ZehntausendRules rules{.limit = 1000};
  const auto solved = std::make_shared<const Race>(rules);
  int reads = 0;
  const RaceSource source = [&](const std::string& file) {
    EXPECT_EQ(file, "race.bin");
    ++reads;
    return solved;
  };
  RacePairings pairings(rules, kDefaultOvershoot, source);
  const double v = solved->first_wins();
  EXPECT_NEAR(pairings.solve({"exact:race.bin", "exact:race.bin"}).first_wins(), v, 1e-12);
  EXPECT_NEAR(pairings.solve({"exact:race.bin", "exact"}).first_wins(), v, 1e-12);
  EXPECT_NEAR(pairings.solve({"exact", "exact:race.bin"}).first_wins(), v, 1e-12);
  const double first = pairings.solve({"exact:race.bin", "optimal"}).first_wins();
  EXPECT_EQ(reads, 2);  // once per seat: every later pairing reuses it
  const TurnLibrary lib(rules);
  const auto exact = make_seat_policy("exact:race.bin", lib, source), optimal = make_seat_policy("optimal", lib);
  const SeatPolicy* seats[] = {exact.get(), optimal.get()};
  expect_within_4_se(play_games(lib, seats, 400000, 9, 2).tally.p_win(0), first);
  EXPECT_GE(pairings.solve({"exact", "optimal"}).first_wins(), first - 1e-12);
  // A saved race of another cap is another race's policy.
  RacePairings wider(rules, kDefaultOvershoot + 50, source);
  EXPECT_THROW(wider.solve({"exact:race.bin", "optimal"}), core::InputError);
}

// `evaluate --policy exact:FILE`: the saved policy's exact P(win) moving first and second
// against each opponent (the pairings above) and the kernel's check within 4 SE; the best
// response (`exact`) holds it to 1/2 and is not sampled; a mistyped opponent is a usage error.
TEST(ZehntausendRacePolicies, EvaluatePlaysTheSavedPolicy) {
  const std::string file = (testing::scratch() / "evaluate_race.bin").string();
  ASSERT_EQ(testing::run("solve --game zehntausend --race --set limit=1000 --no-cache --save " + file).code, 0);
  const auto r = testing::run("evaluate --game zehntausend --set limit=1000 --policy exact:" + file +
                              " --against optimal --against exact --games 100000 --seed 5 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const ZehntausendRules rules{.limit = 1000};
  const auto rows = j["against"];
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0]["opponent"], "optimal");
  const auto source = [&](const std::string&) { return std::make_shared<const Race>(rules); };
  RacePairings pairings(rules, kDefaultOvershoot, source);
  EXPECT_NEAR(rows[0]["p_win_first"].get<double>(), pairings.solve({"exact:f", "optimal"}).first_wins(), 1e-12);
  EXPECT_NEAR(rows[0]["p_win_second"].get<double>(), 1 - pairings.solve({"optimal", "exact:f"}).first_wins(), 1e-12);
  expect_within_4_se({rows[0]["sampled_p_win"].get<double>(), rows[0]["stderr"].get<double>()}, rows[0]["p_win"].get<double>());
  EXPECT_EQ(rows[0]["games"], 200000);
  EXPECT_NEAR(rows[1]["p_win"].get<double>(), 0.5, 1e-12);
  EXPECT_TRUE(rows[1]["sampled_p_win"].is_null());
  const auto typo = testing::run("evaluate --game zehntausend --set limit=1000 --policy exact:" + file + " --against optimla");
  EXPECT_EQ(typo.code, 2);
  EXPECT_NE(typo.err.find("optimal"), std::string::npos) << typo.err;  // did you mean
  // --turns plays turns of a turn policy: a race policy says it changes nothing.
  const auto turns = testing::run("evaluate --game zehntausend --set limit=1000 --policy exact:" + file + " --exact --turns 5");
  ASSERT_EQ(turns.code, 0) << turns.err;
  EXPECT_NE(turns.err.find("--turns changes nothing"), std::string::npos) << turns.err;
}

TEST(ZehntausendRacePolicies, RefusesWhatItCannotPlay) {
  const ZehntausendRules rules{.limit = 1000};
  EXPECT_THROW(race_value(rules, "exact:solved.race", "optimal"), core::InputError);  // no source to read it
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

// A mistyped policy lists the forms it could have been, with their arguments, and the solved
// race only where one can be had.
TEST(ZehntausendRacePolicies, AMistypedPolicyListsTheForms) {
  const TurnLibrary lib{ZehntausendRules{.limit = 1000}};
  const std::string turn = "optimal, bank:N, reach:N, shift:D, cross:N, heuristic:FILE, policy:FILE";
  EXPECT_EQ(testing::message_of([&] { make_turn_policy("bnak:400", lib); }),
            "unknown zehntausend policy 'bnak'; did you mean bank? valid: " + turn);
  EXPECT_EQ(testing::message_of([&] { make_seat_policy("racce", lib); }),
            "unknown zehntausend policy 'racce'; did you mean race? valid: " + turn + ", race[:W,M,BG,BB,AG,AB]");
  const RaceSource source = [](const std::string&) { return std::make_shared<const Race>(ZehntausendRules{.limit = 1000}); };
  EXPECT_EQ(testing::message_of([&] { make_seat_policy("exakt", lib, source); }),
            "unknown zehntausend policy 'exakt'; did you mean exact? valid: " + turn +
                ", race[:W,M,BG,BB,AG,AB], exact[:FILE]");
}

}  // namespace
}  // namespace verflixt::zehntausend
