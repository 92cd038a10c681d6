#pragma once
// The exact race policy as a seat (policy.h's SeatPolicy): at the start of each turn the turn
// the optimal two-player policy plays from those totals (race.h), compiled once per totals
// with its exact distribution, so the game kernel draws it like any other seat's turn. In the
// final round the second seat plays the last turn that maximizes P(win) against the first.
//
// Its turns are known by their distribution only, not die by die: the reference engine plays
// the exact policy through Race::decide instead.
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "verflixt/games/zehntausend/policy.h"
#include "verflixt/games/zehntausend/race.h"

namespace verflixt::zehntausend {

// A turn's distribution from the race's turn ends (units of 50): a reset is Bankrott, a bust
// a later Niete.
TurnEvaluation race_turn_evaluation(const core::TurnEnds& ends);

class ExactRacePolicy final : public SeatPolicy {
 public:
  ExactRacePolicy(std::shared_ptr<const Race> race, std::string name = "exact");
  ~ExactRacePolicy() override;
  ExactRacePolicy(const ExactRacePolicy&) = delete;
  ExactRacePolicy& operator=(const ExactRacePolicy&) = delete;
  // Thread-safe and lock-free: each totals' turn is compiled on first use and kept (should
  // two threads compile the same one, the first stored wins: the same turn either way).
  const CompiledTurn& decide(const GameView& v) const override;
  std::string name() const override { return name_; }
  const Race& race() const { return *race_; }

 private:
  std::shared_ptr<const Race> race_;
  std::string name_;
  std::size_t goal_;  // the limit in units of 50
  // [(seat * goal + a) * goal + b] for seats 0 and 1, then the final round's turn by need.
  mutable std::vector<std::atomic<const CompiledTurn*>> turns_;
};

}  // namespace verflixt::zehntausend
