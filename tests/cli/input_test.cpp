// Input that a person actually types: names in any case, with umlauts and
// the spellings of docs/rules/verflixte6.md; "did you mean" for every unknown name; negative counts and seeds,
// stray arguments and unknown INI keys rejected with file and line; --set trims; --output - is
// stdout; evaluate plays the loadout its policy file names. Every error: exit 2, one line.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <cstdlib>
#include "binary.h"
#include "input_error.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/core/names.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt {
namespace {

using testing::message_of;
using testing::Result;
using testing::run;
using testing::scratch;

// Exit 2, exactly one line on stderr, and every fragment in it.
void expect_rejected(const std::string& args, std::initializer_list<std::string> fragments) {
  const Result r = run(args);
  EXPECT_EQ(r.code, 2) << args << ": " << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  for (const auto& f : fragments) EXPECT_NE(r.err.find(f), std::string::npos) << args << ": " << r.err << " lacks " << f;
}

TEST(Names, NormalizeFoldsCaseUmlautsAndSeparators) {
  EXPECT_EQ(core::normalize_name("Runkelrüb"), "runkelrueb");
  EXPECT_EQ(core::normalize_name("RUNKELRÜB"), "runkelrueb");
  EXPECT_EQ(core::normalize_name("Kälteschutz"), "kaelteschutz");
  EXPECT_EQ(core::normalize_name("KÄLTESCHUTZ"), "kaelteschutz");
  EXPECT_EQ(core::normalize_name("Cherrys Höschen"), "cherryshoeschen");
  EXPECT_EQ(core::normalize_name("Straße"), "strasse");
  EXPECT_EQ(core::normalize_name("All In"), "allin");
  EXPECT_EQ(core::normalize_name("all-in"), "allin");
  EXPECT_EQ(core::normalize_name(" all_in "), "allin");
  EXPECT_EQ(core::normalize_name("Elas' Ventil"), "elasventil");
}

TEST(Names, EditDistanceCountsATranspositionOnce) {
  EXPECT_EQ(core::edit_distance("evalute", "evaluate"), 1u);
  EXPECT_EQ(core::edit_distance("evlauate", "evaluate"), 1u);
  EXPECT_EQ(core::edit_distance("", "abc"), 3u);
  EXPECT_EQ(core::edit_distance("kitten", "sitting"), 3u);
}

TEST(Names, ClosestNamesAreTheTyposWithinReach) {
  const std::vector<std::string> names = {"table", "json", "csv", "markdown"};
  EXPECT_EQ(core::closest_names("jsno", names), std::vector<size_t>{1});
  EXPECT_EQ(core::closest_names("JSN", names), std::vector<size_t>{1});
  EXPECT_EQ(core::closest_names("mark", names), std::vector<size_t>{3});  // a prefix
  EXPECT_TRUE(core::closest_names("xml-ish-thing", names).empty());
  EXPECT_EQ(core::did_you_mean("tabel", names), "; did you mean table?");
  EXPECT_EQ(core::did_you_mean("zzzzzzzz", names), "");
  EXPECT_EQ(core::suggest("zzzzzzzz", names), "; valid: table, json, csv, markdown");
  EXPECT_EQ(core::suggest("tabel", names), "; did you mean table? valid: table, json, csv, markdown");
  EXPECT_LE(core::closest_names("a", {"ab", "ac", "ad", "ae"}).size(), 3u);
  EXPECT_EQ(core::match_name("Markdown", names), std::optional<size_t>(3));
  EXPECT_EQ(core::choose_name("CSV", names, "--format"), 2u);
  EXPECT_EQ(message_of([&] { core::choose_name("jsno", names, "--format"); }),
            "unknown --format 'jsno'; did you mean json? valid: table, json, csv, markdown");
}

// A name given in a wrong form ("hold" for "hold:N") is not offered back as a guess; a policy
// mistyped before its ':' is guessed by its name, in every game that reads such specs.
TEST(Names, AGuessIsNeverTheInputItself) {
  EXPECT_EQ(core::did_you_mean("Hold", {"hold", "optimal"}), "");
  EXPECT_EQ(core::suggest("hold", {"hold", "optimal"}, "hold:N, optimal"), "; valid: hold:N, optimal");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"pig evaluate --policy hodl:20", "unknown pig policy 'hodl:20'; did you mean hold? valid: hold:N, optimal"},
      {"pig evaluate --policy hold", "unknown pig policy 'hold'; valid: hold:N, optimal"},
      {"evaluate --policy threshhold:17", "unknown policy 'threshhold:17'; did you mean threshold? valid: threshold:N"},
      {"en-gingg evaluate --policy kep-from:4", "unknown en-gingg policy 'kep-from:4'; did you mean keep-from? valid: "},
      {"schocken evaluate --policy standd",
       "unknown schocken policy 'standd'; did you mean stand? valid: stand, equilibrium, a heuristic FILE.ini or a "
       "keep-table FILE.policy\n"}};
  for (const auto& [args, message] : cases) {
    const Result r = run(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_EQ(r.err.rfind("verflixt: " + message, 0), 0u) << args << ": " << r.err;
  }
}

