#include "verflixt/games/schocken/monte_carlo.h"

#include "verflixt/games/schocken/engine.h"
#include "verflixt/core/rng.h"
#include "verflixt/core/stats.h"

namespace verflixt::schocken {

void RoundTally::merge(const RoundTally& p) {
  rounds += p.rounds;
  for (size_t s = 0; s < worst.size(); ++s) worst[s] += p.worst[s];
}

void GameTally::merge(const GameTally& p) {
  games += p.games, finals += p.finals, rounds += p.rounds, throws += p.throws;
  for (size_t s = 0; s < pays.size(); ++s) {
    first_half[s] += p.first_half[s];
    second_half[s] += p.second_half[s];
    pays[s] += p.pays[s];
    both_halves[s] += p.both_halves[s];
  }
}

BeatRun sample_beat(const SchockenRules& rules, int limit, const BeatTarget& target, const SchockenPolicy& policy,
                    std::uint64_t turns, std::uint64_t seed, int threads, const core::RunControl& control) {
  const int target_key = hand_key(target.hand, target.throws, rules);
  return core::sample_chunks(turns, kTurnsPerChunk, seed, threads, control, BeatTally{},
                       [&](core::SampleChunk& chunk, BeatTally& part) {
                         auto dice = [&] { return core::roll_die(chunk.rng); };
                         TurnView view;
                         view.limit = limit;
                         view.position = 1;  // a follower at a table of rules.players
                         view.players = rules.players;
                         for (std::uint64_t t = 0; t < chunk.count; ++t) {
                           const TurnResult r = play_turn(rules, policy, view, dice);
                           ++part.turns;
                           part.beats += hand_key(r.dice, r.throws, rules) > target_key;
                         }
                       });
}

RoundRun sample_rounds(const SchockenRules& rules, std::span<const SchockenPolicy* const> seats, std::uint64_t rounds,
                       std::uint64_t seed, int threads, const core::RunControl& control) {
  const size_t n = seats.size();
  std::vector<int> order;
  for (size_t s = 0; s < n; ++s) order.push_back(static_cast<int>(s));
  const std::vector<int> chips(n, 0);
  RoundTally zero;
  zero.worst.assign(n, 0);
  return core::sample_chunks(rounds, kTurnsPerChunk, seed, threads, control, zero, [&](core::SampleChunk& chunk, RoundTally& part) {
    auto dice = [&] { return core::roll_die(chunk.rng); };
    for (std::uint64_t t = 0; t < chunk.count; ++t) {
      const RoundRecord r = play_round(rules, seats, order, Phase::Distribution, chips, rules.chips, dice);
      ++part.rounds;
      ++part.worst[static_cast<size_t>(r.outcome.worst)];
    }
  });
}

double se_half(const GameTally& t, int seat) {
  // Per game x = (losses in the two halves) / 2 in {0, 1/2, 1}: Σx and Σx² from the counts.
  const auto s = static_cast<size_t>(seat);
  const double halves = static_cast<double>(t.first_half[s] + t.second_half[s]);
  const double both = static_cast<double>(t.both_halves[s]);
  const double sum = halves / 2, sum_sq = (halves - 2 * both) / 4 + both;
  return core::mean_from_sums(static_cast<double>(t.games), sum, sum_sq).se;
}

GameRun play_games(const SchockenRules& rules, std::span<const SchockenPolicy* const> seats, std::uint64_t games,
                   std::uint64_t seed, int threads, const core::RunControl& control) {
  validate(rules);
  const auto n = static_cast<size_t>(rules.players);
  GameTally zero;
  zero.first_half.assign(n, 0);
  zero.second_half.assign(n, 0);
  zero.pays.assign(n, 0);
  zero.both_halves.assign(n, 0);
  return core::sample_chunks(games, kGamesPerChunk, seed, threads, control, zero, [&](core::SampleChunk& chunk, GameTally& part) {
    auto dice = [&] { return core::roll_die(chunk.rng); };
    for (std::uint64_t g = 0; g < chunk.count; ++g) {
      const GameRecord rec = play_game(rules, seats, dice);
      ++part.games;
      part.finals += rec.final_played;
      part.rounds += static_cast<std::uint64_t>(rec.rounds);
      part.throws += static_cast<std::uint64_t>(rec.throws);
      ++part.first_half[static_cast<size_t>(rec.half_loser[0])];
      ++part.second_half[static_cast<size_t>(rec.half_loser[1])];
      ++part.pays[static_cast<size_t>(rec.payer)];
      if (rec.half_loser[0] == rec.half_loser[1]) ++part.both_halves[static_cast<size_t>(rec.half_loser[0])];
    }
  });
}

}  // namespace verflixt::schocken
