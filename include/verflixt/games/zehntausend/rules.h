#pragma once
// Zehntausend (rules: docs/rules/zehntausend.md, rule ids Z1-Z5): six dice,
// set scoring groups aside, bank or throw the rest; a Niete loses the turn total.
//
// Parameters (ZehntausendRules), with the preset `app` values — documented here once:
//   dice         6      dice of a turn (1..6; fewer only for reduced test games)      Z2
//   single_one   100    a single 1                                                   Z1
//   single_five  50     a single 5                                                   Z1
//   triple_unit  100    three of a kind of face f score triple_unit * f (f = 2..6)   Z1
//   triple_ones  1000   three 1s; every further die of the face doubles              Z1
//   straight     2000   1 2 3 4 5 6 set aside as one throw of six; 0 = no special    Z1
//   three_pairs  1500   three pairs of different faces; 0 = no special               Z1
//   two_triples  2500   two triples of different faces; 0 = no special               Z1
//   bank_min     400    smallest turn total that may be banked ("higher than 350")   Z3
//   hot_dice     true   all dice set aside: throw all six again, total kept          Z2
//   bankrott     true   a Niete on the first throw of a turn zeroes the game total   Z4
//   limit        10000  game total that starts the final round                      Z5
//   players      2      players at the table (2..8), seat 1 moves first              Z5
// Every point value is a multiple of 50, so a turn total is a whole number of 50s (the
// solver's index).
#include <string>
#include <string_view>
#include <vector>

namespace verflixt::core {
template <class R>
struct RuleTable;  // core/rule_table.h
}  // namespace verflixt::core

namespace verflixt::zehntausend {

inline constexpr int kFaces = 6;
inline constexpr int kMaxDice = 6;
inline constexpr int kMaxPlayers = 8;
inline constexpr int kMaxLimit = 1000000;  // the largest game total that starts the final round
inline constexpr int kPointStep = 50;  // every score is a multiple of this (validated)

struct ZehntausendRules {
  int dice = 6;
  int single_one = 100;
  int single_five = 50;
  int triple_unit = 100;
  int triple_ones = 1000;
  int straight = 2000;
  int three_pairs = 1500;
  int two_triples = 2500;
  int bank_min = 400;
  bool hot_dice = true;
  bool bankrott = true;
  int limit = 10000;
  bool final_round = true;  // Z5: false, the first to reach the limit wins at once
  int players = 2;

  friend bool operator==(const ZehntausendRules&, const ZehntausendRules&) = default;
};

// Every parameter, the presets and the file's layout as one table (core/rule_table.h); the
// functions below are its operations.
const core::RuleTable<ZehntausendRules>& rule_table();

// The named presets: "app" (the rules of a Zehntausend app, the default).
std::vector<std::string> preset_names();
// The preset `name` (matched with did-you-mean; InputError for an unknown name).
ZehntausendRules preset(std::string_view name);

// Throws InputError naming the parameter and its valid range (or the multiple-of-50 rule).
void validate(const ZehntausendRules& rules);

// The rules as a commented INI file ([zehntausend] key = value, each key with its rule id,
// help and range): what `verflixt rules --game zehntausend` prints and --rules reads back.
std::string rules_ini(const ZehntausendRules& rules);
// Reads an INI text over `base` (only the keys given change); errors name `source` and line.
ZehntausendRules read_rules_ini(const std::string& text, std::string_view source, ZehntausendRules base);
// Sets one parameter from "key=value" (the --set form); InputError names the valid keys.
void set_rule(ZehntausendRules& rules, std::string_view assignment);
// One line, "dice=6 single_one=100 ... players=2", for result files and headers.
std::string rules_summary(const ZehntausendRules& rules);

}  // namespace verflixt::zehntausend
