#include "verflixt/games/verflixte6/rules/table.h"

#include <stdexcept>
#include <string>

namespace verflixt::verflixte6 {

void check_pass_size(std::size_t n) {
  if (n < 1 || n > static_cast<std::size_t>(kMaxPlayers))
    throw std::invalid_argument("a pass has 1.." + std::to_string(kMaxPlayers) + " players, not " + std::to_string(n));
}

namespace {

// E11: the other players in seat order after `self`: self + 1, self + 2, ... (wrapping).
// `self` outside the table (no player on turn) starts at seat 0.
template <class Take>
void after(std::span<const SeatView> table, int self, Take take) {
  const int n = static_cast<int>(table.size());
  const int from = self >= 0 && self < n ? self + 1 : 0;
  for (int step = 0; step < n; ++step) {
    const int k = (from + step) % n;
    if (k != self) take(k);
  }
}

}  // namespace

Candidates rob_candidates(const Rules& rules, std::span<const SeatView> table, int self, unsigned taken) {
  Candidates c;
  after(table, self, [&](int k) {
    if ((taken >> k) & 1u) return;
    if (rules.rob_targets == RobTargets::NotZombie && table[static_cast<size_t>(k)].status == Status::Zombie) return;
    c.at[static_cast<size_t>(c.size++)] = k;
  });
  return c;
}

Candidates senigma_candidates(std::span<const SeatView> table, int self) {
  Candidates c;
  after(table, self, [&](int k) {
    const SeatView& s = table[static_cast<size_t>(k)];
    if (s.status != Status::Zombie && !s.senigma_attacked) c.at[static_cast<size_t>(c.size++)] = k;
  });
  return c;
}

}  // namespace verflixt::verflixte6
