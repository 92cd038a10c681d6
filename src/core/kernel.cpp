#include "verflixt/core/kernel.h"

#include "verflixt/core/alias.h"

#include <omp.h>
#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cmath>
#include <map>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>

#include "verflixt/core/rng.h"
#include "verflixt/core/cluster.h"

namespace verflixt::core {

namespace {

constexpr std::uint64_t kTwo32 = std::uint64_t{1} << 32;

// Rounds probabilities to integer counts summing to exactly 2^32 (largest remainder), so the
// alias table can realize them exactly. An outcome with positive probability keeps at least
// one count, so the kernel never loses an outcome the chain has; the surplus that creates is
// taken from the largest counts. Every count is within 2 of probability * 2^32.
std::vector<std::uint64_t> quantize(const double* prob, std::size_t n) {
  std::vector<std::uint64_t> count(n);
  std::vector<std::pair<double, std::size_t>> rest(n);
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double scaled = prob[i] * static_cast<double>(kTwo32);
    const double whole = std::floor(scaled);
    count[i] = static_cast<std::uint64_t>(whole);
    rest[i] = {scaled - whole, i};
    if (prob[i] > 0 && count[i] == 0) {
      count[i] = 1;
      rest[i].first = -1;  // already rounded up
    }
    total += count[i];
  }
  // Hand out the missing counts to the largest remainders; take surplus (from the forced
  // ones, or from probabilities summing a hair above 1) from the largest counts.
  std::sort(rest.begin(), rest.end(), [](auto a, auto b) { return a.first > b.first || (a.first == b.first && a.second < b.second); });
  for (std::size_t k = 0; total < kTwo32; k = (k + 1) % n) {
    ++count[rest[k].second];
    ++total;
  }
  while (total > kTwo32) {
    const auto big = std::max_element(count.begin(), count.end()) - count.begin();
    --count[static_cast<std::size_t>(big)];
    --total;
  }
  return count;
}

void check_chain(const Chain& c) {
  const std::size_t n = c.size();
  if (c.terminal.size() != n || c.eliminated.size() != n || c.first.size() != n + 1)
    throw std::invalid_argument("chain: per-state arrays differ in size");
  if (c.start >= n) throw std::invalid_argument("chain: start state out of range");
  if (c.outcome_next.size() != c.outcome_prob.size() || c.first[n] != c.outcome_next.size())
    throw std::invalid_argument("chain: outcome arrays do not match `first`");
  for (std::size_t s = 0; s < n; ++s) {
    if (c.terminal[s]) continue;
    if (c.first[s] >= c.first[s + 1])
      throw std::invalid_argument("chain: live state " + std::to_string(s) + " has no outcome");
    double sum = 0;
    for (std::uint32_t k = c.first[s]; k < c.first[s + 1]; ++k) {
      if (c.outcome_next[k] >= n || !(c.outcome_prob[k] >= 0))
        throw std::invalid_argument("chain: bad outcome of state " + std::to_string(s));
      sum += c.outcome_prob[k];
    }
    if (std::abs(sum - 1.0) > 1e-9)
      throw std::invalid_argument("chain: outcomes of state " + std::to_string(s) + " sum to " +
                                  std::to_string(sum));
  }
}

// The kernel's working set for one chunk: kLanes turns in flight, structure of arrays.
// Tuned by turns per CPU-second on both bench workloads, with one-step and composed rows:
// 32, 64 and 256 lanes came out within the +-20% noise of this shared machine, 512 about
// 20-30% slower — each lane plays chunk/kLanes whole turns and the chunk waits for its
// slowest lane, so more lanes means longer tails. 64 lanes (2 KiB of RNG state) were the
// most consistent; eight 8-wide gathers in flight per step are still plenty to hide latency.
constexpr int kLanes = 64;

struct Lanes {
  alignas(64) std::uint64_t s0[kLanes], s1[kLanes], s2[kLanes], s3[kLanes];
  alignas(64) std::uint32_t bits[2 * kLanes];  // this round's draws: low halves, high halves
  alignas(64) std::uint32_t code[kLanes];
  alignas(64) std::uint32_t quota[kLanes];  // turns the lane still has to start
};

// One xoshiro256** output per lane (the same recurrence as rng.h, written over arrays so
// it vectorizes: 64-bit multiplies by 5 and 9 become shifts and adds).
inline void draw(Lanes& l) {
  for (int i = 0; i < kLanes; ++i) {
    const std::uint64_t a = l.s1[i] * 5;
    const std::uint64_t r = ((a << 7) | (a >> 57)) * 9;
    const std::uint64_t t = l.s1[i] << 17;
    std::uint64_t s0 = l.s0[i], s1 = l.s1[i], s2 = l.s2[i], s3 = l.s3[i];
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 45) | (s3 >> 19);
    l.s0[i] = s0;
    l.s1[i] = s1;
    l.s2[i] = s2;
    l.s3[i] = s3;
    l.bits[i] = static_cast<std::uint32_t>(r);
    l.bits[kLanes + i] = static_cast<std::uint32_t>(r >> 32);
  }
}

