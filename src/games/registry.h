#pragma once
// Every game of verflixt, once: its name as `--game` takes it, a one-line description and
// its model (core/game_model.h, type-erased), Die verflixte 6 first (the default game).
// Generic code — the property tests over every game — walks this list; adding a game is one
// line in registry.cpp. The CLI keeps its own list of commands per game (cli/game_dispatch);
// a test checks that both name the same games.
#include <string>
#include <string_view>
#include <vector>

#include "verflixt/core/game_model.h"

namespace verflixt::games {

struct GameEntry {
  std::string name;         // as --game takes it
  std::string description;  // one line
  core::AnyGame model;      // the game's model under its default rules
};

const std::vector<GameEntry>& registry();

// The entry of `name`, or nullptr.
const GameEntry* find_game(std::string_view name);

}  // namespace verflixt::games
