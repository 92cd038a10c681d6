#include "verflixt/games/schocken/rules.h"

#include "verflixt/core/file_io.h"
#include "verflixt/core/rule_table.h"
#include "verflixt/version.h"

namespace verflixt::schocken {

const core::RuleTable<SchockenRules>& rule_table() {
  using R = SchockenRules;
  static const core::RuleTable<R> table = [] {
    core::RuleTable<R> t;
    t.game = "schocken";
    t.layout.header =
        std::string("# Schocken rules (docs/rules/schocken.md), written by verflixt ") + kVersion +
        "; read back with --rules FILE.\n"
        "# A Schock x (1 1 x) costs x chips and a Schock out all of them: rules, not parameters.\n";
    t.layout.short_keys = true;
    const auto key = [](const char* k, const char* rule, const char* help) {
      return core::RuleKey{"schocken", k, rule, help};
    };
    t.params = {
        core::integer_rule(key("players", "S2", "players at the table (2..8)"), &R::players, 2, kMaxPlayers),
        core::integer_rule(key("max_throws", "S2", "throws the round's starter may use; his count is everyone's limit (1..3)"),
                           &R::max_throws, 1, kMaxThrows),
        core::integer_rule(key("chips", "S3", "chips on the stack at the start of a half"), &R::chips, 1, 99),
        core::integer_rule(key("general_chips", "S1", "chips a General (6 6 6 ... 2 2 2) costs the round's loser"),
                           &R::general_chips, 1, 99),
        core::integer_rule(key("strasse_chips", "S1", "chips a Strasse (4-5-6 ... 1-2-3) costs"), &R::strasse_chips, 1, 99),
        core::integer_rule(key("zahl_chips", "S1", "chips a Zahl (any other hand) costs"), &R::zahl_chips, 1, 99),
        core::boolean_rule(key("schock_out_loses_half", "S1", "a Schock out (1 1 1) makes the round's loser lose the half at once"),
                           &R::schock_out_loses_half),
        core::boolean_rule(key("throw_tiebreak", "S1", "equal hands: fewer throws rank higher (then the later revealer ranks lower)"),
                           &R::throw_tiebreak),
        core::boolean_rule(key("two_sixes_make_one", "S2", "two 6s may be turned into one 1 before a further throw"),
                           &R::two_sixes_make_one),
        core::boolean_rule(key("final", "S3", "the two half-losers play a final; false: the second half's loser pays"),
                           &R::final),
    };
    // The preset's earlier id (older rules files carry it) is read as pub and never printed.
    t.presets = {{.name = "pub", .description = "the pub rules of docs/rules/schocken.md", .rules = R{}}};
    t.validate = [](const R& r) { rule_table().check_ranges(r); };
    return t;
  }();
  return table;
}

const std::vector<std::string>& preset_names() {
  static const std::vector<std::string> kNames = rule_table().preset_names();
  return kNames;
}

SchockenRules preset(std::string_view name) { return rule_table().preset(name); }

void validate(const SchockenRules& rules) { rule_table().validate(rules); }

std::string rules_summary(const SchockenRules& rules) { return rule_table().summary(rules); }

std::string rules_to_ini(const SchockenRules& rules) { return rule_table().ini(rules); }

SchockenRules read_rules(std::istream& in, std::string_view source, const SchockenRules& base) {
  return rule_table().read(in, source, base);
}

SchockenRules read_rules_file(const std::string& path, const SchockenRules& base) {
  return rule_table().read(core::read_text_file(path, "rules file"), path, base);
}

void set_rule(SchockenRules& rules, std::string_view assignment) {
  rule_table().apply(rules, assignment);
  validate(rules);
}

}  // namespace verflixt::schocken
