#include "verflixt/games/en_gingg/monte_carlo.h"

#include <chrono>
#include <cmath>

#include "verflixt/core/chunks.h"
#include "verflixt/core/chance.h"
#include "verflixt/games/en_gingg/engine.h"
#include "verflixt/core/rng.h"

namespace verflixt::en_gingg {

Estimate GameTally::p_lose(int seat) const {
  return proportion(losses[static_cast<size_t>(seat)], games);
}

namespace {
double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
}  // namespace

TurnRun sample_turns(const EnGinggRules& rules, const SetAsidePolicy& policy, std::uint64_t turns, std::uint64_t seed,
                     int threads, const RunControl& control) {
  validate(rules);
  const auto t0 = std::chrono::steady_clock::now();
  TurnRun run;
  run.requested = turns;
  const Table table = initial_table(rules);
  const auto parts = run_chunks<TurnTally>(
      turns, kTurnsPerChunk, threads, control, run.interrupted, [&](std::uint64_t chunk, std::uint64_t count, TurnTally& part) {
        Rng rng = chunk_rng(seed, chunk);
        auto dice = [&] { return core::roll_face(rng, rules.faces); };
        for (std::uint64_t k = 0; k < count; ++k) {
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
  for (const auto& p : parts) {
    TurnTally& t = run.tally;
    t.turns += p.turns, t.phase2 += p.phase2, t.throws += p.throws;
    t.own += p.own, t.own_sq += p.own_sq, t.next += p.next, t.next_sq += p.next_sq, t.both += p.both, t.both_sq += p.both_sq;
  }
  run.seconds = since(t0);
  return run;
}

GameRun play_games(const EnGinggRules& rules, std::span<const SetAsidePolicy* const> seats, std::uint64_t games,
                   std::uint64_t seed, int threads, const RunControl& control) {
  validate(rules);
  const auto t0 = std::chrono::steady_clock::now();
  GameRun run;
  run.requested = games;
  const auto parts = run_chunks<GameTally>(
      games, kGamesPerChunk, threads, control, run.interrupted, [&](std::uint64_t chunk, std::uint64_t count, GameTally& part) {
        Rng rng = chunk_rng(seed, chunk);
        auto dice = [&] { return core::roll_face(rng, rules.faces); };
        part.losses.assign(static_cast<size_t>(rules.players), 0);
        for (std::uint64_t g = 0; g < count; ++g) {
          const GameRecord rec = play_game(rules, seats, dice);
          const auto turns = static_cast<std::uint64_t>(rec.turns);
          ++part.games;
          ++part.losses[static_cast<size_t>(rec.final_table.loser)];
          part.turns += turns, part.turns_sq += turns * turns;
          part.throws += static_cast<std::uint64_t>(rec.throws);
        }
      });
  run.tally.losses.assign(static_cast<size_t>(rules.players), 0);
  for (const auto& p : parts) {
    GameTally& t = run.tally;
    t.games += p.games, t.turns += p.turns, t.turns_sq += p.turns_sq, t.throws += p.throws;
    for (int s = 0; s < rules.players; ++s) t.losses[static_cast<size_t>(s)] += p.losses[static_cast<size_t>(s)];
  }
  run.seconds = since(t0);
  return run;
}

}  // namespace verflixt::en_gingg
