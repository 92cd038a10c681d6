// The small text helpers every reader of user input shares (core/ini.h): a list cut at its
// separators exactly as the readers' loops once cut it, empty pieces kept for the reader to
// refuse, and joined back for messages.
#include "verflixt/core/ini.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace verflixt::core {
namespace {

using Pieces = std::vector<std::string>;

TEST(Split, KeepsEveryPieceInOrderEmptyOnesIncluded) {
  EXPECT_EQ(split("pony,fumo,ventil", ','), (Pieces{"pony", "fumo", "ventil"}));
  EXPECT_EQ(split("pony", ','), (Pieces{"pony"}));
  EXPECT_EQ(split("", ','), (Pieces{""}));
  EXPECT_EQ(split("a,,b,", ','), (Pieces{"a", "", "b", ""}));
  EXPECT_EQ(split(";", ';'), (Pieces{"", ""}));
  EXPECT_EQ(split(" a ; b ", ';'), (Pieces{" a ", " b "}));  // as typed: a reader trims if it wants
  EXPECT_EQ(split("a,b;c,d", ';'), (Pieces{"a,b", "c,d"}));
}

TEST(Split, JoinedBackWithItsSeparatorIsTheText) {
  for (const std::string text : {"x", "", "a,,b", ",lead", "trail,", "hirtenschutz,pony,rattenlord"})
    EXPECT_EQ(join(split(text, ','), ","), text) << text;
}

}  // namespace
}  // namespace verflixt::core
