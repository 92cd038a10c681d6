#include "verflixt/games/verflixte6/analyses/evaluate.h"

#include <memory>

#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/kernels/pass_kernel.h"
#include "verflixt/games/verflixte6/analyses/objective.h"

namespace verflixt::verflixte6 {

void PassTally::merge(const PassTally& part) {
  for (size_t pos = 0; pos < by_position.size(); ++pos) {
    by_position[pos].merge(part.by_position[pos]);
    all.merge(part.by_position[pos]);
  }
}

SoloRun evaluate_solo(const Rules& rules, JokerSet jokers, const Policy& policy, std::uint64_t turns,
                      std::uint64_t seed, int threads, const core::RunControl& control) {
  return core::sample_chunks(turns, kReferenceChunk, seed, threads, control, core::Tally{}, [&](core::SampleChunk& chunk, core::Tally& tally) {
    core::RandomDice dice(chunk.rng);
    for (std::uint64_t k = 0; k < chunk.count; ++k) {
      const TurnState t = play_solo_turn(rules, jokers, policy, dice);
      tally.add(t.eyes, t.eliminated);
    }
  });
}

PassRun evaluate_passes(const Rules& rules, JokerSet jokers, const Policy& policy, int players,
                        std::uint64_t passes, std::uint64_t seed, int threads, const core::RunControl& control,
                        bool kernel) {
  const auto n = static_cast<size_t>(players);
  PassTally zero;
  zero.by_position.assign(n, core::Tally{});
  // A kernel per thread, kept across its chunks: its tables are compiled once per thread,
  // not once per chunk (caches change speed, never results: pass_kernel.h).
  return core::sample_chunks(
      passes, kReferenceChunk, seed, threads, control, zero,
      [&] { return thread_kernel(kernel ? PassEngine::Kernel : PassEngine::Reference, rules); },
      [&](core::SampleChunk& chunk, PassTally& part, std::unique_ptr<PassKernel>& pk) {
        std::vector<core::Tally>& tallies = part.by_position;
        core::RandomDice dice(chunk.rng);
        std::vector<PassSeat> seats(n, PassSeat{&policy, jokers, 0, 0});
        if (pk) {
          // The chunk's passes in lanes (pass_kernel.h), counted as they finish by position,
          // eyes (never negative after T7) and status in a flat array, and handed to the
          // tallies once per chunk: the same integers as a Tally::add per result, without
          // a map update per result.
          std::vector<std::uint64_t> counts;  // [(eyes * n + pos) * 2 + zombie]: PassKernel::count_index
          pk->count_passes(seats, chunk.first, chunk.count, dice.rng(), counts);
          for (size_t at = 0; at < counts.size(); at += 2)
            tallies[(at / 2) % n].add_many(static_cast<int>(at / 2 / n), counts[at] + counts[at + 1], counts[at + 1]);
          return;
        }
        PassResult r;
        for (std::uint64_t k = 0; k < chunk.count; ++k) {
          const std::uint64_t pass = chunk.first + k;
          const int first = static_cast<int>(pass % n);
          r = play_pass(rules, seats, first, dice);
          for (size_t pos = 0; pos < n; ++pos) {
            const auto who = static_cast<size_t>(r.order[pos]);
            tallies[pos].add(r.eyes[who], r.status[who] == Status::Zombie);
          }
        }
      });
}

}  // namespace verflixt::verflixte6
