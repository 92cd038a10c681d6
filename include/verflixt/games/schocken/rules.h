#pragma once
// Schocken's rules as data (docs/rules/schocken.md). Every number of the
// rules page is a parameter here; the defaults are the preset `pub`. Printed as a
// commented INI file and read back (the KataGo round trip), one parameter table for both.
//
// Parameters, with defaults — documented here once:
//   players               4      players at the table, 2..8 (S2)
//   max_throws            3      throws the round's starter may use, 1..3 (S2)
//   chips                 13     chips on the stack at the start of a half (S3)
//   general_chips         3      what a General costs the round's loser (S1)
//   strasse_chips         2      what a Straße costs (S1)
//   zahl_chips            1      what a Zahl costs (S1)
//   (a Schock x costs x chips: the rule, not a parameter)
//   schock_out_loses_half true   a Schock out makes the round's loser lose the half (S1)
//   throw_tiebreak        true   equal hands: fewer throws rank higher (S1 decision)
//   two_sixes_make_one    false  two 6s may be turned into one 1 before a further throw (S2)
//   final                 true   the two half-losers play a final (S3); false: the second
//                                half's loser pays
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace verflixt::core {
template <class R>
struct RuleTable;  // core/rule_table.h
}  // namespace verflixt::core

namespace verflixt::schocken {

inline constexpr int kMaxPlayers = 8;
inline constexpr int kDice = 3;       // S1: every hand is three dice
inline constexpr int kMaxThrows = 3;  // S2: "up to three times"

struct SchockenRules {
  int players = 4;
  int max_throws = 3;
  int chips = 13;
  int general_chips = 3;
  int strasse_chips = 2;
  int zahl_chips = 1;
  bool schock_out_loses_half = true;
  bool throw_tiebreak = true;
  bool two_sixes_make_one = false;
  bool final = true;

  friend bool operator==(const SchockenRules&, const SchockenRules&) = default;
};

// Every parameter, the presets and the file's layout as one table (core/rule_table.h); the
// functions below are its operations.
const core::RuleTable<SchockenRules>& rule_table();

// The presets by name: only "pub" (the defaults).
const std::vector<std::string>& preset_names();
SchockenRules preset(std::string_view name);

// Throws InputError naming the parameter and its valid range.
void validate(const SchockenRules& rules);
// "players=4 max_throws=3 ...": the one-line form every result records.
std::string rules_summary(const SchockenRules& rules);
// Every parameter as a commented INI file ([schocken] section), read back by read_rules.
std::string rules_to_ini(const SchockenRules& rules);
// Reads an INI file over `base` (an optional `preset = NAME` starts over from that preset, then
// every parameter given changes one); errors name `source` and the line. Validates.
SchockenRules read_rules(std::istream& in, std::string_view source, const SchockenRules& base = {});
SchockenRules read_rules_file(const std::string& path, const SchockenRules& base = {});
// Applies one "key=value" (as --set does); "preset=NAME" starts over from that preset.
void set_rule(SchockenRules& rules, std::string_view assignment);

}  // namespace verflixt::schocken
