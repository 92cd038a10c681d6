#pragma once
// The pass kernel's vectors (pass_kernel.cpp, lane_block.cpp): 32-bit integers in GCC's (and
// Clang's) vector extensions, so that one implementation compiles to whatever the build
// targets (SSE2 at least, AVX2, AVX-512, or another processor's vectors) and, integer
// arithmetic only, gives the same bits on all. A comparison gives -1 (true) or 0 per
// element; & and | combine them without a branch.
//
// The victim key below is the one place the compiled victim rule (pass_kernel.h VictimRule)
// is written: compiled_victim applies it to four seats of one table at once, the lane block
// to one seat of sixteen tables at once.
#include <cstdint>
#include <cstring>
#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::verflixte6::lanes {

using V4i = std::int32_t __attribute__((vector_size(16)));
using V16i = std::int32_t __attribute__((vector_size(64)));
#if defined(__clang__)
#define VERFLIXT_SHUFFLE4(a, b, ...) __builtin_shufflevector(a, b, __VA_ARGS__)
#else
#define VERFLIXT_SHUFFLE4(a, b, ...) __builtin_shuffle(a, b, V4i{__VA_ARGS__})
#endif

// Eight lanes of the same: the draw's doubles take two halves of a V16i.
using V8i = std::int32_t __attribute__((vector_size(32)));
using V8d = double __attribute__((vector_size(64)));
using V8l = std::int64_t __attribute__((vector_size(64)));

// mask ? a : b, element by element, for a mask of -1 / 0.
template <class V>
V select(V mask, V a, V b) {
  return (a & mask) | (b & ~mask);
}

// The larger and the smaller of a and b, element by element: one instruction where the
// build has it (a compare and a select chained through a loop cost three).
template <class V>
V max(V a, V b) {
  return a > b ? a : b;
}
template <class V>
V min(V a, V b) {
  return a < b ? a : b;
}

// Half h (elements 8h .. 8h + 7) of sixteen words, and two halves joined again: where eight
// lanes are done at a time (doubles, 8-byte words, AVX2's gathers).
inline V8i half(V16i v, int h) {
  return h == 0 ? __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7)
                : __builtin_shufflevector(v, v, 8, 9, 10, 11, 12, 13, 14, 15);
}
inline V16i join(V8i lo, V8i hi) {
  return __builtin_shufflevector(lo, hi, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

// Sixteen words words[index[i]]: one gather instruction where the build has one (AVX-512,
// AVX2), else element by element — the same loads either way. Indices are below 2^31 (the
// lane block keeps its tables below 2^27 rows and buckets, or stops with an error).
inline V16i gather(const std::int32_t* words, V16i index) {
#if defined(__AVX512F__)
  // The masked forms with a zero source: GCC 12 warns that the plain ones' source is undefined.
  return reinterpret_cast<V16i>(
      _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), 0xffff, reinterpret_cast<__m512i>(index), words, 4));
#elif defined(__AVX2__)
  const __m256i zero = _mm256_setzero_si256(), all = _mm256_set1_epi32(-1);
  const auto a =
      reinterpret_cast<V8i>(_mm256_mask_i32gather_epi32(zero, words, reinterpret_cast<__m256i>(half(index, 0)), all, 4));
  const auto b =
      reinterpret_cast<V8i>(_mm256_mask_i32gather_epi32(zero, words, reinterpret_cast<__m256i>(half(index, 1)), all, 4));
  return join(a, b);
#else
  V16i r;
  for (int i = 0; i < 16; ++i) r[i] = words[index[i]];
  return r;
#endif
}

// The same where `mask` is set (elsewhere 0): a masked gather loads only those words. Where
// few lanes need a word of a table larger than the caches (a steal's record), the others'
// cache misses are not waited for.
inline V16i gather(const std::int32_t* words, V16i index, V16i mask) {
#if defined(__AVX512F__)
  const __mmask16 m = _mm512_cmplt_epi32_mask(reinterpret_cast<__m512i>(mask), _mm512_setzero_si512());
  return reinterpret_cast<V16i>(
      _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), m, reinterpret_cast<__m512i>(index), words, 4));
