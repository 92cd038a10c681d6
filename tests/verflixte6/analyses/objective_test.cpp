// Objectives at a table (objective.h) against values computed by hand from the free-throw
// distribution, the P4 bonus carried inside a series, and reproducibility across threads.
#include "verflixt/games/verflixte6/analyses/objective.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <functional>
#include <random>

#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6 {
namespace {

constexpr double kTolerance = 4.0;  // standard errors

void expect_near_se(const core::Estimate& e, double exact, const char* what) {
  EXPECT_GT(e.se, 0.0) << what;
  EXPECT_NEAR(e.mean, exact, kTolerance * e.se + 1e-12) << what << " mean " << e.mean << " se " << e.se;
}

ObjectiveSpec table_of(std::vector<const Policy*> policies, std::vector<int> groups,
                       std::vector<std::string> labels) {
  ObjectiveSpec spec;
  for (size_t k = 0; k < policies.size(); ++k) spec.seats.push_back({policies[k], nullptr, groups[k]});
  spec.groups = std::move(labels);
  return spec;
}

// Two players who stop at the free throw, three passes: totals are sums of three dice.
// P(win) = 1/2 by symmetry with the 1/k split (O1); with one loser at least, the loser is
// the lower total and both on a tie, so P(loser) = 1/2 + P(tie)/2; E[rank] = 3/2.
TEST(Objective, TwoFreeThrowStoppersMatchTheDiceSums) {
  Rules rules = preset("tournament-2019");
  rules.losers_at_least = 1;
  std::array<double, 19> p{};
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b)
      for (int c = 1; c <= 6; ++c) p[static_cast<size_t>(a + b + c)] += 1.0 / 216.0;
  double tie = 0;
  for (double q : p) tie += q * q;

  ThresholdPolicy stop(1);
  const auto run = play_objectives(rules, table_of({&stop, &stop}, {0, 0}, {"threshold:1"}), 40000, 11, 2);
  ASSERT_EQ(run.evenings, 40000u);
  for (const auto& row : run.by_seat) {
    expect_near_se(row.win, 0.5, "win");
    expect_near_se(row.loser, 0.5 + tie / 2, "loser");
    expect_near_se(row.eyes, 10.5, "eyes");
  }
  // A final evening has final_passes = 4 passes (P2): four dice.
  ObjectiveSpec final = table_of({&stop, &stop}, {0, 0}, {"threshold:1"});
  final.final = true;
  expect_near_se(play_objectives(rules, final, 20000, 12, 2).by_group[0].eyes, 14.0, "final eyes");
  // The ranks of an evening sum to 3 and the win shares to 1: the group's means are exact.
  EXPECT_DOUBLE_EQ(run.by_group[0].rank.mean, 1.5);
  EXPECT_DOUBLE_EQ(run.by_group[0].win.mean, 0.5);
  EXPECT_EQ(run.by_group[0].seats, 2);
}

