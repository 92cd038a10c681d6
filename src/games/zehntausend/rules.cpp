#include "verflixt/games/zehntausend/rules.h"

#include "verflixt/core/error.h"
#include "verflixt/core/rule_table.h"
#include "verflixt/version.h"

namespace verflixt::zehntausend {
namespace {

// The ranges of the table, every point value a multiple of 50, and a scoring single die.
void check_rules(const ZehntausendRules& r) {
  rule_table().check_ranges(r);
  for (const auto& p : rule_table().params) {
    if (p.kind != core::RuleKind::Integer || p.id.key == "dice" || p.id.key == "players") continue;
    const int v = p.number(r);
    if (v % kPointStep != 0)
      throw core::InputError("zehntausend rule " + p.id.key + " = " + std::to_string(v) + " must be a multiple of 50");
  }
  // A turn that can never bank would make every turn worthless; the solver needs a scoring
  // die (a positive single) so that every throw of dice has a chance to score.
  if (r.single_one == 0 && r.single_five == 0)
    throw core::InputError("zehntausend rules: single_one and single_five cannot both be 0 (a lone die could never score)");
}

}  // namespace

const core::RuleTable<ZehntausendRules>& rule_table() {
  using R = ZehntausendRules;
  static const core::RuleTable<R> table = [] {
    core::RuleTable<R> t;
    t.game = "zehntausend";
    t.layout.header =
        std::string("# Zehntausend rules (verflixt --game zehntausend), written by verflixt ") + kVersion +
        "; rule ids of docs/rules/zehntausend.md\n";
    t.layout.help_shows_domain = true;
    t.layout.short_keys = true;
    const auto key = [](const char* k, const char* rule, const char* help) {
      return core::RuleKey{"zehntausend", k, rule, help};
    };
    t.params = {
        core::integer_rule(key("dice", "Z2", "dice of a turn (fewer than 6 only for reduced games)"), &R::dice, 1, kMaxDice),
        core::integer_rule(key("single_one", "Z1", "points of a single 1"), &R::single_one, 0, 10000),
        core::integer_rule(key("single_five", "Z1", "points of a single 5"), &R::single_five, 0, 10000),
        core::integer_rule(key("triple_unit", "Z1", "three of a kind of face f (2..6) scores triple_unit * f"),
                           &R::triple_unit, 0, 10000),
        core::integer_rule(key("triple_ones", "Z1", "three 1s; each further die of a kind doubles"), &R::triple_ones, 0, 10000),
        core::integer_rule(key("straight", "Z1", "1 2 3 4 5 6 as one throw of six; 0 = not special"), &R::straight, 0, 100000),
        core::integer_rule(key("three_pairs", "Z1", "three pairs of different faces as one throw of six; 0 = not special"),
                           &R::three_pairs, 0, 100000),
        core::integer_rule(key("two_triples", "Z1", "two triples of different faces as one throw of six; 0 = not special"),
                           &R::two_triples, 0, 100000),
        core::integer_rule(key("bank_min", "Z3", "smallest turn total that may be banked (the rules allow any total above 350)"),
                           &R::bank_min, 0, 100000),
        core::boolean_rule(key("hot_dice", "Z2", "all dice set aside: throw all of them again, turn total kept"), &R::hot_dice),
        core::boolean_rule(key("bankrott", "Z4", "a Niete on the first throw of a turn sets the game total to 0"), &R::bankrott),
        core::integer_rule(key("limit", "Z5", "game total that starts the final round"), &R::limit, 50, kMaxLimit),
        core::boolean_rule(key("final_round", "Z5",
                               "the seats after the one that reached the limit play one more turn, the highest total wins; "
                               "false: the first to reach the limit wins at once"),
                           &R::final_round),
        core::integer_rule(key("players", "Z5", "players at the table, seat 1 moves first"), &R::players, 2, kMaxPlayers),
    };
    // The preset's earlier id (older rules files carry it) is read as app and never printed.
    t.presets = {{.name = "app", .description = "the rules of a Zehntausend app, docs/rules/zehntausend.md", .rules = R{}}};
    t.validate = check_rules;
    return t;
  }();
  return table;
}

std::vector<std::string> preset_names() { return rule_table().preset_names(); }

ZehntausendRules preset(std::string_view name) { return rule_table().preset(name); }

void validate(const ZehntausendRules& r) { rule_table().validate(r); }

std::string rules_ini(const ZehntausendRules& r) { return rule_table().ini(r); }

ZehntausendRules read_rules_ini(const std::string& text, std::string_view source, ZehntausendRules base) {
  return rule_table().read(text, source, std::move(base));
}

void set_rule(ZehntausendRules& r, std::string_view assignment) {
  rule_table().apply(r, assignment);
  validate(r);
}

std::string rules_summary(const ZehntausendRules& r) { return rule_table().summary(r); }

}  // namespace verflixt::zehntausend
