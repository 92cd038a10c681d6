#include "verflixt/games/verflixte6/rules/rules.h"

#include <fstream>
#include <functional>
#include <sstream>

#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/ini.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/core/names.h"
#include "verflixt/version.h"

namespace verflixt {
namespace {

// One rules parameter: its INI key, the rule it implements, a comment for the printed file,
// and how to read and write it. The table below is the single list of parameters; printing,
// reading, --set and the summary all walk it.
struct Param {
  std::string key;    // "section.name"
  std::string rule;   // docs/rules/verflixte6.md id
  std::string help;   // one line, printed as the key's comment
  std::function<std::string(const Rules&)> get;
  std::function<void(Rules&, std::string_view value, std::string_view source)> set;
};

Param int_param(std::string key, std::string rule, std::string help, int Rules::*m, int lo, int hi) {
  help += " (" + std::to_string(lo) + ".." + std::to_string(hi) + ")";
  return {key, std::move(rule), std::move(help),
          [m](const Rules& r) { return std::to_string(r.*m); },
          [m, key, lo, hi](Rules& r, std::string_view v, std::string_view src) {
            r.*m = parse_int(v, key, src, lo, hi);
          }};
}

Param bool_param(std::string key, std::string rule, std::string help, bool Rules::*m) {
  help += " (true, false)";
  return {key, std::move(rule), std::move(help),
          [m](const Rules& r) { return std::string(r.*m ? "true" : "false"); },
          [m, key](Rules& r, std::string_view v, std::string_view src) { r.*m = parse_bool(v, key, src); }};
}

template <class E>
Param enum_param(std::string key, std::string rule, std::string help, E Rules::*m,
                 std::vector<std::string> names) {
  help += " (" + join(names) + ")";
  return {key, std::move(rule), std::move(help),
          [m, names](const Rules& r) { return names[static_cast<size_t>(r.*m)]; },
          [m, key, names](Rules& r, std::string_view v, std::string_view src) {
            r.*m = static_cast<E>(parse_choice(v, key, src, names));
          }};
}

const std::vector<Param>& params() {
  static const std::vector<Param> table = [] {
    std::vector<Param> p;
    p.push_back(int_param("turn.bust_face", "T3/T5", "face that eliminates on a plain throw", &Rules::bust_face, 1, 6));
    p.push_back(bool_param("turn.free_throw", "T1", "a free throw opens the turn", &Rules::free_throw));
    p.push_back(bool_param("turn.ones_rob", "T4", "a 1 on a plain throw is a robbing 1", &Rules::ones_rob));
    p.push_back(int_param("turn.rob_cap", "T4", "the j-th robbing 1 steals min(j, rob_cap) eyes", &Rules::rob_cap, 0, 100));
    p.push_back(enum_param("turn.rob_targets", "T4", "who may be robbed", &Rules::rob_targets, {"not-zombie", "anyone"}));
    p.push_back(int_param("turn.keuler_bonus", "T6", "thief's bonus for taking a Prinzessin to 0 or below; 0 = no Keuler", &Rules::keuler_bonus, 0, 100));
    p.push_back(Param{"jokers.available", "§2", "jokers that exist in this ruleset, comma-separated, or none",
        [](const Rules& r) { return loadout_name(r.jokers); },
        [](Rules& r, std::string_view v, std::string_view src) {
          Rules all = r;
          all.jokers = JokerSet::all();
          all.jokers_per_pass = JOKER_NB;
          r.jokers = parse_loadout(v, all, std::string(src) + " jokers.available");
        }});
    p.push_back(int_param("frostschutz.uses", "J1", "number of uses; use k subtracts faces 1..k", &Rules::frost_uses, 1, 5));
    p.push_back(int_param("spelunkenbold.bonus", "J2", "faces 1..5 add face + bonus", &Rules::spelunken_bonus, -100, 100));
    p.push_back(int_param("spelunkenbold.six", "J2", "eyes a 6 adds (negative subtracts)", &Rules::spelunken_six, -100, 100));
    p.push_back(int_param("anaconda.decline", "J3", "eyes for declining the fight", &Rules::anaconda_decline, -100, 100));
    p.push_back(int_param("anaconda.win_base", "J3", "a won fight (p >= a) adds win_base + p", &Rules::anaconda_win_base, -100, 100));
    p.push_back(int_param("anaconda.loss", "J3", "eyes for a lost fight", &Rules::anaconda_loss, -100, 100));
    p.push_back(bool_param("anaconda.loss_minus_attack", "J3", "a lost fight also subtracts the attack a", &Rules::anaconda_loss_minus_attack));
    p.push_back(int_param("hirtenschutz.factor", "J4", "the throw counts this many times", &Rules::hirten_factor, 1, 10));
    p.push_back(int_param("rattenlord.win", "J5", "eyes for a won duel", &Rules::rattenlord_win, -100, 100));
    p.push_back(int_param("rattenlord.loss", "J5", "eyes after every throw failed", &Rules::rattenlord_loss, -100, 100));
    p.push_back(int_param("rattenlord.retreat", "J5", "eyes for retreating after a failed throw", &Rules::rattenlord_retreat, -100, 100));
    p.push_back(int_param("rattenlord.throws", "J5", "throws the player has", &Rules::rattenlord_throws, 1, 5));
    p.push_back(int_param("rattenlord.face", "J5", "a throw of this face or more wins", &Rules::rattenlord_face, 1, 6));
    p.push_back(int_param("all-in.max_face", "J6", "faces 1..max_face double the eyes, the rest set 0", &Rules::allin_max_face, 0, 6));
    p.push_back(int_param("jule.bonus", "J7", "eyes added on every step after the free throw", &Rules::jule_bonus, -100, 100));
    p.push_back(int_param("pony.throws", "J8", "throws summed", &Rules::pony_throws, 1, 5));
    p.push_back(int_param("pony.target", "J8", "a sum of target or more adds the sum", &Rules::pony_target, 1, 30));
    p.push_back(int_param("pony.fail", "J8", "eyes for a sum below target (unless fail_minus_sum)", &Rules::pony_fail, -100, 100));
    p.push_back(bool_param("pony.fail_minus_sum", "J8", "a sum below target subtracts the sum instead", &Rules::pony_fail_minus_sum));
    p.push_back(int_param("monokel.throws", "J9", "throws covered, each with one re-throw", &Rules::monokel_throws, 1, 5));
    p.push_back(enum_param("senigma.kind", "J10", "five-round duel (2019) or three-throw repeat (classic)", &Rules::senigma, {"duel", "repeat"}));
    p.push_back(int_param("senigma.rounds", "J10", "duel rounds", &Rules::senigma_rounds, 1, 9));
    p.push_back(int_param("senigma.per_round", "J10", "duel: eyes per round of difference", &Rules::senigma_per_round, 0, 100));
    p.push_back(int_param("senigma.repeat_throws", "J10", "repeat: throws", &Rules::senigma_repeat_throws, 2, 6));
    p.push_back(int_param("senigma.repeat_gain", "J10", "repeat: eyes taken when a face repeats", &Rules::senigma_repeat_gain, 0, 100));
    p.push_back(int_param("tentakel.max_face", "J12", "plain-throw faces 1..max_face add face + bonus", &Rules::tentakel_max_face, 0, 5));
    p.push_back(int_param("tentakel.bonus", "J12", "bonus on those faces", &Rules::tentakel_bonus, -100, 100));
    p.push_back(enum_param("fumo.kind", "J13", "doubling (2019) or re-entry after a 6 (classic)", &Rules::fumo, {"doubling", "reentry"}));
    p.push_back(int_param("fumo.factor", "J13", "doubling: plain throws count this many times", &Rules::fumo_factor, 1, 10));
    p.push_back(int_param("cherry.throws", "J14", "throws", &Rules::cherry_throws, 1, 8));
    p.push_back(int_param("cherry.face", "J14", "a throw of this or more is a success", &Rules::cherry_face, 1, 6));
    p.push_back(int_param("cherry.worth", "J14", "eyes per success", &Rules::cherry_worth, 0, 100));
    p.push_back(int_param("cherry.counter_face", "J14", "a counter of this or more cancels a success", &Rules::cherry_counter_face, 1, 7));
    p.push_back(int_param("runkelrueb.throws", "J15", "croupier throws", &Rules::runkel_throws, 1, 5));
    p.push_back(int_param("runkelrueb.face", "J15", "any croupier throw of this or more cancels the 6", &Rules::runkel_face, 1, 7));
    p.push_back(enum_param("evening.seat_order", "P1", "first seat rotates by one each pass, or stays", &Rules::seat_order, {"rotate", "fixed"}));
    p.push_back(int_param("evening.jokers_per_pass", "P2", "jokers a player selects for a pass", &Rules::jokers_per_pass, 0, 3));
    p.push_back(int_param("evening.jokers_per_evening", "P2", "joker selections per evening, each joker at most once", &Rules::jokers_per_evening, 0, 15));
    p.push_back(int_param("evening.passes", "P2", "passes per evening", &Rules::passes, 1, 20));
    p.push_back(int_param("evening.final_passes", "P2", "passes in the final evening", &Rules::final_passes, 1, 20));
    p.push_back(bool_param("evening.free_joker_choice", "P2", "Freie Jokerwahl once per player in the final, from pass 2", &Rules::free_joker_choice));
    p.push_back(int_param("evening.losers_at_least", "P3", "losers: everyone at 0 or below, then lowest totals up to this many", &Rules::losers_at_least, 0, 12));
    p.push_back(int_param("evening.place_bonus_1", "P4", "free-throw bonus for the previous evening's 1st place", &Rules::place_bonus_1, 0, 100));
    p.push_back(int_param("evening.place_bonus_2", "P4", "... 2nd place", &Rules::place_bonus_2, 0, 100));
    p.push_back(int_param("evening.place_bonus_3", "P4", "... 3rd place", &Rules::place_bonus_3, 0, 100));
    return p;
  }();
  return table;
}

std::vector<std::string> known_keys() {
  std::vector<std::string> keys{"preset"};
  for (const auto& p : params()) keys.push_back(p.key);
  return keys;
}

const Param* find_param(std::string_view key) {
  for (const auto& p : params())
    if (p.key == key) return &p;
  return nullptr;
}

}  // namespace

std::vector<std::string> preset_names() { return {"tournament-2019", "classic"}; }

Rules preset(std::string_view name) {
  Rules r;  // the defaults are tournament-2019
  const size_t which = choose_name(name, preset_names(), "preset");
  if (which == 0) return r;
  if (which == 1) {
    // docs/rules/verflixte6.md §4, right-hand column.
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
  return r;
}

void print_rules(std::ostream& out, const Rules& rules) {
  out << "# Die verflixte 6 ruleset, written by verflixt " << kVersion << ".\n"
      << "# Every key is one parameter of docs/rules/verflixte6.md; the comment above it names the rule.\n"
      << "# Read back with --rules FILE; a key left out keeps the value of `preset`.\n"
      << "preset = " << rules.preset << "\n";
  std::string section;
  for (const auto& p : params()) {
    std::string sec = p.key.substr(0, p.key.find('.'));
    if (sec != section) {
      out << "\n[" << sec << "]\n";
      section = sec;
    }
    out << "# " << p.rule << ": " << p.help << "\n"
        << p.key.substr(p.key.find('.') + 1) << " = " << p.get(rules) << "\n";
  }
}

std::string rules_to_ini(const Rules& rules) {
  std::ostringstream s;
  print_rules(s, rules);
  return s.str();
}

Rules read_rules(std::istream& in, std::string_view source) {
  auto values = read_ini(in, source, known_keys());
  Rules r;
  for (const auto& [key, value, where] : values)
    if (key == "preset") {
      if (!match_name(value, preset_names()))
        throw InputError(where + ": preset = '" + value + "'" + suggest(value, preset_names()));
      r = preset(value);
    }
  for (const auto& [key, value, where] : values)
    if (key != "preset") find_param(key)->set(r, value, where);
  validate(r);
  return r;
}

Rules read_rules_file(const std::string& path) {
  std::istringstream in(read_text_file(path, "rules file"));
  return read_rules(in, path);
}

namespace {

// A joker's section may be spelled as joker names are (parse_joker: "Runkelrüb", "Cherrys
// Höschen", any case), so `--set Runkelrüb.face=4` reads as runkelrueb.face; other keys as given.
std::string canonical_key(const std::string& key) {
  const size_t dot = key.find('.');
  if (dot == std::string::npos || find_param(key)) return key;
  try {
    return std::string(joker_id(parse_joker(key.substr(0, dot)))) + key.substr(dot);
  } catch (const InputError&) {
    return key;  // not a joker: reported as an unknown key below
  }
}

}  // namespace

void set_rule(Rules& rules, std::string_view assignment) {
  const auto [given, value] = split_assignment(assignment, known_keys());
  const std::string key = canonical_key(given);
  if (key == "preset") {
    rules = preset(value);
    return;
  }
  const Param* p = find_param(key);
  if (!p) throw InputError("--set: unknown key " + verflixt::quoted(key) + suggest(key, known_keys()));
  p->set(rules, value, "--set");
  validate(rules);
}

void validate(const Rules& r) {
  if (r.final_passes < r.passes)
    throw InputError("evening.final_passes = " + std::to_string(r.final_passes) +
                     " is below evening.passes = " + std::to_string(r.passes) + "; valid: at least passes");
}

std::string rules_summary(const Rules& rules) {
  Rules base = preset(rules.preset);
  std::string out = rules.preset;
  for (const auto& p : params()) {
    std::string v = p.get(rules);
    if (v != p.get(base)) out += " " + p.key + "=" + v;
  }
  return out;
}

}  // namespace verflixt
