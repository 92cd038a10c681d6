// The game may come first: `verflixt GAME COMMAND`, `verflixt --game GAME COMMAND` and
// `verflixt COMMAND --game GAME` are one command, whatever the spelling of the game.
#include <gtest/gtest.h>

#include <string>

#include "binary.h"

namespace verflixt {
namespace {

using testing::run;

TEST(GameFirst, EveryPlaceOfTheGameRunsTheSameCommand) {
  const auto reference = run("solve --game pig --goal 20");
  ASSERT_EQ(reference.code, 0) << reference.err;
  ASSERT_NE(reference.out.find("game pig"), std::string::npos) << reference.out;
  for (const char* args : {"pig solve --goal 20", "--game pig solve --goal 20", "--game=pig solve --goal 20",
                           "Pig solve --goal 20"}) {
    const auto r = run(args);
    EXPECT_EQ(r.code, 0) << args << ": " << r.err;
    EXPECT_EQ(r.out, reference.out) << args;
  }
  const auto own = run("solve --jokers none");
  ASSERT_EQ(own.code, 0) << own.err;
  for (const char* args : {"verflixte6 solve --jokers none", "--game verflixte6 solve --jokers none"}) {
    const auto r = run(args);
    EXPECT_EQ(r.code, 0) << args << ": " << r.err;
    EXPECT_EQ(r.out.substr(r.out.find('\n')), own.out.substr(own.out.find('\n'))) << args;  // but the time taken
  }
}

TEST(GameFirst, AGameWithoutACommandListsItsCommands) {
  for (const char* args : {"--game pig --help", "pig", "pig --help"}) {
    const auto r = run(args);
    EXPECT_EQ(r.code, 0) << args << ": " << r.err;
    EXPECT_NE(r.out.find("commands: evaluate solve tournament"), std::string::npos) << args << ": " << r.out;
  }
  const auto help = run("help pig solve"), own = run("solve --game pig --help");
  EXPECT_EQ(help.code, 0) << help.err;
  EXPECT_EQ(help.out, own.out);
}

TEST(GameFirst, AMistypedGameIsOneLineWithTheValidGames) {
  const auto r = run("--game pgi solve");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("unknown --game 'pgi'; did you mean pig?"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  const auto missing = run("--game");
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("--game needs a value"), std::string::npos) << missing.err;
}

}  // namespace
}  // namespace verflixt
