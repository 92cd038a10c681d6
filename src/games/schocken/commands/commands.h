#pragma once
// Schocken's commands (`verflixt schocken COMMAND`), listed by the registry (schocken_commands).
#include <vector>

#include "verflixt/core/command.h"

namespace verflixt::cli {

int schocken_rules_command(int argc, const char* const* argv);
int schocken_solve_command(int argc, const char* const* argv);
int schocken_evaluate_command(int argc, const char* const* argv);
int schocken_tournament_command(int argc, const char* const* argv);
int schocken_advise_command(int argc, const char* const* argv);
core::OptionTable schocken_advise_options();
int schocken_balance_command(int argc, const char* const* argv);

// Every schocken command, in the order `verflixt schocken --help` lists them (the registry's entry).
std::vector<core::Command> schocken_commands();

}  // namespace verflixt::cli
