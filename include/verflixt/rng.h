#pragma once
// Random numbers: xoshiro256** (Blackman & Vigna 2018) seeded through SplitMix64, with one
// independent stream per (seed, work-chunk index) so results never depend on which thread
// ran a chunk. The engine meets UniformRandomBitGenerator, so Boost.Random and <random>
// distributions accept it.
#include <cstdint>
#include <limits>

namespace verflixt {

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
    std::uint64_t t[4] = {0, 0, 0, 0};
    for (std::uint64_t word : kJump)
      for (int b = 0; b < 64; ++b) {
        if (word & (std::uint64_t{1} << b))
          for (int k = 0; k < 4; ++k) t[k] ^= s_[k];
        (*this)();
      }
    for (int k = 0; k < 4; ++k) s_[k] = t[k];
  }

  friend constexpr bool operator==(const Xoshiro256ss&, const Xoshiro256ss&) = default;

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

using Rng = Xoshiro256ss;

// The stream for one work chunk: the seed and the chunk index are mixed by SplitMix64 into
// a fresh state, so chunk k's numbers are the same whichever thread plays it.
constexpr Rng chunk_rng(std::uint64_t seed, std::uint64_t chunk) {
  std::uint64_t sm = seed ^ (0xd1b54a32d192ed03ULL * (chunk + 1));
  return Rng(splitmix64_next(sm) ^ chunk);
}

// One exactly uniform die face 1..6 by rejection: a 64-bit draw maps to 6 equal classes
// (Lemire's multiply-shift), and the 2^64 mod 6 = 4 values that would bias it are redrawn —
// a redraw happens with probability 2^-62, so this costs one draw per throw.
template <class Urbg>
constexpr int roll_die(Urbg& g) {
  constexpr std::uint64_t kThreshold = (0 - std::uint64_t{6}) % 6;  // 2^64 mod 6
  while (true) {
    const uint128 m = static_cast<uint128>(g()) * 6u;
    if (static_cast<std::uint64_t>(m) >= kThreshold) return static_cast<int>(m >> 64) + 1;
  }
}

}  // namespace verflixt
