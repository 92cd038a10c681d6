// The pass kernel (pass_kernel.h) against the reference engine, the oracle: per seat, the
// distributions of pass results and evening objectives agree within a few standard errors
// (two independent samples with fixed seeds), for both presets, robbing, Keuler, Senigma
// duels and takes, Fumo, Ventil, Runkelrüb, position policies and joker selection. Also:
// the kernel's evenings are reproducible across thread counts, and a policy it cannot play
// is refused and sent to the reference engine. The lanes: pass_lanes_test.cpp.
#include "verflixte6/kernels/pass_samples.h"

namespace verflixt::verflixte6 {
namespace {

using namespace pass_testing;

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
  // Every kind of joker step (tournament_joker_table); the position policies' stop rule is
  // compiled per threshold, their Senigma duels are asked live.
  const Rules rules = preset("tournament-2019");
  const auto heur = policy_file("strategies/heuristic.ini", rules);
  const auto pos = policy_file("strategies/position-jokers.ini", rules);
  ThresholdPolicy t18(18);
  const std::vector<PassSeat> seats = tournament_joker_table(*heur, *pos, t18, {0, 5, 0, 3, 0, 0});
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
  const std::vector<PassSeat> seats = classic_joker_table(*heur, t15, t22);
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
    auto check = [&](const core::Estimate& a, const core::Estimate& b, const char* what) {
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
  const ListSelector runkel = runkel_list();
  const ListSelector duels = duel_list();
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
  for (int threads : {2, 3}) {  // the kernel's evenings are played in lanes (play_series)
    const auto more = play_objectives(rules, spec, 3000, 5, threads);
    EXPECT_EQ(one.moments.sum, more.moments.sum) << threads << " threads";
    EXPECT_EQ(one.moments.sum_sq, more.moments.sum_sq) << threads << " threads";
    EXPECT_EQ(one.moments.win_cross, more.moments.win_cross) << threads << " threads";
  }
  EXPECT_GT(one.by_seat[0].eyes.mean, 0);
}

TEST(PassKernel, WarmTablesGiveTheSameDraws) {
  // The compiled tables are caches: a kernel that already played other passes (and compiled
  // more states) plays the same passes from the same stream bit for bit.
  const Rules rules = preset("tournament-2019");
  const auto heur = policy_file("strategies/heuristic.ini", rules);
  const auto pos = policy_file("strategies/position-jokers.ini", rules);
  const std::vector<PassSeat> seats = warm_table(*heur, *pos);
  PassKernel warm(rules), cold(rules);
  core::Rng other = core::chunk_rng(99, 0);
  for (int p = 0; p < 2000; ++p) warm.play_pass(seats, p % 3, other);
  ASSERT_GT(warm.states(), 0u);
  ASSERT_EQ(cold.states(), 0u);
  core::Rng a = core::chunk_rng(7, 0), b = core::chunk_rng(7, 0);
  for (int p = 0; p < 500; ++p) {
    const PassResult x = warm.play_pass(seats, p % 3, a);
    const PassResult y = cold.play_pass(seats, p % 3, b);
    ASSERT_EQ(x.eyes, y.eyes) << "pass " << p;
    ASSERT_EQ(x.keuler, y.keuler) << "pass " << p;
  }
  EXPECT_LE(cold.states(), warm.states());
}

TEST(PassKernel, BenchEveningsAgreeWithTheEngine) {
  // The bench's evening workload (and tournament's): position-jokers.ini, its stop rule
  // compiled per threshold, against three heuristic.ini seats, each with its file's loadout;
  // series of 10 evenings, so the placement bonus comes with the free throw (P4).
  const Rules rules = preset("tournament-2019");
  const auto heur = policy_file("strategies/heuristic.ini", rules);
  const auto pos = policy_file("strategies/position-jokers.ini", rules);
  const ListSelector pos_sel(dynamic_cast<const PositionPolicy&>(*pos).heuristic().params().loadout);
  const ListSelector heur_sel(dynamic_cast<const HeuristicPolicy&>(*heur).params().loadout);
  ObjectiveSpec spec;
  spec.seats = {{pos.get(), &pos_sel, 0}, {heur.get(), &heur_sel, 1}, {heur.get(), &heur_sel, 1},
                {heur.get(), &heur_sel, 1}};
  spec.groups = {"position", "heuristic"};
  spec.series_length = 10;
  expect_same_evenings(rules, spec, 40000);
}

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
  EXPECT_THROW(resolve_engine(PassEngine::Kernel, {&t20, &reader}), core::InputError);
  PassKernel pk(rules);
  core::Rng rng = core::chunk_rng(1, 0);
  std::vector<PassSeat> seats = {{&reader, {}, 0, 0}, {&t20, {}, 0, 0}};
  EXPECT_THROW(pk.play_pass(seats, 0, rng), std::invalid_argument);
}

}  // namespace
}  // namespace verflixt::verflixte6
