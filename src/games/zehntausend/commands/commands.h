#pragma once
// Zehntausend's commands (`verflixt zehntausend COMMAND`), listed by the registry
// (zehntausend_commands).
#include <vector>

#include "verflixt/core/command.h"

namespace verflixt::cli {

int zehntausend_rules_command(int argc, const char* const* argv);
int zehntausend_solve_command(int argc, const char* const* argv);
int zehntausend_evaluate_command(int argc, const char* const* argv);
int zehntausend_tournament_command(int argc, const char* const* argv);
int zehntausend_advise_command(int argc, const char* const* argv);
// advise's options without the output's: what a request to the page's server may give.
core::OptionTable zehntausend_advise_request_options();
int zehntausend_bench_command(int argc, const char* const* argv);
int zehntausend_balance_command(int argc, const char* const* argv);

// Every zehntausend command, in the order `verflixt zehntausend --help` lists them (the registry's entry).
std::vector<core::Command> zehntausend_commands();

}  // namespace verflixt::cli
