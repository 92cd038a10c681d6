#pragma once
// The exact distribution of a turn over a chain (forward propagation), and a chi-square of a
// kernel's tally against it: computed here, independently of the kernel, for the kernel tests
// (kernel_test.cpp, kernel_engine_test.cpp).
#include <algorithm>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "verflixt/core/kernel.h"

namespace verflixt::verflixte6::testing {

// The exact distribution of (value, eliminated) at the end of a turn: probability mass
// flows from the start along the chain's outcomes until less than 1e-15 is still live.
inline std::map<std::pair<int, bool>, double> exact_distribution(const core::Chain& c) {
  std::vector<double> mass(c.size(), 0), next(c.size(), 0);
  std::map<std::pair<int, bool>, double> out;
  mass[c.start] = 1;
  for (int sweep = 0; sweep < 10000; ++sweep) {
    std::fill(next.begin(), next.end(), 0.0);
    double live = 0;
    for (std::size_t s = 0; s < c.size(); ++s) {
      if (mass[s] == 0) continue;
      if (c.terminal[s]) {
        out[{c.value[s], c.eliminated[s] != 0}] += mass[s];
        continue;
      }
      for (std::uint32_t k = c.first[s]; k < c.first[s + 1]; ++k) next[c.outcome_next[k]] += mass[s] * c.outcome_prob[k];
    }
    std::swap(mass, next);
    for (std::size_t s = 0; s < c.size(); ++s) live += mass[s];
    if (live < 1e-15) break;
  }
  return out;
}

// The 0.999 quantile of chi-square with `df` degrees of freedom (Wilson–Hilferty; accurate to

// Chi-square of a tally against an exact distribution of (value, eliminated); bins with an
// expected count below 5 are pooled. Returns {statistic, degrees of freedom}.
inline std::pair<double, int> chi_square(const core::Tally& t, const core::Chain& c, const std::map<std::pair<int, bool>, double>& exact) {
  // The tally's histogram is by value only; busts are counted separately, so compare on
  // value bins, with exact probabilities summed over the eliminated flag.
  (void)c;
  std::map<int, double> p;
  for (const auto& [key, q] : exact) p[key.first] += q;
  const double n = static_cast<double>(t.turns());
  double chi2 = 0, pooled_obs = 0, pooled_exp = 0;
  int bins = 0;
  for (const auto& [v, q] : p) {
    const auto it = t.histogram().find(v);
    const double obs = it == t.histogram().end() ? 0.0 : static_cast<double>(it->second);
    if (n * q < 5) {
      pooled_obs += obs;
      pooled_exp += n * q;
      continue;
    }
    chi2 += (obs - n * q) * (obs - n * q) / (n * q);
    ++bins;
  }
  if (pooled_exp > 0) {
    chi2 += (pooled_obs - pooled_exp) * (pooled_obs - pooled_exp) / std::max(pooled_exp, 1e-300);
    ++bins;
  }
  // A value the exact distribution gives probability 0 must never appear.
  for (const auto& [v, cnt] : t.histogram())
    if (!p.count(v)) chi2 += 1e9 * static_cast<double>(cnt);
  return {chi2, bins - 1};
}

inline double exact_mean(const std::map<std::pair<int, bool>, double>& d) {
  double m = 0;
  for (const auto& [key, q] : d) m += key.first * q;
  return m;
}
inline double exact_bust(const std::map<std::pair<int, bool>, double>& d) {
  double b = 0;
  for (const auto& [key, q] : d) b += key.second ? q : 0;
  return b;
}

}  // namespace verflixt::verflixte6::testing