#else
  return gather(words, index & mask) & mask;  // the others read index 0, a word that exists
#endif
}

// The two words words[index[i]] and words[index[i] + 1] where `mask` is set (elsewhere 0),
// as eight-byte loads where the build has them (AVX-512): two gathers of eight elements
// instead of two of sixteen, whose cost grows with the elements they load.
inline void gather_pair(const std::int32_t* words, V16i index, V16i mask, V16i& first, V16i& second) {
#if defined(__AVX512F__)
  const __mmask16 m = _mm512_cmplt_epi32_mask(reinterpret_cast<__m512i>(mask), _mm512_setzero_si512());
  const __m512i lo = _mm512_mask_i32gather_epi64(_mm512_setzero_si512(), static_cast<__mmask8>(m),
                                                 reinterpret_cast<__m256i>(half(index, 0)), words, 4);
  const __m512i hi = _mm512_mask_i32gather_epi64(_mm512_setzero_si512(), static_cast<__mmask8>(m >> 8),
                                                 reinterpret_cast<__m256i>(half(index, 1)), words, 4);
  // Each 64-bit element is the pair, first word low: the even words are `first`, the odd `second`.
  const __m512i even = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
  first = reinterpret_cast<V16i>(_mm512_permutex2var_epi32(lo, even, hi));
  second = reinterpret_cast<V16i>(_mm512_permutex2var_epi32(lo, _mm512_add_epi32(even, _mm512_set1_epi32(1)), hi));
#else
  first = gather(words, index, mask);
  second = gather(words, index + 1, mask);
#endif
}

// Sixteen words table[index[i]] of a table of sixteen words (index 0..15): one permute where
// the build has it (AVX-512), which costs a fraction of a gather from memory.
inline V16i permute(V16i table, V16i index) {
#if defined(__AVX512F__)
  // The zero-masked form: GCC 12 warns that the plain one's source is undefined.
  return reinterpret_cast<V16i>(
      _mm512_maskz_permutexvar_epi32(0xffff, reinterpret_cast<__m512i>(index), reinterpret_cast<__m512i>(table)));
#else
  V16i r;
  for (int i = 0; i < 16; ++i) r[i] = table[index[i] & 15];
  return r;
#endif
}

// Eight 16-byte records: the first and second 8-byte halves of record index[i] of `base`.
// Where the build has AVX-512, one 16-byte load a lane, put in place by inserts and two
// permutes: a gather loads at most 8 bytes a lane and costs by the element, so two gathers
// would load the same bytes in twice the elements. Elsewhere lane by lane (memcpy: a half
// may be two 32-bit fields of the record).
inline void gather_records(const void* base, V8i index, V8l& first, V8l& second) {
  alignas(32) std::int32_t at[8];
  std::memcpy(at, &index, sizeof at);
  const auto* bytes = static_cast<const char*>(base);
#if defined(__AVX512F__)
  const auto record = [&](int i) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes + 16 * static_cast<std::ptrdiff_t>(at[i])));
  };
  __m512i lo = _mm512_zextsi128_si512(record(0)), hi = _mm512_zextsi128_si512(record(4));  // lanes 0-3, 4-7
  lo = _mm512_inserti32x4(lo, record(1), 1);
  hi = _mm512_inserti32x4(hi, record(5), 1);
  lo = _mm512_inserti32x4(lo, record(2), 2);
  hi = _mm512_inserti32x4(hi, record(6), 2);
  lo = _mm512_inserti32x4(lo, record(3), 3);
  hi = _mm512_inserti32x4(hi, record(7), 3);
  first = reinterpret_cast<V8l>(_mm512_permutex2var_epi64(lo, _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0), hi));
  second = reinterpret_cast<V8l>(_mm512_permutex2var_epi64(lo, _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1), hi));
#else
  for (int i = 0; i < 8; ++i) {
    std::int64_t half[2];
    std::memcpy(half, bytes + 16 * static_cast<std::ptrdiff_t>(at[i]), sizeof half);
    first[i] = half[0];
    second[i] = half[1];
  }
#endif
}

