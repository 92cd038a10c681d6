#pragma once
// The rules of En Gingg as Bei (docs/rules/en-gingg.md, G1–G3) as data: one struct,
// the preset `swiss` (the rules page's values, the default) and an INI round trip.
//
// Parameters (EnGinggRules), with the swiss defaults — documented here once:
//   balance.start        37  G1: every player's starting balance; 0 or less loses (1..1000)
//   phase1.dice           6  G2: dice thrown in phase 1 and phase 2 (1..8)
//   phase1.faces          6  G2: faces of each die, 1..faces (2..9)
//   phase1.target        30  G2: S < target costs target − S, S > target earns S − target and
//                            plays phase 2 with the digit S − target (dice..dice·faces)
//   phase1.min_set_aside  1  G2: dice that must be set aside after every throw (1..dice)
//   phase1.max_throws     6  G2: throws a phase 1 may take; the last one sets every die aside
//                            (1..dice; at the default 6 = dice it never binds)
//   table.players         4  G1: players at the table, 2..8 (a tournament seats as many as
//                            it is given policies)
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace verflixt::core {
template <class R>
struct RuleTable;  // core/rule_table.h
}  // namespace verflixt::core

namespace verflixt::en_gingg {

inline constexpr int kMaxDice = 8;
inline constexpr int kMaxFaces = 9;
inline constexpr int kMaxPlayers = 8;

struct EnGinggRules {
  std::string preset = "swiss";
  int start_balance = 37;
  int dice = 6;
  int faces = 6;
  int target = 30;
  int min_set_aside = 1;
  int max_throws = 6;
  int players = 4;

  // The largest phase-1 result, dice · faces.
  int max_sum() const { return dice * faces; }
  friend bool operator==(const EnGinggRules&, const EnGinggRules&) = default;
};

// Every parameter, the presets and the file's layout as one table (core/rule_table.h); the
// functions below are its operations.
const core::RuleTable<EnGinggRules>& rule_table();

// The presets by name ("swiss"); InputError with did-you-mean for an unknown name.
const std::vector<std::string>& preset_names();
EnGinggRules preset(std::string_view name);

// Throws InputError naming the parameter and its valid range (ranges that depend on other
// parameters included: target within dice..dice·faces, min_set_aside and max_throws ≤ dice).
void validate(const EnGinggRules& rules);

// "start=37 dice=6 faces=6 target=30 min_set_aside=1 max_throws=6 players=4": the one line
// every result file records.
std::string rules_summary(const EnGinggRules& rules);

// The commented INI file `verflixt rules --game en-gingg` prints, and its reader: every key
// of the file is "section.key" as in the table at the top of this header; a key left out
// keeps the value of the file's `preset`, or of `base` when the file names none. Errors name
// the source and line.
std::string rules_to_ini(const EnGinggRules& rules);
EnGinggRules read_rules(std::istream& in, std::string_view source, const EnGinggRules& base = {});
EnGinggRules read_rules_file(const std::string& path, const EnGinggRules& base = {});
// One "key=value" (--set), the key with or without its section ("target" or "phase1.target").
void set_rule(EnGinggRules& rules, std::string_view assignment);

}  // namespace verflixt::en_gingg