// A pasted megabyte is no typo: no edit distance is computed for it (that took seconds and
// hundreds of MB), and the message echoes it cut.
TEST(Names, AMegabyteInputGetsNoSuggestionAndAShortMessage) {
  const std::vector<std::string> names = {"table", "json", "csv", "markdown"};
  const std::string huge = "json" + std::string(1 << 20, 'x');
  EXPECT_TRUE(core::closest_names(huge, names).empty());
  EXPECT_TRUE(core::closest_names(std::string(core::kMaxSuggestedInput + 1, 'j'), names).empty());
  EXPECT_EQ(core::suggest(huge, names), "; valid: table, json, csv, markdown");
  const std::string m = message_of([&] { core::choose_name(huge, names, "--format"); });
  EXPECT_LT(m.size(), 400u) << m.substr(0, 400);
  EXPECT_NE(m.find("unknown --format 'jsonxxx"), std::string::npos) << m.substr(0, 400);
  EXPECT_NE(m.find("...'; valid: table, json, csv, markdown"), std::string::npos) << m.substr(0, 400);
  EXPECT_EQ(m.find("did you mean"), std::string::npos);
  // The distance itself, in rows: a long against a short string is still exact.
  EXPECT_EQ(core::edit_distance(std::string(100000, 'a'), "ab"), 99999u);
}

// The same through a rules file: a key of a megabyte is one short line, exit 2.
TEST(Names, AMegabyteRulesKeyIsOneShortLine) {
  const auto path = scratch() / "huge_key.ini";
  {
    std::ofstream out(path);
    out << "[turn]\n" << std::string(1000000, 'k') << " = 1\n";
  }
  const Result r = run("rules --rules " + path.string());
  EXPECT_EQ(r.code, 2) << r.err.substr(0, 400);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
  EXPECT_LT(r.err.size(), 2000u) << r.err.substr(0, 400);  // the key cut, then the valid keys
  EXPECT_NE(r.err.find("unknown key 'turn.kkkk"), std::string::npos) << r.err.substr(0, 400);
  EXPECT_EQ(r.err.find("did you mean"), std::string::npos) << r.err.substr(0, 400);
}

TEST(Names, JokersAcceptTheSpellingsOfTheRules) {
  EXPECT_EQ(verflixte6::parse_joker("Runkelrüb"), verflixte6::RUNKELRUEB);
  EXPECT_EQ(verflixte6::parse_joker("RUNKELRUEB"), verflixte6::RUNKELRUEB);
  EXPECT_EQ(verflixte6::parse_joker("Kälteschutz"), verflixte6::FROSTSCHUTZ);
  EXPECT_EQ(verflixte6::parse_joker("All In"), verflixte6::ALL_IN);
  EXPECT_EQ(verflixte6::parse_joker("all_in"), verflixte6::ALL_IN);
  EXPECT_EQ(verflixte6::parse_joker("Push your Pony"), verflixte6::PONY);
  EXPECT_EQ(verflixte6::parse_joker("Jules Törtchen"), verflixte6::JULE);
  EXPECT_EQ(verflixte6::parse_joker("Elas' Ventil"), verflixte6::VENTIL);
  EXPECT_EQ(verflixte6::parse_joker("Cherrys Höschen"), verflixte6::CHERRY);
  EXPECT_EQ(verflixte6::parse_joker("Oces Anaconda"), verflixte6::ANACONDA);
  const std::string m = message_of([] { verflixte6::parse_joker("runkelrub", "--jokers"); });
  EXPECT_EQ(m.rfind("unknown joker 'runkelrub' in --jokers; did you mean runkelrueb? valid: frostschutz", 0), 0u) << m;
  const verflixte6::Rules rules = verflixte6::preset("tournament-2019");
  EXPECT_EQ(verflixte6::parse_loadout("Runkelrüb, Kälteschutz", rules), verflixte6::JokerSet().with(verflixte6::RUNKELRUEB).with(verflixte6::FROSTSCHUTZ));
  EXPECT_EQ(verflixte6::parse_loadout("None", rules), verflixte6::JokerSet());
}

