// Seats that do not matter: identical players get identical results in
// every seat. The game is symmetric under turning the table — the first seat rotates by one
// each pass (P1) and across evenings (O5), and every rule and tie rule (E11: ties among
// victims and duel targets go to the first in seat order after the thief) reads seats only
// relative to each other — so
//  - exactly: the same dice played from first seat f + r give the results of first seat f
//    turned by r, pass by pass and evening by evening, in both engines;
//  - statistically: over many evenings identical policies get P(win) 1/n in every seat within
//    their standard errors (O1 makes 1/n the exact mean of the seats), in both engines.
// Each failed before the tie rule: ties went to the lowest index, and 6 × threshold:20 gave
// P(win) 0.157 in seat 1 rising to 0.177 in seat 6.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/exact/last_seat.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/kernels/pass_kernel.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/core/rng.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::verflixte6 {
namespace {

std::unique_ptr<Policy> heuristic(const Rules& rules) {
  return make_policy(VERFLIXT_SOURCE_DIR "/strategies/heuristic.ini", rules);
}

std::unique_ptr<Policy> position(const Rules& rules) {
  return make_policy(VERFLIXT_SOURCE_DIR "/strategies/position-jokers.ini", rules);
}

// v turned by r seats: seat k's entry moves to seat k + r.
std::vector<int> turned(const std::vector<int>& v, int r) {
  const int n = static_cast<int>(v.size());
  std::vector<int> out(v.size());
  for (int k = 0; k < n; ++k) out[static_cast<size_t>((k + r) % n)] = v[static_cast<size_t>(k)];
  return out;
}

// ---- The tie rule itself (table.h, E11) ----

TEST(SeatSymmetry, CandidatesComeInSeatOrderAfterTheThief) {
  const Rules rules = preset("tournament-2019");
  std::vector<SeatView> table(6);  // six Jungfrauen at 0: everybody ties
  table[1].status = Status::Zombie;
  const Candidates rob = rob_candidates(rules, table, 3);
  EXPECT_EQ(std::vector<int>(rob.span().begin(), rob.span().end()), std::vector<int>({4, 5, 0, 2}));
  const Candidates duel = senigma_candidates(table, 5);
  EXPECT_EQ(std::vector<int>(duel.span().begin(), duel.span().end()), std::vector<int>({0, 2, 3, 4}));
}

TEST(SeatSymmetry, TiedVictimsAndTargetsGoToTheNextSeatAfterTheThief) {
  const Rules rules = preset("tournament-2019");
  const ThresholdPolicy t20(20);
  const auto heur = heuristic(rules);
  const auto pos = position(rules);
  std::vector<SeatView> table(6);
  TurnState turn;
  turn.eyes = 7;
  for (int self = 0; self < 6; ++self) {
    const TurnView v{rules, turn, self, table, 6 - 1 - self};
    const Candidates rob = rob_candidates(rules, table, self);
    const Candidates duel = senigma_candidates(table, self);
    const int next = (self + 1) % 6;
    for (const Policy* p : std::vector<const Policy*>{&t20, heur.get(), pos.get()}) {
      EXPECT_EQ(p->choose_victim(v, 1, rob.span()), next) << p->name() << " thief " << self;
      EXPECT_EQ(p->senigma_target(v, duel.span()), next) << p->name() << " attacker " << self;
    }
  }
  // Among the richest two (seats 1 and 4), the thief in seat 2 robs seat 4, the one in seat 5 seat 1.
  table[1].eyes = table[4].eyes = 9;
  table[1].status = table[4].status = Status::Prinzessin;
  table[0].eyes = 3;
  table[0].status = Status::Prinzessin;
  for (auto [self, victim] : {std::pair{2, 4}, std::pair{5, 1}, std::pair{0, 1}}) {
    const TurnView v{rules, turn, self, table, 2};
    EXPECT_EQ(t20.choose_victim(v, 1, rob_candidates(rules, table, self).span()), victim) << "thief " << self;
    EXPECT_EQ(t20.senigma_target(v, senigma_candidates(table, self).span()), victim) << "attacker " << self;
  }
}

TEST(SeatSymmetry, TheLastSeatSolverBreaksTiesTheSameWay) {
  // Three Prinzessinnen alike: every victim and duel target is worth the same to the last
  // player, who takes the next after him.
  const Rules rules = preset("tournament-2019");
  for (int self = 0; self < 4; ++self) {
    std::vector<SeatView> table(4, SeatView{10, Status::Prinzessin, 0, false, false});
    table[static_cast<size_t>(self)] = SeatView{5, Status::Jungfrau, 0, false, false};
    TurnState turn;
    turn.eyes = 5;
    turn.held = JokerSet{}.with(SENIGMA);
    const LastSeatSolver dp(rules, table, self, Goal::Win, turn);
    TurnState one = turn;  // a robbing 1 just thrown (engine.cpp asks before paying)
    one.eyes = 6;
    one.robbing_ones = 1;
    const int next = (self + 1) % 4;
    EXPECT_EQ(dp.best_victim(one, table, 1, rob_candidates(rules, table, self).span()), next) << "thief " << self;
    TurnState duel = turn;  // Senigma announced: spent
    duel.held = {};
    EXPECT_EQ(dp.best_senigma_target(duel, table, senigma_candidates(table, self).span()), next)
        << "attacker " << self;
  }
}

// ---- Exact: turning the table turns the results ----

// Plays one pass from every first seat on the same dice; the results must be those of first
// seat 0, turned.
void expect_passes_turn(const Rules& rules, const std::vector<PassSeat>& seats, bool kernel, int passes,
                        std::uint64_t seed) {
  const int n = static_cast<int>(seats.size());
  PassKernel pk(rules);
  for (int p = 0; p < passes; ++p) {
    PassResult base;
    for (int r = 0; r < n; ++r) {
      core::RandomDice dice(core::chunk_rng(seed, static_cast<std::uint64_t>(p)));
      const PassResult res = kernel ? pk.play_pass(seats, r, dice.rng()) : play_pass(rules, seats, r, dice);
      if (r == 0) {
        base = res;
        continue;
      }
      ASSERT_EQ(res.eyes, turned(base.eyes, r)) << (kernel ? "kernel" : "reference") << " pass " << p << " first " << r;
      ASSERT_EQ(res.keuler, turned(base.keuler, r)) << (kernel ? "kernel" : "reference") << " pass " << p;
    }
  }
}

TEST(SeatSymmetry, TurningTheTableTurnsEveryPass) {
  const Rules rules = preset("tournament-2019");
  const ThresholdPolicy t20(20);
  const auto heur = heuristic(rules);
  const auto pos = position(rules);
  const JokerSet j = JokerSet{}.with(SENIGMA).with(HIRTENSCHUTZ).with(RUNKELRUEB);
  for (bool kernel : {true, false}) {
    expect_passes_turn(rules, std::vector<PassSeat>(6, PassSeat{&t20, {}, 0, 0}), kernel, 300, 1);
    expect_passes_turn(rules, std::vector<PassSeat>(4, PassSeat{heur.get(), j, 0, 0}), kernel, 300, 2);
    expect_passes_turn(rules, std::vector<PassSeat>(5, PassSeat{pos.get(), j, 0, 0}), kernel, 300, 3);
    const Rules classic = preset("classic");
    const auto cheur = heuristic(classic);
    const JokerSet cj = JokerSet{}.with(SENIGMA).with(FUMO);
    expect_passes_turn(classic, std::vector<PassSeat>(5, PassSeat{cheur.get(), cj, 0, 0}), kernel, 300, 4);
  }
}

TEST(SeatSymmetry, TurningTheTableTurnsEveryEvening) {
  // Joker selection (P2, Freie Jokerwahl in the final), rotation (P1), totals, losers (P3)
  // and the placement bonus (P4) read no seat index either.
  for (const char* name : {"tournament-2019", "classic"}) {
    const Rules rules = preset(name);
    const auto heur = heuristic(rules);
    const ListSelector sel({SENIGMA, HIRTENSCHUTZ, RATTENLORD, SPELUNKENBOLD, PONY, FUMO, MONOKEL, ANACONDA});
    const int n = 5;
    for (bool kernel : {true, false}) {
      PassKernel pk(rules);
      for (int e = 0; e < 200; ++e) {
        std::vector<int> base_totals, base_bonus;
        for (int r = 0; r < n; ++r) {
          std::vector<EveningPlayer> players(static_cast<size_t>(n), EveningPlayer{heur.get(), &sel, 0});
          players[static_cast<size_t>(r)].bonus = 6;  // last evening's winner, turned with the table
          players[static_cast<size_t>((r + 2) % n)].bonus = 4;
          core::RandomDice dice(core::chunk_rng(7, static_cast<std::uint64_t>(e)));
          const bool final = e % 2 == 1;
          const EveningResult res = kernel ? pk.play_evening(players, final, r, dice.rng())
                                           : play_evening(rules, players, final, r, dice);
          std::vector<int> bonus(res.place_bonus.begin(), res.place_bonus.end());
          if (r == 0) {
            base_totals = res.totals;
            base_bonus = bonus;
            continue;
          }
          ASSERT_EQ(res.totals, turned(base_totals, r)) << name << (kernel ? " kernel" : " reference") << " evening " << e;
          ASSERT_EQ(bonus, turned(base_bonus, r)) << name << " evening " << e;
        }
      }
    }
  }
}

// O5: over any n consecutive series every seat opens each evening of a series exactly once —
// in particular the first, the one without P4 bonuses — whatever the series length. (Counting
// evenings g = s·L + e instead, series of 10 at a table of 4 let only seats 0 and 2 open it.)
TEST(SeatSymmetry, EverySeatOpensEveryEveningOfASeriesEquallyOften) {
  for (std::size_t n = 2; n <= 12; ++n)
    for (std::uint64_t L : {1u, 2u, 3u, 10u}) {
      for (std::uint64_t e = 0; e < L; ++e) {
        std::vector<int> opened(n, 0);
        for (std::uint64_t s = 5; s < 5 + n; ++s) ++opened[static_cast<size_t>(evening_first_seat(s, e, n))];
        EXPECT_EQ(opened, std::vector<int>(n, 1)) << "n " << n << " L " << L << " evening " << e;
      }
      if (L == 1) {
        for (std::uint64_t g = 0; g < 30; ++g) EXPECT_EQ(evening_first_seat(g, 0, n), static_cast<int>(g % n));
      }
    }
}

// ---- Statistical: equal P(win) in every seat over many evenings ----

constexpr double kMaxZ = 4.0;  // standard errors per seat
// The 1 - 1e-4 quantile of chi-square with n - 1 degrees of freedom, n = 2..12.
constexpr double kChi2[] = {0, 0, 15.14, 18.42, 21.11, 23.51, 25.74, 27.86, 29.88, 31.83, 33.72, 35.56, 37.35};

// Every seat's P(win) is 1/n within kMaxZ of its standard error, and together they pass a
// chi-square test: the win shares of an evening sum to 1 (O1), so Σ z² (n-1)/n is about
// chi-square with n - 1 degrees of freedom (Pearson's statistic for a split of the wins).
void expect_equal_seats(const ObjectiveRun& run, const std::string& what) {
  const auto n = static_cast<double>(run.by_seat.size());
  double chi2 = 0;
  std::string seats;
  for (const auto& row : run.by_seat) {
    ASSERT_GT(row.win.se, 0.0) << what;
    const double z = (row.win.mean - 1.0 / n) / row.win.se;
    EXPECT_LE(std::fabs(z), kMaxZ) << what << ": " << row.label << " P(win) " << row.win.mean << " ± " << row.win.se;
    chi2 += z * z;
    seats += " " + std::to_string(row.win.mean);
  }
  chi2 *= (n - 1) / n;
  EXPECT_LE(chi2, kChi2[run.by_seat.size()]) << what << ": P(win) by seat" << seats;
}

ObjectiveSpec same_seats(int n, const Policy* p, const Selector* s, const std::string& label, PassEngine e) {
  ObjectiveSpec spec;
  for (int k = 0; k < n; ++k) spec.seats.push_back({p, s, 0});
  spec.groups = {label};
  spec.engine = e;
  return spec;
}

TEST(SeatSymmetry, SixThresholdTwentiesWinEquallyInEverySeat) {
  const Rules rules = preset("tournament-2019");
  const ThresholdPolicy t20(20);
  for (PassEngine e : {PassEngine::Kernel, PassEngine::Reference}) {
    // 48000 evenings: every seat opens 8000 (O5); the SE of a seat's P(win) is about 0.0017.
    const auto run = play_objectives(rules, same_seats(6, &t20, nullptr, "threshold:20", e), 48000, 91, 2);
    ASSERT_EQ(run.evenings, 48000u);
    expect_equal_seats(run, std::string("6 x threshold:20, ") + engine_name(e));
  }
}

TEST(SeatSymmetry, SixHeuristicsWithJokersWinEquallyInEverySeat) {
  const Rules rules = preset("tournament-2019");
  const auto heur = heuristic(rules);
  // Senigma first, so duels (targets by policy) happen in the first pass, then the file's loadout.
  const ListSelector sel({SENIGMA, HIRTENSCHUTZ, RATTENLORD, SPELUNKENBOLD, PONY, CHERRY, RUNKELRUEB});
  for (PassEngine e : {PassEngine::Kernel, PassEngine::Reference}) {
    const auto run = play_objectives(rules, same_seats(6, heur.get(), &sel, "heuristic", e), 48000, 92, 2);
    expect_equal_seats(run, std::string("6 x heuristic.ini, ") + engine_name(e));
  }
}

}  // namespace
}  // namespace verflixt::verflixte6
