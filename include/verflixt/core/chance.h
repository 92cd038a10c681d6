#pragma once
// Chance nodes of any dice game: an outcome with its probability, a fair die of any size, and
// a throw of n dice as the multisets it can show with their multinomial probabilities. A
// throw of six dice is one chance node of 462 outcomes, not six nested loops of 6^6 = 46656
// sequences. Exact games enumerate these outcomes; samplers draw one. No game lives here.
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "verflixt/core/rng.h"

namespace verflixt::core {

// One outcome of a chance node and its probability.
template <class Outcome>
struct ChanceOutcome {
  Outcome outcome;
  double probability;
};

// What a throw of n dice shows, ignoring order: counts[f] dice show face f + 1. `ways` is the
// number of ordered sequences giving this multiset (the multinomial coefficient
// n! / (counts[0]! ... counts[faces-1]!)), so its exact probability is ways / faces^n.
struct DiceMultiset {
  std::vector<int> counts;
  std::uint64_t ways = 0;

  friend bool operator==(const DiceMultiset&, const DiceMultiset&) = default;
};

// faces^n, the number of ordered sequences of a throw; throws when it leaves 64 bits.
std::uint64_t dice_sequences(int n, int faces);

// Every multiset of a throw of n dice with `faces` faces (n >= 0, faces >= 1), in
// lexicographic order of counts from the highest face down, with ways and probability
// ways / faces^n. C(n + faces - 1, faces - 1) outcomes: 462 for six six-sided dice.
std::vector<ChanceOutcome<DiceMultiset>> dice_multisets(int n, int faces);

// One face 1..faces of a fair die, exactly uniform: Lemire's multiply-shift with rejection,
// the n-sided form of roll_die in rng.h (which is this with faces = 6). A 64-bit draw x
// gives floor(faces * x / 2^64) + 1 and is kept when the low word of faces * x is at least
// 2^64 mod faces; that removes exactly the surplus draws of the over-represented faces.
template <class Urbg>
constexpr int roll_face(Urbg& g, int faces) {
  const auto n = static_cast<std::uint64_t>(faces);
  const std::uint64_t threshold = (0 - n) % n;  // 2^64 mod n
  while (true) {
    const uint128 m = static_cast<uint128>(g()) * n;
    if (static_cast<std::uint64_t>(m) >= threshold) return static_cast<int>(m >> 64) + 1;
  }
}

}  // namespace verflixt::core
