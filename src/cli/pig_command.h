#pragma once
// `--game`: which game a command plays. Die verflixte 6 (`verflixte6`, the default) keeps the
// existing commands; `pig` sends evaluate, solve and tournament to Pig's own commands
// (pig_command.cpp). Private to the executable.
namespace verflixt::cli {

// Looks for --game NAME / --game=NAME in argv (argv[1] is the command). For pig it runs the
// Pig command and returns its exit code (bad input: one line on stderr, 2). For verflixte6 it
// removes the option from argv (adjusting argc) and returns -1: carry on as before. An
// unknown game prints one line naming the valid games and returns 2.
int dispatch_game(int& argc, char** argv);

int pig_evaluate_command(int argc, const char* const* argv);
int pig_solve_command(int argc, const char* const* argv);
int pig_tournament_command(int argc, const char* const* argv);

}  // namespace verflixt::cli
