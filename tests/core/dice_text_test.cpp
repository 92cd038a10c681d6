// One dice syntax for every game: spaces, commas, hyphens, or the faces written together.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "verflixt/core/dice_text.h"
#include "verflixt/core/error.h"

namespace verflixt::core {
namespace {

TEST(DiceText, EveryFormReadsTheSameFaces) {
  const std::vector<int> want = {6, 6, 3};
  for (const char* text : {"6 6 3", "663", "6,6,3", "6-6-3", " 6, 6 - 3 ", "6\t6\t3", "66 3"})
    EXPECT_EQ(parse_dice_text(text, "--dice"), want) << text;
  EXPECT_TRUE(parse_dice_text("", "--dice").empty());
}

TEST(DiceText, DiceOfMoreThanNineFacesAreNeverReadDigitByDigit) {
  EXPECT_EQ(parse_dice_text("12 3 10", "--throw", 12), (std::vector<int>{12, 3, 10}));
  EXPECT_EQ(parse_dice_text("12-3-10", "--throw", 12), (std::vector<int>{12, 3, 10}));
  EXPECT_THROW(parse_dice_text("13", "--throw", 12), InputError);
}

TEST(DiceText, AnythingElseIsOneLineNamingTheFormsAndTheOption) {
  for (const char* bad : {"6 x 3", "6 0 3", "6 7", "6.5", "+6", "6;3", "6,,3", "6-", ",6", "6, -3"}) {
    try {
      parse_dice_text(bad, "--dice");
      ADD_FAILURE() << bad << " was accepted";
    } catch (const InputError& e) {
      const std::string msg = e.what();
      EXPECT_EQ(msg.rfind("--dice '", 0), 0u) << msg;
      EXPECT_NE(msg.find("valid: faces 1..6 as '6 6 3', 6,6,3, 6-6-3 or 663"), std::string::npos) << msg;
      EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
    }
  }
}

}  // namespace
}  // namespace verflixt::core
