#pragma once
// Pig's commands (`--game pig`; see game_dispatch.h). Private to the executable.
namespace verflixt::cli {

int pig_rules_command(int argc, const char* const* argv);
int pig_evaluate_command(int argc, const char* const* argv);
int pig_solve_command(int argc, const char* const* argv);
int pig_tournament_command(int argc, const char* const* argv);

}  // namespace verflixt::cli
