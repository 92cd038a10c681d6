#pragma once
// Monte Carlo of Schocken through the reference engine: single turns against a hand to beat,
// single rounds, and whole games (2..8 seats). Every run is cut into fixed chunks by
// sample_chunks, chunk c drawing only from chunk_rng(seed, c), and tallied in integers, so a
// seed gives the same counts on any number of threads; Ctrl-C keeps the finished chunks.
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "verflixt/games/schocken/policy.h"
#include "verflixt/games/schocken/rules.h"
#include "verflixt/games/schocken/solver.h"
#include "verflixt/core/run_control.h"
#include "verflixt/core/sampling.h"
#include "verflixt/core/stats.h"

namespace verflixt::schocken {

// Items per chunk: fixed (results depend on them).
inline constexpr std::uint64_t kTurnsPerChunk = 65536;
inline constexpr std::uint64_t kGamesPerChunk = 256;

struct BeatTally {
  std::uint64_t turns = 0, beats = 0;
  void merge(const BeatTally& p) { turns += p.turns, beats += p.beats; }
};
using BeatRun = core::SampledRun<BeatTally>;
// Turns of `policy` (as a follower, position 1 at a table of rules.players) with at most `limit` throws against `target`.
BeatRun sample_beat(const SchockenRules& rules, int limit, const BeatTarget& target, const SchockenPolicy& policy,
                    std::uint64_t turns, std::uint64_t seed, int threads, const core::RunControl& control = {});

struct RoundTally {
  std::uint64_t rounds = 0;
  std::vector<std::uint64_t> worst;  // per position
  void merge(const RoundTally& p);
};
using RoundRun = core::SampledRun<RoundTally>;
// Rounds of seats[0..n-1] in that playing order (seats[0] starts; n = seats.size()).
RoundRun sample_rounds(const SchockenRules& rules, std::span<const SchockenPolicy* const> seats, std::uint64_t rounds,
                       std::uint64_t seed, int threads, const core::RunControl& control = {});

struct GameTally {
  std::uint64_t games = 0, finals = 0, rounds = 0, throws = 0;
  std::vector<std::uint64_t> first_half, second_half, pays;  // losses per seat
  std::vector<std::uint64_t> both_halves;                     // games in which the seat lost both halves

  double p_half(int seat) const {  // P(losing a given half), both halves pooled
    return core::proportion(first_half[static_cast<size_t>(seat)] + second_half[static_cast<size_t>(seat)], 2 * games).mean;
  }
  double p_pay(int seat) const { return core::proportion(pays[static_cast<size_t>(seat)], games).mean; }
  double se_pay(int seat) const { return core::proportion(pays[static_cast<size_t>(seat)], games).se; }
  void merge(const GameTally& p);
  friend bool operator==(const GameTally&, const GameTally&) = default;
};
// The standard error of p_half: the two halves of a game are not independent, so it is the
// error of the per-game mean of (losses of this seat in the two halves) / 2.
double se_half(const GameTally& t, int seat);

using GameRun = core::SampledRun<GameTally>;
GameRun play_games(const SchockenRules& rules, std::span<const SchockenPolicy* const> seats, std::uint64_t games,
                   std::uint64_t seed, int threads, const core::RunControl& control = {});

}  // namespace verflixt::schocken