TEST(Names, PresetsAreCaseInsensitive) {
  EXPECT_EQ(verflixte6::preset("Classic").preset, "classic");
  EXPECT_EQ(verflixte6::preset("TOURNAMENT 2019").preset, "tournament-2019");
  const std::string m = message_of([] { verflixte6::preset("clasic"); });
  EXPECT_EQ(m, "unknown preset 'clasic'; did you mean classic? valid: tournament-2019, classic");
}

TEST(Ini, ErrorsNameFileAndLine) {
  std::istringstream in("# a comment\npreset = classic\n\n[pony]\ntargte = 12\n");
  const std::string m = message_of([&] { verflixte6::read_rules(in, "my.ini"); });
  EXPECT_EQ(m.rfind("my.ini:5: unknown key 'pony.targte'; did you mean pony.target? valid: ", 0), 0u) << m;
  std::istringstream value("[pony]\n\ntarget = many\n");
  EXPECT_EQ(message_of([&] { verflixte6::read_rules(value, "my.ini"); }).rfind("my.ini:3: pony.target = 'many'", 0), 0u);
  std::istringstream broken("[pony]\ntarget\n");
  EXPECT_EQ(message_of([&] { verflixte6::read_rules(broken, "my.ini"); }).rfind("my.ini:2: 'target' is neither", 0), 0u);
  std::istringstream twice("[pony]\ntarget = 12\ntarget = 13 # again\n");
  EXPECT_EQ(message_of([&] { verflixte6::read_rules(twice, "my.ini"); }), "my.ini:3: key 'pony.target' is given twice");
  std::istringstream good("preset = Classic\n[pony]\n  target = 12   # comment\n");
  const verflixte6::Rules r = verflixte6::read_rules(good, "my.ini");
  EXPECT_EQ(r.preset, "classic");
  EXPECT_EQ(r.pony_target, 12);
}

TEST(Rules, SetTrimsKeyAndValue) {
  verflixte6::Rules r = verflixte6::preset("tournament-2019");
  verflixte6::set_rule(r, "pony.target = 12");
  EXPECT_EQ(r.pony_target, 12);
  set_rule(r, " pony.target=13 ");
  EXPECT_EQ(r.pony_target, 13);
  EXPECT_EQ(message_of([&] { set_rule(r, "pony.targte = 12"); }).rfind("--set: unknown key 'pony.targte'; did you mean pony.target?", 0), 0u);
}

TEST(Input, UnknownNamesGetDidYouMean) {
  expect_rejected("evaluate --jokers runkelrub", {"'runkelrub'", "--jokers", "did you mean runkelrueb?", "valid: "});
  expect_rejected("evaluate --preset clasic", {"'clasic'", "did you mean classic?", "valid: tournament-2019, classic"});
  expect_rejected("evalute --turns 10", {"'evalute'", "did you mean evaluate?", "valid: rules, evaluate"});
  expect_rejected("evaluate --format jsno", {"'jsno'", "did you mean json?", "valid: table, json, csv"});
  expect_rejected("evaluate --engine kernl", {"'kernl'", "did you mean kernel?", "valid: auto, kernel, reference, exact"});
  expect_rejected("tournament --seat threshold:20 --seat threshold:18 --evenings 10 --engine referense",
                  {"'referense'", "did you mean reference?", "valid: auto, kernel, reference"});
  expect_rejected("tune --policy strategies/position-safe.ini --objective winn",
                  {"'winn'", "did you mean win?", "valid: win, not-loser"});
  expect_rejected("advise --turn-total 10 --other 12:p --objective not-losr",
                  {"'not-losr'", "did you mean not-loser?", "valid: win, not-loser, eyes"});
  expect_rejected("evaluate --jockers pony", {"--jockers", "did you mean --jokers?"});
  expect_rejected("evaluate --jockers=pony", {"'--jockers'", "did you mean --jokers?"});
  // Every command that plays a game reads --game, the default game's without declaring it.
  expect_rejected("solve --gmae pig", {"'--gmae'", "did you mean --game?"});
  expect_rejected("pig solve --gmae kniffel", {"'--gmae'", "did you mean --game?"});
  expect_rejected("--gmae pig solve", {"unknown command '--gmae'; did you mean --game?", "valid: rules, evaluate"});
  // A command named with another game is one of that game's commands.
  for (const char* args : {"pig slove", "slove --game pig", "--game=pig slove"})
    expect_rejected(args, {"unknown pig command 'slove'; did you mean solve? valid: rules, solve, evaluate, tournament, "
                           "advise, balance"});
  expect_rejected("serve --game pig", {"serve takes no --game: it offers every game"});
  // A --game without its value, even where the game was named first.
  for (const char* args : {"pig solve --game", "pig solve --game --goal 5", "solve --game --jokers none"})
    expect_rejected(args, {"--game needs a value; valid: verflixte6, pig"});
  expect_rejected("evaluate --set 'pony.targte = 12'", {"'pony.targte'", "did you mean pony.target?"});
}

