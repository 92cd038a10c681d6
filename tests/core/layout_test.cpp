// The layering of the source tree (docs/architecture.md): the core knows no game, a game knows
// the core and itself, a game's commands (games/<game>/commands/) know their game and the
// command line's plumbing (verflixt::cli_kit) — not the command surface above them —, the
// plumbing knows only the core, the registry of games knows the games and their commands, the
// server (src/serve) knows the registry and what is below it, and only the command surface (the
// rest of src/cli), the Python module (src/python) and the tests see everything.
// Checked on the includes of every source file, so a new file that reaches upward fails here.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
const fs::path kSource = VERFLIXT_SOURCE_DIR;

// The command line's plumbing: the files verflixt_cli_kit lists (src/cli/CMakeLists.txt),
// by stem, so cli.cpp and cli.h are both the plumbing. Read from the build file so the rule
// follows the target: a file moved between the plumbing and the surface needs no edit here.
const std::set<std::string>& kit_stems() {
  static const std::set<std::string> stems = [] {
    std::ifstream in(kSource / "src" / "cli" / "CMakeLists.txt");
    std::stringstream text;
    text << in.rdbuf();
    const std::string s = text.str();
    std::set<std::string> out;
    const auto begin = s.find("add_library(verflixt_cli_kit ");
    if (begin == std::string::npos) return out;
    std::istringstream words(s.substr(begin, s.find(')', begin) - begin));
    for (std::string w; words >> w;)
      if (const std::string ext = fs::path(w).extension().string(); ext == ".cpp" || ext == ".h")  // a header-only piece is listed as .h
        out.insert(fs::path(w).stem().string());
    return out;
  }();
  return stems;
}

// The layer of a project include as written ("verflixt/core/rng.h", "core/power.h",
// "games/pig/x.h", "games/pig/commands/x.h", "cli/cli.h", "cli/manual.h"): "core",
// "games/<name>", "games/<name>/commands", "cli/kit" (the plumbing), "cli" (the surface) or ""
// for the generated version header and anything else.
std::string layer_of_include(const std::string& inc) {
  std::string p = inc.rfind("verflixt/", 0) == 0 ? inc.substr(9) : inc;
  if (p.rfind("core/", 0) == 0) return "core";
  if (p.rfind("games/", 0) == 0) {
    const auto slash = p.find('/', 6);
    if (slash == std::string::npos) return "games";
    const std::string game = p.substr(0, slash);
    return p.compare(slash, 10, "/commands/") == 0 ? game + "/commands" : game;
  }
  if (p.rfind("cli/", 0) == 0) return kit_stems().count(fs::path(p).stem().string()) ? "cli/kit" : "cli";
  if (p.rfind("python/", 0) == 0) return "python";
  if (p.rfind("serve/", 0) == 0) return "serve";
  return "";
}

// The layer a file of the tree belongs to, from its path under include/verflixt or src.
std::string layer_of_file(const fs::path& rel) {
  std::string p = rel.generic_string();
  for (const char* root : {"include/verflixt/", "src/"})
    if (p.rfind(root, 0) == 0) p = p.substr(std::string(root).size());
  return layer_of_include(p);
}

// Whether a file in `from` may include one in `to`.
bool allowed(const std::string& from, const std::string& to) {
  if (to.empty() || to == "core") return true;  // everyone may use the core (and version.h)
  // The Python module (src/python/) sits on top beside the command surface: it may use
  // everything, and nothing uses it.
  if (to == "python") return from == "python";
  if (from == "python") return true;
  if (from == "cli") return true;               // the command surface sits on top
  // The server: over the registry (and so every game and its commands), below the surface.
  if (to == "serve") return from == "serve";
  if (from == "serve") return to == "cli/kit" || to == "games" || to.rfind("games/", 0) == 0;
  if (from == "cli/kit") return to == "cli/kit";  // the plumbing: the core and itself
  // The registry (src/games/registry.*) names every game and its commands: above them, below
  // the command surface.
  if (from == "games") return to == "games" || to.rfind("games/", 0) == 0;
  // A game's commands: the command line's plumbing (not its surface), their game and themselves.
  const std::string suffix = "/commands";
  if (from.size() > suffix.size() && from.compare(from.size() - suffix.size(), suffix.size(), suffix) == 0)
    return to == "cli/kit" || to == from || to == from.substr(0, from.size() - suffix.size());
  return from == to;                            // a game only its own files; the core none
}

