// The table's side of a pass (table.h) and the evening's bookkeeping (engine.h), each written
// once and called by the reference engine, the pass kernel's lanes and the last-seat DP: here
// checked against the rules directly — P3 against the iterative statement of docs/rules/verflixte6.md, the
// others with hand-made tables.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::verflixte6 {
namespace {

const Rules kT = preset("tournament-2019");
const Rules kC = preset("classic");

// P3 as docs/rules/verflixte6.md states it, step by step: everyone at 0 or below loses; then, while fewer
// than losers_at_least lose, the whole group with the lowest remaining total joins them.
std::vector<bool> losers_by_groups(int at_least, const std::vector<int>& totals) {
  const size_t n = totals.size();
  std::vector<bool> lose(n, false);
  int count = 0;
  for (size_t k = 0; k < n; ++k)
    if (totals[k] <= 0) lose[k] = true, ++count;
  while (count < at_least) {
    int low = 0;
    bool any = false;
    for (size_t k = 0; k < n; ++k)
      if (!lose[k] && (!any || totals[k] < low)) low = totals[k], any = true;
    if (!any) break;
    for (size_t k = 0; k < n; ++k)
      if (!lose[k] && totals[k] == low) lose[k] = true, ++count;
  }
  return lose;
}

TEST(Evening, IsLoserIsTheGroupRuleOfP3) {
  std::mt19937 g(7);
  int losers_seen = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    Rules r = kT;
    r.losers_at_least = 1 + trial % 4;
    const int n = 1 + static_cast<int>(g() % 12);
    std::vector<int> totals(static_cast<size_t>(n));
    for (int& t : totals) t = static_cast<int>(g() % 13) - 3;  // many ties, some at or below 0
    const std::vector<bool> expected = losers_by_groups(r.losers_at_least, totals);
    EXPECT_EQ(losers(r, totals), expected);
    for (int k = 0; k < n; ++k) {
      ASSERT_EQ(is_loser(r, totals, k), expected[static_cast<size_t>(k)]) << "trial " << trial << " player " << k;
      losers_seen += expected[static_cast<size_t>(k)];
    }
  }
  EXPECT_GT(losers_seen, 10000);  // the draw did exercise both answers
}

TEST(Evening, WinSharesSplitTheWinAmongTheTiedLeaders) {
  const std::vector<int> totals{12, 30, 7, 30, 30};
  EXPECT_DOUBLE_EQ(win_share(totals, 0), 0.0);
  EXPECT_DOUBLE_EQ(win_share(totals, 1), 1.0 / 3);
  EXPECT_DOUBLE_EQ(win_share(totals, 4), 1.0 / 3);
  const std::vector<int> alone{-5, 2};
  EXPECT_DOUBLE_EQ(win_share(alone, 1), 1.0);
  EXPECT_DOUBLE_EQ(win_share(alone, 0), 0.0);
}

TEST(Evening, PlaceBonusesShareTheBetterPlaceAndSkipTheNext) {
  // P4: 6 / 4 / 3; two tied first share 6, the next is third (3), the rest nothing.
  const std::vector<int> totals{20, 35, 35, 10, 20};
  std::vector<int> bonus(totals.size(), -1);
  place_bonuses(kT, totals, bonus);
  EXPECT_EQ(bonus, (std::vector<int>{kT.place_bonus_3, kT.place_bonus_1, kT.place_bonus_1, 0, kT.place_bonus_3}));
}

// A selector that always asks for the same selection.
struct Fixed final : Selector {
  Selection s;
  explicit Fixed(Selection sel) : s(sel) {}
  Selection select(const SelectionView&) const override { return s; }
};

TEST(Evening, SelectionsAreBookedOncePerEveningAndCheckedAgainstTheBook) {
  const JokerSet two = JokerSet{}.with(HIRTENSCHUTZ).with(PONY);
  Fixed again({two, false});
  EveningPlayer p{nullptr, &again, 0};
  JokerBook book;
  const std::vector<int> totals{0, 0};
  EXPECT_EQ(select_loadout(kT, p, book, 0, 3, false, totals, 0), two);
  EXPECT_EQ(book.count, 2);
  EXPECT_EQ(book.used, two);
  // P2: each joker once per evening — the same two again is illegal.
  EXPECT_THROW(select_loadout(kT, p, book, 1, 3, false, totals, 0), std::logic_error);
  // Freie Jokerwahl only where it is open (the final evening, from its second pass).
  Fixed free_choice({two, true});
  EveningPlayer q{nullptr, &free_choice, 0};
  JokerBook fresh;
  EXPECT_THROW(select_loadout(kT, q, fresh, 0, 3, /*final=*/true, totals, 0), std::logic_error);
  if (kT.free_joker_choice) {
    EXPECT_EQ(select_loadout(kT, q, fresh, 1, 3, /*final=*/true, totals, 0), two);
    EXPECT_TRUE(fresh.free_used);
    EXPECT_EQ(fresh.count, 0);  // a free choice does not count against the evening's jokers
  }
}

