#include "verflixt/games/verflixte6/rules/position.h"

#include <algorithm>
#include <array>
#include <istream>
#include <limits>
#include <map>
#include <sstream>
#include <vector>

#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::verflixte6 {
namespace {

// A player's standing at this moment: evening total plus pass eyes, as P3 will count them
// after T7 (eyes at 0 or below count 0).
int standing(const SeatView& s) { return verflixt::verflixte6::standing(s.total, s.eyes); }

// The least pass eyes at which his standing, total + eyes as T7 counts them (0 for eyes at 0
// or below), reaches `need`: any eyes when the total alone reaches it.
int eyes_to_reach(int total, int need) { return need <= total ? kStopAlways : need - total; }

}  // namespace

PositionPolicy::PositionPolicy(PositionParams params, HeuristicParams jokers, std::string name)
    : p_(params), h_(std::move(jokers), name), name_(std::move(name)) {}

int position_threshold(const PositionParams& p, int stop_at, const TurnView& v) {
  if (v.solo()) return std::min(p.cap, stop_at);
  const int total = v.table[static_cast<size_t>(v.self)].total;
  // The other players' standings (all of them, or the known ones: not Jungfrauen), without
  // allocating: the engine asks this at every decision.
  const bool last = v.still_to_play == 0 && p.last_seat_safe;
  std::array<int, kMaxPlayers> other{};
  int n = 0;
  for (size_t k = 0; k < v.table.size(); ++k)
    if (static_cast<int>(k) != v.self && (last || v.table[k].status != Status::Jungfrau))
      other[static_cast<size_t>(n++)] = standing(v.table[k]);
  const auto lowest = [&](int k) {  // the k-th lowest of other[0, n), 1 <= k <= n
    std::nth_element(other.begin(), other.begin() + (k - 1), other.begin() + n);
    return other[static_cast<size_t>(k - 1)];
  };
  if (last) {
    // Last seat: every other result is known; stop as soon as not among the P3 losers
    // (losers(), engine.h). Those are everyone at 0 or below, then the lowest standings a
    // whole tie group at a time until there are losers_at_least (L); so, above 0, he is
    // safe iff at least L others stand below him: above the L-th lowest other standing. If
    // nobody can be safe (L players or fewer), stop only as the sole leader.
    const int L = v.rules.losers_at_least;
    int need = 1;
    if (n + 1 > L) need = L > 0 ? std::max(1, lowest(L) + 1) : 1;
    else if (n > 0) need = *std::max_element(other.begin(), other.begin() + n) + 1;
    else need = std::numeric_limits<int>::min();  // alone: the sole leader already
    return std::min(p.cap, eyes_to_reach(total, need));
  }
  // Beat the k-th lowest known standing by the margins, never below the floor; with fewer
  // than k results known (or k = 0: nothing to beat), stop_at.
  const int k = p.k > 0 ? p.k : v.rules.losers_at_least;
  const int from = k < 1 || n < k ? stop_at
                                  : eyes_to_reach(total, lowest(k) + p.margin +
                                                             p.margin_per_player * v.still_to_play + 1);
  return std::min(p.cap, std::max(p.floor, from));
}

int PositionPolicy::stop_threshold(const TurnView& v) const { return position_threshold(p_, h_.params().stop_at, v); }

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
  std::vector<core::IniEntry> heuristic_part;
  for (const auto& [key, value, where] : core::read_ini(in, source, known)) {
    if (key == "policy.kind") {
      if (value != "position") throw core::InputError(where + ": policy.kind = '" + value + "' is not a position policy");
    } else if (key == "position.k") p.k = core::parse_int(value, key, where, 0, 11);
    else if (key == "position.margin") p.margin = core::parse_int(value, key, where, -kPolicyEyesLimit, kPolicyEyesLimit);
    else if (key == "position.margin_per_player") p.margin_per_player = core::parse_int(value, key, where, 0, 100);
    else if (key == "position.floor") p.floor = core::parse_int(value, key, where, -kPolicyEyesLimit, kPolicyEyesLimit);
    else if (key == "position.cap") p.cap = core::parse_int(value, key, where, 1, kPolicyEyesLimit);
    else if (key == "position.last_seat_safe") p.last_seat_safe = core::parse_bool(value, key, where);
    else if (key == "position.rob") p.rob_leader = core::parse_choice(value, key, where, {"leader", "richest"}) == 0;
    else heuristic_part.push_back({key, value, where});
  }
  if (p.floor > p.cap)
    throw core::InputError(source + ": position.floor = " + std::to_string(p.floor) + " is above position.cap = " +
                     std::to_string(p.cap) + "; valid: floor <= cap");
  return PositionPolicy(p, heuristic_from_entries(heuristic_part), source);
}

}  // namespace verflixt::verflixte6
