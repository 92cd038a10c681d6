#include "verflixt/games/pig/monte_carlo.h"

#include <chrono>

#include "verflixt/core/chunks.h"
#include "verflixt/core/chance.h"
#include "verflixt/games/pig/engine.h"
#include "verflixt/core/rng.h"

namespace verflixt::pig {

MatchRun play_games(const PigRules& rules, std::span<const PigPolicy* const> seats, std::uint64_t games,
                    std::uint64_t seed, int threads, const RunControl& control) {
  validate(rules);
  const auto t0 = std::chrono::steady_clock::now();
  MatchRun run;
  run.requested = games;
  run.tally.wins.assign(rules.players, 0);
  const auto parts = run_chunks<MatchTally>(
      games, kGamesPerChunk, threads, control, run.interrupted,
      [&](std::uint64_t chunk, std::uint64_t count, MatchTally& part) {
        Rng rng = chunk_rng(seed, chunk);
        auto dice = [&] { return core::roll_face(rng, rules.faces); };
        part.wins.assign(rules.players, 0);
        for (std::uint64_t g = 0; g < count; ++g) {
          const GameRecord rec = play_game(rules, seats, dice);
          ++part.games;
          ++part.wins[rec.final_state.winner];
          part.turns += static_cast<std::uint64_t>(rec.turns);
          part.throws += static_cast<std::uint64_t>(rec.throws);
        }
      });
  for (const auto& p : parts) {
    run.tally.games += p.games;
    run.tally.turns += p.turns;
    run.tally.throws += p.throws;
    for (int s = 0; s < rules.players; ++s) run.tally.wins[s] += p.wins[s];
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return run;
}

}  // namespace verflixt::pig