// Finished turns, one terminal class per turn, in lane order; counted into the histogram
// whenever it fills up. Order does not matter for a tally, only that each finished turn is
// written exactly once.
struct Finished {
  static constexpr int kCapacity = 4096;  // 16 KiB: stays in L1 next to the lanes
  alignas(64) std::uint32_t cls[kCapacity + kLanes];
  int size = 0;
};

#if defined(__GNUC__) && defined(__x86_64__)
#define VERFLIXT_PACKED_RECORD 1
// For each 8-bit mask, the positions of its set bits packed to the front (3 bits each):
// the permutation that compresses the terminal lanes of 8 to the front of a vector.
constexpr std::array<std::uint32_t, 256> make_compress_table() {
  std::array<std::uint32_t, 256> t{};
  for (std::uint32_t m = 0; m < 256; ++m) {
    std::uint32_t packed = 0, n = 0;
    for (std::uint32_t b = 0; b < 8; ++b)
      if (m & (1u << b)) packed |= b << (3 * n++);
    t[m] = packed;
  }
  return t;
}
constexpr auto kCompress = make_compress_table();

// Appends the class of every lane that stands on a terminal code. AVX2 has no compress
// store and GCC cannot vectorize one, so this is the one place with intrinsics: a movemask
// of the terminal bits picks a permutation that packs those lanes' classes to the front,
// and the write pointer advances by their number — about eight instructions per eight
// lanes instead of a store per lane. Compiled for AVX2 whatever the build targets; a
// portable build calls it only where the processor has AVX2 (play_chunk).
__attribute__((target("avx2"))) inline void record_packed(const Lanes& l, Finished& out) {
  const __m256i low16 = _mm256_set1_epi32(0xffff);
  const __m256i unpack = _mm256_setr_epi32(0, 3, 6, 9, 12, 15, 18, 21);
  std::uint32_t* dst = out.cls + out.size;
  for (int i = 0; i < kLanes; i += 8) {
    const __m256i c = _mm256_load_si256(reinterpret_cast<const __m256i*>(l.code + i));
    const unsigned m = static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(c)));
    const __m256i perm = _mm256_srlv_epi32(_mm256_set1_epi32(static_cast<int>(kCompress[m])), unpack);
    const __m256i packed = _mm256_permutevar8x32_epi32(_mm256_and_si256(c, low16), perm);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst), packed);
    dst += std::popcount(m);
  }
  out.size = static_cast<int>(dst - out.cls);
}
#endif

// The same one lane at a time, for processors without AVX2.
inline void record_each(const Lanes& l, Finished& out) {
  for (int i = 0; i < kLanes; ++i) {
    out.cls[out.size] = l.code[i] & 0xffffu;
    out.size += static_cast<int>(l.code[i] >> 31);
  }
}

// Whether this processor runs record_packed: known when the program is built for AVX2.
bool packs_records() {
#if defined(__AVX2__)
  return true;
#elif defined(VERFLIXT_PACKED_RECORD)
  static const bool avx2 = __builtin_cpu_supports("avx2");
  return avx2;
#else
  return false;
#endif
}

