// Tuning a position policy against a field (tuning.h): against players who stop at the free
// throw the search must lower the cap and win measurably more; common random numbers give
// identical numbers for the same candidate and a paired error below the unpaired one; a stop
// keeps the start; `verflixt tune` writes a policy that reads back and rejects bad input.
#include "verflixt/games/verflixte6/analyses/tuning.h"

#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <nlohmann/json.hpp>

#include "binary.h"
#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/kernels/pass_kernel.h"
#include "verflixt/core/chunks.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/position.h"

namespace verflixt::verflixte6 {
namespace {

using testing::Result;
using testing::run;
using testing::scratch;

const std::string kSource = VERFLIXT_SOURCE_DIR;

// position-safe.ini's stop rule (margin 2, floor 6, cap 26) at a table of three players
// who stop at the free throw, so their evening totals are a few eyes per pass.
struct SmallTable {
  Rules rules = preset("tournament-2019");
  ThresholdPolicy field{1};
  TuningTable table;
  SmallTable() {
    table.start.margin = 2;
    table.start.floor = 6;
    table.start.cap = 26;
    for (int k = 0; k < 3; ++k) table.field.push_back({&field, nullptr, 0});
  }
};

TEST(Tuning, LowersTheCapAgainstFreeThrowStoppers) {
  // Against totals this small, every eye above a sure lead only risks the bust face: the
  // search must bring the cap (or the floor) down, and win measurably more for it.
  SmallTable t;
  TuningOptions o;
  o.evenings = 2000;
  o.max_rounds = 2;
  o.ranges = {parse_param_range("floor=0..12:2"), parse_param_range("cap=8..30:2")};
  const TuningResult r = tune_position(t.rules, t.table, o, 7, 2);
  EXPECT_FALSE(r.interrupted);
  EXPECT_TRUE(r.reported);
  ASSERT_FALSE(r.path.empty());
  EXPECT_LT(r.best.cap, t.table.start.cap);
  EXPECT_LE(r.best.floor, t.table.start.floor);
  for (const auto& m : r.path) EXPECT_GT(m.confirmed.mean, 2 * m.confirmed.se) << m.param;
  EXPECT_GT(r.improvement.mean, 2 * r.improvement.se);
  EXPECT_GT(r.best_value.mean, r.start_value.mean);
  EXPECT_EQ(r.evenings, 2000u);
}

TEST(Tuning, CommonRandomNumbersPairTheCandidates) {
  SmallTable t;
  PositionParams other = t.table.start;
  other.cap = 14;
  const auto a = measure_candidate(t.rules, t.table, TuningObjective::win, t.table.start, {}, 3000, 11, 2);
  const auto a1 = measure_candidate(t.rules, t.table, TuningObjective::win, t.table.start, {}, 3000, 11, 1);
  const auto b = measure_candidate(t.rules, t.table, TuningObjective::win, other, {}, 3000, 11, 2);
  ASSERT_TRUE(a.complete && a1.complete && b.complete);
  // The same candidate on the same stream: the same bits, whatever the threads.
  EXPECT_EQ(a.series, a1.series);
  EXPECT_EQ(a.value.mean, a1.value.mean);
  EXPECT_EQ(a.value.se, a1.value.se);
  // Two candidates on the same dice: the paired error is well below the unpaired one.
  const core::Estimate paired = paired_difference(a, b, 1, TuningObjective::win);
  const core::Estimate unpaired = unpaired_difference(a, b);
  EXPECT_NEAR(paired.mean, unpaired.mean, 1e-12);
  EXPECT_LT(paired.se, 0.8 * unpaired.se);
  // A different stream gives different evenings.
  const auto c = measure_candidate(t.rules, t.table, TuningObjective::win, t.table.start, {}, 3000, 12, 2);
  EXPECT_NE(a.series, c.series);
  // The P(not loser) objective counts evenings, so it lies in [0, 1] and differs from P(win).
  const auto n = measure_candidate(t.rules, t.table, TuningObjective::not_loser, t.table.start, {}, 3000, 11, 2);
  EXPECT_GT(n.value.mean, 0.0);
  EXPECT_LE(n.value.mean, 1.0);
  EXPECT_NE(n.value.mean, a.value.mean);
}

TEST(Tuning, TheLanesPlayEverySeriesAsOneEveningAfterAnother) {
  // measure_policy plays a chunk's series in the pass kernel's lanes, each series on its own
  // stream; that must be bit for bit the series played one evening after the other on that
  // stream (the pairing of candidates rests on it), bonuses carried (P4, series of 3).
  SmallTable t;
  t.table.series_length = 3;
  t.table.engine = PassEngine::Kernel;
  const PositionPolicy policy(t.table.start, t.table.jokers, "tested");
  const std::uint64_t stream = 21, evenings = 600;
  const auto lanes = measure_policy(t.rules, t.table, TuningObjective::win, policy, nullptr, evenings, stream, 2);
  ASSERT_TRUE(lanes.complete);
  ASSERT_EQ(lanes.series.size(), evenings / 3);
  PassKernel pk(t.rules);
  pk.set_compile_stop_rules(false);  // as tune plays the position seat (its pairing needs it)
  std::vector<EveningPlayer> base{{&policy, nullptr, 0}};
  for (const auto& f : t.table.field) base.push_back(f);
  std::int64_t wins = 0;
  for (std::uint64_t s = 0; s < lanes.series.size(); ++s) {
    core::Rng rng = core::chunk_rng(stream, s);
    std::vector<EveningPlayer> players = base;
    std::int64_t x = 0;
    for (std::uint64_t e = 0; e < 3; ++e) {
      const EveningResult r = pk.play_evening(players, false, evening_first_seat(s, e, players.size()), rng);
      x += score_totals(t.rules, r.totals).win_units[0];
      for (size_t k = 0; k < players.size(); ++k) players[k].bonus = r.place_bonus[k];
    }
    ASSERT_EQ(lanes.series[s], x) << "series " << s;
    wins += x > 0;
  }
  EXPECT_GT(wins, 0);  // the tested player did win some series: the values are not all 0
}

TEST(Tuning, AStopKeepsTheStart) {
  SmallTable t;
  std::atomic<bool> stop{true};
  core::RunControl control;
  control.stop = &stop;
  TuningOptions o;
  o.evenings = 500;
  const TuningResult r = tune_position(t.rules, t.table, o, 1, 2, control);
  EXPECT_TRUE(r.interrupted);
  EXPECT_FALSE(r.reported);
  EXPECT_TRUE(r.path.empty());
  EXPECT_EQ(r.best.cap, t.table.start.cap);
  EXPECT_EQ(r.best.floor, t.table.start.floor);
}

TEST(Tuning, ParamRangesParseOrThrow) {
  const ParamRange r = parse_param_range("cap=10..30:4");
  EXPECT_EQ(r.name, "cap");
  EXPECT_EQ(r.lo, 10);
  EXPECT_EQ(r.hi, 30);
  EXPECT_EQ(r.step, 4);
  EXPECT_EQ(parse_param_range("margin=-3..5").lo, -3);
  for (const char* bad : {"cap", "cap=10", "cap=30..10", "cap=1..5:0", "size=1..3", "cap=a..b", "cap=1..3:x"})
    EXPECT_THROW(parse_param_range(bad), core::InputError) << bad;
}

TEST(TuningCli, WritesAPolicyThatReadsBack) {
  const auto file = scratch() / "tuned.ini";
  const Result r = run("tune --policy " + kSource + "/strategies/position-jokers.ini --players 3 --field-policy " +
                       kSource + "/strategies/heuristic.ini --evenings 600 --rounds 1 --param cap=20..30:5 "
                       "--param margin=1..3 --loadouts 'none;hirtenschutz,rattenlord' --threads 2 --seed 3 "
                       "--format json --write-policy " + file.string());
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["seed"], 3);
  EXPECT_EQ(j["evenings_per_candidate"], 600);
  EXPECT_TRUE(j["path"].is_array());
  const Rules rules = preset("tournament-2019");
  const auto back = make_policy(file.string(), rules);
  const auto* p = dynamic_cast<const PositionPolicy*>(back.get());
  ASSERT_NE(p, nullptr);
  for (const auto& name : tunable_params()) EXPECT_EQ(param_value(p->params(), name), j["tuned"][name]) << name;
  // The joker part is the start file's, key for key, and the loadout is the chosen one.
  const auto start = make_policy(kSource + "/strategies/position-jokers.ini", rules);
  const auto& h0 = dynamic_cast<const PositionPolicy&>(*start).heuristic().params();
  const auto& h1 = p->heuristic().params();
  EXPECT_EQ(h1.stop_at, h0.stop_at);
  EXPECT_EQ(h1.priority, h0.priority);
  EXPECT_EQ(h1.use_from, h0.use_from);
  EXPECT_EQ(h1.use_to, h0.use_to);
  EXPECT_EQ(h1.anaconda_fight_max, h0.anaconda_fight_max);
  EXPECT_EQ(h1.monokel_keep_from, h0.monokel_keep_from);
  EXPECT_EQ(h1.senigma_counter_from, h0.senigma_counter_from);
  std::string loadout;
  for (Joker jk : h1.loadout) loadout += (loadout.empty() ? "" : ", ") + std::string(joker_id(jk));
  EXPECT_EQ(loadout.empty() ? "none" : loadout, j["tuned_loadout"]);
  const std::string text = testing::slurp(file);
  EXPECT_NE(text.find("seed 3"), std::string::npos);
  EXPECT_NE(text.find("tournament-2019"), std::string::npos);
  // Every key line is preceded by a comment.
  std::istringstream lines(text);
  std::string line, prev;
  while (std::getline(lines, line)) {
    if (line.find(" = ") != std::string::npos && line[0] != '#') {
      EXPECT_EQ(prev.rfind("#", 0) == 0 || prev.find(" = ") != std::string::npos, true) << line;
    }
    prev = line;
  }
}

TEST(TuningCli, DeterministicAcrossThreads) {
  const std::string args = "tune --players 3 --field-policy threshold:1 --evenings 500 --rounds 1 "
                           "--param cap=10..26:8 --format json --seed 5 --threads ";
  const Result one = run(args + "1"), two = run(args + "2");
  ASSERT_EQ(one.code, 0) << one.err;
  ASSERT_EQ(two.code, 0) << two.err;
  auto a = nlohmann::json::parse(one.out), b = nlohmann::json::parse(two.out);
  for (auto* j : {&a, &b}) j->erase("seconds"), j->erase("threads");
  EXPECT_EQ(a, b);
}

TEST(TuningCli, BadInputIsOneLineExitTwo) {
  for (const std::string& bad : std::vector<std::string>{"tune --objective money", "tune --param size=1..4", "tune --param cap=9..3",
        "tune --policy " + kSource + "/strategies/heuristic.ini", "tune --policy threshold:20",
        "tune --loadouts 'none;dragon'", "tune --players 13", "tune --field threshold:1 --players 3",
        "tune --evenings 0", "tune --rounds 0"}) {
    const Result r = run(bad);
    EXPECT_EQ(r.code, 2) << bad << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << bad << "\n" << r.err;
    EXPECT_EQ(r.err.rfind("verflixt: ", 0), 0u) << r.err;
  }
}

}  // namespace
}  // namespace verflixt::verflixte6
