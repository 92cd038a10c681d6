#include "verflixt/games/verflixte6/rules/rules.h"

#include "verflixt/core/error.h"
#include "verflixt/core/rule_table.h"
#include "verflixt/core/file_io.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/table.h"
#include "verflixt/version.h"

namespace verflixt::verflixte6 {
namespace {

// docs/rules/verflixte6.md §4, right-hand column.
Rules classic_rules() {
  Rules r;
  r.preset = "classic";
  r.rob_targets = RobTargets::Anyone;
  r.keuler_bonus = 0;
  r.jokers = JokerSet::all().without(TENTAKEL).without(CHERRY).without(RUNKELRUEB);
  r.spelunken_six = -6;
  r.anaconda_decline = -6;
  r.anaconda_win_base = 10;
  r.anaconda_loss = -10;
  r.anaconda_loss_minus_attack = true;
  r.rattenlord_win = 15;
  r.rattenlord_loss = -15;
  r.rattenlord_retreat = -6;
  r.pony_fail_minus_sum = true;
  r.senigma = SenigmaKind::Repeat;
  r.fumo = FumoKind::Reentry;
  r.jokers_per_evening = 3;
  r.passes = 1;
  r.final_passes = 1;
  r.free_joker_choice = false;
  r.place_bonus_1 = 6;
  r.place_bonus_2 = 4;
  r.place_bonus_3 = 3;
  return r;
}

// A joker's section may be spelled as joker names are (parse_joker: "Runkelrüb", "Cherrys
// Höschen", any case), so `--set Runkelrüb.face=4` reads as runkelrueb.face; other keys as given.
std::string canonical_key(const std::string& key) {
  const size_t dot = key.find('.');
  if (dot == std::string::npos) return key;
  try {
    const std::string id(joker_id(parse_joker(key.substr(0, dot))));
    for (const auto& p : rule_table().params)
      if (p.full_key() == key) return key;
    return id + key.substr(dot);
  } catch (const core::InputError&) {
    return key;  // not a joker: reported as an unknown key
  }
}

std::vector<core::RuleParam<Rules>> params() {
  std::vector<core::RuleParam<Rules>> p;
  p.push_back(core::integer_rule({"turn", "bust_face", "T3/T5", "face that eliminates on a plain throw"}, &Rules::bust_face, 1, 6));
  p.push_back(core::boolean_rule({"turn", "free_throw", "T1", "a free throw opens the turn"}, &Rules::free_throw));
  p.push_back(core::boolean_rule({"turn", "ones_rob", "T4", "a 1 on a plain throw is a robbing 1"}, &Rules::ones_rob));
  p.push_back(core::integer_rule({"turn", "rob_cap", "T4", "the j-th robbing 1 steals min(j, rob_cap) eyes"}, &Rules::rob_cap, 0, 100));
  p.push_back(core::choice_rule({"turn", "rob_targets", "T4", "who may be robbed"}, &Rules::rob_targets, {"not-zombie", "anyone"}));
  p.push_back(core::integer_rule({"turn", "keuler_bonus", "T6", "thief's bonus for taking a Prinzessin to 0 or below; 0 = no Keuler"}, &Rules::keuler_bonus, 0, 100));
  p.push_back(core::list_rule<Rules>(
      {"jokers", "available", "§2", "jokers that exist in this ruleset, comma-separated, or none"},
      [](const Rules& r) { return loadout_name(r.jokers); },
      [](Rules& r, std::string_view v, std::string_view src) {
        Rules all = r;
        all.jokers = JokerSet::all();
        all.jokers_per_pass = JOKER_NB;
        r.jokers = parse_loadout(v, all, std::string(src) + " jokers.available");
      }));
  p.push_back(core::integer_rule({"frostschutz", "uses", "J1", "number of uses; use k subtracts faces 1..k"}, &Rules::frost_uses, 1, 5));
  p.push_back(core::integer_rule({"spelunkenbold", "bonus", "J2", "faces 1..5 add face + bonus"}, &Rules::spelunken_bonus, -100, 100));
  p.push_back(core::integer_rule({"spelunkenbold", "six", "J2", "eyes a 6 adds (negative subtracts)"}, &Rules::spelunken_six, -100, 100));
  p.push_back(core::integer_rule({"anaconda", "decline", "J3", "eyes for declining the fight"}, &Rules::anaconda_decline, -100, 100));
  p.push_back(core::integer_rule({"anaconda", "win_base", "J3", "a won fight (p >= a) adds win_base + p"}, &Rules::anaconda_win_base, -100, 100));
  p.push_back(core::integer_rule({"anaconda", "loss", "J3", "eyes for a lost fight"}, &Rules::anaconda_loss, -100, 100));
  p.push_back(core::boolean_rule({"anaconda", "loss_minus_attack", "J3", "a lost fight also subtracts the attack a"}, &Rules::anaconda_loss_minus_attack));
  p.push_back(core::integer_rule({"hirtenschutz", "factor", "J4", "the throw counts this many times"}, &Rules::hirten_factor, 1, 10));
  p.push_back(core::integer_rule({"rattenlord", "win", "J5", "eyes for a won duel"}, &Rules::rattenlord_win, -100, 100));
  p.push_back(core::integer_rule({"rattenlord", "loss", "J5", "eyes after every throw failed"}, &Rules::rattenlord_loss, -100, 100));
  p.push_back(core::integer_rule({"rattenlord", "retreat", "J5", "eyes for retreating after a failed throw"}, &Rules::rattenlord_retreat, -100, 100));
  p.push_back(core::integer_rule({"rattenlord", "throws", "J5", "throws the player has"}, &Rules::rattenlord_throws, 1, 5));
  p.push_back(core::integer_rule({"rattenlord", "face", "J5", "a throw of this face or more wins"}, &Rules::rattenlord_face, 1, 6));
  p.push_back(core::integer_rule({"all-in", "max_face", "J6", "faces 1..max_face double the eyes, the rest set 0"}, &Rules::allin_max_face, 0, 6));
  p.push_back(core::integer_rule({"jule", "bonus", "J7", "eyes added on every step after the free throw"}, &Rules::jule_bonus, -100, 100));
  p.push_back(core::integer_rule({"pony", "throws", "J8", "throws summed"}, &Rules::pony_throws, 1, 5));
  p.push_back(core::integer_rule({"pony", "target", "J8", "a sum of target or more adds the sum"}, &Rules::pony_target, 1, 30));
  p.push_back(core::integer_rule({"pony", "fail", "J8", "eyes for a sum below target (unless fail_minus_sum)"}, &Rules::pony_fail, -100, 100));
  p.push_back(core::boolean_rule({"pony", "fail_minus_sum", "J8", "a sum below target subtracts the sum instead"}, &Rules::pony_fail_minus_sum));
  p.push_back(core::integer_rule({"monokel", "throws", "J9", "throws covered, each with one re-throw"}, &Rules::monokel_throws, 1, 5));
  p.push_back(core::choice_rule({"senigma", "kind", "J10", "five-round duel (2019) or three-throw repeat (classic)"}, &Rules::senigma, {"duel", "repeat"}));
  p.push_back(core::integer_rule({"senigma", "rounds", "J10", "duel rounds"}, &Rules::senigma_rounds, 1, 9));
  p.push_back(core::integer_rule({"senigma", "per_round", "J10", "duel: eyes per round of difference"}, &Rules::senigma_per_round, 0, 100));
  p.push_back(core::integer_rule({"senigma", "repeat_throws", "J10", "repeat: throws"}, &Rules::senigma_repeat_throws, 2, 6));
  p.push_back(core::integer_rule({"senigma", "repeat_gain", "J10", "repeat: eyes taken when a face repeats"}, &Rules::senigma_repeat_gain, 0, 100));
  p.push_back(core::integer_rule({"tentakel", "max_face", "J12", "plain-throw faces 1..max_face add face + bonus"}, &Rules::tentakel_max_face, 0, 5));
  p.push_back(core::integer_rule({"tentakel", "bonus", "J12", "bonus on those faces"}, &Rules::tentakel_bonus, -100, 100));
  p.push_back(core::choice_rule({"fumo", "kind", "J13", "doubling (2019) or re-entry after a 6 (classic)"}, &Rules::fumo, {"doubling", "reentry"}));
  p.push_back(core::integer_rule({"fumo", "factor", "J13", "doubling: plain throws count this many times"}, &Rules::fumo_factor, 1, 10));
  p.push_back(core::integer_rule({"cherry", "throws", "J14", "throws"}, &Rules::cherry_throws, 1, 8));
  p.push_back(core::integer_rule({"cherry", "face", "J14", "a throw of this or more is a success"}, &Rules::cherry_face, 1, 6));
  p.push_back(core::integer_rule({"cherry", "worth", "J14", "eyes per success"}, &Rules::cherry_worth, 0, 100));
  p.push_back(core::integer_rule({"cherry", "counter_face", "J14", "a counter of this or more cancels a success"}, &Rules::cherry_counter_face, 1, 7));
  p.push_back(core::integer_rule({"runkelrueb", "throws", "J15", "croupier throws"}, &Rules::runkel_throws, 1, 5));
  p.push_back(core::integer_rule({"runkelrueb", "face", "J15", "any croupier throw of this or more cancels the 6"}, &Rules::runkel_face, 1, 7));
  p.push_back(core::choice_rule({"evening", "seat_order", "P1", "first seat rotates by one each pass, or stays"}, &Rules::seat_order, {"rotate", "fixed"}));
  p.push_back(core::integer_rule({"evening", "jokers_per_pass", "P2", "jokers a player selects for a pass"}, &Rules::jokers_per_pass, 0, 3));
  p.push_back(core::integer_rule({"evening", "jokers_per_evening", "P2", "joker selections per evening, each joker at most once"}, &Rules::jokers_per_evening, 0, 15));
  p.push_back(core::integer_rule({"evening", "passes", "P2", "passes per evening"}, &Rules::passes, 1, 20));
  p.push_back(core::integer_rule({"evening", "final_passes", "P2", "passes in the final evening"}, &Rules::final_passes, 1, 20));
  p.push_back(core::boolean_rule({"evening", "free_joker_choice", "P2", "Freie Jokerwahl once per player in the final, from pass 2"}, &Rules::free_joker_choice));
  p.push_back(core::integer_rule(
      {"evening", "losers_at_least", "P3", "losers: everyone at 0 or below, then lowest totals up to this many"},
      &Rules::losers_at_least, 0, kMaxPlayers));
  p.push_back(core::integer_rule({"evening", "place_bonus_1", "P4", "free-throw bonus for the previous evening's 1st place"}, &Rules::place_bonus_1, 0, 100));
  p.push_back(core::integer_rule({"evening", "place_bonus_2", "P4", "... 2nd place"}, &Rules::place_bonus_2, 0, 100));
  p.push_back(core::integer_rule({"evening", "place_bonus_3", "P4", "... 3rd place"}, &Rules::place_bonus_3, 0, 100));
  return p;
}

}  // namespace

const core::RuleTable<Rules>& rule_table() {
  static const core::RuleTable<Rules> table = [] {
    core::RuleTable<Rules> t;
    t.layout.header = std::string("# Die verflixte 6 ruleset, written by verflixt ") + kVersion + ".\n" +
                      "# Every key is one parameter of docs/rules/verflixte6.md; the comment above it names the rule.\n"
                      "# Read back with --rules FILE; a key left out keeps the value of `preset`.\n";
    t.layout.preset_line = true;
    t.layout.blank_before_section = true;
    t.layout.help_shows_domain = true;
    t.layout.summary_changes_only = true;
    t.params = params();
    t.presets = {{"tournament-2019", "the 2019 tournament rules", Rules{}},
                 {"classic", "the classic rules", classic_rules()}};
    t.preset_of = [](const Rules& r) { return r.preset; };
    t.validate = [](const Rules& r) {
      if (r.final_passes < r.passes)
        throw core::InputError("evening.final_passes = " + std::to_string(r.final_passes) + " is below evening.passes = " +
                         std::to_string(r.passes) + "; valid: at least passes (--set evening.final_passes=" +
                         std::to_string(r.passes) + " or more)");
    };
    t.canonical_key = canonical_key;
    return t;
  }();
  return table;
}

std::vector<std::string> preset_names() { return rule_table().preset_names(); }

Rules preset(std::string_view name) { return rule_table().preset(name); }

void print_rules(std::ostream& out, const Rules& rules) { out << rule_table().ini(rules); }

std::string rules_to_ini(const Rules& rules) { return rule_table().ini(rules); }

Rules read_rules(std::istream& in, std::string_view source, const Rules& base) {
  return rule_table().read(in, source, base);
}

Rules read_rules_file(const std::string& path, const Rules& base) {
  return rule_table().read(core::read_text_file(path, "rules file"), path, base);
}

void set_rule(Rules& rules, std::string_view assignment) {
  rule_table().apply(rules, assignment);
  validate(rules);
}

void validate(const Rules& r) { rule_table().validate(r); }

std::string rules_summary(const Rules& rules) { return rule_table().summary(rules); }

}  // namespace verflixt::verflixte6