// One pass, no robbing: seat A stops at the free throw (uniform 1..6), seat B rolls on to
// 7 or more, a 6 sending him to 0. B's distribution comes from a recursion written here.
TEST(Objective, StopperAgainstSevenSeekerOnePass) {
  Rules rules = preset("tournament-2019");
  rules.passes = 1;
  rules.ones_rob = false;
  rules.losers_at_least = 1;
  std::array<double, 13> b{};  // B's pass result: 0 or 7..11
  // value(e): distribution of B's result from e eyes below 7.
  std::function<void(int, double)> go = [&](int e, double w) {
    if (e >= 7) {
      b[static_cast<size_t>(e)] += w;
      return;
    }
    b[0] += w / 6.0;  // a 6
    for (int f = 1; f <= 5; ++f) go(e + f, w / 6.0);
  };
  for (int f = 1; f <= 6; ++f) go(f, 1.0 / 6.0);
  double win = 0, loser = 0, rank = 1;
  for (int a = 1; a <= 6; ++a)
    for (size_t r = 0; r < b.size(); ++r) {
      const double w = b[r] / 6.0;
      const int bv = static_cast<int>(r);
      if (a > bv) win += w;
      if (a == bv) win += w / 2, loser += w, rank += w / 2;
      if (a < bv) loser += w, rank += w;
    }
  ThresholdPolicy stop(1), seven(7);
  const auto run = play_objectives(rules, table_of({&stop, &seven}, {0, 1}, {"threshold:1", "threshold:7"}),
                                   60000, 5, 2);
  expect_near_se(run.by_group[0].win, win, "A win");
  expect_near_se(run.by_group[0].loser, loser, "A loser");
  expect_near_se(run.by_group[0].rank, rank, "A rank");
  expect_near_se(run.by_group[1].win, 1 - win, "B win");
  // The paired difference is A's win minus B's: 2 win - 1, and its error is twice A's.
  const core::Estimate d = run.group_win_difference(0, 1);
  EXPECT_NEAR(d.mean, 2 * run.by_group[0].win.mean - 1, 1e-12);
  EXPECT_NEAR(d.se, 2 * run.by_group[0].win.se, 1e-9);
}

// Classic, one pass per evening, two free-throw stoppers, series of two evenings: in the
// second evening the first place carries +6 (ties share it) and the second +4 (P4). So the
// mean total per evening is (3.5 + 3.5 + 6·7/12 + 4·5/12) / 2; with at least 3 losers both
// players always lose.
TEST(Objective, PlacementBonusCarriesInsideASeries) {
  const Rules rules = preset("classic");
  ThresholdPolicy stop(1);
  ObjectiveSpec spec = table_of({&stop, &stop}, {0, 0}, {"threshold:1"});
  spec.series_length = 2;
  const auto run = play_objectives(rules, spec, 60000, 3, 2);
  EXPECT_EQ(run.evenings, 60000u);
  expect_near_se(run.by_group[0].eyes, (3.5 + 3.5 + 6.0 * 7 / 12 + 4.0 * 5 / 12) / 2, "eyes");
  EXPECT_EQ(run.by_group[0].loser.mean, 1.0);
  spec.series_length = 1;
  const auto single = play_objectives(rules, spec, 60000, 3, 2);
  expect_near_se(single.by_group[0].eyes, 3.5, "eyes without bonus");
}

// O5: the first seat rotates across evenings. In one pass with one loser at least, a player
// who stops as soon as he is not the loser wins most evenings from the last seat; with the
// rotation both seats are last half the time, so both win half the evenings.
class BeatTheOther final : public Policy {
 public:
  std::string name() const override { return "beat-the-other"; }
  Action decide(const TurnView& v) const override {
    const SeatView& other = v.table[static_cast<size_t>(1 - v.self)];
    if (other.status == Status::Jungfrau) return v.turn.eyes >= 12 ? Action::stop() : Action::roll();
    return v.turn.eyes > other.eyes ? Action::stop() : Action::roll();
  }
};

TEST(Objective, SeatsRotateAcrossEvenings) {
  Rules rules = preset("tournament-2019");
  rules.passes = 1;
  rules.losers_at_least = 1;
  const BeatTheOther p;
  const auto run = play_objectives(rules, table_of({&p, &p}, {0, 0}, {"beat"}), 20000, 8, 2);
  expect_near_se(run.by_seat[0].win, 0.5, "seat 1");
  expect_near_se(run.by_seat[1].win, 0.5, "seat 2");
  // The premise: without rotation the last seat's edge is large (seat 2 always last).
  core::RandomDice dice(core::chunk_rng(8, 0));
  std::vector<EveningPlayer> players(2, EveningPlayer{&p, nullptr, 0});
  double last = 0;
  for (int e = 0; e < 4000; ++e) {
    const EveningScore sc = score_totals(rules, play_evening(rules, players, false, 0, dice).totals);
    last += static_cast<double>(sc.win_units[1]) / kWinUnit;
  }
  EXPECT_GT(last / 4000, 0.6);
}

