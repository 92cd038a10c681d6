#pragma once
// En Gingg as Bei, the game written once (rules: docs/rules/en-gingg.md): a throw
// as the counts of its faces, the set-asides phase 1 allows after a throw (G2), what a phase-1
// sum does to the balances (G1, G2), a phase-2 throw (G3), and the chance outcomes of a throw.
// The reference engine (engine.h), the exact solver (solver.h), the policies and the Monte
// Carlo all go through these functions.
#include <array>
#include <span>
#include <string>
#include <vector>

#include "verflixt/core/chance.h"
#include "verflixt/games/en_gingg/rules.h"

namespace verflixt::en_gingg {

// Dice without order: counts[f - 1] dice show face f. A throw, a set-aside and the dice
// already set aside are all this.
using DiceCounts = std::array<int, kMaxFaces>;

int dice_in(const DiceCounts& c);  // how many dice
int pips(const DiceCounts& c);     // the sum of their faces
// The faces from high to low, "6 6 5 3": how the tests, advise and results print dice.
std::string dice_text(const DiceCounts& c);
// The counts of a list of faces (each 1..faces; InputError otherwise).
DiceCounts counts_of(std::span<const int> faces, int max_face);
// The `count` highest dice of a throw.
DiceCounts highest_dice(const DiceCounts& thrown, int count);
// Whether every count of `part` is at most that of `whole`.
bool contains(const DiceCounts& whole, const DiceCounts& part);

// Where a phase 1 stands before a throw: `left` dice still to throw, the pips already set
// aside and the throws made so far.
struct Phase1State {
  int left = 0;
  int aside_sum = 0;
  int throws = 0;
  bool done() const { return left == 0; }
  friend bool operator==(const Phase1State&, const Phase1State&) = default;
};

Phase1State phase1_start(const EnGinggRules& rules);

// G2: how many dice must be set aside after the throw that follows `state`: at least
// min_set_aside (all that were thrown if fewer), and all of them on the last allowed throw.
int min_set_aside(const Phase1State& state, const EnGinggRules& rules);
// G2: whether `aside` may be set aside from `thrown` (a throw of all `state.left` dice).
bool is_legal_set_aside(const Phase1State& state, const DiceCounts& thrown, const DiceCounts& aside,
                        const EnGinggRules& rules);
// Every legal set-aside of a throw, each distinct multiset once, fewer dice first.
std::vector<DiceCounts> legal_set_asides(const Phase1State& state, const DiceCounts& thrown, const EnGinggRules& rules);
// The state after setting `aside` aside (legality is the caller's: is_legal_set_aside).
Phase1State apply_set_aside(const Phase1State& state, const DiceCounts& aside);

// G2: what a finished phase 1 with sum S does: the own balance changes by S − target (a loss
// below the target; nothing at the target — Decision; a gain above it), and above the target
// phase 2 follows with the digit S − target.
struct Phase1Outcome {
  int own_change = 0;
  int digit = 0;  // 0: no phase 2
};
Phase1Outcome phase1_outcome(int sum, const EnGinggRules& rules);

// G3: one phase-2 throw with `digit`: how many of the thrown dice show it (they are set aside;
// none ends phase 2, and so does having no die left to throw — Decision).
int phase2_hits(const DiceCounts& thrown, int digit);

// G3: where a phase 2 stands: the dice still to throw and the hits so far. It ends after a
// throw without a hit or once no die is left (Decision).
struct Phase2State {
  int left = 0;
  int hits = 0;
  bool done = false;
  friend bool operator==(const Phase2State&, const Phase2State&) = default;
};
Phase2State phase2_start(const EnGinggRules& rules);
// The phase 2 after a throw of all `state.left` dice: its hits set aside, or the end.
Phase2State apply_phase2_throw(const Phase2State& state, const DiceCounts& thrown, int digit);

// The balances of a whole game and who is on turn (G1).
struct Table {
  std::array<int, kMaxPlayers> balances{};
  int players = 0;
  int to_move = 0;
  int loser = -1;  // >= 0 once someone's balance reached 0 or less
  bool over() const { return loser >= 0; }
  int next_seat() const { return (to_move + 1) % players; }
};
Table initial_table(const EnGinggRules& rules);
// G1: changes one balance and checks it at once (Decision: after every change); the first
// balance at 0 or less loses.
void change_balance(Table& table, int seat, int delta);
// A turn's effect on the table, in the order of the rules: the finished phase 1 changes the
// own balance (G2); phase 2 is played when the sum earned it and nobody has lost (G3); its
// hits cost the next player digit x hits; then, while nobody has lost, the turn passes.
// Returns whether phase 2 follows.
bool settle_phase1(Table& table, const Phase1Outcome& outcome);
void settle_phase2(Table& table, int digit, int hits);
void pass_turn(Table& table);

// The chance node of a throw of n dice: each multiset of faces with its exact probability
// (core::dice_multisets), as DiceCounts.
std::vector<core::ChanceOutcome<DiceCounts>> throw_outcomes(int n, int faces);

}  // namespace verflixt::en_gingg
