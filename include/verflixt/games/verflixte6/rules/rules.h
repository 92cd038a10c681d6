#pragma once
// Rules as data: one plain struct holds every parameter of docs/rules/verflixte6.md, with the two presets
// `tournament-2019` (default) and `classic`. Engine, kernel and solver read only this struct,
// so a rule designer changes the game with `--set key=value` or a rules file, never in code.
// The INI form (print_rules / read_rules) documents each key with its rule id; print → read →
// print is the identity.
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "verflixt/games/verflixte6/rules/types.h"

namespace verflixt::core {
template <class R>
struct RuleTable;  // core/rule_table.h
}  // namespace verflixt::core

namespace verflixt::verflixte6 {

// T4: who may be robbed. Tournament: a Jungfrau or a Prinzessin, never a Zombie.
// Classic: "any other player" ("jedem Mitspieler seiner Wahl", any player of his choice), Zombies included.
enum class RobTargets : u8 { NotZombie, Anyone };
// J10: the 2019 five-round duel, or the classic three-throw repeat.
enum class SenigmaKind : u8 { Duel, Repeat };
// J13: the 2019 doubling, or the classic re-entry after a 6.
enum class FumoKind : u8 { Doubling, Reentry };
// P1: the first seat rotates by one each pass, or stays.
enum class SeatOrder : u8 { Rotate, Fixed };

struct Rules {
  std::string preset = "tournament-2019";  // the preset these values started from

  // --- Generalizations for rule designers: Pig is bust_face=1, no free throw,
  // --- no robbing. The defaults are the game as written.
  int bust_face = 6;        // T3/T5: the face that eliminates on a plain throw
  bool free_throw = true;   // T1: a free throw opens the turn
  bool ones_rob = true;     // T4: a 1 on a plain throw is a robbing 1

  // --- §1 Turn
  int rob_cap = 5;                          // T4: the j-th robbing 1 steals min(j, rob_cap)
  RobTargets rob_targets = RobTargets::NotZombie;  // T4
  int keuler_bonus = 5;                     // T6: thief's bonus (0 = no Keuler rule)

  // --- §2 Jokers
  JokerSet jokers = JokerSet::all();        // which jokers exist in this ruleset
  int frost_uses = 5;                       // J1: number of uses
  int spelunken_bonus = 5;                  // J2: faces 1..5 add face + bonus
  int spelunken_six = -3;                   // J2: eyes a 6 adds (negative: subtracts)
  int anaconda_decline = -2;                // J3
  int anaconda_win_base = 12;               // J3: a win adds base + p
  int anaconda_loss = -10;                  // J3: a loss adds this ...
  bool anaconda_loss_minus_attack = false;  // J3: ... and, if true, also subtracts a
  int hirten_factor = 2;                    // J4: the throw counts this many times
  int rattenlord_win = 18;                  // J5
  int rattenlord_loss = -10;                // J5: after all throws failed
  int rattenlord_retreat = -2;              // J5: retreat after a failed first throw
  int rattenlord_throws = 2;                // J5
  int rattenlord_face = 5;                  // J5: a throw of this face or more wins
  int allin_max_face = 3;                   // J6: faces 1..this double the eyes
  int jule_bonus = 1;                       // J7
  int pony_throws = 3;                      // J8
  int pony_target = 11;                     // J8: sum >= target adds the sum
  int pony_fail = -5;                       // J8: otherwise adds this ...
  bool pony_fail_minus_sum = false;         // J8: ... or, if true, subtracts the sum instead
  int monokel_throws = 2;                   // J9
  SenigmaKind senigma = SenigmaKind::Duel;  // J10
  int senigma_rounds = 5;                   // J10 duel
  int senigma_per_round = 2;                // J10 duel: eyes per round of difference
  int senigma_repeat_throws = 3;            // J10 classic
  int senigma_repeat_gain = 10;             // J10 classic
  int tentakel_max_face = 2;                // J12: faces 1..this add face + bonus
  int tentakel_bonus = 5;                   // J12
  FumoKind fumo = FumoKind::Doubling;       // J13
  int fumo_factor = 2;                      // J13 doubling
  int cherry_throws = 4;                    // J14
  int cherry_face = 3;                      // J14: a throw of this or more is a success
  int cherry_worth = 3;                     // J14: eyes per success
  int cherry_counter_face = 5;              // J14: a counter of this or more cancels one
  int runkel_throws = 2;                    // J15
  int runkel_face = 3;                      // J15: any croupier throw of this or more saves

  // --- §3 Passes, evenings
  SeatOrder seat_order = SeatOrder::Rotate; // P1
  int jokers_per_pass = 3;                  // P2
  int jokers_per_evening = 15;              // P2: tournament each joker once (15), classic 3
  int passes = 3;                           // P2: passes per evening
  int final_passes = 4;                     // P2: passes in the final evening
  bool free_joker_choice = true;            // P2: Freie Jokerwahl once per final, from pass 2
  int losers_at_least = 3;                  // P3
  int place_bonus_1 = 0;                    // P4: free-throw bonus for last evening's 1st
  int place_bonus_2 = 0;                    // P4: ... 2nd
  int place_bonus_3 = 0;                    // P4: ... 3rd

  friend bool operator==(const Rules&, const Rules&) = default;
};

// Every parameter, the presets and the file's layout as one table (core/rule_table.h); the
// functions below are its operations.
const core::RuleTable<Rules>& rule_table();

// The preset names, for error messages and --help.
std::vector<std::string> preset_names();

// A preset by name; throws InputError naming the valid presets.
Rules preset(std::string_view name);

// Writes the complete ruleset as a commented INI file (one key per parameter).
void print_rules(std::ostream& out, const Rules& rules);
std::string rules_to_ini(const Rules& rules);

// Reads an INI rules file over `base` (default tournament-2019): its `preset` key starts over
// from that preset, every other key overrides one. `source` names the input in error messages.
// Throws InputError on unknown keys, malformed lines and out-of-range values.
Rules read_rules(std::istream& in, std::string_view source, const Rules& base = {});
Rules read_rules_file(const std::string& path, const Rules& base = {});

// Applies one "key=value" override (the --set option). Throws InputError.
void set_rule(Rules& rules, std::string_view assignment);

// Checks cross-parameter constraints (e.g. bust_face within 1..6); throws InputError.
void validate(const Rules& rules);

// The game's name, as the registry lists it and every JSON answer records it ("game"); the
// command line needs no --game for it, the default game.
inline constexpr std::string_view kGame = "verflixte6";

// A stable one-line fingerprint of the ruleset for result files: the preset name plus
// every key that differs from it ("tournament-2019" or "tournament-2019 bust_face=1 ...").
std::string rules_summary(const Rules& rules);

}  // namespace verflixt::verflixte6
