#pragma once
// `--game`: which game a command plays. Every game and its commands come from the registry
// (src/games/registry.h); Die verflixte 6 (`verflixte6`) is the default, whose commands main.cpp
// runs. Private to the executable.
#include <span>
#include <string>
#include <vector>

#include "games/registry.h"

namespace verflixt::cli {

// Every game but the default (registry()[0], Die verflixte 6), in the order --help lists them.
std::span<const games::GameEntry> games();

// Looks for --game NAME / --game=NAME in argv (argv[1] is the command). For a registered game
// it runs that game's command and returns its exit code (bad input: one line on stderr, 2).
// For verflixte6 (or no --game) it removes the option from argv (adjusting argc) and returns
// -1: carry on with the default game. An unknown game, a command the game does not have, or
// a --game given to a command that plays every game (is_game_free), prints one line naming
// the valid choices (with "did you mean") and returns 2.
int dispatch_game(int& argc, char** argv);

// The error line (without "verflixt: ") for argv[1], a command that is none of `commands`
// (the default game's and the game-free ones): named among the commands of the game a --game
// names where that is another game ("unknown pig command 'slove'; did you mean solve? valid:
// ..."), and, where an option stands in the command's place, among the options main reads.
std::string unknown_command(int argc, char** argv, const std::vector<std::string>& commands);

// The game may also come first: `verflixt GAME COMMAND ...` and `verflixt --game GAME COMMAND
// ...` are `verflixt COMMAND --game GAME ...`. Rewrites `args` (argv as a vector, ending in
// nullptr) into that form and returns -1; with a game but no command (or only --help) it
// prints the game's commands and returns 0; an unknown game after --game is one line and 2.
int game_first(std::vector<char*>& args);

// `help` at args[at] asks for the help of the command the words after it name: `verflixt help
// COMMAND`, `verflixt help GAME COMMAND`, `verflixt GAME help COMMAND`. Rewrites `args` (ending
// in nullptr) into `... COMMAND --help`, keeping those words and a --game option; every other
// word changes nothing (the help lists every option) and is dropped with one warning, so that
// `verflixt help evaluate --policy` shows the help rather than asking --policy's value.
void help_request(std::vector<char*>& args, size_t at);

}  // namespace verflixt::cli
