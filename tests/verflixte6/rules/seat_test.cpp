#include "verflixt/games/verflixte6/rules/seat.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/analyses/objective.h"

namespace verflixt::verflixte6 {
namespace {

const std::string kSource = VERFLIXT_SOURCE_DIR;

// The message of the InputError `f` throws, "" when it throws none.
std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Seat, JokersAfterTheAtAreThePriorityList) {
  const Rules rules = preset("tournament-2019");
  const SeatPlayer p = make_seat_player("threshold:20@pony,fumo", rules);
  EXPECT_EQ(p.label, "threshold:20@pony,fumo");
  EXPECT_EQ(p.policy->name(), "threshold:20");
  EXPECT_EQ(p.jokers, (std::vector<Joker>{PONY, FUMO}));
  EXPECT_NE(p.selector, nullptr);
}

TEST(Seat, WithoutJokersAThresholdSelectsNone) {
  const Rules rules = preset("tournament-2019");
  for (const char* spec : {"threshold:20", "threshold:20@none", "threshold:20@"}) {
    const SeatPlayer p = make_seat_player(spec, rules);
    EXPECT_TRUE(p.jokers.empty()) << spec;
    EXPECT_EQ(p.selector, nullptr) << spec;
  }
}

TEST(Seat, WithoutAtAPolicyFileSelectsItsOwnLoadout) {
  // strategies/heuristic.ini names loadout = hirtenschutz, rattenlord, spelunkenbold.
  const Rules rules = preset("tournament-2019");
  const SeatPlayer p = make_seat_player(kSource + "/strategies/heuristic.ini", rules);
  EXPECT_EQ(p.jokers, (std::vector<Joker>{HIRTENSCHUTZ, RATTENLORD, SPELUNKENBOLD}));
  EXPECT_NE(p.selector, nullptr);
  EXPECT_TRUE(make_seat_player(kSource + "/strategies/heuristic.ini@none", rules).jokers.empty());
}

TEST(Seat, SeatsOfOnePolicyShareItAndKeepTheirOwnSelectors) {
  const Rules rules = preset("tournament-2019");
  const auto seats =
      make_seat_players({"threshold:20@pony", "threshold:20", "threshold:18", "threshold:20@fumo"}, rules);
  ASSERT_EQ(seats.size(), 4u);
  EXPECT_EQ(seats[0].policy, seats[1].policy);
  EXPECT_EQ(seats[0].policy, seats[3].policy);
  EXPECT_NE(seats[0].policy, seats[2].policy);
  EXPECT_EQ(seats[3].jokers, std::vector<Joker>{FUMO});
  EXPECT_NE(seats[0].selector, seats[3].selector);
}

TEST(Seat, RefusesATwiceNamedOrAbsentJoker) {
  Rules rules = preset("tournament-2019");
  EXPECT_EQ(error_of([&] { make_seat_player("threshold:20@pony,fumo,pony", rules); }),
            "seat 'threshold:20@pony,fumo,pony' names 'pony' twice");
  rules.jokers = JokerSet{}.with(PONY).with(VENTIL);
  EXPECT_EQ(error_of([&] { make_seat_player("threshold:20@fumo", rules); }),
            "seat 'threshold:20@fumo': joker 'fumo' does not exist in tournament-2019; valid: pony,ventil");
  EXPECT_EQ(error_of([&] { parse_joker_priority("ventil,pony,ventil", rules, "--base"); }),
            "--base names 'ventil' twice");
  EXPECT_EQ(parse_joker_priority("ventil,pony", rules, "--base"), (std::vector<Joker>{VENTIL, PONY}));
  EXPECT_TRUE(parse_joker_priority("None", rules, "--base").empty());
}

TEST(Seat, SeriesIsGivenInRangeOrTheRulesDefault) {
  Rules rules = preset("tournament-2019");
  EXPECT_EQ(series_length(7, rules), 7);
  EXPECT_EQ(series_length(std::nullopt, rules), default_series_length(rules));
  EXPECT_EQ(error_of([&] { series_length(0, rules); }), "--series 0 is out of range; valid: 1..1000");
  EXPECT_EQ(error_of([&] { series_length(1001, rules); }), "--series 1001 is out of range; valid: 1..1000");
}

TEST(Seat, EngineByName) {
  const auto t20 = make_policy("threshold:20", preset("tournament-2019"));
  EXPECT_EQ(engine_named("reference", {t20.get()}), PassEngine::Reference);
  EXPECT_EQ(engine_named("auto", {t20.get()}), PassEngine::Kernel);
  EXPECT_NE(error_of([] { engine_named("kernal", {}); }).find("did you mean kernel?"), std::string::npos);
}

}  // namespace
}  // namespace verflixt::verflixte6
