#pragma once
// Z1 written a second time, independently of scoring.cpp, for the tests: closed forms
// instead of scoring.cpp's decomposition search, over the preset's point values.
#include <algorithm>
#include <array>

namespace verflixt::zehntausend::testing {

using Faces = std::array<int, 6>;  // dice by face, [f - 1]

// What `kept` (a part of `thrown`) scores under the app preset, 0 when it does not score whole.
inline int reference_points(const Faces& thrown, const Faces& kept) {
  int regular = 0, n_thrown = 0, n_kept = 0;
  bool whole = true;
  for (int f = 1; f <= 6; ++f) {
    const int k = kept[f - 1];
    n_thrown += thrown[f - 1];
    n_kept += k;
    if (k == 0) continue;
    // A kind always beats splitting it (1 1 1 1 = 2000 > 1000 + 100), so the kind or singles.
    if (f == 1)
      regular += k < 3 ? 100 * k : 1000 << (k - 3);
    else if (f == 5)
      regular += k < 3 ? 50 * k : 500 << (k - 3);
    else if (k >= 3)
      regular += (100 * f) << (k - 3);
    else
      whole = false;
  }
  int special = 0;
  if (n_thrown == 6 && n_kept == 6) {
    int ones = 0, twos = 0, threes = 0;
    for (int c : kept) ones += c == 1, twos += c == 2, threes += c == 3;
    if (ones == 6) special = 2000;
    if (twos == 3) special = 1500;
    if (threes == 2) special = 2500;
  }
  return std::max(whole ? regular : 0, special);
}

}  // namespace verflixt::zehntausend::testing
