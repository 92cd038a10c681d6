// `verflixt balance` through the binary: a joker the policy never announces changes nothing
// (same seed → the same evenings, lift exactly 0), a real joker lifts, a changed ruleset is
// shown against its preset, and bad input exits 2. Further down: the game layer (balance.h) —
// pairing, the bracketing search and auto-balance against an exact recursion — and --auto.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "binary.h"

namespace {

using verflixt::testing::Result;
using verflixt::testing::run;
using verflixt::testing::scratch;
using verflixt::testing::slurp;

TEST(BalanceCli, LiftsAndRulesetComparison) {
  const std::string policy = std::string(VERFLIXT_SOURCE_DIR) + "/strategies/heuristic.ini";
  const Result r = run("balance --evenings 4000 --threads 2 --jokers all-in,runkelrueb --policy " + policy +
                       " --field " + policy + " --set evening.losers_at_least=1 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["jokers"].size(), 2u);
  // heuristic.ini never announces All In (its window is 1000..1000): the same evenings.
  EXPECT_EQ(j["jokers"][0]["joker"], "all-in");
  EXPECT_EQ(j["jokers"][0]["win_lift"].get<double>(), 0.0);
  // Runkelrüb cancels eliminations: a clear lift.
  EXPECT_GT(j["jokers"][1]["win_lift"].get<double>(), 3 * j["jokers"][1]["win_lift_stderr"].get<double>());
  // One loser at least instead of three: fewer losers under the changed rules.
  const auto& g = j["ruleset_comparison"]["groups"][1];
  EXPECT_LT(g["rules_p_loser"].get<double>(), g["preset_p_loser"].get<double>());
  EXPECT_EQ(j["seed"], 1);
  EXPECT_TRUE(j.contains("version"));
}

TEST(BalanceCli, BadInputExitsTwo) {
  for (const char* args : {"balance --jokers ponny", "balance --players 1", "balance --base pony,pony"}) {
    const Result r = run(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << r.err;
  }
}

}  // namespace

namespace {

nlohmann::json balance_json(const std::string& args) {
  const Result r = run("balance --threads 2 --format json " + args);
  EXPECT_EQ(r.code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

double lift(const nlohmann::json& row, const char* key) { return row[key].get<double>(); }

// The solver family's entry of a row (by_family lists every family, the --policy file first).
const nlohmann::json& family(const nlohmann::json& row, const std::string& name) {
  for (const auto& f : row["by_family"])
    if (f["family"] == name) return f;
  ADD_FAILURE() << "no " << name << " family in " << row.dump();
  return row;
}
const nlohmann::json& solver(const nlohmann::json& row) { return family(row, "solver"); }

// A ruleset variant is compared with the changed joker held by the tested seat.
// At 8 players nobody held Runkelrüb before and the two rows were identical; now the tested
// seat holds it, and the changed Runkelrüb must show in his eyes (rules − preset below -3 SE:
// with face 5 it saves less often, J15).
TEST(BalanceCli, RulesetVariantIsComparedWithTheChangedJokerHeld) {
  const auto j = balance_json("--players 8 --evenings 4000 --jokers pony --no-solver-family --set runkelrueb.face=5");
  const auto& c = j["ruleset_comparison"];
  ASSERT_EQ(c["changed_jokers"].size(), 1u);
  EXPECT_EQ(c["changed_jokers"][0], "runkelrueb");
  EXPECT_EQ(c["tested_jokers"], "runkelrueb");
  EXPECT_TRUE(c["warnings"].empty());
  const auto& d = c["rules_minus_preset"][0];
  EXPECT_LT(lift(d, "eyes"), -3 * lift(d, "eyes_stderr"));
  // The difference is the two rows' difference.
  const auto& g = c["groups"][0];
  EXPECT_DOUBLE_EQ(lift(d, "p_win"), lift(g, "rules_p_win") - lift(g, "preset_p_win"));
}

TEST(BalanceCli, AChangedJokerNobodyHoldsIsAWarning) {
  const auto j = balance_json("--evenings 200 --jokers pony --no-solver-family --set jokers.available=pony,monokel "
                              "--set runkelrueb.face=5");
  const auto& w = j["ruleset_comparison"]["warnings"];
  ASSERT_FALSE(w.empty());
  EXPECT_NE(w[0].get<std::string>().find("runkelrueb"), std::string::npos);
  EXPECT_EQ(j["ruleset_comparison"]["tested_jokers"], "none");
}

// Two policy families side by side. heuristic.ini stops at 20 and never uses Runkelrüb's
// strength; the solver's policy for the loadout does, so its lift is larger (measured:
// +0.056 against +0.128 at 40000 evenings). All In is worth nothing solo (its expected factor is
// at most 1) and heuristic.ini never announces it: both lifts are 0, so Runkelrüb is the
// strongest and All In the weakest under both families.
TEST(BalanceCli, LiftsUnderTwoFamiliesAndAVerdictOnlyWhereTheyAgree) {
  const auto j = balance_json("--evenings 4000 --jokers all-in,runkelrueb");
  ASSERT_EQ(j["jokers"].size(), 2u);
  const auto& allin = j["jokers"][0];
  const auto& runkel = j["jokers"][1];
  EXPECT_EQ(lift(allin, "win_lift"), 0.0);
  EXPECT_EQ(lift(solver(allin), "win_lift"), 0.0);
  EXPECT_EQ(lift(solver(allin), "win_lift_stderr"), 0.0);  // paired: the very same evenings
  EXPECT_GT(lift(solver(runkel), "win_lift") - lift(runkel, "win_lift"),
            3 * std::hypot(lift(solver(runkel), "win_lift_stderr"), lift(runkel, "win_lift_stderr")));
  EXPECT_EQ(j["verdict"]["strongest"], "runkelrueb");
  EXPECT_EQ(j["verdict"]["weakest"], "all-in");
  // The third family, the strong table policy (strategies/strong.ini), uses Runkelrüb too:
  // its lift is far above heuristic.ini's, and All In's is 0 (the solver never announces it).
  const auto& strong_runkel = family(runkel, "strong");
  EXPECT_GT(lift(strong_runkel, "win_lift") - lift(runkel, "win_lift"),
            3 * std::hypot(lift(strong_runkel, "win_lift_stderr"), lift(runkel, "win_lift_stderr")));
  EXPECT_EQ(lift(family(allin, "strong"), "win_lift"), 0.0);
  // The pass kernel cannot play the strong family: asking for it is one line, exit 2, naming
  // the ways out.
  const Result kernel = run("balance --evenings 100 --jokers pony --engine kernel");
  EXPECT_EQ(kernel.code, 2);
  EXPECT_NE(kernel.err.find("--strong none"), std::string::npos) << kernel.err;
  EXPECT_EQ(std::count(kernel.err.begin(), kernel.err.end(), '\n'), 1);
  EXPECT_EQ(run("balance --evenings 100 --jokers pony --engine kernel --strong none").code, 0);
  // The headline is the strongest family's: the one whose base P(win) is the highest.
  const auto& by = j["verdict"]["by_family"];
  size_t best = 0;
  for (size_t f = 1; f < by.size(); ++f)
    if (by[f]["base_p_win"].get<double>() > by[best]["base_p_win"].get<double>()) best = f;
  EXPECT_EQ(j["verdict"]["family"], by[best]["family"]);
  EXPECT_EQ(j["verdict"]["strongest"], by[best]["strongest"]);
  // All In is never played by any family: reported as unused, its lift exactly 0.
  for (const auto& f : by) EXPECT_EQ(f["unused"], nlohmann::json({"all-in"}));
  EXPECT_EQ(j["verdict"]["every_family_agrees"]["strongest"], "runkelrueb");
  // With one family left the verdict is that family's; no agreement of families to report.
  const auto one = balance_json("--evenings 1000 --jokers all-in,runkelrueb --no-solver-family --strong none");
  EXPECT_EQ(one["verdict"]["family"], "heuristic");
  EXPECT_TRUE(one["verdict"]["every_family_agrees"]["strongest"].is_null());
  EXPECT_EQ(one["jokers"][1]["by_family"].size(), 1u);
}

// Monokel and Runkelrüb lift heuristic.ini alike (within errors): no family verdict.
TEST(BalanceCli, NoVerdictWhereAFamilyCannotSeparate) {
  const auto j = balance_json("--evenings 4000 --jokers monokel,runkelrueb");
  EXPECT_LT(std::abs(lift(j["jokers"][0], "p_win") - lift(j["jokers"][1], "p_win")),
            2 * std::hypot(lift(j["jokers"][0], "p_win_stderr"), lift(j["jokers"][1], "p_win_stderr")));
  const auto& heuristic = j["verdict"]["by_family"][0];
  ASSERT_EQ(heuristic["family"], "heuristic");
  EXPECT_TRUE(heuristic["strongest"].is_null());
  EXPECT_TRUE(heuristic["weakest"].is_null());
  EXPECT_TRUE(j["verdict"]["every_family_agrees"]["strongest"].is_null());
  // What would decide it: more evenings than were played (the difference is within 2 SE),
  // as many as (2 SE / difference)² times the 4000 played.
  const double d = lift(j["jokers"][1], "p_win") - lift(j["jokers"][0], "p_win");
  const auto& pair = heuristic["strongest_pair"];
  ASSERT_TRUE(pair == "monokel and runkelrueb" || pair == "runkelrueb and monokel") << pair;
  EXPECT_GT(heuristic["evenings_to_separate_strongest"].get<double>(), 4000.0);
  EXPECT_GT(std::abs(d), 0.0);
}

// A joker never played (lift exactly 0 in every series) is left out of --auto's spread, and a
// value that makes the swept joker never played is never balanced: Runkelrüb with face 7
// never saves (a die shows 6 at most), and heuristic.ini never announces All In.
TEST(BalanceCli, AutoNeverCallsAnUnusedValueBalanced) {
  const auto j = balance_json("--players 3 --evenings 300 --auto runkelrueb.face=5..7 --jokers all-in,pony,monokel "
                              "--no-solver-family --strong none");
  ASSERT_EQ(j["searches"].size(), 2u);  // heuristic, exact
  for (const auto& s : j["searches"]) {
    bool seven = false;
    for (const auto& p : s["points"])
      if (p["value"] == 7) {
        seven = true;
        EXPECT_TRUE(p["unused"].get<bool>());
        EXPECT_EQ(p["lift"].get<double>(), 0.0);
      }
    EXPECT_TRUE(seven) << "the search evaluates both ends";
    for (const char* set : {"balanced", "confidence"})
      for (const auto& v : s[set]) EXPECT_NE(v, 7) << s["family"] << " " << set;
    EXPECT_EQ(s["unused_others"], nlohmann::json({"all-in"})) << s["family"];
    EXPECT_NE(s["low"]["joker"], "all-in");
  }
}

}  // namespace

namespace {

// --vary sweeps one joker parameter: each value's row is the plain run under --set of that
// value (same seed, the same evenings), and the exact solo lift of Runkelrüb falls as its
// saving face rises (fewer croupier throws save, J15).
TEST(BalanceCli, VarySweepsOneJokerParameter) {
  const auto j = balance_json("--evenings 1500 --vary runkelrueb.face=4..6");
  ASSERT_EQ(j["values"].size(), 3u);
  EXPECT_EQ(j["joker"], "runkelrueb");
  for (size_t k = 1; k < 3; ++k)
    EXPECT_LT(j["values"][k]["solo_ev_lift_exact"].get<double>(), j["values"][k - 1]["solo_ev_lift_exact"].get<double>());
  const auto plain = balance_json("--evenings 1500 --jokers runkelrueb --set runkelrueb.face=5");
  const auto& row = j["values"][1];
  EXPECT_EQ(row["value"], 5);
  EXPECT_DOUBLE_EQ(row["win_lift"].get<double>(), plain["jokers"][0]["win_lift"].get<double>());
  EXPECT_DOUBLE_EQ(solver(row)["win_lift"].get<double>(), solver(plain["jokers"][0])["win_lift"].get<double>());
  // Paired per series: the error of a lift is below that of independent runs.
  EXPECT_LE(row["win_lift_stderr"].get<double>(), row["win_lift_stderr_independent"].get<double>());
  EXPECT_DOUBLE_EQ(row["solo_ev_lift_exact"].get<double>(), plain["jokers"][0]["solo_ev_lift_exact"].get<double>());
  // One decided line, read off the table: the rules' face (3) is not in 4..6, and the value whose
  // strong lift is nearest zero is the one named.
  const std::string verdict = j["verdict"];
  EXPECT_NE(verdict.find("these rules' runkelrueb.face is outside 4..6"), std::string::npos) << verdict;
  int nearest = 0;
  double best = 1e9;
  for (const auto& v : j["values"]) {
    const double away = std::abs(family(v, "strong")["win_lift"].get<double>());
    if (away < best) best = away, nearest = v["value"].get<int>();
  }
  EXPECT_NE(verdict.find("the smallest lift in 4..6 is at runkelrueb.face=" + std::to_string(nearest) + " ("), std::string::npos)
      << verdict;
  EXPECT_NE(verdict.find("under strong"), std::string::npos) << verdict;
  // With the rules' value in the range, the line starts with its lift as the table has it.
  const auto with = balance_json("--evenings 300 --vary runkelrueb.face=2..4");
  const std::string said = with["verdict"];
  EXPECT_EQ(said.rfind("runkelrueb.face=3, these rules' value, ", 0), 0u) << said;
  for (const auto& v : with["values"])
    if (v["value"] == 3) {
      const auto& strong = family(v, "strong");
      const bool measured = std::abs(strong["win_lift"].get<double>()) > 2 * strong["win_lift_stderr"].get<double>();
      EXPECT_EQ(said.find("no measurable amount") == std::string::npos, measured) << said;
    }
  for (const char* bad : {"balance --vary runkelrueb.face", "balance --vary turn.rob_cap=1..3",
                          "balance --vary runkelrueb.face=1..99", "balance --vary runkelrueb.face=0..2"}) {
    const Result r = run(bad);
    EXPECT_EQ(r.code, 2) << bad;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << bad << r.err;
  }
}

}  // namespace

// ---- The game layer (balance.h): pairing, the bracketing search, auto-balance ----

#include <algorithm>
#include <map>

#include "verflixt/core/budget.h"
#include "verflixt/games/verflixte6/analyses/balance.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace {

using namespace verflixt::verflixte6;

// Pairing: joker and base play series s from the same dice, so the paired SE of the lift is
// at most the independent one, and the lift is exactly the difference of the two rows.
// Four seats under the 2019 tournament rules, the field and the tested family threshold:20.
struct ThresholdTable {
  Rules rules = preset("tournament-2019");
  std::shared_ptr<const Policy> field = make_policy("threshold:20", rules);
  BalanceTable table = [this] {
    BalanceTable t;
    t.players = 4;
    t.field_policy = field.get();
    t.series_length = default_series_length(rules);
    return t;
  }();
  PolicyFamily family = fixed_policy_family(make_policy("threshold:20", rules));
};

TEST(BalanceModel, PairedLiftIsTheDifferenceOfMeansWithASmallerError) {
  const ThresholdTable setup;
  const Rules& rules = setup.rules;
  const BalanceTable& table = setup.table;
  const PolicyFamily& family = setup.family;
  const TableRun base = play_balance_table(rules, table, family.play(rules, {}), 3000, 11, 2);
  const TableRun with = play_balance_table(rules, table, family.play(rules, {RUNKELRUEB}), 3000, 11, 2);
  for (Measure m : {Measure::win, Measure::loser, Measure::eyes}) {
    const Difference d = difference(with, base, Group::tested, m);
    EXPECT_EQ(d.paired.mean, with.estimate(Group::tested, m).mean - base.estimate(Group::tested, m).mean);
    EXPECT_LE(d.paired.se, d.independent_se);
    EXPECT_GT(d.paired.se, 0.0);
  }
  // Runkelrüb under threshold:20 cancels eliminations: more eyes, far beyond the paired error.
  const Difference eyes = difference(with, base, Group::tested, Measure::eyes);
  EXPECT_GT(eyes.paired.mean, 4 * eyes.paired.se);
  EXPECT_LT(eyes.paired.se, 0.95 * eyes.independent_se);  // the pairing is worth it
  // A run against itself: difference 0 with paired SE 0 (the same dice, series by series).
  const Difference none = difference(base, base, Group::tested, Measure::win);
  EXPECT_EQ(none.paired.mean, 0.0);
  EXPECT_EQ(none.paired.se, 0.0);
  // Every evening's win shares sum to 1 (O1): tested + field seats' P(win) = 1.
  EXPECT_NEAR(base.estimate(Group::tested, Measure::win).mean + 3 * base.estimate(Group::field, Measure::win).mean, 1.0,
              1e-12);
}

// A family's player may solve before it plays, and a stop during that solve throws
// core::Interrupted: after a finished run the table keeps it, marked interrupted, as after a
// stop between chunks; with nothing finished the stop goes on to the command.
TEST(BalanceModel, AStopDuringAPlayersSolveKeepsTheRunsBefore) {
  const ThresholdTable setup;
  const Rules& rules = setup.rules;
  const BalanceTable& table = setup.table;
  const PolicyFamily& fixed = setup.family;
  int calls = 0;
  const PolicyFamily solving{"solving", [&](const Rules& r, const std::vector<Joker>& loadout) {
                               if (++calls == 2) throw verflixt::core::Interrupted("computing");  // the second player's solve
                               return fixed.play(r, loadout);
                             }};
  const BalanceRun run{.evenings = 200, .seed = 5, .threads = 1};
  const JokerTable t = measure_jokers(rules, table, {solving}, {}, {RUNKELRUEB, PONY}, run);
  EXPECT_TRUE(t.interrupted);
  EXPECT_EQ(t.runs_done, 1u);
  ASSERT_TRUE(t.families[0].base.has_value());
  EXPECT_EQ(t.families[0].base->evenings, 200u);
  EXPECT_FALSE(t.families[0].base->interrupted);
  EXPECT_FALSE(t.families[0].with[0].has_value());  // the run under way is dropped
  EXPECT_FALSE(t.families[0].with[1].has_value());  // and none starts after it
  calls = 1;  // the first player's solve is stopped: nothing is finished
  EXPECT_THROW(measure_jokers(rules, table, {solving}, {}, {RUNKELRUEB}, run), verflixt::core::Interrupted);
  // A point of --vary or --auto: cut short, for its callers to drop, whatever came before it.
  const ParamSweep sweep = parse_param_sweep("pony.throws=1..2", rules, "--vary");
  calls = 1;
  bool interrupted = false;
  measure_sweep_point(sweep, 1, table, {solving}, {}, {}, run, {}, interrupted);
  EXPECT_TRUE(interrupted);
}

// The search itself on lifts known in advance: 10 − v against the spread [3.5, 6.2] is
// balanced at 4, 5, 6; with SE 0.5 the confidence set adds the values within 2 SE (2.5..7.2:
// 3..7). Bisection evaluates fewer values than the range holds.
TEST(BalanceModel, BracketFindsTheBalancedValuesAndTheirConfidenceSet) {
  int calls = 0;
  auto line = [&](double se) {
    return [&calls, se](int v) -> std::optional<AutoPoint> {
      ++calls;
      const double lift = 10.0 - v;
      return AutoPoint{v, {lift, se}, {lift - 6.2, se}, {lift - 3.5, se}};
    };
  };
  const AutoResult exact = bracket_balance(-20, 20, line(0.0));
  EXPECT_EQ(exact.balanced, (std::vector<int>{4, 5, 6}));
  EXPECT_EQ(exact.confidence, exact.balanced);
  EXPECT_TRUE(exact.monotone);
  EXPECT_LT(calls, 20);
  const AutoResult noisy = bracket_balance(-20, 20, line(0.5));
  EXPECT_EQ(noisy.balanced, (std::vector<int>{4, 5, 6}));
  EXPECT_EQ(noisy.confidence, (std::vector<int>{3, 4, 5, 6, 7}));
  // Increasing lifts work the same way round.
  const AutoResult up = bracket_balance(-20, 20, [](int v) -> std::optional<AutoPoint> {
    const double lift = v;
    return AutoPoint{v, {lift, 0}, {lift - 6.2, 0}, {lift - 3.5, 0}};
  });
  EXPECT_EQ(up.balanced, (std::vector<int>{4, 5, 6}));
  // A spread the range never reaches: nothing balanced, said so.
  const AutoResult none = bracket_balance(8, 12, line(0.0));
  EXPECT_TRUE(none.balanced.empty());
  EXPECT_FALSE(none.note.empty());
  // Not monotone (a peak at 0): detected, every value evaluated, the sets read off directly.
  const AutoResult peak = bracket_balance(-6, 6, [](int v) -> std::optional<AutoPoint> {
    const double lift = 10.0 - std::abs(v);
    return AutoPoint{v, {lift, 0}, {lift - 6.2, 0}, {lift - 3.5, 0}};
  });
  EXPECT_FALSE(peak.monotone);
  EXPECT_EQ(peak.balanced, (std::vector<int>{-6, -5, -4, 4, 5, 6}));
  EXPECT_EQ(peak.points.size(), 13u);
}

// Auto-balance, exact solo version, on a simplified ruleset whose solo values a small
// recursion gives independently: no free throw (T1 off), no robbing 1s (T4 off), the jokers
// Runkelrüb (one croupier throw, face f: saves with p = (7 − f)/6), Hirtenschutz and All In.
// Without a joker V0(e) = max(e, (1/6) Σ_{k=1..5} V0(e + k)) (a 6 ends at 0); Runkelrüb
// cancels a 6 with p and the turn goes on without it (J15): VR(e) = max(e, (1/6)[Σ VR(e + k)
// + p V0(e)]); Hirtenschutz is one safe doubled throw, 1..5 add 2k, 6 adds 12 (J4); All In
// doubles on 1..3 and ends at 0 on 4..6 (J6). The lift is V(0) − V0(0).
double v0(int e) {
  static std::map<int, double> memo;
  if (e > 400) return e;
  if (auto it = memo.find(e); it != memo.end()) return it->second;
  double roll = 0;
  for (int k = 1; k <= 5; ++k) roll += v0(e + k) / 6;
  return memo[e] = std::max<double>(e, roll);
}
double runkel(int e, double p, std::map<int, double>& memo) {
  if (e > 400) return e;  // rolling pays only while 15 + p e > e: e < 15 / (1 − p) <= 90 here
  if (auto it = memo.find(e); it != memo.end()) return it->second;
  double roll = p * v0(e) / 6;
  for (int k = 1; k <= 5; ++k) roll += runkel(e + k, p, memo) / 6;
  return memo[e] = std::max<double>(e, roll);
}
double one_shot(int e, bool hirten, std::map<int, double>& memo) {
  if (e > 400) return e;
  if (auto it = memo.find(e); it != memo.end()) return it->second;
  double roll = 0, joker = 0;
  for (int k = 1; k <= 5; ++k) roll += one_shot(e + k, hirten, memo) / 6;
  for (int k = 1; k <= 6; ++k) joker += hirten ? v0(e + 2 * k) / 6 : (k <= 3 ? v0(2 * e) / 6 : 0.0);
  return memo[e] = std::max({static_cast<double>(e), roll, joker});
}

TEST(BalanceModel, AutoBalanceBracketsTheExactlyBalancedValue) {
  Rules rules = preset("tournament-2019");
  for (const char* s : {"turn.free_throw=false", "turn.ones_rob=false", "runkelrueb.throws=1",
                        "jokers.available=runkelrueb,hirtenschutz,all-in"})
    set_rule(rules, s);
  std::map<int, double> mh, ma;
  const double hirten = one_shot(0, true, mh) - v0(0), allin = one_shot(0, false, ma) - v0(0);
  // All In is worth exactly nothing solo here (the solver never plays it): it is left out of
  // the spread, which is then Hirtenschutz's lift alone.
  ASSERT_EQ(allin, 0.0);
  const double hi = hirten, lo = hirten;
  std::vector<int> expected;
  std::map<int, double> lift;
  for (int f = 2; f <= 7; ++f) {
    std::map<int, double> memo;
    lift[f] = runkel(0, (7.0 - f) / 6, memo) - v0(0);
    if (lift[f] >= lo && lift[f] <= hi && lift[f] != 0.0) expected.push_back(f);
  }
  ASSERT_GT(lift[2], hi);                   // the lift falls from above the spread at face 2 ...
  ASSERT_EQ(lift[7], 0.0);                  // ... to nothing at face 7: never balanced
  BalanceTable table;  // no family: only the exact search runs, no table is played
  const ParamSweep sweep = parse_param_sweep("runkelrueb.face=2..7", rules, "--auto");
  const AutoBalance ab = auto_balance(rules, sweep, table, {}, {}, {HIRTENSCHUTZ, ALL_IN}, BalanceRun{});
  ASSERT_EQ(ab.results.size(), 1u);
  const AutoResult& r = ab.results[0];
  EXPECT_TRUE(r.exact);
  EXPECT_NEAR(r.high.mean, hi, 1e-9);
  EXPECT_NEAR(r.low.mean, lo, 1e-9);
  EXPECT_EQ(r.unused, std::vector<std::string>{"all-in"});
  EXPECT_EQ(r.balanced, expected);
  EXPECT_EQ(std::count(r.balanced.begin(), r.balanced.end(), 7), 0);
  for (const AutoPoint& p : r.points) {
    EXPECT_NEAR(p.lift.mean, lift[p.value], 1e-9) << p.value;
    EXPECT_EQ(p.unused, p.value == 7) << p.value;
  }
  EXPECT_TRUE(r.monotone);
}

}  // namespace

namespace {

// --auto through the binary: the exact search agrees with --vary's exact solo lifts (the
// balanced values are those whose solo lift lies between the others'), every family reports a
// search, and bad input is one line, exit 2.
TEST(BalanceCli, AutoBalancesOneJokerParameter) {
  const auto j = balance_json("--evenings 600 --jokers hirtenschutz,pony --auto runkelrueb.face=3..7");
  ASSERT_EQ(j["searches"].size(), 4u);  // heuristic.ini, solver, strong, exact
  const auto& exact = j["searches"][3];
  EXPECT_TRUE(exact["exact"].get<bool>());
  const auto vary = balance_json("--evenings 100 --no-solver-family --strong none --vary runkelrueb.face=3..7");
  const auto plain = balance_json("--evenings 100 --no-solver-family --strong none --jokers hirtenschutz,pony");
  double hi = -1e9, lo = 1e9;
  for (const auto& r : plain["jokers"]) {
    hi = std::max(hi, r["solo_ev_lift_exact"].get<double>());
    lo = std::min(lo, r["solo_ev_lift_exact"].get<double>());
  }
  std::vector<int> expected;
  for (const auto& v : vary["values"]) {
    const double x = v["solo_ev_lift_exact"].get<double>();
    if (x >= lo && x <= hi) expected.push_back(v["value"].get<int>());
  }
  EXPECT_EQ(exact["balanced"].get<std::vector<int>>(), expected);
  for (size_t f = 0; f < 2; ++f) {
    const auto& s = j["searches"][f];
    EXPECT_TRUE(s["complete"].get<bool>());
    EXPECT_FALSE(s["points"].empty());
    // The confidence set holds every balanced value.
    const auto conf = s["confidence"].get<std::vector<int>>();
    for (int v : s["balanced"].get<std::vector<int>>()) EXPECT_NE(std::find(conf.begin(), conf.end(), v), conf.end());
  }
  for (const char* bad : {"balance --auto runkelrueb.face", "balance --auto runkelrueb.face=0..3",
                          "balance --auto turn.rob_cap=1..3", "balance --auto runkelrueb.face=3..7 --vary runkelrueb.face=3..7",
                          "balance --auto runkelrueb.face=3..7 --jokers runkelrueb"}) {
    const Result r = run(bad);
    EXPECT_EQ(r.code, 2) << bad;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << bad << r.err;
  }
}

}  // namespace
