// Schocken's rules as data: the preset, ranges, the INI round trip and --set.
#include "verflixt/games/schocken/rules.h"

#include <gtest/gtest.h>

#include <sstream>

#include "verflixt/core/error.h"

namespace verflixt::schocken {
namespace {

SchockenRules read(const std::string& text) {
  std::istringstream in(text);
  return read_rules(in, "test.ini");
}

TEST(SchockenRules, PresetSeed003IsTheContract) {
  const SchockenRules r = preset("pub");
  EXPECT_EQ(r.max_throws, 3);  // S2
  EXPECT_EQ(r.chips, 13);      // S3
  EXPECT_EQ(r.general_chips, 3);
  EXPECT_EQ(r.strasse_chips, 2);
  EXPECT_EQ(r.zahl_chips, 1);  // S1
  EXPECT_TRUE(r.schock_out_loses_half);
  EXPECT_TRUE(r.throw_tiebreak);
  EXPECT_FALSE(r.two_sixes_make_one);
  EXPECT_TRUE(r.final);
  EXPECT_THROW(preset("swiss"), core::InputError);
}

TEST(SchockenRules, IniRoundTripOfEveryParameter) {
  SchockenRules r;
  r.players = 7, r.max_throws = 2, r.chips = 21, r.general_chips = 4, r.strasse_chips = 3, r.zahl_chips = 2;
  r.schock_out_loses_half = false, r.throw_tiebreak = false, r.two_sixes_make_one = true, r.final = false;
  EXPECT_EQ(read(rules_to_ini(r)), r);
  EXPECT_EQ(read(rules_to_ini(SchockenRules{})), SchockenRules{});
  const std::string ini = rules_to_ini(r);
  EXPECT_NE(ini.find("# S1:"), std::string::npos);
  EXPECT_NE(ini.find("two_sixes_make_one = true"), std::string::npos);
}

TEST(SchockenRules, BadFilesNameTheLine) {
  try {
    read("[schocken]\nplayers = 4\nmax_throws = 4\n");
    FAIL();
  } catch (const core::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("test.ini:3"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read("[schocken]\nplayer = 4\n"), core::InputError);
  EXPECT_THROW(read("[schocken]\nfinal = yes\n"), core::InputError);
  EXPECT_THROW(read("[schocken]\nplayers = 9\n"), core::InputError);
  EXPECT_THROW(read("[schocken]\npreset = app\n"), core::InputError);
  EXPECT_EQ(read("[schocken]\npreset = pub\nchips = 15\n").chips, 15);
}

TEST(SchockenRules, SetOneRule) {
  SchockenRules r;
  set_rule(r, "two_sixes_make_one = true");
  EXPECT_TRUE(r.two_sixes_make_one);
  set_rule(r, "players=8");
  EXPECT_EQ(r.players, 8);
  set_rule(r, "preset=pub");
  EXPECT_EQ(r, SchockenRules{});
  EXPECT_THROW(set_rule(r, "players"), core::InputError);
  EXPECT_THROW(set_rule(r, "players=1"), core::InputError);
  EXPECT_THROW(set_rule(r, "throws=2"), core::InputError);
}

}  // namespace
}  // namespace verflixt::schocken
