#pragma once
// The rules options of every Die verflixte 6 command: --preset, --rules FILE (or --rules-text)
// and --set key=value, applied in that order (cli/game_command.h's game_rules_from).
#include "cli/cli.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::cli {

// --preset, --rules FILE (or --rules-text) and --set key=value (repeatable).
core::OptionTable rules_options();
// The ruleset those options describe (preset, then file or text, then each --set).
verflixte6::Rules rules_from(const po::variables_map& vm);

}  // namespace verflixt::cli
