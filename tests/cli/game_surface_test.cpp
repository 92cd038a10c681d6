// One command surface: every game `verflixt --help` lists answers every command it lists with
// --help and with a JSON result, every game offers the commands a player and a designer reach
// for (rules, solve, evaluate, tournament, advise, balance), and a dice string that is no
// throw is one line and exit 2 wherever dice are read.
// The games and their commands are read from the registry (and the binary must list the same),
// so a game added to the registry is checked here without a change: each command brings its
// quick run (core::Command::quick).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "binary.h"
#include "games/registry.h"

namespace verflixt::testing {
namespace {

using Listing = std::map<std::string, std::vector<std::string>>;

// Every registered game and its commands, each game's in the order it lists them.
// The registry's, and serve (which is no game's: its page offers every game) after the
// default game's balance.
Listing registered_games() {
  Listing games;
  for (const auto& g : games::registry())
    for (const auto& c : g.commands) {
      games[g.name].emplace_back(c.name);
      if (&g == &games::registry().front() && std::string(c.name) == "balance") games[g.name].emplace_back("serve");
    }
  return games;
}

// The games of `verflixt --help` (the default game first) and the commands `verflixt GAME`
// lists for each.
Listing listed_games() {
  Listing games;
  const Result help = run("--help");
  std::istringstream lines(help.out);
  std::string line;
  bool in_games = false;
  std::vector<std::string> names = {"verflixte6"};
  while (std::getline(lines, line)) {
    if (line.rfind("games (", 0) == 0) in_games = true;
    else if (line.empty()) in_games = false;
    else if (in_games) names.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  for (const auto& name : names) {
    const Result r = run(name);
    const auto at = r.out.find("commands:");
    if (at == std::string::npos) continue;  // reported by the test below
    std::istringstream words(r.out.substr(at + 9));
    std::string word;
    std::vector<std::string>& commands = games[name];
    // Either "commands: a b c" (a game) or the default game's "commands:\n  rules  ...".
    if (r.out[at + 9] == '\n') {
      std::getline(words, line);  // the rest of the "commands:" line
      while (std::getline(words, line) && line.rfind("  ", 0) == 0) commands.push_back(line.substr(2, line.find(' ', 2) - 2));
    } else {
      std::getline(words, line);
      std::istringstream list(line);
      while (list >> word) commands.push_back(word);
    }
  }
  return games;
}

// What a user sees is the registry: every game and, per game, every command in its order.
TEST(GameSurface, TheBinaryListsTheRegistry) {
  EXPECT_EQ(listed_games(), registered_games());
}

TEST(GameSurface, EveryGameListsWhatAPlayerAndADesignerNeed) {
  const auto games = registered_games();
  ASSERT_GE(games.size(), 5u);
  for (const auto& [game, commands] : games)
    for (const char* needed : {"rules", "solve", "evaluate", "tournament", "advise", "balance"})
      EXPECT_NE(std::find(commands.begin(), commands.end(), needed), commands.end()) << game << " has no " << needed;
}

// The keys of a JSON document that name a standard error otherwise than "stderr" or
// "KEY_stderr" (one name for it in every game and command): "se", "p_win_se", "se_mean".
void other_error_names(const nlohmann::json& j, std::set<std::string>& out) {
  if (j.is_array())
    for (const auto& v : j) other_error_names(v, out);
  if (!j.is_object()) return;
  for (const auto& [key, value] : j.items()) {
    const std::string k = "_" + key + "_";
    if (k.find("_se_") != std::string::npos) out.insert(key);
    other_error_names(value, out);
  }
}

// Every command of every game with its quick run (core::Command::quick, from the registry):
// its help, and its result as JSON, which names its rules and its standard errors alike.
TEST(GameSurface, EveryListedCommandAnswersHelpAndJson) {
  for (const auto& entry : verflixt::games::registry()) {
    const std::string game = entry.name;
    for (const auto& c : entry.commands) {
      const std::string command = c.name;
      const Result help = run(game + " " + command + " --help");
      EXPECT_EQ(help.code, 0) << game << " " << command << ": " << help.err;
      EXPECT_NE(help.out.find("usage:"), std::string::npos) << game << " " << command;
      if (c.quick == nullptr) {  // a server: its own tests start and stop it
        EXPECT_EQ(command, "serve") << game << " " << command << " has no quick run";
        continue;
      }
      const std::string args = game + " " + command + " " + c.quick + " --format json";
      const Result r = run(args);
      ASSERT_EQ(r.code, 0) << args << ": " << r.err;
      const auto j = nlohmann::json::parse(r.out, nullptr, false);
      ASSERT_FALSE(j.is_discarded()) << args << ": not JSON:\n" << r.out;
      // What every result records, in the same words: the version, the game and the rules it played.
      EXPECT_TRUE(j.contains("version")) << args;
      EXPECT_EQ(j.value("game", ""), game) << args;
      EXPECT_TRUE(j.contains("rules")) << args;
      // A command that takes a seed records it: the result is its seed's.
      const bool seeded = help.out.find("--seed arg") != std::string::npos;
      EXPECT_TRUE(!seeded || j.contains("seed")) << args << ": takes --seed and records none";
      std::set<std::string> other;
      other_error_names(j, other);
      EXPECT_TRUE(other.empty()) << args << ": a standard error named " << *other.begin();
    }
  }
}

// Every key of a JSON document, at any depth.
void json_keys(const nlohmann::json& j, std::set<std::string>& out) {
  if (j.is_array())
    for (const auto& v : j) json_keys(v, out);
  if (!j.is_object()) return;
  for (const auto& [key, value] : j.items()) {
    out.insert(key);
    json_keys(value, out);
  }
}

// The cells of a CSV line, a quoted cell unquoted.
std::vector<std::string> csv_cells(const std::string& line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"' && quoted && i + 1 < line.size() && line[i + 1] == '"') cells.back() += line[++i];
    else if (c == '"') quoted = !quoted;
    else if (c == ',' && !quoted) cells.emplace_back();
    else cells.back() += c;
  }
  return cells;
}

// A command that offers --format csv prints rows under a header, never its text and never
// nothing, and names each figure as its JSON does: a header cell is a key of the JSON, that
// key's _stderr, or a confidence interval's _low/_high, unless it is one of the words a table
// uses for its own rows (which row, which section, a bench's statistic) or its column is empty
// in every row of the first table (a figure this run did not compute, which JSON leaves out).
// Every command that offers --format csv, with its quick run: `check(args, csv, json)` with
// its CSV and JSON output; returns how many were checked.
int for_each_csv(const std::function<void(const std::string&, const std::string&, const std::string&)>& check) {
  int checked = 0;
  for (const auto& entry : verflixt::games::registry())
    for (const auto& c : entry.commands) {
      if (c.quick == nullptr) continue;
      const std::string args = std::string(entry.name) + " " + c.name + " " + c.quick;
      if (run(std::string(entry.name) + " " + c.name + " --help").out.find("table, json, csv") == std::string::npos)
        continue;
      const Result csv = run(args + " --format csv"), json = run(args + " --format json");
      EXPECT_EQ(csv.code, 0) << args << ": " << csv.err;
      EXPECT_EQ(json.code, 0) << args << ": " << json.err;
      EXPECT_FALSE(csv.out.empty()) << args << " --format csv printed nothing";
      if (csv.code == 0 && json.code == 0 && !csv.out.empty()) check(args, csv.out, json.out);
      ++checked;
    }
  return checked;
}

TEST(GameSurface, EveryCsvNamesItsFiguresAsItsJsonDoes) {
  const std::set<std::string> row_words = {"label", "kind", "rank", "position", "quantity", "table", "name",
                                           "best", "section", "stat", "repeat"};
  const int checked = for_each_csv([&](const std::string& args, const std::string& csv, const std::string& json) {
    std::set<std::string> keys;
    json_keys(nlohmann::json::parse(json), keys);
    std::istringstream lines(csv_rows(csv));  // past the comment that says what made it
    std::string line;
    std::getline(lines, line);
    const std::vector<std::string> header = csv_cells(line);
    std::vector<bool> filled(header.size(), false);
    while (std::getline(lines, line)) {
      const std::vector<std::string> cells = csv_cells(line);
      if (cells.size() != header.size()) break;  // the next table
      for (size_t k = 0; k < cells.size(); ++k) filled[k] = filled[k] || !cells[k].empty();
    }
    for (size_t k = 0; k < header.size(); ++k) {
      const std::string& cell = header[k];
      bool named = keys.count(cell) || row_words.count(cell) || !filled[k];
      for (const std::string suffix : {"_stderr", "_low", "_high"})
        named = named || (cell.ends_with(suffix) && keys.count(cell.substr(0, cell.size() - suffix.size())));
      EXPECT_TRUE(named) << args << " --format csv: the column " << cell << " is named nowhere in its JSON";
    }
  });
  EXPECT_GE(checked, 25);
}

// A CSV file records what made it, as its JSON does: the first line is a comment naming the
// version, the rules and, for a sampled result, the seed; the policy and the sample size the
// JSON records are in that line or in the table (a column of that name, a policy in a row).
TEST(GameSurface, EveryCsvRecordsWhatMadeItAsItsJsonDoes) {
  const std::set<std::string> sample_sizes = {"games", "turns", "evenings", "games_per_row", "games_per_seating",
                                              "games_per_choice", "turns_per_threshold", "evenings_per_run",
                                              "evenings_per_variant", "samples_per_action"};
  const int checked = for_each_csv([&](const std::string& args, const std::string& csv, const std::string& json) {
    const auto j = nlohmann::json::parse(json);
    const std::string first = csv.substr(0, csv.find('\n'));
    const std::string header = csv.substr(first.size() + 1, csv.find('\n', first.size() + 1) - first.size() - 1);
    const auto columns = csv_cells(header);
    const auto said = [&](const std::string& key, const std::string& value) {
      return first.find("  " + key + " " + value) != std::string::npos ||
             std::find(columns.begin(), columns.end(), key) != columns.end();
    };
    ASSERT_TRUE(first.starts_with("# verflixt " + j["version"].get<std::string>() + "  ")) << args << ":\n" << csv;
    if (j["rules"].is_string()) {
      EXPECT_NE(first.find("  rules " + j["rules"].get<std::string>()), std::string::npos) << args;
    }
    if (j.contains("seed") && !j["seed"].is_null()) {
      EXPECT_NE(first.find("  seed " + std::to_string(j["seed"].get<std::uint64_t>())), std::string::npos) << args << ":\n" << first;
    }
    if (j.contains("policy") && j["policy"].is_string()) {
      EXPECT_NE(csv.find(j["policy"].get<std::string>()), std::string::npos) << args << ": the policy is said nowhere";
    }
    for (const auto& [key, value] : j.items()) {
      // Zero samples is an exact answer's: nothing was sampled.
      if (!sample_sizes.count(key) || !value.is_number_unsigned() || value.get<std::uint64_t>() == 0) continue;
      EXPECT_TRUE(said(key, std::to_string(value.get<std::uint64_t>()))) << args << ": " << key << " is said nowhere:\n" << first;
    }
  });
  EXPECT_GE(checked, 25);
}

// A text result records what made it as its JSON does: the version, the rules and, for a
// sampled result, the seed, so that a saved text (--output) or rules file says it too.
TEST(GameSurface, EveryTextSaysItsVersionRulesAndSeed) {
  int checked = 0;
  for (const auto& entry : verflixt::games::registry())
    for (const auto& c : entry.commands) {
      if (c.quick == nullptr) continue;
      const std::string args = std::string(entry.name) + " " + c.name + " " + c.quick;
      const Result text = run(args), json = run(args + " --format json");
      ASSERT_EQ(text.code, 0) << args << ": " << text.err;
      ASSERT_EQ(json.code, 0) << args << ": " << json.err;
      const auto j = nlohmann::json::parse(json.out);
      EXPECT_NE(text.out.find("verflixt " + j["version"].get<std::string>()), std::string::npos) << args << ":\n" << text.out;
      // (The rules command's text is the rules themselves, key by key: an INI file.)
      if (std::string(c.name) != "rules" && j.contains("rules") && j["rules"].is_string()) {
        EXPECT_NE(text.out.find(j["rules"].get<std::string>()), std::string::npos) << args << ": no rules in\n" << text.out;
      }
      if (j.contains("seed") && j["seed"].is_number()) {
        const std::regex seed("seed " + std::to_string(j["seed"].get<std::uint64_t>()) + "\\b");
        EXPECT_TRUE(std::regex_search(text.out, seed)) << args << ": no seed in\n" << text.out;
      }
      ++checked;
    }
  EXPECT_GE(checked, 35);
}

// Numbers with error bars, one convention in one spelling: a text that writes "±" says what
// follows it, "± 1 SE", "± SE" or "m ± s (SE)" (one standard error), or a bench's standard
// deviation "± sd".
TEST(GameSurface, EveryPlusMinusSaysWhatItIs) {
  const std::regex says(R"(± 1 SE\b|± SE\b|± [0-9.e+-]+ \(SE\)|± sd\b)");
  const std::regex other(R"(± (one|is one) (SE|standard error))");
  int checked = 0;
  for (const auto& entry : verflixt::games::registry())
    for (const auto& c : entry.commands) {
      if (c.quick == nullptr) continue;
      const std::string args = std::string(entry.name) + " " + c.name + " " + c.quick;
      const Result r = run(args);
      ASSERT_EQ(r.code, 0) << args << ": " << r.err;
      if (r.out.find("±") == std::string::npos) continue;
      EXPECT_TRUE(std::regex_search(r.out, says)) << args << " writes ± and never says what it is:\n" << r.out;
      EXPECT_FALSE(std::regex_search(r.out, other)) << args << " says what ± is in other words than \"± 1 SE\":\n" << r.out;
      ++checked;
    }
  EXPECT_GE(checked, 15);
}

// One way to ask: every game behind --game says what --game is in the same words in each of
// its commands, and every game's rules command, the default game's included, in the same words
// as the others', naming the rules page the project ships and its rules options alike.
TEST(GameSurface, EveryGameSaysWhatItsGameAndRulesOptionsAreInTheSameWords) {
  for (const auto& entry : verflixt::games::registry()) {
    const std::string game = entry.name;
    const bool default_game = &entry == &verflixt::games::registry().front();  // no --game of its own
    for (const auto& c : entry.commands) {
      if (default_game) break;
      const Result help = run(std::string(c.name) + " --game " + game + " --help");
      const auto at = help.out.find("--game arg (=" + game + ")");
      ASSERT_NE(at, std::string::npos) << game << " " << c.name;
      const std::string line = help.out.substr(at, help.out.find('\n', at) - at);
      EXPECT_NE(line.find("the game: " + game + " here"), std::string::npos) << game << " " << c.name << ": " << line;
    }
    const Result rules = run("rules --game " + game + " --help");
    const std::string page = "docs/rules/" + game + ".md";
    EXPECT_NE(rules.out.find("Prints every rule parameter of "), std::string::npos) << game << ": " << rules.out;
    EXPECT_NE(rules.out.find("(" + page + ")"), std::string::npos) << game << ": " << rules.out;
    const std::string every = default_game ? "every command." : "every --game " + game + " command.";
    EXPECT_NE(rules.out.find("reads back on " + every), std::string::npos) << rules.out;
    for (const char* said : {"--preset arg (=", "rules preset: ", "rules INI file (as `verflixt", "one rule key=value"})
      EXPECT_NE(rules.out.find(said), std::string::npos) << game << ": " << said << " in\n" << rules.out;
    EXPECT_TRUE(std::ifstream(std::string(VERFLIXT_SOURCE_DIR) + "/" + page).good()) << page;
  }
}

// Wherever a command reads dice, a string that is no throw is one line naming the option and
// the forms it takes, exit 2 and nothing on stdout.
TEST(GameSurface, ABadDiceStringIsOneLineEverywhere) {
  const std::vector<std::string> commands = {
      "schocken advise --dice",        "schocken solve --target",    "schocken evaluate --target",
      "en-gingg advise --dice",         "en-gingg advise --dice 665321 --aside",
      "zehntausend advise --dice",     "kniffel advise --dice",
  };
  for (const auto& command : commands)
    for (const char* bad : {"'6 x 3'", "6,,3", "'7 7 7'", "x"}) {
      const Result r = run(command + " " + bad);
      EXPECT_EQ(r.code, 2) << command << " " << bad;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << command << " " << bad << ": " << r.err;
      EXPECT_TRUE(r.out.empty()) << command << " " << bad;
    }
}

}  // namespace
}  // namespace verflixt::testing
