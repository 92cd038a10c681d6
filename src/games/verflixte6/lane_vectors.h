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

#include "verflixt/games/verflixte6/table.h"

namespace verflixt::lanes {

using V4i = std::int32_t __attribute__((vector_size(16)));
using V16i = std::int32_t __attribute__((vector_size(64)));
#if defined(__clang__)
#define VERFLIXT_SHUFFLE4(a, b, ...) __builtin_shufflevector(a, b, __VA_ARGS__)
#else
#define VERFLIXT_SHUFFLE4(a, b, ...) __builtin_shuffle(a, b, V4i{__VA_ARGS__})
#endif

// mask ? a : b, element by element, for a mask of -1 / 0.
template <class V>
V select(V mask, V a, V b) {
  return (a & mask) | (b & ~mask);
}

// A score is clamped to ±2^25 in the key: eyes or an evening's standing of 33 million would
// take millions of throws in one pass or evening, so the clamp never decides a choice.
inline constexpr int kScoreLimit = 1 << 25;

// What a victim's key depends on besides the seat.
struct KeyRule {
  int n;              // players at the table
  int skip_zombies;   // -1: RobTargets::NotZombie
  int keuler_on;      // -1: rules.keuler_bonus > 0
  bool leader;        // VictimRule::kLeader: standing, not eyes
};

// The key of robbing seat `seat` (its eyes, status, total and keuler_paid) for a steal of
// `amount` by `self`, the best candidate's the highest: bit 30 the Keuler bonus (T6, the same
// test as keuler_due in table.h), bits 4..29 the score (eyes, or the standing of table.h)
// + 2^25, bits 0..3 kMaxPlayers - step (E11: the nearer seat after the thief wins a tie, step
// 1..11); 0 for a seat that may not be robbed: `may` false (the thief, E9's taken, a seat
// beyond the table) or a Zombie under RobTargets::NotZombie (T4). V is a vector of int32 or
// of int32 masks; the scalars broadcast.
template <class V>
V victim_key(V eyes, V status, V total, V paid, V seat, V self, V amount, V may, const KeyRule& r) {
  const V allowed = may & ~((status == static_cast<int>(Status::Zombie)) & r.skip_zombies);
  const V keuler = (status == static_cast<int>(Status::Prinzessin)) & (eyes > 0) & (eyes <= amount) & (paid == 0) &
                   r.keuler_on;
  V score = r.leader ? total + (eyes & (eyes > 0)) : eyes;  // standing: T7's pass_score
  score = select(score >= -kScoreLimit, score, V{} - kScoreLimit);
  score = select(score < kScoreLimit, score, V{} + (kScoreLimit - 1));
  const V step = seat - self + (r.n & (seat < self));  // E11: seats after the thief, wrapping
  const V key = (keuler & (1 << 30)) | ((score + kScoreLimit) << 4) | (kMaxPlayers - step);
  return key & allowed;
}

// The victim a best key names: self + step (no division: it is slow), or kLapsed for 0.
inline int victim_of_key(int key, int self, int n) {
  int k = self + kMaxPlayers - (key & 0xf);
  k = k >= n ? k - n : k;
  return key == 0 ? kLapsed : k;  // a select: whether a steal lapses is the dice's
}

}  // namespace verflixt::lanes