// Whether any element of a mask is set.
inline bool any(V16i mask) {
#if defined(__AVX512F__)
  return _mm512_test_epi32_mask(reinterpret_cast<__m512i>(mask), reinterpret_cast<__m512i>(mask)) != 0;
#else
  int r = 0;
  for (int i = 0; i < 16; ++i) r |= mask[i];
  return r != 0;
#endif
}

// Bit i set where element i of a mask is: the lanes a mask selects, to visit in order.
inline unsigned bits(V16i mask) {
#if defined(__AVX512F__)
  // The upper half is cleared after an empty asm, which the compiler cannot see through:
  // GCC 12 (seen in -fsanitize=address builds) spills the mask register with a 16-bit kmovw
  // and reloads the slot as 32 bits, the upper half whatever the stack held — before the
  // value reaches a general register too, so passing it through one
  // was not enough.
  unsigned m = _mm512_cmplt_epi32_mask(reinterpret_cast<__m512i>(mask), _mm512_setzero_si512());
  __asm__("" : "+r"(m));
  return m & 0xffffu;
#else
  unsigned r = 0;
  for (int i = 0; i < 16; ++i) r |= static_cast<unsigned>(mask[i] != 0) << i;
  return r;
#endif
}

// The mask whose element i is set where bit i of `m` is: lanes listed by bits, as a vector.
inline V16i mask_of(unsigned m) {
#if defined(__AVX512F__)
  return reinterpret_cast<V16i>(_mm512_maskz_mov_epi32(static_cast<__mmask16>(m), _mm512_set1_epi32(-1)));
#else
  return ((V16i{} + static_cast<std::int32_t>(m)) &
          V16i{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768}) != 0;
#endif
}

// A score is clamped to ±2^25 in the key: eyes or an evening's standing of 33 million would
// take millions of throws in one pass or evening, so the clamp never decides a choice.
inline constexpr int kScoreLimit = 1 << 25;

// What a victim's key depends on besides the seat.
struct KeyRule {
  int n;              // players at the table
  int skip_zombies;   // -1: RobTargets::NotZombie
  int keuler_on;      // -1: rules.keuler_bonus > 0
};

// The key of robbing seat `seat` (its eyes, status, total and keuler_paid) for a steal of
// `amount` by `self`, the best candidate's the highest: bit 30 the Keuler bonus (T6, the same
// test as keuler_due in table.h), bits 4..29 the score (eyes, or the standing of table.h)
// + 2^25, bits 0..3 kMaxPlayers - step (E11: the nearer seat after the thief wins a tie, step
// 1..11); 0 for a seat that may not be robbed: `may` false (the thief, E9's taken, a seat
// beyond the table) or a Zombie under RobTargets::NotZombie (T4). `leader` is true where the
// thief robs by VictimRule::kLeader (standing), else by eyes (kRichest). V is a vector of
// int32 or of int32 masks; the scalars broadcast.
template <class V>
V victim_key(V eyes, V status, V total, V paid, V seat, V self, V amount, V may, V leader, const KeyRule& r) {
  const V allowed = may & ~((status == static_cast<int>(Status::Zombie)) & r.skip_zombies);
  const V keuler = (status == static_cast<int>(Status::Prinzessin)) & (eyes > 0) & (eyes <= amount) & (paid == 0) &
                   r.keuler_on;
  V score = select(leader, total + pass_score(eyes), eyes);  // standing (table.h)
  score = min(max(score, V{} - kScoreLimit), V{} + (kScoreLimit - 1));
  const V step = seat - self + (r.n & (seat < self));  // E11: seats after the thief, wrapping
  const V key = (keuler & (1 << 30)) | ((score + kScoreLimit) << 4) | (kMaxPlayers - step);
  return key & allowed;
}

// The victim the best keys name: self + step (no division: it is slow), or kLapsed where the
// key is 0 (a select: whether a steal lapses is the dice's).
template <class V>
V victim_of_key(V best, V self, int n) {
  const V k = self + kMaxPlayers - (best & 0xf);
  return select(best == 0, V{} + kLapsed, select(k >= n, k - n, k));
}

}  // namespace verflixt::verflixte6::lanes
