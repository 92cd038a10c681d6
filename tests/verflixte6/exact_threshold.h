#pragma once
// An exact recursion for the solo value of threshold:N without jokers, written for the
// tests from docs/rules/verflixte6.md T1, T3, T4, T5 and §5 alone — deliberately not using the engine, the
// solo model or the solver, so that it can check all of them.
#include <algorithm>
#include <map>
#include <utility>

#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6::testing {

// V(e, j) = e once e >= N; otherwise each face with probability 1/6: the bust face ends the
// turn at 0; a robbing 1 adds 1 + min(j+1, cap); any other face adds itself. The free
// throw adds 1..6 (or nothing without a free throw).
inline double exact_threshold_value(const Rules& r, int n) {
  std::map<std::pair<int, int>, double> memo;
  auto v = [&](auto&& self, int e, int j) -> double {
    if (e >= n) return e;
    const auto key = std::make_pair(e, j);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    double sum = 0;
    for (int f = 1; f <= 6; ++f) {
      if (f == r.bust_face) continue;
      if (f == 1 && r.ones_rob) {
        const int jj = std::min(j + 1, r.rob_cap);
        sum += self(self, e + 1 + jj, jj);
      } else {
        sum += self(self, e + f, j);
      }
    }
    return memo[key] = sum / 6.0;
  };
  if (!r.free_throw) return v(v, 0, 0);
  double total = 0;
  for (int f = 1; f <= 6; ++f) total += v(v, f, 0);
  return total / 6.0;
}

}  // namespace verflixt::verflixte6::testing
