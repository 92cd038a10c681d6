// The lane block (lane_block.h) against the lanes (run_lanes), its oracle: the same seed must
// give the same passes, bit for bit — every finished pass handed to the sink in the same
// order, with the same first seat, table after T7 and Keuler bonuses — for every table size,
// both presets, the rule switches the block reads (Keuler bonus, robbing Zombies, the free
// throw and its bonus), compiled policies with and without jokers, mixed tables, families of
// stop thresholds (whose turn starts the block plays from a cache kept across calls),
// Senigma duels, and any number of lanes; the same counts of count_passes; and the same
// evenings of play_series, evening by evening — on every build, whether or not it plays in
// the block by default.
// The lanes are checked against the reference engine in pass_lanes_test.cpp.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "verflixt/core/rng.h"
#include "verflixt/games/verflixte6/kernels/pass_kernel.h"
#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/position.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6 {
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
  core::Rng rng = core::chunk_rng(seed, 0);
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
                 int lanes = PassKernel::kLanes, std::uint64_t first_pass = 0, bool unpacked = false) {
  PassKernel block(rules), lanes_only(rules);
  block.set_lane_block(true);  // the default only where the build targets AVX-512
  if (unpacked) block.read_unpacked();
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

// A row's draw and a turn's end eyes, read from the packed words (Hot::draw, Hot::eyes) or,
// where a row would not fit them, from the wider fields: the same passes either way.
TEST(LaneBlock, UnpackedRowsAreTheLanesBitForBit) {
  const Rules rules = preset("tournament-2019");
  ThresholdPolicy t17(17);
  const auto heur = make_policy("strategies/heuristic.ini", rules);
  const JokerSet bench = JokerSet{}.with(HIRTENSCHUTZ).with(RATTENLORD).with(SPELUNKENBOLD);
  expect_same(rules, std::vector<PassSeat>(6, PassSeat{&t17, {}, 0, 0}), 3000, 90, PassKernel::kLanes, 0, true);
  expect_same(rules, std::vector<PassSeat>(4, PassSeat{heur.get(), bench}), 3000, 91, PassKernel::kLanes, 0, true);
}

// count_passes' counts, trailing zeros dropped (how far counts grew is not a result), and
// the Rng's next word after them.
std::pair<std::vector<std::uint64_t>, std::uint64_t> counted(PassKernel& pk, const std::vector<PassSeat>& seats,
                                                             std::uint64_t first_pass, std::uint64_t count,
                                                             std::uint64_t seed, int lanes) {
  std::vector<std::uint64_t> counts;
  core::Rng rng = core::chunk_rng(seed, 0);
  pk.count_passes(seats, first_pass, count, rng, counts, lanes);
  while (!counts.empty() && counts.back() == 0) counts.pop_back();
  return {counts, rng()};
}

// count_passes in the block (whose vectors end counted passes themselves) and in the lanes
// count the same; and both count what the lanes' sink hands over, counted here by position
// from the pass's first seat: [(eyes * n + position) * 2 + zombie].
void expect_same_counts(const Rules& rules, const std::vector<PassSeat>& seats, std::uint64_t count,
                        std::uint64_t seed, int lanes = PassKernel::kLanes, std::uint64_t first_pass = 0) {
  PassKernel block(rules), lanes_only(rules), sink_lanes(rules);
  block.set_lane_block(true);
  lanes_only.set_lane_block(false);
  sink_lanes.set_lane_block(false);
  ASSERT_TRUE(block.lane_block_plays(seats, lanes));
  const auto a = counted(block, seats, first_pass, count, seed, lanes);
  const auto b = counted(lanes_only, seats, first_pass, count, seed, lanes);
  const auto passes = play(sink_lanes, seats, first_pass, count, seed, lanes);
  const size_t n = seats.size();
  std::vector<std::uint64_t> expected;
  std::uint64_t seen = 0;
  for (size_t p = 0; p + 1 < passes.size(); ++p) {  // the last entry is the Rng's word
    const Finished& f = passes[p];
    for (size_t who = 0; who < n; ++who) {
      const size_t pos = (who + n - static_cast<size_t>(f.first)) % n;
      const size_t at = (static_cast<size_t>(f.eyes[who]) * n + pos) * 2 +
                        (f.status[who] == static_cast<int>(Status::Zombie) ? 1 : 0);
      if (at >= expected.size()) expected.resize(at + 1, 0);
      ++expected[at];
      ++seen;
    }
  }
  ASSERT_EQ(seen, count * n);
  EXPECT_EQ(a.first, expected) << n << " seats, seed " << seed;
  EXPECT_EQ(b.first, expected) << n << " seats, seed " << seed;
  EXPECT_EQ(a.second, b.second) << "the block drew otherwise";
  EXPECT_EQ(static_cast<int>(b.second >> 40), passes.back().first) << "count_passes drew otherwise than play_passes";
}

TEST(LaneBlock, CountedPassesAreTheLanesBitForBit) {
  const Rules rules = preset("tournament-2019");
  ThresholdPolicy t17(17), t0(0), t20(20);
  for (int n : {2, 3, 6, 7, 12})
    expect_same_counts(rules, std::vector<PassSeat>(static_cast<size_t>(n), PassSeat{&t17, {}, 0, 0}), 3000,
                       static_cast<std::uint64_t>(140 + n));
  const std::vector<PassSeat> six(6, PassSeat{&t17, {}, 0, 0});
  for (int lanes : {1, 5, 16, 33}) expect_same_counts(rules, six, 1000, 150, lanes);
  expect_same_counts(rules, six, 7, 151);           // fewer passes than lanes
  expect_same_counts(rules, six, 500, 152, 64, 1234567);
  expect_same_counts(preset("classic"), six, 2000, 153);
  // Low thresholds: Prinzessinnen a steal takes to 0, Keuler bonuses (T6) paid once a pass.
  ThresholdPolicy t3(3), t5(5);
  expect_same_counts(rules, std::vector<PassSeat>(5, PassSeat{&t3, {}, 0, 0}), 3000, 158);
  expect_same_counts(rules, {{&t5, {}, 0, 0}, {&t3, {}, 0, 0}, {&t17, {}, 0, 0}, {&t5, {}, 0, 0}}, 3000, 159);
  // Seats whose pass starts at a row that ends the turn at once (threshold 0, a bonus at
  // the threshold without the free throw): their passes end through the sink.
  expect_same_counts(rules, std::vector<PassSeat>(4, PassSeat{&t0, {}, 0, 0}), 2000, 154);
  const std::vector<PassSeat> bonus = {{&t17, {}, 3, 10}, {&t17, {}, 0, 4}, {&t20, {}, 20, 0}, {&t17, {}, 1, 30}};
  expect_same_counts(rules, bonus, 2000, 155);
  Rules no_free = rules;
  no_free.free_throw = false;
  expect_same_counts(no_free, bonus, 2000, 156);
  // Policies with jokers (tables the decisions read): counted through the sink.
  const auto heur = make_policy("strategies/heuristic.ini", rules);
  const JokerSet loadout = JokerSet{}.with(HIRTENSCHUTZ).with(RATTENLORD).with(SPELUNKENBOLD);
  expect_same_counts(rules, std::vector<PassSeat>(6, PassSeat{heur.get(), loadout}), 2000, 157);
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

TEST(LaneBlock, MixedTablesAreTheLanesBitForBit) {
  // Seats of different policies, a position policy's family of stop thresholds (its member
  // moves at turn starts and after steals), the leader and the richest as victim rules at
  // one table, and Senigma duels (live rows, played by the lanes' own code in the block).
  const Rules rules = preset("tournament-2019");
  ThresholdPolicy t17(17), t23(23);
  const auto pos = make_policy("strategies/position-jokers.ini", rules);
  const auto heur = make_policy("strategies/heuristic.ini", rules);
  const JokerSet duel = JokerSet{}.with(SENIGMA).with(RATTENLORD).with(MONOKEL);
  const JokerSet safe = JokerSet{}.with(HIRTENSCHUTZ).with(SPELUNKENBOLD).with(CHERRY);
  const std::vector<PassSeat> mixed{{&t17, {}, 0, 0}, {pos.get(), duel, 0, 3}, {heur.get(), safe, 0, 12},
                                    {&t23, {}, 0, 0}, {pos.get(), safe, 0, 40}};
  for (int lanes : {1, 5, 16, 64}) expect_same(rules, mixed, 2000, static_cast<std::uint64_t>(70 + lanes), lanes);
  expect_same(rules, std::vector<PassSeat>(10, PassSeat{pos.get(), duel, 0, 0}), 600, 77);
  expect_same(rules, std::vector<PassSeat>(2, PassSeat{heur.get(), duel, 0, 0}), 3000, 78);
}

// Everything a series sink sees, evening by evening, and the Rng after the run.
std::vector<std::vector<int>> play_series(PassKernel& pk, const std::vector<EveningPlayer>& players, bool final,
                                          int length, std::uint64_t count, std::uint64_t seed, int lanes) {
  std::vector<std::vector<int>> out;
  core::Rng rng = core::chunk_rng(seed, 0);
  const size_t n = players.size();
  pk.play_series(
      players, final, length, 3, count,
      [n](std::uint64_t s, int e) { return evening_first_seat(s, static_cast<std::uint64_t>(e), n); }, rng,
      [&](int lane, std::uint64_t series, int e, std::span<const int> totals, std::span<const int> bonus) {
        std::vector<int> row{lane, static_cast<int>(series), e};
        row.insert(row.end(), totals.begin(), totals.end());
        row.insert(row.end(), bonus.begin(), bonus.end());
        out.push_back(std::move(row));
      },
      lanes);
  out.push_back({static_cast<int>(rng() >> 40)});  // the block must draw exactly as often
  return out;
}

// A selector that reads the evening's totals (the lanes then select every pass, with no
// start rows cached per pass): the first three jokers of its list still available while
// behind, none while ahead.
class BehindSelector final : public Selector {
 public:
  Selection select(const SelectionView& v) const override {
    const int mine = v.totals[static_cast<size_t>(v.self)];
    bool behind = false;
    for (const int t : v.totals) behind |= t > mine;
    JokerSet picked;
    int k = 0;
    for (const Joker j : {SENIGMA, HIRTENSCHUTZ, FUMO, RATTENLORD, MONOKEL})
      if (behind && k < v.rules.jokers_per_pass && v.available.has(j)) picked = picked.with(j), ++k;
    return {picked, false};
  }
};

void expect_same_series(const Rules& rules, const std::vector<EveningPlayer>& players, bool final, int length,
                        std::uint64_t count, std::uint64_t seed, int lanes = PassKernel::kLanes) {
  PassKernel block(rules), lanes_only(rules);
  block.set_lane_block(true);
  lanes_only.set_lane_block(false);
  ASSERT_TRUE(block.lane_block_plays(players, lanes));
  ASSERT_FALSE(lanes_only.lane_block_plays(players, lanes));
  const auto a = play_series(block, players, final, length, count, seed, lanes);
  const auto b = play_series(lanes_only, players, final, length, count, seed, lanes);
  ASSERT_EQ(a.size(), count * static_cast<std::uint64_t>(length) + 1);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i], b[i]) << "evening " << i << " of " << players.size() << " seats";
}

