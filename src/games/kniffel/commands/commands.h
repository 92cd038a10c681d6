#pragma once
// Kniffel's commands (`verflixt kniffel COMMAND`), listed by the registry (kniffel_commands).
#include <vector>

#include "verflixt/core/command.h"

namespace verflixt::cli {

int kniffel_rules_command(int argc, const char* const* argv);
int kniffel_solve_command(int argc, const char* const* argv);
int kniffel_evaluate_command(int argc, const char* const* argv);
int kniffel_tournament_command(int argc, const char* const* argv);
int kniffel_advise_command(int argc, const char* const* argv);
core::OptionTable kniffel_advise_options();
int kniffel_bench_command(int argc, const char* const* argv);
int kniffel_balance_command(int argc, const char* const* argv);

// Every kniffel command, in the order `verflixt kniffel --help` lists them (the registry's entry).
std::vector<core::Command> kniffel_commands();

}  // namespace verflixt::cli