TEST(Objective, SameBitsOnOneAndTwoThreads) {
  const Rules rules = preset("tournament-2019");
  ThresholdPolicy a(15), b(22);
  ListSelector jokers({HIRTENSCHUTZ, PONY, SENIGMA, RATTENLORD});
  ObjectiveSpec spec = table_of({&a, &b, &a, &b}, {0, 1, 0, 1}, {"threshold:15", "threshold:22"});
  spec.seats[1].selector = &jokers;
  const auto one = play_objectives(rules, spec, 3000, 9, 1);
  const auto two = play_objectives(rules, spec, 3000, 9, 2);
  EXPECT_EQ(one.moments.sum, two.moments.sum);
  EXPECT_TRUE(one.moments.sum_sq == two.moments.sum_sq);
  EXPECT_TRUE(one.moments.win_cross == two.moments.win_cross);
  EXPECT_EQ(one.by_group[0].win.mean, two.by_group[0].win.mean);
  // Win shares of an evening sum to one: the groups' per-seat means average to 1/4.
  EXPECT_NEAR(one.by_group[0].win.mean + one.by_group[1].win.mean, 0.5, 1e-12);
}

TEST(Objective, InterruptedRunKeepsFinishedChunks) {
  const Rules rules = preset("tournament-2019");
  ThresholdPolicy a(18);
  std::atomic<bool> stop{false};
  core::RunControl control;
  control.stop = &stop;
  control.progress = [&](std::uint64_t done, std::uint64_t) {
    if (done > 0) stop = true;
  };
  const auto run = play_objectives(rules, table_of({&a, &a, &a}, {0, 0, 0}, {"t"}), 100000, 1, 1, control);
  EXPECT_TRUE(run.interrupted);
  EXPECT_GT(run.evenings, 0u);
  EXPECT_LT(run.evenings, 100000u);
  EXPECT_EQ(run.evenings % kObjectiveChunk, 0u);
}

TEST(Objective, ScoreSplitsTiesAndAveragesRanks) {
  Rules rules = preset("tournament-2019");
  const EveningScore s = score_totals(rules, std::vector<int>{10, 30, 30, 5, 0});
  auto first5 = [](const auto& a) { return std::vector(a.begin(), a.begin() + 5); };
  EXPECT_EQ(first5(s.win_units), (std::vector<std::int64_t>{0, kWinUnit / 2, kWinUnit / 2, 0, 0}));
  EXPECT_EQ(first5(s.rank2), (std::vector<int>{6, 3, 3, 8, 10}));
  EXPECT_EQ(first5(s.loser), (std::vector<bool>{true, false, false, true, true}));
}

}  // namespace
}  // namespace verflixt::verflixte6

// ---- Eyes conservation at the table: steals and Senigma duels move eyes, they never make
// ---- or destroy them; only the thrower's own faces and the Keuler bonus (T6) add eyes.

#include "verflixt/core/dice.h"
#include "verflixt/core/rng.h"

namespace verflixt::verflixte6 {
namespace {

class RecordingDice final : public core::Dice {
 public:
  explicit RecordingDice(core::Rng rng) : d_(rng) {}
  int roll() override {
    faces.push_back(d_.roll());
    return faces.back();
  }
  std::vector<int> faces;

