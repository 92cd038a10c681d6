#pragma once
// Z1, written once: what a set of dice set aside from one throw scores. The engine, the
// solver, the advice and the game kernel all score through set_aside_points.
//   - a single 1 or 5 scores single_one / single_five;
//   - k >= 3 dice of face f score triple_unit * f (triple_ones for 1s), doubled for every
//     die past the third (4 4 4 4 = 800);
//   - a special (straight, three pairs, two triples) counts only when all six dice of a throw
//     of six are set aside as it (contract Decision);
//   - where dice can be counted in several ways they score the most they can (Decision):
//     1 1 1 5 5 5 is two triples (2500), not 1000 + 500.
#include <array>
#include <span>
#include <vector>

#include "verflixt/games/zehntausend/rules.h"

namespace verflixt::zehntausend {

// Dice by face: counts[f - 1] dice show face f.
using Counts = std::array<int, kFaces>;

// The counts of a list of faces 1..6 (std::out_of_range for another face).
Counts counts_of(std::span<const int> faces);
int dice_in(const Counts& c);

// The most `count` dice of one face score as groups of that face alone (singles and one or
// more kinds), or -1 when they cannot all score (a 2 on its own). 0 dice score 0.
int face_points(int face, int count, const ZehntausendRules& rules);

// The points of setting `kept` aside from `thrown` (Z1), or 0 when that is not a legal
// set-aside: kept must be a non-empty part of thrown whose every die scores.
int set_aside_points(const Counts& thrown, const Counts& kept, const ZehntausendRules& rules);

// One legal set-aside of a throw.
struct SetAside {
  Counts kept{};
  int dice = 0;    // dice set aside
  int points = 0;  // Z1
};

// Every legal set-aside of `thrown`, by dice set aside then by points, highest first. Empty
// for a Niete (Z2).
std::vector<SetAside> set_asides(const Counts& thrown, const ZehntausendRules& rules);

// True when no die of the throw scores: a Niete (Z2).
bool is_niete(const Counts& thrown, const ZehntausendRules& rules);

}  // namespace verflixt::zehntausend