TEST(Input, NamesAsPeopleTypeThem) {
  const Result r = run("evaluate --turns 2000 --jokers 'Runkelrüb, Kälteschutz' --preset Tournament-2019 --format JSON "
                       "--engine Kernel");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("\"jokers\": \"frostschutz,runkelrueb\""), std::string::npos) << r.out;
  const Result allin = run("evaluate --turns 2000 --jokers 'All In' --format json");
  ASSERT_EQ(allin.code, 0) << allin.err;
  EXPECT_NE(allin.out.find("\"jokers\": \"all-in\""), std::string::npos);
  EXPECT_EQ(run("Rules --preset CLASSIC").code, 0);
}

// A built-in policy's name in every game is read as people type it (a phone capitalises the
// first letter): the run, its echo included, is the one with the game's own spelling.
TEST(Input, PolicyNamesAsPeopleTypeThem) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"evaluate --turns 2000 --format json --policy ", "Threshold:17|STRONG"},
      {"pig evaluate --goal 20 --games 200 --format json --policy ", "Hold:15|OPTIMAL"},
      {"schocken evaluate --turns 200 --format json --policy ", "Stand|Equilibrium"},
      {"en-gingg evaluate --turns 200 --format json --policy ", "Keep-From:4|Optimal:Own+Next|Guarded:OWN"},
      {"kniffel evaluate --games 20 --no-cache --format json --policy ", "Greedy"},
      {"zehntausend evaluate --turns 200 --format json --policy ", "Bank:400"}};
  for (const auto& [command, typed] : cases)
    for (const std::string& spec : core::split(typed, '|')) {
      const Result given = run(command + spec);
      const Result own = run(command + core::ascii_lower(spec));
      ASSERT_EQ(own.code, 0) << command << spec << ": " << own.err;
      ASSERT_EQ(given.code, 0) << command << spec << ": " << given.err;
      const auto same = [](const std::string& json) {  // but the time a run took
        nlohmann::json j = nlohmann::json::parse(json);
        for (const char* timed : {"seconds", "turns_per_second", "games_per_second", "elapsed_seconds"}) j.erase(timed);
        return j;
      };
      EXPECT_EQ(same(given.out), same(own.out)) << command << spec;
    }
  const Result file = run("schocken evaluate --turns 200 --policy Strategies/schocken/chase.ini");
  EXPECT_EQ(file.code, 2) << "a file's path keeps its case";
}

