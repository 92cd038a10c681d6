#pragma once
// Backward induction over any acyclic game with chance: the optimal value of every state (the
// player to move maximizes), the decision that reaches it, or the value of a fixed policy — in
// one pass, because when every successor of a state is numbered before it, each value needs
// only values already known. Games whose states can repeat need value_iteration.h instead;
// this shares its vocabulary (Successor, kNoState) and its tie rule.
//
// A state here is one round of expectimax: a chance node, a decision after each of its
// outcomes, and a chance node after each decision:
//   V(s) = Σ over outcomes o  P(o) · max over decisions a  Σ over successors x  p_x · (offset + scale · V[next])
// which covers both shapes of a dice turn: decide then throw (a single outcome of probability
// 1 before the decision) and throw then decide (a single successor of probability 1 after it).
// Multiplying by 1 and adding 0 are exact, so either degenerate form gives the value a
// hand-written loop over the same terms in the same order gives, to the last bit.
//
// A model M provides, for states numbered 0..state_count()-1 so that successors come first
// (every successor of s has a number below s):
//   std::size_t state_count() const;
//   template <class Visit> void outcomes(std::size_t s, Visit&& visit) const;
//     calls visit(probability, actions, successors) for every chance outcome of state s, in the
//     order its terms are to be summed: `actions` (>= 1) decisions follow it, and
//     successors(a, emit) calls emit(Successor) for every chance outcome of decision a, in
//     the order they are to be summed. A state that visits no outcome is worth 0 (a model can
//     leave unreachable numbers empty; an end of the game is a Successor with kNoState).
// and optionally
//   int incumbent(std::size_t s, int o) const;  // an action to keep on a tie, or -1 (see below)
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "verflixt/core/budget.h"
#include "verflixt/core/value_iteration.h"

namespace verflixt::core {

struct InductionOptions {
  // Values closer than this count as equal when choosing (rounding of sums of products can
  // split a true tie); 0 compares exactly, as value iteration does.
  double tie = 0;
};

// The maximizing decision among actions 0..actions-1 of values q(a): the first one of highest
// value — a later action replaces the best only when it is higher by more than `tie` — so a
// model lists its preferred action first. An `incumbent` (>= 0) within `tie` of that best is
// kept instead: improving a policy then changes only what truly gains, which is what lets
// alternating best responses stop. Returns (the best value, the chosen action); the value is
// the best one even when the incumbent is chosen.
template <class Q>
std::pair<double, int> best_action(int actions, Q&& q, double tie = 0, int incumbent = -1) {
  double best = q(0);
  double bar = best + tie;  // what a later action must exceed (kept, not added per action)
  int best_a = 0;
  double incumbent_value = incumbent == 0 ? best : 0;
  for (int a = 1; a < actions; ++a) {
    const double v = q(a);
    if (a == incumbent) incumbent_value = v;
    if (v > bar) best = v, bar = best + tie, best_a = a;
  }
  if (incumbent >= 0 && incumbent < actions && incumbent_value >= best - tie) best_a = incumbent;
  return {best, best_a};
}

// The pass itself: `choose(s, o, actions, q)` returns (value, action) after outcome o of state
// s, `record(s, o, action)` is told every decision. Returns the value of every state.
template <class Model, class Choose, class Record>
std::vector<double> induce(const Model& model, Choose&& choose, Record&& record) {
  const std::size_t n = model.state_count();
  std::vector<double> values(n, 0.0);
  for (std::size_t s = 0; s < n; ++s) {
    if ((s & 1023) == 0) checkpoint();  // a request's deadline and memory (core/budget.h)
    double v = 0;
    int o = 0;
    model.outcomes(s, [&](double probability, int actions, auto&& successors) {
      const auto q = [&](int a) {
        double sum = 0;
        successors(a, [&](const Successor& x) {
          sum += x.probability * (x.next == kNoState ? x.offset : x.offset + x.scale * values[x.next]);
        });
        return sum;
      };
      const auto [value, action] = choose(s, o, actions, q);
      record(s, o, action);
      v += probability * value;
      ++o;
    });
    values[s] = v;
  }
  return values;
}

// Optimal values, every decision handed to `decided(s, o, action)` as it is made — while
// outcome o of s is being visited, so a model can look up what its action number means there
// (a model that keeps its own compact decision table writes it this way).
template <class Model, class Decided>
std::vector<double> backward_induction(const Model& model, const InductionOptions& options, Decided&& decided) {
  return induce(
      model,
      [&](std::size_t s, int o, int actions, const auto& q) {
        int incumbent = -1;
        if constexpr (requires { model.incumbent(s, o); }) incumbent = model.incumbent(s, o);
        return best_action(actions, q, options.tie, incumbent);
      },
      decided);
}

// The decision table: decisions[first[s] + o] is the action chosen after outcome o of state s
// (first has state_count() + 1 entries).
struct InductionResult {
  std::vector<double> values;
  std::vector<std::size_t> first;
  std::vector<int> decisions;
  int decision(std::size_t s, int o) const { return decisions[first[s] + static_cast<std::size_t>(o)]; }
};

// Optimal values and the decision table.
template <class Model>
InductionResult backward_induction(const Model& model, const InductionOptions& options = {}) {
  InductionResult r;
  r.first.assign(model.state_count() + 1, 0);
  r.values = backward_induction(model, options, [&](std::size_t s, int, int action) {
    r.decisions.push_back(action);
    r.first[s + 1] = r.decisions.size();
  });
  // A state without outcomes made no decision: its range is empty.
  for (std::size_t s = 1; s < r.first.size(); ++s) r.first[s] = std::max(r.first[s], r.first[s - 1]);
  return r;
}

// The values of a fixed policy: `policy(s, o)` names the action played after outcome o of s.
template <class Model, class Policy>
std::vector<double> policy_values(const Model& model, Policy&& policy) {
  return induce(
      model, [&](std::size_t s, int o, int, const auto& q) { const int a = policy(s, o); return std::pair{q(a), a}; },
      [](std::size_t, int, int) {});
}

}  // namespace verflixt::core
