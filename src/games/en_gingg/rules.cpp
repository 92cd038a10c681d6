#include "verflixt/games/en_gingg/rules.h"

#include <sstream>

#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"
#include "verflixt/version.h"

namespace verflixt::en_gingg {
namespace {

// Key, rule id, comment, field and fixed range of every parameter in one row: validation,
// printing, reading, --set and the summary all walk this list.
struct Param {
  const char* key;  // "section.name"
  const char* rule;
  const char* help;
  int EnGinggRules::*field;
  int low, high;
};
constexpr Param kParams[] = {
    {"balance.start", "G1", "every player's starting balance; the first at 0 or less loses", &EnGinggRules::start_balance,
     1, 1000},
    {"phase1.dice", "G2", "dice thrown in phase 1 and in phase 2", &EnGinggRules::dice, 1, kMaxDice},
    {"phase1.faces", "G2", "faces of each die, 1..faces", &EnGinggRules::faces, 2, kMaxFaces},
    {"phase1.target", "G2",
     "a sum S below it costs target - S, above it earns S - target and plays phase 2 with that digit (dice..dice*faces)",
     &EnGinggRules::target, 1, kMaxDice * kMaxFaces},
    {"phase1.min_set_aside", "G2", "dice that must be set aside after every throw (1..dice)",
     &EnGinggRules::min_set_aside, 1, kMaxDice},
    {"phase1.max_throws", "G2", "throws a phase 1 may take; the last one sets every die aside (1..dice)",
     &EnGinggRules::max_throws, 1, kMaxDice},
    {"table.players", "G1", "players at the table (a tournament seats one per --seat)", &EnGinggRules::players, 2,
     kMaxPlayers},
};

std::string short_key(const char* key) { return std::string(key).substr(std::string(key).find('.') + 1); }

std::vector<std::string> known_keys() {
  std::vector<std::string> keys = {"preset"};
  for (const auto& p : kParams) keys.emplace_back(p.key);
  return keys;
}

const Param& find_param(std::string_view key) {
  std::vector<std::string> names;
  for (const auto& p : kParams) names.push_back(short_key(p.key));
  for (const auto& p : kParams)
    if (key == p.key) return p;
  return kParams[choose_name(key, names, "en-gingg rule")];
}

void check(bool ok, const std::string& key, int value, const std::string& valid) {
  if (!ok)
    throw InputError("en-gingg " + key + " " + std::to_string(value) + " is out of range; valid: " + valid);
}

}  // namespace

const std::vector<std::string>& preset_names() {
  static const std::vector<std::string> names = {"swiss"};
  return names;
}

EnGinggRules preset(std::string_view name) {
  // The preset's earlier id (older rules files carry it) is read as swiss and never printed.
  if (!match_name(name, {"seed-002"})) choose_name(name, preset_names(), "en-gingg preset");
  return EnGinggRules{};  // swiss, the only preset: the defaults of the struct
}

void validate(const EnGinggRules& r) {
  for (const auto& p : kParams) {
    const int v = r.*p.field;
    check(v >= p.low && v <= p.high, p.key, v, std::to_string(p.low) + ".." + std::to_string(p.high));
  }
  check(r.target >= r.dice && r.target <= r.max_sum(), "phase1.target", r.target,
        std::to_string(r.dice) + ".." + std::to_string(r.max_sum()) + " (dice..dice*faces)");
  check(r.min_set_aside <= r.dice, "phase1.min_set_aside", r.min_set_aside, "1.." + std::to_string(r.dice) + " (dice)");
  check(r.max_throws <= r.dice, "phase1.max_throws", r.max_throws, "1.." + std::to_string(r.dice) + " (dice)");
}

std::string rules_summary(const EnGinggRules& r) {
  std::string s;
  for (const auto& p : kParams) s += (s.empty() ? "" : " ") + short_key(p.key) + "=" + std::to_string(r.*p.field);
  return s;
}

std::string rules_to_ini(const EnGinggRules& r) {
  std::ostringstream s;
  s << "# En Gingg as Bei ruleset, written by verflixt " << kVersion << ".\n"
    << "# Every key is one parameter of the rules (docs/rules/en-gingg.md); the comment names the rule.\n"
    << "# Read back with --rules FILE; a key left out keeps the value of `preset`.\n"
    << "preset = " << r.preset << "\n";
  std::string section;
  for (const auto& p : kParams) {
    const std::string key = p.key, sec = key.substr(0, key.find('.'));
    if (sec != section) s << "\n[" << (section = sec) << "]\n";
    s << "# " << p.rule << ": " << p.help << "\n" << short_key(p.key) << " = " << r.*p.field << "\n";
  }
  return s.str();
}

EnGinggRules read_rules(std::istream& in, std::string_view source) {
  const auto values = read_ini(in, source, known_keys());
  EnGinggRules r;
  for (const auto& [key, value, where] : values)
    if (key == "preset") {
      if (!match_name(value, preset_names()) && !match_name(value, {"seed-002"}))
        throw InputError(where + ": preset = " + quoted(value) + suggest(value, preset_names()));
      r = preset(value);
    }
  for (const auto& [key, value, where] : values) {
    if (key == "preset") continue;
    const Param& p = find_param(key);
    r.*p.field = parse_int(value, key, where, p.low, p.high);
  }
  validate(r);
  return r;
}

EnGinggRules read_rules_file(const std::string& path) {
  std::istringstream in(read_text_file(path, "rules file"));
  return read_rules(in, path);
}

void set_rule(EnGinggRules& r, std::string_view assignment) {
  const auto [key, value] = split_assignment(assignment, known_keys());
  if (key == "preset") {
    r = preset(value);
    return;
  }
  const Param& p = find_param(key);
  r.*p.field = parse_int(value, p.key, "--set", p.low, p.high);
}

}  // namespace verflixt::en_gingg
