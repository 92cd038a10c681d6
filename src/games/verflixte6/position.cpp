#include "verflixt/games/verflixte6/position.h"

#include <algorithm>
#include <istream>
#include <map>
#include <sstream>
#include <vector>

#include "verflixt/games/verflixte6/engine.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/games/verflixte6/joker.h"
#include "verflixt/games/verflixte6/table.h"

namespace verflixt {
namespace {


// A player's standing at this moment: evening total plus pass eyes, as P3 will count them
// after T7 (eyes at 0 or below count 0).
int standing(const SeatView& s) { return s.total + std::max(0, s.eyes); }

}  // namespace

PositionPolicy::PositionPolicy(PositionParams params, HeuristicParams jokers, std::string name)
    : p_(params), h_(std::move(jokers), name), name_(std::move(name)) {}

bool position_stops(const PositionParams& p, int stop_at, const TurnView& v) {
  const int e = v.turn.eyes;
  if (e >= p.cap) return true;
  if (v.solo()) return e >= stop_at;
  const SeatView& me = v.table[static_cast<size_t>(v.self)];
  const int mine = me.total + std::max(0, e);
  if (v.still_to_play == 0 && p.last_seat_safe) {
    // Last seat: every other result is known. Safe = not among the P3 losers; if nobody can
    // be safe (too few players), stop only as the sole leader.
    std::vector<int> totals;
    for (size_t k = 0; k < v.table.size(); ++k)
      totals.push_back(static_cast<int>(k) == v.self ? mine : standing(v.table[k]));
    if (static_cast<int>(totals.size()) > v.rules.losers_at_least)
      return !losers(v.rules, totals)[static_cast<size_t>(v.self)];
    for (size_t k = 0; k < totals.size(); ++k)
      if (static_cast<int>(k) != v.self && totals[k] >= mine) return false;
    return true;
  }
  if (e < p.floor) return false;
  std::vector<int> known;
  for (size_t k = 0; k < v.table.size(); ++k)
    if (static_cast<int>(k) != v.self && v.table[k].status != Status::Jungfrau) known.push_back(standing(v.table[k]));
  const int k = p.k > 0 ? p.k : v.rules.losers_at_least;
  if (static_cast<int>(known.size()) < k) return e >= stop_at;
  std::nth_element(known.begin(), known.begin() + (k - 1), known.end());
  return mine > known[static_cast<size_t>(k - 1)] + p.margin + p.margin_per_player * v.still_to_play;
}

Action PositionPolicy::decide(const TurnView& v) const {
  const HeuristicParams& h = h_.params();
  const int e = v.turn.eyes;
  for (Joker j : h.priority)
    if (e >= h.use_from[j] && e <= h.use_to[j] && is_legal(v, Action::use(j))) return Action::use(j);
  return position_stops(p_, h.stop_at, v) ? Action::stop() : Action::roll();
}

int PositionPolicy::choose_victim(const TurnView& v, int amount, std::span<const int> candidates) const {
  if (!p_.rob_leader) return Policy::choose_victim(v, amount, candidates);
  // T6 first (the Keuler bonus is worth more than any steal), then the leader by standing:
  // the rival whose result decides wins and places. Ties: E11 (table.h), the first in seat
  // order after the thief.
  return best_candidate(candidates, [&](int k) {
    const SeatView& s = v.table[static_cast<size_t>(k)];
    return std::pair<int, int>{keuler_due(v.rules, s, amount) ? 1 : 0, standing(s)};
  });
}

int PositionPolicy::senigma_target(const TurnView& v, std::span<const int> candidates) const {
  // The leader by standing; ties: E11 (table.h).
  return best_candidate(candidates, [&](int k) { return standing(v.table[static_cast<size_t>(k)]); });
}

std::unique_ptr<Policy> make_position_policy(std::istream& in, const std::string& source) {
  return std::make_unique<PositionPolicy>(read_position(in, source));
}

PositionPolicy read_position(std::istream& in, const std::string& source) {
  const std::vector<std::string> hkeys = heuristic_keys();
  std::vector<std::string> known = hkeys;
  for (const char* k : {"position.k", "position.margin", "position.margin_per_player", "position.floor",
                        "position.cap", "position.last_seat_safe", "position.rob"})
    known.emplace_back(k);
  PositionParams p;
  // The heuristic part is handed to heuristic_from_entries, so both file kinds read joker
  // windows and inner choices the same way (and name the same lines in errors).
  std::vector<IniEntry> heuristic_part;
  for (const auto& [key, value, where] : read_ini(in, source, known)) {
    if (key == "policy.kind") {
      if (value != "position") throw InputError(where + ": policy.kind = '" + value + "' is not a position policy");
    } else if (key == "position.k") p.k = parse_int(value, key, where, 0, 11);
    else if (key == "position.margin") p.margin = parse_int(value, key, where, -kPolicyEyesLimit, kPolicyEyesLimit);
    else if (key == "position.margin_per_player") p.margin_per_player = parse_int(value, key, where, 0, 100);
    else if (key == "position.floor") p.floor = parse_int(value, key, where, -kPolicyEyesLimit, kPolicyEyesLimit);
    else if (key == "position.cap") p.cap = parse_int(value, key, where, 1, kPolicyEyesLimit);
    else if (key == "position.last_seat_safe") p.last_seat_safe = parse_bool(value, key, where);
    else if (key == "position.rob") p.rob_leader = parse_choice(value, key, where, {"leader", "richest"}) == 0;
    else heuristic_part.push_back({key, value, where});
  }
  if (p.floor > p.cap)
    throw InputError(source + ": position.floor = " + std::to_string(p.floor) + " is above position.cap = " +
                     std::to_string(p.cap) + "; valid: floor <= cap");
  return PositionPolicy(p, heuristic_from_entries(heuristic_part), source);
}

}  // namespace verflixt
