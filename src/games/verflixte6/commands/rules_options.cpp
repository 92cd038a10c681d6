#include "games/verflixte6/commands/rules_options.h"

#include <string>
#include <vector>

#include "cli/game_command.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;

void add_rules_options(po::options_description& desc) {
  desc.add_options()
      ("preset", po::value<std::string>()->default_value("tournament-2019"),
       "ruleset preset: tournament-2019 or classic")
      ("rules", po::value<std::string>(), "rules INI file (see `verflixt rules`)")
      ("rules-text", po::value<std::string>(), "the rules as INI text, what a --rules file holds")
      ("set", po::value<std::vector<std::string>>()->composing(),
       "override one rule, key=value (repeatable)");
}

Rules rules_from(const po::variables_map& vm) { return game_rules_from(vm, rule_table()); }

}  // namespace verflixt::cli
