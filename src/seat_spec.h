#pragma once
// A seat at a table as the multiplayer commands name it: "POLICY[@JOKERS]", the policy as
// make_policy reads it and JOKERS a joker priority list for ListSelector (P2). Private to the
// executable: tournament, advise and balance parse seats the same way.
#include <memory>
#include <string>
#include <vector>

#include <boost/program_options/variables_map.hpp>

#include "verflixt/engine.h"
#include "verflixt/policy.h"
#include "verflixt/rules.h"

namespace verflixt {

struct SeatPlayer {
  std::string label;                    // the spec as given, pools results in a group
  std::unique_ptr<Policy> policy;
  std::unique_ptr<Selector> selector;   // nullptr: selects no jokers
  std::vector<Joker> jokers;            // the priority list the selector uses
};

// Parses "POLICY[@JOKERS]". Without "@", a policy file's own loadout (heuristic or position
// files, key policy.loadout) is the list. Jokers must exist under `rules`; throws InputError.
SeatPlayer make_seat_player(const std::string& spec, const Rules& rules);

// Parses a comma-separated joker list of any length ("" or "none": empty), each joker once
// and present under `rules`. Throws InputError naming `what`.
std::vector<Joker> parse_joker_priority(const std::string& list, const Rules& rules, const std::string& what);

// The --series option of the table commands: its value checked to 1..1000, or the rules'
// default (objective.h, O6). Throws InputError.
int series_from(const boost::program_options::variables_map& vm, const Rules& rules);

}  // namespace verflixt
