#include "verflixt/games/verflixte6/rules/rules.h"

#include <gtest/gtest.h>

#include <sstream>

#include "verflixt/core/error.h"

namespace verflixt::verflixte6 {
namespace {

Rules reread(const std::string& ini) {
  std::istringstream in(ini);
  return read_rules(in, "test.ini");
}

TEST(Rules, PresetsDifferWhereTheTableOfSection4Says) {
  const Rules t = preset("tournament-2019"), c = preset("classic");
  EXPECT_EQ(t.jokers.size(), 15);
  EXPECT_EQ(c.jokers.size(), 12);
  EXPECT_FALSE(c.jokers.has(TENTAKEL));
  EXPECT_FALSE(c.jokers.has(CHERRY));
  EXPECT_FALSE(c.jokers.has(RUNKELRUEB));
  EXPECT_EQ(t.spelunken_six, -3);
  EXPECT_EQ(c.spelunken_six, -6);
  EXPECT_EQ(t.rattenlord_win, 18);
  EXPECT_EQ(c.rattenlord_loss, -15);
  EXPECT_EQ(t.keuler_bonus, 5);
  EXPECT_EQ(c.keuler_bonus, 0);
  EXPECT_EQ(t.passes, 3);
  EXPECT_EQ(t.final_passes, 4);
  EXPECT_EQ(c.passes, 1);
  EXPECT_EQ(c.place_bonus_1, 6);
  EXPECT_EQ(c.place_bonus_3, 3);
  EXPECT_EQ(t.losers_at_least, 3);
  EXPECT_EQ(c.senigma, SenigmaKind::Repeat);
  EXPECT_EQ(c.fumo, FumoKind::Reentry);
}

TEST(Rules, PrintReadPrintIsTheIdentity) {
  for (const auto& name : preset_names()) {
    Rules r = preset(name);
    const std::string once = rules_to_ini(r);
    const Rules back = reread(once);
    EXPECT_EQ(back, r) << name;
    EXPECT_EQ(rules_to_ini(back), once) << name;
  }
  Rules custom = preset("classic");
  set_rule(custom, "turn.bust_face=1");
  set_rule(custom, "jokers.available=pony,ventil");
  set_rule(custom, "senigma.kind=duel");
  const Rules back = reread(rules_to_ini(custom));
  EXPECT_EQ(back, custom);
}

TEST(Rules, EveryKeyHasItsRuleIdInTheComment) {
  const std::string ini = rules_to_ini(preset("tournament-2019"));
  std::istringstream in(ini);
  std::string line, previous;
  int keys = 0;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != '#' && line[0] != '[' && line.rfind("preset", 0) != 0) {
      ++keys;
      EXPECT_TRUE(previous.rfind("# T", 0) == 0 || previous.rfind("# J", 0) == 0 ||
                  previous.rfind("# P", 0) == 0 || previous.rfind("# §", 0) == 0)
          << line << " lacks a rule id: " << previous;
    }
    previous = line;
  }
  EXPECT_GE(keys, 45);
}

TEST(Rules, AFileOverridesItsPreset) {
  const Rules r = reread("preset = classic\n[pony]\ntarget = 12\n");
  EXPECT_EQ(r.preset, "classic");
  EXPECT_EQ(r.pony_target, 12);
  EXPECT_EQ(r.rattenlord_win, 15);
}

TEST(Rules, BadInputNamesTheInputAndTheChoices) {
  try {
    reread("[pony]\ntargte = 12\n");
    FAIL();
  } catch (const core::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("test.ini"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("pony.targte"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("pony.target"), std::string::npos);
  }
  EXPECT_THROW(reread("this is not ini\n"), core::InputError);
  EXPECT_THROW(reread("[turn]\nbust_face = 7\n"), core::InputError);
  EXPECT_THROW(reread("[turn]\nbust_face = six\n"), core::InputError);
  EXPECT_THROW(reread("[turn]\nfree_throw = yes\n"), core::InputError);
  EXPECT_THROW(reread("preset = tournament\n"), core::InputError);
  EXPECT_THROW(reread("[jokers]\navailable = pony,pony\n"), core::InputError);
  EXPECT_THROW(reread("[turn]\nbust_face = 6\nbust_face = 5\n"), core::InputError);
  Rules r;
  EXPECT_THROW(set_rule(r, "turn.bust_face"), core::InputError);
  EXPECT_THROW(set_rule(r, "turn.nope=1"), core::InputError);
  EXPECT_THROW(set_rule(r, "evening.jokers_per_pass=4"), core::InputError);
  EXPECT_THROW(preset("tourney"), core::InputError);
}

TEST(Rules, SummaryNamesOnlyTheChangedKeys) {
  Rules r = preset("tournament-2019");
  EXPECT_EQ(rules_summary(r), "tournament-2019");
  set_rule(r, "turn.bust_face=1");
  EXPECT_EQ(rules_summary(r), "tournament-2019 turn.bust_face=1");
}

TEST(Rules, SetKeysSpellJokersAsJokerNamesDo) {
  Rules plain = preset("tournament-2019"), umlaut = plain, other = plain;
  set_rule(plain, "runkelrueb.face=4");
  set_rule(umlaut, "Runkelrüb.face=4");
  EXPECT_EQ(plain.runkel_face, 4);
  EXPECT_TRUE(umlaut == plain);
  set_rule(other, "Cherrys Höschen.throws=3");
  EXPECT_EQ(other.cherry_throws, 3);
  Rules r = preset("tournament-2019");
  EXPECT_THROW(set_rule(r, "Runkelrüb.nope=1"), core::InputError);
  EXPECT_THROW(set_rule(r, "Runkelrüb.face=x"), core::InputError);
}

}  // namespace
}  // namespace verflixt::verflixte6
