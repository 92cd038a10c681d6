#pragma once
// Monte Carlo of whole Pig games: `games` games at a fixed seating (seat 0 moves first), cut
// into fixed chunks by sample_chunks, chunk c drawing only from chunk_rng(seed, c), and tallied
// in integers — so a seed gives the same counts on any number of threads. Ctrl-C keeps the
// finished chunks.
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "verflixt/games/pig/game.h"
#include "verflixt/games/pig/policy.h"
#include "verflixt/core/run_control.h"
#include "verflixt/core/sampling.h"
#include "verflixt/core/stats.h"

namespace verflixt::pig {

struct MatchTally {
  std::uint64_t games = 0;
  std::vector<std::uint64_t> wins;  // per seat
  std::uint64_t turns = 0, throws = 0;

  // P(seat wins) and its binomial standard error.
  double p_win(int seat) const { return core::proportion(wins[seat], games).mean; }
  double se_win(int seat) const { return core::proportion(wins[seat], games).se; }
  void merge(const MatchTally& other);
  friend bool operator==(const MatchTally&, const MatchTally&) = default;
};

using MatchRun = core::SampledRun<MatchTally>;

// Games per chunk: fixed (results depend on it), large enough to amortize the scheduling.
inline constexpr std::uint64_t kGamesPerChunk = 4096;

MatchRun play_games(const PigRules& rules, std::span<const PigPolicy* const> seats, std::uint64_t games,
                    std::uint64_t seed, int threads, const core::RunControl& control = {});

}  // namespace verflixt::pig
