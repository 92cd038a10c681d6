#include "games/verflixte6/commands/rules_options.h"

#include <string>
#include <vector>

#include "cli/game_command.h"
#include "verflixt/core/option.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;

core::OptionTable rules_options() {
  // The preset is checked by the rule table; its names feed the completion.
  core::Option preset = core::word_option("preset", "tournament-2019", "ruleset preset: tournament-2019 or classic");
  preset.choices = rule_table().preset_names();
  return {preset,
          core::file_option("rules", "rules INI file (see `verflixt rules`)"),
          core::text_option("rules-text", "the rules as INI text, what a --rules file holds"),
          core::words_option("set", "override one rule, key=value (repeatable)")};
}

Rules rules_from(const po::variables_map& vm) { return game_rules_from(vm, rule_table()); }

}  // namespace verflixt::cli
