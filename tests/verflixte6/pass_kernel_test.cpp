// The pass kernel (pass_kernel.h) against the reference engine, the oracle: per seat, the
// distributions of pass results and evening objectives agree within a few standard errors
// (two independent samples with fixed seeds), for both presets, robbing, Keuler, Senigma
// duels and takes, Fumo, Ventil, Runkelrüb, position policies and joker selection. Also:
// the kernel's evenings are reproducible across thread counts, and a policy it cannot play
// is refused and sent to the reference engine.
#include "verflixt/games/verflixte6/pass_kernel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <sstream>

#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/heuristic.h"
#include "verflixt/games/verflixte6/joker.h"
#include "verflixt/games/verflixte6/objective.h"
#include "verflixt/games/verflixte6/policy.h"
#include "verflixt/games/verflixte6/position.h"
#include "verflixt/games/verflixte6/rules.h"

namespace verflixt {
namespace {

constexpr double kTolerance = 4.0;  // standard errors of the difference

// Mean and standard error of a sample of numbers.
struct Sample {
  double n = 0, sum = 0, sq = 0;
  void add(double x) { n += 1, sum += x, sq += x * x; }
  double mean() const { return sum / n; }
  double var_of_mean() const { return (sq / n - mean() * mean()) / (n - 1); }
};

// The two samples have the same mean, within kTolerance standard errors of the difference.
void expect_same(const Sample& a, const Sample& b, const std::string& what) {
  const double se = std::sqrt(a.var_of_mean() + b.var_of_mean());
  if (se == 0) {
    EXPECT_DOUBLE_EQ(a.mean(), b.mean()) << what;
    return;
  }
  EXPECT_LE(std::fabs(a.mean() - b.mean()), kTolerance * se)
      << what << ": kernel " << a.mean() << " reference " << b.mean() << " se " << se;
}

// Per seat: pass eyes, P(Zombie), Keuler bonuses earned, and P(eyes <= q) at fixed cut points
// (a distribution, not only a mean).
struct SeatStats {
  Sample eyes, zombie, keuler;
  std::vector<Sample> below;
};
constexpr int kCuts[] = {0, 10, 16, 20, 24, 30, 40};

std::vector<SeatStats> play_passes(const Rules& rules, const std::vector<PassSeat>& seats, int passes,
                                   std::uint64_t seed, bool kernel, int max_steps = 8) {
  const size_t n = seats.size();
  std::vector<SeatStats> st(n);
  for (auto& s : st) s.below.resize(std::size(kCuts));
  PassKernel pk(rules);
  pk.set_max_steps(max_steps);
  RandomDice dice(chunk_rng(seed, 0));
  for (int p = 0; p < passes; ++p) {
    const int first = p % static_cast<int>(n);
    const PassResult r = kernel ? pk.play_pass(seats, first, dice.rng()) : play_pass(rules, seats, first, dice);
    for (size_t k = 0; k < n; ++k) {
      st[k].eyes.add(r.eyes[k]);
      st[k].zombie.add(r.status[k] == Status::Zombie);
      st[k].keuler.add(r.keuler[k]);
      for (size_t c = 0; c < std::size(kCuts); ++c) st[k].below[c].add(r.eyes[k] <= kCuts[c]);
    }
  }
  return st;
}

void expect_same_passes(const Rules& rules, const std::vector<PassSeat>& seats, int passes, std::uint64_t seed,
                        int max_steps = 8) {
  const auto k = play_passes(rules, seats, passes, seed, true, max_steps);
  const auto r = play_passes(rules, seats, passes, seed + 1000, false);
  for (size_t s = 0; s < seats.size(); ++s) {
    const std::string who = "seat " + std::to_string(s) + " (" + seats[s].policy->name() + " @" +
                            loadout_name(seats[s].jokers) + ")";
    expect_same(k[s].eyes, r[s].eyes, who + " eyes");
    expect_same(k[s].zombie, r[s].zombie, who + " P(zombie)");
    expect_same(k[s].keuler, r[s].keuler, who + " keuler");
    for (size_t c = 0; c < std::size(kCuts); ++c)
      expect_same(k[s].below[c], r[s].below[c], who + " P(eyes <= " + std::to_string(kCuts[c]) + ")");
  }
}

std::unique_ptr<Policy> policy_file(const std::string& path, const Rules& rules) {
  return make_policy(path, rules);
}

JokerSet jokers(std::initializer_list<Joker> js) {
  JokerSet s;
  for (Joker j : js) s = s.with(j);
  return s;
}

TEST(PassKernel, PlainPassesAgreeWithTheEngine) {
  // No jokers: robbing 1s at a table of 4, including robbed Jungfrauen and Keuler bonuses.
  const Rules rules = preset("tournament-2019");
  ThresholdPolicy t12(12), t20(20), t26(26);
  std::vector<PassSeat> seats = {{&t12, {}, 0, 0}, {&t20, {}, 0, 0}, {&t26, {}, 0, 0}, {&t20, {}, 0, 0}};
  expect_same_passes(rules, seats, 30000, 1);
}

TEST(PassKernel, KeulerBonusesAndLapsedStealsAgreeWithTheEngine) {
  // T6: a Prinzessin who stopped low (threshold 3) is robbed to 0 by players who roll long.
  const Rules rules = preset("tournament-2019");
  ThresholdPolicy t3(3), t25(25), t30(30), t45(45);
  expect_same_passes(rules, {{&t3, {}, 0, 0}, {&t30, {}, 0, 0}, {&t25, {}, 0, 0}}, 30000, 4);
  // T4: with every other player a Zombie (threshold 45 mostly busts) the steal lapses.
  expect_same_passes(rules, {{&t45, {}, 0, 0}, {&t30, {}, 0, 0}}, 30000, 5);
}

TEST(PassKernel, TournamentJokersAgreeWithTheEngine) {
  // Every kind of joker step at a table of 6: Senigma duels (targets by policy), Fumo,
  // Ventil, Runkelrüb, Tentakel and Jule (autojokers), All In, a position policy asked live.
  const Rules rules = preset("tournament-2019");
  const auto heur = policy_file("strategies/heuristic.ini", rules);
  const auto pos = policy_file("strategies/position-jokers.ini", rules);
  ThresholdPolicy t18(18);
  std::vector<PassSeat> seats = {
      {heur.get(), jokers({SENIGMA, FUMO, RUNKELRUEB}), 0, 0},
      {pos.get(), jokers({VENTIL, SENIGMA, HIRTENSCHUTZ}), 0, 5},
      {&t18, jokers({TENTAKEL, JULE}), 0, 0},
      {heur.get(), jokers({ALL_IN, CHERRY, MONOKEL}), 0, 3},
      {pos.get(), jokers({SENIGMA, RATTENLORD, ANACONDA}), 0, 0},
      {heur.get(), jokers({FROSTSCHUTZ, PONY, SPELUNKENBOLD}), 0, 0},
  };
  expect_same_passes(rules, seats, 30000, 2);
  // One step per draw (no composed segments) is the same game too.
  expect_same_passes(rules, seats, 30000, 6, /*max_steps=*/1);
}

TEST(PassKernel, ClassicJokersAgreeWithTheEngine) {
  // Classic: anyone may be robbed, Senigma takes from victims not yet taken (E9), fumo is a
  // re-entry (E6), Keuler bonuses.
  const Rules rules = preset("classic");
  const auto heur = policy_file("strategies/heuristic.ini", rules);
  ThresholdPolicy t15(15), t22(22);
  std::vector<PassSeat> seats = {
      {heur.get(), jokers({SENIGMA, FUMO}), 0, 0},
      {&t15, jokers({SENIGMA}), 0, 0},
      {&t22, jokers({FUMO}), 0, 0},
      {heur.get(), jokers({SENIGMA, HIRTENSCHUTZ}), 0, 0},
      {&t22, {}, 0, 0},
  };
  for (const Joker j : {SENIGMA, FUMO, HIRTENSCHUTZ})
    ASSERT_TRUE(rules.jokers.has(j)) << joker_id(j) << " is not a classic joker";
  expect_same_passes(rules, seats, 30000, 3);
}

// Evenings with joker selection (P2), losers (P3) and the classic placement bonus (P4),
// through play_objectives with each engine.
void expect_same_evenings(const Rules& rules, ObjectiveSpec spec, std::uint64_t evenings) {
  spec.engine = PassEngine::Kernel;
  const ObjectiveRun k = play_objectives(rules, spec, evenings, 21, 2);
  spec.engine = PassEngine::Reference;
  const ObjectiveRun r = play_objectives(rules, spec, evenings, 22, 2);
  ASSERT_EQ(k.evenings, r.evenings);
  for (size_t s = 0; s < k.by_seat.size(); ++s) {
    auto check = [&](const Estimate& a, const Estimate& b, const char* what) {
      const double se = std::hypot(a.se, b.se);
      EXPECT_GT(se, 0) << what;
      EXPECT_LE(std::fabs(a.mean - b.mean), kTolerance * se)
          << k.by_seat[s].label << " " << what << ": kernel " << a.mean << " reference " << b.mean << " se " << se;
    };
    check(k.by_seat[s].win, r.by_seat[s].win, "P(win)");
    check(k.by_seat[s].loser, r.by_seat[s].loser, "P(loser)");
    check(k.by_seat[s].rank, r.by_seat[s].rank, "rank");
    check(k.by_seat[s].eyes, r.by_seat[s].eyes, "eyes");
  }
}

TEST(PassKernel, EveningsAgreeWithTheEngine) {
  const Rules rules = preset("tournament-2019");
  const auto heur = policy_file("strategies/heuristic.ini", rules);
  const auto pos = policy_file("strategies/position-jokers.ini", rules);
  const ListSelector runkel({RUNKELRUEB, TENTAKEL, VENTIL, SENIGMA, FUMO, JULE, HIRTENSCHUTZ});
  const ListSelector duels({SENIGMA, RATTENLORD, CHERRY, ALL_IN, PONY, MONOKEL, SPELUNKENBOLD});
  ThresholdPolicy t20(20);
  ObjectiveSpec spec;
  spec.seats = {{heur.get(), &runkel, 0}, {pos.get(), &duels, 1}, {&t20, nullptr, 2},
                {pos.get(), &runkel, 1}, {heur.get(), &duels, 0}};
  spec.groups = {"heuristic", "position", "threshold:20"};
  spec.final = true;  // four passes, Freie Jokerwahl
  expect_same_evenings(rules, spec, 12000);
}

TEST(PassKernel, ClassicSeriesAgreeWithTheEngine) {
  const Rules rules = preset("classic");
  const auto heur = policy_file("strategies/heuristic.ini", rules);
  const ListSelector sel({SENIGMA, FUMO, HIRTENSCHUTZ, MONOKEL});
  ThresholdPolicy t16(16), t24(24);
  ObjectiveSpec spec;
  spec.seats = {{heur.get(), &sel, 0}, {&t16, nullptr, 1}, {&t24, nullptr, 2}, {heur.get(), nullptr, 0}};
  spec.groups = {"heuristic", "threshold:16", "threshold:24"};
  spec.series_length = 4;  // the placement bonus (P4) carried between evenings
  expect_same_evenings(rules, spec, 16000);
}

TEST(PassKernel, EveningsAreTheSameOnAnyNumberOfThreads) {
  const Rules rules = preset("tournament-2019");
  const auto heur = policy_file("strategies/heuristic.ini", rules);
  const auto pos = policy_file("strategies/position-bold.ini", rules);
  const ListSelector sel({SENIGMA, VENTIL, FUMO, RUNKELRUEB});
  ObjectiveSpec spec;
  spec.seats = {{heur.get(), &sel, 0}, {pos.get(), &sel, 1}, {heur.get(), nullptr, 0}};
  spec.groups = {"heuristic", "position"};
  const auto one = play_objectives(rules, spec, 3000, 5, 1);
  const auto two = play_objectives(rules, spec, 3000, 5, 2);
  EXPECT_EQ(one.moments.sum, two.moments.sum);
  EXPECT_EQ(one.moments.sum_sq, two.moments.sum_sq);
  EXPECT_GT(one.by_seat[0].eyes.mean, 0);
}

TEST(PassKernel, WarmTablesGiveTheSameDraws) {
  // The compiled tables are caches: a kernel that already played other passes (and compiled
  // more states) plays the same passes from the same stream bit for bit.
  const Rules rules = preset("tournament-2019");
  const auto heur = policy_file("strategies/heuristic.ini", rules);
  const auto pos = policy_file("strategies/position-jokers.ini", rules);
  std::vector<PassSeat> seats = {{heur.get(), jokers({SENIGMA, FUMO, RUNKELRUEB}), 0, 0},
                                 {pos.get(), jokers({VENTIL, HIRTENSCHUTZ}), 0, 0},
                                 {heur.get(), {}, 0, 0}};
  PassKernel warm(rules), cold(rules);
  Rng other = chunk_rng(99, 0);
  for (int p = 0; p < 2000; ++p) warm.play_pass(seats, p % 3, other);
  ASSERT_GT(warm.states(), 0u);
  ASSERT_EQ(cold.states(), 0u);
  Rng a = chunk_rng(7, 0), b = chunk_rng(7, 0);
  for (int p = 0; p < 500; ++p) {
    const PassResult x = warm.play_pass(seats, p % 3, a);
    const PassResult y = cold.play_pass(seats, p % 3, b);
    ASSERT_EQ(x.eyes, y.eyes) << "pass " << p;
    ASSERT_EQ(x.keuler, y.keuler) << "pass " << p;
  }
  EXPECT_LE(cold.states(), warm.states());
}

// A policy that says its inner choices read the table: the kernel cannot compile it.
class TableReader final : public Policy {
 public:
  std::string name() const override { return "table-reader"; }
  Action decide(const TurnView& v) const override { return v.turn.eyes >= 15 ? Action::stop() : Action::roll(); }
};

TEST(PassKernel, RefusesPoliciesWhoseInnerChoicesReadTheTable) {
  const Rules rules = preset("tournament-2019");
  TableReader reader;
  ThresholdPolicy t20(20);
  EXPECT_FALSE(kernel_plays(reader));
  EXPECT_TRUE(kernel_plays(t20));
  EXPECT_EQ(resolve_engine(PassEngine::Auto, {&t20, &reader}), PassEngine::Reference);
  EXPECT_EQ(resolve_engine(PassEngine::Auto, {&t20}), PassEngine::Kernel);
  EXPECT_EQ(resolve_engine(PassEngine::Reference, {&t20}), PassEngine::Reference);
  EXPECT_THROW(resolve_engine(PassEngine::Kernel, {&t20, &reader}), InputError);
  PassKernel pk(rules);
  Rng rng = chunk_rng(1, 0);
  std::vector<PassSeat> seats = {{&reader, {}, 0, 0}, {&t20, {}, 0, 0}};
  EXPECT_THROW(pk.play_pass(seats, 0, rng), std::invalid_argument);
}

}  // namespace
}  // namespace verflixt
