#include "verflixt/core/model_graph.h"

#include <cmath>
#include <stdexcept>

namespace verflixt::core {

// Depth first from the root with an explicit stack (a game's length must not reach the call
// stack): a node is numbered once every successor is, and an edge back to a node still on
// the path marks the graph cyclic. Compiling reached every node from the root, so one walk
// numbers them all.
void ModelGraph::number_children_first(std::vector<std::uint32_t>& order_of) {
  const std::size_t n = player_.size();
  order_of.assign(n, kNone);
  std::vector<std::uint8_t> on_path(n, 0);
  std::vector<std::pair<std::uint32_t, std::size_t>> path;  // node, its next edge
  std::uint32_t next_number = 0;
  path.emplace_back(0, begin_[0]);
  on_path[0] = 1;
  while (!path.empty()) {
    auto& [node, e] = path.back();
    if (e < begin_[node + 1]) {
      const std::uint32_t child = edges_[e++].next;
      if (on_path[child]) {
        cyclic_ = true;
      } else if (order_of[child] == kNone) {
        on_path[child] = 1;
        path.emplace_back(child, begin_[child]);
      }
      continue;
    }
    on_path[node] = 0;
    order_of[node] = next_number++;
    path.pop_back();
  }
  // Renumber: the nodes, their edge runs and their targets.
  std::vector<std::uint32_t> node_at(n);
  for (std::uint32_t old = 0; old < n; ++old) node_at[order_of[old]] = old;
  std::vector<int> player(n);
  std::vector<std::size_t> begin(n + 1), terminal_row(n);
  std::vector<Edge> edges;
  std::vector<std::uint32_t> actions;
  edges.reserve(edges_.size());
  actions.reserve(actions_.size());
  for (std::uint32_t k = 0; k < n; ++k) {
    const std::uint32_t old = node_at[k];
    player[k] = player_[old];
    terminal_row[k] = terminal_row_[old];
    begin[k] = edges.size();
    for (std::size_t e = begin_[old]; e < begin_[old + 1]; ++e) {
      edges.push_back({order_of[edges_[e].next], edges_[e].probability});
      actions.push_back(actions_[e]);
    }
  }
  begin[n] = edges.size();
  player_ = std::move(player);
  begin_ = std::move(begin);
  terminal_row_ = std::move(terminal_row);
  edges_ = std::move(edges);
  actions_ = std::move(actions);
  root_ = order_of[0];
}

GraphValues::GraphValues(const ModelGraph& graph, std::vector<double> weights, std::vector<int> owner, double sum)
    : graph_(&graph), weights_(std::move(weights)), owner_(std::move(owner)), sum_(sum) {}

GraphValues::GraphValues(const ModelGraph& graph, std::vector<double> weights) : GraphValues(graph, std::move(weights), {}, 0) {
  if (weights_.size() != static_cast<std::size_t>(graph.players()))
    throw std::invalid_argument("GraphValues: " + std::to_string(weights_.size()) + " weights for " +
                                std::to_string(graph.players()) + " players");
}

GraphValues GraphValues::of_player(const ModelGraph& graph, int player) {
  if (player < 0 || player >= graph.players()) throw std::invalid_argument("GraphValues: no player " + std::to_string(player));
  std::vector<double> w(static_cast<std::size_t>(graph.players()), 0.0);
  w[static_cast<std::size_t>(player)] = 1.0;
  return GraphValues(graph, std::move(w));
}

GraphValues GraphValues::zero_sum(const ModelGraph& graph) {
  if (graph.players() != 2) throw std::invalid_argument("GraphValues::zero_sum: a game of two players");
  const auto n = static_cast<std::uint32_t>(graph.size());
  // The constant sum, checked at every terminal (to rounding: the returns are the game's).
  bool found = false;
  double sum = 0;
  for (std::uint32_t k = 0; k < n; ++k) {
    if (graph.player(k) != kTerminal) continue;
    const auto r = graph.returns(k);
    if (!found) sum = r[0] + r[1], found = true;
    if (std::abs(r[0] + r[1] - sum) > 1e-12) throw std::invalid_argument("GraphValues::zero_sum: the returns' sum varies");
  }
  // Owners breadth first from the root: a decision is its mover's, any other node the owner
  // of the node that first reached it.
  std::vector<int> owner(n, -1);
  std::vector<std::uint32_t> queue{graph.root()};
  owner[graph.root()] = graph.player(graph.root()) >= 0 ? graph.player(graph.root()) : 0;
  for (std::size_t q = 0; q < queue.size(); ++q) {
    const std::uint32_t k = queue[q];
    for (const auto& e : graph.edges(k)) {
      if (owner[e.next] >= 0) continue;
      owner[e.next] = graph.player(e.next) >= 0 ? graph.player(e.next) : owner[k];
      queue.push_back(e.next);
    }
  }
  return GraphValues(graph, {1.0, 0.0}, std::move(owner), sum);
}

int GraphValues::action_count(std::size_t s) const {
  const int p = graph_->player(static_cast<std::uint32_t>(s));
  if (p == kTerminal) return 0;
  if (p == kChanceNode) return 1;
  return static_cast<int>(graph_->edges(static_cast<std::uint32_t>(s)).size());
}

double GraphValues::terminal_value(std::size_t s) const {
  const auto n = static_cast<std::uint32_t>(s);
  const auto r = graph_->returns(n);
  if (!owner_.empty()) return r[static_cast<std::size_t>(owner_[n])];
  double v = 0;
  for (std::size_t i = 0; i < r.size(); ++i) v += weights_[i] * r[i];
  return v;
}

double GraphValues::value_for(const std::vector<double>& values, std::uint32_t node, int player) const {
  if (owner_.empty() || owner_[node] == player) return values[node];
  return sum_ - values[node];
}

ValueIterationResult solve_graph(const GraphValues& values, const ValueIterationOptions& options) {
  return value_iteration(values, options);
}

std::vector<std::vector<double>> returns_under(const ModelGraph& graph, const std::vector<int>& actions,
                                               const ValueIterationOptions& options) {
  std::vector<std::vector<double>> out;
  for (int p = 0; p < graph.players(); ++p) {
    const auto chosen = [&](std::size_t s) { return actions.empty() ? 0 : actions[s]; };
    out.push_back(policy_evaluation(GraphValues::of_player(graph, p), chosen, options).values);
  }
  return out;
}

}  // namespace verflixt::core
