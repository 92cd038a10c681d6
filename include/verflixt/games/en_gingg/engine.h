#pragma once
// The reference engine of En Gingg as Bei: plays turns and whole games, asking each seat's
// policy for every set-aside and `dice` (any callable returning a face 1..faces) for every
// die thrown — a test scripts the faces, the Monte Carlo draws them from a seeded stream.
// Readable first: it walks the rules through game.h and checks every set-aside with
// is_legal_set_aside (an illegal one is a policy bug: std::logic_error).
#include <span>
#include <stdexcept>
#include <string>

#include "verflixt/core/error.h"
#include "verflixt/games/en_gingg/game.h"
#include "verflixt/games/en_gingg/policy.h"

namespace verflixt::en_gingg {

// One turn: the phase-1 sum, the phase-2 digit and hits, what they did to the balances.
struct TurnRecord {
  int sum = 0;
  int phase1_throws = 0;
  int digit = 0;  // 0: no phase 2
  int hits = 0;   // phase-2 dice showing the digit
  int phase2_throws = 0;
  int own_change = 0;
  int next_loss = 0;
};

struct GameRecord {
  Table final_table;  // balances and the loser
  int turns = 0;
  int throws = 0;
};

// A game longer than this is a table whose balances cannot fall (no such rules exist, but
// a bad policy file must not hang the program): std::runtime_error.
inline constexpr int kMaxTurns = 1000000;

// n dice thrown: one call of dice() each.
template <class Dice>
DiceCounts throw_dice(int n, int faces, Dice& dice) {
  DiceCounts c{};
  for (int k = 0; k < n; ++k) {
    const int f = dice();
    if (f < 1 || f > faces) throw std::out_of_range("en-gingg: die face " + std::to_string(f) + " out of range");
    ++c[f - 1];
  }
  return c;
}

// G2: phase 1 to its sum. The policy sees `table` (its player is table.to_move).
template <class Dice>
int play_phase1(const EnGinggRules& rules, const SetAsidePolicy& policy, const Table& table, Dice& dice,
                int& throws) {
  Phase1State s = phase1_start(rules);
  while (!s.done()) {
    const DiceCounts thrown = throw_dice(s.left, rules.faces, dice);
    ++throws;
    const DiceCounts aside = policy.decide({s, thrown, table});
    if (!is_legal_set_aside(s, thrown, aside, rules))
      throw std::logic_error("en-gingg: policy " + policy.name() + " set aside '" + dice_text(aside) + "' from '" +
                             dice_text(thrown) + "' (G2: at least " + std::to_string(min_set_aside(s, rules)) +
                             " of the dice thrown)");
    s = apply_set_aside(s, aside);
  }
  return s.aside_sum;
}

// G3: phase 2 with `digit` to its hits: every die showing the digit is set aside and the
// rest thrown again, until a throw shows none or no die is left (Decision).
template <class Dice>
int play_phase2(const EnGinggRules& rules, int digit, Dice& dice, int& throws) {
  Phase2State s = phase2_start(rules);
  while (!s.done) {
    s = apply_phase2_throw(s, throw_dice(s.left, rules.faces, dice), digit);
    ++throws;
  }
  return s.hits;
}

// One whole turn of the player to move: phase 1, the own balance, phase 2 and the next
// player's balance (each checked at once, G1), then the turn passes.
template <class Dice>
TurnRecord play_turn(const EnGinggRules& rules, const SetAsidePolicy& policy, Table& table, Dice& dice) {
  TurnRecord t;
  t.sum = play_phase1(rules, policy, table, dice, t.phase1_throws);
  const Phase1Outcome o = phase1_outcome(t.sum, rules);
  t.own_change = o.own_change;
  t.digit = o.digit;
  if (settle_phase1(table, o)) {
    t.hits = play_phase2(rules, o.digit, dice, t.phase2_throws);
    t.next_loss = o.digit * t.hits;
    settle_phase2(table, o.digit, t.hits);
  }
  pass_turn(table);
  return t;
}

// A whole game from 37 each (G1) until the first balance at 0 or less; seat 0 begins.
template <class Dice>
GameRecord play_game(const EnGinggRules& rules, std::span<const SetAsidePolicy* const> seats, Dice&& dice) {
  if (static_cast<int>(seats.size()) != rules.players)
    throw std::invalid_argument("en-gingg play_game: one policy per player");
  GameRecord g;
  g.final_table = initial_table(rules);
  while (!g.final_table.over()) {
    // Rules where set-asides beat the target too easily let every balance grow: bad input,
    // said as such, not a game that never returns.
    if (++g.turns > kMaxTurns)
      throw core::InputError("en-gingg: no balance fell to 0 within a million turns under these rules and policies (dice=" +
                             std::to_string(rules.dice) + " faces=" + std::to_string(rules.faces) +
                             " target=" + std::to_string(rules.target) + "); valid: rules and policies that end a game, "
                             "such as a target nearer dice x faces");
    const TurnRecord t = play_turn(rules, *seats[g.final_table.to_move], g.final_table, dice);
    g.throws += t.phase1_throws + t.phase2_throws;
  }
  return g;
}

}  // namespace verflixt::en_gingg
