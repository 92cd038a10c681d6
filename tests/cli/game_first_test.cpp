// The game may come first: `verflixt GAME COMMAND`, `verflixt --game GAME COMMAND` and
// `verflixt COMMAND --game GAME` are one command, whatever the spelling of the game.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

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
    EXPECT_NE(r.out.find("commands: rules solve evaluate tournament"), std::string::npos) << args << ": " << r.out;
  }
  const auto help = run("help pig solve"), own = run("solve --game pig --help");
  EXPECT_EQ(help.code, 0) << help.err;
  EXPECT_EQ(help.out, own.out);
}

// `help` asks for a command's help whatever words follow: an option without its value (which
// the command itself refuses: --policy needs a value) is dropped with a warning, not asked for.
TEST(GameFirst, HelpShowsTheHelpWhateverOptionsFollow) {
  const auto own = run("evaluate --game pig --help");
  ASSERT_EQ(own.code, 0) << own.err;
  for (const char* args : {"help evaluate --game pig --policy", "help pig evaluate --policy optimal --games=5",
                           "pig help evaluate --policy", "help --game pig evaluate -h --policy"}) {
    const auto r = run(args);
    EXPECT_EQ(r.code, 0) << args << ": " << r.err;
    EXPECT_EQ(r.out, own.out) << args;
    EXPECT_NE(r.err.find("warning: --policy"), std::string::npos) << args << ": " << r.err;
    EXPECT_NE(r.err.find("nothing: help lists every option"), std::string::npos) << args << ": " << r.err;
    EXPECT_EQ(r.err.find("--games=5"), std::string::npos) << args << ": " << r.err;
  }
  EXPECT_EQ(run("evaluate --game pig --policy --help").code, 2);  // the command's own form reads --policy
  const auto plain = run("help evaluate --game pig");
  EXPECT_EQ(plain.out, own.out);
  EXPECT_EQ(plain.err, "");
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

// The game named before the command and again after it: the same game runs with a warning
// that the second naming changes nothing; another game is refused in one line.
TEST(GameFirst, AGameNamedTwiceIsTheSameGameOrRefused) {
  const auto reference = run("solve --game pig --goal 20");
  ASSERT_EQ(reference.code, 0) << reference.err;
  for (const char* args : {"pig solve --game pig --goal 20", "--game pig solve --goal 20 --game=Pig"}) {
    const auto r = run(args);
    EXPECT_EQ(r.code, 0) << args << ": " << r.err;
    EXPECT_EQ(r.out, reference.out) << args;
    EXPECT_NE(r.err.find("changes nothing: the game is named before the command"), std::string::npos) << args << r.err;
  }
  const auto own = run("verflixte6 solve --jokers none --game verflixte6");
  EXPECT_EQ(own.code, 0) << own.err;
  for (const char* args : {"pig solve --game schocken", "verflixte6 solve --game pig", "--game=pig advise --game kniffel"}) {
    const auto r = run(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_NE(r.err.find("the game is named twice"), std::string::npos) << args << ": " << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  }
  const auto mistyped = run("pig solve --game pgi");
  EXPECT_EQ(mistyped.code, 2);
  EXPECT_NE(mistyped.err.find("unknown --game 'pgi'; did you mean pig?"), std::string::npos) << mistyped.err;
}

// An option left without its value at the end is the same error wherever the game is named:
// the game named first is never read as that value.
TEST(GameFirst, ALastOptionWithoutItsValueIsMissingItWhereverTheGameIsNamed) {
  for (const char* last : {"--exact", "--policy", "--games"}) {
    const auto after = run(std::string("evaluate --game pig --goal 20 ") + last);
    const auto first = run(std::string("pig evaluate --goal 20 ") + last);
    EXPECT_EQ(after.code, 2) << last;
    EXPECT_EQ(first.code, 2) << last;
    EXPECT_NE(first.err.find("the required argument for option '" + std::string(last) + "' is missing"), std::string::npos)
        << last << ": " << first.err;
    EXPECT_EQ(first.err, after.err) << last;
  }
  const auto dice = run("kniffel advise --dice");
  EXPECT_EQ(dice.code, 2);
  EXPECT_EQ(dice.err.find("--game="), std::string::npos) << dice.err;
}

// A refused command line points at the help of the command it was: the game's own, however
// the game was named, and the default game's without a game.
TEST(GameFirst, ARefusalPointsAtTheHelpOfItsGamesCommand) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"pig advise --score", "advise: the required argument for option '--score' is missing (see `verflixt pig advise --help`)"},
      {"advise --game PIG --socre 3", "advise: unknown option '--socre'; did you mean --score? (see `verflixt pig advise --help`)"},
      {"kniffel evaluate 5", "unexpected argument '5'; `verflixt evaluate` takes options only (see `verflixt kniffel evaluate --help`)"},
      {"schocken advise --dice --limit 2", "--dice needs a value before --limit (see `verflixt schocken advise --help`)"},
      {"advise --trun-total 3", "advise: unknown option '--trun-total'; did you mean --turn-total? (see `verflixt advise --help`)"},
      {"verflixte6 advise --trun-total 3",
       "advise: unknown option '--trun-total'; did you mean --turn-total? (see `verflixt advise --help`)"}};
  for (const auto& [args, message] : cases) {
    const auto r = run(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_EQ(r.err, "verflixt: " + message + "\n") << args;
  }
}

// The same dice strings mean the same throw in every game that takes dice.
TEST(GameFirst, EveryGameReadsDiceInTheSameForms) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"advise --game schocken --dice ", {"'6 6 3'", "663", "6,6,3", "6-6-3"}},
      {"advise --game en-gingg --dice ", {"'5 4 4 2 1 6'", "544216", "5,4,4,2,1,6", "5-4-4-2-1-6"}},
      {"advise --game zehntausend --dice ", {"'1 5 5 2 4 3'", "155243", "1,5,5,2,4,3", "1-5-5-2-4-3"}},
  };
  for (const auto& [command, forms] : cases) {
    const auto first = run(command + forms.front());
    ASSERT_EQ(first.code, 0) << command << forms.front() << ": " << first.err;
    for (const auto& form : forms) {
      const auto r = run(command + form);
      EXPECT_EQ(r.code, 0) << command << form << ": " << r.err;
      EXPECT_EQ(r.out, first.out) << command << form;
    }
    const auto bad = run(command + "'6 x'");
    EXPECT_EQ(bad.code, 2) << command;
    EXPECT_NE(bad.err.find("valid: faces 1..6 as '6 6 3', 6,6,3, 6-6-3 or 663"), std::string::npos) << bad.err;
  }
}

}  // namespace
}  // namespace verflixt