inline void record(const Lanes& l, Finished& out, [[maybe_unused]] bool packed) {
#if defined(__AVX2__)
  record_packed(l, out);
#elif defined(VERFLIXT_PACKED_RECORD)
  if (packed) record_packed(l, out);
  else record_each(l, out);
#else
  record_each(l, out);
#endif
}

// One step of every lane, using 32 random bits of each lane (`high` picks which half of the
// lane's 64-bit draw). A lane on a terminal code (already recorded) takes the start row —
// or the dead row once its quota is spent.
inline void step(Lanes& l, const AliasChain& a, bool high) {
  const std::uint32_t* thr = a.threshold.data();
  const std::uint32_t* nxt = a.next.data();
  const std::uint32_t start = a.start_code, dead = a.dead_code;
  const std::uint32_t* bits = l.bits + (high ? kLanes : 0);
  // The tables are never written here; ivdep tells GCC so, or it refuses to gather.
#pragma GCC ivdep
  for (int i = 0; i < kLanes; ++i) {
    const std::uint32_t c = l.code[i];
    const std::uint32_t term = c >> 31;
    const std::uint32_t q = l.quota[i];
    const std::uint32_t restart = term & (q != 0);
    l.quota[i] = q - restart;
    const std::uint32_t row = term ? (restart ? start : dead) : c;
    const std::uint32_t x = bits[i];
    const std::uint32_t k = row & 31u;
    // Signed indices: with unsigned ones GCC must allow for wrap-around and will not use
    // the 32-bit-index gathers (row offsets stay below 2^26, so nothing overflows).
    const std::int32_t e = static_cast<std::int32_t>((row >> AliasChain::kShiftBits) + (x >> (32 - k)));
    const std::uint32_t f = x << k;
    l.code[i] = nxt[2 * e + static_cast<std::int32_t>(f >= thr[e])];
  }
}

struct ChunkCounts {
  std::vector<std::uint64_t> per_class;
  std::uint64_t turns = 0;
};

// Counts the recorded classes. Four interleaved histograms, so that runs of the same class
// (the bust, mostly) do not wait on each other's increments.
void flush(Finished& f, std::vector<std::uint64_t>& hist4, ChunkCounts& out) {
  const std::size_t classes = out.per_class.size();
  int j = 0;
  for (; j + 4 <= f.size; j += 4) {
    ++hist4[f.cls[j]];
    ++hist4[classes + f.cls[j + 1]];
    ++hist4[2 * classes + f.cls[j + 2]];
    ++hist4[3 * classes + f.cls[j + 3]];
  }
  for (; j < f.size; ++j) ++hist4[f.cls[j]];
  out.turns += static_cast<std::uint64_t>(f.size);
  f.size = 0;
}

// A build for any x86-64 (portable: no -march=native) still plays the lanes with AVX-512 or
// AVX2 gathers where the processor has them: GCC compiles play_chunk, with the steps inlined
// into it, once per level and picks one when the program starts. Without gathers the step is
// one load at a time, 2.5x slower (docs/performance.md). The kernel is integer arithmetic
// throughout, so every level gives the same bits.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__AVX2__) && \
    !defined(__SANITIZE_ADDRESS__)
#define VERFLIXT_KERNEL_CLONED 1
#define VERFLIXT_KERNEL_LEVELS __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define VERFLIXT_KERNEL_LEVELS
#endif

