// The documented commands run. A shell example in README.md or docs/ that a reader may copy is
// marked with a line `<!-- run -->` right before its fence; every command of it (a line of an
// ```sh block, or a `$ ` line of a ```console block) runs here from the source tree, with the
// built verflixt first on PATH, and must exit 0 — or with the code a trailing `# exit N` names.
// In a ```console block the lines shown under a command are its output, compared with what
// it prints: line by line, a line "..." standing for any number of lines, times and rates
// (a number before "s", "ms" or "/s") read as any number. Long runs stay unmarked.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "binary.h"

namespace {

namespace fs = std::filesystem;
using verflixt::testing::scratch;
using verflixt::testing::slurp;

const fs::path kSource = VERFLIXT_SOURCE_DIR;

struct Example {
  std::string where, command;
  int exit_code = 0;
  bool shows = false;                // a console command: its output is shown below it
  std::vector<std::string> output;  // the lines shown
};

// The marked commands of one Markdown text.
std::vector<Example> marked_commands(const std::string& text, const std::string& file) {
  std::vector<Example> out;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  bool marked = false, inside = false, console = false;
  static const std::regex exit_note(R"(\s+# exit ([0-9]+)\s*$)");
  while (std::getline(in, line)) {
    ++number;
    if (!inside) {
      if (line == "<!-- run -->") {
        marked = true;
      } else if (line.rfind("```", 0) == 0) {
        inside = true, console = line == "```console";
        if (marked && line != "```sh" && !console) ADD_FAILURE() << file << ":" << number << ": a marked block must be ```sh or ```console";
      } else if (!line.empty()) {
        marked = false;
      }
      continue;
    }
    if (line.rfind("```", 0) == 0) {
      inside = false, marked = false;
      continue;
    }
    if (!marked) continue;
    std::string command = line;
    if (console) {
      if (line.rfind("$ ", 0) != 0) {
        if (!out.empty() && out.back().shows) out.back().output.push_back(line);
        continue;
      }
      command = line.substr(2);
    }
    if (command.empty() || command[0] == '#') continue;
    Example e{file + ":" + std::to_string(number), command, 0, console, {}};
    std::smatch m;
    if (std::regex_search(command, m, exit_note)) e.exit_code = std::stoi(m[1]);
    out.push_back(e);
  }
  return out;
}

std::vector<Example> all_marked_commands() {
  std::vector<fs::path> files = {kSource / "README.md"};
  for (const auto& e : fs::recursive_directory_iterator(kSource / "docs"))
    if (e.is_regular_file() && e.path().extension() == ".md") files.push_back(e.path());
  std::vector<Example> all;
  for (const auto& f : files) {
    std::ifstream in(f);
    std::ostringstream s;
    s << in.rdbuf();
    const auto found = marked_commands(s.str(), fs::relative(f, kSource).string());
    all.insert(all.end(), found.begin(), found.end());
  }
  return all;
}

// Times and rates vary from run to run and machine to machine: read as "<t>".
std::string normalized(const std::string& line) {
  static const std::regex timing(R"([0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)? ?(s|ms|/s|turns/s)\b)");
  std::string out = std::regex_replace(line, timing, "<t>");
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// Whether a shown line is the printed one: equal, or with "..." in it standing for any text
// (an elided run of columns), the pieces between appearing in order, the first at the start
// and the last at the end.
bool same_line(const std::string& shown, const std::string& printed) {
  if (shown.find("...") == std::string::npos) return shown == printed;
  std::vector<std::string> pieces;
  for (std::size_t at = 0;;) {
    const std::size_t dots = shown.find("...", at);
    pieces.push_back(shown.substr(at, dots == std::string::npos ? std::string::npos : dots - at));
    if (dots == std::string::npos) break;
    at = dots + 3;
  }
  if (printed.rfind(pieces.front(), 0) != 0) return false;
  std::size_t at = pieces.front().size();
  for (std::size_t k = 1; k + 1 < pieces.size(); ++k) {
    at = printed.find(pieces[k], at);
    if (at == std::string::npos) return false;
    at += pieces[k].size();
  }
  const std::string& last = pieces.back();
  return printed.size() >= at + last.size() && printed.compare(printed.size() - last.size(), last.size(), last) == 0;
}

bool elides_lines(const std::string& shown) {
  const std::size_t first = shown.find_first_not_of(' ');
  return first != std::string::npos && shown.substr(first) == "...";
}

// Where the shown lines and the printed ones part, or "" when the shown ones are what was
// printed ("..." standing for any run of lines, the shown lines ending where a "..." ends).
std::string first_difference(const std::vector<std::string>& shown, const std::string& printed) {
  std::vector<std::string> got;
  std::istringstream in(printed);
  for (std::string l; std::getline(in, l);) got.push_back(normalized(l));
  while (!got.empty() && got.back().empty()) got.pop_back();
  std::vector<std::string> want;
  for (const auto& l : shown) want.push_back(normalized(l));
  while (!want.empty() && want.back().empty()) want.pop_back();
  // Greedy with backtracking over the "..." (few per example): the last match wins.
  std::size_t w = 0, g = 0, star_w = std::string::npos, star_g = 0;
  while (g < got.size() || w < want.size()) {
    if (w < want.size() && elides_lines(want[w])) {
      star_w = w++, star_g = g;
      continue;
    }
    if (w < want.size() && g < got.size() && same_line(want[w], got[g])) {
      ++w, ++g;
      continue;
    }
    if (star_w != std::string::npos && star_g < got.size()) {
      w = star_w + 1, g = ++star_g;
      continue;
    }
    if (w >= want.size() && star_w == want.size() - 1) return "";  // a trailing "..."
    return w < want.size() ? "shown: " + want[w] + "\nprinted: " + (g < got.size() ? got[g] : "(nothing more)")
                           : "printed, not shown: " + got[g];
  }
  return "";
}

TEST(DocsExamples, ShownOutputIsComparedLineByLine) {
  EXPECT_EQ(first_difference({"a", "...", "d"}, "a\nb\nc\nd\n"), "");
  EXPECT_EQ(first_difference({"a", "..."}, "a\nb\n"), "");
  EXPECT_EQ(first_difference({"solved in 1.5 s, 3.2e8 turns/s"}, "solved in 12.25 s, 1.1e9 turns/s\n"), "");
  EXPECT_NE(first_difference({"a", "c"}, "a\nb\n"), "");
  EXPECT_NE(first_difference({"a"}, "a\nb\n"), "");
  EXPECT_NE(first_difference({"P(win) 0.53"}, "P(win) 0.54\n"), "");
  EXPECT_EQ(first_difference({"  ...", "joker  P(win)  ...  lift"}, "head\njoker  P(win)  E  F  lift\n"), "");
  EXPECT_NE(first_difference({"joker  ...  lift"}, "joker  P(win)  left\n"), "");
}

TEST(DocsExamples, TheMarkerIsRead) {
  const auto found = marked_commands(
      "text\n<!-- run -->\n```sh\nverflixt solve\n# a comment\nverflixt nope   # exit 2\n```\n"
      "```sh\nverflixt unmarked\n```\n<!-- run -->\n```console\n$ verflixt --version\nverflixt 0.1.0\n```\n",
      "x.md");
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].command, "verflixt solve");
  EXPECT_EQ(found[1].exit_code, 2);
  EXPECT_EQ(found[2].command, "verflixt --version");
  EXPECT_EQ(found[2].where, "x.md:13");
}

TEST(DocsExamples, EveryMarkedCommandRunsAndExitsAsShown) {
  const auto examples = all_marked_commands();
  ASSERT_GE(examples.size(), 10u) << "the README's first answers are marked <!-- run -->";
  const fs::path bin = fs::path(VERFLIXT_BINARY).parent_path();
  const auto out = scratch() / "example.out", err = scratch() / "example.err";
  for (const auto& e : examples) {
    const std::string line = "cd '" + kSource.string() + "' && PATH='" + bin.string() + "':\"$PATH\" bash -o pipefail -c '" +
                             std::regex_replace(e.command, std::regex("'"), "'\\''") + "' >'" + out.string() + "' 2>'" +
                             err.string() + "'";
    const int status = std::system(line.c_str());
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    EXPECT_EQ(code, e.exit_code) << e.where << ": " << e.command << "\n" << slurp(err);
    if (e.shows && !e.output.empty() && code == e.exit_code) {
      const std::string difference = first_difference(e.output, slurp(out));
      EXPECT_EQ(difference, "") << e.where << ": " << e.command << ": the output shown is not what it prints\n" << difference;
    }
  }
}

}  // namespace
