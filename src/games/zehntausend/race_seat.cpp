#include "verflixt/games/zehntausend/race_seat.h"

#include <stdexcept>

#include "verflixt/core/error.h"

namespace verflixt::zehntausend {

TurnEvaluation race_turn_evaluation(const core::TurnEnds& ends) {
  TurnEvaluation e;
  e.p_first_niete = ends.reset;
  e.p_niete = ends.reset + ends.bust;
  e.banked = ends.bank;
  for (std::size_t t = 0; t < ends.bank.size(); ++t) e.value += ends.bank[t] * static_cast<double>(t) * kPointStep;
  return e;
}

const CompiledTurn& ExactRacePolicy::decide(const GameView& v) const {
  if (v.totals.size() != 2) throw core::InputError("the exact race policy plays two players, not " + std::to_string(v.totals.size()));
  const int mine = v.totals[static_cast<std::size_t>(v.seat)], theirs = v.totals[static_cast<std::size_t>(1 - v.seat)];
  // The final round: seat 2 is the race's last turn, by the points needed to tie.
  const int seat = v.final_round ? 2 : v.seat;
  const int a = v.final_round ? theirs - mine : mine, b = v.final_round ? 0 : theirs;
  const long long key = (static_cast<long long>(seat) << 40) | (static_cast<long long>(a) << 20) | b;
  {
    const std::lock_guard lock(mutex_);
    if (const auto it = turns_.find(key); it != turns_.end()) return *it->second;
  }
  // Compiled unlocked (a turn solved and propagated), so threads compile different totals at
  // once; the first kept wins (the same turn either way).
  auto made = std::make_unique<CompiledTurn>(race_turn_evaluation(race_->ends_played(seat, a, b)), name_);
  const std::lock_guard lock(mutex_);
  auto& slot = turns_[key];
  if (!slot) slot = std::move(made);
  return *slot;
}

}  // namespace verflixt::zehntausend
