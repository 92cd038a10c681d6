#pragma once
// Small helpers the balance files share (balance.cpp, balance_auto.cpp).
#include <vector>

#include "verflixt/games/verflixte6/analyses/balance.h"

namespace verflixt::verflixte6::balance_detail {

// The loadout list with `j` selected first, then the base (without `j` again).
inline std::vector<Joker> with_first(Joker j, const std::vector<Joker>& base) {
  std::vector<Joker> list = {j};
  for (Joker b : base)
    if (b != j) list.push_back(b);
  return list;
}

// A stop asked between runs.
inline bool stopped(const RunHooks& h) { return h.stopped && h.stopped(); }

}  // namespace verflixt::verflixte6::balance_detail
