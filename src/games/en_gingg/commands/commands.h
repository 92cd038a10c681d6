#pragma once
// En Gingg as Bei's commands (`verflixt en-gingg COMMAND`), listed by the registry
// (en_gingg_commands).
#include <vector>

#include "verflixt/core/command.h"

namespace verflixt::cli {

int en_gingg_rules_command(int argc, const char* const* argv);
int en_gingg_solve_command(int argc, const char* const* argv);
int en_gingg_evaluate_command(int argc, const char* const* argv);
int en_gingg_tournament_command(int argc, const char* const* argv);
int en_gingg_advise_command(int argc, const char* const* argv);
core::OptionTable en_gingg_advise_options();
int en_gingg_balance_command(int argc, const char* const* argv);

// Every en_gingg command, in the order `verflixt en-gingg --help` lists them (the registry's entry).
std::vector<core::Command> en_gingg_commands();

}  // namespace verflixt::cli