 private:
  core::RandomDice d_;
};

// Duels with Senigma from 8 eyes on, otherwise stops at 16; checks every step it sees.
class ConservationProbe final : public Policy {
 public:
  ConservationProbe(const Rules& r, RecordingDice& d) : rules_(r), dice_(d) {}
  std::string name() const override { return "probe"; }
  Action decide(const TurnView& v) const override {
    int sum = 0, paid = 0;
    for (const auto& s : v.table) sum += s.eyes, paid += s.keuler_paid;
    if (v.self == self_ && last_.kind != Action::Stop) {
      ++steps;
      const int own = last_.kind == Action::Roll ? dice_.faces.back() : 0;
      EXPECT_EQ(sum - sum_, own + rules_.keuler_bonus * (paid - paid_)) << "step " << steps;
      if (last_.kind == Action::Roll) {
        // A plain throw changes at most one other player: the victim of a robbing 1.
        int changed = 0;
        for (size_t k = 0; k < v.table.size(); ++k)
          if (static_cast<int>(k) != v.self) changed += v.table[k].eyes != eyes_[k];
        EXPECT_LE(changed, own == 1 ? 1 : 0);
        steals += changed;
      } else {
        ++duels;
      }
    }
    Action a = v.turn.eyes >= 16 ? Action::stop() : Action::roll();
    if (v.turn.eyes >= 8 && is_legal(v, Action::use(SENIGMA))) a = Action::use(SENIGMA);
    self_ = v.self, sum_ = sum, paid_ = paid, last_ = a;
    eyes_.clear();
    for (const auto& s : v.table) eyes_.push_back(s.eyes);
    return a;
  }
  void new_pass() const { self_ = -1; }
  mutable int steps = 0, steals = 0, duels = 0;

