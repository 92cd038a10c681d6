#include "verflixt/games/schocken/rules.h"

#include <sstream>

#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"

namespace verflixt::schocken {

namespace {

// Key, rule id, help and range of every parameter in one row: validation, printing, reading
// and --set walk the same list. Exactly one of int_field / bool_field is set.
struct Param {
  const char* key;
  const char* rule;
  const char* help;
  int low, high;
  int SchockenRules::*int_field;
  bool SchockenRules::*bool_field;
};
constexpr Param kParams[] = {
    {"players", "S2", "players at the table (2..8)", 2, kMaxPlayers, &SchockenRules::players, nullptr},
    {"max_throws", "S2", "throws the round's starter may use; his count is everyone's limit (1..3)", 1, kMaxThrows,
     &SchockenRules::max_throws, nullptr},
    {"chips", "S3", "chips on the stack at the start of a half", 1, 99, &SchockenRules::chips, nullptr},
    {"general_chips", "S1", "chips a General (6 6 6 ... 2 2 2) costs the round's loser", 1, 99,
     &SchockenRules::general_chips, nullptr},
    {"strasse_chips", "S1", "chips a Strasse (4-5-6 ... 1-2-3) costs", 1, 99, &SchockenRules::strasse_chips, nullptr},
    {"zahl_chips", "S1", "chips a Zahl (any other hand) costs", 1, 99, &SchockenRules::zahl_chips, nullptr},
    {"schock_out_loses_half", "S1", "a Schock out (1 1 1) makes the round's loser lose the half at once", 0, 1,
     nullptr, &SchockenRules::schock_out_loses_half},
    {"throw_tiebreak", "S1", "equal hands: fewer throws rank higher (then the later revealer ranks lower)", 0, 1,
     nullptr, &SchockenRules::throw_tiebreak},
    {"two_sixes_make_one", "S2", "two 6s may be turned into one 1 before a further throw", 0, 1, nullptr,
     &SchockenRules::two_sixes_make_one},
    {"final", "S3", "the two half-losers play a final; false: the second half's loser pays", 0, 1, nullptr,
     &SchockenRules::final},
};

std::vector<std::string> known_keys() {
  std::vector<std::string> keys = {"schocken.preset"};
  for (const auto& p : kParams) keys.push_back(std::string("schocken.") + p.key);
  return keys;
}

std::vector<std::string> short_keys() {
  std::vector<std::string> keys = {"preset"};
  for (const auto& p : kParams) keys.emplace_back(p.key);
  return keys;
}

std::string value_of(const SchockenRules& r, const Param& p) {
  if (p.int_field) return std::to_string(r.*p.int_field);
  return r.*p.bool_field ? "true" : "false";
}

void set_value(SchockenRules& r, const Param& p, std::string_view value, std::string_view where) {
  if (p.int_field)
    r.*p.int_field = parse_int(value, p.key, where, p.low, p.high);
  else
    r.*p.bool_field = parse_bool(value, p.key, where);
}

const Param* find_param(std::string_view key) {
  for (const auto& p : kParams)
    if (key == p.key) return &p;
  return nullptr;
}

}  // namespace

const std::vector<std::string>& preset_names() {
  static const std::vector<std::string> kNames = {"pub"};
  return kNames;
}

SchockenRules preset(std::string_view name) {
  // The preset's earlier id (older rules files carry it) is read as pub and never printed.
  if (!match_name(name, preset_names()) && !match_name(name, {"seed-003"}))
    throw InputError("unknown schocken preset '" + std::string(name) + "'" + suggest(name, preset_names()));
  return SchockenRules{};  // pub is the defaults
}

void validate(const SchockenRules& rules) {
  for (const auto& p : kParams) {
    if (!p.int_field) continue;
    const int v = rules.*p.int_field;
    if (v < p.low || v > p.high)
      throw InputError(std::string("schocken ") + p.key + " " + std::to_string(v) + " is out of range; valid: " +
                       std::to_string(p.low) + ".." + std::to_string(p.high));
  }
}

std::string rules_summary(const SchockenRules& rules) {
  std::string s;
  for (const auto& p : kParams) s += (s.empty() ? "" : " ") + std::string(p.key) + "=" + value_of(rules, p);
  return s;
}

std::string rules_to_ini(const SchockenRules& rules) {
  std::ostringstream out;
  out << "# Schocken rules (docs/rules/schocken.md); read back with --rules FILE.\n"
      << "# A Schock x (1 1 x) costs x chips and a Schock out all of them: rules, not parameters.\n"
      << "[schocken]\n";
  for (const auto& p : kParams) out << "# " << p.rule << ": " << p.help << "\n" << p.key << " = " << value_of(rules, p) << "\n";
  return out.str();
}

SchockenRules read_rules(std::istream& in, std::string_view source) {
  const auto entries = read_ini(in, source, known_keys());
  SchockenRules r;
  for (const auto& [key, value, where] : entries)
    if (key == "schocken.preset") r = preset(value);
  for (const auto& [key, value, where] : entries)
    if (key != "schocken.preset") set_value(r, *find_param(key.substr(9)), value, where);
  validate(r);
  return r;
}

SchockenRules read_rules_file(const std::string& path) {
  std::istringstream in(read_text_file(path, "rules file"));
  return read_rules(in, path);
}

void set_rule(SchockenRules& rules, std::string_view assignment) {
  const auto [key, value] = split_assignment(assignment, short_keys());
  if (key == "preset") {
    rules = preset(value);
    return;
  }
  const Param* p = find_param(key);
  if (!p) throw InputError("--set: unknown schocken rule " + verflixt::quoted(key) + suggest(key, short_keys()));
  set_value(rules, *p, value, "--set");
  validate(rules);
}

}  // namespace verflixt::schocken
