#pragma once
// The yardsticks the sampling kernel (core/kernel.h) is measured against for Die verflixte 6:
// what a user writes first, with std::mt19937_64 and std::uniform_int_distribution, chunked
// and threaded like the kernel so the comparison per core is fair. They are deliberately
// plain loops, not the project's rule code: that is what they measure against.
#include <cstdint>

#include "verflixt/core/stats.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6 {

// An ordinary branching loop over one turn of the no-joker game stopping at `threshold` eyes
// (docs/rules/verflixte6.md T1, T3, T4, T5 in solo mode §5, with the j-th robbing 1 adding 1 + min(j, rob_cap))
// under `rules`: its bust face, free throw and robbing 1s, so Pig's ruleset is played as Pig.
core::Tally naive_threshold(const Rules& rules, int threshold, std::uint64_t turns, std::uint64_t seed, int threads);

// What a user writes first for jokers: the reference engine's play_solo_turn (engine.h),
// throw by throw with the policy's virtual calls, with dice from std::mt19937_64 and
// std::uniform_int_distribution<int>(1, 6).
core::Tally naive_engine_turns(const Rules& rules, JokerSet loadout, const Policy& policy,
                         std::uint64_t turns, std::uint64_t seed, int threads);

}  // namespace verflixt::verflixte6
