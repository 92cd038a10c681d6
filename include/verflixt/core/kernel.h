#pragma once
// The sampling kernel: plays solo turns of a compiled chain (chain.h) as fast as the
// machine allows, and the naive loops it is measured against.
//
// How it is fast. A batch of independent lanes (kLanes turns in flight) is laid out
// structure-of-arrays, and one step of every lane is one pass over the arrays that the
// compiler vectorizes (AVX2 gathers): per lane, 32 random bits pick a bucket of the current
// state's alias table and decide between the bucket's own outcome and its alias — one draw
// and two table lookups, no branches. A lane whose turn ended records it and restarts from
// the chain's start in the same step, so no lane idles until it has played its share.
//
// Where the time goes (AMD EPYC Zen 3 at ~2.45 GHz, AVX2, GCC 12; CPU time per lane-step on
// one-step rows, the loops timed alone on a shared machine): about 1.9 ns in all — the step
// 1.2-1.3 ns, of which the second, dependent 8-wide gather is 0.5-0.8 ns; the half xoshiro
// draw plus the compress-store of finished turns 0.45 ns. Gathers run at about one element
// per 1.2 cycles on this core, so two per step put the floor near 1 ns: the step is within
// ~1.3x of it, the whole loop within ~2x. The limit is gather throughput, not the RNG or
// memory (the tables of small chains fit in L1/L2). Composed rows (AliasOptions) divide the
// number of steps per turn instead, which is why they are the default.
//
// How it is reproducible. Work is cut into fixed chunks of turns; chunk k draws only from
// chunk_rng(seed, k) and every chunk plays exactly its turns, so a seed gives bit-identical
// tallies on 1, 2 or 64 threads, and an interrupted run keeps its finished chunks.
//
// How exact it is. Each row's outcome probabilities are rounded to multiples of 2^-32
// (alias thresholds are 32-bit and the bucket choice uses the top bits of the same 32-bit
// draw, so the rounded probabilities are realized exactly, given uniform draws). Every
// outcome's probability is off by at most 2 * 2^-32 (largest-remainder rounding; an outcome
// below 2^-32 is rounded up so none is lost) — a bias far below the sampling error of any
// run this program can make (10^12 turns have a standard error of 10^-6 standard deviations).
// A row may play several chain steps at once (AliasOptions): the absorbed distribution is
// the same, and the rounding then applies to the composed probabilities.
#include <atomic>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <random>

#include "verflixt/core/chain.h"
#include "verflixt/core/chunks.h"
#include "verflixt/core/rng.h"
#include "verflixt/core/run_control.h"
#include "verflixt/core/stats.h"

namespace verflixt::core {

// A chain compiled for the kernel: per live state a power-of-two alias table with 32-bit
// thresholds, and the chain's terminal states merged into classes of equal (value, bust).
// The tables are plain arrays so the kernel's step is a few gathers; tests read them to
// check that the probabilities they realize are the chain's.
struct AliasChain {
  // A lane's position is a 32-bit code. Live states: (row offset << 5) | log2(buckets),
  // with bit 31 clear. Terminal states: kTerminal | class index.
  static constexpr std::uint32_t kTerminal = 0x8000'0000u;
  static constexpr int kShiftBits = 5;