std::vector<std::string> violations() {
  const std::regex include_line(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::vector<std::string> out;
  for (const char* top : {"include/verflixt", "src"}) {
    for (const auto& entry : fs::recursive_directory_iterator(kSource / top)) {
      const auto ext = entry.path().extension();
      if (!entry.is_regular_file() || (ext != ".h" && ext != ".cpp")) continue;
      const fs::path rel = fs::relative(entry.path(), kSource);
      const std::string from = layer_of_file(rel);
      if (from.empty()) continue;  // files outside the three layers (none today)
      std::ifstream in(entry.path());
      std::string line;
      for (int n = 1; std::getline(in, line); ++n) {
        std::smatch m;
        if (!std::regex_search(line, m, include_line)) continue;
        const std::string to = layer_of_include(m[1]);
        if (!allowed(from, to))
          out.push_back(rel.generic_string() + ":" + std::to_string(n) + " (" + from + ") includes " +
                        m[1].str() + " (" + to + ")");
      }
    }
  }
  return out;
}

TEST(Layout, EveryFileLivesInALayer) {
  for (const char* top : {"include/verflixt", "src"})
    for (const auto& entry : fs::directory_iterator(kSource / top)) {
      const auto name = entry.path().filename().string();
      const bool layer_dir =
          entry.is_directory() &&
          (name == "core" || name == "games" || name == "serve" || name == "cli" || name == "python");
      const bool generated_template = name == "version.h.in";
      EXPECT_TRUE(layer_dir || generated_template) << top << "/" << name << " is outside core/, games/, serve/, cli/ and python/";
    }
}

TEST(Layout, NoFileIncludesALayerAboveIt) {
  const auto bad = violations();
  for (const auto& v : bad) ADD_FAILURE() << v;
  EXPECT_TRUE(bad.empty());
}

// The rule itself can fail: a core file including a game, a game including another game or
// the command line, are all refused; the permitted directions are not.
TEST(Layout, TheRuleRefusesUpwardIncludes) {
  EXPECT_EQ(layer_of_include("verflixt/games/pig/game.h"), "games/pig");
  EXPECT_EQ(layer_of_file("src/games/verflixte6/rules/engine.cpp"), "games/verflixte6");
  EXPECT_EQ(layer_of_file("include/verflixt/core/rng.h"), "core");
  EXPECT_FALSE(allowed("core", "games/pig"));
  EXPECT_FALSE(allowed("core", "cli"));
  EXPECT_FALSE(allowed("games/pig", "games/verflixte6"));
  EXPECT_FALSE(allowed("games/pig", "cli"));
  EXPECT_TRUE(allowed("games/pig", "core"));
  EXPECT_TRUE(allowed("games/pig", "games/pig"));
  EXPECT_TRUE(allowed("cli", "games/verflixte6"));
  EXPECT_EQ(layer_of_file("src/games/registry.cpp"), "games");
  EXPECT_TRUE(allowed("games", "games/pig"));
  EXPECT_FALSE(allowed("games", "cli"));
  EXPECT_FALSE(allowed("games/pig", "games"));
  // A game's commands see the command line and their game; the game does not see them, and
  // they see no other game.
  EXPECT_EQ(layer_of_file("src/games/pig/commands/commands.cpp"), "games/pig/commands");
  EXPECT_EQ(layer_of_include("games/pig/commands/commands.h"), "games/pig/commands");
  EXPECT_TRUE(allowed("games/pig/commands", "cli/kit"));
  EXPECT_TRUE(allowed("games/pig/commands", "games/pig"));
  EXPECT_FALSE(allowed("games/pig", "games/pig/commands"));
  EXPECT_FALSE(allowed("games/pig/commands", "games/schocken"));
  EXPECT_FALSE(allowed("games/pig/commands", "games/schocken/commands"));
  EXPECT_TRUE(allowed("games", "games/pig/commands"));
  // The plumbing is what verflixt_cli_kit compiles; the commands see it but not the surface
  // (dispatch, manual) that lists them, and the plumbing sees no game.
  EXPECT_EQ(layer_of_include("cli/cli.h"), "cli/kit");
  EXPECT_EQ(layer_of_include("cli/game_answer.h"), "cli/kit");
  EXPECT_EQ(layer_of_include("cli/game_balance.h"), "cli/kit");
  EXPECT_EQ(layer_of_include("cli/game_tournament.h"), "cli/kit");
  EXPECT_EQ(layer_of_file("src/cli/game_command.cpp"), "cli/kit");
  EXPECT_EQ(layer_of_include("cli/game_dispatch.h"), "cli");
  EXPECT_EQ(layer_of_file("src/cli/main.cpp"), "cli");
  EXPECT_FALSE(allowed("games/pig/commands", "cli"));
  EXPECT_FALSE(allowed("cli/kit", "cli"));
  EXPECT_FALSE(allowed("cli/kit", "games/pig"));
  EXPECT_FALSE(allowed("cli/kit", "games"));
  EXPECT_EQ(layer_of_file("src/python/module.cpp"), "python");
  EXPECT_TRUE(allowed("python", "cli"));
  EXPECT_TRUE(allowed("python", "games"));
  EXPECT_FALSE(allowed("cli", "python"));
  EXPECT_FALSE(allowed("games", "python"));
  EXPECT_TRUE(allowed("cli", "cli/kit"));
  EXPECT_TRUE(allowed("cli/kit", "cli/kit"));
}

}  // namespace
