#include "verflixt/core/markov.h"

#include <Eigen/SparseCore>
#include <Eigen/SparseLU>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace verflixt::core {
namespace {

void check(const Chain& c) {
  const std::size_t n = c.size();
  if (c.terminal.size() != n || c.eliminated.size() != n || c.first.size() != n + 1 || c.start >= n ||
      c.outcome_next.size() != c.outcome_prob.size() || c.first.back() != c.outcome_next.size())
    throw std::invalid_argument("markov: malformed chain (array sizes)");
  for (std::size_t s = 0; s < n; ++s) {
    if (c.first[s] > c.first[s + 1]) throw std::invalid_argument("markov: malformed chain (row bounds)");
    if (c.terminal[s]) {
      if (c.first[s] != c.first[s + 1]) throw std::invalid_argument("markov: a terminal state has outcomes");
      continue;
    }
    double sum = 0;
    for (std::uint32_t k = c.first[s]; k < c.first[s + 1]; ++k) {
      if (c.outcome_next[k] >= n) throw std::invalid_argument("markov: outcome index out of range");
      sum += c.outcome_prob[k];
    }
    if (std::fabs(sum - 1) > 1e-9)
      throw std::invalid_argument("markov: outcomes of state " + std::to_string(s) + " sum to " + std::to_string(sum));
  }
}

// Kahn's algorithm; returns an empty order if the chain has a cycle.
std::vector<std::uint32_t> topological_order(const Chain& c) {
  const std::size_t n = c.size();
  std::vector<std::uint32_t> indeg(n, 0);
  for (auto v : c.outcome_next) ++indeg[v];
  std::vector<std::uint32_t> order;
  order.reserve(n);
  for (std::uint32_t s = 0; s < n; ++s)
    if (indeg[s] == 0) order.push_back(static_cast<std::uint32_t>(s));
  for (std::size_t i = 0; i < order.size(); ++i) {
    const std::uint32_t u = order[i];
    for (std::uint32_t k = c.first[u]; k < c.first[u + 1]; ++k)
      if (--indeg[c.outcome_next[k]] == 0) order.push_back(c.outcome_next[k]);
  }
  if (order.size() != n) order.clear();
  return order;
}

// The sparse matrix I - P (or its transpose) over all states; terminal rows are identity.
Eigen::SparseMatrix<double> fundamental(const Chain& c, bool transpose) {
  const auto n = static_cast<Eigen::Index>(c.size());
  std::vector<Eigen::Triplet<double>> t;
  t.reserve(c.outcome_next.size() + c.size());
  for (Eigen::Index s = 0; s < n; ++s) t.emplace_back(s, s, 1.0);
  for (std::size_t s = 0; s < c.size(); ++s)
    for (std::uint32_t k = c.first[s]; k < c.first[s + 1]; ++k) {
      const auto u = static_cast<Eigen::Index>(s), v = static_cast<Eigen::Index>(c.outcome_next[k]);
      if (transpose) t.emplace_back(v, u, -c.outcome_prob[k]);
      else t.emplace_back(u, v, -c.outcome_prob[k]);
    }
  Eigen::SparseMatrix<double> m(n, n);
  m.setFromTriplets(t.begin(), t.end());
  m.makeCompressed();
  return m;
}

Eigen::VectorXd sparse_solve(const Eigen::SparseMatrix<double>& m, const Eigen::VectorXd& b) {
  Eigen::SparseLU<Eigen::SparseMatrix<double>> lu;
  lu.analyzePattern(m);
  lu.factorize(m);
  if (lu.info() != Eigen::Success)
    throw std::invalid_argument("markov: the chain is not absorbing (singular system)");
  return lu.solve(b);
}

}  // namespace

MarkovResult evaluate_chain(const Chain& c) {
  check(c);
  const std::size_t n = c.size();
  // reach[s]: expected visits of s from the start; for a terminal state, the probability of
  // ending there (it is visited at most once).
  std::vector<double> reach(n, 0.0);
  MarkovResult res;
  const auto order = topological_order(c);
  if (!order.empty()) {
    reach[c.start] = 1.0;
    for (auto u : order)
      for (std::uint32_t k = c.first[u]; k < c.first[u + 1]; ++k) reach[c.outcome_next[k]] += reach[u] * c.outcome_prob[k];
  } else {
    res.acyclic = false;
    Eigen::VectorXd b = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(n));
    b[static_cast<Eigen::Index>(c.start)] = 1.0;
    const Eigen::VectorXd y = sparse_solve(fundamental(c, true), b);
    for (std::size_t s = 0; s < n; ++s) reach[s] = y[static_cast<Eigen::Index>(s)];
  }
  for (std::size_t s = 0; s < n; ++s) {
    if (!c.terminal[s] || reach[s] == 0) continue;
    res.ev += reach[s] * c.value[s];
    if (c.eliminated[s]) res.bust_probability += reach[s];
    res.distribution[c.value[s]] += reach[s];
  }
  return res;
}

std::vector<double> state_values(const Chain& c) {
  check(c);
  const std::size_t n = c.size();
  std::vector<double> v(n, 0.0);
  const auto order = topological_order(c);
  if (!order.empty()) {
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      const auto u = *it;
      if (c.terminal[u]) {
        v[u] = c.value[u];
        continue;
      }
      double e = 0;
      for (std::uint32_t k = c.first[u]; k < c.first[u + 1]; ++k) e += c.outcome_prob[k] * v[c.outcome_next[k]];
      v[u] = e;
    }
    return v;
  }
  Eigen::VectorXd b = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(n));
  for (std::size_t s = 0; s < n; ++s)
    if (c.terminal[s]) b[static_cast<Eigen::Index>(s)] = c.value[s];
  const Eigen::VectorXd x = sparse_solve(fundamental(c, false), b);
  for (std::size_t s = 0; s < n; ++s) v[s] = x[static_cast<Eigen::Index>(s)];
  return v;
}

}  // namespace verflixt::core
