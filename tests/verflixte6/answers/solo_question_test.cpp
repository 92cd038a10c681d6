// The questions of evaluate, sweep, strength and solve, and the rules' description, called
// directly: refused questions name the options, accepted ones read what the options say.
#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "input_error.h"
#include "verflixt/games/verflixte6/answers/evaluate.h"
#include "verflixt/games/verflixte6/answers/rules.h"
#include "verflixt/games/verflixte6/answers/solve.h"
#include "verflixt/games/verflixte6/answers/strength.h"
#include "verflixt/games/verflixte6/answers/sweep.h"
#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::verflixte6 {
namespace {

const std::string kSource = VERFLIXT_SOURCE_DIR;

using verflixt::testing::message_of;

TEST(EvaluateQuestion, TheLoadoutIsTheOptionsElseThePolicyFilesElseNone) {
  Rules rules = preset("tournament-2019");
  rules.jokers = JokerSet{}.with(HIRTENSCHUTZ).with(RATTENLORD).with(SPELUNKENBOLD);
  rules.jokers_per_pass = 2;
  EvaluateQuestion q;
  // heuristic.ini names hirtenschutz, rattenlord, spelunkenbold: a pass takes the first two.
  q.policy = kSource + "/strategies/heuristic.ini";
  EvaluateSetup s = prepare_evaluate(rules, q);
  EXPECT_EQ(s.jokers_from, "policy file");
  EXPECT_EQ(s.jokers, JokerSet{}.with(HIRTENSCHUTZ).with(RATTENLORD));
  EXPECT_EQ(s.engine, "kernel");  // auto, for solo turns
  q.jokers = "none";
  s = prepare_evaluate(rules, q);
  EXPECT_EQ(s.jokers_from, "--jokers");
  EXPECT_EQ(s.jokers, JokerSet{});
  q = EvaluateQuestion{};
  s = prepare_evaluate(rules, q);
  EXPECT_EQ(s.jokers_from, "default");
  q.exact = true;
  EXPECT_EQ(prepare_evaluate(rules, q).engine, "exact");
}

TEST(EvaluateQuestion, RefusesWithTheOptionsNames) {
  const Rules rules = preset("tournament-2019");
  EvaluateQuestion q;
  q.players = 1;
  EXPECT_EQ(message_of([&] { prepare_evaluate(rules, q); }), "--players 1 is out of range; valid: 0 (solo) or 2..12");
  q.players = 3;
  q.exact = true;
  EXPECT_EQ(message_of([&] { prepare_evaluate(rules, q); }),
            "--engine exact plays solo turns only; passes (--players) need --engine auto, kernel or reference");
  q.engine = "kernel";
  EXPECT_EQ(message_of([&] { prepare_evaluate(rules, q); }), "--exact contradicts --engine kernel; give one of them");
}

TEST(SweepQuestion, ReadsLoadoutsAndRefusesAnEmptyRange) {
  Rules rules = preset("tournament-2019");
  rules.jokers = JokerSet{}.with(PONY).with(FUMO);
  const JokerSet none, pony = none.with(PONY), fumo = none.with(FUMO);
  EXPECT_EQ(parse_loadouts("singles", rules), (std::vector<JokerSet>{none, pony, fumo}));
  EXPECT_EQ(parse_loadouts("Pairs", rules), (std::vector<JokerSet>{none, pony.with(FUMO)}));
  // A word mistyped is named as one, with the words; a joker's name is a loadout of it.
  EXPECT_EQ(message_of([&] { parse_loadouts("singels", rules); }),
            "unknown --loadouts 'singels'; did you mean singles? valid: all, singles, pairs or LIST;LIST with LIST = "
            "a,b,c or none");
  EXPECT_EQ(parse_loadouts("pony", rules), (std::vector<JokerSet>{pony}));
  // One joker a pass: pairs are no loadouts.
  rules.jokers_per_pass = 1;
  EXPECT_EQ(parse_loadouts("pairs", rules), (std::vector<JokerSet>{none}));
  rules.jokers_per_pass = 3;
  EXPECT_EQ(parse_loadouts("pony;;fumo,pony", rules), (std::vector<JokerSet>{pony, none, pony.with(FUMO)}));
  EXPECT_EQ(parse_loadouts("all", rules).size(), all_loadouts(rules).size());
  SweepQuestion q;
  q.policy = "threshold:20";
  q.loadouts = "pony;fumo";
  EXPECT_EQ(prepare_sweep(rules, q).loadouts, (std::vector<JokerSet>{pony, fumo}));
  q.from = 20;
  q.to = 18;
  EXPECT_EQ(message_of([&] { prepare_sweep(rules, q); }),
            "--from 20 --to 18 is not a range; valid: -100 <= from <= to <= 400");
}

TEST(StrengthQuestion, NeedsAStrongResponse) {
  Rules rules = preset("tournament-2019");
  rules.jokers = JokerSet{};  // a strong policy without jokers reads fast
  StrengthQuestion q;
  q.policy = {"threshold:20", "threshold:25"};
  q.response = "threshold:17";
  EXPECT_EQ(message_of([&] { prepare_strength(rules, q); }),
            "--response 'threshold:17' is not a strong policy; valid: a file with kind = strong");
  q.response = kSource + "/strategies/strong.ini";
  q.param = {"margin=0..4:4"};
  q.series = 3;
  const StrengthSetup s = prepare_strength(rules, q);
  ASSERT_EQ(s.measured.size(), 2u);
  EXPECT_EQ(s.measured[1].spec, "threshold:25");
  EXPECT_EQ(s.measured[1].policy, s.seats[1].policy.get());
  ASSERT_EQ(s.options.ranges.size(), 1u);
  EXPECT_EQ(s.options.ranges[0].name, "margin");
  EXPECT_EQ(s.options.series_length, 3);
  EXPECT_NE(s.response, nullptr);
}

// threshold:20 against the shipped strong response at a table of two, without jokers (fast).
StrengthQuestion two_seat_strength() {
  StrengthQuestion q;
  q.policy = {"threshold:20"};
  q.response = kSource + "/strategies/strong.ini";
  q.players = 2;
  return q;
}
Rules jokerless() {
  Rules rules = preset("tournament-2019");
  rules.jokers = JokerSet{};
  return rules;
}

TEST(StrengthAnswer, AStopBeforeTheFirstRoundStillSaysHowManyEveningsAMeasurementPlays) {
  StrengthQuestion q = two_seat_strength();
  q.evenings = 25;
  q.series = 10;
  const std::atomic<bool> stop{true};
  core::RunControl control;
  control.stop = &stop;
  const StrengthAnswer a = strength_answer(prepare_strength(jokerless(), q), control);
  EXPECT_TRUE(a.done.interrupted);
  EXPECT_EQ(a.done.completed, 0u);
  // 25 evenings in series of 10: three whole series, 30 evenings — not the 0 played.
  const std::string text = describe(a).render("json");
  EXPECT_NE(text.find("\"evenings_per_measurement\": 30,"), std::string::npos) << text;
}

// Every P(win) a round measures is sampled: the text gives each with its standard error, as
// the JSON does, not the gain's alone.
TEST(StrengthAnswer, EveryMeasuredPWinCarriesItsStandardError) {
  StrengthQuestion q = two_seat_strength();
  q.evenings = 20;
  q.rounds = 1;
  q.param = {"margin=0..4:4"};
  const StrengthAnswer a = strength_answer(prepare_strength(jokerless(), q), {});
  ASSERT_FALSE(a.results.empty());
  ASSERT_FALSE(a.results[0].rounds.empty());
  const auto& round = a.results[0].rounds[0];
  const std::string text = describe(a).render("table");
  const auto at = text.find("  round 1  ");
  ASSERT_NE(at, std::string::npos) << text;
  const std::string line = text.substr(at, text.find('\n', at) - at);
  for (const auto& e : {round.copy_value, round.response_value})
    EXPECT_NE(line.find(core::report::number("%.4f", e.mean) + " ± " + core::report::number("%.4f", e.se)), std::string::npos)
        << line;
}

TEST(SolveQuestion, RefusesWithTheOptionsNames) {
  const Rules rules = preset("tournament-2019");
  SolveQuestion q;
  EXPECT_EQ(message_of([&] { solve_answer(rules, q, {}); }), "give exactly one of --jokers LIST and --loadouts");
  q.loadouts = "al";
  EXPECT_EQ(message_of([&] { solve_answer(rules, q, {}); }),
            "unknown --loadouts 'al'; did you mean all? valid: all, singles, pairs or LIST;LIST with LIST = a,b,c or none");
  q.loadouts = "all";
  q.curve = true;
  EXPECT_EQ(message_of([&] { solve_answer(rules, q, {}); }), "--curve needs a single loadout (--jokers)");
}

// The optimal EV without jokers, as the shipped table strategies/optimal-none.policy records
// it; -1 where it records none.
double shipped_none_ev() {
  std::ifstream file(kSource + "/strategies/optimal-none.policy");
  std::string line;
  double shipped = -1;
  while (std::getline(file, line))
    if (line.rfind("ev ", 0) == 0) std::istringstream(line.substr(3)) >> shipped;
  return shipped;
}

TEST(SolveQuestion, SolvesTheShippedOptimalNoJokerValue) {
  const double shipped = shipped_none_ev();
  ASSERT_GT(shipped, 0);
  SolveQuestion q;
  q.jokers = "none";
  const SolveAnswer a = solve_answer(preset("tournament-2019"), q, {});
  ASSERT_EQ(a.rows.size(), 1u);
  EXPECT_NEAR(a.rows.front().sol.ev, shipped, 1e-9);
}

// --loadouts singles: none and each joker alone, the none row the shipped optimum and each
// joker's marginal value its EV above that row's.
TEST(SolveQuestion, SinglesRankEachJokerAloneAgainstNone) {
  const double shipped = shipped_none_ev();
  ASSERT_GT(shipped, 0);
  Rules rules = preset("tournament-2019");
  rules.jokers = JokerSet{}.with(PONY).with(CHERRY);
  SolveQuestion q;
  q.loadouts = "singles";
  const SolveAnswer a = solve_answer(rules, q, {});
  ASSERT_EQ(a.rows.size(), 3u);
  std::map<std::string, const SolveAnswer::Row*> by_name;
  for (const auto& r : a.rows) by_name[loadout_name(r.sol.loadout)] = &r;
  ASSERT_EQ(by_name.count("none") + by_name.count("pony") + by_name.count("cherry"), 3u);
  EXPECT_NEAR(by_name["none"]->sol.ev, shipped, 1e-9);
  for (const char* joker : {"pony", "cherry"}) {
    const auto& r = *by_name[joker];
    ASSERT_EQ(r.marginal.size(), 1u) << joker;
    EXPECT_NEAR(r.marginal.front().second, r.sol.ev - shipped, 1e-9) << joker;
    EXPECT_GE(r.sol.ev, shipped - 1e-12) << joker;  // a joker never lowers the optimum: it may go unused
  }
}

// The answer says it is exact where every risk cap is certified, and a lower bound where one
// is not (All In doubling on faces 1..4 is beyond the certificate, solver.h).
TEST(SolveQuestion, SaysExactOnlyWhereEveryCapIsCertified) {
  SolveQuestion q;
  q.jokers = "all-in";
  Rules rules = preset("tournament-2019");
  const auto described = [&] { return nlohmann::json::parse(describe(solve_answer(rules, q, {})).render_json()); };
  const nlohmann::json certified = described();
  EXPECT_EQ(certified.at("exact"), true);
  EXPECT_EQ(certified.at("loadouts").at(0).at("cap_certified"), true);
  rules.allin_max_face = 4;
  const nlohmann::json bound = described();
  EXPECT_EQ(bound.at("exact"), false);
  EXPECT_EQ(bound.at("loadouts").at(0).at("cap_certified"), false);
  EXPECT_NE(describe(solve_answer(rules, q, {})).render_text().find("a lower bound where"), std::string::npos);
}

TEST(RulesReport, DescribesTheRulesetsJokersWithItsNumbers) {
  Rules rules = preset("tournament-2019");
  rules.hirten_factor = 3;
  EXPECT_EQ(joker_description(HIRTENSCHUTZ, rules), "J4, one throw counted 3×; a 6 does not eliminate, a 1 steals nothing");
  rules.jokers = JokerSet{}.with(PONY);
  const std::string json = rules_report(rules).render_json();
  EXPECT_NE(json.find("\"id\": \"pony\""), std::string::npos);
  EXPECT_EQ(json.find("\"id\": \"hirtenschutz\""), std::string::npos);
}

}  // namespace
}  // namespace verflixt::verflixte6
