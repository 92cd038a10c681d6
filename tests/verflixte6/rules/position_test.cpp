// Position-aware policies (position.h): the shipped files parse, bad files are InputErrors
// naming the key and the valid choices, and the stop rule does what the file header says.
#include "verflixt/games/verflixte6/rules/position.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <vector>

#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::verflixte6 {
namespace {

PositionPolicy parse(const std::string& text) {
  std::istringstream in(text);
  return read_position(in, "test.ini");
}

std::string error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const core::InputError& e) {
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

// The stop rule written out clause by clause, as position.h states it (and as it was coded
// before it became a threshold): the oracle for the threshold. P3's losers come from
// losers() (engine.h), not from the threshold's closed form.
bool stops_by_clauses(const PositionParams& p, int stop_at, const TurnView& v) {
  const int e = v.turn.eyes;
  if (e >= p.cap) return true;
  if (v.solo()) return e >= stop_at;
  const auto standing_of = [](const SeatView& s) { return standing(s.total, s.eyes); };
  const int mine = standing(v.table[static_cast<size_t>(v.self)].total, e);
  if (v.still_to_play == 0 && p.last_seat_safe) {
    std::vector<int> totals;
    for (size_t k = 0; k < v.table.size(); ++k)
      totals.push_back(static_cast<int>(k) == v.self ? mine : standing_of(v.table[k]));
    if (static_cast<int>(totals.size()) > v.rules.losers_at_least)
      return !losers(v.rules, totals)[static_cast<size_t>(v.self)];
    for (size_t k = 0; k < totals.size(); ++k)
      if (static_cast<int>(k) != v.self && totals[k] >= mine) return false;
    return true;
  }
  if (e < p.floor) return false;
  std::vector<int> known;
  for (size_t k = 0; k < v.table.size(); ++k)
    if (static_cast<int>(k) != v.self && v.table[k].status != Status::Jungfrau) known.push_back(standing_of(v.table[k]));
  const int k = p.k > 0 ? p.k : v.rules.losers_at_least;
  if (k < 1 || static_cast<int>(known.size()) < k) return e >= stop_at;  // k = 0: nothing to beat
  std::sort(known.begin(), known.end());
  return mine > known[static_cast<size_t>(k - 1)] + p.margin + p.margin_per_player * v.still_to_play;
}

// Random tables: 1..8 players of every status, eyes (negative too: robbed Jungfrauen) and
// totals, random parameters and losers_at_least 0..5.
struct RandomTable {
  std::mt19937 gen{20261123};
  int pick(int lo, int hi) { return lo + static_cast<int>(gen() % static_cast<unsigned>(hi - lo + 1)); }
  Rules rules = preset("tournament-2019");
  PositionParams p;
  int stop_at = 0, self = 0, still = 0;
  std::vector<SeatView> seats;
  void next() {
    rules.losers_at_least = pick(0, 5);
    p.k = pick(0, 4);
    p.margin = pick(-5, 8);
    p.margin_per_player = pick(0, 3);
    p.floor = pick(-6, 20);
    p.cap = pick(std::max(1, p.floor), 40);
    p.last_seat_safe = pick(0, 3) != 0;
    stop_at = pick(-5, 40);
    seats.assign(static_cast<size_t>(pick(1, 8)), SeatView{});
    self = pick(0, static_cast<int>(seats.size()) - 1);
    for (auto& s : seats) {
      s.status = static_cast<Status>(pick(0, 2));
      s.eyes = s.status == Status::Zombie ? 0 : pick(-8, 40);
      s.total = pick(0, 3) == 0 ? 0 : pick(0, 90);
    }
    seats[static_cast<size_t>(self)].status = Status::Jungfrau;
    still = pick(0, 3) == 0 ? 0 : pick(0, static_cast<int>(seats.size()) - 1);
  }
};

TEST(Position, StopRuleIsAThresholdOnTheTurnsEyes) {
  // For a fixed table the rule stops from some eyes on and never below them: position_stops
  // is eyes >= position_threshold, and that equals the clause-by-clause rule at every eyes
  // from -40 to 60 (below 0 the standing no longer changes), on 20000 random tables.
  RandomTable r;
  int always = 0, capped = 0, inside = 0;
  for (int i = 0; i < 20000; ++i) {
    r.next();
    TurnState turn;
    const TurnView v{r.rules, turn, r.self, r.seats, r.still};
    const int t = position_threshold(r.p, r.stop_at, v);
    always += t == kStopAlways;
    capped += t == r.p.cap;
    inside += t != kStopAlways && t < r.p.cap;
    for (int e = -40; e <= 60; ++e) {
      turn.eyes = e;
      r.seats[static_cast<size_t>(r.self)].eyes = e;
      const bool want = stops_by_clauses(r.p, r.stop_at, v);
      ASSERT_EQ(e >= t, want) << "table " << i << " eyes " << e << " threshold " << t;
      ASSERT_EQ(position_stops(r.p, r.stop_at, v), want) << "table " << i << " eyes " << e;
    }
  }
  // Every kind of threshold occurred: from any eyes, at the cap, and in between.
  EXPECT_GT(always, 100);
  EXPECT_GT(capped, 100);
  EXPECT_GT(inside, 1000);
  // Solo: the cap or stop_at.
  TurnState solo;
  EXPECT_EQ(position_threshold(r.p, r.p.cap + 5, TurnView{r.rules, solo, -1, {}, 0}), r.p.cap);
  EXPECT_EQ(position_threshold(r.p, r.p.cap - 1, TurnView{r.rules, solo, -1, {}, 0}), r.p.cap - 1);
}

TEST(Position, DecideIsTheTableFreeDecisionAtTheStopThreshold) {
  // Policy::stop_threshold's contract (policy.h), which the pass kernel compiles: at a fixed
  // table, decide() with the table equals decide_at_threshold() with the solo view, for
  // every turn state, unless the latter is a Senigma duel (the kernel asks those with the
  // table; here the duel may be illegal at the table: nobody left to attack).
  const Rules rules = preset("tournament-2019");
  const auto pol = make_policy(std::string(VERFLIXT_SOURCE_DIR) + "/strategies/position-jokers.ini", rules);
  RandomTable r;
  int jokers = 0, duels = 0, stops = 0;
  for (int i = 0; i < 3000; ++i) {
    r.next();
    for (auto& s : r.seats) s.senigma_attacked = r.pick(0, 1) != 0;
    const TurnState none;
    const int t = pol->stop_threshold(TurnView{rules, none, r.self, r.seats, r.still});
    for (int e = -10; e <= 40; ++e) {
      TurnState turn;
      turn.eyes = e;
      turn.held = JokerSet{static_cast<u16>(r.gen() & rules.jokers.bits)};
      turn.fumo_active = r.pick(0, 3) == 0;
      r.seats[static_cast<size_t>(r.self)].eyes = e;
      const Action solo = pol->decide_at_threshold(TurnView{rules, turn, -1, {}, 0}, t);
      if (solo == Action::use(SENIGMA)) {
        ++duels;
        continue;
      }
      jokers += solo.kind == Action::UseJoker;
      stops += solo.kind == Action::Stop;
      ASSERT_EQ(pol->decide(TurnView{rules, turn, r.self, r.seats, r.still}), solo) << "table " << i << " eyes " << e;
    }
  }
  EXPECT_GT(jokers, 1000);
  EXPECT_GT(duels, 100);
  EXPECT_GT(stops, 1000);
}

}  // namespace
}  // namespace verflixt::verflixte6
