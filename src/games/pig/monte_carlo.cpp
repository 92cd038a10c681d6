#include "verflixt/games/pig/monte_carlo.h"

#include "verflixt/core/chance.h"
#include "verflixt/games/pig/engine.h"
#include "verflixt/core/rng.h"

namespace verflixt::pig {

void MatchTally::merge(const MatchTally& other) {
  games += other.games;
  turns += other.turns;
  throws += other.throws;
  for (size_t s = 0; s < wins.size(); ++s) wins[s] += other.wins[s];
}

MatchRun play_games(const PigRules& rules, std::span<const PigPolicy* const> seats, std::uint64_t games,
                    std::uint64_t seed, int threads, const core::RunControl& control) {
  validate(rules);
  MatchTally zero;
  zero.wins.assign(rules.players, 0);
  return core::sample_chunks(games, kGamesPerChunk, seed, threads, control, zero, [&](core::SampleChunk& chunk, MatchTally& part) {
    auto dice = [&] { return core::roll_face(chunk.rng, rules.faces); };
    for (std::uint64_t g = 0; g < chunk.count; ++g) {
      const GameRecord rec = play_game(rules, seats, dice);
      ++part.games;
      ++part.wins[rec.final_state.winner];
      part.turns += static_cast<std::uint64_t>(rec.turns);
      part.throws += static_cast<std::uint64_t>(rec.throws);
    }
  });
}

}  // namespace verflixt::pig
