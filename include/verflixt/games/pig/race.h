#pragma once
// Two-player Pig as a race of the core (core/race_solver.h): the turn handed over as data
// (turn total k, roll or hold), the game won by the first to reach the goal. It must give
// what the dedicated solver (solver.h) gives; it also reads off the fair compensation, the
// points that make the second player's start worth as much as moving first.
#include "verflixt/core/race_solver.h"
#include "verflixt/games/pig/game.h"

namespace verflixt::pig {

// The turn: one state per turn total k = 0..goal + faces - 1, roll (action 0, so a tie rolls,
// as the dedicated solver does) or hold; each roll through the game's own apply_roll.
core::RaceTurn race_turn(const PigRules& rules);

// The race of two players (rules.players must be 2; InputError else).
core::RaceSolution solve_race(const PigRules& rules, const core::RaceOptions& options = {});

// The start the second player gets to make the game fair: the points c (0..goal-1) that bring
// P(first wins) from 0 : c closest to 1/2 (the lower c on a tie), with that probability.
struct Compensation {
  int points = 0;
  double first_wins = 0;
};
Compensation fair_compensation(const core::RaceSolution& race);

}  // namespace verflixt::pig
