// What a user reads speaks the user's language: no numbered work periods, no issue numbers, no
// "seed 00N" names of the rule sources and no machine paths — in the sources and headers (their
// comments are read too), the docs, the README, and everything the binary prints for --help and
// `rules`. The history of how something was made lives in git log.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "binary.h"

namespace {

namespace fs = std::filesystem;
using verflixt::testing::run;

const fs::path kSource = VERFLIXT_SOURCE_DIR;

const std::regex& private_word() {
  static const std::regex r(R"(session [0-9]|issue [0-9]|base commit|seed[- ]00[0-9]|/work/|/home/|[^/a-z]rules\.md)", std::regex::icase);
  return r;
}

// "file:line: text" for every line of `text` holding a private word.
std::vector<std::string> findings(const std::string& text, const std::string& where) {
  std::vector<std::string> found;
  std::istringstream in(text);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (std::regex_search(line, private_word()))
      found.push_back(where + ":" + std::to_string(number) + ": " + line);
  }
  return found;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += "\n  " + x;
  return s;
}

TEST(PrivateWords, TheDetectorFindsEachKind) {
  for (const char* bad : {"as session 14 found", "see Issue 12", "preset seed-003", "(seed 002)",
                          "read /work/shared/RULES.md", "/home/me/x", "as RULES.md says",
                          "the branch's base commit"})
    EXPECT_EQ(findings(bad, "x").size(), 1u) << bad;
  EXPECT_TRUE(findings("a cluster::Session session(argc, argv); the issue at hand", "x").empty());
}

TEST(PrivateWords, NoneInSourcesHeadersDocsOrReadme) {
  std::vector<std::string> found;
  size_t files = 0;
  for (const char* dir : {"src", "include", "docs"}) {
    for (const auto& e : fs::recursive_directory_iterator(kSource / dir)) {
      if (!e.is_regular_file()) continue;
      ++files;
      std::ifstream in(e.path(), std::ios::binary);
      std::ostringstream s;
      s << in.rdbuf();
      const auto f = findings(s.str(), fs::relative(e.path(), kSource).string());
      found.insert(found.end(), f.begin(), f.end());
    }
  }
  std::ifstream readme(kSource / "README.md");
  std::ostringstream s;
  s << readme.rdbuf();
  ASSERT_FALSE(s.str().empty());
  const auto f = findings(s.str(), "README.md");
  found.insert(found.end(), f.begin(), f.end());
  EXPECT_GT(files, 100u);
  EXPECT_TRUE(found.empty()) << joined(found);
}

// The tests, benchmarks and scripts are code too: no history, no rule sources' file names and
// no machine paths in them either (this file names every private word as an example).
TEST(PrivateWords, NoneInTestsBenchmarksOrScripts) {
  std::vector<std::string> found;
  size_t files = 0;
  for (const char* dir : {"tests", "bench", "scripts", "strategies"}) {
    for (const auto& e : fs::recursive_directory_iterator(kSource / dir)) {
      if (!e.is_regular_file() || e.path().filename() == "private_words_test.cpp") continue;
      ++files;
      std::ifstream in(e.path(), std::ios::binary);
      std::ostringstream s;
      s << in.rdbuf();
      const auto f = findings(s.str(), fs::relative(e.path(), kSource).string());
      found.insert(found.end(), f.begin(), f.end());
    }
  }
  EXPECT_GT(files, 100u);
  EXPECT_TRUE(found.empty()) << joined(found);
}

// Every (game, command) pair the binary knows, read off its own completion script.
std::vector<std::pair<std::string, std::string>> commands() {
  const auto r = run("completion bash");
  EXPECT_EQ(r.code, 0) << r.err;
  static const std::regex pair(R"re(^\s+"([a-z0-9-]+) ([a-z]+)"\))re");
  std::vector<std::pair<std::string, std::string>> out;
  std::istringstream in(r.out);
  std::smatch m;
  for (std::string line; std::getline(in, line);)
    if (std::regex_search(line, m, pair)) out.emplace_back(m[1], m[2]);
  return out;
}

TEST(PrivateWords, NoneInAnyHelpOrRulesOutput) {
  const auto pairs = commands();
  ASSERT_GE(pairs.size(), 30u);
  std::vector<std::string> found;
  // Help texts print defaults as typed (1e-12), never as the double's 17 digits.
  static const std::regex long_number(R"([0-9]\.[0-9]{12,})");
  auto check = [&](const std::string& args) {
    const auto r = run(args);
    EXPECT_EQ(r.code, 0) << args << ": " << r.err;
    const auto f = findings(r.out + r.err, "verflixt " + args);
    found.insert(found.end(), f.begin(), f.end());
    if (std::regex_search(r.out, long_number)) found.push_back("verflixt " + args + ": a default printed with all its digits");
  };
  check("--help");
  check("--man");
  for (const auto& [game, command] : pairs) {
    const std::string game_arg = game == "verflixte6" ? "" : " --game " + game;
    check(command + game_arg + " --help");
    if (command == "rules") check("rules" + game_arg);
  }
  check("rules --preset classic");
  EXPECT_TRUE(found.empty()) << joined(found);
}

}  // namespace
