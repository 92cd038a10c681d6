// Each command's options are declared once (core/option.h) and reach four surfaces: the
// command's --help (its parser), the man page and the bash completion (both generated from the
// help) and the page's request keys (from the command's request table). For every command of
// every game the four are compared here with the options the help lists, so that none can
// drift from the others.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "binary.h"
#include "games/registry.h"
#include "serve/request_schema.h"
#include "verflixt/core/error.h"

namespace verflixt {
namespace {

using testing::run;

// The long options a --help lists: "  --name arg ..." or "  -h [ --help ] ...", one a line.
std::set<std::string> help_options(const std::string& help) {
  static const std::regex option(R"(^  (?:-\w \[ )?(--[a-z0-9-]+))");
  std::set<std::string> out;
  std::istringstream in(help);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_search(line, m, option)) out.insert(m[1]);
  }
  return out;
}

// The words the completion offers after `verflixt GAME COMMAND`.
std::set<std::string> completion_options(const std::string& script, const std::string& game, const std::string& command) {
  const std::string head = "\"" + game + " " + command + "\") opts=\"";
  const auto at = script.find(head);
  if (at == std::string::npos) return {};
  const auto begin = at + head.size();
  std::istringstream words(script.substr(begin, script.find('"', begin) - begin));
  std::set<std::string> out;
  for (std::string w; words >> w;) out.insert(w);
  return out;
}

TEST(OptionSurfaces, TheCompletionAndTheManPageOfferWhatEachCommandsHelpLists) {
  const std::string completion = run("completion bash").out, man = run("--man").out;
  ASSERT_FALSE(completion.empty());
  ASSERT_FALSE(man.empty());
  int commands = 0;
  for (const auto& g : games::registry())
    for (const auto& c : g.commands) {
      const testing::Result help = run(g.name + " " + c.name + " --help");
      ASSERT_EQ(help.code, 0) << g.name << " " << c.name << ": " << help.err;
      std::set<std::string> options = help_options(help.out);
      ASSERT_GT(options.size(), 2u) << g.name << " " << c.name;
      options.insert("--game");  // the completion offers it after any command
      EXPECT_EQ(completion_options(completion, g.name, c.name), options) << g.name << " " << c.name;
      for (const auto& o : options) {
        std::string roff;
        for (const char ch : o) roff += ch == '-' ? std::string("\\-") : std::string(1, ch);
        EXPECT_NE(man.find(roff), std::string::npos) << o << " of " << g.name << " " << c.name << " missing from the man page";
      }
      ++commands;
    }
  EXPECT_GE(commands, 30);
}

TEST(OptionSurfaces, ThePagesRequestKeysAreOptionsOfTheSameCommand) {
  int offered = 0;
  for (const auto& g : games::registry())
    for (const auto& c : g.commands) {
      if (!c.request_options) continue;
      const std::set<std::string> options = help_options(run(g.name + " " + c.name + " --help").out);
      for (const auto& key : cli::request_keys(c.request_options())) {
        const std::string option = "--" + (key.option.empty() ? key.key : key.option);
        EXPECT_TRUE(options.count(option)) << g.name << " " << c.name << ": the request key " << key.key
                                           << " is not an option of the command line (" << option << ")";
      }
      ++offered;
    }
  // Every game's advise and rules, and the default game's solve (answered in the server's process).
  EXPECT_EQ(offered, 2 * static_cast<int>(games::registry().size()) + 1);
}

// The page names policies as the command line does: built-in forms and shipped strategies in
// any case, given back in their own spelling (a shipped one as the server's own path).
TEST(OptionSurfaces, ThePagesPolicyNamesAreReadAsPeopleTypeThem) {
  const auto catalog = cli::PolicyCatalog::from_folder(std::string(VERFLIXT_SOURCE_DIR) + "/strategies");
  EXPECT_EQ(catalog.resolve("policy", "Strong"), "strong");
  EXPECT_EQ(catalog.resolve("policy", "Threshold:17"), "threshold:17");
  EXPECT_EQ(catalog.resolve("policy", "OBJECTIVE"), "objective");
  EXPECT_EQ(catalog.resolve("policy", "Heuristic"), std::string(VERFLIXT_SOURCE_DIR) + "/strategies/heuristic.ini");
  EXPECT_EQ(catalog.resolve("policy", "heuristic"), std::string(VERFLIXT_SOURCE_DIR) + "/strategies/heuristic.ini");
  EXPECT_THROW(catalog.resolve("policy", "heuristik.ini"), core::InputError);
}

}  // namespace
}  // namespace verflixt