TEST(LaneBlock, SeriesOfEveningsAreTheLanesBitForBit) {
  // play_series in the block: the evening's bookkeeping (P1-P4) at every pass end, loadouts
  // planned or selected every pass, final evenings (Freie Jokerwahl), the placement bonus
  // carried through a series, any number of lanes.
  Rules rules = preset("tournament-2019");
  const auto pos = make_policy("strategies/position-jokers.ini", rules);
  const auto heur = make_policy("strategies/heuristic.ini", rules);
  ThresholdPolicy t18(18);
  const ListSelector duels({SENIGMA, RATTENLORD, CHERRY, ALL_IN, PONY, MONOKEL, SPELUNKENBOLD});
  const ListSelector safe({HIRTENSCHUTZ, RATTENLORD, SPELUNKENBOLD, FUMO, VENTIL});
  const BehindSelector behind;
  const std::vector<EveningPlayer> four{
      {pos.get(), &duels, 0}, {heur.get(), &safe, 0}, {heur.get(), &safe, 0}, {heur.get(), &safe, 0}};
  expect_same_series(rules, four, false, 1, 3000, 101);
  expect_same_series(rules, four, true, 1, 1500, 102);
  for (int lanes : {1, 13}) expect_same_series(rules, four, false, 1, 800, 103, lanes);
  expect_same_series(rules, four, false, 1, 9, 104);  // fewer series than lanes
  rules.place_bonus_1 = 6, rules.place_bonus_2 = 4, rules.place_bonus_3 = 2;
  const std::vector<EveningPlayer> mixed{{pos.get(), &behind, 0}, {&t18, nullptr, 0}, {heur.get(), &duels, 0},
                                         {pos.get(), &safe, 0}, {heur.get(), &behind, 0}, {&t18, &duels, 0},
                                         {pos.get(), &duels, 0}};
  expect_same_series(rules, four, false, 3, 900, 109);  // planned loadouts: start rows cached per pass
  expect_same_series(rules, mixed, false, 4, 400, 105);
  expect_same_series(rules, mixed, true, 3, 300, 106, 40);
  expect_same_series(rules, std::vector<EveningPlayer>(12, EveningPlayer{pos.get(), &duels, 0}), false, 2, 100, 107);
  expect_same_series(rules, std::vector<EveningPlayer>(2, EveningPlayer{heur.get(), &behind, 0}), true, 5, 400, 108);
}

