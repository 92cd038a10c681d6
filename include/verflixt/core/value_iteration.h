#pragma once
// Value iteration over any finite game model with chance: the optimal value of every state
// (the player to move maximizes) or the value of a fixed policy, by Gauss–Seidel or Jacobi
// sweeps until the largest change in a sweep (the residual) falls below a tolerance or an
// iteration cap is hit. Cycles are allowed (in a race game both players can fail and come back
// to the same state), which is why this iterates instead of recursing backwards.
//
// A model M provides, for states numbered 0..state_count()-1:
//   std::size_t state_count() const;
//   int action_count(std::size_t s) const;     // 0: s is terminal
//   double terminal_value(std::size_t s) const; // used when action_count(s) == 0
//   template <class Visit> void successors(std::size_t s, int a, Visit&& visit) const;
//     calls visit(Successor) for every chance outcome of action a in state s.
// A successor contributes probability * (offset + scale * V[next]); with next == kNoState it
// contributes probability * offset. Values are from the view of the player to move in each
// state, so a two-player win probability passes the turn with scale -1, offset 1
// (P(I win) = 1 - P(the opponent, now to move, wins)); a discounted reward uses scale gamma.
// Gauss–Seidel sweeps states in index order and uses values updated earlier in the sweep, so
// a model numbers its states in the order that spreads information fastest.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "verflixt/core/budget.h"
#include "verflixt/core/run_control.h"

namespace verflixt::core {

inline constexpr std::size_t kNoState = std::numeric_limits<std::size_t>::max();

// One chance outcome of an action, as the Bellman update reads it.
struct Successor {
  double probability;
  std::size_t next;  // kNoState: the game ended, the value is `offset`
  double scale = 1.0;
  double offset = 0.0;
};

enum class Sweep : std::uint8_t { GaussSeidel, Jacobi };

struct ValueIterationOptions {
  Sweep sweep = Sweep::GaussSeidel;
  double tolerance = 1e-12;      // stop once a sweep changes no value by more than this
  int max_iterations = 100000;   // and never sweep more often than this (per block)
  const RunControl* control = nullptr;  // its stop flag is polled between sweeps (Ctrl-C)
  // The states cut into blocks solved one after another: block b holds the states up to
  // (not including) blocks[b], from where block b - 1 ended. A model whose every successor
  // lies in its own block or an earlier one (a game whose levels only rise, numbered from
  // the last level down) is solved a block at a time, each converging in a few sweeps of its
  // own states, instead of sweeping the whole game until its slowest corner settles. Empty:
  // one block of every state.
  std::vector<std::size_t> blocks = {};
};

struct ValueIterationResult {
  std::vector<double> values;    // per state, for the player to move
  std::vector<int> actions;      // per state, the maximizing (or given) action; -1 if terminal
  double residual = 0;           // the largest change in the last sweep (of any block)
  int iterations = 0;            // sweeps made (of every block together)
  bool converged = false;        // residual <= tolerance
};

// The value of action a in state s under the current values.
template <class Model>
double action_value(const Model& model, const std::vector<double>& values, std::size_t s, int a) {
  double q = 0;
  model.successors(s, a, [&](const Successor& x) {
    q += x.probability * (x.next == kNoState ? x.offset : x.offset + x.scale * values[x.next]);
  });
  return q;
}

// The shared sweep loop: `choose(s, values)` returns (value, action) of state s.
template <class Model, class Choose>
ValueIterationResult iterate_values(const Model& model, const ValueIterationOptions& options, Choose choose) {
  const std::size_t n = model.state_count();
  ValueIterationResult r;
  r.values.assign(n, 0.0);
  r.actions.assign(n, -1);
  for (std::size_t s = 0; s < n; ++s)
    if (model.action_count(s) == 0) r.values[s] = model.terminal_value(s);
  std::vector<double> next;
  if (options.sweep == Sweep::Jacobi) next = r.values;
  std::vector<std::size_t> ends = options.blocks;
  if (ends.empty() || ends.back() != n) ends.push_back(n);
  r.converged = true;
  r.residual = 0;
  std::size_t first = 0;
  for (const std::size_t end : ends) {
    bool settled = false;
    double residual = std::numeric_limits<double>::infinity();
    for (int sweeps = 0; sweeps < options.max_iterations; ++sweeps) {
      if (options.control && options.control->stopped()) break;
      checkpoint();  // a request's deadline and memory (core/budget.h)
      residual = 0;
      std::vector<double>& out = options.sweep == Sweep::Jacobi ? next : r.values;
      for (std::size_t s = first; s < end; ++s) {
        if (model.action_count(s) == 0) continue;
        const auto [v, a] = choose(s, r.values);
        residual = std::max(residual, std::abs(v - r.values[s]));
        out[s] = v;
        r.actions[s] = a;
      }
      if (options.sweep == Sweep::Jacobi) std::copy(next.begin() + static_cast<std::ptrdiff_t>(first),
                                                    next.begin() + static_cast<std::ptrdiff_t>(end),
                                                    r.values.begin() + static_cast<std::ptrdiff_t>(first));
      ++r.iterations;
      if (residual <= options.tolerance) {
        settled = true;
        break;
      }
    }
    r.residual = std::max(r.residual, residual);
    if (!settled) {
      r.converged = false;
      break;  // a later block would be solved on values not yet settled
    }
    first = end;
  }
  return r;
}

// Optimal values: every state takes the action of highest value; on a tie the lower action
// index wins, so a model lists its preferred action first.
template <class Model>
ValueIterationResult value_iteration(const Model& model, const ValueIterationOptions& options = {}) {
  return iterate_values(model, options, [&](std::size_t s, const std::vector<double>& v) {
    const int actions = model.action_count(s);
    double best = action_value(model, v, s, 0);
    int best_a = 0;
    for (int a = 1; a < actions; ++a) {
      const double q = action_value(model, v, s, a);
      if (q > best) best = q, best_a = a;
    }
    return std::pair{best, best_a};
  });
}

// The values of a fixed policy: `policy(s)` names the action played in state s.
template <class Model, class Policy>
ValueIterationResult policy_evaluation(const Model& model, Policy policy, const ValueIterationOptions& options = {}) {
  return iterate_values(model, options, [&](std::size_t s, const std::vector<double>& v) {
    const int a = policy(s);
    return std::pair{action_value(model, v, s, a), a};
  });
}

}  // namespace verflixt::core
