#include "verflixt/games/zehntausend/race_seat.h"

#include <stdexcept>

#include "verflixt/core/error.h"

namespace verflixt::zehntausend {

TurnEvaluation race_turn_evaluation(const core::TurnEnds& ends) {
  TurnEvaluation e;
  e.p_first_niete = ends.reset;
  e.p_niete = ends.reset + ends.bust;
  e.banked = ends.bank;  // up to the last bank the turn can make (core/race_solver.h)
  for (std::size_t t = 0; t < ends.bank.size(); ++t) e.value += ends.bank[t] * static_cast<double>(t) * kPointStep;
  return e;
}

ExactRacePolicy::ExactRacePolicy(std::shared_ptr<const Race> race, std::string name)
    : race_(std::move(race)),
      name_(std::move(name)),
      goal_(static_cast<std::size_t>(race_->rules().limit / kPointStep)),
      turns_(2 * goal_ * goal_ + race_->solution().last_turn.size()) {}

ExactRacePolicy::~ExactRacePolicy() {
  for (const auto& t : turns_) delete t.load();
}

const CompiledTurn& ExactRacePolicy::decide(const GameView& v) const {
  if (v.totals.size() != 2) throw core::InputError("the exact race policy plays two players, not " + std::to_string(v.totals.size()));
  const int mine = v.totals[static_cast<std::size_t>(v.seat)], theirs = v.totals[static_cast<std::size_t>(1 - v.seat)];
  // The final round: seat 2 is the race's last turn, by the points needed to tie.
  const int seat = v.final_round ? 2 : v.seat;
  const int a = v.final_round ? theirs - mine : mine, b = v.final_round ? 0 : theirs;
  const auto ua = static_cast<std::size_t>(a / kPointStep), ub = static_cast<std::size_t>(b / kPointStep);
  const std::size_t k = seat == 2 ? 2 * goal_ * goal_ + ua : (static_cast<std::size_t>(seat) * goal_ + ua) * goal_ + ub;
  if (a < 0 || b < 0 || (seat < 2 && (ua >= goal_ || ub >= goal_)) || k >= turns_.size())
    throw std::out_of_range("the exact race policy has no turn at totals " + std::to_string(mine) + " : " + std::to_string(theirs));
  if (const CompiledTurn* t = turns_[k].load(std::memory_order_acquire)) return *t;
  auto made = std::make_unique<CompiledTurn>(race_turn_evaluation(race_->ends_played(seat, a, b)), name_);
  const CompiledTurn* expected = nullptr;
  if (turns_[k].compare_exchange_strong(expected, made.get(), std::memory_order_acq_rel)) return *made.release();
  return *expected;  // another thread stored it first
}

}  // namespace verflixt::zehntausend
