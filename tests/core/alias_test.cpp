// Vose's construction (core/alias.h): every column ends up holding `unit` — its own weight
// plus what it takes from its alias — and every outcome keeps exactly its weight, checked
// with integer weights, where the construction is exact.
#include "verflixt/core/alias.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace verflixt::core {
namespace {

TEST(Alias, EveryOutcomeKeepsItsWeightAndEveryColumnIsFull) {
  std::mt19937_64 g(5);
  for (int trial = 0; trial < 500; ++trial) {
    const std::size_t m = 1 + g() % 40;
    const std::uint64_t unit = 1000;
    // Random weights summing to m * unit, some of them 0.
    std::vector<std::uint64_t> w(m, 0);
    for (std::uint64_t left = m * unit; left > 0;) {
      const std::uint64_t take = std::min<std::uint64_t>(left, 1 + g() % (3 * unit));
      w[g() % m] += take;
      left -= take;
    }
    const std::vector<std::uint64_t> original = w;
    std::vector<std::uint64_t> own(m, unit), mass(m, 0);
    std::vector<std::size_t> alias(m);
    std::vector<int> seen(m, 0);
    for (std::size_t k = 0; k < m; ++k) alias[k] = k;
    alias_columns(
        w, unit,
        [&](std::size_t s, std::size_t l) {
          own[s] = w[s];
          alias[s] = l;
          ++seen[s];
        },
        [&](std::size_t k) {
          EXPECT_EQ(w[k], unit) << "a leftover column is not full";
          ++seen[k];
        });
    for (std::size_t k = 0; k < m; ++k) {
      EXPECT_EQ(seen[k], 1) << "column " << k << " paired or left over more than once";
      mass[k] += own[k];
      mass[alias[k]] += unit - own[k];
    }
    EXPECT_EQ(mass, original) << "trial " << trial;
  }
}

}  // namespace
}  // namespace verflixt::core
