#pragma once
// Two algorithms over any game's model (game_model.h) that a strategy lab asks of every game:
//  - a tournament: many games played through the model with one chooser per seat, on the
//    sampling driver (seeded chunks, any thread count, interruptible), each seat's mean
//    return with its standard error;
//  - a best response: the exact value of one player who maximizes his own expected return
//    while the others keep their choosers, by a memoized walk over the model (on state_text,
//    acyclic games; game_algorithms.h's MemoSolve), and the action it takes in each state.
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
// others' decisions their choice, chance weighted by the listed probabilities. Solved by the
// same memoized walk as PolicyValue (game_algorithms.h: no recursion, a cycle refused).
template <GameModel G, class Choose>
class BestResponse {
 public:
  BestResponse(const G& game, int player, Choose others)
      : solve_(game, Expand{&game, player, std::move(others)}, Combine{&game, player}) {}

  // The expected returns of every player from `s` when `player` best-responds.
  std::vector<double> value(const typename G::State& s) { return solve_(s).returns; }
  // The index (into legal_actions(s)) of the best response at a decision of `player`.
  std::size_t action(const typename G::State& s) { return solve_(s).action; }
  // The states solved so far.
  std::size_t states() const { return solve_.states(); }

 private:
  using State = typename G::State;
  struct Entry {
    std::vector<double> returns;
    std::size_t action = 0;
  };
  // At his decisions every action is read; at the others', the one their chooser takes.
  struct Expand {
    const G* game;
    int player;
    Choose others;
    Expansion<State> operator()(const State& s) {
      if (game->current_player(s) != player) return expand(*game, s, ChooserDecides<G, Choose>{game, &others});
      return expand(*game, s, [this](const State& x, const auto& actions, Expansion<State>& e) {
        for (const auto& a : actions) e.next.push_back(game->apply_action(x, a));
      });
    }
  };
  struct Combine {
    const G* game;
    int player;
    Entry operator()(const State& s, const Expansion<State>& e, const std::vector<const Entry*>& values) const {
      const int p = game->current_player(s);
      if (p == kTerminal) return {game->returns(s), 0};
      if (p == kChanceNode)
        return {weighted_returns(e, values, static_cast<std::size_t>(game->players()),
                                 [](const Entry& x) -> const std::vector<double>& { return x.returns; }),
                0};
      if (p != player) return {values.front()->returns, e.action};
      Entry best;
      for (std::size_t a = 0; a < values.size(); ++a) {
        const std::vector<double>& w = values[a]->returns;
        if (best.returns.empty() || w[static_cast<std::size_t>(p)] > best.returns[static_cast<std::size_t>(p)])
          best = {w, a};
      }
      return best;
    }
  };
  MemoSolve<G, Entry, Expand, Combine> solve_;
};

}  // namespace verflixt::core
