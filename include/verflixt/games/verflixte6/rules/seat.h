#pragma once
// A seat at a table as the table commands name it: "POLICY[@JOKERS]", the policy as
// make_policy reads it and JOKERS a joker priority list for ListSelector (P2); tournament,
// balance, tune, strength and bench read seats the same way.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6 {

struct SeatPlayer {
  std::string label;                    // the spec as given, pools results in a group
  // Shared by the seats of one table that name the same policy (make_seat_players): the pass
  // kernel compiles a policy's turn tables once per object, so three seats of one file share
  // one set of tables (a third of the memory and compile time, and fewer cache misses).
  std::shared_ptr<Policy> policy;
  std::unique_ptr<Selector> selector;   // nullptr: selects no jokers
  std::vector<Joker> jokers;            // the priority list the selector uses
};

// Parses "POLICY[@JOKERS]". Without "@", a policy file's own loadout (heuristic or position
// files, key policy.loadout) is the list. Jokers must exist under `rules`; throws InputError.
SeatPlayer make_seat_player(const std::string& spec, const Rules& rules);
// The seats of one table: the same, but seats whose POLICY part is the same string share one
// policy object (read once); each seat keeps its own selector.
std::vector<SeatPlayer> make_seat_players(const std::vector<std::string>& specs, const Rules& rules);

// The joker priority list a policy file names (key policy.loadout of heuristic and position
// files), less the jokers `rules` lack; nullopt for a policy that names none.
std::optional<std::vector<Joker>> policy_file_loadout(const Policy& policy, const Rules& rules);

// Parses a comma-separated joker list of any length ("" or "none": empty), each joker once
// and present under `rules`. Throws InputError naming `what`.
std::vector<Joker> parse_joker_priority(const std::string& list, const Rules& rules, const std::string& what);

}  // namespace verflixt::verflixte6