TEST(Input, NegativeCountsAndSeedsAreRejected) {
  expect_rejected("evaluate --seed -1", {"--seed -1", "negative", "valid: 0..2^64-1"});
  expect_rejected("evaluate --seed=-1", {"--seed -1", "negative", "valid: 0..2^64-1"});
  expect_rejected("evaluate --turns -5", {"--turns -5", "negative", "valid: 1..2^50"});
  expect_rejected("evaluate --turns 0", {"--turns 0", "valid: 1..2^50"});
  expect_rejected("sweep --turns -3", {"--turns -3", "valid: 2..2^44"});
  expect_rejected("bench --baseline-turns -1", {"--baseline-turns -1", "valid: 1..2^50"});
  expect_rejected("bench --table-turns 0", {"--table-turns 0", "valid: 1..2^50"});
  expect_rejected("bench --seed -2", {"--seed -2", "valid: 0..2^64-1"});
  expect_rejected("tournament --seat threshold:20 --seat threshold:18 --evenings -1", {"--evenings -1", "valid: 1..2^40"});
  expect_rejected("balance --evenings -1", {"--evenings -1", "valid: 1..2^40"});
  expect_rejected("tune --policy strategies/position-safe.ini --evenings -10", {"--evenings -10", "valid: 1..2^32"});
  expect_rejected("advise --turn-total 10 --other 12:p --samples -1", {"--samples -1", "valid: 2..100000000"});
  expect_rejected("evaluate --turns 1.5", {"--turns 1.5", "not a whole number", "valid: 1..2^50"});
  expect_rejected("evaluate --seed 18446744073709551616", {"--seed 18446744073709551616", "valid: 0..2^64-1"});
  expect_rejected("evaluate --threads -1", {"--threads -1", "valid: 1..1024"});
  expect_rejected("evaluate --players -2", {"--players -2", "2..12"});
}

// A whole number may be written as counts are often typed, 1e5 or 2.5e3 (or 1000.0, as a
// float from Python): the run is the one with the digits. A value that is not whole, or past
// the range, is still refused under the spelling given.
TEST(Input, WholeNumbersMayBeWrittenWithAnExponent) {
  const Result digits = run("evaluate --turns 100000 --seed 4");
  ASSERT_EQ(digits.code, 0) << digits.err;
  // The output but its speed line ("... turns/s"), which no two runs share.
  const auto numbers = [](const std::string& out) {
    std::istringstream in(out);
    std::string kept;
    for (std::string line; std::getline(in, line);)
      if (line.find("/s") == std::string::npos) kept += line + "\n";
    return kept;
  };
  for (const char* spelled : {"1e5", "1E5", "1.0e5", "0.1e6", "100000.0", "1e+5"}) {
    const Result r = run(std::string("evaluate --seed 4 --turns ") + spelled);
    ASSERT_EQ(r.code, 0) << spelled << ": " << r.err;
    EXPECT_EQ(numbers(r.out), numbers(digits.out)) << spelled;
    EXPECT_NE(r.out.find("solo turns 100000 "), std::string::npos) << spelled << r.out;
  }
  const Result seat = run("advise --game pig --goal 20 --score 1e1 --format json");
  ASSERT_EQ(seat.code, 0) << seat.err;
  EXPECT_NE(seat.out.find("\"score\": 10"), std::string::npos) << seat.out;
  expect_rejected("evaluate --turns 1.5e0", {"--turns 1.5e0", "not a whole number", "valid: 1..2^50"});
  expect_rejected("evaluate --turns 1e20", {"--turns 1e20", "out of range", "valid: 1..2^50"});
  expect_rejected("evaluate --turns -1e3", {"--turns -1e3", "negative", "valid: 1..2^50"});
  expect_rejected("evaluate --turns 1e999", {"--turns 1e999", "not a whole number"});
  expect_rejected("evaluate --threads 0x10", {"--threads 0x10", "not a whole number"});
}

// An option whose value is missing before the next option says so, rather than taking that
// option as its value (and then calling the option's own value a stray argument).
TEST(Input, AnOptionIsNeverTheValueOfTheOneBeforeIt) {
  expect_rejected("evaluate --game pig --goal 20 --policy --games 10", {"--policy needs a value before --games"});
  expect_rejected("pig evaluate --goal 20 --exact --games 10", {"--exact needs a value before --games"});
  expect_rejected("evaluate --policy --help", {"--policy needs a value before --help"});
  expect_rejected("kniffel advise --dice --throw 2", {"--dice needs a value before --throw"});
  expect_rejected("advise --turn-total --other 14:p", {"--turn-total needs a value before --other"});
  // A value that starts with one dash is a value: a negative turn total, in both spellings.
  for (const char* negative : {"advise --turn-total -5 --other 14:p", "advise --turn-total=-5 --other 14:p"}) {
    const Result r = run(negative);
    EXPECT_EQ(r.code, 0) << negative << ": " << r.err;
  }
}

