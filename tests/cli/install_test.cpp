// Installed like any other tool: `cmake --install` into a temporary prefix, then the installed
// binary answers from an unrelated directory, finds the shipped strategies by name and by
// path, and its man page and bash completion are in place and usable.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "binary.h"
#include "games/registry.h"

namespace {

namespace fs = std::filesystem;
using verflixt::testing::Result;
using verflixt::testing::scratch;
using verflixt::testing::slurp;

// Runs a shell command line in `dir` and captures both streams.
Result shell(const std::string& command, const fs::path& dir) {
  const auto out = scratch() / "install.out", err = scratch() / "install.err";
  const std::string line = "cd '" + dir.string() + "' && (" + command + ") >'" + out.string() + "' 2>'" + err.string() + "'";
  const int status = std::system(line.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

class Installed : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    prefix_ = scratch() / "prefix";
    elsewhere_ = scratch() / "elsewhere";
    fs::remove_all(prefix_);
    fs::create_directories(elsewhere_);
    const Result r = shell(std::string("'") + VERFLIXT_CMAKE_COMMAND + "' --install '" + VERFLIXT_BUILD_DIR +
                               "' --prefix '" + prefix_.string() + "'",
                           elsewhere_);
    install_ = r;
  }
  static Result verflixt(const std::string& args) {
    return shell("'" + (prefix_ / "bin" / "verflixt").string() + "' " + args, elsewhere_);
  }
  static fs::path prefix_, elsewhere_;
  static Result install_;
};

fs::path Installed::prefix_, Installed::elsewhere_;
Result Installed::install_;

TEST_F(Installed, PutsEachFileInItsPlace) {
  ASSERT_EQ(install_.code, 0) << install_.err;
  for (const char* f : {"bin/verflixt", "share/verflixt/strategies/heuristic.ini",
                        "share/verflixt/strategies/schocken/chase.ini", "share/man/man1/verflixt.1.gz",
                        "share/bash-completion/completions/verflixt"})
    EXPECT_TRUE(fs::is_regular_file(prefix_ / f)) << f;
}

TEST_F(Installed, AnswersFromAnUnrelatedDirectory) {
  ASSERT_EQ(install_.code, 0) << install_.err;
  const Result solve = verflixt("solve --jokers none");
  EXPECT_EQ(solve.code, 0) << solve.err;
  EXPECT_NE(solve.out.find("8.1238"), std::string::npos) << solve.out;
  // The policy by name and by its path in the source tree, both found in the installed data:
  // the installed copy is marked (its loadout changed to pony), and the output names the
  // policy by its path from the data root, never by this machine's folders.
  const fs::path installed = prefix_ / "share" / "verflixt" / "strategies" / "heuristic.ini";
  std::string text = slurp(installed);
  const std::size_t at = text.find("\nloadout = ");
  ASSERT_NE(at, std::string::npos);
  text.replace(at + 1, text.find('\n', at + 1) - at - 1, "loadout = pony");
  std::ofstream(installed) << text;
  for (const char* policy : {"heuristic", "strategies/heuristic.ini"}) {
    const Result r = verflixt(std::string("evaluate --policy ") + policy + " --turns 1000");
    EXPECT_EQ(r.code, 0) << policy << ": " << r.err;
    EXPECT_NE(r.out.find("jokers pony (from policy file)"), std::string::npos)
        << policy << " was not read from the installed data:\n" << r.out;
    EXPECT_NE(r.out.find("policy strategies/heuristic.ini "), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find(prefix_.string()), std::string::npos) << r.out;
  }
  const Result schocken = verflixt("evaluate --game schocken --policy strategies/schocken/chase.ini --turns 2000");
  EXPECT_EQ(schocken.code, 0) << schocken.err;
  const Result missing = verflixt("evaluate --policy no-such-policy --turns 10");
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("no-such-policy"), std::string::npos) << missing.err;
}

TEST_F(Installed, HelpCommandIsTheCommandsOwnHelp) {
  ASSERT_EQ(install_.code, 0) << install_.err;
  for (const std::string command : {"solve", "balance", "solve --game pig", "advise --game schocken"}) {
    const Result help = verflixt("help " + command), own = verflixt(command + " --help");
    EXPECT_EQ(help.code, 0) << command << ": " << help.err;
    EXPECT_FALSE(help.out.empty()) << command;
    EXPECT_EQ(help.out, own.out) << command;
  }
  EXPECT_EQ(verflixt("help no-such-command").code, 2);
}

TEST_F(Installed, ManPageRenders) {
  ASSERT_EQ(install_.code, 0) << install_.err;
  const fs::path page = prefix_ / "share" / "man" / "man1" / "verflixt.1.gz";
  if (std::system("command -v man >/dev/null 2>&1") != 0) GTEST_SKIP() << "man is not installed (scripts/setup --developer installs man-db)";
  const Result r = shell("MANWIDTH=100 man -l '" + page.string() + "' 2>&1 | cat", elsewhere_);
  EXPECT_EQ(r.code, 0) << r.err;
  for (const char* text : {"verflixt - strategy lab", "SYNOPSIS", "--turns", "--game zehntausend", "ENVIRONMENT",
                           "VERFLIXT_CACHE_DIR", "FILES", "EXIT STATUS"})
    EXPECT_NE(r.out.find(text), std::string::npos) << text << " missing from the rendered page";
  EXPECT_EQ(r.out.find("troff:"), std::string::npos) << r.out.substr(0, 2000);  // no roff warnings
}

TEST_F(Installed, CompletionListsCommandsGamesAndOptions) {
  ASSERT_EQ(install_.code, 0) << install_.err;
  const std::string script = (prefix_ / "share" / "bash-completion" / "completions" / "verflixt").string();
  // Source the script in bash and ask its function, as the shell does on Tab.
  auto complete = [&](const std::string& words, int cword) {
    return shell("bash -c 'source \"" + script + "\"; COMP_WORDS=(" + words + "); COMP_CWORD=" + std::to_string(cword) +
                     "; _verflixt; printf \"%s\\n\" \"${COMPREPLY[@]}\"'",
                 elsewhere_);
  };
  const Result commands = complete("verflixt \"\"", 1);
  ASSERT_EQ(commands.code, 0) << commands.err;
  for (const char* c : {"solve\n", "evaluate\n", "advise\n", "balance\n", "serve\n", "bench\n", "help\n"})
    EXPECT_NE(commands.out.find(c), std::string::npos) << c << " not offered:\n" << commands.out;
  const Result games = complete("verflixt solve --game \"\"", 3);
  for (const auto& g : verflixt::games::registry())  // every game, the default too
    EXPECT_NE(games.out.find(g.name + "\n"), std::string::npos) << g.name << " not offered:\n" << games.out;
  const Result options = complete("verflixt evaluate --tu", 2);
  EXPECT_EQ(options.out, "--turns\n");
  const Result pig = complete("verflixt solve --game pig --go", 4);
  EXPECT_EQ(pig.out, "--goal\n");
}

}  // namespace
