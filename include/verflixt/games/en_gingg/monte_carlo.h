#pragma once
// Monte Carlo of En Gingg as Bei through the reference engine: single turns of one policy
// (to check its exact value) and whole games at a table of 2..8 seats. Both are cut into
// fixed chunks by sample_chunks, chunk c drawing only from chunk_rng(seed, c), and tallied in
// integers — so a seed gives the same counts on any number of threads. Ctrl-C keeps the
// finished chunks.
#include <cstdint>
#include <span>
#include <vector>

#include "verflixt/games/en_gingg/policy.h"
#include "verflixt/core/run_control.h"
#include "verflixt/core/sampling.h"
#include "verflixt/core/stats.h"

namespace verflixt::en_gingg {

// Sums over sampled turns: the own balance change, the next player's loss and their sum.
struct TurnTally {
  std::uint64_t turns = 0, phase2 = 0, throws = 0;
  std::int64_t own = 0, own_sq = 0, next = 0, next_sq = 0, both = 0, both_sq = 0;
  core::Estimate own_change() const { return core::mean_from_sums(static_cast<double>(turns), static_cast<double>(own), static_cast<double>(own_sq)); }
  core::Estimate next_loss() const { return core::mean_from_sums(static_cast<double>(turns), static_cast<double>(next), static_cast<double>(next_sq)); }
  core::Estimate own_plus_next() const { return core::mean_from_sums(static_cast<double>(turns), static_cast<double>(both), static_cast<double>(both_sq)); }
  core::Estimate value(Objective o) const { return o == Objective::Own ? own_change() : own_plus_next(); }
  void merge(const TurnTally& other);
  friend bool operator==(const TurnTally&, const TurnTally&) = default;
};

using TurnRun = core::SampledRun<TurnTally>;

// Whole games: who lost (per seat) and how long the games took.
struct GameTally {
  std::uint64_t games = 0, turns = 0, turns_sq = 0, throws = 0;
  std::vector<std::uint64_t> losses;  // per seat
  // P(seat loses) and its binomial standard error.
  core::Estimate p_lose(int seat) const;
  // Turns per game, with its standard error.
  core::Estimate length() const { return core::mean_from_sums(static_cast<double>(games), static_cast<double>(turns), static_cast<double>(turns_sq)); }
  void merge(const GameTally& other);
  friend bool operator==(const GameTally&, const GameTally&) = default;
};

using GameRun = core::SampledRun<GameTally>;

// Fixed chunk sizes (results depend on them), large enough to amortize the scheduling.
inline constexpr std::uint64_t kTurnsPerChunk = 16384;
inline constexpr std::uint64_t kGamesPerChunk = 1024;

TurnRun sample_turns(const EnGinggRules& rules, const SetAsidePolicy& policy, std::uint64_t turns, std::uint64_t seed,
                     int threads, const core::RunControl& control = {});

// Seat 0 begins; rules.players must equal seats.size().
GameRun play_games(const EnGinggRules& rules, std::span<const SetAsidePolicy* const> seats, std::uint64_t games,
                   std::uint64_t seed, int threads, const core::RunControl& control = {});

}  // namespace verflixt::en_gingg
