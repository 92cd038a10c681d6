#pragma once
// Any game model (game_model.h) compiled once into an indexed graph, and the graph seen as a
// model of value_iteration.h, so that the one value iteration of the core solves every game:
// its optimum, a policy's value, a best response. No game lives here.
//
// Compiling walks the states reachable from a root once (an explicit queue, no recursion),
// naming each by its 64-bit key where the game gives one (game_model.h), else by its
// state_text, only while it walks: a node is then an index, its edges a
// contiguous run of (next node, probability), a terminal's returns a row of doubles. A
// decision's edges are its legal actions in the game's order (probability 1 each); a chance
// node's edges are its outcomes with their exact probabilities. `restrict(state, actions)`
// may keep one action of a decision (a fixed policy there: the graph of a policy, or of a
// best response against fixed others); by default every action stays.
//
// The nodes are numbered so that every node's successors come before it wherever the game
// allows (the finishing order of a depth-first walk): on an acyclic graph one Gauss-Seidel
// sweep of value iteration is exact and the second confirms it; a graph with cycles (a race
// in which a turn can come back to where it began) needs the sweeps it needs.
//
// Values (GraphValues) come in three readings of the returns:
//  - one player's return, or a weighted sum of the returns: one objective that every
//    decision maximizes — a one-player game's optimum, a best response of that player
//    against others fixed in the graph, or, with one action a decision, a policy's value;
//  - two players whose returns have a constant sum: each decision maximizes its mover's
//    return (the other's is the constant minus it), the zero-sum optimum.
#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/core/game_model.h"
#include "verflixt/core/value_iteration.h"

namespace verflixt::core {

// Every legal action stays in the graph.
struct EveryAction {
  template <class State, class Actions>
  std::optional<std::size_t> operator()(const State&, const Actions&) const {
    return std::nullopt;
  }
};

// Visits nothing (compile keeps no state for it).
struct NoVisit {
  template <class State>
  void operator()(std::uint32_t, const State&) const {}
};

class ModelGraph {
 public:
  static constexpr std::uint32_t kNone = 0xffffffffu;
  struct Edge {
    std::uint32_t next;
    double probability;  // 1 at a decision
  };

  std::size_t size() const { return player_.size(); }
  std::size_t edge_count() const { return edges_.size(); }
  int players() const { return players_; }
  std::uint32_t root() const { return root_; }
  bool cyclic() const { return cyclic_; }
  // p >= 0 (a decision of player p), kChanceNode or kTerminal.
  int player(std::uint32_t n) const { return player_[n]; }
  std::span<const Edge> edges(std::uint32_t n) const {
    return {edges_.data() + begin_[n], edges_.data() + begin_[n + 1]};
  }
  // A decision's edge e (0-based) is legal_actions(state)[action(n, e)] of the game.
  std::size_t action(std::uint32_t n, std::size_t e) const {
    return actions_[begin_[n] + e] == kNone ? e : actions_[begin_[n] + e];
  }
  // A terminal's returns, one per player.
  std::span<const double> returns(std::uint32_t n) const {
    const std::size_t row = terminal_row_[n];
    return {returns_.data() + row * static_cast<std::size_t>(players_), static_cast<std::size_t>(players_)};
  }

  // The graph of `game` from `root`: what `restrict` keeps (see above), at most `max_nodes`
  // nodes (more is an InputError naming the count: no input may exhaust memory through it).
  // visit(node, state) sees every node's state once, in the final numbering.
  template <GameModel G, class Restrict, class Visit>
  static ModelGraph compile(const G& game, const typename G::State& root, Restrict restrict, Visit visit,
                            std::size_t max_nodes);

 private:
  void number_children_first(std::vector<std::uint32_t>& order_of);
  // The next edge of the node being compiled: to `to` with probability p; `action` is the
  // legal action's index where a restriction kept one.
  void edge(std::uint32_t to, double p, std::uint32_t action = kNone) {
    edges_.push_back({to, p});
    actions_.push_back(action);
  }

