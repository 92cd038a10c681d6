// The pass kernel (pass_kernel.h) against the reference engine, the oracle: per seat, the
// distributions of pass results and evening objectives agree within a few standard errors
// (two independent samples with fixed seeds), for both presets, robbing, Keuler, Senigma
// duels and takes, Fumo, Ventil, Runkelrüb, position policies and joker selection. Also:
// the kernel's evenings are reproducible across thread counts, and a policy it cannot play
// is refused and sent to the reference engine. The lanes (play_passes) are checked the same
// way against the engine, and one lane against play_pass draw for draw.
#include "verflixt/games/verflixte6/kernels/pass_kernel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <sstream>

#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/analyses/evaluate.h"
#include "verflixt/games/verflixte6/rules/heuristic.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/position.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/table.h"

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

// Who plays the passes: the reference engine, the kernel one pass at a time, or in lanes.
enum class Engine { kReference, kKernel, kLanes };

std::vector<SeatStats> play_passes(const Rules& rules, const std::vector<PassSeat>& seats, int passes,
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
  RandomDice dice(chunk_rng(seed, 0));
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

void expect_same_passes(const Rules& rules, const std::vector<PassSeat>& seats, int passes, std::uint64_t seed,
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

std::unique_ptr<Policy> policy_file(const std::string& path, const Rules& rules) {
  return make_policy(path, rules);
}

// The two selection lists the evening tests seat: one leaning on Runkelrüb and the
// protections, one on Senigma duels and the joker steps.
ListSelector runkel_list() { return ListSelector({RUNKELRUEB, TENTAKEL, VENTIL, SENIGMA, FUMO, JULE, HIRTENSCHUTZ}); }
ListSelector duel_list() { return ListSelector({SENIGMA, RATTENLORD, CHERRY, ALL_IN, PONY, MONOKEL, SPELUNKENBOLD}); }

JokerSet jokers(std::initializer_list<Joker> js) {
  JokerSet s;
  for (Joker j : js) s = s.with(j);
  return s;
}

// Every kind of joker step at a table of 6 (tournament-2019): Senigma duels (targets by
// policy), Fumo, Ventil, Runkelrüb, Tentakel and Jule (autojokers), All In, two position
// policies (`pos`) among the heuristic (`heur`) and threshold:18 (`t18`) players, with these
// evening totals before the pass.
std::vector<PassSeat> tournament_joker_table(const Policy& heur, const Policy& pos, const Policy& t18,
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
std::vector<PassSeat> warm_table(const Policy& heur, const Policy& pos) {
  return {{&heur, jokers({SENIGMA, FUMO, RUNKELRUEB}), 0, 0}, {&pos, jokers({VENTIL, HIRTENSCHUTZ}), 0, 0},
          {&heur, {}, 0, 0}};
}

// Classic's jokers at a table of 5: Senigma's repeat (E9), Fumo's re-entry (E6), Hirtenschutz.
std::vector<PassSeat> classic_joker_table(const Policy& heur, const Policy& t15, const Policy& t22) {
  return {
      {&heur, jokers({SENIGMA, FUMO}), 0, 0}, {&t15, jokers({SENIGMA}), 0, 0}, {&t22, jokers({FUMO}), 0, 0},
      {&heur, jokers({SENIGMA, HIRTENSCHUTZ}), 0, 0}, {&t22, {}, 0, 0},
  };
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

// ---- Lanes (play_passes): the same tables, many passes at once ----

TEST(PassLanes, PlainPassesAgreeWithTheEngine) {
  const Rules rules = preset("tournament-2019");
  ThresholdPolicy t3(3), t12(12), t17(17), t20(20), t26(26), t30(30);
  expect_same_passes(rules, {{&t12, {}, 0, 0}, {&t20, {}, 0, 0}, {&t26, {}, 0, 0}, {&t20, {}, 0, 0}}, 30000, 31, 8,
                     Engine::kLanes);
  // Six players at threshold:17, the bench's workload; and Keuler bonuses (T6).
  expect_same_passes(rules, std::vector<PassSeat>(6, PassSeat{&t17, {}, 0, 0}), 20000, 32, 8, Engine::kLanes);
  expect_same_passes(rules, {{&t3, {}, 0, 0}, {&t30, {}, 0, 0}, {&t26, {}, 0, 0}}, 30000, 33, 8, Engine::kLanes);
}

TEST(PassLanes, TournamentJokersAndPositionPoliciesAgreeWithTheEngine) {
  // The heuristic with jokers (victim rule: the richest), position policies with their stop
  // rule compiled per threshold of the lane's table (victim rule: the leader), Senigma duels,
  // Keuler, evening totals.
  const Rules rules = preset("tournament-2019");
  const auto heur = policy_file("strategies/heuristic.ini", rules);
  const auto pos = policy_file("strategies/position-jokers.ini", rules);
  ThresholdPolicy t18(18);
  const std::vector<PassSeat> seats = tournament_joker_table(*heur, *pos, t18, {12, 5, 0, 30, 20, 0});
  expect_same_passes(rules, seats, 30000, 34, 8, Engine::kLanes);
  // The bench's joker workload: six heuristic players with three jokers each.
  const JokerSet three = jokers({HIRTENSCHUTZ, RATTENLORD, SPELUNKENBOLD});
  expect_same_passes(rules, std::vector<PassSeat>(6, PassSeat{heur.get(), three, 0, 0}), 20000, 35, 8, Engine::kLanes);
}

TEST(PassLanes, ClassicJokersAgreeWithTheEngine) {
  const Rules rules = preset("classic");
  const auto heur = policy_file("strategies/heuristic.ini", rules);
  ThresholdPolicy t15(15), t22(22);
  expect_same_passes(rules, classic_joker_table(*heur, t15, t22), 30000, 36, 8, Engine::kLanes);
}

// A policy of no known type: its victims are asked of it (the kAsk rule), here the poorest
// non-zero candidate, unlike any compiled rule.
class PoorestVictim final : public Policy {
 public:
  std::string name() const override { return "poorest-victim"; }
  Action decide(const TurnView& v) const override { return v.turn.eyes >= 16 ? Action::stop() : Action::roll(); }
  bool decide_reads_table() const override { return false; }
  bool inner_choices_read_table() const override { return false; }
  int choose_victim(const TurnView& v, int, std::span<const int> candidates) const override {
    return best_candidate(candidates, [&](int k) { return -v.table[static_cast<size_t>(k)].eyes; });
  }
};

TEST(PassLanes, CompiledVictimIsThePolicysChoice) {
  // The compiled victim rules against rob_candidates + the policy's own choose_victim, on
  // random tables: sizes 2..12, every status, eyes around 0 (Keuler), totals (standing),
  // Keuler already paid, classic Senigma's taken set, both robbing rules.
  const Rules tournament = preset("tournament-2019"), classic = preset("classic");
  const auto heur = policy_file("strategies/heuristic.ini", tournament);
  const auto pos = policy_file("strategies/position-jokers.ini", tournament);
  PositionParams richest_params;
  richest_params.rob_leader = false;
  const PositionPolicy pos_richest(richest_params, HeuristicParams{}, "position-richest");
  ThresholdPolicy t17(17);
  PoorestVictim poor;
  EXPECT_EQ(compiled_victim_rule(t17), VictimRule::kRichest);
  EXPECT_EQ(compiled_victim_rule(*heur), VictimRule::kRichest);
  EXPECT_EQ(compiled_victim_rule(*pos), VictimRule::kLeader);
  EXPECT_EQ(compiled_victim_rule(pos_richest), VictimRule::kRichest);
  EXPECT_EQ(compiled_victim_rule(poor), VictimRule::kAsk);
  Rng rng = chunk_rng(11, 0);
  auto below = [&](int m) { return static_cast<int>(rng() % static_cast<std::uint64_t>(m)); };
  const TurnState turn{};
  int lapsed = 0, keuler = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const Rules& rules = trial % 2 ? classic : tournament;
    const int n = 2 + below(11);
    std::vector<SeatView> table(static_cast<size_t>(n));
    for (auto& s : table) {
      s.eyes = below(12) - 3;
      s.status = static_cast<Status>(below(3));
      s.total = below(3) * 10;
      s.keuler_paid = below(4) == 0;
    }
    const int self = below(n);
    const unsigned taken = below(3) == 0 ? static_cast<unsigned>(rng()) & ((1u << n) - 1) : 0u;
    const int amount = 1 + below(3);
    for (const Policy* p : std::initializer_list<const Policy*>{&t17, pos.get(), &pos_richest}) {
      const Candidates cand = rob_candidates(rules, table, self, taken);
      const int expected =
          cand.empty() ? -1 : p->choose_victim(TurnView{rules, turn, self, table, 0}, amount, cand.span());
      ASSERT_EQ(compiled_victim(rules, compiled_victim_rule(*p), table, self, taken, amount), expected)
          << p->name() << " trial " << trial;
      lapsed += expected < 0;
      keuler += expected >= 0 && keuler_due(rules, table[static_cast<size_t>(expected)], amount);
    }
  }
  EXPECT_GT(lapsed, 100);  // the cases the loop must cover all occur
  EXPECT_GT(keuler, 100);
}

TEST(PassLanes, PoliciesWithTheirOwnVictimChoiceAreAskedAndAgree) {
  const Rules rules = preset("tournament-2019");
  PoorestVictim poor;
  ThresholdPolicy t20(20);
  expect_same_passes(rules, {{&poor, {}, 0, 0}, {&t20, {}, 0, 0}, {&poor, {}, 0, 0}, {&t20, {}, 0, 0}}, 30000, 37, 8,
                     Engine::kLanes);
}

// A position policy that counts how the kernel asks it: decide() with the table (a live
// decision) or stop_threshold() (a compiled stop rule: at a turn's start and after a steal).
// With `offer` false it hides its stop threshold, so the kernel asks it live at every
// decision, as it does any table-reading policy it knows nothing more of.
class CountingPosition final : public Policy {
 public:
  CountingPosition(const Policy& p, bool offer) : p_(p), offer_(offer) {}
  std::string name() const override { return p_.name() + (offer_ ? "" : " (live)"); }
  Action decide(const TurnView& v) const override { return ++decides, p_.decide(v); }
  bool anaconda_fight(const TurnView& v, int a) const override { return p_.anaconda_fight(v, a); }
  bool rattenlord_retreat(const TurnView& v, int t) const override { return p_.rattenlord_retreat(v, t); }
  bool monokel_rethrow(const TurnView& v, int i, int f, int k) const override { return p_.monokel_rethrow(v, i, f, k); }
  bool senigma_counter(const TurnView& v, int r, int a, int w, int l) const override {
    return p_.senigma_counter(v, r, a, w, l);
  }
  int choose_victim(const TurnView& v, int a, std::span<const int> c) const override { return p_.choose_victim(v, a, c); }
  int senigma_target(const TurnView& v, std::span<const int> c) const override { return p_.senigma_target(v, c); }
  bool inner_choices_read_table() const override { return false; }
  bool has_stop_threshold() const override { return offer_; }
  int stop_threshold(const TurnView& v) const override { return ++thresholds, p_.stop_threshold(v); }
  Action decide_at_threshold(const TurnView& v, int t) const override { return p_.decide_at_threshold(v, t); }
  mutable long decides = 0, thresholds = 0;

 private:
  const Policy& p_;
  bool offer_;
};

TEST(PassLanes, PositionStopRulesAreCompiledPerThresholdAndAgree) {
  // A position policy without Senigma is never asked decide() by the kernel: its turns are
  // compiled rows of its threshold (segments like the heuristic's), the threshold asked at
  // each turn's start and after each steal. Played so, and played live, both agree with
  // the engine seat by seat, robbing the leader, with evening totals (standings).
  const Rules rules = preset("tournament-2019");
  const auto heur = policy_file("strategies/heuristic.ini", rules);
  const auto pos = policy_file("strategies/position-jokers.ini", rules);
  const auto safe = policy_file("strategies/position-safe.ini", rules);
  CountingPosition compiled(*pos, true), live(*pos, false), compiled_safe(*safe, true);
  for (CountingPosition* p : {&compiled, &live}) {
    std::vector<PassSeat> seats = {{p, jokers({VENTIL, HIRTENSCHUTZ, FUMO}), 0, 14},
                                   {heur.get(), jokers({HIRTENSCHUTZ, RATTENLORD}), 0, 20},
                                   {&compiled_safe, {}, 0, 9},
                                   {heur.get(), {}, 0, 0}};
    play_passes(rules, seats, 4000, 41, Engine::kLanes);
    if (p == &compiled) {
      EXPECT_EQ(p->decides, 0);
      EXPECT_GT(p->thresholds, 4000);  // a turn per pass, and the steals
      EXPECT_EQ(compiled_safe.decides, 0);
    } else {
      EXPECT_GT(p->decides, 2 * 4000);  // several decisions per turn
    }
    expect_same_passes(rules, seats, 30000, 42, 8, Engine::kLanes);
  }
  // With compiled stop rules off (tune's kernel), the policy that offers one is asked live.
  PassKernel off(rules);
  off.set_compile_stop_rules(false);
  compiled.decides = compiled.thresholds = 0;
  Rng rng = chunk_rng(43, 0);
  const std::vector<PassSeat> two = {{&compiled, {}, 0, 0}, {heur.get(), {}, 0, 0}};
  for (int p = 0; p < 100; ++p) off.play_pass(two, p % 2, rng);
  EXPECT_GT(compiled.decides, 100);
  EXPECT_EQ(compiled.thresholds, 0);
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

TEST(PassLanes, OneLaneIsPlayPassDrawForDraw) {
  // With one lane the passes are played one after the other from the same stream, so they
  // must be play_pass's, bit for bit: the lanes and the single pass share one step.
  const Rules rules = preset("tournament-2019");
  const auto heur = policy_file("strategies/heuristic.ini", rules);
  const auto pos = policy_file("strategies/position-jokers.ini", rules);
  std::vector<PassSeat> seats = {{heur.get(), jokers({SENIGMA, FUMO, RUNKELRUEB}), 0, 0},
                                 {pos.get(), jokers({VENTIL, HIRTENSCHUTZ}), 0, 7},
                                 {heur.get(), {}, 0, 3}};
  PassKernel lanes(rules), single(rules);
  Rng a = chunk_rng(8, 0), b = chunk_rng(8, 0);
  int p = 0;
  lanes.play_passes(
      seats, 0, 600, a,
      [&](int first, std::span<const SeatView> table, std::span<const int> keuler) {
        const PassResult r = single.play_pass(seats, p % 3, b);
        ASSERT_EQ(first, p % 3) << "pass " << p;
        for (size_t k = 0; k < seats.size(); ++k) {
          ASSERT_EQ(table[k].eyes, r.eyes[k]) << "pass " << p << " seat " << k;
          ASSERT_EQ(table[k].status, r.status[k]) << "pass " << p << " seat " << k;
          ASSERT_EQ(keuler[k], r.keuler[k]) << "pass " << p << " seat " << k;
        }
        ++p;
      },
      1);
  EXPECT_EQ(p, 600);
}

// One lane of play_series against play_evening (through play_pass), evening by evening:
// with one lane the draws come in the same order, so selection (P2, Freie Jokerwahl),
// rotation (P1), totals (P3) and the carried placement bonus (P4) must agree exactly.
void expect_series_is_play_evening(const Rules& rules, const std::vector<EveningPlayer>& base, bool final, int length) {
  PassKernel lanes(rules), single(rules);
  Rng a = chunk_rng(13, 0), b = chunk_rng(13, 0);
  const size_t n = base.size();
  auto first = [&](std::uint64_t s, int e) { return evening_first_seat(s, static_cast<std::uint64_t>(e), n); };
  std::vector<EveningPlayer> players = base;
  std::uint64_t expected_series = 5;
  int expected_evening = 0, evenings = 0;
  lanes.play_series(
      base, final, length, 5, 40, first, a,
      [&](int lane, std::uint64_t series, int e, std::span<const int> totals, std::span<const int> bonus) {
        ASSERT_EQ(lane, 0);
        ASSERT_EQ(series, expected_series);
        ASSERT_EQ(e, expected_evening);
        if (e == 0) players = base;  // O6
        const EveningResult r = single.play_evening(players, final, first(series, e), b);
        for (size_t k = 0; k < n; ++k) {
          ASSERT_EQ(totals[k], r.totals[k]) << "series " << series << " evening " << e << " seat " << k;
          ASSERT_EQ(bonus[k], r.place_bonus[k]) << "series " << series << " evening " << e << " seat " << k;
          players[k].bonus = r.place_bonus[k];
        }
        ++evenings;
        if (++expected_evening == length) expected_evening = 0, ++expected_series;
      },
      1);
  EXPECT_EQ(evenings, 40 * length);
}

TEST(PassLanes, OneLaneOfSeriesIsPlayEvening) {
  const Rules tournament = preset("tournament-2019");
  const auto heur = policy_file("strategies/heuristic.ini", tournament);
  const auto pos = policy_file("strategies/position-jokers.ini", tournament);
  const ListSelector runkel = runkel_list();
  const ListSelector duels = duel_list();
  ThresholdPolicy t20(20);
  expect_series_is_play_evening(tournament,
                                {{heur.get(), &runkel, 0}, {pos.get(), &duels, 0}, {&t20, nullptr, 0},
                                 {pos.get(), &runkel, 0}},
                                /*final=*/true, 1);
  const Rules classic = preset("classic");
  const auto cheur = policy_file("strategies/heuristic.ini", classic);
  const ListSelector sel({SENIGMA, FUMO, HIRTENSCHUTZ, MONOKEL});
  ThresholdPolicy t16(16);
  expect_series_is_play_evening(classic, {{cheur.get(), &sel, 0}, {&t16, nullptr, 0}, {cheur.get(), nullptr, 0}},
                                false, 4);
}

// A selector that reads the table: behind the leader it selects from `behind`, else from
// `ahead` (each the first available jokers, as ListSelector).
class StandingSelector final : public Selector {
 public:
  StandingSelector(std::vector<Joker> behind, std::vector<Joker> ahead)
      : behind_(std::move(behind)), ahead_(std::move(ahead)) {}
  Selection select(const SelectionView& v) const override {
    const int best = *std::max_element(v.totals.begin(), v.totals.end());
    return (v.totals[static_cast<size_t>(v.self)] < best ? behind_ : ahead_).select(v);
  }

 private:
  ListSelector behind_, ahead_;
};

// Any selector, declared to read the table: the lanes ask it at every pass (no plan).
class AskedEveryPass final : public Selector {
 public:
  explicit AskedEveryPass(const Selector& inner) : inner_(inner) {}
  Selection select(const SelectionView& v) const override { return inner_.select(v); }

 private:
  const Selector& inner_;
};

TEST(PassLanes, SelectorsThatReadTheTableAreAskedEveryPass) {
  const Rules tournament = preset("tournament-2019");
  const auto heur = policy_file("strategies/heuristic.ini", tournament);
  const StandingSelector standing({FUMO, VENTIL, RUNKELRUEB}, {HIRTENSCHUTZ, RATTENLORD, SENIGMA, CHERRY, PONY});
  const ListSelector list({SENIGMA, FUMO, HIRTENSCHUTZ, MONOKEL});
  ASSERT_TRUE(standing.reads_table());
  ASSERT_FALSE(list.reads_table());
  expect_series_is_play_evening(
      tournament, {{heur.get(), &standing, 0}, {heur.get(), &list, 0}, {heur.get(), nullptr, 0}}, /*final=*/true, 3);
}

TEST(PassLanes, PlannedLoadoutsAreTheOnesTheSelectorWouldChoose) {
  // The lanes plan a table-free selector's loadouts once per run; asking it every pass
  // (the same selector behind a wrapper that says it reads the table) must play the same
  // series bit for bit, final evenings (Freie Jokerwahl) included.
  const Rules tournament = preset("tournament-2019");
  const auto heur = policy_file("strategies/heuristic.ini", tournament);
  const auto pos = policy_file("strategies/position-jokers.ini", tournament);
  const ListSelector a = runkel_list();
  const ListSelector b = duel_list();
  const AskedEveryPass asked_a(a), asked_b(b);
  for (const bool final : {false, true}) {
    auto play = [&](const Selector& sa, const Selector& sb) {
      PassKernel kernel(tournament);
      Rng rng = chunk_rng(21, 0);
      std::vector<int> out;
      const std::vector<EveningPlayer> players{
          {heur.get(), &sa, 0}, {pos.get(), &sb, 0}, {heur.get(), &sb, 0}, {pos.get(), &sa, 0}};
      kernel.play_series(
          players, final, 3, 0, 300,
          [](std::uint64_t s, int e) { return evening_first_seat(s, static_cast<std::uint64_t>(e), 4); }, rng,
          [&](int lane, std::uint64_t series, int e, std::span<const int> totals, std::span<const int> bonus) {
            out.insert(out.end(), {lane, static_cast<int>(series), e});
            out.insert(out.end(), totals.begin(), totals.end());
            out.insert(out.end(), bonus.begin(), bonus.end());
          });
      return out;
    };
    const std::vector<int> planned = play(a, b), asked = play(asked_a, asked_b);
    ASSERT_EQ(planned.size(), 300u * 3 * 11);
    EXPECT_EQ(planned, asked) << "final " << final;
  }
}

TEST(PassLanes, WarmTablesGiveTheSameDraws) {
  // Which segments a kernel has compiled depends on what it played before (its thread's
  // earlier chunks); the lanes' order of draws must not: a warm and a cold kernel play the
  // same passes and series from the same stream bit for bit.
  const Rules rules = preset("tournament-2019");
  const auto heur = policy_file("strategies/heuristic.ini", rules);
  const auto pos = policy_file("strategies/position-jokers.ini", rules);
  const std::vector<PassSeat> seats = warm_table(*heur, *pos);
  PassKernel warm(rules), cold(rules);
  Rng other = chunk_rng(99, 0);
  warm.play_passes(seats, 0, 3000, other, [](int, std::span<const SeatView>, std::span<const int>) {});
  ASSERT_GT(warm.states(), 0u);
  auto record = [&](PassKernel& pk) {
    std::vector<int> out;
    Rng rng = chunk_rng(7, 0);
    pk.play_passes(seats, 0, 700, rng, [&](int first, std::span<const SeatView> table, std::span<const int> keuler) {
      out.push_back(first);
      for (size_t k = 0; k < table.size(); ++k) out.insert(out.end(), {table[k].eyes, keuler[k]});
    });
    return out;
  };
  EXPECT_EQ(record(warm), record(cold));
  const ListSelector sel({SENIGMA, VENTIL, FUMO, RUNKELRUEB});
  const std::vector<EveningPlayer> players = {{heur.get(), &sel, 0}, {pos.get(), &sel, 0}, {heur.get(), nullptr, 0}};
  auto series = [&](PassKernel& pk) {
    std::vector<int> out;
    Rng rng = chunk_rng(8, 0);
    pk.play_series(
        players, true, 2, 0, 300, [](std::uint64_t s, int e) { return static_cast<int>((s + static_cast<std::uint64_t>(e)) % 3); },
        rng, [&](int, std::uint64_t s, int e, std::span<const int> totals, std::span<const int>) {
          out.insert(out.end(), {static_cast<int>(s), e});
          out.insert(out.end(), totals.begin(), totals.end());
        });
    return out;
  };
  PassKernel cold2(rules);
  EXPECT_EQ(series(warm), series(cold2));
}

TEST(PassLanes, EveryPassIsPlayedOnceWhateverTheLanes) {
  // Fewer passes than lanes, as many, and more: each pass number's first seat comes out once.
  const Rules rules = preset("tournament-2019");
  ThresholdPolicy t17(17);
  const std::vector<PassSeat> seats(5, PassSeat{&t17, {}, 0, 0});
  PassKernel pk(rules);
  for (const std::uint64_t count : {1u, 3u, 64u, 200u}) {
    std::vector<int> firsts(5, 0);
    Rng rng = chunk_rng(3, count);
    pk.play_passes(seats, 7, count, rng, [&](int first, std::span<const SeatView> table, std::span<const int>) {
      ++firsts[static_cast<size_t>(first)];
      for (const SeatView& s : table) EXPECT_NE(s.status, Status::Jungfrau);
    });
    std::vector<int> expected(5, 0);  // passes 7 .. 7 + count - 1 start at seat pass mod 5
    for (std::uint64_t i = 0; i < count; ++i) ++expected[(7 + i) % 5];
    EXPECT_EQ(firsts, expected) << "count " << count;
  }
}

TEST(PassLanes, PassesAreTheSameOnAnyNumberOfThreads) {
  const Rules rules = preset("tournament-2019");
  const auto heur = policy_file("strategies/heuristic.ini", rules);
  const JokerSet three = jokers({HIRTENSCHUTZ, RATTENLORD, SPELUNKENBOLD});
  const std::uint64_t passes = 3 * kReferenceChunk + 123;  // four chunks, the last one short
  const PassRun one = evaluate_passes(rules, three, *heur, 6, passes, 9, 1, {}, true);
  for (int threads : {2, 3}) {
    const PassRun more = evaluate_passes(rules, three, *heur, 6, passes, 9, threads, {}, true);
    EXPECT_EQ(one.by_position, more.by_position) << threads << " threads";
  }
  EXPECT_EQ(one.all.turns(), 6 * passes);
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
