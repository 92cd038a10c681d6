#include "verflixt/games/en_gingg/rules.h"

#include "verflixt/core/error.h"
#include "verflixt/core/rule_table.h"
#include "verflixt/core/file_io.h"
#include "verflixt/version.h"

namespace verflixt::en_gingg {
namespace {

void check(bool ok, const std::string& key, int value, const std::string& valid) {
  if (!ok)
    throw core::InputError("en-gingg " + key + " " + std::to_string(value) + " is out of range; valid: " + valid);
}

// The fixed ranges of every parameter, then the ranges that depend on other parameters.
void check_rules(const EnGinggRules& r) {
  for (const auto& p : rule_table().params) {
    const int v = p.number(r);
    check(v >= p.low && v <= p.high, p.full_key(), v, std::to_string(p.low) + ".." + std::to_string(p.high));
  }
  check(r.target >= r.dice && r.target <= r.max_sum(), "phase1.target", r.target,
        std::to_string(r.dice) + ".." + std::to_string(r.max_sum()) + " (dice..dice*faces)");
  check(r.min_set_aside <= r.dice, "phase1.min_set_aside", r.min_set_aside, "1.." + std::to_string(r.dice) + " (dice)");
  check(r.max_throws <= r.dice, "phase1.max_throws", r.max_throws, "1.." + std::to_string(r.dice) + " (dice)");
}

}  // namespace

const core::RuleTable<EnGinggRules>& rule_table() {
  using R = EnGinggRules;
  static const core::RuleTable<R> table = [] {
    core::RuleTable<R> t;
    t.game = "en-gingg";
    t.layout.header = std::string("# En Gingg as Bei ruleset, written by verflixt ") + kVersion + ".\n" +
                      "# Every key is one parameter of the rules (docs/rules/en-gingg.md); the comment names the rule.\n"
                      "# Read back with --rules FILE; a key left out keeps the value of `preset`.\n";
    t.layout.preset_line = true;
    t.layout.blank_before_section = true;
    t.layout.short_keys = true;
    t.params = {
        core::integer_rule({"balance", "start", "G1", "every player's starting balance; the first at 0 or less loses"},
                           &R::start_balance, 1, 1000),
        core::integer_rule({"phase1", "dice", "G2", "dice thrown in phase 1 and in phase 2"}, &R::dice, 1, kMaxDice),
        core::integer_rule({"phase1", "faces", "G2", "faces of each die, 1..faces"}, &R::faces, 2, kMaxFaces),
        core::integer_rule({"phase1", "target", "G2",
                            "a sum S below it costs target - S, above it earns S - target and plays phase 2 with that "
                            "digit (dice..dice*faces)"},
                           &R::target, 1, kMaxDice * kMaxFaces),
        core::integer_rule({"phase1", "min_set_aside", "G2", "dice that must be set aside after every throw (1..dice)"},
                           &R::min_set_aside, 1, kMaxDice),
        core::integer_rule({"phase1", "max_throws", "G2", "throws a phase 1 may take; the last one sets every die aside (1..dice)"},
                           &R::max_throws, 1, kMaxDice),
        core::integer_rule({"table", "players", "G1", "players at the table (a tournament seats one per --seat)"},
                           &R::players, 2, kMaxPlayers),
    };
    // The preset's earlier id (older rules files carry it) is read as swiss and never printed.
    t.presets = {{.name = "swiss", .description = "the rules of docs/rules/en-gingg.md", .rules = R{}}};
    t.preset_of = [](const R& r) { return r.preset; };
    t.validate = check_rules;
    return t;
  }();
  return table;
}

const std::vector<std::string>& preset_names() {
  static const std::vector<std::string> names = rule_table().preset_names();
  return names;
}

EnGinggRules preset(std::string_view name) { return rule_table().preset(name); }

void validate(const EnGinggRules& r) { rule_table().validate(r); }

std::string rules_summary(const EnGinggRules& r) { return rule_table().summary(r); }

std::string rules_to_ini(const EnGinggRules& r) { return rule_table().ini(r); }

EnGinggRules read_rules(std::istream& in, std::string_view source, const EnGinggRules& base) {
  return rule_table().read(in, source, base);
}

EnGinggRules read_rules_file(const std::string& path, const EnGinggRules& base) {
  return rule_table().read(core::read_text_file(path, "rules file"), path, base);
}

void set_rule(EnGinggRules& r, std::string_view assignment) { rule_table().apply(r, assignment); }

}  // namespace verflixt::en_gingg
