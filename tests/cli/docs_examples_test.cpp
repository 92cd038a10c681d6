// The documented commands run. A shell example in README.md or docs/ that a reader may copy is
// marked with a line `<!-- run -->` right before its fence; every command of it (a line of an
// ```sh block, or a `$ ` line of a ```console block) runs here from the source tree, with the
// built verflixt first on PATH, and must exit 0 — or with the code a trailing `# exit N` names.
// Long runs stay unmarked.
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
      if (line.rfind("$ ", 0) != 0) continue;  // shown output
      command = line.substr(2);
    }
    if (command.empty() || command[0] == '#') continue;
    Example e{file + ":" + std::to_string(number), command};
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
  }
}

}  // namespace
