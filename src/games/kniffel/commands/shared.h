#pragma once
// What the Kniffel commands share: their rules options and formats.
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/game_command.h"
#include "verflixt/core/rule_table.h"
#include "verflixt/games/kniffel/rules.h"

namespace verflixt::cli::kniffel_cli {

inline const std::vector<std::string> kFormats = {"table", "json", "csv"};

// --game, then the rules options; every command's table starts with these.
inline core::OptionTable game_options() {
  return core::OptionTable{core::word_option("game", "kniffel", "the game: kniffel here")} +
         game_rules_options("kniffel", kniffel::rule_table());
}

inline kniffel::KniffelRules game_rules(const po::variables_map& vm) { return game_rules_from(vm, kniffel::rule_table()); }

}  // namespace verflixt::cli::kniffel_cli
