#pragma once
// The algorithms every game gets from its GameModel (game_model.h), written once: random
// play through the model with real dice, and the exact value of a policy by recursion over
// the model. No game lives here.
//
// A chooser picks the action at a decision: choose(state, legal_actions, rng) returns an
// index into the list (a policy ignores the rng; a random player draws from it). A chance
// node is played by rolling its DiceThrow with roll_face and asking the game what the faces
// make (outcome_of_faces): the dice the rules throw, not a draw from the listed
// probabilities, so a sampled game and an enumerated one are two independent readings of
// the game.
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "verflixt/core/chance.h"
#include "verflixt/core/game_model.h"
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
// than `max_steps` decisions and throws is a game that does not end: std::runtime_error.
template <GameModel G, class Urbg, class Choose, class Visit>
typename G::State play(const G& game, typename G::State s, Urbg& rng, Choose&& choose, Visit&& visit,
                       std::uint64_t max_steps = 10'000'000) {
  for (std::uint64_t step = 0;; ++step) {
    visit(s);
    const int p = game.current_player(s);
    if (p == kTerminal) return s;
    if (step >= max_steps) throw std::runtime_error(game.name() + ": no end after " + std::to_string(max_steps) + " steps");
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

// The exact expected returns from `s` when `choose` decides (its rng argument is a
// default-constructed Rng it must not need): every chance outcome weighted by its listed
// probability, memoized on state_text. For acyclic games: meeting a state again below
// itself throws std::logic_error instead of recursing forever.
template <GameModel G, class Choose>
class PolicyValue {
 public:
  PolicyValue(const G& game, Choose choose) : game_(game), choose_(std::move(choose)) {}

  std::vector<double> operator()(const typename G::State& s) {
    const std::string key = game_.state_text(s);
    if (const auto it = memo_.find(key); it != memo_.end()) {
      if (it->second.empty()) throw std::logic_error(game_.name() + ": a cycle through " + key);
      return it->second;
    }
    memo_[key] = {};  // in progress
    std::vector<double> v;
    const int p = game_.current_player(s);
    if (p == kTerminal) {
      v = game_.returns(s);
    } else if (p == kChanceNode) {
      v.assign(static_cast<std::size_t>(game_.players()), 0.0);
      for (const auto& o : game_.chance_outcomes(s)) {
        const auto w = (*this)(game_.apply_outcome(s, o.outcome));
        for (std::size_t i = 0; i < v.size(); ++i) v[i] += o.probability * w[i];
      }
    } else {
      const auto actions = game_.legal_actions(s);
      Rng unused;
      v = (*this)(game_.apply_action(s, actions.at(choose_(s, actions, unused))));
    }
    memo_[key] = v;
    return v;
  }
  std::size_t states() const { return memo_.size(); }

 private:
  const G& game_;
  Choose choose_;
  std::unordered_map<std::string, std::vector<double>> memo_;
};

template <GameModel G, class Choose>
std::vector<double> expected_returns(const G& game, const typename G::State& s, Choose choose) {
  PolicyValue<G, Choose> value(game, std::move(choose));
  return value(s);
}

// The exact distribution of the returns from `s` under `choose`: each distinct returns
// vector with its probability (summing to 1). Enumerates every path, so for small games
// and short horizons; the same acyclicity as expected_returns is assumed.
template <GameModel G, class Choose>
std::map<std::vector<double>, double> return_distribution(const G& game, const typename G::State& s, Choose choose,
                                                          double weight = 1.0) {
  std::map<std::vector<double>, double> out;
  const auto add = [&](const std::map<std::vector<double>, double>& d) {
    for (const auto& [r, p] : d) out[r] += p;
  };
  const int p = game.current_player(s);
  if (p == kTerminal) {
    out[game.returns(s)] = weight;
  } else if (p == kChanceNode) {
    for (const auto& o : game.chance_outcomes(s))
      add(return_distribution(game, game.apply_outcome(s, o.outcome), choose, weight * o.probability));
  } else {
    const auto actions = game.legal_actions(s);
    Rng unused;
    add(return_distribution(game, game.apply_action(s, actions.at(choose(s, actions, unused))), choose, weight));
  }
  return out;
}

}  // namespace verflixt::core
