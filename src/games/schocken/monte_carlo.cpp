#include "verflixt/games/schocken/monte_carlo.h"

#include <chrono>

#include "verflixt/core/chunks.h"
#include "verflixt/games/schocken/engine.h"
#include "verflixt/core/rng.h"
#include "verflixt/core/stats.h"

namespace verflixt::schocken {

BeatRun sample_beat(const SchockenRules& rules, int limit, const BeatTarget& target, const SchockenPolicy& policy,
                    std::uint64_t turns, std::uint64_t seed, int threads, const RunControl& control) {
  BeatRun run;
  run.requested = turns;
  const int target_key = hand_key(target.hand, target.throws, rules);
  const auto parts = run_chunks<BeatRun>(turns, kTurnsPerChunk, threads, control, run.interrupted,
                                         [&](std::uint64_t chunk, std::uint64_t count, BeatRun& part) {
                                           Rng rng = chunk_rng(seed, chunk);
                                           auto dice = [&] { return roll_die(rng); };
                                           TurnView view;
                                           view.limit = limit;
                                           view.position = 1;  // a follower at a table of rules.players
                                           view.players = rules.players;
                                           for (std::uint64_t t = 0; t < count; ++t) {
                                             const TurnResult r = play_turn(rules, policy, view, dice);
                                             ++part.turns;
                                             part.beats += hand_key(r.dice, r.throws, rules) > target_key;
                                           }
                                         });
  for (const auto& p : parts) run.turns += p.turns, run.beats += p.beats;
  return run;
}

RoundRun sample_rounds(const SchockenRules& rules, std::span<const SchockenPolicy* const> seats, std::uint64_t rounds,
                       std::uint64_t seed, int threads, const RunControl& control) {
  RoundRun run;
  run.requested = rounds;
  const size_t n = seats.size();
  std::vector<int> order;
  for (size_t s = 0; s < n; ++s) order.push_back(static_cast<int>(s));
  const std::vector<int> chips(n, 0);
  const auto parts = run_chunks<RoundRun>(rounds, kTurnsPerChunk, threads, control, run.interrupted,
                                          [&](std::uint64_t chunk, std::uint64_t count, RoundRun& part) {
                                            Rng rng = chunk_rng(seed, chunk);
                                            auto dice = [&] { return roll_die(rng); };
                                            part.worst.assign(n, 0);
                                            for (std::uint64_t t = 0; t < count; ++t) {
                                              const RoundRecord r = play_round(rules, seats, order, Phase::Distribution,
                                                                               chips, rules.chips, dice);
                                              ++part.rounds;
                                              ++part.worst[static_cast<size_t>(r.outcome.worst)];
                                            }
                                          });
  run.worst.assign(n, 0);
  for (const auto& p : parts) {
    run.rounds += p.rounds;
    for (size_t s = 0; s < n; ++s) run.worst[s] += p.worst[s];
  }
  return run;
}

double se_half(const GameTally& t, int seat, std::uint64_t both_halves) {
  // Per game x = (losses in the two halves) / 2 in {0, 1/2, 1}: Σx and Σx² from the counts.
  const auto s = static_cast<size_t>(seat);
  const double halves = static_cast<double>(t.first_half[s] + t.second_half[s]);
  const double both = static_cast<double>(both_halves);
  const double sum = halves / 2, sum_sq = (halves - 2 * both) / 4 + both;
  return mean_from_sums(static_cast<double>(t.games), sum, sum_sq).se;
}

GameRun play_games(const SchockenRules& rules, std::span<const SchockenPolicy* const> seats, std::uint64_t games,
                   std::uint64_t seed, int threads, const RunControl& control) {
  validate(rules);
  const auto t0 = std::chrono::steady_clock::now();
  const auto n = static_cast<size_t>(rules.players);
  struct Part {
    GameTally t;
    std::vector<std::uint64_t> both;
  };
  GameRun run;
  run.requested = games;
  const auto parts = run_chunks<Part>(games, kGamesPerChunk, threads, control, run.interrupted,
                                      [&](std::uint64_t chunk, std::uint64_t count, Part& part) {
                                        Rng rng = chunk_rng(seed, chunk);
                                        auto dice = [&] { return roll_die(rng); };
                                        part.t.first_half.assign(n, 0);
                                        part.t.second_half.assign(n, 0);
                                        part.t.pays.assign(n, 0);
                                        part.both.assign(n, 0);
                                        for (std::uint64_t g = 0; g < count; ++g) {
                                          const GameRecord rec = play_game(rules, seats, dice);
                                          ++part.t.games;
                                          part.t.finals += rec.final_played;
                                          part.t.rounds += static_cast<std::uint64_t>(rec.rounds);
                                          part.t.throws += static_cast<std::uint64_t>(rec.throws);
                                          ++part.t.first_half[static_cast<size_t>(rec.half_loser[0])];
                                          ++part.t.second_half[static_cast<size_t>(rec.half_loser[1])];
                                          ++part.t.pays[static_cast<size_t>(rec.payer)];
                                          if (rec.half_loser[0] == rec.half_loser[1])
                                            ++part.both[static_cast<size_t>(rec.half_loser[0])];
                                        }
                                      });
  GameTally& t = run.tally;
  t.first_half.assign(n, 0);
  t.second_half.assign(n, 0);
  t.pays.assign(n, 0);
  run.both_halves.assign(n, 0);
  for (const auto& p : parts) {
    t.games += p.t.games, t.finals += p.t.finals, t.rounds += p.t.rounds, t.throws += p.t.throws;
    for (size_t s = 0; s < n; ++s) {
      t.first_half[s] += p.t.first_half[s];
      t.second_half[s] += p.t.second_half[s];
      t.pays[s] += p.t.pays[s];
      run.both_halves[s] += p.both[s];
    }
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return run;
}

}  // namespace verflixt::schocken
