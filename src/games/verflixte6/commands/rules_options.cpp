#include "games/verflixte6/commands/rules_options.h"

#include "verflixt/games/verflixte6/answers/rules.h"

namespace verflixt::cli {

GameRules<verflixte6::Rules> verflixte6_rules() {
  return {.table = &verflixte6::rule_table(), .title = "Die verflixte 6", .report = verflixte6::rules_report,
          .page = "verflixte6"};
}

core::OptionTable rules_options() { return verflixte6_rules().options(); }

verflixte6::Rules rules_from(const po::variables_map& vm) { return verflixte6_rules()(vm); }

}  // namespace verflixt::cli
