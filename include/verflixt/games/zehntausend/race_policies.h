#pragma once
// Zehntausend's own seat policies (policy.h) in the exact two-player race (race.h): the exact
// P(the first player wins) when one seat or both play a policy instead of maximizing P(win) —
// the optimal race policy against the turn-score maximizer, say, or two policies against each
// other. The core plays them as fixed seats (core/race_solver.h's RaceSeatPolicy).
//
// A seat policy picks a turn policy at the start of each turn from the totals; each turn
// policy it picks becomes one action table over the race's turn: after each group of throws
// that score alike (race.h's merged outcomes) the set-aside the policy keeps for them (asked
// for every throw of the group: a policy that treats them differently cannot be played), after
// each set-aside its bank (action 0) or throw (1). The second seat's last turn (the final
// round) is the turn the policy picks in the final round. Every seat whose turns have
// decisions can be played: optimal, bank:N, reach:N, shift:D, cross:N, race[:W,M,BG,BB,AG,AB],
// heuristic:FILE, policy:FILE. The spec `exact` is the seat that maximizes P(win): against a
// fixed seat its best response, against `exact` the solved race itself. The spec exact:FILE is
// the solved race's policy fixed (read by the caller's RaceSource): each of its turns played
// as the solution plays it, whatever the other seat does.
//
// A fixed turn is not capped (core/race_solver.h); the race's turn still banks at its top
// (race.h: the cap plus twice the most one throw scores), far past where any of these banks.
#include <array>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include "verflixt/core/race_solver.h"
#include "verflixt/games/zehntausend/policy.h"
#include "verflixt/games/zehntausend/race.h"

namespace verflixt::zehntausend {

// The spec of the seat that maximizes P(win).
inline constexpr const char* kExactSeat = "exact";

struct RacePairing {
  std::array<std::string, 2> seats;  // the specs, the first player's first
  core::RaceSolution solution;       // P(the mover wins) per start, the pairing's
  double first_wins() const { return solution.first_wins(); }
};

class SolvedSeat;

// Pairings under one set of rules and one cap: a saved race's seat (exact:FILE) is built once
// (a few seconds at the preset's limit) and serves every pairing it sits in.
class RacePairings {
 public:
  RacePairings(const ZehntausendRules& rules, int overshoot = kDefaultOvershoot, RaceSource exact = {});
  ~RacePairings();
  // The race between two seat specs, as solve_pairing below.
  RacePairing solve(const std::array<std::string, 2>& seats, const core::RaceOptions& options = {});

 private:
  const SolvedSeat& solved_seat(const std::string& spec, int seat, int threads);
  std::unique_ptr<Race> race_;
  std::unique_ptr<TurnLibrary> lib_;
  RaceSource exact_;
  std::map<std::pair<std::string, int>, std::unique_ptr<SolvedSeat>> solved_;
};

// The race between two seat specs (rules.players must be 2). InputError for a spec that is
// unknown or cannot be played as a table, and for exact:FILE without `exact` or solved with
// another cap. options: threads, Ctrl-C.
RacePairing solve_pairing(const ZehntausendRules& rules, const std::array<std::string, 2>& seats,
                          int overshoot = kDefaultOvershoot, const core::RaceOptions& options = {}, const RaceSource& exact = {});

// P(the first player wins) when seat0 moves first against seat1.
double race_value(const ZehntausendRules& rules, const std::string& seat0, const std::string& seat1);

}  // namespace verflixt::zehntausend