// Plays exactly `turns` turns from stream chunk_rng(seed, chunk) into counts per class.
VERFLIXT_KERNEL_LEVELS void play_chunk(const AliasChain& a, std::uint64_t turns, std::uint64_t seed,
                                       std::uint64_t chunk, Lanes& l, Finished& fin, std::vector<std::uint64_t>& hist4,
                                       ChunkCounts& out) {
  Rng stream = chunk_rng(seed, chunk);
  // Each lane plays a fixed number of complete turns: counting the first turns to finish
  // instead would favour short turns (the unfinished ones at the end are the long ones).
  const std::uint64_t base = turns / kLanes, extra = turns % kLanes;
  for (int i = 0; i < kLanes; ++i) {
    // Each lane's generator is seeded by SplitMix64 from one output of the chunk's stream.
    Rng lane(stream());
    l.s0[i] = lane();
    l.s1[i] = lane();
    l.s2[i] = lane();
    l.s3[i] = lane();
    const std::uint64_t q = base + (static_cast<std::uint64_t>(i) < extra);
    l.code[i] = q ? a.start_code : a.dead_code;
    l.quota[i] = q ? static_cast<std::uint32_t>(q - 1) : 0;
  }
  std::fill(hist4.begin(), hist4.end(), 0);
  const bool packed = packs_records();
  // Lanes run until every one is parked on the dead row; the check costs one pass over
  // the codes every 16 steps.
  while (true) {
    for (int r = 0; r < 8; ++r) {
      draw(l);
      record(l, fin, packed);
      step(l, a, false);
      record(l, fin, packed);
      step(l, a, true);
      if (fin.size > Finished::kCapacity - 2 * kLanes) flush(fin, hist4, out);
    }
    std::uint32_t live = 0;
    for (int i = 0; i < kLanes; ++i) live |= (l.code[i] != a.dead_code);
    if (!live) break;
  }
  flush(fin, hist4, out);
  const std::size_t classes = out.per_class.size();
  for (std::size_t k = 0; k < classes; ++k)
    out.per_class[k] += hist4[k] + hist4[classes + k] + hist4[2 * classes + k] + hist4[3 * classes + k];
}

Tally to_tally(const AliasChain& a, const ChunkCounts& c) {
  Tally t;
  for (std::size_t k = 0; k < c.per_class.size(); ++k)
    t.add_many(a.class_value[k], c.per_class[k], a.class_eliminated[k] ? c.per_class[k] : 0);
  return t;
}

int thread_count(int threads) { return threads > 0 ? threads : omp_get_max_threads(); }

}  // namespace

std::string kernel_level() {
#if defined(__AVX512F__)
  return "AVX-512";
#elif defined(__AVX2__)
  return "AVX2";
#elif defined(VERFLIXT_KERNEL_CLONED)
  if (__builtin_cpu_supports("x86-64-v4")) return "AVX-512 (x86-64-v4, chosen at start-up)";
  if (__builtin_cpu_supports("x86-64-v3")) return "AVX2 (x86-64-v3, chosen at start-up)";
  return "baseline x86-64 (no gathers on this processor)";
#else
  return "the build's own";
#endif
}

