#pragma once
// Pig, the folk dice game (Neller & Presser, "Optimal Play of the Dice Game Pig", The UMAP
// Journal 25(1), 2004): 2 or more players race to a goal. On a turn the player to move rolls
// one die as often as they like:
//   - the bust face (a 1) loses the turn total, and the turn passes;
//   - any other face adds its value to the turn total;
//   - hold banks the turn total into the player's score, and the turn passes.
// The first player whose score plus turn total reaches the goal wins at once (it is the hold
// every player would make, so the game ends there without asking; rule decision G1).
// Holding with a turn total of 0 is legal (a pass), as in the paper's equations.
//
// Parameters (PigRules), with defaults — documented here once:
//   goal       100   score that wins, 1..1000
//   faces      6     faces of the die, values 1..faces, 2..100
//   bust_face  1     the face that loses the turn total, 1..faces
//   players    2     players at the table, 2..8; player 0 moves first
//
// This header is the game, written once: the state, its legal actions, the chance outcomes of
// a roll and how an action or an outcome changes the state. The reference engine, the exact
// solver, the policies and the Monte Carlo all go through these functions.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "verflixt/core/chance.h"
namespace verflixt::core {
template <class R>
struct RuleTable;  // core/rule_table.h
}  // namespace verflixt::core

namespace verflixt::pig {

inline constexpr int kMaxPlayers = 8;
inline constexpr int kMaxGoal = 1000;  // the largest goal the rules take

struct PigRules {
  int goal = 100;
  int faces = 6;
  int bust_face = 1;
  int players = 2;

  friend bool operator==(const PigRules&, const PigRules&) = default;
};

// Every parameter and the preset `standard` (the defaults) as one table (core/rule_table.h):
// the INI file `verflixt rules --game pig` prints, --rules reads and --set changes.
const core::RuleTable<PigRules>& rule_table();

// Throws InputError naming the parameter and its valid range.
void validate(const PigRules& rules);
// "goal=100 faces=6 bust_face=1 players=2": the one-line form, read back by parse_rules.
std::string rules_summary(const PigRules& rules);
// Reads "key=value" pairs separated by spaces or commas over the defaults; validates.
PigRules parse_rules(const std::string& text);

enum class PigAction : std::uint8_t { Roll, Hold };

// Where a game stands: banked scores, the turn total and who is to move.
struct PigState {
  std::array<int, kMaxPlayers> scores{};
  int players = 2;
  int to_move = 0;
  int turn_total = 0;
  int winner = -1;  // >= 0 once the game is over

  bool over() const { return winner >= 0; }
  friend bool operator==(const PigState&, const PigState&) = default;
};

// The start of a game: all scores 0, player 0 to move.
PigState initial_state(const PigRules& rules);

// Roll and hold while the game runs; nothing once it is over.
std::vector<PigAction> legal_actions(const PigState& state);

// The chance outcomes of a roll: each face 1..faces with probability 1/faces.
std::vector<core::ChanceOutcome<int>> roll_outcomes(const PigRules& rules);

// The state after the player to move rolls `face` (bust, or the face added, or the goal
// reached), or holds.
PigState apply_roll(const PigState& state, int face, const PigRules& rules);
PigState apply_hold(const PigState& state, const PigRules& rules);

}  // namespace verflixt::pig
