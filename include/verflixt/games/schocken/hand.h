#pragma once
// Schocken's hands and throws, written once (contract S1, S2): what three dice are worth, in
// what order hands rank, what a hand costs, and what a player may do with a throw (stand, or
// throw any dice again) with the exact chance outcomes of each choice. The reference engine,
// the exact solvers, the policies and the Monte Carlo all go through these functions.
//
// A throw is kept sorted from the highest face down (6 6 5), as the ranking reads it. The 56
// throws have a fixed index order (all_throws()), which the solvers' tables and the policy
// files use.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "verflixt/core/chance.h"
#include "verflixt/games/schocken/rules.h"

namespace verflixt::schocken {

// Three faces, highest first.
using Dice = std::array<int, kDice>;

// Sorts three faces into a Dice (highest first).
Dice make_dice(int a, int b, int c);

inline constexpr int kThrowCount = 56;  // C(8, 3) multisets of three six-sided dice
// Every throw, in index order (the order of dice_multisets(3, 6)).
const std::array<Dice, kThrowCount>& all_throws();
int throw_index(const Dice& dice);

enum class HandKind : std::uint8_t { Zahl, Strasse, General, Schock, SchockOut };

// S1: the hand's kind and its rank: a larger rank is a better hand; equal ranks are equal
// hands. Schock out 1 1 1 > Schock 6..2 (1 1 x) > General 6..2 (x x x) > Strasse 4-5-6..1-2-3 >
// Zahl, the Zahl ranked as the number its faces make in descending order (665 ... 221).
HandKind hand_kind(const Dice& dice);
int hand_rank(const Dice& dice);
// S1: the chips the hand costs the round's loser when it is the round's best hand. A Schock
// out gives `chips` (the whole stack); its half-ending effect is the engine's.
int hand_chips(const Dice& dice, const SchockenRules& rules);
// "Schock 4 (1 1 4)", "Zahl 653" ...
std::string hand_name(const Dice& dice);
// "6 5 3", the faces as the CLI reads and prints them.
std::string dice_text(const Dice& dice);
// Reads "6 5 3", "6,5,3" or "653" (three faces 1..6, any order); throws InputError.
Dice parse_dice(std::string_view text);

// S1 decision: where a finished hand stands against others. A larger key ranks higher; equal
// keys are separated by reveal order (the later revealer ranks lower). With throw_tiebreak, an
// equal hand made in fewer throws ranks higher.
inline int hand_key(int rank, int throws, const SchockenRules& rules) {
  return rank * 4 + (rules.throw_tiebreak ? kMaxThrows - throws : 0);
}
inline int hand_key(const Dice& dice, int throws, const SchockenRules& rules) {
  return hand_key(hand_rank(dice), throws, rules);
}

// What to do with a throw that is not the last: keep `count` faces (kept[0..count-1], highest
// first) and throw the other kDice - count dice again. count = kDice means stand. With
// two_sixes_make_one a kept face 1 may stand for two 6s of the throw (S2).
struct Keep {
  std::array<int, kDice> kept{};
  int count = kDice;

  bool stands() const { return count == kDice; }
  int rethrown() const { return kDice - count; }
  friend bool operator==(const Keep&, const Keep&) = default;
};

inline Keep stand() { return Keep{}; }
// "stand", "throw all", "keep 1 1" for tables and advice; "S", "-", "11" in policy files.
std::string keep_text(const Keep& keep);
std::string keep_code(const Keep& keep);
// Reads a keep code ("S", "-", "11", "6"): throws InputError.
Keep parse_keep_code(std::string_view code);

// S2: every choice of a throw that is not the last: stand first, then each distinct set of
// kept faces (any subset, kept dice included, at least one die thrown again), then (with
// two_sixes_make_one and two 6s showing) the keeps where a 1 replaces two 6s. Fixed order.
std::vector<Keep> keep_options(const Dice& dice, const SchockenRules& rules);
// Whether `keep` is one of keep_options(dice, rules).
bool is_legal(const Keep& keep, const Dice& dice, const SchockenRules& rules);

// The exact chance outcomes of a throw: the throws (as indices) after keeping `keep` and
// throwing the rest, with their probabilities (core::dice_multisets). A fresh first throw is
// keep = throw all (count 0).
const std::vector<core::ChanceOutcome<int>>& throw_outcomes(const Keep& keep);

// The throw after keeping `keep` and throwing the rest with `dice` (a callable returning a
// face 1..6, called once per thrown die): the reference engine's step.
template <class DiceSource>
Dice throw_again(const Keep& keep, DiceSource&& dice) {
  std::array<int, kDice> f = keep.kept;
  for (int k = keep.count; k < kDice; ++k) f[k] = dice();
  return make_dice(f[0], f[1], f[2]);
}

}  // namespace verflixt::schocken
