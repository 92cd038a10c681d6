#pragma once
// The algorithms every game gets from its GameModel (game_model.h), written once: random
// play through the model with real dice, and the exact value of a policy by a memoized walk
// over the model (MemoSolve: an explicit stack, so no game's length reaches the call stack).
// No game lives here.
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
#include <unordered_set>
#include <utility>
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

// What the value of one state reads: the states after it, in the game's order, with their
// probabilities at a chance node, and at a decision a chooser took the action it chose.
template <class State>
struct Expansion {
  std::vector<State> next;
  std::vector<double> weight;  // at a chance node: each next state's probability
  std::size_t action = 0;      // at a decision a chooser took: the index it chose
};

// A state's expansion: nothing at the end, every outcome at a chance node, and at a decision
// what decide(s, legal_actions, expansion) puts there.
template <GameModel G, class Decide>
Expansion<typename G::State> expand(const G& game, const typename G::State& s, Decide&& decide) {
  Expansion<typename G::State> e;
  const int p = game.current_player(s);
  if (p == kTerminal) return e;
  if (p == kChanceNode) {
    for (const auto& o : game.chance_outcomes(s)) {
      e.next.push_back(game.apply_outcome(s, o.outcome));
      e.weight.push_back(o.probability);
    }
    return e;
  }
  const auto actions = game.legal_actions(s);
  if (actions.empty()) throw std::logic_error(game.name() + ": a decision without legal actions");
  decide(s, actions, e);
  return e;
}

// The memoized post-order walk every exact algorithm over a model shares: a state's value is
// formed from the values of the states it reads (expand(s) lists them), each state solved
// once (memoized on state_text), depth first with an explicit stack, so that no game's length
// can overflow the call stack. combine(s, expansion, values) forms the value from theirs, in
// the expansion's order. For acyclic games: meeting a state again on the path below itself
// throws std::logic_error.
template <GameModel G, class Value, class Expand, class Combine>
class MemoSolve {
 public:
  using State = typename G::State;
  MemoSolve(const G& game, Expand expand, Combine combine)
      : game_(game), expand_(std::move(expand)), combine_(std::move(combine)) {}

  const Value& operator()(const State& root) {
    const std::string root_key = game_.state_text(root);
    if (const auto it = memo_.find(root_key); it != memo_.end()) return it->second;
    std::vector<Frame> path;
    std::unordered_set<std::string> on_path;
    const auto enter = [&](const State& s, std::string key) {
      on_path.insert(key);
      Frame f{s, std::move(key), expand_(s), {}};
      f.values.reserve(f.expansion.next.size());
      path.push_back(std::move(f));
    };
    enter(root, root_key);
    while (!path.empty()) {
      Frame& f = path.back();
      if (f.values.size() < f.expansion.next.size()) {
        const State next = f.expansion.next[f.values.size()];
        std::string key = game_.state_text(next);
        if (const auto it = memo_.find(key); it != memo_.end()) {
          f.values.push_back(&it->second);
        } else {
          if (on_path.count(key)) throw std::logic_error(game_.name() + ": a cycle through " + key);
          enter(next, std::move(key));  // f is not used past here: path may have moved
        }
        continue;
      }
      Value v = combine_(f.state, f.expansion, f.values);
      std::string key = std::move(f.key);
      on_path.erase(key);
      path.pop_back();
      const Value& stored = memo_.emplace(std::move(key), std::move(v)).first->second;  // stays put
      if (!path.empty()) path.back().values.push_back(&stored);
    }
    return memo_.at(root_key);
  }
  std::size_t states() const { return memo_.size(); }

 private:
  struct Frame {
    State state;
    std::string key;
    Expansion<State> expansion;
    std::vector<const Value*> values;  // of expansion.next[0 .. values.size())
  };
  const G& game_;
  Expand expand_;
  Combine combine_;
  std::unordered_map<std::string, Value> memo_;
};

