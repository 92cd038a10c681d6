// Position-aware policies (position.h): the shipped files parse, bad files are InputErrors
// naming the key and the valid choices, and the stop rule does what the file header says.
#include "verflixt/games/verflixte6/position.h"

#include <gtest/gtest.h>

#include <sstream>

#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/rules.h"

namespace verflixt {
namespace {

PositionPolicy parse(const std::string& text) {
  std::istringstream in(text);
  return read_position(in, "test.ini");
}

std::string error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Position, ShippedFilesLoadThroughMakePolicy) {
  const Rules rules = preset("tournament-2019");
  for (const char* f : {"position-safe.ini", "position-bold.ini", "position-jokers.ini"}) {
    const auto p = make_policy(std::string(VERFLIXT_SOURCE_DIR) + "/strategies/" + f, rules);
    ASSERT_NE(dynamic_cast<const PositionPolicy*>(p.get()), nullptr) << f;
  }
  const auto j = make_policy(std::string(VERFLIXT_SOURCE_DIR) + "/strategies/position-jokers.ini", rules);
  const auto& h = dynamic_cast<const PositionPolicy&>(*j).heuristic().params();
  EXPECT_EQ(h.priority.front(), FUMO);
  EXPECT_EQ(h.use_to[FUMO], 8);
  EXPECT_EQ(h.anaconda_fight_max, 5);
}

TEST(Position, BadFilesNameTheKeyAndTheChoices) {
  std::string e = error_of("[policy]\nkind = position\n[position]\nmargn = 3\n");
  EXPECT_NE(e.find("margn"), std::string::npos) << e;
  EXPECT_NE(e.find("position.margin"), std::string::npos) << e;
  e = error_of("[position]\ncap = 0\n");
  EXPECT_NE(e.find("1..1000"), std::string::npos) << e;
  e = error_of("[position]\nrob = poorest\n");
  EXPECT_NE(e.find("leader, richest"), std::string::npos) << e;
  e = error_of("[position]\nfloor = 20\ncap = 10\n");
  EXPECT_NE(e.find("floor <= cap"), std::string::npos) << e;
  e = error_of("[pony]\nuse_fro = 3\n");
  EXPECT_NE(e.find("pony.use_from"), std::string::npos) << e;
  e = error_of("[policy]\nkind = heuristic\n");
  EXPECT_NE(e.find("not a position policy"), std::string::npos) << e;
}

struct Table {
  Rules rules = preset("tournament-2019");
  std::vector<SeatView> seats;
  TurnState turn;
  TurnView view(int self, int eyes, int still) {
    turn.eyes = eyes;
    seats[static_cast<size_t>(self)].eyes = eyes;
    return TurnView{rules, turn, self, seats, still};
  }
};

SeatView seat(int eyes, Status s, int total = 0) { return SeatView{eyes, s, total, false, false}; }

TEST(Position, LastSeatStopsAsSoonAsSafe) {
  const PositionPolicy p = parse("[position]\nfloor = 15\ncap = 40\n");
  Table t;
  // Five players, three losers at least: with 4 eyes the last seat is above two Zombies and a
  // Prinzessin at 3, so the losers are the two Zombies and her: stop, floor or not.
  t.seats = {seat(0, Status::Zombie), seat(0, Status::Zombie), seat(3, Status::Prinzessin),
             seat(25, Status::Prinzessin), seat(0, Status::Jungfrau)};
  EXPECT_EQ(p.decide(t.view(4, 4, 0)), Action::stop());
  EXPECT_EQ(p.decide(t.view(4, 3, 0)), Action::roll());  // tied with her at 3: both losers
  // Not the last seat: the floor holds.
  t.seats[3] = seat(0, Status::Jungfrau);
  EXPECT_EQ(p.decide(t.view(4, 4, 1)), Action::roll());
}

TEST(Position, BeatsTheKthLowestByTheMargin) {
  const PositionPolicy p = parse("[policy]\nstop_at = 50\n[position]\nk = 2\nmargin = 3\nmargin_per_player = 2\nfloor = 5\ncap = 100\n");
  Table t;
  t.seats = {seat(10, Status::Prinzessin), seat(20, Status::Prinzessin, 5), seat(0, Status::Jungfrau),
             seat(0, Status::Jungfrau), seat(0, Status::Jungfrau)};
  // Known standings 10 and 25: the 2nd lowest is 25; one Jungfrau still to play: need > 30.
  EXPECT_EQ(p.decide(t.view(2, 30, 2)), Action::roll());  // 25 + 3 + 2*2 = 32
  EXPECT_EQ(p.decide(t.view(2, 33, 2)), Action::stop());
  // With only one known result, k = 2 is not reached: stop_at (50) applies.
  t.seats[1] = seat(0, Status::Jungfrau);
  EXPECT_EQ(p.decide(t.view(2, 33, 3)), Action::roll());
  // Solo view: stop_at.
  TurnState solo;
  solo.eyes = 49;
  EXPECT_EQ(p.decide(TurnView{t.rules, solo, -1, {}, 0}), Action::roll());
  solo.eyes = 50;
  EXPECT_EQ(p.decide(TurnView{t.rules, solo, -1, {}, 0}), Action::stop());
}

TEST(Position, RobsTheLeaderAfterTheKeulerBonus) {
  const PositionPolicy p = parse("");
  Table t;
  t.seats = {seat(12, Status::Prinzessin, 0), seat(3, Status::Prinzessin, 40), seat(2, Status::Prinzessin),
             seat(5, Status::Jungfrau)};
  const std::vector<int> cand = {0, 1, 2};
  EXPECT_EQ(p.choose_victim(t.view(3, 5, 0), 1, cand), 1);  // standing 43 beats 12
  EXPECT_EQ(p.choose_victim(t.view(3, 5, 0), 2, cand), 2);  // 2 → 0 pays the Keuler bonus
}

}  // namespace
}  // namespace verflixt
