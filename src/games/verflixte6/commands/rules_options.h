#pragma once
// The rules of every Die verflixte 6 command, as every game declares its own (GameRules,
// cli/game_command.h): --preset, --rules FILE (or --rules-text) and --set key=value, applied in
// that order; the default game's, so no --game (its rule table names no game).
#include "cli/cli.h"
#include "cli/game_command.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::cli {

// The game's rules: its rule table, and its rules described with each joker (answers/rules.h).
GameRules<verflixte6::Rules> verflixte6_rules();
// Their options, for the option table of each command.
core::OptionTable rules_options();
// The ruleset those options describe (preset, then file or text, then each --set).
verflixte6::Rules rules_from(const po::variables_map& vm);

}  // namespace verflixt::cli