// The expected returns at a chance node: each outcome's returns (returns_of its value)
// weighted by its probability, summed in the outcomes' order.
template <class State, class Value, class ReturnsOf>
std::vector<double> weighted_returns(const Expansion<State>& e, const std::vector<const Value*>& values,
                                     std::size_t players, ReturnsOf returns_of) {
  std::vector<double> v(players, 0.0);
  for (std::size_t k = 0; k < values.size(); ++k) {
    const std::vector<double>& w = returns_of(*values[k]);
    for (std::size_t i = 0; i < v.size(); ++i) v[i] += e.weight[k] * w[i];
  }
  return v;
}

// A chooser's decision as an expansion: the one action it takes.
template <GameModel G, class Choose>
struct ChooserDecides {
  const G* game;
  Choose* choose;
  void operator()(const typename G::State& s, const std::vector<typename G::Action>& actions,
                  Expansion<typename G::State>& e) const {
    Rng unused;  // a policy's chooser must not need it
    e.action = (*choose)(s, actions, unused);
    e.next.push_back(game->apply_action(s, actions.at(e.action)));
  }
};

// The exact expected returns from `s` when `choose` decides (its rng argument is a
// default-constructed Rng it must not need): every chance outcome weighted by its listed
// probability, memoized on state_text (MemoSolve: no recursion, a cycle refused).
template <GameModel G, class Choose>
class PolicyValue {
  struct Expand {
    const G* game;
    Choose choose;
    Expansion<typename G::State> operator()(const typename G::State& s) {
      return expand(*game, s, ChooserDecides<G, Choose>{game, &choose});
    }
  };
  struct Combine {
    const G* game;
    std::vector<double> operator()(const typename G::State& s, const Expansion<typename G::State>& e,
                                   const std::vector<const std::vector<double>*>& values) const {
      const int p = game->current_player(s);
      if (p == kTerminal) return game->returns(s);
      if (p == kChanceNode)
        return weighted_returns(e, values, static_cast<std::size_t>(game->players()),
                                [](const std::vector<double>& v) -> const std::vector<double>& { return v; });
      return *values.front();
    }
  };

 public:
  PolicyValue(const G& game, Choose choose) : solve_(game, Expand{&game, std::move(choose)}, Combine{&game}) {}

  std::vector<double> operator()(const typename G::State& s) { return solve_(s); }
  std::size_t states() const { return solve_.states(); }

 private:
  MemoSolve<G, std::vector<double>, Expand, Combine> solve_;
};

template <GameModel G, class Choose>
std::vector<double> expected_returns(const G& game, const typename G::State& s, Choose choose) {
  PolicyValue<G, Choose> value(game, std::move(choose));
  return value(s);
}

// The exact distribution of the returns from `s` under `choose`: each distinct returns
// vector with its probability (summing to `weight`), formed state by state as PolicyValue
// forms the mean (the same memo, no recursion; a cycle refused).
template <GameModel G, class Choose>
std::map<std::vector<double>, double> return_distribution(const G& game, const typename G::State& s, Choose choose,
                                                          double weight = 1.0) {
  using Distribution = std::map<std::vector<double>, double>;
  const auto expand_state = [&game, &choose](const typename G::State& x) {
    return expand(game, x, ChooserDecides<G, Choose>{&game, &choose});
  };
  const auto combine = [&game](const typename G::State& x, const Expansion<typename G::State>& e,
                               const std::vector<const Distribution*>& values) {
    const int p = game.current_player(x);
    if (p == kTerminal) return Distribution{{game.returns(x), 1.0}};
    if (p != kChanceNode) return *values.front();
    Distribution d;
    for (std::size_t k = 0; k < values.size(); ++k)
      for (const auto& [r, q] : *values[k]) d[r] += e.weight[k] * q;
    return d;
  };
  MemoSolve<G, Distribution, decltype(expand_state), decltype(combine)> solve(game, expand_state, combine);
  Distribution out = solve(s);
  for (auto& [r, q] : out) q *= weight;
  return out;
}

}  // namespace verflixt::core