  int players_ = 0;
  std::uint32_t root_ = 0;
  bool cyclic_ = false;
  std::vector<int> player_;
  std::vector<std::size_t> begin_;      // into edges_, one past the end last
  std::vector<Edge> edges_;
  std::vector<std::uint32_t> actions_;  // per edge: the legal action's index where restricted, else kNone
  std::vector<std::size_t> terminal_row_;
  std::vector<double> returns_;
};

// The default size a compile may reach: 20 million nodes (about 2 GB while it walks, most of
// it the states' names).
inline constexpr std::size_t kMaxGraphNodes = 20'000'000;

template <GameModel G, class Restrict = EveryAction>
ModelGraph compile_model(const G& game, const typename G::State& root, Restrict restrict = {},
                         std::size_t max_nodes = kMaxGraphNodes) {
  return ModelGraph::compile(game, root, std::move(restrict), NoVisit{}, max_nodes);
}

template <GameModel G, class Restrict, class Visit>
ModelGraph ModelGraph::compile(const G& game, const typename G::State& root, Restrict restrict, Visit visit,
                               std::size_t max_nodes) {
  ModelGraph g;
  g.players_ = game.players();
  std::unordered_map<std::string, std::uint32_t> index;  // states named by their text
  std::unordered_map<std::uint64_t, std::uint32_t> keys;  // states named by their key
  std::deque<typename G::State> pending;  // found, not yet expanded: node ids in the order found
  std::vector<typename G::State> kept;    // every state, for visit (only when it is asked for)
  constexpr bool kVisit = !std::is_same_v<Visit, NoVisit>;
  const auto node_of = [&](const typename G::State& s) {
    const auto found = [&](auto& map, auto key) {
      if (const auto it = map.find(key); it != map.end()) return it->second;
      if (index.size() + keys.size() >= max_nodes)
        throw InputError(game.name() + ": more than " + std::to_string(max_nodes) + " states to compile");
      const auto id = static_cast<std::uint32_t>(index.size() + keys.size());
      map.emplace(std::move(key), id);
      pending.push_back(s);
      return id;
    };
    if constexpr (requires { { game.state_key(s) } -> std::same_as<std::optional<std::uint64_t>>; })
      if (const std::optional<std::uint64_t> key = game.state_key(s)) return found(keys, *key);
    return found(index, game.state_text(s));
  };
  node_of(root);
  for (std::uint32_t n = 0; !pending.empty(); ++n) {
    if ((n & 1023) == 0) checkpoint();  // a request's deadline and memory (core/budget.h)
    const typename G::State s = std::move(pending.front());
    pending.pop_front();
    const int p = game.current_player(s);
    g.player_.push_back(p);
    g.begin_.push_back(g.edges_.size());
    g.terminal_row_.push_back(0);
    if (p == kTerminal) {
      const std::vector<double> r = game.returns(s);
      if (r.size() != static_cast<std::size_t>(g.players_))
        throw std::logic_error(game.name() + ": returns for " + std::to_string(r.size()) + " players");
      g.terminal_row_.back() = g.returns_.size() / static_cast<std::size_t>(g.players_);
      g.returns_.insert(g.returns_.end(), r.begin(), r.end());
    } else if (p == kChanceNode) {
      // A game that applies all of a node's outcomes (or actions) at once, as the erased game
      // does (game_model.h), is asked so: one listing per node instead of one per successor.
      if constexpr (requires { game.apply_each_outcome(s); }) {
        for (const auto& [probability, next] : game.apply_each_outcome(s)) g.edge(node_of(next), probability);
      } else {
        for (const auto& o : game.chance_outcomes(s)) g.edge(node_of(game.apply_outcome(s, o.outcome)), o.probability);
      }
    } else {
      const auto actions = game.legal_actions(s);
      if (actions.empty()) throw std::logic_error(game.name() + ": a decision without legal actions");
      if (const std::optional<std::size_t> only = restrict(s, actions)) {
        g.edge(node_of(game.apply_action(s, actions.at(*only))), 1.0, static_cast<std::uint32_t>(*only));
      } else if constexpr (requires { game.apply_each_action(s); }) {
        for (const auto& next : game.apply_each_action(s)) g.edge(node_of(next), 1.0);
      } else {
        for (const auto& a : actions) g.edge(node_of(game.apply_action(s, a)), 1.0);
      }
    }
    if constexpr (kVisit) kept.push_back(s);
  }
  g.begin_.push_back(g.edges_.size());
  std::vector<std::uint32_t> order_of;
  g.number_children_first(order_of);
  if constexpr (kVisit)
    for (std::size_t n = 0; n < kept.size(); ++n) visit(order_of[n], kept[n]);
  return g;
}

// The graph as a model of value_iteration.h: state_count, action_count, terminal_value and
// successors over its nodes. A decision offers its edges as actions of one successor each; a
// chance node is one action whose successors are its outcomes.
class GraphValues {
 public:
  // Every decision maximizes sum_i weights[i] * return_i (one player's return: a unit vector).
  GraphValues(const ModelGraph& graph, std::vector<double> weights);
  // The return of `player` (a one-player game's optimum; a best response in a graph in which
  // every other player's decisions keep one action; a policy's value where every decision does).
  static GraphValues of_player(const ModelGraph& graph, int player);
  // Two players whose returns sum to the same constant at every terminal: each node is valued
  // for its owner (the mover; a chance node or terminal: the mover of the first decision that
  // reached it) and each decision maximizes its mover's return. Throws std::invalid_argument
  // when the graph is not such a game.
  static GraphValues zero_sum(const ModelGraph& graph);

  std::size_t state_count() const { return graph_->size(); }
  int action_count(std::size_t s) const;
  double terminal_value(std::size_t s) const;
  template <class Visit>
  void successors(std::size_t s, int a, Visit&& visit) const {
    const auto n = static_cast<std::uint32_t>(s);
    const auto edges = graph_->edges(n);
    const auto one = [&](const ModelGraph::Edge& e) {
      const bool flip = owner_.empty() ? false : owner_[e.next] != owner_[n];
      visit(Successor{e.probability, e.next, flip ? -1.0 : 1.0, flip ? sum_ : 0.0});
    };
    if (graph_->player(n) == kChanceNode) {
      for (const auto& e : edges) one(e);
    } else {
      one(edges[static_cast<std::size_t>(a)]);
    }
  }

  // A value of value_iteration's result (`values`, one per node) for `player` (the zero-sum
  // reading turns it to that player's side; the others ignore `player`).
  double value_for(const std::vector<double>& values, std::uint32_t node, int player) const;

 private:
  GraphValues(const ModelGraph& graph, std::vector<double> weights, std::vector<int> owner, double sum);
  const ModelGraph* graph_;
  std::vector<double> weights_;
  std::vector<int> owner_;  // zero-sum: each node's owner; empty otherwise
  double sum_ = 0;          // zero-sum: the returns' constant sum
};

// The optimum of `values` by the core's value iteration (its defaults: Gauss-Seidel to 1e-12).
ValueIterationResult solve_graph(const GraphValues& values, const ValueIterationOptions& options = {});

// Every player's expected return at every node, [player][node], when each decision takes its
// edge actions[node] (a solve's actions; empty: the first edge, as in a policy's graph): the
// core's policy evaluation, once per player.
std::vector<std::vector<double>> returns_under(const ModelGraph& graph, const std::vector<int>& actions,
                                               const ValueIterationOptions& options = {});

}  // namespace verflixt::core
