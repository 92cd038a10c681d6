#pragma once
// Two algorithms over any game's model (game_model.h) that a strategy lab asks of every game:
//  - a tournament: many games played through the model with one chooser per seat, on the
//    sampling driver (seeded chunks, any thread count, interruptible), each seat's mean
//    return with its standard error;
//  - a best response: the exact value of one player who maximizes his own expected return
//    while the others keep their choosers, by recursion over the model (memoized on
//    state_text, acyclic games), and the action it takes in each state.
// A chooser is what game_algorithms.h plays: choose(state, legal_actions, rng) -> index.
// No game lives here.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "verflixt/core/cluster.h"
#include "verflixt/core/game_algorithms.h"
#include "verflixt/core/game_model.h"
#include "verflixt/core/rng.h"
#include "verflixt/core/run_control.h"
#include "verflixt/core/sampling.h"
#include "verflixt/core/stats.h"

namespace verflixt::core {

// The returns of a set of games, per seat: sums and sums of squares, merged in chunk order.
struct ReturnsTally {
  std::uint64_t games = 0;
  std::vector<double> sum, sum_sq;

  explicit ReturnsTally(std::size_t seats = 0) : sum(seats, 0.0), sum_sq(seats, 0.0) {}
  void add(const std::vector<double>& returns) {
    ++games;
    for (std::size_t i = 0; i < sum.size(); ++i) {
      sum[i] += returns[i];
      sum_sq[i] += returns[i] * returns[i];
    }
  }
  void merge(const ReturnsTally& o) {
    games += o.games;
    for (std::size_t i = 0; i < sum.size(); ++i) sum[i] += o.sum[i], sum_sq[i] += o.sum_sq[i];
  }
  // What an MPI rank sends of its part (cluster.h).
  void serialize(cluster::Archive& a) { a(games, sum, sum_sq); }
  // Seat `seat`'s mean return ± 1 SE.
  Estimate mean(std::size_t seat) const {
    return mean_from_sums(static_cast<double>(games), sum[seat], sum_sq[seat]);
  }
};

// Plays `games` games from the model's initial state; at a decision of player p the chooser
// seats[p] decides. Chunks of `chunk_size` games, each on its own stream of `seed`: the same
// numbers whatever the thread count.
template <GameModel G, class Choose>
SampledRun<ReturnsTally> play_tournament(const G& game, const std::vector<Choose>& seats, std::uint64_t games,
                                         std::uint64_t seed, int threads, const RunControl& control = {},
                                         std::uint64_t chunk_size = 4096) {
  if (seats.size() != static_cast<std::size_t>(game.players()))
    throw std::invalid_argument(game.name() + ": a tournament needs one chooser per player");
  const auto by_seat = [&](const typename G::State& s, const auto& actions, auto& rng) {
    return seats[static_cast<std::size_t>(game.current_player(s))](s, actions, rng);
  };
  return sample_chunks(games, chunk_size, seed, threads, control, ReturnsTally(seats.size()),
                       [&](SampleChunk& chunk, ReturnsTally& part) {
                         for (std::uint64_t k = 0; k < chunk.count; ++k)
                           part.add(game.returns(play(game, game.initial_state(), chunk.rng, by_seat)));
                       });
}

// The best response of `player` to the others' chooser `others`: at his decisions the action
// of the highest expected own return (the first of equal ones, in the game's order), at the
// others' decisions their choice, chance weighted by the listed probabilities.
template <GameModel G, class Choose>
class BestResponse {
 public:
  BestResponse(const G& game, int player, Choose others) : game_(game), player_(player), others_(std::move(others)) {}

  // The expected returns of every player from `s` when `player` best-responds.
  std::vector<double> value(const typename G::State& s) { return solve(s).returns; }
  // The index (into legal_actions(s)) of the best response at a decision of `player`.
  std::size_t action(const typename G::State& s) { return solve(s).action; }
  // The states solved so far.
  std::size_t states() const { return memo_.size(); }

 private:
  struct Entry {
    std::vector<double> returns;
    std::size_t action = 0;
  };

  const Entry& solve(const typename G::State& s) {
    const std::string key = game_.state_text(s);
    if (const auto it = memo_.find(key); it != memo_.end()) {
      if (it->second.returns.empty()) throw std::logic_error(game_.name() + ": a cycle through " + key);
      return it->second;
    }
    memo_[key] = {};  // in progress: meeting it again below is a cycle
    Entry e;
    const int p = game_.current_player(s);
    if (p == kTerminal) {
      e.returns = game_.returns(s);
    } else if (p == kChanceNode) {
      e.returns.assign(static_cast<std::size_t>(game_.players()), 0.0);
      for (const auto& o : game_.chance_outcomes(s)) {
        const std::vector<double> w = solve(game_.apply_outcome(s, o.outcome)).returns;
        for (std::size_t i = 0; i < w.size(); ++i) e.returns[i] += o.probability * w[i];
      }
    } else {
      const auto actions = game_.legal_actions(s);
      if (p == player_) {
        for (std::size_t a = 0; a < actions.size(); ++a) {
          std::vector<double> w = solve(game_.apply_action(s, actions[a])).returns;
          if (e.returns.empty() || w[static_cast<std::size_t>(p)] > e.returns[static_cast<std::size_t>(p)])
            e.returns = std::move(w), e.action = a;
        }
      } else {
        Rng unused;
        e.action = others_(s, actions, unused);
        e.returns = solve(game_.apply_action(s, actions.at(e.action))).returns;
      }
    }
    return memo_[key] = std::move(e);
  }

  const G& game_;
  int player_;
  Choose others_;
  std::unordered_map<std::string, Entry> memo_;
};

}  // namespace verflixt::core
