#pragma once
// Independent references for the Pig tests, written without the library: Neller & Presser's
// equations iterated directly on arrays (optimal play), and the same for two players who both
// hold at a fixed turn total. Nothing here calls the code under test.
#include <algorithm>
#include <cmath>
#include <vector>

namespace verflixt::pig::testing {

// P[i][j][k] for the player to move; the die has `faces` faces, `bust` loses the turn.
struct ReferenceTable {
  int goal;
  std::vector<double> p;
  double at(int i, int j, int k) const { return i + k >= goal ? 1.0 : p[(i * goal + j) * goal + k]; }
  double& ref(int i, int j, int k) { return p[(i * goal + j) * goal + k]; }
};

// hold_at <= 0: optimal play (max of roll and hold); else both players roll below hold_at
// and hold at or above it. Gauss–Seidel in plain loops until no value moves by 1e-14.
inline ReferenceTable reference_pig(int goal, int faces, int bust, int hold_at) {
  ReferenceTable t{goal, std::vector<double>(static_cast<std::size_t>(goal) * goal * goal, 0.0)};
  for (int sweep = 0; sweep < 100000; ++sweep) {
    double change = 0;
    for (int i = goal - 1; i >= 0; --i)
      for (int j = goal - 1; j >= 0; --j)
        for (int k = goal - 1 - i; k >= 0; --k) {
          double roll = 0;
          for (int f = 1; f <= faces; ++f) roll += (f == bust ? 1 - t.at(j, i, 0) : t.at(i, j, k + f)) / faces;
          const double hold = 1 - t.at(j, i + k, 0);
          const double v = hold_at <= 0 ? std::max(roll, hold) : (k >= hold_at ? hold : roll);
          change = std::max(change, std::abs(v - t.ref(i, j, k)));
          t.ref(i, j, k) = v;
        }
    if (change < 1e-14) break;
  }
  return t;
}

}  // namespace verflixt::pig::testing
