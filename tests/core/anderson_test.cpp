#include "verflixt/core/anderson.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace verflixt::core {
namespace {

// x = A x + b with A a slow contraction (spectral radius 0.95): the fixed point solves
// (I - A) x = b, found here by Cramer's rule, independently of the iteration.
struct Linear {
  double a[3][3] = {{0.5, 0.3, 0.1}, {0.2, 0.6, 0.1}, {0.1, 0.2, 0.6}};
  double b[3] = {1.0, -2.0, 0.5};
  std::vector<double> operator()(const std::vector<double>& x) const {
    std::vector<double> y(3);
    for (int i = 0; i < 3; ++i) y[i] = b[i] + a[i][0] * x[0] + a[i][1] * x[1] + a[i][2] * x[2];
    return y;
  }
  std::vector<double> exact() const {
    double m[3][3];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) m[i][j] = (i == j ? 1.0 : 0.0) - a[i][j];
    const auto det = [](double q[3][3]) {
      return q[0][0] * (q[1][1] * q[2][2] - q[1][2] * q[2][1]) - q[0][1] * (q[1][0] * q[2][2] - q[1][2] * q[2][0]) +
             q[0][2] * (q[1][0] * q[2][1] - q[1][1] * q[2][0]);
    };
    const double d = det(m);
    std::vector<double> x(3);
    for (int c = 0; c < 3; ++c) {
      double q[3][3];
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) q[i][j] = j == c ? b[i] : m[i][j];
      x[static_cast<std::size_t>(c)] = det(q) / d;
    }
    return x;
  }
};

double distance(const std::vector<double>& x, const std::vector<double>& y) {
  double d = 0;
  for (std::size_t i = 0; i < x.size(); ++i) d = std::max(d, std::abs(x[i] - y[i]));
  return d;
}

// On a linear map of dimension n, Anderson with depth >= n reaches the fixed point within a
// few steps past n; the plain iteration is still far from it after as many.
TEST(Anderson, ReachesTheFixedPointOfALinearMapInAFewSteps) {
  const Linear f;
  const std::vector<double> target = f.exact();
  std::vector<double> x(3, 0.0), plain(3, 0.0);
  Anderson accelerate(5);
  for (int k = 0; k < 8; ++k) {
    x = accelerate.next(x, f(x));
    plain = f(plain);
  }
  EXPECT_LT(distance(x, target), 1e-10);
  EXPECT_GT(distance(plain, target), 1e-2);
}

TEST(Anderson, DepthZeroIsThePlainIteration) {
  const Linear f;
  std::vector<double> x(3, 0.0), plain(3, 0.0);
  Anderson none(0);
  for (int k = 0; k < 5; ++k) {
    x = none.next(x, f(x));
    plain = f(plain);
  }
  EXPECT_EQ(x, plain);
  EXPECT_THROW(none.next(x, std::vector<double>(2)), std::invalid_argument);
}

}  // namespace
}  // namespace verflixt::core
