// The lane block (lane_block.h) against the lanes (run_lanes), its oracle: the same seed must
// give the same passes, bit for bit — every finished pass handed to the sink in the same
// order, with the same first seat, table after T7 and Keuler bonuses — for every table size,
// both presets, the rule switches the block reads (Keuler bonus, robbing Zombies, the free
// throw and its bonus), compiled policies with and without jokers, and any number of lanes —
// on every build, whether or not it plays in the block by default.
// The lanes are checked against the reference engine in pass_kernel_test.cpp.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "verflixt/core/rng.h"
#include "verflixt/games/verflixte6/pass_kernel.h"
#include "verflixt/games/verflixte6/policy.h"
#include "verflixt/games/verflixte6/position.h"
#include "verflixt/games/verflixte6/rules.h"

namespace verflixt {
namespace {

// Everything a sink sees of one finished pass.
struct Finished {
  int first;
  std::vector<int> eyes, status, total, paid, keuler;
  bool operator==(const Finished&) const = default;
};

std::vector<Finished> play(PassKernel& pk, const std::vector<PassSeat>& seats, std::uint64_t first_pass,
                           std::uint64_t count, std::uint64_t seed, int lanes) {
  std::vector<Finished> out;
  Rng rng = chunk_rng(seed, 0);
  pk.play_passes(seats, first_pass, count, rng,
                 [&](int first, std::span<const SeatView> table, std::span<const int> keuler) {
                   Finished f{first, {}, {}, {}, {}, {}};
                   for (size_t k = 0; k < table.size(); ++k) {
                     f.eyes.push_back(table[k].eyes);
                     f.status.push_back(static_cast<int>(table[k].status));
                     f.total.push_back(table[k].total);
                     f.paid.push_back(table[k].keuler_paid);
                     f.keuler.push_back(keuler[k]);
                   }
                   out.push_back(std::move(f));
                 },
                 lanes);
  // The Rng is left where the passes left it: the block must draw exactly as often.
  out.push_back(Finished{static_cast<int>(rng() >> 40), {}, {}, {}, {}, {}});
  return out;
}

// The block and the lanes give the same passes; and the block did play them.
void expect_same(const Rules& rules, const std::vector<PassSeat>& seats, std::uint64_t count, std::uint64_t seed,
                 int lanes = PassKernel::kLanes, std::uint64_t first_pass = 0) {
  PassKernel block(rules), lanes_only(rules);
  block.set_lane_block(true);  // the default only where the build targets AVX-512
  lanes_only.set_lane_block(false);
  ASSERT_TRUE(block.lane_block_plays(seats, lanes));
  ASSERT_FALSE(lanes_only.lane_block_plays(seats, lanes));
  const auto a = play(block, seats, first_pass, count, seed, lanes);
  const auto b = play(lanes_only, seats, first_pass, count, seed, lanes);
  ASSERT_EQ(a.size(), count + 1);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i], b[i]) << "pass " << i << " of " << seats.size() << " seats";
}

TEST(LaneBlock, ThresholdPassesAreTheLanesBitForBit) {
  const Rules rules = preset("tournament-2019");
  ThresholdPolicy t17(17), t8(8), t30(30);
  for (int n : {2, 3, 4, 6, 7, 11, 12})
    expect_same(rules, std::vector<PassSeat>(static_cast<size_t>(n), PassSeat{&t17, {}, 0, 0}), 3000,
                static_cast<std::uint64_t>(40 + n));
  expect_same(rules, std::vector<PassSeat>(5, PassSeat{&t8, {}, 0, 0}), 3000, 50);
  expect_same(rules, std::vector<PassSeat>(9, PassSeat{&t30, {}, 0, 0}), 3000, 51);
}

TEST(LaneBlock, RuleSwitchesAreTheLanesBitForBit) {
  ThresholdPolicy t17(17), t20(20);
  const std::vector<PassSeat> six(6, PassSeat{&t17, {}, 0, 0});
  expect_same(preset("classic"), six, 3000, 60);
  Rules no_keuler = preset("tournament-2019");
  no_keuler.keuler_bonus = 0;
  expect_same(no_keuler, six, 3000, 61);
  Rules anyone = preset("tournament-2019");
  anyone.rob_targets = RobTargets::Anyone;
  expect_same(anyone, six, 3000, 62);
  Rules small_cap = preset("tournament-2019");
  small_cap.rob_cap = 1;
  small_cap.keuler_bonus = 9;
  expect_same(small_cap, std::vector<PassSeat>(4, PassSeat{&t20, {}, 0, 0}), 3000, 63);
  // Placement bonuses on the free throw (P4) and evening totals: start rows from other eyes,
  // and seats that start from a bonus that already reaches the threshold.
  const std::vector<PassSeat> bonus = {{&t17, {}, 3, 10}, {&t17, {}, 0, 4}, {&t17, {}, 20, 0}, {&t17, {}, 1, 30}};
  expect_same(preset("tournament-2019"), bonus, 3000, 64);
  Rules no_free = preset("tournament-2019");
  no_free.free_throw = false;
  expect_same(no_free, bonus, 3000, 65);
}