AliasChain compile_alias(const Chain& chain, const AliasOptions& options) {
  check_chain(chain);
  AliasChain a;
  const std::size_t n = chain.size();
  a.state_code.assign(n, 0);
  a.row_steps.assign(n, 0);

  // Terminal states merge into classes of equal (value, eliminated): the kernel only needs
  // to know what to tally.
  std::map<std::pair<std::int32_t, std::uint8_t>, std::uint32_t> class_of;
  for (std::size_t s = 0; s < n; ++s) {
    if (!chain.terminal[s]) continue;
    const auto key = std::make_pair(chain.value[s], static_cast<std::uint8_t>(chain.eliminated[s] != 0));
    auto [it, fresh] = class_of.try_emplace(key, static_cast<std::uint32_t>(class_of.size()));
    if (fresh) {
      a.class_value.push_back(key.first);
      a.class_eliminated.push_back(key.second);
    }
    a.state_code[s] = AliasChain::kTerminal | it->second;
  }
  if (class_of.size() > 0xffff) throw std::invalid_argument("chain: more than 65535 terminal classes");

  // Each live state's row: its one-step distribution, or — while that stays small — its
  // m-step distribution (terminals absorbing), for m up to options.max_steps. Sampling the
  // chain m steps at a time absorbs with exactly the same distribution and divides the
  // draws and lookups per turn by about m. Successors are keyed by what the kernel can tell
  // apart: a live state by its index, a terminal by its class code.
  using Row = std::map<std::uint32_t, double>;
  auto key_of = [&](std::uint32_t t) { return chain.terminal[t] ? a.state_code[t] : t; };
  std::vector<Row> one(n);
  for (std::size_t s = 0; s < n; ++s) {
    if (chain.terminal[s]) continue;
    for (std::uint32_t k = chain.first[s]; k < chain.first[s + 1]; ++k) one[s][key_of(chain.outcome_next[k])] += chain.outcome_prob[k];
    a.row_steps[s] = 1;
  }
  std::vector<Row> rows = one;
  // Composed rows may grow the tables by at most options.max_table_growth times (but always
  // to 2^16 buckets), so a big chain keeps its tables in cache; earlier states (the start
  // first, in the chain's order) get composed first.
  auto buckets_of = [](std::size_t outcomes) {
    return std::size_t{1} << std::max(1, static_cast<int>(std::bit_width(outcomes - 1)));
  };
  std::size_t table = 0;
  for (std::size_t s = 0; s < n; ++s)
    if (!chain.terminal[s]) table += buckets_of(one[s].size());
  // At most 2^20 buckets (12 MiB) however big the chain, which also bounds the compile time
  // spent composing (about 50 us per composed state).
  const std::size_t budget = std::clamp<std::size_t>(table * static_cast<std::size_t>(std::max(options.max_table_growth, 1)),
                                                     std::size_t{1} << 16, std::size_t{1} << 20);
  for (std::size_t s = 0; s < n; ++s) {
    // Composition never shrinks a row much, so a row already too wide, or a spent budget,
    // ends it early (and keeps compile time linear in big chains).
    if (chain.terminal[s] || table >= budget || one[s].size() > static_cast<std::size_t>(options.max_composed_outcomes))
      continue;
    for (int m = 2; m <= options.max_steps; ++m) {
      Row longer;
      for (const auto& [key, p] : rows[s]) {
        if (key & AliasChain::kTerminal) {
          longer[key] += p;
        } else {
          for (const auto& [u, q] : one[key]) longer[u] += p * q;
        }
      }
      if (longer.size() > static_cast<std::size_t>(options.max_composed_outcomes)) break;
      const std::size_t grown = table - buckets_of(rows[s].size()) + buckets_of(longer.size());
      if (grown > budget) break;
      table = grown;
      rows[s] = std::move(longer);
      a.row_steps[s] = static_cast<std::uint8_t>(m);
    }
  }

  // Rows: live states in order, then the dead row. Row offsets are in buckets.
  std::uint64_t offset = 0;
  auto row_code = [&](int log2k) {
    if (offset >= (std::uint64_t{1} << (31 - AliasChain::kShiftBits)))
      throw std::invalid_argument("chain too large for the kernel's 26-bit row offsets");
    const auto code = static_cast<std::uint32_t>((offset << AliasChain::kShiftBits) | static_cast<std::uint64_t>(log2k));
    offset += std::uint64_t{1} << log2k;
    return code;
  };
  std::vector<int> log2k(n, 0);
  for (std::size_t s = 0; s < n; ++s) {
    if (chain.terminal[s]) continue;
    const auto outcomes = static_cast<std::uint32_t>(rows[s].size());
    // At least two buckets: the step shifts the draw right by 32 - log2k, and a shift by 32
    // would be undefined.
    log2k[s] = std::max(1, static_cast<int>(std::bit_width(outcomes - 1)));
    a.max_log2_buckets = std::max(a.max_log2_buckets, log2k[s]);
    a.state_code[s] = row_code(log2k[s]);
  }
  a.dead_code = row_code(1);
  a.threshold.assign(offset, 0);
  a.next.assign(2 * offset, 0);

  // Vose's alias method over integer counts: every bucket holds 2^(32-k) draws; a bucket
  // takes its own outcome for the first `own` of them (threshold own * 2^k on the shifted
  // low bits) and the alias for the rest. Integer arithmetic makes it exact.
  for (std::size_t s = 0; s < n; ++s) {
    if (chain.terminal[s]) continue;
    const std::size_t buckets = std::size_t{1} << log2k[s];
    const std::uint64_t capacity = kTwo32 >> log2k[s];
    std::vector<double> prob;
    std::vector<std::uint32_t> target(buckets, 0);
    for (const auto& [key, p] : rows[s]) {
      target[prob.size()] = key & AliasChain::kTerminal ? key : a.state_code[key];
      prob.push_back(p);
    }
    std::vector<std::uint64_t> count = quantize(prob.data(), prob.size());
    count.resize(buckets, 0);
    const std::size_t row = a.state_code[s] >> AliasChain::kShiftBits;
    auto set = [&](std::size_t b, std::uint64_t own, std::uint32_t own_code, std::uint32_t alias_code) {
      const std::size_t e = row + b;
      if (own >= capacity) {
        a.threshold[e] = 0xffff'ffffu;
        a.next[2 * e] = a.next[2 * e + 1] = own_code;
      } else {
        a.threshold[e] = static_cast<std::uint32_t>(own << log2k[s]);
        a.next[2 * e] = own_code;
        a.next[2 * e + 1] = alias_code;
      }
    };
    core::alias_columns(
        count, capacity, [&](std::size_t sm, std::size_t lg) { set(sm, count[sm], target[sm], target[lg]); },
        [&](std::size_t b) {
          // Full to the brim, exactly: the counts sum to buckets * capacity.
          if (count[b] != capacity) throw std::logic_error("alias construction lost a count");
          set(b, capacity, target[b], target[b]);
        });
  }
  const std::size_t dead = a.dead_code >> AliasChain::kShiftBits;
  for (std::size_t e = dead; e < dead + 2; ++e) {
    a.threshold[e] = 0xffff'ffffu;
    a.next[2 * e] = a.next[2 * e + 1] = a.dead_code;
  }
  a.start_code = a.state_code[chain.start];
  return a;
}

