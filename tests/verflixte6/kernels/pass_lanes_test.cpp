// The pass kernel's lanes (play_passes, play_series) against the reference engine the same
// way as pass_kernel_test.cpp checks one pass at a time, one lane against play_pass draw for
// draw, compiled victim rules and stop rules, selectors, and the same passes whatever the
// lanes and threads.
#include "verflixte6/kernels/pass_samples.h"

namespace verflixt::verflixte6 {
namespace {

using namespace pass_testing;

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
  core::Rng rng = core::chunk_rng(11, 0);
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
  core::Rng rng = core::chunk_rng(43, 0);
  const std::vector<PassSeat> two = {{&compiled, {}, 0, 0}, {heur.get(), {}, 0, 0}};
  for (int p = 0; p < 100; ++p) off.play_pass(two, p % 2, rng);
  EXPECT_GT(compiled.decides, 100);
  EXPECT_EQ(compiled.thresholds, 0);
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
  core::Rng a = core::chunk_rng(8, 0), b = core::chunk_rng(8, 0);
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
  core::Rng a = core::chunk_rng(13, 0), b = core::chunk_rng(13, 0);
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
      core::Rng rng = core::chunk_rng(21, 0);
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
  core::Rng other = core::chunk_rng(99, 0);
  warm.play_passes(seats, 0, 3000, other, [](int, std::span<const SeatView>, std::span<const int>) {});
  ASSERT_GT(warm.states(), 0u);
  auto record = [&](PassKernel& pk) {
    std::vector<int> out;
    core::Rng rng = core::chunk_rng(7, 0);
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
    core::Rng rng = core::chunk_rng(8, 0);
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
    core::Rng rng = core::chunk_rng(3, count);
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
    EXPECT_EQ(one.tally.by_position, more.tally.by_position) << threads << " threads";
  }
  EXPECT_EQ(one.tally.all.turns(), 6 * passes);
}

// A policy that says its inner choices read the table: the kernel cannot compile it.
}  // namespace
}  // namespace verflixt::verflixte6
