#pragma once
// Random numbers: xoshiro256** (Blackman & Vigna 2018) seeded through SplitMix64, with one
// independent stream per (seed, work-chunk index) so results never depend on which thread
// ran a chunk. The engine meets UniformRandomBitGenerator, so Boost.Random and <random>
// distributions accept it.
#include <cstdint>
#include <limits>

namespace verflixt::core {

__extension__ typedef unsigned __int128 uint128;  // GCC/Clang; -Wpedantic-clean

// SplitMix64 (Steele, Lea & Flood 2014): used only to expand seeds into xoshiro state.
constexpr std::uint64_t splitmix64_next(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

class Xoshiro256ss {
 public:
  using result_type = std::uint64_t;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }

  // State from four raw words (known-answer tests use this); must not be all zero.
  constexpr Xoshiro256ss(std::uint64_t s0, std::uint64_t s1, std::uint64_t s2, std::uint64_t s3)
      : s_{s0, s1, s2, s3} {}
  // State expanded from one seed word by SplitMix64, as the authors recommend.
  explicit constexpr Xoshiro256ss(std::uint64_t seed = 0) : s_{} {
    std::uint64_t sm = seed;
    for (auto& w : s_) w = splitmix64_next(sm);
  }

  constexpr result_type operator()() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Advances by 2^128 calls: the authors' jump polynomial.
  constexpr void jump() {
    constexpr std::uint64_t kJump[] = {0x180ec6d33cfd0abaULL, 0xd5a61266f0c9392cULL,
                                       0xa9582618e03fc9aaULL, 0x39abdc4529b1661cULL};
    apply_jump(kJump);
  }
  // Advances by 2^192 calls: the authors' long-jump polynomial.
  constexpr void long_jump() {
    constexpr std::uint64_t kLongJump[] = {0x76e15d3efefdcbbfULL, 0xc5004e441c522fb3ULL,
                                           0x77710069854ee241ULL, 0x39109bb02acbe635ULL};
    apply_jump(kLongJump);
  }

  friend constexpr bool operator==(const Xoshiro256ss&, const Xoshiro256ss&) = default;

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  // The state after 2^n calls is a GF(2)-linear function of the current one: the XOR of the
  // states reached after the calls whose bits are set in the jump polynomial.
  constexpr void apply_jump(const std::uint64_t (&poly)[4]) {
    std::uint64_t t[4] = {0, 0, 0, 0};
    for (std::uint64_t word : poly)
      for (int b = 0; b < 64; ++b) {
        if (word & (std::uint64_t{1} << b))
          for (int k = 0; k < 4; ++k) t[k] ^= s_[k];
        (*this)();
      }
    for (int k = 0; k < 4; ++k) s_[k] = t[k];
  }
  std::uint64_t s_[4];
};

using Rng = Xoshiro256ss;

// The stream for one work chunk: the seed and the chunk index are mixed by SplitMix64 into
// a fresh state, so chunk k's numbers are the same whichever thread plays it.
constexpr Rng chunk_rng(std::uint64_t seed, std::uint64_t chunk) {
  std::uint64_t sm = seed ^ (0xd1b54a32d192ed03ULL * (chunk + 1));
  return Rng(splitmix64_next(sm) ^ chunk);
}

// One exactly uniform die face 1..6 by rejection (Lemire's multiply-shift): a 64-bit draw x
// gives the face floor(6x / 2^64) + 1 and is accepted when the low word of 6x is at least
// 2^64 mod 6 = 4. Why that is exact: for face h + 1 the low words 6x mod 2^64 run once through
// the numbers in [0, 2^64) congruent to -4h mod 6, i.e. the class 0, 2 or 4. As 2^64 = 6q + 4,
// classes 0 and 2 hold q + 1 numbers and class 4 holds q; rejecting low words below 4 removes
// exactly the surplus one (0 or 2). So every face keeps q = (2^64 - 4) / 6 draws, and the die
// is exactly uniform given a uniform 64-bit generator. A redraw happens with probability
// 4 / 2^64 = 2^-62, so a throw costs one draw.
template <class Urbg>
constexpr int roll_die(Urbg& g) {
  constexpr std::uint64_t kThreshold = (0 - std::uint64_t{6}) % 6;  // 2^64 mod 6
  while (true) {
    const uint128 m = static_cast<uint128>(g()) * 6u;
    if (static_cast<std::uint64_t>(m) >= kThreshold) return static_cast<int>(m >> 64) + 1;
  }
}

}  // namespace verflixt::core