std::vector<std::map<std::uint32_t, std::uint64_t>> realized_counts(const AliasChain& a) {
  std::vector<std::map<std::uint32_t, std::uint64_t>> out(a.state_code.size());
  for (std::size_t s = 0; s < a.state_code.size(); ++s) {
    const std::uint32_t code = a.state_code[s];
    if (code & AliasChain::kTerminal) continue;
    const int k = static_cast<int>(code & 31u);
    const std::size_t row = code >> AliasChain::kShiftBits;
    const std::uint64_t capacity = kTwo32 >> k;
    for (std::size_t b = 0; b < (std::size_t{1} << k); ++b) {
      const std::size_t e = row + b;
      // The bucket's draws j = 0 .. capacity-1 take the own outcome when (j << k) is below
      // the threshold: that is ceil(threshold / 2^k) of them.
      const std::uint64_t own =
          std::min<std::uint64_t>(capacity, (std::uint64_t{a.threshold[e]} + (std::uint64_t{1} << k) - 1) >> k);
      if (own) out[s][a.next[2 * e]] += own;
      if (capacity - own) out[s][a.next[2 * e + 1]] += capacity - own;
    }
  }
  return out;
}

Tally sample_chain(const Chain& chain, std::uint64_t turns, std::uint64_t seed, int threads,
                   const RunControl& control) {
  KernelOptions options;
  options.threads = threads;
  return sample_chain(compile_alias(chain), turns, seed, options, control);
}

