#pragma once
// Monte Carlo evaluation with the reference engine: many solo turns, or many passes at a
// table, split into fixed chunks. Chunk c always draws from chunk_rng(seed, c) and tallies
// merge exactly, so a seed gives the same bits on any number of threads.
#include <cstdint>
#include <vector>

#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/core/run_control.h"
#include "verflixt/core/sampling.h"
#include "verflixt/core/stats.h"

namespace verflixt::verflixte6 {

// Turns (or passes) per work chunk: small enough for progress and Ctrl-C to be prompt,
// large enough that scheduling costs nothing measurable.
inline constexpr std::uint64_t kReferenceChunk = 1u << 14;

// Ctrl-C: the tally holds the chunks that finished (interrupted).
using SoloRun = core::SampledRun<core::Tally>;

SoloRun evaluate_solo(const Rules& rules, JokerSet jokers, const Policy& policy, std::uint64_t turns,
                      std::uint64_t seed, int threads, const core::RunControl& control = {});

struct PassTally {
  std::vector<core::Tally> by_position;  // pass results (after T7) by position in the seat order
  core::Tally all;                       // every player's pass result
  // Adds a chunk's results by position (a chunk leaves its `all` empty: it is the merge's).
  void merge(const PassTally& part);
  void serialize(core::cluster::Archive& a) { a(by_position, all); }
};
using PassRun = core::SampledRun<PassTally>;

// Passes of `players` players who all share `policy` and `jokers`; the first seat of pass i
// is i mod players, and results are tallied by position in the seat order. With `kernel` the
// pass kernel plays them (pass_kernel.h; the policy must be kernel_plays), else the engine.
PassRun evaluate_passes(const Rules& rules, JokerSet jokers, const Policy& policy, int players,
                        std::uint64_t passes, std::uint64_t seed, int threads,
                        const core::RunControl& control = {}, bool kernel = false);

}  // namespace verflixt::verflixte6
