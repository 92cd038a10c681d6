#include "verflixt/table.h"

#include <stdexcept>
#include <string>

namespace verflixt {

void check_pass_size(std::size_t n) {
  if (n < 1 || n > static_cast<std::size_t>(kMaxPlayers))
    throw std::invalid_argument("a pass has 1.." + std::to_string(kMaxPlayers) + " players, not " + std::to_string(n));
}

Candidates rob_candidates(const Rules& rules, std::span<const SeatView> table, int self, unsigned taken) {
  Candidates c;
  for (int k = 0; k < static_cast<int>(table.size()); ++k) {
    if (k == self || ((taken >> k) & 1u)) continue;
    if (rules.rob_targets == RobTargets::NotZombie && table[static_cast<size_t>(k)].status == Status::Zombie) continue;
    c.at[static_cast<size_t>(c.size++)] = k;
  }
  return c;
}

Candidates senigma_candidates(std::span<const SeatView> table, int self) {
  Candidates c;
  for (int k = 0; k < static_cast<int>(table.size()); ++k) {
    const SeatView& s = table[static_cast<size_t>(k)];
    if (k != self && s.status != Status::Zombie && !s.senigma_attacked) c.at[static_cast<size_t>(c.size++)] = k;
  }
  return c;
}

int take_eyes(const Rules& rules, SeatView& victim, int amount) {
  const int before = victim.eyes;
  victim.eyes -= amount;
  if (rules.keuler_bonus > 0 && victim.status == Status::Prinzessin && before > 0 && victim.eyes <= 0 &&
      !victim.keuler_paid) {
    victim.keuler_paid = true;
    return rules.keuler_bonus;
  }
  return 0;
}

void end_pass(std::span<SeatView> table) {
  for (auto& s : table)
    if (s.eyes <= 0) {
      s.eyes = 0;
      s.status = Status::Zombie;
    }
}

}  // namespace verflixt
