#pragma once
// Vose's construction of an alias table (Walker's alias method), written once for every
// sampler that draws from a categorical distribution in one step: the solo kernel's rows
// (kernel.cpp, over exact integer counts), the pass kernel's segments and Zehntausend's turn
// sampler (over doubles). Each caller scales its weights so that a column holds `unit` on
// average — a draw picks a column uniformly, then its own outcome with probability
// weight / unit, else the column's alias — and keeps its own layout of the result.
#include <cstddef>
#include <vector>

namespace verflixt::core {

// Pairs the columns of `weight` (scaled to mean `unit`; changed in place): each column below
// `unit` is filled up from one above it, pair(small, large) telling the caller that column
// `small` keeps weight[small] of its own and takes the rest from `large`; then leftover(k) is
// called for every column left unpaired, which holds `unit` up to rounding (exactly with
// integer weights). The pairing order is fixed (last small with last large), so the table is
// a function of the weights alone.
template <class W, class Pair, class Leftover>
void alias_columns(std::vector<W>& weight, W unit, Pair pair, Leftover leftover) {
  // The work lists are kept per thread: the pass kernel builds hundreds of thousands of
  // small tables, and two allocations for each showed in its compile time.
  thread_local std::vector<std::size_t> small, large;
  small.clear();
  large.clear();
  for (std::size_t k = 0; k < weight.size(); ++k) (weight[k] < unit ? small : large).push_back(k);
  while (!small.empty() && !large.empty()) {
    const std::size_t s = small.back(), l = large.back();
    small.pop_back();
    pair(s, l);
    weight[l] -= unit - weight[s];
    if (weight[l] < unit) {
      large.pop_back();
      small.push_back(l);
    }
  }
  for (std::size_t k : large) leftover(k);
  for (std::size_t k : small) leftover(k);
}

}  // namespace verflixt::core
