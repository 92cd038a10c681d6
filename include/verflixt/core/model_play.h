#pragma once
// Two algorithms over any game's model (game_model.h) that a strategy lab asks of every game:
//  - a tournament: many games played through the model with one chooser per seat, on the
//    sampling driver (seeded chunks, any thread count, interruptible), each seat's mean
//    return with its standard error;
//  - a best response: the exact value of one player who maximizes his own expected return
//    while the others keep their choosers, on the model compiled into a graph (model_graph.h)
//    and solved by the core's value iteration, and the action it takes in each state.
// A chooser is what game_algorithms.h plays: choose(state, legal_actions, rng) -> index.
// No game lives here.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "verflixt/core/cluster.h"
#include "verflixt/core/game_algorithms.h"
#include "verflixt/core/game_model.h"
#include "verflixt/core/model_graph.h"
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
// others' decisions their choice, chance weighted by the listed probabilities. Solved on the
// model compiled from the state asked (model_graph.h, the others' decisions fixed) by the
// core's value iteration; every state of that graph is kept, so later questions about any of
// them are answered from it.
template <GameModel G, class Choose>
class BestResponse {
 public:
  BestResponse(const G& game, int player, Choose others) : game_(game), player_(player), others_(std::move(others)) {}

  // The expected returns of every player from `s` when `player` best-responds.
  std::vector<double> value(const typename G::State& s) { return solved(s).returns; }
  // The index (into legal_actions(s)) of the best response at a decision of `player`.
  std::size_t action(const typename G::State& s) { return solved(s).action; }
  // The states solved so far.
  std::size_t states() const { return memo_.size(); }

 private:
  using State = typename G::State;
  struct Entry {
    std::vector<double> returns;
    std::size_t action = 0;
  };

  const Entry& solved(const State& s) {
    std::string key = game_.state_text(s);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    ChooserKeeps<Choose> fixed{&others_};
    const auto restrict = [&](const State& x, const auto& actions) -> std::optional<std::size_t> {
      if (game_.current_player(x) == player_) return std::nullopt;
      return fixed(x, actions);
    };
    std::vector<std::string> names;
    const ModelGraph graph = ModelGraph::compile(
        game_, s, restrict,
        [&](std::uint32_t n, const State& x) {
          if (names.size() <= n) names.resize(n + 1);
          names[n] = game_.state_text(x);
        },
        kMaxGraphNodes);
    const ValueIterationResult best = solve_graph(GraphValues::of_player(graph, player_));
    const std::vector<std::vector<double>> returns = returns_under(graph, best.actions);
    for (std::uint32_t n = 0; n < graph.size(); ++n) {
      Entry e;
      for (const auto& of_player : returns) e.returns.push_back(of_player[n]);
      if (graph.player(n) >= 0) e.action = graph.action(n, static_cast<std::size_t>(best.actions[n]));
      memo_.try_emplace(std::move(names[n]), std::move(e));
    }
    return memo_.at(key);
  }

  const G& game_;
  int player_;
  Choose others_;
  std::unordered_map<std::string, Entry> memo_;
};

}  // namespace verflixt::core
