// The exact solver: its no-joker optimum against an independent optimal recursion, Pig's
// known hold-at-20 optimum, internal consistency (the solved table replayed as a policy and
// evaluated as a chain gives the solver's EV), dominance over threshold policies, the
// engine's Monte Carlo under the solved policy, and the .policy file round trip.
#include "verflixt/games/verflixte6/exact/solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unistd.h>
#include <omp.h>

#include <string>
#include <utility>
#include <vector>

#include "verflixt/core/dice.h"
#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/core/kernel.h"
#include "verflixt/core/markov.h"
#include "verflixt/core/rng.h"

namespace verflixt::verflixte6 {
namespace {

const Rules kT = preset("tournament-2019");
const Rules kC = preset("classic");

JokerSet jokers(std::initializer_list<Joker> js) {
  JokerSet s;
  for (Joker j : js) s = s.with(j);
  return s;
}

// The optimal no-joker solo value by a memoized recursion over (eyes, robbing 1s) written
// from docs/rules/verflixte6.md T1–T5 (robbing 1s steal min(j, 5)). Beyond 300 eyes rolling loses more than
// 50 eyes in expectation against at most 6 gained, so the recursion stops there. Also
// returns, per robbing count, the smallest eyes at which stopping is optimal.
struct NoJokerOptimum {
  std::map<std::pair<int, int>, double> memo;
  std::map<std::pair<int, int>, bool> stops;
  double v(int eyes, int rob) {
    if (eyes > 300) return eyes;
    auto key = std::make_pair(eyes, std::min(rob, 5));
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    const int j = std::min(rob + 1, 5);
    double roll = v(eyes + 1 + j, j);
    for (int f = 2; f <= 5; ++f) roll += v(eyes + f, key.second);
    roll /= 6;
    stops[key] = eyes >= roll;
    return memo[key] = std::max<double>(eyes, roll);
  }
  double start() {
    double s = 0;
    for (int f = 1; f <= 6; ++f) s += v(f, 0) / 6;
    return s;
  }
  int threshold(int rob) {
    for (int e = 0;; ++e) {
      v(e, rob);
      if (stops[{e, rob}]) return e;
    }
  }
};

TEST(Solver, NoJokerOptimumMatchesIndependentRecursion) {
  const SoloSolution sol = solve_solo(kT, {});
  NoJokerOptimum ref;
  EXPECT_NEAR(sol.ev, ref.start(), 1e-11);
  EXPECT_TRUE(sol.cap_certified);
  for (const auto& t : sol.thresholds) EXPECT_EQ(t.eyes, ref.threshold(t.robbing_ones)) << t.robbing_ones;
  EXPECT_EQ(sol.threshold, ref.threshold(0));
  // The classic preset plays the same turn without jokers (T1–T5 are shared).
  EXPECT_NEAR(solve_solo(kC, {}).ev, ref.start(), 1e-11);
}

TEST(Solver, PigOptimumIsHoldAt20) {
  // Pig maximizing the expected turn total: roll while (5/6)(t + 4) > t, i.e. below 20;
  // at 20 both are equal and the solver stops.
  Rules pig = kT;
  pig.bust_face = 1;
  pig.free_throw = false;
  pig.ones_rob = false;
  const SoloSolution sol = solve_solo(pig, {});
  EXPECT_EQ(sol.threshold, 20);
  const core::MarkovResult hold20 = evaluate_chain(compile_chain(pig, {}, ThresholdPolicy(20)));
  EXPECT_NEAR(sol.ev, hold20.ev, 1e-12);
  EXPECT_NEAR(sol.bust_probability, hold20.bust_probability, 1e-12);
}

TEST(Solver, OptimumDominatesEveryThreshold) {
  for (JokerSet l : {JokerSet{}, jokers({HIRTENSCHUTZ}), jokers({JULE, TENTAKEL}), jokers({RUNKELRUEB})}) {
    const double opt = solve_solo(kT, l, {.thresholds = false, .keep_table = false}).ev;
    for (int n = 5; n <= 40; n += 5)
      EXPECT_GE(opt + 1e-9, evaluate_chain(compile_chain(kT, l, ThresholdPolicy(n))).ev) << loadout_name(l) << " " << n;
  }
}

// The solved table replayed as a policy — decisions from the table, every inner choice
// re-derived from the table's values — compiles to a chain whose exact value and bust
// probability are the solver's.
TEST(Solver, TablePolicyChainReproducesTheSolution) {
  const std::vector<std::pair<const Rules*, JokerSet>> cases = {
      {&kT, jokers({ANACONDA, MONOKEL, SENIGMA})}, {&kT, jokers({FUMO, RUNKELRUEB, JULE})},
      {&kT, jokers({VENTIL, ALL_IN, RATTENLORD})}, {&kT, jokers({FROSTSCHUTZ, TENTAKEL, CHERRY})},
      {&kT, jokers({SPELUNKENBOLD, PONY, HIRTENSCHUTZ})}, {&kC, jokers({FUMO, ANACONDA, RATTENLORD})},
      {&kC, jokers({SENIGMA, VENTIL, PONY})}};
  for (const auto& [r, l] : cases) {
    const SoloSolution sol = solve_solo(*r, l);
    const auto policy = table_policy(*r, sol);
    const core::MarkovResult m = evaluate_chain(compile_chain(*r, l, *policy));
    EXPECT_NEAR(m.ev, sol.ev, 1e-9) << r->preset << " " << loadout_name(l);
    EXPECT_NEAR(m.bust_probability, sol.bust_probability, 1e-9) << r->preset << " " << loadout_name(l);
    EXPECT_TRUE(sol.cap_certified) << loadout_name(l);
  }
}

TEST(Solver, JokersNeverHurt) {
  // Every joker can be left unused (autojokers only add), so adding one never lowers the
  // optimum.
  const double none = solve_solo(kT, {}, {.thresholds = false, .keep_table = false}).ev;
  for (int k = 0; k < JOKER_NB; ++k) {
    const double with = solve_solo(kT, JokerSet{}.with(static_cast<Joker>(k)), {.thresholds = false, .keep_table = false}).ev;
    EXPECT_GE(with, none - 1e-9) << joker_id(static_cast<Joker>(k));
  }
}

TEST(Solver, RaisingTheCapChangesNothing) {
  const JokerSet l = jokers({FUMO, RUNKELRUEB});
  const SoloSolution a = solve_solo(kT, l, {.thresholds = false, .keep_table = false});
  SolverOptions wide;
  wide.risk_cap = a.risk_cap + 40;
  wide.runkel_risk_cap = a.runkel_risk_cap + 40;
  wide.thresholds = false;
  wide.keep_table = false;
  EXPECT_TRUE(a.cap_certified);
  EXPECT_NEAR(solve_solo(kT, l, wide).ev, a.ev, 1e-10);
}

// The engine plays the solved policy — every decision and inner choice through SolvedPolicy —
// and its Monte Carlo mean and bust rate lie within 4 standard errors of the solver's exact
// values. Together the loadouts cover every joker of both presets.
TEST(Solver, EngineUnderSolvedPolicyMatchesExactValue) {
  const std::vector<std::pair<const Rules*, JokerSet>> cases = {
      {&kT, jokers({ANACONDA, SENIGMA, MONOKEL})},    {&kT, jokers({FUMO, RUNKELRUEB, VENTIL})},
      {&kT, jokers({RATTENLORD, ALL_IN, FROSTSCHUTZ})}, {&kT, jokers({PONY, CHERRY, TENTAKEL})},
      {&kT, jokers({SPELUNKENBOLD, HIRTENSCHUTZ, JULE})}, {&kC, jokers({FUMO, ANACONDA, SENIGMA})},
      {&kC, jokers({RATTENLORD, PONY, VENTIL})}};
  for (const auto& [r, l] : cases) {
    const SoloSolution sol = solve_solo(*r, l);
    const auto policy = table_policy(*r, sol);
    core::RandomDice dice(core::chunk_rng(7, l.bits + (r == &kC ? 1u << 16 : 0u)));
    const int n = 30000;
    double sum = 0, sq = 0, busts = 0;
    for (int t = 0; t < n; ++t) {
      const TurnState end = play_solo_turn(*r, l, *policy, dice);
      sum += end.eyes;
      sq += double(end.eyes) * end.eyes;
      busts += end.eliminated;
    }
    const double mean = sum / n, se = std::sqrt((sq / n - mean * mean) / n);
    const double bust_se = std::sqrt(sol.bust_probability * (1 - sol.bust_probability) / n);
    EXPECT_NEAR(mean, sol.ev, 4 * se) << r->preset << " " << loadout_name(l);
    EXPECT_NEAR(busts / n, sol.bust_probability, 4 * bust_se + 1e-12) << r->preset << " " << loadout_name(l);
  }
}

// The kernel playing the solver's policy table: for every single joker of both presets and
// several triples, the sampled mean and bust rate are within 4 standard errors of the
// solver's exact values (the table compiled to a chain, then sampled, never solved again).
TEST(Solver, KernelUnderSolvedPolicyMatchesExactValue) {
  std::vector<std::pair<const Rules*, JokerSet>> cases;
  for (const Rules* r : {&kT, &kC})
    for (int k = 0; k < JOKER_NB; ++k)
      if (r->jokers.has(static_cast<Joker>(k))) cases.push_back({r, JokerSet{}.with(static_cast<Joker>(k))});
  cases.push_back({&kT, jokers({HIRTENSCHUTZ, TENTAKEL, RUNKELRUEB})});
  cases.push_back({&kT, jokers({ANACONDA, RATTENLORD, MONOKEL})});
  cases.push_back({&kT, jokers({VENTIL, FROSTSCHUTZ, CHERRY})});
  cases.push_back({&kC, jokers({FUMO, MONOKEL, HIRTENSCHUTZ})});
  cases.push_back({&kC, jokers({SENIGMA, ALL_IN, VENTIL})});
  for (const auto& [r, l] : cases) {
    SolverOptions options;
    options.thresholds = false;
    const SoloSolution sol = solve_solo(*r, l, options);
    const auto policy = table_policy(*r, sol);
    const core::Tally t = sample_chain(compile_chain(*r, l, *policy), 400000, 11 + l.bits, 2);
    const double bust_se = std::sqrt(sol.bust_probability * (1 - sol.bust_probability) / 400000.0);
    EXPECT_NEAR(t.mean(), sol.ev, 4 * t.stderr_mean()) << r->preset << " " << loadout_name(l);
    EXPECT_NEAR(t.bust_rate(), sol.bust_probability, 4 * bust_se + 1e-12) << r->preset << " " << loadout_name(l);
  }
}

TEST(Solver, PolicyFileRoundTrip) {
  const JokerSet l = jokers({MONOKEL, VENTIL});
  const SoloSolution sol = solve_solo(kT, l);
  std::stringstream file;
  write_policy(file, kT, sol);
  const auto back = read_policy(file, kT, "test.policy");
  EXPECT_EQ(back->loadout(), l);
  EXPECT_EQ(back->table().states.size(), sol.table->states.size());
  const auto direct = table_policy(kT, sol);
  const core::MarkovResult a = evaluate_chain(compile_chain(kT, l, *direct));
  const core::MarkovResult b = evaluate_chain(compile_chain(kT, l, *back));
  EXPECT_EQ(a.distribution, b.distribution);
  // A table is only valid for the rules it was solved under.
  std::stringstream again;
  write_policy(again, kT, sol);
  EXPECT_THROW(read_policy(again, kC, "test.policy"), core::InputError);
  std::stringstream broken("verflixt-policy 1\nversion x\n");
  EXPECT_THROW(read_policy(broken, kT, "broken.policy"), core::InputError);
}

TEST(Solver, RejectsRulesWithoutProgress) {
  Rules r = kT;
  r.tentakel_bonus = -5;  // a Tentakel 1 then subtracts 4: eyes could fall for ever
  EXPECT_THROW(solve_solo(r, jokers({TENTAKEL})), core::InputError);
  EXPECT_NO_THROW(solve_solo(r, jokers({PONY}), {.thresholds = false, .keep_table = false}));
}

// Generalized rules (the rules' parameters moved off the presets): the solver's EV equals the exact value of its own
// table played as a chain, and beats every threshold policy.
TEST(Solver, GeneralizedRulesStayConsistent) {
  Rules r = kT;
  r.bust_face = 3;
  r.rob_cap = 2;
  r.jule_bonus = 2;
  r.fumo_factor = 3;
  for (JokerSet l : {jokers({PONY, JULE, VENTIL}), jokers({FUMO, RUNKELRUEB}), jokers({TENTAKEL, ALL_IN, SENIGMA})}) {
    const SoloSolution sol = solve_solo(r, l);
    EXPECT_TRUE(sol.cap_certified) << loadout_name(l);
    const core::MarkovResult m = evaluate_chain(compile_chain(r, l, *table_policy(r, sol)));
    EXPECT_NEAR(m.ev, sol.ev, 1e-9) << loadout_name(l);
    for (int n : {10, 20, 30}) EXPECT_GE(sol.ev + 1e-9, evaluate_chain(compile_chain(r, l, ThresholdPolicy(n))).ev);
  }
}

TEST(Solver, ParallelBatchEqualsSingleSolves) {
  const std::vector<JokerSet> ls = {JokerSet{}, jokers({PONY}), jokers({CHERRY, JULE}), jokers({ALL_IN, VENTIL})};
  const SolverOptions o{.thresholds = false, .keep_table = false};
  const auto batch = solve_loadouts(kT, ls, o);
  ASSERT_EQ(batch.size(), ls.size());
  for (std::size_t i = 0; i < ls.size(); ++i) {
    EXPECT_EQ(batch[i].loadout, ls[i]);
    EXPECT_EQ(batch[i].ev, solve_solo(kT, ls[i], o).ev);  // bit for bit
  }
}

// The solved table, every value and decision, as text: two solves are the same bits when these are equal.
std::string table_bits(const SoloSolution& sol) {
  std::ostringstream out;
  out << std::hexfloat << sol.ev << " " << sol.bust_probability << " " << sol.states << "\n";
  for (const auto& t : sol.thresholds) out << t.held.bits << " " << t.robbing_ones << " " << t.eyes << "\n";
  for (const TurnState& s : sol.table->states) {
    const auto& e = sol.table->entries.at(solo_key(s));
    out << describe(s) << " " << e.value << " " << static_cast<int>(e.action.kind) << " " << static_cast<int>(e.action.joker) << "\n";
  }
  return out.str();
}

// A loadout large enough that its levels and groups split into many chunks, solved alone in a
// batch: on 2 and 3 threads the idle threads share its exploration and evaluation, and every
// state keeps its index (the order a policy file lists them in) and its value, bit for bit.
TEST(Solver, SharingOneLoadoutAmongThreadsChangesNoBit) {
  const JokerSet l = jokers({FUMO, RUNKELRUEB});
  const std::vector<JokerSet> one = {l};
  std::vector<std::string> bits;
  const int before = omp_get_max_threads();
  for (int threads : {1, 2, 3}) {
    omp_set_num_threads(threads);
    const auto sols = solve_loadouts(kT, one, {});
    ASSERT_EQ(sols.size(), 1u);
    ASSERT_GT(sols[0].states, 100'000u);
    bits.push_back(table_bits(sols[0]));
  }
  omp_set_num_threads(before);
  EXPECT_TRUE(bits[0] == bits[1]) << "2 threads differ from 1";
  EXPECT_TRUE(bits[0] == bits[2]) << "3 threads differ from 1";
}

// A batch keeps what went wrong: a loadout over the state budget is a BudgetExceeded (which
// the server answers with the command line to run), not a plain input error.
TEST(Solver, ABatchPastTheStateBudgetSaysSo) {
  const std::vector<JokerSet> ls = {JokerSet{}, jokers({FROSTSCHUTZ, RUNKELRUEB})};
  EXPECT_THROW(solve_loadouts(kT, ls, {.max_states = 1000}), core::BudgetExceeded);
}

// The depth-first order, which rules that break the sorted order fall back to, gives the
// sorted order's values and decisions bit for bit (each state's value is a function of its
// successors' alone).
TEST(Solver, DepthFirstOrderGivesTheSortedOrdersBits) {
  for (const auto& [rules, l] : {std::pair{kT, jokers({VENTIL, ALL_IN, PONY})}, std::pair{kT, jokers({FROSTSCHUTZ, JULE})},
                                 std::pair{kC, jokers({FUMO, RUNKELRUEB})}}) {
    const SoloSolution sorted = solve_solo(rules, l);
    const SoloSolution deep = solve_solo(rules, l, {.sorted_order = false});
    EXPECT_TRUE(table_bits(sorted) == table_bits(deep)) << loadout_name(l);
  }
}

#ifdef VERFLIXT_BINARY
// The `solve` command end to end: JSON output, exit code 2 on bad input, a written policy
// table that `evaluate` plays.
int run_cli(const std::string& args, const std::filesystem::path& out) {
  const std::string cmd = std::string(VERFLIXT_BINARY) + " " + args + " >" + out.string() + " 2>/dev/null";
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(SolveCommand, JsonBadInputAndPolicyFile) {
  const auto dir = std::filesystem::temp_directory_path() / ("verflixt_solve_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto out = dir / "out.json";
  ASSERT_EQ(run_cli("solve --jokers pony --format json", out), 0);
  std::ifstream in(out);
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["command"], "solve");
  EXPECT_EQ(j["rules"], "tournament-2019");
  EXPECT_TRUE(j.contains("version"));
  ASSERT_EQ(j["loadouts"].size(), 1u);
  EXPECT_EQ(j["loadouts"][0]["jokers"], "pony");
  EXPECT_NEAR(j["loadouts"][0]["ev"].get<double>(), solve_solo(kT, jokers({PONY})).ev, 1e-12);
  EXPECT_EQ(j["loadouts"][0]["threshold"], NoJokerOptimum{}.threshold(0));
  EXPECT_TRUE(j["loadouts"][0]["marginal"].contains("pony"));
  EXPECT_EQ(run_cli("solve --jokers pony,pony", out), 2);
  EXPECT_EQ(run_cli("solve", out), 2);
  EXPECT_EQ(run_cli("solve --loadouts some", out), 2);
  EXPECT_EQ(run_cli("solve --loadouts all --write-policy x.policy", out), 2);
  const auto table = dir / "pony.policy";
  ASSERT_EQ(run_cli("solve --jokers pony --write-policy " + table.string(), out), 0);
  EXPECT_EQ(run_cli("evaluate --jokers pony --turns 2000 --policy " + table.string(), out), 0);
  EXPECT_EQ(run_cli("evaluate --jokers pony --turns 2000 --preset classic --policy " + table.string(), out), 2);
  std::filesystem::remove_all(dir);
}
#endif

}  // namespace
}  // namespace verflixt::verflixte6
