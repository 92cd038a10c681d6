#pragma once
// Every game of verflixt, once: its name as `--game` takes it, a one-line description, its
// model (core/game_model.h, type-erased) and its commands (core/command.h, from the game's
// commands/ folder), Die verflixte 6 first (the default game). The command line dispatches,
// lists and documents from it; the property tests over every game walk it. Adding a game is
// its folder, one entry in registry.cpp and one add_subdirectory in src/games/CMakeLists.txt.
#include <string>
#include <string_view>
#include <vector>

#include "verflixt/core/command.h"
#include "verflixt/core/game_model.h"

namespace verflixt::games {

// A ruleset as data: its INI text, its one-line summary, and one row per parameter as
// `verflixt NAME rules --format json` lists them (the key as --set takes it, the value, the
// default, the valid values, the rule id of the game's rules page and the help line).
struct RuleRow {
  std::string key, value, default_value, valid, rule, help;
};
struct RulesView {
  std::string ini, summary;
  std::vector<RuleRow> rows;
};

struct GameEntry {
  std::string name;         // as --game takes it
  std::string description;  // one line
  core::AnyGame model;      // the game's model under its default rules
  std::vector<core::Command> commands;  // what `verflixt NAME --help` lists, in that order
  // The model under the rules of an INI text as `verflixt NAME rules` prints it (read over the
  // default rules and validated; `source` names the text in messages): the Python module's
  // model of any ruleset. Throws core::InputError for bad rules.
  core::AnyGame (*model_from_ini)(std::string_view ini, std::string_view source) = nullptr;
  // The same rules as data (the Python module's Rules).
  RulesView (*rules_from_ini)(std::string_view ini, std::string_view source) = nullptr;
};

const std::vector<GameEntry>& registry();

// The entry of `name`, or nullptr.
const GameEntry* find_game(std::string_view name);

}  // namespace verflixt::games
