#pragma once
// Pig's commands (`verflixt pig COMMAND`), listed by the registry (pig_commands).
#include <optional>
#include <vector>

#include "cli/cli.h"
#include "verflixt/core/command.h"
#include "verflixt/core/report.h"
#include "verflixt/games/pig/game.h"

namespace verflixt::cli {

int pig_rules_command(int argc, const char* const* argv);
// The rules options every Pig command takes (--game, --preset, --rules, --set and the --goal,
// --faces, --bust-face shorthands) and the rules they give with `players` seats, validated.
core::OptionTable pig_options();
pig::PigRules pig_rules_from(const po::variables_map& vm, std::optional<int> players);

int pig_evaluate_command(int argc, const char* const* argv);
int pig_solve_command(int argc, const char* const* argv);
int pig_tournament_command(int argc, const char* const* argv);
int pig_advise_command(int argc, const char* const* argv);
core::OptionTable pig_advise_options();
int pig_balance_command(int argc, const char* const* argv);
// `solve --compensate` (compensate.cpp): its option, and the command once it is parsed.
core::Option compensate_option();
int pig_compensate_command(const po::variables_map& vm);

// Every pig command, in the order `verflixt pig --help` lists them (the registry's entry).
std::vector<core::Command> pig_commands();

}  // namespace verflixt::cli
