#pragma once
// `--game`: which game a command plays. Every game and its commands come from the registry
// (src/games/registry.h); Die verflixte 6 (`verflixte6`) is the default, whose commands main.cpp
// runs. Private to the executable.
#include <span>
#include <vector>

#include "games/registry.h"

namespace verflixt::cli {

// Every game but the default (registry()[0], Die verflixte 6), in the order --help lists them.
std::span<const games::GameEntry> games();

// Looks for --game NAME / --game=NAME in argv (argv[1] is the command). For a registered game
// it runs that game's command and returns its exit code (bad input: one line on stderr, 2).
// For verflixte6 (or no --game) it removes the option from argv (adjusting argc) and returns
// -1: carry on with the default game. An unknown game, or a command the game does not have,
// prints one line naming the valid choices (with "did you mean") and returns 2.
int dispatch_game(int& argc, char** argv);

// The game may also come first: `verflixt GAME COMMAND ...` and `verflixt --game GAME COMMAND
// ...` are `verflixt COMMAND ... --game GAME`. Rewrites `args` (argv as a vector, ending in
// nullptr) into that form and returns -1; with a game but no command (or only --help) it
// prints the game's commands and returns 0; an unknown game after --game is one line and 2.
int game_first(std::vector<char*>& args);

}  // namespace verflixt::cli