TEST(Input, StrayPositionalArgumentsAreRejected) {
  expect_rejected("evaluate foo", {"unexpected argument 'foo'", "verflixt evaluate --help"});
  expect_rejected("rules --preset classic extra", {"unexpected argument 'extra'"});
  expect_rejected("solve --jokers none 17", {"unexpected argument '17'"});
}

TEST(Input, IniErrorsNameFileAndLine) {
  const auto dir = scratch();
  std::ofstream(dir / "typo.ini") << "preset = classic\n\n[pony]\ntargte = 12\n";
  expect_rejected("rules --rules " + (dir / "typo.ini").string(),
                  {"typo.ini:4: unknown key 'pony.targte'", "did you mean pony.target?"});
  std::ofstream(dir / "policy.ini") << "[policy]\nstop_at = 17\nstop_att = 18\n";
  expect_rejected("evaluate --policy " + (dir / "policy.ini").string(),
                  {"policy.ini:3: unknown key 'policy.stop_att'", "did you mean policy.stop_at?"});
  std::ofstream(dir / "position.ini") << "[policy]\nkind = position\n\n[position]\nk = 2\n\n[hirtenschutz]\nuse_from = x\n";
  expect_rejected("evaluate --policy " + (dir / "position.ini").string(),
                  {"position.ini:8: hirtenschutz.use_from = 'x'"});
  std::ofstream(dir / "jokers.ini") << "[policy]\nloadout = pony, runkelrub\n";
  expect_rejected("evaluate --policy " + (dir / "jokers.ini").string(),
                  {"jokers.ini:2", "'runkelrub'", "did you mean runkelrueb?"});
}

TEST(Input, SetTrims) {
  const Result r = run("rules --set ' pony.target = 12 ' --set 'pony.fail=-4 '");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("target = 12\n"), std::string::npos);
  EXPECT_NE(r.out.find("fail = -4\n"), std::string::npos);
}

TEST(Input, OutputDashIsStdout) {
  std::filesystem::remove("-");
  const Result r = run("rules --preset classic --output -");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("preset = classic"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists("-"));  // the test's working directory
}

TEST(Input, EvaluateUsesThePolicyFilesLoadout) {
  const std::string heuristic = std::string(VERFLIXT_SOURCE_DIR) + "/strategies/heuristic.ini";
  const Result file = run("evaluate --turns 2000 --format json --policy " + heuristic);
  ASSERT_EQ(file.code, 0) << file.err;
  EXPECT_NE(file.out.find("\"jokers\": \"spelunkenbold,hirtenschutz,rattenlord\""), std::string::npos) << file.out;
  EXPECT_NE(file.out.find("\"jokers_from\": \"policy file\""), std::string::npos);
  const Result over = run("evaluate --turns 2000 --format json --jokers none --policy " + heuristic);
  ASSERT_EQ(over.code, 0) << over.err;
  EXPECT_NE(over.out.find("\"jokers\": \"none\""), std::string::npos);
  EXPECT_NE(over.out.find("\"jokers_from\": \"--jokers\""), std::string::npos);
  const Result plain = run("evaluate --turns 2000 --format json");
  EXPECT_NE(plain.out.find("\"jokers_from\": \"default\""), std::string::npos);
  const Result table = run("evaluate --turns 2000 --policy " + heuristic);
  EXPECT_NE(table.out.find("jokers spelunkenbold,hirtenschutz,rattenlord (from policy file)"), std::string::npos)
      << table.out;
}

}  // namespace
}  // namespace verflixt

