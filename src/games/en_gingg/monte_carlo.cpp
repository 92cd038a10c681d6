#include "verflixt/games/en_gingg/monte_carlo.h"

#include <cmath>

#include "verflixt/core/chance.h"
#include "verflixt/games/en_gingg/engine.h"
#include "verflixt/core/rng.h"

namespace verflixt::en_gingg {

core::Estimate GameTally::p_lose(int seat) const {
  return core::proportion(losses[static_cast<size_t>(seat)], games);
}

void TurnTally::merge(const TurnTally& p) {
  turns += p.turns, phase2 += p.phase2, throws += p.throws;
  own += p.own, own_sq += p.own_sq, next += p.next, next_sq += p.next_sq, both += p.both, both_sq += p.both_sq;
}

void GameTally::merge(const GameTally& p) {
  games += p.games, turns += p.turns, turns_sq += p.turns_sq, throws += p.throws;
  for (size_t s = 0; s < losses.size(); ++s) losses[s] += p.losses[s];
}

TurnRun sample_turns(const EnGinggRules& rules, const SetAsidePolicy& policy, std::uint64_t turns, std::uint64_t seed,
                     int threads, const core::RunControl& control) {
  validate(rules);
  const Table table = initial_table(rules);
  return core::sample_chunks(turns, kTurnsPerChunk, seed, threads, control, TurnTally{},
                       [&](core::SampleChunk& chunk, TurnTally& part) {
                         auto dice = [&] { return core::roll_face(chunk.rng, rules.faces); };
                         for (std::uint64_t k = 0; k < chunk.count; ++k) {
                           int throws = 0;
                           const Phase1Outcome o = phase1_outcome(play_phase1(rules, policy, table, dice, throws), rules);
                           const int loss = o.digit > 0 ? o.digit * play_phase2(rules, o.digit, dice, throws) : 0;
                           ++part.turns;
                           part.phase2 += o.digit > 0;
                           part.throws += static_cast<std::uint64_t>(throws);
                           part.own += o.own_change, part.own_sq += o.own_change * o.own_change;
                           part.next += loss, part.next_sq += loss * loss;
                           part.both += o.own_change + loss, part.both_sq += (o.own_change + loss) * (o.own_change + loss);
                         }
                       });
}

GameRun play_games(const EnGinggRules& rules, std::span<const SetAsidePolicy* const> seats, std::uint64_t games,
                   std::uint64_t seed, int threads, const core::RunControl& control) {
  validate(rules);
  GameTally zero;
  zero.losses.assign(static_cast<size_t>(rules.players), 0);
  return core::sample_chunks(games, kGamesPerChunk, seed, threads, control, zero, [&](core::SampleChunk& chunk, GameTally& part) {
    auto dice = [&] { return core::roll_face(chunk.rng, rules.faces); };
    for (std::uint64_t g = 0; g < chunk.count; ++g) {
      const GameRecord rec = play_game(rules, seats, dice);
      const auto turns = static_cast<std::uint64_t>(rec.turns);
      ++part.games;
      ++part.losses[static_cast<size_t>(rec.final_table.loser)];
      part.turns += turns, part.turns_sq += turns * turns;
      part.throws += static_cast<std::uint64_t>(rec.throws);
    }
  });
}

}  // namespace verflixt::en_gingg