TEST(LaneBlock, AKernelReusedForOtherLoadoutsIsTheLanesBitForBit) {
  // One kernel, its cache of family members' start rows kept from call to call while the
  // seats' tables and loadouts are the same: series with the position player's loadouts
  // changed and changed back, then passes; every call as a fresh kernel's lanes play it.
  const Rules rules = preset("tournament-2019");
  const auto pos = make_policy("strategies/position-jokers.ini", rules);
  const auto heur = make_policy("strategies/heuristic.ini", rules);
  const ListSelector duels({SENIGMA, RATTENLORD, CHERRY, ALL_IN, PONY, MONOKEL, SPELUNKENBOLD});
  const ListSelector safe({HIRTENSCHUTZ, RATTENLORD, SPELUNKENBOLD, FUMO, VENTIL});
  const ListSelector steps({FUMO, VENTIL, RUNKELRUEB, CHERRY, PONY, MONOKEL});
  PassKernel block(rules);
  block.set_lane_block(true);
  int call = 0;
  for (const ListSelector* first : {&duels, &steps, &steps, &duels}) {
    const std::vector<EveningPlayer> four{
        {pos.get(), first, 0}, {heur.get(), &safe, 0}, {pos.get(), &safe, 0}, {heur.get(), &safe, 0}};
    PassKernel lanes_only(rules);
    lanes_only.set_lane_block(false);
    const auto seed = static_cast<std::uint64_t>(120 + call++);
    EXPECT_EQ(play_series(block, four, false, 1, 600, seed, PassKernel::kLanes),
              play_series(lanes_only, four, false, 1, 600, seed, PassKernel::kLanes))
        << "call " << call;
  }
  const JokerSet loadout = JokerSet{}.with(HIRTENSCHUTZ).with(SPELUNKENBOLD).with(CHERRY);
  const std::vector<PassSeat> seats{{pos.get(), loadout, 0, 0}, {heur.get(), loadout, 0, 0}, {pos.get(), {}, 0, 5}};
  PassKernel lanes_only(rules);
  lanes_only.set_lane_block(false);
  EXPECT_EQ(play(block, seats, 0, 2000, 130, PassKernel::kLanes),
            play(lanes_only, seats, 0, 2000, 130, PassKernel::kLanes));
}

