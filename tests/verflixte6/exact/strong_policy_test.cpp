// The strong policy (strong_policy.h): in the last seat of the last pass it plays the exact
// last-seat DP's action and its sampled P(win) there is the DP's value; with nobody to beat
// it plays the solo solver's action; it reads back as "strong" and from its file; and it
// beats heuristic.ini and threshold:20 at a table of four.
#include "verflixt/games/verflixte6/exact/strong_policy.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "verflixt/core/dice.h"
#include "verflixt/core/error.h"
#include "verflixt/core/rng.h"
#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/heuristic.h"
#include "verflixt/games/verflixte6/exact/last_seat.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/exact/solver.h"

namespace verflixt::verflixte6 {
namespace {

const std::string kSource = VERFLIXT_SOURCE_DIR;

// Tournament rules with one pass per evening: every pass is the last (no pass record needed).
Rules one_pass() {
  Rules r = preset("tournament-2019");
  r.passes = 1;
  r.final_passes = 1;
  return r;
}

// Three players have played (22 and 15 eyes, one Zombie); player 1 is the last seat.
std::vector<SeatView> last_seat_table() {
  std::vector<SeatView> t(4);
  t[0] = {22, Status::Prinzessin, 10};
  t[1] = {0, Status::Jungfrau, 14};
  t[2] = {15, Status::Prinzessin, 20};
  t[3] = {0, Status::Zombie, 25};
  return t;
}

TEST(StrongPolicy, LastSeatOfTheLastPassPlaysTheDp) {
  const Rules rules = one_pass();
  const JokerSet loadout = JokerSet{}.with(HIRTENSCHUTZ).with(MONOKEL).with(PONY);
  StrongParams params;
  params.exact_deficit = 40;  // every situation below is exact (the default stops at 12)
  const auto strong = make_strong_policy(rules, loadout, params);
  const std::vector<SeatView> table = last_seat_table();
  const LastSeatSolver dp(rules, table, 1, Goal::Win);
  int compared = 0, jokers = 0;
  for (JokerSet held : {loadout, loadout.without(PONY), JokerSet{}.with(MONOKEL), JokerSet{}})
    for (int eyes = 0; eyes <= 30; eyes += 2) {
      TurnState s;
      s.eyes = eyes;
      s.held = held;
      const TurnView v{rules, s, 1, table, 0};
      ASSERT_TRUE(strong->exact_last_seat(v));
      const Action want = dp.best_action(s, table);
      EXPECT_EQ(strong->decide(v), want) << "eyes " << eyes << " held " << held.bits;
      ++compared;
      jokers += want.kind == Action::UseJoker;
    }
  EXPECT_EQ(compared, 64);
  EXPECT_GT(jokers, 0);  // the situations exercise joker choices, not only stop/roll
}

TEST(StrongPolicy, WithNobodyToBeatPlaysTheSolver) {
  const Rules rules = preset("tournament-2019");
  const JokerSet loadout = JokerSet{}.with(FUMO).with(VENTIL).with(CHERRY);
  const auto strong = make_strong_policy(rules, loadout, StrongParams{});
  std::vector<SeatView> table(4);  // player 0 opens the pass: everyone else still to play
  int differ_from_threshold = 0;
  for (JokerSet held : {loadout, loadout.without(FUMO), JokerSet{}.with(CHERRY)}) {
    // The optimum at a state holding `held` is the solution of `held` itself.
    const auto solver = table_policy(rules, solve_solo(rules, held));
    for (int eyes = 0; eyes < 30; ++eyes) {  // below the default cap 66
      TurnState s;
      s.eyes = eyes;
      s.held = held;
      const TurnView v{rules, s, 0, table, 3};
      const TurnView solo{rules, s, -1, {}, 0};
      const Action want = solver->decide(solo);
      EXPECT_EQ(strong->decide(v), want) << "eyes " << eyes << " held " << held.bits;
      differ_from_threshold += want != (eyes >= 20 ? Action::stop() : Action::roll());
    }
  }
  EXPECT_GT(differ_from_threshold, 0);
}

TEST(StrongPolicy, InBetweenItStopsRelativeToTheTable) {
  const Rules rules = preset("tournament-2019");
  clear_pass_note();  // not the last pass
  std::vector<SeatView> table(5);
  table[0] = {18, Status::Prinzessin, 30};  // standing 48: the leader
  table[1] = {10, Status::Prinzessin, 20};  // 30
  table[2] = {0, Status::Zombie, 25};       // 25
  table[3] = {0, Status::Jungfrau, 20};     // me, total 20
  table[4] = {0, Status::Jungfrau, 40};     // still to play
  StrongParams p;                           // margin 3, 1 per player, floor 8, cap 66
  p.stop.cap = 66;
  const auto losers = make_strong_policy(rules, {}, p);
  p.target_leader = true;
  const auto leader = make_strong_policy(rules, {}, p);
  for (int eyes = 0; eyes <= 70; ++eyes) {
    TurnState s;
    s.eyes = eyes;
    const TurnView v{rules, s, 3, table, 1};
    const int mine = 20 + eyes;
    // Three results known = losers_at_least: beat the 3rd lowest (48) by 3 + 1.
    const bool stop_losers = eyes >= 66 || (eyes >= 8 && mine > 48 + 4);
    EXPECT_EQ(losers->decide(v), stop_losers ? Action::stop() : Action::roll()) << eyes;
    // The leader: 48 as well here, so the same rule; with a lower leader it differs below.
    EXPECT_EQ(leader->decide(v), stop_losers ? Action::stop() : Action::roll()) << eyes;
  }
  table[0].eyes = 0;  // standings 30, 30, 25: the leader 30, the lowest 25
  p.target_leader = false;
  p.stop.k = 1;       // the lowest known standing: 25
  const auto lowest = make_strong_policy(rules, {}, p);
  for (int eyes = 8; eyes <= 20; ++eyes) {
    TurnState s;
    s.eyes = eyes;
    const TurnView v{rules, s, 3, table, 1};
    EXPECT_EQ(lowest->decide(v), 20 + eyes > 25 + 4 ? Action::stop() : Action::roll()) << eyes;
    EXPECT_EQ(leader->decide(v), 20 + eyes > 30 + 4 ? Action::stop() : Action::roll()) << eyes;
  }
}

TEST(StrongPolicy, SampledLastSeatWinEqualsTheDp) {
  const Rules rules = one_pass();
  const JokerSet loadout = JokerSet{}.with(RATTENLORD).with(SPELUNKENBOLD);
  StrongParams params;
  params.exact_deficit = 40;
  const auto strong = make_strong_policy(rules, loadout, params);
  std::vector<SeatView> table = last_seat_table();
  TurnState start;
  start.eyes = 4;  // the free throw already thrown
  start.held = loadout;
  const LastSeatSolver dp(rules, table, 1, Goal::Win);
  const double exact = dp.value(start, table);
  std::vector<PassSeat> seats(4);
  for (size_t k = 0; k < 4; ++k) seats[k] = {strong.get(), {}, 0, table[k].total};
  seats[1].jokers = loadout;
  const int n = 20000;
  double sum = 0, sum_sq = 0;
  for (int i = 0; i < n; ++i) {
    core::RandomDice dice(core::chunk_rng(77, static_cast<std::uint64_t>(i)));
    PassSituation sit{table, 1, start, {}};
    const PassResult r = finish_pass(rules, seats, sit, dice);
    std::vector<int> totals(4);
    for (size_t k = 0; k < 4; ++k) totals[k] = table[k].total + r.eyes[k];
    const double w = static_cast<double>(score_totals(rules, totals).win_units[1]) / kWinUnit;
    sum += w, sum_sq += w * w;
  }
  const double mean = sum / n, se = std::sqrt((sum_sq / n - mean * mean) / (n - 1));
  EXPECT_GT(exact, 0.05);
  EXPECT_LT(exact, 0.95);
  EXPECT_NEAR(mean, exact, 4 * se) << "exact " << exact;
}

TEST(StrongPolicy, ThePassRecordDecidesTheLastPass) {
  const Rules rules = preset("tournament-2019");  // three passes
  const auto strong = make_strong_policy(rules, {}, StrongParams{});
  const std::vector<SeatView> table = last_seat_table();
  TurnState s;
  const TurnView v{rules, s, 1, table, 0};
  clear_pass_note();
  EXPECT_FALSE(strong->last_pass(v));
  const std::vector<int> totals = {10, 14, 20, 25};
  note_pass(2, 3, totals);
  EXPECT_TRUE(strong->last_pass(v));
  note_pass(1, 3, totals);
  EXPECT_FALSE(strong->last_pass(v));
  note_pass(2, 3, std::vector<int>{10, 14, 20, 26});  // another evening's record
  EXPECT_FALSE(strong->last_pass(v));
  clear_pass_note();
}

TEST(StrongPolicy, SelectorSavesTheStrongestForTheLastPass) {
  const Rules rules = preset("tournament-2019");
  const auto sel = make_strong_selector(rules);
  const auto& rank = sel->ranking();
  ASSERT_GE(rank.size(), 9u);
  EXPECT_EQ(rank.front(), RUNKELRUEB);  // by far the largest solo lift (docs/games/verflixte6.md)
  const JokerSet last = sel->planned(2, 3), first = sel->planned(0, 3);
  EXPECT_TRUE(last.has(rank[0]) && last.has(rank[1]) && last.has(rank[2]));
  EXPECT_TRUE(first.has(rank[6]) && first.has(rank[8]));
  Rules classic = preset("classic");
  const auto c = make_strong_selector(classic);
  EXPECT_EQ(c->planned(0, 1).size(), 3);
}

TEST(StrongPolicy, ReadsBackAsStrongAndFromItsFile) {
  const Rules rules = one_pass();
  const auto a = make_policy("strong", rules);
  ASSERT_NE(dynamic_cast<const StrongPolicy*>(a.get()), nullptr);
  const auto b = make_policy(kSource + "/strategies/strong.ini", rules);
  const auto* s = dynamic_cast<const StrongPolicy*>(b.get());
  ASSERT_NE(s, nullptr);
  EXPECT_GE(s->params().stop.cap, s->params().stop.floor);
  std::istringstream back(strong_file(s->params(), "# test"));
  const StrongParams p = read_strong(back, "back.ini");
  EXPECT_EQ(p.stop.margin, s->params().stop.margin);
  EXPECT_EQ(p.stop.cap, s->params().stop.cap);
  EXPECT_EQ(p.exact_deficit, s->params().exact_deficit);
  EXPECT_EQ(p.target_leader, s->params().target_leader);
  StrongParams leader = p;
  leader.target_leader = true;
  std::istringstream back2(strong_file(leader, "# test"));
  EXPECT_TRUE(read_strong(back2, "back2.ini").target_leader);
  std::istringstream bad("[last_seat]\nexact_deficit = 500\n");
  EXPECT_THROW(read_strong(bad, "bad.ini"), core::InputError);
  EXPECT_THROW(make_policy("strong:" + kSource + "/strategies/heuristic.ini", rules), core::InputError);
}

// P(win) of a strong seat 0 against three copies of `field` (with its joker list).
core::Estimate strong_against(const Rules& rules, const Policy& field, const Selector* field_selector,
                        std::uint64_t evenings) {
  const auto strong = make_strong_evening_policy(rules, StrongParams{});
  const StrongSelector sel(strong->solutions());
  ObjectiveSpec spec;
  spec.seats.push_back({strong.get(), &sel, 0});
  for (int k = 0; k < 3; ++k) spec.seats.push_back({&field, field_selector, 1});
  spec.groups = {"strong", "field"};
  const ObjectiveRun run = play_objectives(rules, spec, evenings, 2019, 2);
  EXPECT_EQ(run.engine, PassEngine::Reference);  // the kernel cannot play it
  return run.by_seat[0].win;
}

TEST(StrongPolicy, BeatsHeuristicAndThresholdAtFour) {
  const Rules rules = preset("tournament-2019");
  const auto heuristic = make_policy(kSource + "/strategies/heuristic.ini", rules);
  const ListSelector list(dynamic_cast<const HeuristicPolicy&>(*heuristic).params().loadout);
  const core::Estimate h = strong_against(rules, *heuristic, &list, 1500);
  EXPECT_GT(h.mean, 0.25 + 4 * h.se) << h.mean << " ± " << h.se;
  const ThresholdPolicy t20(20);
  const core::Estimate t = strong_against(rules, t20, nullptr, 1500);
  EXPECT_GT(t.mean, 0.25 + 4 * t.se) << t.mean << " ± " << t.se;
}

}  // namespace
}  // namespace verflixt::verflixte6
