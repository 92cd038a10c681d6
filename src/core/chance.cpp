#include "verflixt/core/chance.h"

#include <limits>

namespace verflixt::core {

std::uint64_t dice_sequences(int n, int faces) {
  if (n < 0 || faces < 1) throw std::invalid_argument("dice_sequences: need n >= 0 and faces >= 1");
  std::uint64_t total = 1;
  for (int d = 0; d < n; ++d) {
    if (total > std::numeric_limits<std::uint64_t>::max() / static_cast<std::uint64_t>(faces))
      throw std::overflow_error("dice_sequences: faces^n does not fit 64 bits");
    total *= static_cast<std::uint64_t>(faces);
  }
  return total;
}

namespace {

// Fills counts[face..] with every split of `left` dice, highest face first; `ways` so far is
// the multinomial coefficient of the dice placed (built as a product of binomials, each
// exact in 64 bits because it divides the final faces^n).
void place(int face, int left, std::uint64_t ways, std::vector<int>& counts, double total,
           std::vector<ChanceOutcome<DiceMultiset>>& out) {
  if (face == 0) {
    counts[0] = left;  // the rest show face 1; C(left, left) = 1
    out.push_back({DiceMultiset{counts, ways}, static_cast<double>(ways) / total});
    return;
  }
  // Dice still to place: left; choosing c of them for this face multiplies by C(left, c).
  std::uint64_t binom = 1;
  for (int c = 0; c <= left; ++c) {
    if (c > 0) binom = binom * static_cast<std::uint64_t>(left - c + 1) / static_cast<std::uint64_t>(c);
    counts[face] = c;
    place(face - 1, left - c, ways * binom, counts, total, out);
  }
  counts[face] = 0;
}

}  // namespace

std::vector<ChanceOutcome<DiceMultiset>> dice_multisets(int n, int faces) {
  const double total = static_cast<double>(dice_sequences(n, faces));
  std::vector<ChanceOutcome<DiceMultiset>> out;
  std::vector<int> counts(faces, 0);
  place(faces - 1, n, 1, counts, total, out);
  return out;
}

}  // namespace verflixt::core
