// The last seat's exact DP (last_seat.h): hand-made cases with values worked out here (Fumo
// active included), and agreement with Monte Carlo of finish_pass under the DP's own policy
// within 4 SE, without jokers and with every joker in both presets; no threshold or
// heuristic policy beats it.
#include "verflixt/games/verflixte6/exact/last_seat.h"

#include <gtest/gtest.h>
#include <pthread.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "verflixt/core/dice.h"
#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/core/rng.h"

namespace verflixt::verflixte6 {
namespace {

SeatView seat(int eyes, Status s, int total = 0) { return SeatView{eyes, s, total, false, false}; }

// Monte Carlo of the rest of the pass with `policy` on turn: the mean objective and its SE.
std::pair<double, double> monte_carlo(const Rules& rules, const std::vector<SeatView>& table, int self, int eyes,
                                      const Policy& policy, Goal goal, int n, std::uint64_t seed,
                                      const TurnState& start = {}) {
  std::vector<PassSeat> seats(table.size(), PassSeat{&policy, {}, 0, 0});
  core::RandomDice dice(core::chunk_rng(seed, 0));
  double sum = 0, sq = 0;
  for (int i = 0; i < n; ++i) {
    PassSituation s{table, self, start, {}};
    s.turn.eyes = eyes;
    const PassResult r = finish_pass(rules, seats, s, dice);
    std::vector<int> totals;
    for (size_t k = 0; k < table.size(); ++k) totals.push_back(table[k].total + r.eyes[k]);
    double x;
    if (goal == Goal::NotLoser) {
      x = losers(rules, totals)[static_cast<size_t>(self)] ? 0.0 : 1.0;
    } else {
      const int best = *std::max_element(totals.begin(), totals.end());
      x = totals[static_cast<size_t>(self)] == best ? 1.0 / static_cast<double>(std::count(totals.begin(), totals.end(), best)) : 0.0;
    }
    sum += x, sq += x * x;
  }
  const double m = sum / n;
  return {m, std::sqrt(std::max(0.0, sq / n - m * m) / (n - 1))};
}

TEST(LastSeat, AlreadySafeStops) {
  const Rules rules = preset("tournament-2019");
  // Three Zombies at 0 are the three losers: at 3 eyes the last seat is safe.
  std::vector<SeatView> t = {seat(0, Status::Zombie), seat(0, Status::Zombie), seat(0, Status::Zombie),
                             seat(10, Status::Prinzessin), seat(0, Status::Jungfrau)};
  const LastSeatSolver s(rules, t, 4, Goal::NotLoser);
  EXPECT_EQ(s.value(3, 0, t), 1.0);
  EXPECT_EQ(s.stop_value(3, t), 1.0);
  TurnState turn;
  turn.eyes = 3;
  t[4].eyes = 3;
  EXPECT_EQ(LastSeatPolicy(s).decide(TurnView{rules, turn, 4, t, 0}), Action::stop());
  // Sole leader for the win: stop.
  const LastSeatSolver w(rules, t, 4, Goal::Win);
  EXPECT_EQ(w.value(11, 0, t), 1.0);
}

TEST(LastSeat, HandComputedTwoPlayerValues) {
  const Rules rules = preset("tournament-2019");
  std::vector<SeatView> t = {seat(7, Status::Prinzessin), seat(0, Status::Jungfrau)};
  const LastSeatSolver s(rules, t, 1, Goal::Win);
  // At 6 against 7: stopping loses; a roll wins unless it is a 6 (a 1 steals 1: 8 vs 6).
  EXPECT_DOUBLE_EQ(s.stop_value(6, t), 0.0);
  EXPECT_DOUBLE_EQ(s.value(6, 0, t), 5.0 / 6.0);
  // At 7 against 7: stopping shares the win (1/2), rolling wins 5/6.
  EXPECT_DOUBLE_EQ(s.stop_value(7, t), 0.5);
  EXPECT_DOUBLE_EQ(s.value(7, 0, t), 5.0 / 6.0);
  // At 2 against 7: from e the win needs e > 7 before a 6. w(e) = 1 for e >= 8; a 1 also
  // steals (j-th 1 steals min(j,5)), so write it out with the count: w(e, j).
  std::function<double(int, int, int)> w = [&](int e, int j, int her) -> double {
    if (e > her) return 1.0;
    const double stop = e == her ? 0.5 : 0.0;
    double roll = 0;
    const int amt = std::min(j + 1, 5);
    roll += w(e + 1 + amt, j + 1, her - amt);
    for (int f = 2; f <= 5; ++f) roll += w(e + f, j, her);
    return std::max(stop, roll / 6.0);
  };
  EXPECT_NEAR(s.value(2, 0, t), w(2, 0, 7), 1e-12);
  EXPECT_NEAR(s.value(1, 2, t), w(1, 2, 7), 1e-12);
}

TEST(LastSeat, KeulerBonusMakesRobbingTheWeakWorthIt) {
  // Her at 1 eye: the first robbing 1 takes her to 0 and pays +5 (T6). Five players, three
  // losers: two Zombies are losers already; the third loser is the lowest of her, me and
  // the leader at 30.
  const Rules rules = preset("tournament-2019");
  std::vector<SeatView> t = {seat(0, Status::Zombie), seat(0, Status::Zombie), seat(1, Status::Prinzessin),
                             seat(30, Status::Prinzessin), seat(0, Status::Jungfrau)};
  const LastSeatSolver s(rules, t, 4, Goal::NotLoser);
  // At 1 against her 1: a tie makes both losers. A 1 robbing her → 1+1+1+5 = 8 vs 0: safe;
  // 2..5: above her: safe; 6: 0, a loser. So 5/6.
  EXPECT_DOUBLE_EQ(s.value(1, 0, t), 5.0 / 6.0);
  // Her at 2, me at 0 throwing my first 1 (now 1 eye): robbing her leaves her 1 below my 2,
  // safe; robbing the leader ties me with her at 2, both losers. The leader is listed first.
  t[2].eyes = 2;
  const LastSeatSolver s2(rules, t, 4, Goal::NotLoser);
  const std::vector<int> cand = {3, 2};
  TurnState one;  // as the engine asks: the 1 thrown (1 eye, count 1), its 1 eye not yet taken
  one.eyes = 1;
  one.robbing_ones = 1;
  EXPECT_EQ(s2.best_victim(one, t, 1, cand), 2);
  EXPECT_EQ(s2.value(2, 1, [&] { auto u = t; u[2].eyes = 1; return u; }()), 1.0);
}

TEST(LastSeat, AgreesWithMonteCarloOfItsPolicy) {
  for (const char* name : {"tournament-2019", "classic"}) {
    const Rules rules = preset(name);
    std::vector<SeatView> t = {seat(14, Status::Prinzessin, 20), seat(0, Status::Zombie, 35), seat(3, Status::Prinzessin, 18),
                               seat(22, Status::Prinzessin, 9), seat(9, Status::Prinzessin, 25), seat(0, Status::Jungfrau, 21)};
    for (Goal goal : {Goal::NotLoser, Goal::Win}) {
      SCOPED_TRACE(std::string(name) + (goal == Goal::Win ? " win" : " not-loser"));
      const LastSeatSolver s(rules, t, 5, goal);
      for (int e0 : {2, 6}) {
        const double exact = s.value(e0, 0, t);
        const LastSeatPolicy p(s);
        const auto [mc, se] = monte_carlo(rules, t, 5, e0, p, goal, 20000, 77 + static_cast<std::uint64_t>(e0));
        EXPECT_NEAR(mc, exact, 4 * se + 1e-9) << "e0 " << e0 << " states " << s.states();
        // No threshold policy does better than the optimum (beyond noise).
        for (int th : {5, 10, 15, 20, 25}) {
          const ThresholdPolicy tp(th);
          const auto [v, vse] = monte_carlo(rules, t, 5, e0, tp, goal, 4000, 5 + static_cast<std::uint64_t>(th));
          EXPECT_LE(v, exact + 4 * vse + 1e-9) << "threshold " << th;
        }
      }
    }
  }
}

// Jule, Tentakel, Runkelrüb and a Ventil floor: the DP against Monte Carlo of its policy,
// and against a recursion written here for two players without robbing.
TEST(LastSeat, AutojokersRunkelruebAndFloor) {
  Rules rules = preset("tournament-2019");
  std::vector<SeatView> t = {seat(14, Status::Prinzessin, 20), seat(0, Status::Zombie, 35), seat(3, Status::Prinzessin, 18),
                             seat(22, Status::Prinzessin, 9), seat(0, Status::Jungfrau, 21)};
  TurnState start;
  start.held = JokerSet{}.with(JULE).with(TENTAKEL).with(RUNKELRUEB);
  start.has_floor = true;
  start.floor = 4;
  for (Goal goal : {Goal::NotLoser, Goal::Win}) {
    const LastSeatSolver s(rules, t, 4, goal, start);
    const double exact = s.value(5, 0, t);
    const LastSeatPolicy p(s);
    const auto [mc, se] = monte_carlo(rules, t, 4, 5, p, goal, 20000, 91, start);
    EXPECT_NEAR(mc, exact, 4 * se + 1e-9) << (goal == Goal::Win ? "win" : "not-loser");
  }
  // Two players, no robbing, her at 20: with Jule a face f adds f + 1, Tentakel turns 1, 2
  // into 7, 8 (+1); Runkelrüb saves a 6 with 1 - (2/6)^2 = 8/9 once.
  rules.ones_rob = false;
  std::vector<SeatView> two = {seat(20, Status::Prinzessin), seat(0, Status::Jungfrau)};
  const LastSeatSolver s(rules, two, 1, Goal::Win, start);
  std::function<double(int, bool)> w = [&](int e, bool runkel) -> double {
    if (e > 20) return 1.0;
    const double stop = e == 20 ? 0.5 : 0.0;
    double roll = 0;
    for (int f = 1; f <= 5; ++f) roll += w(e + (f <= 2 ? f + 5 : f) + 1, runkel);
    roll += runkel ? 8.0 / 9.0 * w(e, false) : 0.0;  // a failed save: the floor 4 loses to 20
    return std::max(stop, roll / 6.0);
  };
  EXPECT_NEAR(s.value(5, 0, two), w(5, true), 1e-12);
  EXPECT_NEAR(s.value(12, 0, two), w(12, true), 1e-12);
  // Fumo active (J13): faces 1..5 add twice the face (no Jule, no Tentakel); Runkelrüb saves
  // a 6 with 8/9, halves the gain since Fumo began back and ends Fumo; then as above.
  std::function<double(int, bool, int)> wf = [&](int e, bool runkel, int gain) -> double {
    if (e > 20) return 1.0;
    const double stop = e == 20 ? 0.5 : 0.0;
    double roll = 0;
    for (int f = 1; f <= 5; ++f) roll += wf(e + 2 * f, runkel, gain + 2 * f);
    roll += runkel ? 8.0 / 9.0 * w(e - (gain - gain / 2), false) : 0.0;
    return std::max(stop, roll / 6.0);
  };
  TurnState fumo = start;
  fumo.fumo_active = true;
  for (auto [e, gain] : {std::pair{9, 0}, std::pair{13, 6}, std::pair{17, 10}}) {
    fumo.eyes = e;
    fumo.fumo_gain = gain;
    EXPECT_NEAR(s.value(fumo, two), wf(e, true, gain), 1e-12) << e << " " << gain;
  }
}

// Every joker and an active Fumo: the DP's value against Monte Carlo of the reference
// engine under the DP's own policy (stop/roll/joker, victims, duel targets, the choices
// inside jokers, the reactions), within 4 SE; in both presets and for both goals.
struct JokerCase {
  const char* name;
  const char* preset;
  JokerSet held;
  int eyes = 0;
  bool fumo = false;
  int fumo_gain = 0;
  int frost_used = 0;
  bool senigma_attacked_22 = false;  // the Prinzessin at 22 was already attacked this pass
};

std::vector<SeatView> joker_table(const JokerCase& c) {
  // A Zombie, a Prinzessin at 3 (a robbing 1 or a duel can take her to 0: Keuler, T6), the
  // leaders at 14 and 22; the last seat is player 4.
  std::vector<SeatView> t = {seat(14, Status::Prinzessin, 20), seat(0, Status::Zombie, 35), seat(3, Status::Prinzessin, 18),
                             seat(22, Status::Prinzessin, 9), seat(0, Status::Jungfrau, 21)};
  t[3].senigma_attacked = c.senigma_attacked_22;
  return t;
}

TurnState joker_start(const JokerCase& c) {
  TurnState t;
  t.eyes = c.eyes;
  t.held = c.held;
  t.fumo_active = c.fumo;
  t.fumo_gain = c.fumo_gain;
  t.frost_used = c.frost_used;
  return t;
}

const std::vector<JokerCase>& joker_cases() {
  const JokerSet none;
  static const std::vector<JokerCase> cases = {
      {"hirtenschutz+all-in", "tournament-2019", none.with(HIRTENSCHUTZ).with(ALL_IN), 5},
      {"ventil+spelunkenbold+pony", "tournament-2019", none.with(VENTIL).with(SPELUNKENBOLD).with(PONY), 6},
      // Two possible duel targets (14 and 3; 22 was attacked already, the Zombie never is).
      {"senigma duel", "tournament-2019", none.with(SENIGMA), 9, false, 0, 0, true},
      {"senigma duel+monokel", "tournament-2019", none.with(SENIGMA).with(MONOKEL), 4, false, 0, 0, true},
      {"tentakel+jule+anaconda", "tournament-2019", none.with(TENTAKEL).with(JULE).with(ANACONDA), 4},
      {"fumo active+runkelrueb+rattenlord", "tournament-2019", none.with(RUNKELRUEB).with(RATTENLORD), 10, true, 4},
      {"frostschutz+cherry+fumo", "tournament-2019", none.with(FROSTSCHUTZ).with(CHERRY).with(FUMO), 7, false, 0, 1},
      {"classic senigma+fumo+monokel", "classic", none.with(SENIGMA).with(FUMO).with(MONOKEL), 5},
      {"classic rattenlord+all-in+ventil", "classic", none.with(RATTENLORD).with(ALL_IN).with(VENTIL), 9},
  };
  return cases;
}

TEST(LastSeat, EveryJokerAgreesWithMonteCarloOfItsPolicy) {
  for (const JokerCase& c : joker_cases()) {
    const Rules rules = preset(c.preset);
    const std::vector<SeatView> t = joker_table(c);
    const TurnState start = joker_start(c);
    for (Goal goal : {Goal::NotLoser, Goal::Win}) {
      SCOPED_TRACE(std::string(c.name) + (goal == Goal::Win ? " win" : " not-loser"));
      const LastSeatSolver s(rules, t, 4, goal, start);
      const double exact = s.value(start, t);
      const LastSeatPolicy p(s);
      const auto [mc, se] = monte_carlo(rules, t, 4, c.eyes, p, goal, 6000, 1234, start);
      EXPECT_NEAR(mc, exact, 4 * se + 1e-9) << "states " << s.states();
      // The value is the best action's, and every legal action's value is at most that.
      double best = 0;
      for (int k = -2; k < JOKER_NB; ++k) {
        const Action a = k == -2 ? Action::stop() : k == -1 ? Action::roll() : Action::use(static_cast<Joker>(k));
        if (s.legal(start, a)) best = std::max(best, s.action_value(start, t, a));
      }
      EXPECT_NEAR(best, exact, 1e-12);
    }
  }
}

// The optimum is at least as good as simple alternatives that also play the jokers: the
// heuristic position policy and thresholds, by Monte Carlo within 4 SE.
TEST(LastSeat, JokerOptimumBeatsHeuristics) {
  for (size_t k : {0u, 2u, 5u}) {
    const JokerCase& c = joker_cases()[k];
    const Rules rules = preset(c.preset);
    const std::vector<SeatView> t = joker_table(c);
    const TurnState start = joker_start(c);
    const auto heuristic = make_policy("strategies/position-jokers.ini", rules);
    for (Goal goal : {Goal::NotLoser, Goal::Win}) {
      SCOPED_TRACE(std::string(c.name) + (goal == Goal::Win ? " win" : " not-loser"));
      const LastSeatSolver s(rules, t, 4, goal, start);
      const double exact = s.value(start, t);
      const auto [h, hse] = monte_carlo(rules, t, 4, c.eyes, *heuristic, goal, 3000, 55, start);
      EXPECT_LE(h, exact + 4 * hse + 1e-9) << heuristic->name();
      for (int th : {12, 20}) {
        const ThresholdPolicy tp(th);
        const auto [v, vse] = monte_carlo(rules, t, 4, c.eyes, tp, goal, 3000, 7 + static_cast<std::uint64_t>(th), start);
        EXPECT_LE(v, exact + 4 * vse + 1e-9) << tp.name();
      }
    }
  }
}

// Runs `f` on a thread with a stack of `bytes` (the recursion of an input-sized deficit would
// not fit in it).
void on_small_stack(std::size_t bytes, const std::function<void()>& f) {
  pthread_attr_t attr;
  ASSERT_EQ(pthread_attr_init(&attr), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attr, bytes), 0);
  pthread_t thread;
  auto* call = new std::function<void()>(f);
  ASSERT_EQ(pthread_create(&thread, &attr, [](void* p) -> void* {
              auto* g = static_cast<std::function<void()>*>(p);
              (*g)();
              delete g;
              return nullptr;
            }, call), 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
}

// Far behind, one throw a level would recurse as deep as the deficit: the DP stops at a fixed
// depth and solves what lies below from an explicit stack, so it runs on a thread with a
// 256 KiB stack (a thousand levels would need about 640 KiB). Its value is the chance of
// passing the Zombie before a 6 (his 0 eyes cannot be robbed: a 1 adds its 1), worked out
// here bottom-up with the solver's tie rule (rolling only when it is better by more than
// 1e-12): 300 eyes behind, about 1e-8, compared relatively; 1200 behind (the most an evening
// can reach), below the tie rule's reach.
TEST(LastSeat, AWholeEveningsDeficitNeedsNoDeepStack) {
  const Rules rules = preset("tournament-2019");
  for (const int deficit : {300, 1200}) {
    const std::vector<SeatView> t = {seat(0, Status::Zombie, deficit), seat(0, Status::Jungfrau)};
    std::vector<double> w(static_cast<std::size_t>(deficit) + 7, 1.0);  // w[e]: P(win) from e eyes
    for (int e = deficit; e >= 0; --e) {
      double roll = 0;
      for (int f = 1; f <= 5; ++f) roll += w[static_cast<std::size_t>(e + f)];
      roll /= 6.0;
      const double stop = e == deficit ? 0.5 : 0.0;
      w[static_cast<std::size_t>(e)] = roll > stop + 1e-12 * (1 + stop) ? roll : stop;
    }
    double value = -1;
    std::size_t states = 0;
    on_small_stack(256 * 1024, [&] {
      const LastSeatSolver s(rules, t, 1, Goal::Win);
      value = s.value(0, 0, t);
      states = s.states();
    });
    if (w[0] > 0) {
      EXPECT_NEAR(value / w[0], 1.0, 1e-9) << deficit << ": " << value << " vs " << w[0];
    } else {
      EXPECT_EQ(value, 0.0) << deficit;
    }
    EXPECT_GT(states, static_cast<std::size_t>(deficit)) << deficit;
  }
}

TEST(LastSeat, RefusesAJungfrauStillToPlay) {
  const Rules rules = preset("tournament-2019");
  std::vector<SeatView> t = {seat(0, Status::Jungfrau), seat(0, Status::Jungfrau)};
  EXPECT_THROW(LastSeatSolver(rules, t, 1, Goal::Win), core::InputError);
}

}  // namespace
}  // namespace verflixt::verflixte6
