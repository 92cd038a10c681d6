// The one rules-option set of every game through the built binary: `verflixt rules` read back
// with --rules gives the same rules, and the sources apply in one order everywhere — the
// preset, then a rules file over it, then each --set (the expected values are the ones the
// test writes in, not the program's own earlier output).
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "binary.h"

namespace verflixt::testing {
namespace {

struct GameCase {
  const char* game;     // --game value; "" for the default game
  const char* changes;  // --set options that change several rules away from the default preset
  const char* preset;   // a preset to start from
  const char* file;     // a rules file that gives one key only
  const char* from_file, *from_set_option, *from_set;  // that key's line after the file, and with --set over it
  const char* kept;     // a line of the preset the file does not touch
};

const GameCase kGames[] = {
    {"", "--set pony.target=12 --set turn.rob_targets=anyone --set jokers.available=pony,ventil", "classic",
     "[pony]\ntarget = 9\n", "target = 9", "--set pony.target=11", "target = 11", "kind = reentry"},
    {"pig", "--set goal=40 --set faces=8 --set bust_face=3 --set players=5", "standard", "[pig]\ngoal = 30\n",
     "goal = 30", "--set goal=25", "goal = 25", "faces = 6"},
    {"schocken", "--set players=6 --set final=false --set chips=15", "pub", "[schocken]\nchips = 21\n", "chips = 21",
     "--set chips=5", "chips = 5", "max_throws = 3"},
    {"en-gingg", "--set phase1.dice=5 --set target=25 --set max_throws=5 --set players=3", "swiss",
     "[balance]\nstart = 20\n", "start = 20", "--set start=12", "start = 12", "target = 30"},
    {"zehntausend", "--set bank_min=300 --set hot_dice=false --set straight=0", "app", "[zehntausend]\nlimit = 5000\n",
     "limit = 5000", "--set limit=3000", "limit = 3000", "bank_min = 400"},
};

std::string rules_cmd(const GameCase& g) { return std::string("rules") + (*g.game ? std::string(" --game ") + g.game : ""); }

bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

TEST(RuleSources, RulesOutputReadsBackToTheSameRulesInEveryGame) {
  for (const auto& g : kGames) {
    const auto file = scratch() / (std::string("back-") + (*g.game ? g.game : "verflixte6") + ".ini");
    const Result w = run(rules_cmd(g) + " " + g.changes + " --output " + file.string());
    ASSERT_EQ(w.code, 0) << g.game << ": " << w.err;
    const Result r = run(rules_cmd(g) + " --rules " + file.string());
    ASSERT_EQ(r.code, 0) << g.game << ": " << r.err;
    EXPECT_EQ(r.out, slurp(file)) << g.game;
    const Result plain = run(rules_cmd(g));
    EXPECT_NE(plain.out, r.out) << g.game << ": the changes must show";
  }
}

TEST(RuleSources, PresetThenFileThenSetInEveryGame) {
  for (const auto& g : kGames) {
    const auto file = scratch() / (std::string("one-key-") + (*g.game ? g.game : "verflixte6") + ".ini");
    std::ofstream(file) << g.file;
    const std::string base = rules_cmd(g) + " --preset " + g.preset + " --rules " + file.string();
    const Result f = run(base);
    ASSERT_EQ(f.code, 0) << g.game << ": " << f.err;
    EXPECT_TRUE(has_line(f.out, g.from_file)) << g.game << ": the file's value over the preset\n" << f.out;
    EXPECT_TRUE(has_line(f.out, g.kept)) << g.game << ": the preset's value the file leaves\n" << f.out;
    const Result s = run(base + " " + g.from_set_option);
    ASSERT_EQ(s.code, 0) << g.game << ": " << s.err;
    EXPECT_TRUE(has_line(s.out, g.from_set)) << g.game << ": --set over the file\n" << s.out;
    EXPECT_FALSE(has_line(s.out, g.from_file)) << g.game;
  }
}

TEST(RuleSources, AFileNamingAnotherPresetThanTheGivenOneIsAnError) {
  const auto file = scratch() / "named-classic.ini";
  std::ofstream(file) << "preset = classic\n";
  const Result r = run("rules --preset tournament-2019 --rules " + file.string());
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--preset tournament-2019 contradicts preset = classic"), std::string::npos) << r.err;
  // Without --preset the file's preset is the start.
  const Result ok = run("rules --rules " + file.string());
  ASSERT_EQ(ok.code, 0) << ok.err;
  EXPECT_TRUE(has_line(ok.out, "preset = classic"));
}

// --set preset=NAME is the preset the rules start from, wherever it stands, as `preset =` in a
// file: it neither undoes the shorthands, a file and the --set before it, nor passes a preset
// other than a given one.
TEST(RuleSources, SetPresetNamesTheStartNotALaterResetInEveryGame) {
  for (const auto& g : kGames) {
    const Result r = run(rules_cmd(g) + " " + g.from_set_option + " --set preset=" + g.preset);
    ASSERT_EQ(r.code, 0) << g.game << ": " << r.err;
    EXPECT_TRUE(has_line(r.out, g.from_set)) << g.game << ": the --set before preset= is kept\n" << r.out;
    EXPECT_TRUE(has_line(r.out, g.kept)) << g.game << "\n" << r.out;
  }
  const Result shorthand = run("rules --game pig --goal 20 --set preset=standard");
  EXPECT_TRUE(has_line(shorthand.out, "goal = 20")) << shorthand.out;
  const Result started = run("rules --game kniffel --set preset=yahtzee");
  ASSERT_EQ(started.code, 0) << started.err;
  EXPECT_TRUE(has_line(started.out, "joker = free")) << started.out;  // yahtzee's, not kniffel's none
  const Result upper = run("rules --game kniffel --set PRESET=yahtzee");  // any case, as in a rules file
  EXPECT_TRUE(has_line(upper.out, "joker = free")) << upper.err;

  const Result two = run("rules --game kniffel --preset kniffel --set preset=yahtzee");
  EXPECT_EQ(two.code, 2);
  EXPECT_EQ(two.err, "verflixt: --preset kniffel contradicts --set preset=yahtzee; give one of them\n");
  const Result same = run("rules --game kniffel --preset yahtzee --set preset=Yahtzee");
  EXPECT_EQ(same.code, 0) << same.err;
  const auto file = scratch() / "named-classic-set.ini";
  std::ofstream(file) << "preset = classic\n";
  const Result filed = run("rules --set preset=tournament-2019 --rules " + file.string());
  EXPECT_EQ(filed.code, 2);
  EXPECT_NE(filed.err.find("--set preset=tournament-2019 contradicts preset = classic"), std::string::npos) << filed.err;
  // A balance over a varied rule reads it as the start too (not as a key --vary could clash with).
  const Result vary = run("balance --game pig --vary goal=10,20 --games 50 --set preset=standard");
  EXPECT_EQ(vary.code, 0) << vary.err;
}

// A result's "preset" is the one its rules start from, however it was named: --preset, --set
// preset= or a rules file's preset key (Kniffel's balance compares the rules with it).
TEST(RuleSources, AResultRecordsThePresetItsRulesStartFrom) {
  const std::string quick = "solve --game kniffel --set throws=1 --set bonus_threshold=3 --no-cache --format json";
  const auto file = scratch() / "kniffel-yahtzee.ini";
  std::ofstream(file) << "[kniffel]\npreset = yahtzee\nbonus = 40\n";
  for (const std::string& how : {std::string("--preset yahtzee"), std::string("--set preset=yahtzee"),
                                 "--rules " + file.string()}) {
    const Result r = run(quick + " " + how);
    ASSERT_EQ(r.code, 0) << how << ": " << r.err;
    EXPECT_NE(r.out.find("\"preset\": \"yahtzee\""), std::string::npos) << how << "\n" << r.out;
    EXPECT_NE(r.out.find("kniffel_bonus=100 joker=free"), std::string::npos) << how << "\n" << r.out;
  }
  const Result plain = run(quick);
  EXPECT_NE(plain.out.find("\"preset\": \"kniffel\""), std::string::npos) << plain.out;
}

TEST(RuleSources, PigShorthandsActAsSet) {
  const auto file = scratch() / "pig-goal.ini";
  std::ofstream(file) << "[pig]\ngoal = 30\nfaces = 8\n";
  const Result r = run("rules --game pig --rules " + file.string() + " --goal 40");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(has_line(r.out, "goal = 40"));   // the shorthand over the file
  EXPECT_TRUE(has_line(r.out, "faces = 8"));   // the file's value where no shorthand is given
  const Result s = run("rules --game pig --goal 40 --set goal=50");
  EXPECT_TRUE(has_line(s.out, "goal = 50"));   // --set after the shorthands
  const Result j = run("solve --game pig --rules " + file.string() + " --format json --step 10");
  ASSERT_EQ(j.code, 0) << j.err;
  EXPECT_NE(j.out.find("\"rules\": \"goal=30 faces=8 bust_face=1 players=2\""), std::string::npos) << j.out;
}

}  // namespace
}  // namespace verflixt::testing
