// En Gingg as Bei's rules as data: the swiss preset holds the contract's numbers, and the
// INI file `rules --game en-gingg` prints reads back to the same rules.
#include "verflixt/games/en_gingg/rules.h"

#include <gtest/gtest.h>

#include <sstream>

#include "verflixt/core/error.h"

namespace verflixt::en_gingg {
namespace {

EnGinggRules read(const std::string& text) {
  std::istringstream in(text);
  return read_rules(in, "test.ini");
}

TEST(EnGinggRules, Seed002HoldsTheContractsNumbers) {
  const EnGinggRules r = preset("swiss");
  EXPECT_EQ(r.start_balance, 37);  // G1
  EXPECT_EQ(r.dice, 6);            // G2
  EXPECT_EQ(r.faces, 6);
  EXPECT_EQ(r.target, 30);
  EXPECT_EQ(r.min_set_aside, 1);
  EXPECT_EQ(r.max_throws, 6);
  EXPECT_EQ(r.max_sum(), 36);
  EXPECT_EQ(r, EnGinggRules{});
  EXPECT_EQ(rules_summary(r), "start=37 dice=6 faces=6 target=30 min_set_aside=1 max_throws=6 players=4");
  EXPECT_THROW(preset("pub"), core::InputError);
}

TEST(EnGinggRules, IniRoundTrip) {
  EnGinggRules r;
  EXPECT_EQ(read(rules_to_ini(r)), r);
  r.start_balance = 20, r.dice = 5, r.faces = 8, r.target = 28, r.min_set_aside = 2, r.max_throws = 3, r.players = 7;
  const std::string ini = rules_to_ini(r);
  EXPECT_NE(ini.find("[phase1]"), std::string::npos);
  EXPECT_NE(ini.find("# G2:"), std::string::npos);
  EXPECT_EQ(read(ini), r);
  // A key left out keeps the preset's value.
  EXPECT_EQ(read("preset = swiss\n[balance]\nstart = 12\n").start_balance, 12);
  EXPECT_EQ(read("[phase1]\ntarget = 25\n").target, 25);
}

TEST(EnGinggRules, BadFilesAndValuesNameTheLineAndRange) {
  try {
    read("preset = swiss\n[phase1]\ntarget = 40\n");
    FAIL();
  } catch (const core::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("6..36"), std::string::npos) << e.what();
  }
  try {
    read("[phase1]\ntargte = 30\n");
    FAIL();
  } catch (const core::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("test.ini:2"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read("[table]\nplayers = 9\n"), core::InputError);
  EXPECT_THROW(read("[phase1]\nmin_set_aside = 7\n"), core::InputError);
  EXPECT_THROW(read("[phase1]\nmax_throws = 0\n"), core::InputError);
  EXPECT_THROW(read("preset = pub\n"), core::InputError);
}

TEST(EnGinggRules, SetTakesShortAndLongKeys) {
  EnGinggRules r;
  set_rule(r, "target=28");
  set_rule(r, " phase1.dice = 5 ");
  set_rule(r, "players=3");
  EXPECT_EQ(r.target, 28);
  EXPECT_EQ(r.dice, 5);
  EXPECT_EQ(r.players, 3);
  EXPECT_THROW(set_rule(r, "traget=3"), core::InputError);
  EXPECT_THROW(set_rule(r, "target"), core::InputError);
  EXPECT_THROW(set_rule(r, "dice=9"), core::InputError);
}

}  // namespace
}  // namespace verflixt::en_gingg
