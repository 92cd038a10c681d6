#pragma once
// Exact evaluation of a compiled turn (chain.h): the chain is an absorbing Markov chain, so
// the probability of ending in each terminal state is one linear solve. Compiled turns are
// almost always acyclic (a push-your-luck turn only moves forward), and then a single forward
// pass in topological order is exact and linear in the chain's size; a chain with cycles
// (exotic rule variants) is solved with Eigen's sparse LU instead.
#include <map>

#include "verflixt/core/chain.h"

namespace verflixt::core {

struct MarkovResult {
  double ev = 0;                       // expected solo value
  double bust_probability = 0;         // probability of ending eliminated (T5, J6)
  std::map<int, double> distribution;  // solo value -> probability (sums to 1)
  bool acyclic = true;                 // solved by the topological pass (else sparse LU)
};

// Throws std::invalid_argument for a malformed chain (bad indices, rows not summing to 1).
MarkovResult evaluate_chain(const Chain& chain);

// The expected solo value from every state (terminal states: their value), by the same
// method. Useful to compare a chain against another model state by state.
std::vector<double> state_values(const Chain& chain);

}  // namespace verflixt::core
