// One command surface: every game `verflixt --help` lists answers every command it lists with
// --help and with a JSON result, every game offers the commands a player and a designer reach
// for (rules, solve, evaluate, tournament, advise, balance), and a dice string that is no
// throw is one line and exit 2 wherever dice are read.
// The games and their commands are read from the registry (and the binary must list the same),
// so a game added to the registry is checked here without a change — except that its commands
// need an example below.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "binary.h"
#include "games/registry.h"

namespace verflixt::testing {
namespace {

using Listing = std::map<std::string, std::vector<std::string>>;

// Every registered game and its commands, each game's in the order it lists them.
Listing registered_games() {
  Listing games;
  for (const auto& g : games::registry())
    for (const auto& c : g.commands) games[g.name].emplace_back(c.name);
  return games;
}

// The games of `verflixt --help` (the default game first) and the commands `verflixt GAME`
// lists for each.
Listing listed_games() {
  Listing games;
  const Result help = run("--help");
  std::istringstream lines(help.out);
  std::string line;
  bool in_games = false;
  std::vector<std::string> names = {"verflixte6"};
  while (std::getline(lines, line)) {
    if (line.rfind("games (", 0) == 0) in_games = true;
    else if (line.empty()) in_games = false;
    else if (in_games) names.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  for (const auto& name : names) {
    const Result r = run(name);
    const auto at = r.out.find("commands:");
    if (at == std::string::npos) continue;  // reported by the test below
    std::istringstream words(r.out.substr(at + 9));
    std::string word;
    std::vector<std::string>& commands = games[name];
    // Either "commands: a b c" (a game) or the default game's "commands:\n  rules  ...".
    if (r.out[at + 9] == '\n') {
      std::getline(words, line);  // the rest of the "commands:" line
      while (std::getline(words, line) && line.rfind("  ", 0) == 0) commands.push_back(line.substr(2, line.find(' ', 2) - 2));
    } else {
      std::getline(words, line);
      std::istringstream list(line);
      while (list >> word) commands.push_back(word);
    }
  }
  return games;
}

// A quick run of each command that prints JSON (the server is not a batch command).
const std::map<std::string, std::map<std::string, std::string>> kExamples = {
    {"verflixte6",
     {{"rules", ""},
      {"evaluate", "--turns 2000"},
      {"sweep", "--from 15 --to 16 --turns 2000"},
      {"solve", "--jokers none"},
      {"bench", "--turns 20000 --baseline-turns 20000 --table-turns 20000 --repeats 1 --threads 1"},
      {"tournament", "--seats 2 --evenings 20"},
      {"advise", "--eyes 18 --other 20:p"},
      {"balance", "--players 2 --evenings 20 --jokers pony --no-solver-family"},
      {"tune", "--field threshold:20 --evenings 20 --rounds 1 --param margin=0..2"},
      {"strength", "--policy threshold:20 --players 2 --rounds 1 --evenings 20"}}},
    {"pig",
     {{"rules", ""},
      {"solve", "--goal 20"},
      {"evaluate", "--goal 20 --games 1000"},
      {"tournament", "--goal 20 --seat hold:5 --seat hold:8 --games 1000"},
      {"advise", "--goal 20 --score 5"},
      {"balance", "--vary goal=10,20 --games 500"}}},
    {"schocken",
     {{"rules", ""},
      {"solve", ""},
      {"evaluate", "--turns 2000"},
      {"tournament", "--seat stand --seat equilibrium --games 200"},
      {"advise", "--dice 611"},
      {"balance", "--set chips=7 --games 200"}}},
    {"en-gingg",
     {{"rules", ""},
      {"solve", ""},
      {"evaluate", "--turns 2000"},
      {"tournament", "--seat optimal:own --seat keep-from:4 --games 200"},
      {"advise", "--throw 665321"},
      {"balance", "--set start=20 --games 200"}}},
    {"zehntausend",
     {{"rules", ""},
      {"solve", ""},
      {"evaluate", "--turns 2000"},
      {"tournament", "--seat optimal --seat bank:400 --games 200"},
      {"advise", "--throw 155243"},
      {"bench", "--games 2000"},
      {"balance", "--set limit=3000 --games 500"}}},
    // Cheap rules (one throw, a low bonus threshold) solve in well under a second; nothing cached.
    {"kniffel",
     {{"rules", ""},
      {"solve", "--set throws=1 --set bonus_threshold=3 --no-cache"},
      {"evaluate", "--set throws=1 --set bonus_threshold=3 --no-cache --games 200"},
      {"tournament", "--set throws=1 --set bonus_threshold=3 --no-cache --seat optimal --seat greedy --games 200"},
      {"advise", "--set throws=1 --set bonus_threshold=3 --no-cache --dice 66321"},
      {"bench", "--set throws=1 --set bonus_threshold=3 --games 50"},
      {"balance", "--set throws=1 --no-cache --vary bonus_threshold=2,3"}}},
};

// What a user sees is the registry: every game and, per game, every command in its order.
TEST(GameSurface, TheBinaryListsTheRegistry) {
  EXPECT_EQ(listed_games(), registered_games());
}

TEST(GameSurface, EveryGameListsWhatAPlayerAndADesignerNeed) {
  const auto games = registered_games();
  ASSERT_GE(games.size(), 5u);
  for (const auto& [game, commands] : games)
    for (const char* needed : {"rules", "solve", "evaluate", "tournament", "advise", "balance"})
      EXPECT_NE(std::find(commands.begin(), commands.end(), needed), commands.end()) << game << " has no " << needed;
}

TEST(GameSurface, EveryListedCommandAnswersHelpAndJson) {
  for (const auto& [game, commands] : registered_games()) {
    ASSERT_TRUE(kExamples.count(game)) << "no examples for the game " << game;
    for (const auto& command : commands) {
      const Result help = run(game + " " + command + " --help");
      EXPECT_EQ(help.code, 0) << game << " " << command << ": " << help.err;
      EXPECT_NE(help.out.find("usage:"), std::string::npos) << game << " " << command;
      if (command == "serve") continue;
      const auto example = kExamples.at(game).find(command);
      ASSERT_NE(example, kExamples.at(game).end()) << "no example for " << game << " " << command;
      const std::string args = game + " " + command + " " + example->second + " --format json";
      const Result r = run(args);
      ASSERT_EQ(r.code, 0) << args << ": " << r.err;
      const auto j = nlohmann::json::parse(r.out, nullptr, false);
      ASSERT_FALSE(j.is_discarded()) << args << ": not JSON:\n" << r.out;
      EXPECT_TRUE(j.contains("version")) << args;
    }
  }
}

// Wherever a command reads dice, a string that is no throw is one line naming the option and
// the forms it takes, exit 2 and nothing on stdout.
TEST(GameSurface, ABadDiceStringIsOneLineEverywhere) {
  const std::vector<std::string> commands = {
      "schocken advise --dice",        "schocken solve --target",    "schocken evaluate --target",
      "en-gingg advise --throw",       "en-gingg advise --throw 665321 --aside",
      "zehntausend advise --throw",    "kniffel advise --dice",
  };
  for (const auto& command : commands)
    for (const char* bad : {"'6 x 3'", "6,,3", "'7 7 7'", "x"}) {
      const Result r = run(command + " " + bad);
      EXPECT_EQ(r.code, 2) << command << " " << bad;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << command << " " << bad << ": " << r.err;
      EXPECT_TRUE(r.out.empty()) << command << " " << bad;
    }
}

}  // namespace
}  // namespace verflixt::testing