Tally sample_chain(const AliasChain& a, std::uint64_t turns, std::uint64_t seed,
                   const KernelOptions& options, const RunControl& control) {
  // A lane's quota is 32-bit; 2^30 turns per chunk keeps it far from overflowing.
  const std::uint64_t chunk = std::clamp<std::uint64_t>(options.chunk_turns, 1, std::uint64_t{1} << 30);
  const std::uint64_t chunks = (turns + chunk - 1) / chunk;
  const std::size_t classes = a.class_value.size();
  // A chain whose start is terminal has turns of no step at all.
  if (a.start_code & AliasChain::kTerminal) {
    ChunkCounts c{std::vector<std::uint64_t>(classes, 0), 0};
    c.per_class[a.start_code & 0xffffu] = turns;
    return to_tally(a, c);
  }
  const int nthreads = thread_count(options.threads);
  std::vector<ChunkCounts> per_thread(static_cast<std::size_t>(nthreads),
                                      ChunkCounts{std::vector<std::uint64_t>(classes, 0), 0});
  // Under MPI this rank plays chunks rank, rank + R, ... and the integer counts are summed
  // over the ranks at the end (core/cluster.h): the same bits for any R.
  const std::uint64_t my_chunks = cluster::my_chunk_count(chunks);
  cluster::Agreement agreement;
  std::atomic<std::uint64_t> next_chunk{0};
#pragma omp parallel num_threads(nthreads)
  {
    const bool polling = omp_get_thread_num() == 0;
    auto lanes = std::make_unique<Lanes>();
    auto fin = std::make_unique<Finished>();
    std::vector<std::uint64_t> hist4(4 * classes);
    ChunkCounts& mine = per_thread[static_cast<std::size_t>(omp_get_thread_num())];
    // One chunk at a time from a shared counter: chunks are equal in work but threads are not
    // equal in speed (a shared core, a busy machine); results do not depend on who ran what.
    // A stop leaves the loop at once (a loop over every remaining chunk, skipping each, took
    // minutes for a run of 2^50 turns).
    for (;;) {
      if (control.stopped() || agreement.stop_agreed()) break;
      const std::uint64_t i = next_chunk.fetch_add(1, std::memory_order_relaxed);
      if (i >= my_chunks) break;
      const std::uint64_t k = cluster::my_chunk(i);
      const std::uint64_t n = std::min(chunk, turns - k * chunk);
      play_chunk(a, n, seed, k, *lanes, *fin, hist4, mine);
      agreement.finished();
      if (polling) {
        agreement.poll(control.stopped());
        if (control.progress) control.report(std::min(agreement.finished_everywhere() * chunk, turns), turns);
      }
    }
    if (polling) agreement.settle(control.stopped());
  }
  // Integer counts: summing per-thread counts gives the same bits whatever the split.
  ChunkCounts all{std::vector<std::uint64_t>(classes, 0), 0};
  for (const auto& c : per_thread) {
    for (std::size_t k = 0; k < classes; ++k) all.per_class[k] += c.per_class[k];
    all.turns += c.turns;
  }
  all.per_class.push_back(all.turns);
  cluster::sum_everywhere(all.per_class);
  all.turns = all.per_class.back();
  all.per_class.pop_back();
  return to_tally(a, all);
}

// ---- Naive yardsticks ----

std::mt19937_64 naive_engine(std::uint64_t seed, std::uint64_t chunk) {
  Rng r = chunk_rng(seed, chunk);
  return std::mt19937_64(r());
}

Tally naive_sample_chain(const Chain& chain, std::uint64_t turns, std::uint64_t seed, int threads) {
  check_chain(chain);
  std::vector<std::discrete_distribution<std::uint32_t>> dist(chain.size());
  for (std::size_t s = 0; s < chain.size(); ++s)
    if (!chain.terminal[s])
      dist[s] = std::discrete_distribution<std::uint32_t>(chain.outcome_prob.begin() + chain.first[s],
                                                          chain.outcome_prob.begin() + chain.first[s + 1]);
  return naive_chunks(turns, threads, [&](std::uint64_t k, std::uint64_t n, Tally& out) {
    std::mt19937_64 g = naive_engine(seed, k);
    auto local = dist;  // distributions carry state; each chunk gets its own copies
    for (std::uint64_t t = 0; t < n; ++t) {
      std::uint32_t s = chain.start;
      while (!chain.terminal[s]) s = chain.outcome_next[chain.first[s] + local[s](g)];
      out.add(chain.value[s], chain.eliminated[s] != 0);
    }
  });
}

}  // namespace verflixt::core
