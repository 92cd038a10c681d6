#pragma once
// The algorithms every game gets from its GameModel (game_model.h), written once: random
// play through the model with real dice, and the exact value of a policy on the model
// compiled into a graph (model_graph.h: an explicit queue and stack, so no game's length
// reaches the call stack, and the core's one value iteration). No game lives here.
//
// A chooser picks the action at a decision: choose(state, legal_actions, rng) returns an
// index into the list (a policy ignores the rng; a random player draws from it). A chance
// node is played by rolling its DiceThrow with roll_face and asking the game what the faces
// make (outcome_of_faces): the dice the rules throw, not a draw from the listed
// probabilities, so a sampled game and an enumerated one are two independent readings of
// the game.
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "verflixt/core/chance.h"
#include "verflixt/core/error.h"
#include "verflixt/core/game_model.h"
#include "verflixt/core/model_graph.h"
#include "verflixt/core/rng.h"

namespace verflixt::core {

// The outcome of a chance node, from real dice.
template <GameModel G, class Urbg>
typename G::Outcome sample_outcome(const G& game, const typename G::State& s, Urbg& rng) {
  return game.outcome_of_faces(s, roll_throw(rng, game.chance_throw(s)));
}

// A chooser that picks uniformly among the legal actions.
struct UniformChooser {
  template <class State, class Actions, class Urbg>
  std::size_t operator()(const State&, const Actions& actions, Urbg& rng) const {
    return static_cast<std::size_t>(roll_face(rng, static_cast<int>(actions.size())) - 1);
  }
};

// Plays from `s` to a terminal state: `choose` at decisions, real dice at chance nodes.
// visit(state) sees every state reached, the first and the terminal one included. More
// than `max_steps` decisions and throws is a game that does not end under the rules and
// choosers given: an InputError, as they are the caller's.
template <GameModel G, class Urbg, class Choose, class Visit>
typename G::State play(const G& game, typename G::State s, Urbg& rng, Choose&& choose, Visit&& visit,
                       std::uint64_t max_steps = 10'000'000) {
  for (std::uint64_t step = 0;; ++step) {
    visit(s);
    const int p = game.current_player(s);
    if (p == kTerminal) return s;
    if (step >= max_steps)
      throw InputError(game.name() + ": a game did not end within " + std::to_string(max_steps) +
                       " decisions and throws; valid: rules and policies that end a game");
    if (p == kChanceNode) {
      s = game.apply_outcome(s, sample_outcome(game, s, rng));
    } else {
      const auto actions = game.legal_actions(s);
      if (actions.empty()) throw std::logic_error(game.name() + ": a decision without legal actions");
      s = game.apply_action(s, actions.at(choose(s, actions, rng)));
    }
  }
}

template <GameModel G, class Urbg, class Choose>
typename G::State play(const G& game, typename G::State s, Urbg& rng, Choose&& choose) {
  return play(game, std::move(s), rng, choose, [](const typename G::State&) {});
}

// A chooser as a compile's restriction (model_graph.h): at every decision, the one action it
// takes, asked with a default-constructed Rng it must not need (a policy, not a random player).
template <class Choose>
struct ChooserKeeps {
  Choose* choose;
  template <class State, class Actions>
  std::optional<std::size_t> operator()(const State& s, const Actions& actions) const {
    Rng unused;
    return (*choose)(s, actions, unused);
  }
};

// The exact expected returns from `s` when `choose` decides: the model compiled from `s` with
// the chooser's actions (model_graph.h) and valued by the core's value iteration, every chance
// outcome weighted by its listed probability — no recursion; a game whose policy can come back
// to a state (a cycle) is iterated to 1e-12. On an acyclic game one pass, successors first,
// sums each chance node's outcomes in their order.
template <GameModel G, class Choose>
class PolicyValue {
 public:
  PolicyValue(const G& game, Choose choose) : game_(game), choose_(std::move(choose)) {}

  std::vector<double> operator()(const typename G::State& s) {
    const ModelGraph graph = compile_model(game_, s, ChooserKeeps<Choose>{&choose_});
    states_ = graph.size();
    std::vector<double> out;
    for (const auto& values : returns_under(graph, {})) out.push_back(values[graph.root()]);
    return out;
  }
  // The states of the last value's graph.
  std::size_t states() const { return states_; }

 private:
  const G& game_;
  Choose choose_;
  std::size_t states_ = 0;
};

template <GameModel G, class Choose>
std::vector<double> expected_returns(const G& game, const typename G::State& s, Choose choose) {
  PolicyValue<G, Choose> value(game, std::move(choose));
  return value(s);
}

// The exact distribution of the returns from `s` under `choose`: each distinct returns
// vector with its probability (summing to `weight`), formed node by node over the compiled
// graph, successors first. Needs an acyclic game: a cycle throws std::logic_error.
template <GameModel G, class Choose>
std::map<std::vector<double>, double> return_distribution(const G& game, const typename G::State& s, Choose choose,
                                                          double weight = 1.0) {
  using Distribution = std::map<std::vector<double>, double>;
  const ModelGraph graph = compile_model(game, s, ChooserKeeps<Choose>{&choose});
  if (graph.cyclic()) throw std::logic_error(game.name() + ": a cycle under this policy: no finite distribution");
  std::vector<Distribution> at(graph.size());
  for (std::uint32_t n = 0; n < graph.size(); ++n) {
    const int p = graph.player(n);
    if (p == kTerminal) {
      const auto r = graph.returns(n);
      at[n][std::vector<double>(r.begin(), r.end())] = 1.0;
    } else if (p == kChanceNode) {
      for (const auto& e : graph.edges(n))
        for (const auto& [r, q] : at[e.next]) at[n][r] += e.probability * q;
    } else {
      at[n] = at[graph.edges(n)[0].next];
    }
  }
  Distribution out = std::move(at[graph.root()]);
  for (auto& [r, q] : out) q *= weight;
  return out;
}

}  // namespace verflixt::core