// A policy with its own victim choice (VictimRule::kAsk): the last candidate.
class LastVictim final : public Policy {
 public:
  std::string name() const override { return "last-victim"; }
  Action decide(const TurnView& v) const override { return v.turn.eyes >= 15 ? Action::stop() : Action::roll(); }
  bool decide_reads_table() const override { return false; }
  bool inner_choices_read_table() const override { return false; }
  int choose_victim(const TurnView&, int, std::span<const int> candidates) const override { return candidates.back(); }
};

TEST(LaneBlock, PlaysOnlyWhatItCan) {
  // The block leaves to the lanes what it does not play: a victim the policy is asked for,
  // classic Senigma (E9's memory of whom it robbed), more lanes than it holds.
  const Rules rules = preset("tournament-2019");
  ThresholdPolicy t17(17), t20(20);
  LastVictim asks;
  const auto pos = make_policy("strategies/position-jokers.ini", rules);
  PassKernel pk(rules);
  pk.set_lane_block(true);
  EXPECT_TRUE(pk.lane_block_plays(std::vector<PassSeat>(6, PassSeat{&t17, {}, 0, 0})));
  EXPECT_TRUE(pk.lane_block_plays(std::vector<PassSeat>{{&t17, {}, 0, 0}, {&t20, {}, 0, 0}}));
  EXPECT_TRUE(pk.lane_block_plays(std::vector<PassSeat>(4, PassSeat{&t17, JokerSet{}.with(SENIGMA), 0, 0})));
  EXPECT_TRUE(pk.lane_block_plays(std::vector<PassSeat>(4, PassSeat{pos.get(), {}, 0, 0})));
  EXPECT_FALSE(pk.lane_block_plays(std::vector<PassSeat>{{&t17, {}, 0, 0}, {&asks, {}, 0, 0}}));
  EXPECT_FALSE(pk.lane_block_plays(std::vector<PassSeat>(6, PassSeat{&t17, {}, 0, 0}), PassKernel::kLanes + 1));
  const Rules classic = preset("classic");
  PassKernel ck(classic);
  ck.set_lane_block(true);
  EXPECT_TRUE(ck.lane_block_plays(std::vector<PassSeat>(4, PassSeat{&t17, {}, 0, 0})));
  EXPECT_FALSE(ck.lane_block_plays(std::vector<PassSeat>(4, PassSeat{&t17, JokerSet{}.with(SENIGMA), 0, 0})));
}

}  // namespace
}  // namespace verflixt::verflixte6
