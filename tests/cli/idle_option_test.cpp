// An option given where it changes nothing gets one warning naming it and the option it
// needs (or the one that idles it), and so does a --set players=N where the command seats its
// own players; the claim is checked: the answer is the same bytes without it (a JSON answer
// but for its "warnings", which list what stderr said). An option given where it acts gets no
// warning.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "binary.h"

namespace {

using verflixt::testing::Result;
using verflixt::testing::run;

struct Idle {
  std::string args;     // the run with the idle option
  std::string without;  // the same run without it
  std::string warning;  // the warnings' words after "verflixt: warning: ", a line each
};

const std::vector<Idle> kIdle = {
    {"schocken solve --limit 2 --format csv", "schocken solve --format csv", "--limit changes nothing without --target"},
    {"schocken solve --target-throws 2 --format csv", "schocken solve --format csv",
     "--target-throws changes nothing without --target"},
    {"schocken solve --players 3 --format csv", "schocken solve --format csv",
     "--players changes nothing without --equilibrium"},
    {"schocken solve --equilibrium --target 653 --format csv", "schocken solve --equilibrium --format csv",
     "--target changes nothing with --equilibrium"},
    {"pig solve --goal 30 --compensate --step 5 --format csv", "pig solve --goal 30 --compensate --format csv",
     "--step changes nothing with --compensate"},
    {"pig solve --goal 30 --compensate --tolerance 1e-6 --format csv", "pig solve --goal 30 --compensate --format csv",
     "--tolerance changes nothing with --compensate"},
    {"tournament --seat threshold:17 --seat threshold:19 --policy threshold:18 --evenings 50 --format csv",
     "tournament --seat threshold:17 --seat threshold:19 --evenings 50 --format csv",
     "--policy changes nothing without --seats"},
    {"zehntausend evaluate --exact --turns 500 --seed 5 --format csv", "zehntausend evaluate --exact --format csv",
     "--turns changes nothing with --exact\n--seed changes nothing with --exact"},
    {"evaluate --exact --turns 5 --seed 3 --format json", "evaluate --exact --format json",
     "--turns changes nothing with --exact\n--seed changes nothing with --exact"},
    {"sweep --from 15 --to 16 --turns 2000 --jokers pony --loadouts singles --format csv",
     "sweep --from 15 --to 16 --turns 2000 --loadouts singles --format csv", "--jokers changes nothing with --loadouts"},
    {"zehntausend advise --dice 155243 --seat 2 --policy race --overshoot 100 --games 500 --seed 3 --format json",
     "zehntausend advise --dice 155243 --format json",
     "--seat changes nothing without --other\n--policy changes nothing without --other\n--overshoot changes nothing "
     "without --other\n--games changes nothing without --other\n--seed changes nothing without --other"},
    {"kniffel solve --set throws=1 --set bonus_threshold=3 --no-cache --cache unused-cache-dir --format json",
     "kniffel solve --set throws=1 --set bonus_threshold=3 --no-cache --format json",
     "--cache changes nothing with --no-cache"},
    // A player count the command fixes itself: the two of Pig's solve, one per --seat at a table.
    {"pig solve --goal 30 --set players=3 --format csv", "pig solve --goal 30 --format csv",
     "--set players=3 changes nothing: this command plays 2 players"},
    {"schocken tournament --seat stand --seat equilibrium --games 200 --set players=5 --format csv",
     "schocken tournament --seat stand --seat equilibrium --games 200 --format csv",
     "--set players=5 changes nothing: the table seats one player per --seat (2)"},
    {"pig balance --seat hold:5 --seat hold:8 --games 200 --vary goal=10,20 --set players=3 --format csv",
     "pig balance --seat hold:5 --seat hold:8 --games 200 --vary goal=10,20 --format csv",
     "--set players=3 changes nothing: the table seats one player per --seat (2)"},
};

// `text` without its "seconds" lines (a JSON's timing).
std::string untimed(const std::string& text) {
  std::string out, line;
  std::istringstream in(text);
  while (std::getline(in, line))
    if (line.find("\"seconds\"") == std::string::npos) out += line + "\n";
  return out;
}

// Each line of `words` as the warning it is.
std::string warnings(const std::string& words) {
  std::string out, line;
  std::istringstream in(words);
  while (std::getline(in, line)) out += "verflixt: warning: " + line + "\n";
  return out;
}

TEST(IdleOption, IsWarnedAndChangesNothing) {
  for (const Idle& c : kIdle) {
    const Result with = run(c.args), without = run(c.without);
    ASSERT_EQ(with.code, 0) << c.args << ": " << with.err;
    ASSERT_EQ(without.code, 0) << c.without << ": " << without.err;
    EXPECT_EQ(with.err, warnings(c.warning)) << c.args;
    EXPECT_EQ(without.err, "") << c.without;
    if (!with.out.starts_with("{")) {
      EXPECT_EQ(untimed(with.out), untimed(without.out)) << c.args << " answers otherwise than " << c.without;
      continue;
    }
    nlohmann::json said = nlohmann::json::array(), j = nlohmann::json::parse(with.out),
                   k = nlohmann::json::parse(without.out);
    std::istringstream lines(c.warning);
    for (std::string line; std::getline(lines, line);) said.push_back(line);
    EXPECT_EQ(j["warnings"], said) << c.args;
    EXPECT_FALSE(k.contains("warnings")) << c.without;
    for (nlohmann::json* d : {&j, &k}) d->erase("warnings"), d->erase("seconds");
    EXPECT_EQ(j, k) << c.args << " answers otherwise than " << c.without;
  }
}

TEST(IdleOption, AnOptionThatActsIsNotWarned) {
  for (const char* args : {"schocken solve --target 653 --limit 2 --format csv",
                           "zehntausend advise --dice 155243 --other 3000 --seat 2 --games 300 --seed 3 --policy race",
                           "schocken tournament --seat stand --seat equilibrium --games 200 --set players=2 --format csv",
                           "pig solve --goal 30 --step 5 --format csv",
                           "tournament --seats 2 --policy threshold:18 --evenings 50 --format csv"}) {
    const Result r = run(args);
    EXPECT_EQ(r.code, 0) << args;
    EXPECT_EQ(r.err, "") << args;
  }
  // --write-policy without --equilibrium writes nothing, and says so.
  const auto target = verflixt::testing::scratch() / "keeps.policy";
  std::filesystem::remove(target);
  const Result r = run("schocken solve --write-policy " + target.string() + " --format csv");
  EXPECT_EQ(r.err, "verflixt: warning: --write-policy changes nothing without --equilibrium\n");
  EXPECT_FALSE(std::filesystem::exists(target));
}

// Every warning and note is worded alike, "verflixt: warning: " or "verflixt: note: " and one
// line, whichever command gives it: the ones above come from the option tables, these from the
// commands themselves.
TEST(IdleOption, EveryWarningAndNoteIsWordedAlike) {
  const Result note = run("en-gingg advise --throw 665321 --format csv");
  EXPECT_EQ(note.code, 0) << note.err;
  EXPECT_EQ(note.err, "verflixt: note: the dice are now given with --dice; --throw N is which throw this is\n");
  const Result chase = run("kniffel evaluate --policy chase --games 20 --format csv");
  EXPECT_EQ(chase.code, 0) << chase.err;
  EXPECT_EQ(chase.err, warnings("--policy chase plays for the win only at a table (tournament); alone it is optimal"));
  // The server warns of a token on its command line before it finds it cannot listen (192.0.2.1 is a
  // documentation address no machine holds: the bind fails at once, with no name to look up).
  const Result token = run("serve --token abcdefghijklmnop0123 --bind 192.0.2.1");
  EXPECT_EQ(token.code, 2) << token.err;
  EXPECT_EQ(token.err.rfind(warnings("--token is visible to every user of this machine (ps); prefer --token-file FILE or "
                                     "VERFLIXT_TOKEN"),
                            0),
            0u)
      << token.err;
}

}  // namespace