  // Per bucket e of all rows: own outcome is next[2e], alias is next[2e + 1]; the own
  // outcome is taken when the draw's low bits (shifted up) are below threshold[e].
  std::vector<std::uint32_t> threshold;
  std::vector<std::uint32_t> next;
  std::vector<std::uint32_t> state_code;  // the code of every chain state
  std::vector<std::uint8_t> row_steps;     // chain steps one row plays (0 for terminals)
  std::uint32_t start_code = 0;           // code of the chain's start state
  std::uint32_t dead_code = 0;            // a live row that loops on itself: parked lanes
  std::vector<std::int32_t> class_value;  // per terminal class: the solo value
  std::vector<std::uint8_t> class_eliminated;
  int max_log2_buckets = 0;
};

// How rows are built. With max_steps = 1 every row is one chain step: one draw per step, as
// the chain says. With m > 1 a state whose m-step distribution (terminals absorbing) has at
// most max_composed_outcomes distinct successors gets that as its row, so one draw plays up
// to m steps; the distribution of the turn's end is exactly the same (up to the rounding
// above), only the path in between is skipped — for a small chain the start row can become
// the whole turn. Tuned on the two `verflixt bench` workloads (threshold:17 / the 3-joker
// heuristic; turns per CPU-second on one thread, best of 3, shared machine): 1 step
// 1.2e8 / 8.4e7; 2 steps, 32 outcomes 2.1e8 / 1.4e8; 4 steps, 64 outcomes 3.1e8 / 2.0e8;
// 8 steps, 64 outcomes 3.9e8 / 2.1e8; 128 or 256 outcomes were slower (bigger tables).
struct AliasOptions {
  int max_steps = 8;
  int max_composed_outcomes = 64;
  int max_table_growth = 4;  // composed tables: within 4x the one-step size, 2^16..2^20 buckets
};

// Compiles `chain` (validated: probabilities non-negative and summing to 1 within 1e-9,
// successors in range) into alias tables. Throws std::invalid_argument on a malformed chain.
AliasChain compile_alias(const Chain& chain, const AliasOptions& options = {});

// The instruction set the solo kernel's lanes run with on this processor: the build's own,
// or, in a portable x86-64 build, the level chosen at start-up ("AVX-512 (x86-64-v4, chosen
// at start-up)"). Every level gives the same bits.
std::string kernel_level();

// The step distribution the tables realize, for tests: result[s] maps each successor code
// of live chain state s to its probability in units of 2^-32 (the counts sum to 2^32).
std::vector<std::map<std::uint32_t, std::uint64_t>> realized_counts(const AliasChain& alias);

struct KernelOptions {
  int threads = 0;                          // 0: OpenMP's default (one per core)
  std::uint64_t chunk_turns = 1ull << 16;   // turns per chunk and RNG stream
};

// Plays `turns` solo turns of the chain with `seed`; returns the tally of their values.
// Interruption through `control` keeps whole chunks (the tally then holds fewer turns).
Tally sample_chain(const Chain& chain, std::uint64_t turns, std::uint64_t seed, int threads,
                   const RunControl& control = {});
Tally sample_chain(const AliasChain& chain, std::uint64_t turns, std::uint64_t seed,
                   const KernelOptions& options, const RunControl& control = {});

// ---- The yardsticks: what a user writes first. ----

// What a first version seeds its per-chunk engine with: the chunk's stream, so a yardstick is
// as reproducible as the kernel.
std::mt19937_64 naive_engine(std::uint64_t seed, std::uint64_t chunk);

// Plays `turns` in the kernel's chunks (play(chunk, count, tally) on `threads` threads, 0: one
// per core) and adds up the tallies: how every yardstick loops, so the comparison per core is
// fair.
template <class PlayChunk>
Tally naive_chunks(std::uint64_t turns, int threads, PlayChunk play) {
  constexpr std::uint64_t kChunk = 1ull << 16;
  bool interrupted = false;
  // A yardstick stops where the caller's budget stops (Ctrl-C on the command line, whose
  // handler raises the budget's stop request); its caller drops a row stopped so.
  std::atomic<bool> stop{false};
  RunControl control;
  control.stop = &stop;
  control.progress = [&stop](std::uint64_t, std::uint64_t) {
    if (const Budget* b = Budget::current(); b && b->over()) stop = true;
  };
  const auto parts = run_chunks<Tally>(turns, kChunk, threads > 0 ? threads : omp_get_max_threads(), control,
                                       interrupted, play);
  Tally all;
  for (const auto& t : parts) all.merge(t);
  return all;
}

// std::mt19937_64 and one std::discrete_distribution per live state of any chain, stepping
// one turn at a time.
Tally naive_sample_chain(const Chain& chain, std::uint64_t turns, std::uint64_t seed,
                         int threads);

}  // namespace verflixt::core
