// One way to ask at every table: the README's table of the situation words (game × --dice,
// --throw, --score, --turn-total, --other, --seat, --players) is what each game's advise
// takes — a word the table gives a game is an option of its advise, a "—" is none — and the
// earlier spellings still answer exactly as the current words do, with a note naming them.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "binary.h"

namespace {

using verflixt::testing::Result;
using verflixt::testing::run;
using verflixt::testing::slurp;

// The cells of a Markdown table row ("| a | b |" -> {"a", "b"}), trimmed.
std::vector<std::string> cells(const std::string& row) {
  std::vector<std::string> out;
  std::string cell;
  std::istringstream in(row.substr(1));
  while (std::getline(in, cell, '|')) {
    const auto b = cell.find_first_not_of(' '), e = cell.find_last_not_of(' ');
    out.push_back(b == std::string::npos ? "" : cell.substr(b, e - b + 1));
  }
  if (!out.empty() && out.back().empty()) out.pop_back();
  return out;
}

struct WordTable {
  std::vector<std::string> words;                          // "dice", "throw", ...
  std::map<std::string, std::vector<std::string>> games;  // game -> its cells, one per word
};

// The README's table whose header starts "| game | `--dice` |".
WordTable readme_words() {
  std::istringstream in(slurp(std::filesystem::path(VERFLIXT_SOURCE_DIR) / "README.md"));
  WordTable t;
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!inside) {
      if (line.rfind("| game | `--dice` |", 0) != 0) continue;
      inside = true;
      for (const auto& c : cells(line))
        if (c.rfind("`--", 0) == 0) t.words.push_back(c.substr(3, c.find('`', 3) - 3));
      continue;
    }
    if (line.rfind("|---", 0) == 0) continue;
    if (line.rfind("| `", 0) != 0) break;
    const auto row = cells(line);
    t.games[row.front().substr(1, row.front().size() - 2)] = std::vector<std::string>(row.begin() + 1, row.end());
  }
  return t;
}

// Whether `advise --help` of `game` lists --word as an option of its own.
bool lists(const std::string& help, const std::string& word) {
  return help.find("\n  --" + word + " ") != std::string::npos;
}

TEST(Vocabulary, TheReadmeTableIsWhatEveryGamesAdviseTakes) {
  const WordTable t = readme_words();
  ASSERT_EQ(t.words, (std::vector<std::string>{"dice", "throw", "score", "turn-total", "other", "seat", "players"}));
  ASSERT_EQ(t.games.size(), 6u) << "one row per game";
  for (const auto& [game, row] : t.games) {
    ASSERT_EQ(row.size(), t.words.size()) << game;
    const Result help = run(game + " advise --help");
    ASSERT_EQ(help.code, 0) << game << help.err;
    for (size_t k = 0; k < row.size(); ++k)
      EXPECT_EQ(lists(help.out, t.words[k]), row[k] != "—")
          << game << " --" << t.words[k] << ": the README says \"" << row[k] << "\"";
  }
}

// Each pair: the same situation in an earlier spelling and in the current words.
struct Spelling {
  std::string old_form, new_form, note;
};

TEST(Vocabulary, EarlierSpellingsAnswerAsTheCurrentWordsWithANote) {
  const std::vector<Spelling> pairs = {
      {"advise --eyes 12 --total 30 --other 20:p --format json", "advise --turn-total 12 --score 30 --other 20:p --format json",
       "--eyes is now called --turn-total"},
      {"pig advise --goal 30 --score 5 --opponent 20 --turn-total 4", "pig advise --goal 30 --score 5 --other 20 --turn-total 4",
       "--opponent is now called --other"},
      {"zehntausend advise --throw 155243 --total 500 --opponent 1000 --format json",
       "zehntausend advise --dice 155243 --score 500 --other 1000 --format json", "--throw is now called --dice"},
      {"schocken advise --dice 661 --target 421 --target-throws 2", "schocken advise --dice 661 --other 421 --other-throws 2",
       "--target is now called --other"},
      {"schocken advise --dice 661 --players 4 --position 2", "schocken advise --dice 661 --players 4 --seat 2",
       "--position is now called --seat"},
      {"en-gingg advise --throw 5,4,4,2 --aside 6,6 --throws 1", "en-gingg advise --dice 5,4,4,2 --aside 6,6 --throw 2",
       "the dice are now given with --dice"},
  };
  for (const auto& p : pairs) {
    const Result was = run(p.old_form), now = run(p.new_form);
    ASSERT_EQ(now.code, 0) << p.new_form << "\n" << now.err;
    EXPECT_EQ(was.code, 0) << p.old_form << "\n" << was.err;
    // The JSON answers carry their wall time: compare them without it.
    const auto timeless = [](std::string s) {
      for (const std::string key : {"\"seconds\": ", "wall time"}) {
        for (auto at = s.find(key); at != std::string::npos; at = s.find(key, at + 1)) {
          const auto end = s.find('\n', at);
          s.erase(at, end - at);
        }
      }
      return s;
    };
    EXPECT_EQ(timeless(was.out), timeless(now.out)) << p.old_form;
    EXPECT_NE(was.err.find(p.note), std::string::npos) << p.old_form << ": " << was.err;
    EXPECT_EQ(now.err.find("note:"), std::string::npos) << p.new_form << ": " << now.err;
  }
}

TEST(Vocabulary, OneOptionGivenInBothSpellingsIsRefused) {
  const Result r = run("pig advise --score 5 --other 20 --opponent 20");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("give one of --other and --opponent"), std::string::npos) << r.err;
}

}  // namespace
