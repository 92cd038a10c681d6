#pragma once
// The reference engine of Zehntausend: plays turns and whole games die by die, asking a
// decision function after every scoring throw and `dice` (any callable returning a face
// 1..6) for every die — a test scripts the throws, the Monte Carlo draws them from a seeded
// stream. Readable first; it scores only through scoring.h (Z1) and refuses illegal
// decisions (a set-aside that does not score, a bank below bank_min) with
// std::invalid_argument, since they are a policy's bug, not a move.
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "verflixt/core/error.h"
#include "verflixt/games/zehntausend/rules.h"
#include "verflixt/games/zehntausend/scoring.h"

namespace verflixt::zehntausend {

// What a player sees after a throw that scores.
struct TurnView {
  int seat = 0;
  std::span<const int> totals;  // game totals of every seat, before this turn
  int turn_total = 0;           // set aside before this throw
  Counts thrown{};              // this throw
  bool first_throw = true;
  bool final_round = false;     // someone has reached the limit (Z5)
};

// Set `keep` aside, then bank (true) or throw the rest (false).
struct Decision {
  Counts keep{};
  bool bank = false;
};

// Z3: the turn total may be banked only from bank_min on.
inline bool may_bank(int turn_total, const ZehntausendRules& r) { return turn_total >= r.bank_min; }

// Decision: with nothing left to throw and no hot dice the turn ends: it banks its total if
// Z3 allows, else it scores nothing. What the turn adds to the game total.
inline int banked_without_dice(int turn_total, const ZehntausendRules& r) { return may_bank(turn_total, r) ? turn_total : 0; }

// Z4: a Niete on the first throw of a turn also costs the game total.
inline bool bankrott_applies(bool first_throw, const ZehntausendRules& r) { return first_throw && r.bankrott; }

// Z5, after a turn that left the seat `total`: whether the game ends at once (the first to
// reach the limit wins, without the final round); with the final round, reaching the limit
// starts it (final_round set).
inline bool game_ends_after_turn(int total, bool& final_round, const ZehntausendRules& r) {
  if (total < r.limit) return false;
  if (!r.final_round) return true;
  final_round = true;
  return false;
}
// Z5: the final round is complete when its turns come back to seat 0.
inline bool round_complete(bool final_round, int next_seat) { return final_round && next_seat == 0; }
// Z5: the highest game total wins, and seats tied at it share the win: seat `self`'s share.
inline double win_share(std::span<const int> totals, int self) {
  const int mine = totals[static_cast<size_t>(self)];
  int tied = 0;
  for (const int t : totals) {
    if (t > mine) return 0.0;
    tied += t == mine;
  }
  return 1.0 / tied;
}

struct TurnRecord {
  int banked = 0;         // points added to the game total (0 after a Niete)
  bool niete = false;
  bool bankrott = false;  // Z4 applied: the game total was set to 0
  int throws = 0;
};

// One turn of `view.seat`, changing totals[seat] (banking adds, Bankrott zeroes).
template <class Decide, class Dice>
TurnRecord play_turn(const ZehntausendRules& r, std::vector<int>& totals, int seat, bool final_round, Decide&& decide,
                     Dice&& dice) {
  TurnRecord rec;
  int turn_total = 0, left = r.dice;
  for (bool first = true;; first = false) {
    std::vector<int> faces(static_cast<size_t>(left));
    for (int& f : faces) {
      f = dice();
      if (f < 1 || f > kFaces) throw std::out_of_range("zehntausend: a die shows 1..6");
    }
    ++rec.throws;
    const Counts thrown = counts_of(faces);
    if (is_niete(thrown, r)) {  // Z2: the turn total is lost
      rec.niete = true;
      if (bankrott_applies(first, r)) {  // Z4
        totals[static_cast<size_t>(seat)] = 0;
        rec.bankrott = true;
      }
      return rec;
    }
    const TurnView view{seat, totals, turn_total, thrown, first, final_round};
    const Decision dec = decide(view);
    const int points = set_aside_points(thrown, dec.keep, r);
    if (points == 0) throw std::invalid_argument("zehntausend: the set-aside does not score (Z1/Z2)");
    turn_total += points;
    left -= dice_in(dec.keep);
    if (left == 0) {
      if (r.hot_dice) {
        left = r.dice;  // Z2 hot dice: all six again, the turn total stays
      } else {
        // Decision: nothing left to throw without hot dice: bank if Z3 allows, else nothing.
        totals[static_cast<size_t>(seat)] += rec.banked = banked_without_dice(turn_total, r);
        return rec;
      }
    }
    if (dec.bank) {
      if (!may_bank(turn_total, r))
        throw std::invalid_argument("zehntausend: a turn total of " + std::to_string(turn_total) +
                                    " may not be banked (Z3: from " + std::to_string(r.bank_min) + ")");
      totals[static_cast<size_t>(seat)] += rec.banked = turn_total;
      return rec;
    }
  }
}

struct GameRecord {
  std::vector<int> totals;
  std::vector<int> winners;  // the seats with the highest total (a tie shares the win, Z5)
  int turns = 0;
  int throws = 0;
};

// A game longer than this many turns means a policy that never banks; the engine stops it.
inline constexpr int kMaxGameTurns = 1000000;
// A game still going after kMaxGameTurns turns: the rules (a far limit, totals reset by
// Bankrott) and the policies make games that need not end, which is an input to change, not a
// fault of the program.
[[noreturn]] inline void throw_endless_game(const ZehntausendRules& r) {
  throw core::InputError("zehntausend: a game under these rules and policies did not end within a million turns "
                         "(limit=" + std::to_string(r.limit) + "); valid: a nearer limit, or policies that bank");
}

// Z5: seats take turns from seat 0; once a seat's total reaches the limit, the seats after
// it finish the round and the highest total wins (without the final round, the game ends there:
// the others are below the limit). decide(seat, view) decides for every seat.
template <class Decide, class Dice>
GameRecord play_game(const ZehntausendRules& r, Decide&& decide, Dice&& dice) {
  GameRecord g;
  g.totals.assign(static_cast<size_t>(r.players), 0);
  bool final_round = false;
  for (int seat = 0;; seat = (seat + 1) % r.players) {
    if (round_complete(final_round, seat)) break;
    if (++g.turns > kMaxGameTurns) throw_endless_game(r);
    const TurnRecord t = play_turn(
        r, g.totals, seat, final_round, [&](const TurnView& v) { return decide(seat, v); }, dice);
    g.throws += t.throws;
    if (game_ends_after_turn(g.totals[static_cast<size_t>(seat)], final_round, r)) break;
  }
  for (int s = 0; s < r.players; ++s)
    if (win_share(g.totals, s) > 0) g.winners.push_back(s);
  return g;
}

}  // namespace verflixt::zehntausend
