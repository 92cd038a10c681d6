#pragma once
// Schocken's commands (`--game schocken`; see game_dispatch.h). Private to the executable.
namespace verflixt::cli {

int schocken_rules_command(int argc, const char* const* argv);
int schocken_solve_command(int argc, const char* const* argv);
int schocken_evaluate_command(int argc, const char* const* argv);
int schocken_tournament_command(int argc, const char* const* argv);
int schocken_advise_command(int argc, const char* const* argv);
int schocken_balance_command(int argc, const char* const* argv);

}  // namespace verflixt::cli
