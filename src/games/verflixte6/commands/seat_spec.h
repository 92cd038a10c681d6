#pragma once
// A seat at a table as the multiplayer commands name it: "POLICY[@JOKERS]", the policy as
// make_policy reads it and JOKERS a joker priority list for ListSelector (P2). Private to the
// executable: tournament, advise and balance parse seats the same way.
#include <memory>
#include <string>
#include <vector>

#include <boost/program_options/variables_map.hpp>

#include "verflixt/core/option.h"

#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::cli {

struct SeatPlayer {
  std::string label;                    // the spec as given, pools results in a group
  // Shared by the seats of one table that name the same policy (make_seat_players): the pass
  // kernel compiles a policy's turn tables once per object, so three seats of one file share
  // one set of tables (a third of the memory and compile time, and fewer cache misses).
  std::shared_ptr<verflixte6::Policy> policy;
  std::unique_ptr<verflixte6::Selector> selector;   // nullptr: selects no jokers
  std::vector<verflixte6::Joker> jokers;            // the priority list the selector uses
};

// Parses "POLICY[@JOKERS]". Without "@", a policy file's own loadout (heuristic or position
// files, key policy.loadout) is the list. Jokers must exist under `rules`; throws InputError.
SeatPlayer make_seat_player(const std::string& spec, const verflixte6::Rules& rules);
// The seats of one table: the same, but seats whose POLICY part is the same string share one
// policy object (read once); each seat keeps its own selector.
std::vector<SeatPlayer> make_seat_players(const std::vector<std::string>& specs, const verflixte6::Rules& rules);

// Parses a comma-separated joker list of any length ("" or "none": empty), each joker once
// and present under `rules`. Throws InputError naming `what`.
std::vector<verflixte6::Joker> parse_joker_priority(const std::string& list, const verflixte6::Rules& rules, const std::string& what);

// The --series option of the table commands: its value checked to 1..1000, or the rules'
// default (objective.h, O6). Throws InputError.
int series_from(const boost::program_options::variables_map& vm, const verflixte6::Rules& rules);

// The --engine option of the table commands: auto (the pass kernel when it can play every
// policy, else the reference engine), kernel or reference; `fallback` is the default and
// `note` ends the help.
core::Option engine_option(const std::string& fallback = "auto", const std::string& note = "");
// The engine chosen for `policies`; throws InputError for an unknown name, or for kernel when
// a policy cannot be played by it.
verflixte6::PassEngine engine_from(const boost::program_options::variables_map& vm, const std::vector<const verflixte6::Policy*>& policies);

}  // namespace verflixt::cli
