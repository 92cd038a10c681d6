#pragma once
// The reference engine of Pig: plays one whole game, asking each seat's policy for every
// decision and `dice` (any callable returning a face 1..faces) for every throw — a test
// scripts the throws, the Monte Carlo draws them from a seeded stream. Readable first: it
// walks the game through legal_actions / apply_roll / apply_hold of game.h.
#include <cstdint>
#include <span>
#include <stdexcept>

#include "verflixt/games/pig/game.h"
#include "verflixt/games/pig/policy.h"

namespace verflixt::pig {

struct GameRecord {
  PigState final_state;  // winner and banked scores
  int turns = 0;         // turns begun, the winner's included
  int throws = 0;
};

// A game longer than this is a policy that never scores (holding at 0 forever); the engine
// stops it with std::runtime_error rather than loop.
inline constexpr int kMaxTurns = 1000000;

template <class Dice>
GameRecord play_game(const PigRules& rules, std::span<const PigPolicy* const> seats, Dice&& dice) {
  if (static_cast<int>(seats.size()) != rules.players) throw std::invalid_argument("play_game: one policy per player");
  GameRecord rec;
  PigState s = initial_state(rules);
  rec.turns = 1;
  while (!s.over()) {
    const int mover = s.to_move;
    if (seats[mover]->decide(s) == PigAction::Hold) {
      s = apply_hold(s, rules);
    } else {
      const int face = dice();
      if (face < 1 || face > rules.faces) throw std::out_of_range("play_game: die face out of range");
      ++rec.throws;
      s = apply_roll(s, face, rules);
    }
    if (!s.over() && s.to_move != mover && ++rec.turns > kMaxTurns)
      throw std::runtime_error("play_game: no winner after " + std::to_string(kMaxTurns) + " turns");
  }
  rec.final_state = s;
  return rec;
}

}  // namespace verflixt::pig
