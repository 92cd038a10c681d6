#pragma once
// Monte Carlo of Zehntausend: turns die by die through the reference engine, and whole
// games at kernel speed (each turn drawn from its policy's exact distribution, policy.h).
// Both run in fixed chunks through sample_chunks, chunk c drawing only from chunk_rng(seed, c),
// and tally in integers, so a seed gives the same numbers on any number of threads; Ctrl-C
// keeps the finished chunks.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "verflixt/games/zehntausend/policy.h"
#include "verflixt/core/run_control.h"
#include "verflixt/core/sampling.h"
#include "verflixt/core/stats.h"

namespace verflixt::zehntausend {

// Wins are shared by tied seats (Z5): a game gives each winner 840 / (number of winners)
// share units (840 = lcm(1..8)), so tallies stay integers.
inline constexpr std::uint64_t kShareUnit = 840;

struct MatchTally {
  std::uint64_t games = 0, turns = 0, bankrotts = 0;
  std::vector<std::uint64_t> shares, shares_sq;  // per seat
  // P(seat wins), a tie counting its share, with its standard error.
  core::Estimate p_win(int seat) const;
  void merge(const MatchTally& other);
  friend bool operator==(const MatchTally&, const MatchTally&) = default;
};

using MatchRun = core::SampledRun<MatchTally>;

inline constexpr std::uint64_t kGamesPerChunk = 8192;
inline constexpr std::uint64_t kTurnsPerChunk = 16384;

// Where games start when not from scratch (advice in the middle of a game): the totals, the
// seat to move, whether the final round runs, and optionally the rest of that seat's current
// turn (its distribution from the turn total and dice it has now).
struct GameStart {
  std::array<int, kMaxPlayers> totals{};
  int seat = 0;
  bool final_round = false;
  const TurnSampler* current_turn = nullptr;
};

// `games` games at the kernel's speed; seats[s] plays seat s (seat 0 moves first), from
// scratch or from `start`.
MatchRun play_games(const TurnLibrary& lib, std::span<const SeatPolicy* const> seats, std::uint64_t games,
                    std::uint64_t seed, int threads, const core::RunControl& control = {}, const GameStart* start = nullptr);
// The same games die by die through the reference engine (slow; the kernel's check).
MatchRun play_games_engine(const TurnLibrary& lib, std::span<const SeatPolicy* const> seats, std::uint64_t games,
                           std::uint64_t seed, int threads, const core::RunControl& control = {});

struct TurnTally {
  std::uint64_t turns = 0, niete_count = 0;
  std::int64_t sum = 0, sum_sq = 0;  // banked points in units of kPointStep
  core::Estimate points() const;           // mean banked points per turn ± SE
  core::Estimate niete() const;            // P(Niete) ± SE
  void merge(const TurnTally& other);
};
using TurnRun = core::SampledRun<TurnTally>;
// `turns` fresh turns of `policy` die by die through the reference engine.
TurnRun sample_turns(const TurnModel& m, const TurnPolicy& policy, std::uint64_t turns, std::uint64_t seed,
                     int threads, const core::RunControl& control = {});

}  // namespace verflixt::zehntausend