 private:
  const Rules& rules_;
  RecordingDice& dice_;
  mutable int self_ = -1, sum_ = 0, paid_ = 0;
  mutable Action last_;
  mutable std::vector<int> eyes_;
};

TEST(Table, StealsAndDuelsConserveEyesInEveryPass) {
  const Rules rules = preset("tournament-2019");
  RecordingDice dice(core::chunk_rng(17, 0));
  const ConservationProbe probe(rules, dice);
  for (int n : {3, 6}) {
    std::vector<PassSeat> seats(static_cast<size_t>(n), PassSeat{&probe, JokerSet{}.with(SENIGMA), 0, 0});
    for (int pass = 0; pass < 3000; ++pass) {
      probe.new_pass();
      const PassResult r = play_pass(rules, seats, pass % n, dice);
      // T7: every result is at least 0, and exactly the Zombies hold 0 unless a floor.
      for (size_t k = 0; k < r.eyes.size(); ++k) {
        EXPECT_GE(r.eyes[k], 0);
        if (r.eyes[k] == 0) {
          EXPECT_EQ(r.status[k], Status::Zombie);
        }
      }
    }
  }
  EXPECT_GT(probe.steals, 100);
  EXPECT_GT(probe.duels, 100);
}

// score_totals against the definitions, on random tables with many ties: O1 the best total's
// seats share kWinUnit, O3 twice the averaged rank, P3 as is_loser (held to the rule's
// text in table_test.cpp).
TEST(Objective, ScoreIsTheDefinitionsOnRandomTables) {
  std::mt19937 g(11);
  for (int trial = 0; trial < 5000; ++trial) {
    Rules rules = preset("tournament-2019");
    rules.losers_at_least = trial % 5;
    const int n = 1 + static_cast<int>(g() % 12);
    std::vector<int> totals(static_cast<size_t>(n));
    for (int& t : totals) t = static_cast<int>(g() % 9) - 2;
    const EveningScore s = score_totals(rules, totals);
    const int best = *std::max_element(totals.begin(), totals.end());
    const auto leaders = std::count(totals.begin(), totals.end(), best);
    for (size_t k = 0; k < totals.size(); ++k) {
      const auto above = std::count_if(totals.begin(), totals.end(), [&](int t) { return t > totals[k]; });
      const auto level = std::count(totals.begin(), totals.end(), totals[k]);
      ASSERT_EQ(s.win_units[k], totals[k] == best ? kWinUnit / leaders : 0) << "trial " << trial;
      ASSERT_EQ(s.rank2[k], 2 * (1 + above) + (level - 1)) << "trial " << trial;
      ASSERT_EQ(s.loser[k], is_loser(rules, totals, static_cast<int>(k))) << "trial " << trial;
    }
  }
}

// SeriesTally's moments against the same sums taken the plain way, in 128 bits, from
// score_totals: series of one evening (scored straight into the sums) and of three (through
// the series' features); 700 series, so the 64-bit sums are flushed on the way, which
// series near the 64-bit bound need (12 seats of one group, totals of about 2^27 / 12: the
// group's squares are near 2^54); and totals large enough that a series goes to the 128-bit
// sums at once (a group's eyes above 2^27, squares beyond 64 bits).
TEST(Objective, TallyIsThePlainSumsOfTheScores) {
  std::mt19937 g(5);
  const Rules rules = preset("tournament-2019");
  for (int trial = 0; trial < 24; ++trial) {
    const bool near = trial % 8 == 0;    // series of one evening near the 64-bit bound
    const bool beyond = trial % 8 == 4;  // and beyond it: a group's eyes above 2^27
    const size_t n = near || beyond ? 12 : 2 + static_cast<size_t>(g() % 11);
    const size_t groups = near || beyond ? 1 : 1 + static_cast<size_t>(g() % n);
    ObjectiveSpec spec;
    for (size_t k = 0; k < n; ++k) spec.seats.push_back({nullptr, nullptr, static_cast<int>(k % groups)});
    for (size_t i = 0; i < groups; ++i) spec.groups.push_back("g" + std::to_string(i));
    const size_t W = n + groups;
    const int length = trial % 2 == 0 ? 1 : 3;
    const bool wide = trial % 4 >= 2;  // some evenings' totals near 2^30: the 128-bit sums at once
    ObjectiveMoments got, want;
    for (ObjectiveMoments* m : {&got, &want}) {
      m->sum.assign(W * 4, 0);
      m->sum_sq.assign(W * 4, 0);
      m->win_cross.assign(W * W, 0);
    }
    SeriesTally tally(rules, spec, got);
    std::vector<std::int64_t> x(SeriesTally::kSize, 0);
    for (int series = 0; series < 700; ++series) {
      std::vector<i128> f(W * 4, 0);  // the series' features, [e * 4 + feature]
      for (int e = 0; e < length; ++e) {
        std::vector<int> totals(n);
        for (int& t : totals)  // ties and totals at or below 0 (P3) are common in the small ones
          t = near ? 11'000'000 + static_cast<int>(g() % 1000)
                   : beyond ? 50'000'000 + static_cast<int>(g() % 1000) : static_cast<int>(g() % 40) - 5;
        if (wide && g() % 50 == 0)  // squares beyond 64 bits
          for (int& t : totals) t = (1 << 30) - static_cast<int>(g() % 1000);
        const EveningScore s = score_totals(rules, totals);
        for (size_t k = 0; k < n; ++k)
          for (const size_t ent : {k, n + static_cast<size_t>(spec.seats[k].group)}) {
            f[ent * 4 + 0] += s.win_units[k];
            f[ent * 4 + 1] += s.loser[k];
            f[ent * 4 + 2] += s.rank2[k];
            f[ent * 4 + 3] += totals[k];
          }
        if (length == 1) tally.add_evening(totals);
        else tally.add_evening(x.data(), totals);
      }
      if (length > 1) tally.add_series(x.data());
      ++want.series;
      for (size_t i = 0; i < W * 4; ++i) want.sum[i] += static_cast<std::int64_t>(f[i]), want.sum_sq[i] += f[i] * f[i];
      for (size_t a = 0; a < W; ++a)
        for (size_t b = 0; b < W; ++b) want.win_cross[a * W + b] += f[a * 4] * f[b * 4];
    }
    tally.flush();
    ASSERT_EQ(got.series, want.series) << "trial " << trial;
    ASSERT_EQ(got.sum, want.sum) << "trial " << trial;
    ASSERT_TRUE(got.sum_sq == want.sum_sq) << "trial " << trial;
    ASSERT_TRUE(got.win_cross == want.win_cross) << "trial " << trial;
  }
}

}  // namespace
}  // namespace verflixt::verflixte6
