#pragma once
// Anderson acceleration of a fixed-point iteration x = F(x): instead of taking F(x_k) as the
// next guess, it takes the combination of the last few guesses whose residuals F(x) - x cancel
// best (least squares), which turns a linearly converging iteration into a much faster one
// when F is close to linear (Walker & Ni, "Anderson acceleration for fixed-point iterations",
// SIAM J. Numer. Anal. 2011). Only the step is accelerated: the fixed point is F's, so a
// caller still stops on its own residual |F(x) - x|.
#include <cstddef>
#include <deque>
#include <vector>

namespace verflixt::core {

class Anderson {
 public:
  // `depth`: how many past steps a guess combines (0: plain iteration, next = F(x)).
  explicit Anderson(std::size_t depth = 5) : depth_(depth) {}

  // The next guess after evaluating f = F(x). Deterministic: the same history, the same bits.
  std::vector<double> next(const std::vector<double>& x, const std::vector<double>& f);

 private:
  std::size_t depth_;
  std::vector<double> last_x_, last_g_;             // the previous guess and residual
  std::deque<std::vector<double>> dx_, dg_;         // their differences, newest last
};

}  // namespace verflixt::core
