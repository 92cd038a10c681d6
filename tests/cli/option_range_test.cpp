// Every number option has a range that parse() enforces before anything runs: each bound
// is accepted, one past it is one line naming the option and the range, exit 2. Values are
// checked before --help is answered, so "--opt=V --help" tests a value without a run.
// Every command of every game answers --help: parse() throws std::logic_error (an internal
// error, exit 1) for an int or uint64 option declared without a range, so this catches one.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "binary.h"
#include "games/registry.h"

namespace {

using verflixt::testing::Result;
using verflixt::testing::run;

struct Ranged {
  std::string command;  // with --game for the other games
  std::string option;   // without the dashes
  std::int64_t lo, hi;
  std::string range;    // as the message prints it
};

const std::vector<Ranged> kRanged = {
    {"evaluate", "players", 0, 12, "0 (solo) or 2..12"},
    {"evaluate", "turns", 1, std::int64_t{1} << 50, "1..2^50"},
    {"evaluate", "threads", 1, 1024, "1..1024"},
    {"sweep", "from", -100, 400, "-100..400"},
    {"sweep", "to", -100, 400, "-100..400"},
    {"solve", "risk-cap", 0, 2000, "0..2000"},
    {"solve", "runkel-risk-cap", 0, 5000, "0..5000"},
    {"solve", "threads", 1, 1024, "1..1024"},
    {"bench", "repeats", 1, 1000, "1..1000"},
    {"bench", "row-steps", 1, 16, "1..16"},
    {"bench", "row-outcomes", 2, 4096, "2..4096"},
    {"bench", "threads", 1, 1024, "1..1024"},
    {"tournament", "seats", 2, 12, "2..12"},
    {"tournament", "series", 1, 1000, "1..1000"},
    {"advise", "turn-total", -200, 400, "-200..400"},
    {"advise", "floor", -200, 400, "-200..400"},
    {"advise", "robbing-ones", 0, 100, "0..100"},
    {"advise", "frost-used", 0, 4, "0..4"},
    {"advise", "score", 0, 7600, "0..7600"},
    {"advise", "passes-left", 1, 50, "1..50"},
    {"advise", "samples", 2, 100000000, "2..100000000"},
    {"balance", "players", 2, 12, "2..12"},
    {"serve", "port", 0, 65535, "0..65535"},
    {"tune", "players", 2, 12, "2..12"},
    {"tune", "rounds", 1, 20, "1..20"},
    {"tune", "series", 1, 1000, "1..1000"},
    {"strength", "players", 2, 12, "2..12"},
    {"strength", "rounds", 1, 10, "1..10"},
    {"strength", "tune-rounds", 1, 10, "1..10"},
    {"strength", "series", 1, 1000, "1..1000"},
    {"evaluate --game pig", "goal", 1, 1000, "1..1000"},
    {"evaluate --game pig", "games", 1, std::int64_t{1} << 40, "1..2^40"},
    {"solve --game pig", "faces", 2, 100, "2..100"},
    {"solve --game pig", "bust-face", 1, 100, "1..100"},
    {"solve --game pig", "step", 1, 1000, "1..1000"},
    {"solve --game schocken", "limit", 1, 3, "1..3"},
    {"solve --game schocken", "players", 2, 8, "2..8"},
    {"evaluate --game schocken", "target-throws", 1, 3, "1..3"},
    {"tournament --game schocken", "games", 1, std::int64_t{1} << 40, "1..2^40"},
    {"advise --game schocken", "throw", 1, 3, "1..3"},
    {"advise --game schocken", "seat", 1, 8, "1..8"},
    {"evaluate --game en-gingg", "turns", 1, std::int64_t{1} << 40, "1..2^40"},
    {"tournament --game en-gingg", "games", 1, std::int64_t{1} << 40, "1..2^40"},
    {"advise --game en-gingg", "throws", 0, 7, "0..7"},
    {"advise --game en-gingg", "top", 1, 1000, "1..1000"},
    {"evaluate --game zehntausend", "turns", 1, std::int64_t{1} << 40, "1..2^40"},
    {"tournament --game zehntausend", "games", 1, std::int64_t{1} << 40, "1..2^40"},
    {"advise --game zehntausend", "seat", 1, 8, "1..8"},
    {"advise --game zehntausend", "turn-total", 0, 1000000, "0..1000000"},
    {"advise --game zehntausend", "score", 0, 1000000, "0..1000000"},
    {"bench --game zehntausend", "games", 1, std::int64_t{1} << 40, "1..2^40"},
};

// Exit 2, one line naming the option and its range.
void expect_out_of_range(const std::string& args, const std::string& option, const std::string& range) {
  const Result r = run(args);
  EXPECT_EQ(r.code, 2) << args << ": " << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  EXPECT_NE(r.err.find("--" + option + " "), std::string::npos) << args << ": " << r.err;
  EXPECT_NE(r.err.find("valid: " + range), std::string::npos) << args << ": " << r.err;
}

TEST(OptionRange, EveryBoundIsAcceptedAndOnePastItRefused) {
  // Both bounds of every option of a command in one run each (the --help run checks them).
  std::vector<std::string> commands;
  for (const auto& r : kRanged)
    if (std::find(commands.begin(), commands.end(), r.command) == commands.end()) commands.push_back(r.command);
  for (const auto& command : commands) {
    std::string at_lo = command, at_hi = command;
    for (const auto& r : kRanged) {
      if (r.command != command) continue;
      at_lo += " --" + r.option + "=" + std::to_string(r.lo);
      at_hi += " --" + r.option + "=" + std::to_string(r.hi);
    }
    for (const auto& args : {at_lo, at_hi}) {
      const Result r = run(args + " --help");
      EXPECT_EQ(r.code, 0) << args << ": " << r.err;
    }
  }
  for (const auto& r : kRanged) {
    expect_out_of_range(r.command + " --" + r.option + "=" + std::to_string(r.lo - 1) + " --help", r.option, r.range);
    expect_out_of_range(r.command + " --" + r.option + "=" + std::to_string(r.hi + 1) + " --help", r.option, r.range);
  }
}

// Past int's and uint64's range, and not numbers at all: one line each, never an overflow.
TEST(OptionRange, HugeAndMalformedNumbersAreOneLine) {
  expect_out_of_range("advise --turn-total=5 --floor=-2147483648", "floor", "-200..400");
  expect_out_of_range("advise --turn-total=5 --floor=99999999999999999999", "floor", "-200..400");
  expect_out_of_range("evaluate --seed=18446744073709551616", "seed", "0..2^64-1");
  expect_out_of_range("evaluate --turns=-1", "turns", "1..2^50");
  expect_out_of_range("evaluate --players=2x", "players", "0 (solo) or 2..12");
  expect_out_of_range("solve --game pig --tolerance=nan", "tolerance", "0..1");
  expect_out_of_range("solve --game pig --tolerance=inf", "tolerance", "0..1");
  expect_out_of_range("solve --game pig --tolerance=2", "tolerance", "0..1");
  EXPECT_EQ(run("evaluate --seed=18446744073709551615 --help").code, 0);
}

// The same in every game's rules file: each printed ruleset with its first number replaced
// by a number past int's range, INT_MIN or -1 is one line naming the key and its range.
TEST(OptionRange, HugeNumbersInEveryGamesRulesFileAreOneLine) {
  for (const auto& entry : verflixt::games::registry()) {
    const std::string& game = entry.name;
    const std::string printed = run("rules --game " + game).out;
    size_t at = printed.find(" = ");  // the first key with a number
    while (at != std::string::npos && !(printed[at + 3] >= '0' && printed[at + 3] <= '9')) at = printed.find(" = ", at + 1);
    ASSERT_NE(at, std::string::npos) << game;
    const size_t value = at + 3, end = printed.find('\n', value);
    for (const std::string bad : {"99999999999999999999", "-2147483648", "-1"}) {
      const auto path = verflixt::testing::scratch() / ("huge_" + game + ".ini");
      std::ofstream(path) << printed.substr(0, value) + bad + printed.substr(end);
      const Result r = run("rules --game " + game + " --rules " + path.string());
      EXPECT_EQ(r.code, 2) << game << " " << bad << ": " << r.err;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << game << ": " << r.err;
      EXPECT_NE(r.err.find("'" + bad + "' is not an integer in "), std::string::npos) << game << ": " << r.err;
    }
  }
}

// The commands as `verflixt --help` lists them: the verflixte6 commands, then per game the
// line "  NAME  description: cmd cmd ...".
std::vector<std::string> every_command() {
  const std::string usage = run("--help").out;
  std::istringstream in(usage);
  std::vector<std::string> out;
  std::string line;
  enum { kBefore, kCommands, kGames } part = kBefore;
  while (std::getline(in, line)) {
    if (line == "commands:") part = kCommands;
    else if (line.rfind("games", 0) == 0) part = kGames;
    else if (line.rfind("  ", 0) != 0) continue;
    else if (part == kCommands) out.push_back(line.substr(2, line.find(' ', 2) - 2));
    else if (part == kGames) {
      const std::string game = line.substr(2, line.find(' ', 2) - 2);
      std::istringstream cmds(line.substr(line.rfind(':') + 1));
      for (std::string c; cmds >> c;) out.push_back(c + " --game " + game);
    }
  }
  return out;
}

TEST(OptionRange, EveryCommandOfEveryGameAnswersHelp) {
  const std::vector<std::string> commands = every_command();
  EXPECT_GE(commands.size(), 30u);  // 11 verflixte6 commands and those of four more games
  for (const auto& c : commands) {
    const Result r = run(c + " --help");
    EXPECT_EQ(r.code, 0) << c << ": " << r.err;
    EXPECT_NE(r.out.find("usage"), std::string::npos) << c;
  }
}

// A table's seat count, one --seat each, is refused in the same words in every game's
// tournament (and balance): none, one, and one past the most seats.
TEST(OptionRange, TheSeatCountIsRefusedInTheSameWordsInEveryGame) {
  struct Table {
    std::string command, seat;
    int most;
  };
  const std::vector<Table> tables = {{"tournament", "threshold:20", 12},          {"tournament --game pig", "hold:20", 8},
                                     {"tournament --game schocken", "stand", 8},    {"tournament --game en-gingg", "optimal:own", 8},
                                     {"tournament --game zehntausend", "race", 8},  {"tournament --game kniffel", "greedy", 8},
                                     {"balance --game pig --vary goal=10,20", "hold:20", 8}};
  for (const auto& t : tables) {
    const std::string valid = "; valid: 2.." + std::to_string(t.most) + " seats, one --seat each\n";
    for (const int n : {1, t.most + 1}) {
      std::string args = t.command;
      for (int k = 0; k < n; ++k) args += " --seat " + t.seat;
      const Result r = run(args);
      EXPECT_EQ(r.code, 2) << args;
      EXPECT_EQ(r.err, "verflixt: --seat given " + std::string(n == 1 ? "once" : std::to_string(n) + " times") + valid)
          << args;
    }
  }
  const Result none = run("tournament --game pig");
  EXPECT_EQ(none.err, "verflixt: --seat not given; valid: 2..8 seats, one --seat each\n");
}

// The others of an advice are counted in the seats' words: one --other per other player, as
// many as the table has seats besides mine.
TEST(OptionRange, TheOthersAreCountedInTheSeatsWords) {
  std::string v6 = "advise --turn-total 5", zehntausend = "advise --game zehntausend --dice 155243";
  for (int k = 0; k < 12; ++k) v6 += " --other 5:p";
  for (int k = 0; k < 8; ++k) zehntausend += " --other 1000";
  const Result a = run(v6), b = run(zehntausend);
  EXPECT_EQ(a.code, 2);
  EXPECT_EQ(a.err, "verflixt: --other given 12 times; valid: 1..11 other players, one --other each\n");
  EXPECT_EQ(b.code, 2);
  EXPECT_EQ(b.err, "verflixt: --other given 8 times; valid: 0..7 other players, one --other each\n");
}

}  // namespace
