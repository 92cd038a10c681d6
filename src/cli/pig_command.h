#pragma once
// Pig's commands (`--game pig`; see game_dispatch.h). Private to the executable.
#include "cli/cli.h"
#include "verflixt/games/pig/game.h"

namespace verflixt::cli {

// The rules options every Pig command takes (--goal, --faces, --bust-face; --players if asked)
// and the rules they give, validated.
void add_pig_options(po::options_description& desc, bool players);
pig::PigRules pig_rules_from(const po::variables_map& vm, int players);

int pig_evaluate_command(int argc, const char* const* argv);
int pig_solve_command(int argc, const char* const* argv);
int pig_tournament_command(int argc, const char* const* argv);
int pig_advise_command(int argc, const char* const* argv);

}  // namespace verflixt::cli
