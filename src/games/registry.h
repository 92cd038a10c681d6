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

struct GameEntry {
  std::string name;         // as --game takes it
  std::string description;  // one line
  core::AnyGame model;      // the game's model under its default rules
  std::vector<core::Command> commands;  // what `verflixt NAME --help` lists, in that order
};

const std::vector<GameEntry>& registry();

// The entry of `name`, or nullptr.
const GameEntry* find_game(std::string_view name);

}  // namespace verflixt::games
