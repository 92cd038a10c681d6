#include "verflixt/games/verflixte6/rules/joker.h"

#include <gtest/gtest.h>

#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6 {
namespace {

TEST(Joker, IdsAndClassicAliasesParse) {
  for (int k = 0; k < JOKER_NB; ++k) EXPECT_EQ(parse_joker(joker_id(static_cast<Joker>(k))), k);
  EXPECT_EQ(parse_joker("kaelteschutz"), FROSTSCHUTZ);
  EXPECT_EQ(parse_joker("ozens"), ANACONDA);
  EXPECT_EQ(parse_joker("leela"), MONOKEL);
  EXPECT_EQ(parse_joker("venom"), VENTIL);
}

TEST(Joker, LoadoutChecksCountDuplicatesAndPreset) {
  const Rules t = preset("tournament-2019"), c = preset("classic");
  EXPECT_EQ(parse_loadout("hirtenschutz,pony", t), JokerSet{}.with(HIRTENSCHUTZ).with(PONY));
  EXPECT_TRUE(parse_loadout("none", t).empty());
  EXPECT_THROW(parse_loadout("pony,pony", t), core::InputError);
  EXPECT_THROW(parse_loadout("pony,jule,fumo,cherry", t), core::InputError);
  EXPECT_THROW(parse_loadout("tentakel", c), core::InputError);
  try {
    parse_loadout("ponny", t);
    FAIL();
  } catch (const core::InputError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("ponny"), std::string::npos);
    EXPECT_NE(m.find("runkelrueb"), std::string::npos);  // lists the valid choices
  }
}

TEST(Joker, AllLoadoutsCountsMatchTheBinomials) {
  // C(15,0..3) = 1 + 15 + 105 + 455 and C(12,0..3) = 1 + 12 + 66 + 220.
  EXPECT_EQ(all_loadouts(preset("tournament-2019")).size(), 576u);
  EXPECT_EQ(all_loadouts(preset("classic")).size(), 299u);
  EXPECT_EQ(loadout_name(all_loadouts(preset("classic")).front()), "none");
}

}  // namespace
}  // namespace verflixt::verflixte6
