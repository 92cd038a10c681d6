// The verflixt executable end to end: bad input gives exit code 2 and one line naming the
// input and the valid choices, and leaves no output file behind; rules print → read → print
// is the identity through files.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "binary.h"
#include "verflixte6/exact_threshold.h"

namespace {

using verflixt::testing::csv_rows;
using verflixt::testing::Result;
using verflixt::testing::run;
using verflixt::testing::scratch;
using verflixt::testing::slurp;

int lines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

void expect_bad_input(const std::string& args, const std::string& names, const std::string& choice) {
  const auto target = scratch() / "result.json";
  std::filesystem::remove(target);
  const Result r = run(args + " --output " + target.string());
  EXPECT_EQ(r.code, 2) << args;
  EXPECT_EQ(lines(r.err), 1) << args << ": " << r.err;
  EXPECT_NE(r.err.find(names), std::string::npos) << args << ": " << r.err;
  EXPECT_NE(r.err.find(choice), std::string::npos) << args << ": " << r.err;
  EXPECT_FALSE(std::filesystem::exists(target)) << args;
}

TEST(Cli, BadInputIsOneLineExitTwoAndNoFile) {
  expect_bad_input("evaluate --jokers ponny", "ponny", "hirtenschutz");
  expect_bad_input("evaluate --preset tourney", "tourney", "classic");
  expect_bad_input("evaluate --jokers pony,pony", "pony", "twice");
  expect_bad_input("evaluate --jokers pony,jule,fumo,cherry", "4 jokers", "at most 3");
  expect_bad_input("evaluate --preset classic --jokers tentakel", "tentakel", "classic");
  expect_bad_input("evaluate --set turn.bust_face=7", "turn.bust_face", "1..6");
  expect_bad_input("evaluate --set turn.nope=1", "turn.nope", "turn.bust_face");
  expect_bad_input("evaluate --turns 0", "--turns", "valid");
  expect_bad_input("evaluate --players 13", "--players", "2..12");
  expect_bad_input("evaluate --players 4 --engine exact", "exact", "kernel");
  expect_bad_input("evaluate --format xml", "xml", "json");
  expect_bad_input("evaluate --policy greedy", "greedy", "threshold:N");
  expect_bad_input("evaluate --frobnicate", "frobnicate", "--help");
  expect_bad_input("frobnicate", "frobnicate", "evaluate");

  const auto dir = scratch();
  std::ofstream(dir / "bad.ini") << "[pony]\ntargte = 12\n";
  expect_bad_input("evaluate --rules " + (dir / "bad.ini").string(), "pony.targte", "pony.target");
  std::ofstream(dir / "broken.ini") << "[pony\ntarget\n";
  expect_bad_input("evaluate --rules " + (dir / "broken.ini").string(), "broken.ini", "key = value");
  std::ofstream(dir / "range.ini") << "[turn]\nbust_face = 0\n";
  expect_bad_input("evaluate --rules " + (dir / "range.ini").string(), "bust_face", "1..6");
  std::ofstream(dir / "policy.ini") << "[policy]\nstop_at = lots\n";
  expect_bad_input("evaluate --policy " + (dir / "policy.ini").string(), "stop_at", "integer");
}

TEST(Cli, RulesPrintReadPrintIsTheIdentity) {
  const auto dir = scratch();
  for (const std::string preset : {"tournament-2019", "classic"}) {
    const Result a = run("rules --preset " + preset + " --set pony.target=12 --output " + (dir / "a.ini").string());
    ASSERT_EQ(a.code, 0) << a.err;
    const Result b = run("rules --rules " + (dir / "a.ini").string());
    ASSERT_EQ(b.code, 0) << b.err;
    EXPECT_EQ(b.out, slurp(dir / "a.ini"));
    EXPECT_NE(b.out.find("target = 12"), std::string::npos);
  }
}

TEST(Cli, EvaluateJsonRecordsWhatMadeIt) {
  const Result r = run("evaluate --turns 20000 --seed 7 --jokers hirtenschutz --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  for (const char* key : {"\"turns\"", "\"mean\"", "\"stderr\"", "\"bust_rate\"", "\"seed\": 7", "\"rules\"",
                          "\"policy\"", "\"jokers\": \"hirtenschutz\"", "\"version\"", "\"ci95\""})
    EXPECT_NE(r.out.find(key), std::string::npos) << key;
  const Result again = run("evaluate --turns 20000 --seed 7 --jokers hirtenschutz --format csv --threads 1");
  const Result twice = run("evaluate --turns 20000 --seed 7 --jokers hirtenschutz --format csv --threads 2");
  EXPECT_EQ(again.out, twice.out);
  // The three engines agree: exact to the recursion's digits, the samplers within 4 SE.
  const double exact = verflixt::verflixte6::testing::exact_threshold_value(verflixt::verflixte6::preset("classic"), 19);
  const Result ex = run("evaluate --preset classic --policy threshold:19 --engine exact --format csv");
  ASSERT_EQ(ex.code, 0) << ex.err;
  const Result ej = run("evaluate --preset classic --policy threshold:19 --exact --format json");
  const auto ev_at = ej.out.find("\"ev\": ");
  ASSERT_NE(ev_at, std::string::npos);
  EXPECT_NEAR(std::stod(ej.out.substr(ev_at + 6)), exact, 1e-9);
  for (const char* engine : {"kernel", "reference"}) {
    const Result mc = run(std::string("evaluate --preset classic --policy threshold:19 --turns 400000 --format csv --engine ") + engine);
    ASSERT_EQ(mc.code, 0) << mc.err;
    std::istringstream rows(csv_rows(mc.out));
    std::string header, row;
    std::getline(rows, header);
    std::getline(rows, row);
    std::vector<std::string> cells;
    std::istringstream cs(row);
    for (std::string c; std::getline(cs, c, ',');) cells.push_back(c);
    ASSERT_GE(cells.size(), 4u);
    EXPECT_NEAR(std::stod(cells[2]), exact, 4 * std::stod(cells[3])) << engine;
  }
  const Result help = run("evaluate --help");
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("--policy"), std::string::npos);
}

// Passes at a table are counted in turns in CSV as in JSON: a seat's row holds one turn a pass,
// the "all" row one a seat a pass, and a pass's bust is its bust_rate.
TEST(Cli, EvaluatePassesCsvCountsTurnsAsItsJsonDoes) {
  const Result r = run("evaluate --players 3 --turns 500 --seed 7 --format csv");
  ASSERT_EQ(r.code, 0) << r.err;
  std::istringstream rows(csv_rows(r.out));
  std::string header, row, all;
  std::getline(rows, header);
  EXPECT_EQ(header.substr(0, header.find(",mean")), "label,turns");
  EXPECT_NE(header.find(",bust_rate,bust_stderr,"), std::string::npos) << header;
  while (std::getline(rows, row))
    if (row.rfind("all,", 0) == 0) all = row;
  EXPECT_EQ(all.substr(0, all.find(",", 4)), "all,1500");
}

}  // namespace
