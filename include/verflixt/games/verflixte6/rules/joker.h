#pragma once
// Joker names for files and command lines (docs/rules/verflixte6.md §2 identifiers and classic aliases),
// and loadouts: the 0..3 jokers a player selects for a pass.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "verflixt/games/verflixte6/rules/types.h"

namespace verflixt::verflixte6 {

struct Rules;

// The identifier used in files and on the command line, e.g. "all-in".
std::string_view joker_id(Joker j);

// Parses an identifier or a classic alias (kaelteschutz, ozens, leela, venom).
// Throws InputError naming `what` and the valid choices.
Joker parse_joker(std::string_view name, std::string_view what = "joker");

// "frostschutz, spelunkenbold, ..." for error messages and --help.
std::string joker_choices();

// P2: whether `set` may be one player's jokers for a pass: jokers of the preset, at most
// rules.jokers_per_pass of them. Every selection and every loadout read from input is checked
// by this (the evening's further limits: engine.h select_loadout).
bool legal_loadout(const Rules& rules, JokerSet set);

// Parses a comma-separated loadout ("hirtenschutz,pony"; "" or "none" is empty) and checks it
// against the rules: at most rules.jokers_per_pass jokers, no joker twice, only jokers the
// preset has. Throws InputError naming `what`.
JokerSet parse_loadout(std::string_view list, const Rules& rules, std::string_view what = "--jokers");

// "hirtenschutz,pony" in rule order, or "none".
std::string loadout_name(JokerSet set);

// The jokers the rules have, in rule order (J1 first).
std::vector<Joker> rule_jokers(const Rules& rules);
// The jokers of `set`, in rule order (a loadout as a list).
std::vector<Joker> jokers_of(JokerSet set);

// Every loadout of 0..rules.jokers_per_pass jokers available under the rules, in a fixed order
// (by size, then lexicographically by rule order).
std::vector<JokerSet> all_loadouts(const Rules& rules);

// What --loadouts names in every command that compares loadouts (solve, sweep, tune).
inline constexpr const char* kLoadoutsForms = "all, singles, pairs or LIST;LIST with LIST = a,b,c or none";

// The loadouts a word of --loadouts names, legal under the rules: "all" (all_loadouts),
// "singles" (none, then each joker of the rules alone), "pairs" (none, then each two jokers
// in rule order); none for any other text, which is a list of loadouts. A text that is no
// list and no joker but close to one of the words is refused with "did you mean".
std::optional<std::vector<JokerSet>> named_loadouts(std::string_view spec, const Rules& rules, std::string_view what);

// Several loadouts: a word of named_loadouts, or loadouts separated by ';', each read by
// parse_loadout (an empty one is none). Throws InputError naming `what`.
std::vector<JokerSet> parse_loadouts(std::string_view spec, const Rules& rules, std::string_view what = "--loadouts");

}  // namespace verflixt::verflixte6
