#pragma once
// A game model (see value_iteration.h for the interface) flattened once into arrays: every
// state's actions and every action's successors, with the distinct (scale, offset) pairs kept
// in a small table. Readable models build states and apply rules on every call; value
// iteration calls them a hundred times per state, so compiling first makes a sweep a pass
// over memory. It is itself a model, and FixedPolicy restricts one to a policy's actions.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "verflixt/core/value_iteration.h"

namespace verflixt::core {

class CompiledModel {
 public:
  template <class Model>
  explicit CompiledModel(const Model& model) {
    const std::size_t n = model.state_count();
    if (n >= kNone) throw std::length_error("CompiledModel: more than 2^32 - 1 states");
    state_begin_.reserve(n + 1);
    terminal_.assign(n, 0.0);
    for (std::size_t s = 0; s < n; ++s) {
      if ((s & 1023) == 0) checkpoint();  // a request's deadline and memory (core/budget.h)
      state_begin_.push_back(static_cast<std::uint32_t>(action_begin_.size()));
      const int actions = model.action_count(s);
      if (actions == 0) terminal_[s] = model.terminal_value(s);
      for (int a = 0; a < actions; ++a) {
        action_begin_.push_back(edges_.size());
        model.successors(s, a, [&](const Successor& x) {
          edges_.push_back({x.probability, x.next == kNoState ? kNone : static_cast<std::uint32_t>(x.next),
                            kind_of(x.scale, x.offset)});
        });
      }
    }
    state_begin_.push_back(static_cast<std::uint32_t>(action_begin_.size()));
    action_begin_.push_back(edges_.size());
  }

  std::size_t state_count() const { return terminal_.size(); }
  int action_count(std::size_t s) const { return static_cast<int>(state_begin_[s + 1] - state_begin_[s]); }
  double terminal_value(std::size_t s) const { return terminal_[s]; }
  template <class Visit>
  void successors(std::size_t s, int a, Visit&& visit) const {
    const std::size_t act = state_begin_[s] + static_cast<std::size_t>(a);
    for (std::size_t e = action_begin_[act]; e < action_begin_[act + 1]; ++e) {
      const Edge& x = edges_[e];
      const auto& [scale, offset] = kinds_[x.kind];
      visit(Successor{x.probability, x.next == kNone ? kNoState : x.next, scale, offset});
    }
  }

 private:
  static constexpr std::uint32_t kNone = 0xffffffffu;
  struct Edge {
    double probability;
    std::uint32_t next;
    std::uint32_t kind;
  };
  std::uint32_t kind_of(double scale, double offset) {
    for (std::size_t k = 0; k < kinds_.size(); ++k)
      if (kinds_[k].first == scale && kinds_[k].second == offset) return static_cast<std::uint32_t>(k);
    kinds_.emplace_back(scale, offset);
    return static_cast<std::uint32_t>(kinds_.size() - 1);
  }

  std::vector<std::uint32_t> state_begin_;  // into action_begin_, one past the end last
  std::vector<std::size_t> action_begin_;   // into edges_
  std::vector<Edge> edges_;
  std::vector<std::pair<double, double>> kinds_;
  std::vector<double> terminal_;
};

// A model in which every non-terminal state offers only the action `policy(s)` (as action 0).
template <class Model, class Policy>
class FixedPolicy {
 public:
  FixedPolicy(const Model& model, Policy policy) : model_(model), policy_(std::move(policy)) {}
  std::size_t state_count() const { return model_.state_count(); }
  int action_count(std::size_t s) const { return model_.action_count(s) == 0 ? 0 : 1; }
  double terminal_value(std::size_t s) const { return model_.terminal_value(s); }
  template <class Visit>
  void successors(std::size_t s, int, Visit&& visit) const {
    model_.successors(s, policy_(s), visit);
  }

 private:
  const Model& model_;
  Policy policy_;
};

}  // namespace verflixt::core
