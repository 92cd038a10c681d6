// The core's value iteration on a game with a closed-form answer: a gambler at 0..N who may
// bet a fair coin or a 60:40 coin (or, in the fixed-policy test, only the fair one). The
// ruin probabilities are textbook: fair V(i) = i / N; biased V(i) = (1 - r^i) / (1 - r^N),
// r = q / p. A discounted "stay" action (a self-loop) checks that cycles and scales work.
#include "verflixt/core/value_iteration.h"

#include <gtest/gtest.h>

#include <cmath>

#include "verflixt/core/compiled_model.h"

namespace verflixt::core {
namespace {

class Gambler {
 public:
  explicit Gambler(int n) : n_(n) {}
  std::size_t state_count() const { return static_cast<std::size_t>(n_ + 1); }
  int action_count(std::size_t s) const { return s == 0 || s == static_cast<std::size_t>(n_) ? 0 : 3; }
  double terminal_value(std::size_t s) const { return s == 0 ? 0.0 : 1.0; }
  template <class Visit>
  void successors(std::size_t s, int a, Visit&& visit) const {
    if (a == 2) {  // stay, at a price: a self-loop (a cycle) worth 0.9 of the state, never best
      visit(Successor{1.0, s, 0.9, 0.0});
      return;
    }
    const double up = a == 0 ? 0.5 : 0.6;
    visit(Successor{up, s + 1});
    visit(Successor{1 - up, s - 1});
  }

 private:
  int n_;
};

double biased(int i, int n) {
  const double r = 0.4 / 0.6;
  return (1 - std::pow(r, i)) / (1 - std::pow(r, n));
}

TEST(ValueIteration, GaussSeidelAndJacobiFindTheBiasedCoin) {
  const Gambler g(10);
  for (Sweep sweep : {Sweep::GaussSeidel, Sweep::Jacobi}) {
    ValueIterationOptions o;
    o.sweep = sweep;
    o.tolerance = 1e-13;
    const ValueIterationResult r = value_iteration(g, o);
    EXPECT_TRUE(r.converged);
    EXPECT_LE(r.residual, 1e-13);
    EXPECT_GT(r.iterations, 1);
    for (int i = 1; i < 10; ++i) {
      EXPECT_NEAR(r.values[i], biased(i, 10), 1e-10) << i;
      EXPECT_EQ(r.actions[i], 1) << i;
    }
    EXPECT_EQ(r.actions[0], -1);
    EXPECT_EQ(r.values[10], 1.0);
  }
}

TEST(ValueIteration, PolicyEvaluationOfTheFairCoin) {
  const Gambler g(8);
  const ValueIterationResult r = policy_evaluation(g, [](std::size_t) { return 0; });
  EXPECT_TRUE(r.converged);
  for (int i = 0; i <= 8; ++i) EXPECT_NEAR(r.values[i], i / 8.0, 1e-9) << i;
}

TEST(ValueIteration, IterationCapReportsNotConverged) {
  ValueIterationOptions o;
  o.max_iterations = 3;
  const ValueIterationResult r = value_iteration(Gambler(50), o);
  EXPECT_EQ(r.iterations, 3);
  EXPECT_FALSE(r.converged);
  EXPECT_GT(r.residual, o.tolerance);
}

TEST(ValueIteration, StopRequestEndsBeforeTheFirstSweep) {
  std::atomic<bool> stop{true};
  RunControl control;
  control.stop = &stop;
  ValueIterationOptions o;
  o.control = &control;
  const ValueIterationResult r = value_iteration(Gambler(10), o);
  EXPECT_EQ(r.iterations, 0);
  EXPECT_FALSE(r.converged);
}

TEST(CompiledModel, SameValuesAsTheModelAndFixedPolicy) {
  const Gambler g(12);
  const CompiledModel c(g);
  EXPECT_EQ(c.state_count(), g.state_count());
  const auto a = value_iteration(g), b = value_iteration(c);
  EXPECT_EQ(a.values, b.values);  // the same arithmetic in the same order
  EXPECT_EQ(a.actions, b.actions);
  const auto fair = [](std::size_t) { return 0; };
  const CompiledModel f{FixedPolicy(g, fair)};
  const auto r = value_iteration(f);
  for (int i = 0; i <= 12; ++i) EXPECT_NEAR(r.values[i], i / 12.0, 1e-9) << i;
}

}  // namespace
}  // namespace verflixt::core