TEST(Evening, LegalLoadoutsHoldPresetJokersUpToThePerPassCap) {
  JokerSet s;
  EXPECT_TRUE(legal_loadout(kT, s));
  int added = 0;
  for (Joker j : {HIRTENSCHUTZ, PONY, MONOKEL, FROSTSCHUTZ}) {
    s = s.with(j);
    ++added;
    EXPECT_EQ(legal_loadout(kT, s), added <= kT.jokers_per_pass) << added;
  }
}

TEST(Table, SeatsTakeTurnsFromTheOpenerAndTheOpenerRotates) {
  std::vector<int> order;
  for (int step = 0; step < 5; ++step) order.push_back(seat_at(3, step, 5));
  EXPECT_EQ(order, (std::vector<int>{3, 4, 0, 1, 2}));
  Rules rotate = kT, fixed = kT;
  rotate.seat_order = SeatOrder::Rotate;
  fixed.seat_order = SeatOrder::Fixed;
  EXPECT_EQ(pass_opener(rotate, 2, 0, 4), 2);
  EXPECT_EQ(pass_opener(rotate, 2, 3, 4), 1);
  EXPECT_EQ(pass_opener(fixed, 2, 3, 4), 2);
}

std::vector<SeatView> table_of(std::initializer_list<std::pair<int, Status>> seats) {
  std::vector<SeatView> t;
  for (auto [eyes, status] : seats) {
    SeatView s;
    s.eyes = eyes;
    s.status = status;
    t.push_back(s);
  }
  return t;
}

TEST(Table, ATakeWithNobodyToRobLapsesAndMovesNothing) {
  Rules r = kT;
  r.rob_targets = RobTargets::NotZombie;
  std::vector<SeatView> t = table_of({{5, Status::Prinzessin}, {9, Status::Zombie}, {0, Status::Zombie}});
  int asked = 0;
  const int victim = pick_victim(r, t, 0, 0u, [&](std::span<const int>) { return ++asked; });
  EXPECT_EQ(victim, kLapsed);
  EXPECT_EQ(asked, 0);  // nobody to choose among: the policy is not asked
  EXPECT_EQ(take_from(r, t, victim, nullptr, 3), 0);
  EXPECT_EQ(t[1].eyes, 9);
  EXPECT_EQ(t[2].eyes, 0);
}

TEST(Table, ClassicSenigmaRemembersItsVictimAndTakesFromNobodyTwice) {
  std::vector<SeatView> t = table_of({{5, Status::Prinzessin}, {9, Status::Prinzessin}, {4, Status::Prinzessin}});
  unsigned taken = 0;
  auto richest = [&](std::span<const int> cand) {
    return best_candidate(cand, [&](int k) { return t[static_cast<size_t>(k)].eyes; });
  };
  int v = pick_victim(kC, t, 0, taken, richest);
  EXPECT_EQ(v, 1);
  take_from(kC, t, v, &taken, 2);
  EXPECT_EQ(t[1].eyes, 7);
  EXPECT_EQ(taken, 1u << 1);
  v = pick_victim(kC, t, 0, taken, richest);
  EXPECT_EQ(v, 2);  // not player 1 again (E9), though at 7 he is still the richest
  take_from(kC, t, v, &taken, 10);
  EXPECT_EQ(t[2].eyes, -6);  // E10: below 0
  EXPECT_EQ(pick_victim(kC, t, 0, taken, richest), kLapsed);
  EXPECT_EQ(pick_victim(kC, t, 0, 0u, richest), 1);  // a robbing 1 is not barred by the repeat's set
}

TEST(Table, TheKeulerBonusIsPaidOncePerVictimAndPass) {
  std::vector<SeatView> t = table_of({{5, Status::Prinzessin}, {3, Status::Prinzessin}});
  EXPECT_EQ(take_from(kT, t, 1, nullptr, 3), kT.keuler_bonus);  // 3 -> 0: a Keuler
  EXPECT_EQ(t[1].eyes, 0);
  t[1].eyes = 2;
  EXPECT_EQ(take_from(kT, t, 1, nullptr, 2), 0);  // paid already this pass
}

TEST(Table, ADuelTargetIsAttackedOncePerPass) {
  std::vector<SeatView> t = table_of({{5, Status::Prinzessin}, {3, Status::Prinzessin}, {8, Status::Zombie}});
  std::vector<int> offered;
  const int target = duel_target(t, 0, [&](std::span<const int> cand) {
    offered.assign(cand.begin(), cand.end());
    return cand.front();
  });
  EXPECT_EQ(offered, (std::vector<int>{1}));  // no Zombie
  EXPECT_EQ(target, 1);
  EXPECT_TRUE(t[1].senigma_attacked);
  EXPECT_TRUE(senigma_candidates(t, 0).empty());
}

TEST(Table, ATurnLeavesAZombieOnlyIfItWasEliminated) {
  SeatView me;
  TurnState end;
  end.eyes = 14;
  record_turn(me, end);
  EXPECT_EQ(me.status, Status::Prinzessin);
  EXPECT_EQ(me.eyes, 14);
  end.eyes = 0;
  end.eliminated = true;
  record_turn(me, end);
  EXPECT_EQ(me.status, Status::Zombie);
  EXPECT_EQ(me.eyes, 0);
}

}  // namespace
}  // namespace verflixt::verflixte6
