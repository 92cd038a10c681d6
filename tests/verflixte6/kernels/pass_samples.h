#pragma once
// What the pass kernel's tests share (pass_kernel_test.cpp, pass_lanes_test.cpp): samples of
// per-seat results from the reference engine, the kernel one pass at a time or its lanes,
// compared within a few standard errors of the difference, and the tables they seat.
#include "verflixt/games/verflixte6/kernels/pass_kernel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/analyses/evaluate.h"
#include "verflixt/games/verflixte6/rules/heuristic.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/position.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::verflixte6::pass_testing {

inline constexpr double kTolerance = 4.0;  // standard errors of the difference

// Mean and standard error of a sample of numbers.
struct Sample {
  double n = 0, sum = 0, sq = 0;
  void add(double x) { n += 1, sum += x, sq += x * x; }
  double mean() const { return sum / n; }
  double var_of_mean() const { return (sq / n - mean() * mean()) / (n - 1); }
};

// The two samples have the same mean, within kTolerance standard errors of the difference.
inline void expect_same(const Sample& a, const Sample& b, const std::string& what) {
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
inline constexpr int kCuts[] = {0, 10, 16, 20, 24, 30, 40};

// Who plays the passes: the reference engine, the kernel one pass at a time, or in lanes.
enum class Engine { kReference, kKernel, kLanes };

inline std::vector<SeatStats> play_passes(const Rules& rules, const std::vector<PassSeat>& seats, int passes,
                                   std::uint64_t seed, Engine engine, int max_steps = 8) {
  const size_t n = seats.size();
  std::vector<SeatStats> st(n);
  for (auto& s : st) s.below.resize(std::size(kCuts));
  auto add = [&](size_t k, int eyes, Status status, int keuler) {
    st[k].eyes.add(eyes);
    st[k].zombie.add(status == Status::Zombie);
    st[k].keuler.add(keuler);
    for (size_t c = 0; c < std::size(kCuts); ++c) st[k].below[c].add(eyes <= kCuts[c]);
  };
  PassKernel pk(rules);
  pk.set_max_steps(max_steps);
  core::RandomDice dice(core::chunk_rng(seed, 0));
  if (engine == Engine::kLanes) {
    pk.play_passes(seats, 0, static_cast<std::uint64_t>(passes), dice.rng(),
                   [&](int, std::span<const SeatView> table, std::span<const int> keuler) {
                     for (size_t k = 0; k < n; ++k) add(k, table[k].eyes, table[k].status, keuler[k]);
                   });
    return st;
  }
  for (int p = 0; p < passes; ++p) {
    const int first = p % static_cast<int>(n);
    const PassResult r =
        engine == Engine::kKernel ? pk.play_pass(seats, first, dice.rng()) : play_pass(rules, seats, first, dice);
    for (size_t k = 0; k < n; ++k) add(k, r.eyes[k], r.status[k], r.keuler[k]);
  }
  return st;
}

inline void expect_same_passes(const Rules& rules, const std::vector<PassSeat>& seats, int passes, std::uint64_t seed,
                        int max_steps = 8, Engine engine = Engine::kKernel) {
  const auto k = play_passes(rules, seats, passes, seed, engine, max_steps);
  const auto r = play_passes(rules, seats, passes, seed + 1000, Engine::kReference);
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

inline std::unique_ptr<Policy> policy_file(const std::string& path, const Rules& rules) {
  return make_policy(path, rules);
}

// The two selection lists the evening tests seat: one leaning on Runkelrüb and the
// protections, one on Senigma duels and the joker steps.
inline ListSelector runkel_list() { return ListSelector({RUNKELRUEB, TENTAKEL, VENTIL, SENIGMA, FUMO, JULE, HIRTENSCHUTZ}); }
inline ListSelector duel_list() { return ListSelector({SENIGMA, RATTENLORD, CHERRY, ALL_IN, PONY, MONOKEL, SPELUNKENBOLD}); }

inline JokerSet jokers(std::initializer_list<Joker> js) {
  JokerSet s;
  for (Joker j : js) s = s.with(j);
  return s;
}

// Every kind of joker step at a table of 6 (tournament-2019): Senigma duels (targets by
// policy), Fumo, Ventil, Runkelrüb, Tentakel and Jule (autojokers), All In, two position
// policies (`pos`) among the heuristic (`heur`) and threshold:18 (`t18`) players, with these
// evening totals before the pass.
inline std::vector<PassSeat> tournament_joker_table(const Policy& heur, const Policy& pos, const Policy& t18,
                                             const std::array<int, 6>& totals) {
  return {
      {&heur, jokers({SENIGMA, FUMO, RUNKELRUEB}), 0, totals[0]},
      {&pos, jokers({VENTIL, SENIGMA, HIRTENSCHUTZ}), 0, totals[1]},
      {&t18, jokers({TENTAKEL, JULE}), 0, totals[2]},
      {&heur, jokers({ALL_IN, CHERRY, MONOKEL}), 0, totals[3]},
      {&pos, jokers({SENIGMA, RATTENLORD, ANACONDA}), 0, totals[4]},
      {&heur, jokers({FROSTSCHUTZ, PONY, SPELUNKENBOLD}), 0, totals[5]},
  };
}

// The warm-table tests' three seats: a heuristic with jokers, a position policy with others,
// a heuristic without.
inline std::vector<PassSeat> warm_table(const Policy& heur, const Policy& pos) {
  return {{&heur, jokers({SENIGMA, FUMO, RUNKELRUEB}), 0, 0}, {&pos, jokers({VENTIL, HIRTENSCHUTZ}), 0, 0},
          {&heur, {}, 0, 0}};
}

// Classic's jokers at a table of 5: Senigma's repeat (E9), Fumo's re-entry (E6), Hirtenschutz.
inline std::vector<PassSeat> classic_joker_table(const Policy& heur, const Policy& t15, const Policy& t22) {
  return {
      {&heur, jokers({SENIGMA, FUMO}), 0, 0}, {&t15, jokers({SENIGMA}), 0, 0}, {&t22, jokers({FUMO}), 0, 0},
      {&heur, jokers({SENIGMA, HIRTENSCHUTZ}), 0, 0}, {&t22, {}, 0, 0},
  };
}

}  // namespace verflixt::verflixte6::pass_testing
