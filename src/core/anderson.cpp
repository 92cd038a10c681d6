#include "verflixt/core/anderson.h"

#include <stdexcept>

#include <Eigen/Dense>

namespace verflixt::core {

std::vector<double> Anderson::next(const std::vector<double>& x, const std::vector<double>& f) {
  if (x.size() != f.size()) throw std::invalid_argument("Anderson: a guess and its image differ in size");
  const std::size_t n = x.size();
  std::vector<double> g(n);
  for (std::size_t i = 0; i < n; ++i) g[i] = f[i] - x[i];
  if (!last_x_.empty() && depth_ > 0) {
    std::vector<double> dx(n), dg(n);
    for (std::size_t i = 0; i < n; ++i) {
      dx[i] = x[i] - last_x_[i];
      dg[i] = g[i] - last_g_[i];
    }
    dx_.push_back(std::move(dx));
    dg_.push_back(std::move(dg));
    if (dx_.size() > depth_) {
      dx_.pop_front();
      dg_.pop_front();
    }
  }
  last_x_ = x;
  last_g_ = g;
  std::vector<double> out = f;
  if (dg_.empty()) return out;
  // gamma = argmin |g - DG gamma|; next = x + g - (DX + DG) gamma = f - (DX + DG) gamma.
  const auto m = static_cast<Eigen::Index>(dg_.size());
  Eigen::MatrixXd dg(static_cast<Eigen::Index>(n), m);
  Eigen::VectorXd rhs(static_cast<Eigen::Index>(n));
  for (std::size_t i = 0; i < n; ++i) {
    rhs(static_cast<Eigen::Index>(i)) = g[i];
    for (Eigen::Index j = 0; j < m; ++j) dg(static_cast<Eigen::Index>(i), j) = dg_[static_cast<std::size_t>(j)][i];
  }
  const Eigen::VectorXd gamma = dg.colPivHouseholderQr().solve(rhs);
  if (!gamma.allFinite()) return out;
  for (std::size_t i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < m; ++j) {
      const auto k = static_cast<std::size_t>(j);
      out[i] -= (dx_[k][i] + dg_[k][i]) * gamma(j);
    }
  return out;
}

}  // namespace verflixt::core