TEST(LaneBlock, JokerPoliciesAreTheLanesBitForBit) {
  const Rules rules = preset("tournament-2019");
  const auto heur = make_policy("strategies/heuristic.ini", rules);
  const auto solved = make_policy("strategies/optimal-anaconda-rattenlord-monokel.policy", rules);
  const JokerSet bench = JokerSet{}.with(HIRTENSCHUTZ).with(RATTENLORD).with(SPELUNKENBOLD);
  const JokerSet steps = JokerSet{}.with(FUMO).with(VENTIL).with(RUNKELRUEB).with(CHERRY);
  const JokerSet solved_loadout = JokerSet{}.with(ANACONDA).with(RATTENLORD).with(MONOKEL);
  expect_same(rules, std::vector<PassSeat>(6, PassSeat{heur.get(), bench}), 3000, 70);
  expect_same(rules, std::vector<PassSeat>(5, PassSeat{heur.get(), steps}), 3000, 71);
  expect_same(rules, std::vector<PassSeat>(4, PassSeat{solved.get(), solved_loadout}), 3000, 72);
  const Rules classic = preset("classic");
  const auto heur_classic = make_policy("strategies/heuristic.ini", classic);
  const JokerSet classic_loadout = JokerSet{}.with(FUMO).with(PONY).with(TENTAKEL);
  expect_same(classic, std::vector<PassSeat>(3, PassSeat{heur_classic.get(), classic_loadout}), 3000, 73);
}

TEST(LaneBlock, AnyNumberOfLanesAndPassesIsTheLanesBitForBit) {
  const Rules rules = preset("tournament-2019");
  ThresholdPolicy t17(17);
  const std::vector<PassSeat> six(6, PassSeat{&t17, {}, 0, 0});
  for (int lanes : {1, 5, 16, 17, 33, 64}) expect_same(rules, six, 1000, 80, lanes);
  expect_same(rules, six, 7, 81);          // fewer passes than lanes
  expect_same(rules, six, 1, 82, 64, 5);   // one pass, opened by seat 5
  expect_same(rules, six, 500, 83, 64, 1234567);
}

TEST(LaneBlock, AKernelReusedForOtherTablesIsTheLanesBitForBit) {
  // One kernel, its block and caches kept from call to call, on tables of other sizes and
  // with fewer lanes: every call as a fresh kernel's lanes play it.
  const Rules rules = preset("tournament-2019");
  ThresholdPolicy t17(17), t22(22);
  PassKernel block(rules);
  block.set_lane_block(true);
  for (const auto& [n, policy, count] : {std::tuple{11, &t17, 400}, std::tuple{6, &t22, 30}, std::tuple{3, &t17, 500},
                                          std::tuple{12, &t22, 200}, std::tuple{2, &t17, 9}}) {
    const std::vector<PassSeat> seats(static_cast<size_t>(n), PassSeat{policy, {}, 0, 0});
    PassKernel lanes_only(rules);
    lanes_only.set_lane_block(false);
    const auto seed = static_cast<std::uint64_t>(90 + n);
    EXPECT_EQ(play(block, seats, 0, static_cast<std::uint64_t>(count), seed, PassKernel::kLanes),
              play(lanes_only, seats, 0, static_cast<std::uint64_t>(count), seed, PassKernel::kLanes))
        << n << " seats";
  }
}

TEST(LaneBlock, PlaysOnlyWhatItCan) {
  // The block leaves to the lanes what it does not play: mixed policies, Senigma (live
  // duels, E9's memory), a position policy (a family of stop thresholds), more lanes than it
  // holds.
  const Rules rules = preset("tournament-2019");
  ThresholdPolicy t17(17), t20(20);
  const auto pos = make_policy("strategies/position-jokers.ini", rules);
  PassKernel pk(rules);
  pk.set_lane_block(true);
  EXPECT_TRUE(pk.lane_block_plays(std::vector<PassSeat>(6, PassSeat{&t17, {}, 0, 0})));
  EXPECT_FALSE(pk.lane_block_plays(std::vector<PassSeat>{{&t17, {}, 0, 0}, {&t20, {}, 0, 0}}));
  EXPECT_FALSE(pk.lane_block_plays(std::vector<PassSeat>(4, PassSeat{&t17, JokerSet{}.with(SENIGMA), 0, 0})));
  EXPECT_FALSE(pk.lane_block_plays(std::vector<PassSeat>(4, PassSeat{pos.get(), {}, 0, 0})));
  EXPECT_FALSE(pk.lane_block_plays(std::vector<PassSeat>(6, PassSeat{&t17, {}, 0, 0}), PassKernel::kLanes + 1));
}

}  // namespace
}  // namespace verflixt