namespace verflixt {
namespace {

// An evening total is the sum of the evening's earlier passes: a mistyped total of thousands
// of eyes (which once made the last seat's exact answer recurse until the process died) is
// refused with the range; the most the evening can reach is answered exactly, at once. A rule
// under which a throw adds no eyes (which once made that answer recurse without end) gets
// an answer too, by Monte Carlo.
// An option is named by its whole word on the command line, as Python and the page name it:
// a prefix is a mistyped name, answered with the whole one, in every game.
TEST(Input, AnOptionsPrefixIsAMistypedName) {
  const Result turn = run("evaluate --turn 100");
  EXPECT_EQ(turn.code, 2);
  EXPECT_EQ(turn.err, "verflixt: evaluate: unknown option '--turn'; did you mean --turns? (see `verflixt evaluate --help`)\n");
  const Result score = run("pig advise --scor 5");
  EXPECT_EQ(score.code, 2);
  EXPECT_EQ(score.err, "verflixt: advise: unknown option '--scor'; did you mean --score? (see `verflixt pig advise --help`)\n");
  EXPECT_EQ(run("evaluate --turns 100").code, 0);
}

// More passes than the final evening's are refused with the --set that mends it.
TEST(Input, MorePassesNameTheFinalEveningsSetting) {
  const Result r = run("evaluate --set evening.passes=5 --turns 100");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(r.err, "verflixt: evening.final_passes = 4 is below evening.passes = 5; valid: at least passes "
                   "(--set evening.final_passes=5 or more)\n");
  EXPECT_EQ(run("evaluate --set evening.passes=5 --set evening.final_passes=5 --turns 100").code, 0);
}

TEST(Input, EveningTotalsAreRangedToWhatTheEveningCanReach) {
  expect_rejected("advise --turn-total 0 --other 0:z:9500", {"evening total 9500", "valid: 0..1200"});
  expect_rejected("advise --turn-total 0 --other 0:p:34900", {"evening total 34900", "valid: 0..1200"});
  expect_rejected("advise --turn-total 0 --score 5000 --other 0:z", {"evening total 5000", "valid: 0..1200"});
  expect_rejected("advise --turn-total 0 --set evening.final_passes=6 --other 0:z:2001", {"valid: 0..2000"});
  const Result most = run("advise --turn-total 0 --other 0:z:1200 --format json");
  EXPECT_EQ(most.code, 0) << most.err;
  EXPECT_NE(most.out.find("\"method\": \"exact"), std::string::npos) << most.out;
  const Result flat = run("advise --turn-total 0 --jokers jule --other 5:p --objective win --set jule.bonus=-2 --samples 200");
  EXPECT_EQ(flat.code, 0) << flat.err;
}

}  // namespace
}  // namespace verflixt

namespace verflixt {
namespace {

// --threads 1024 on a small machine: the threads started are capped (each costs a stack and
// an arena; OpenMP would end the process when the address space runs out), said once, and
// the result is the one of any other count.
TEST(Input, ThreadsFarAboveTheCoresAreCappedWithAWarning) {
  const auto dir = testing::scratch();
  const std::string base = std::string(VERFLIXT_BINARY) + " evaluate --policy threshold:17 --turns 200000 --seed 5 --format json";
  auto run = [&](const std::string& threads, const std::string& name) {
    const std::string cmd = "ulimit -v 3145728; " + base + " --threads " + threads + " >" + (dir / (name + ".out")).string() +
                            " 2>" + (dir / (name + ".err")).string();
    const int status = std::system(cmd.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  ASSERT_EQ(run("1024", "many"), 0) << testing::slurp(dir / "many.err");
  ASSERT_EQ(run("1", "one"), 0) << testing::slurp(dir / "one.err");
  const std::string warned = testing::slurp(dir / "many.err");
  EXPECT_NE(warned.find("--threads 1024 is more than this machine runs well; running"), std::string::npos) << warned;
  EXPECT_EQ(warned.find("running", warned.find("running") + 1), std::string::npos) << "said once: " << warned;
  auto mean = [&](const std::string& name) { return nlohmann::json::parse(testing::slurp(dir / (name + ".out")))["mean"]; };
  EXPECT_EQ(mean("many"), mean("one"));
}

// What the command-line fuzzer found, each as one line and exit 2 at once: an output FIFO
// nobody reads (it blocked the write, and Ctrl-C, without end) and a token FIFO (it blocked the
// read); a sequential budget of more blocks than a count holds (it crashed balance); a run of
// 2^40 samples ends by Ctrl-C like any other (it failed to allocate).
TEST(Input, FifosAndAstronomicalCountsAreAnsweredAtOnce) {
  const auto fifo = testing::scratch() / "unread-fifo";
  std::filesystem::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  expect_rejected("rules --output " + fifo.string(), {"no process reads it (a FIFO)"});
  expect_rejected("serve --token-file " + fifo.string(), {"--token-file", "not a regular file (a FIFO)"});
  std::filesystem::remove(fifo);
  expect_rejected("balance --players 2 --evenings 20 --jokers pony --no-solver-family --until-verdict 1099511627776",
                  {"--until-verdict 1099511627776", "valid: 20..2000000"});
}

}  // namespace
}  // namespace verflixt
