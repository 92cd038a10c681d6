#include "verflixt/core/stats.h"

#include <algorithm>
#include <cmath>

namespace verflixt::core {

void Tally::add_many(int value, std::uint64_t count, std::uint64_t eliminated_count) {
  if (count == 0) return;
  n_ += count;
  sum_ += static_cast<std::int64_t>(value) * static_cast<std::int64_t>(count);
  sum_sq_ += static_cast<std::int64_t>(value) * value * static_cast<std::int64_t>(count);
  busts_ += eliminated_count;
  hist_[value] += count;
}

void Tally::merge(const Tally& o) {
  n_ += o.n_;
  sum_ += o.sum_;
  sum_sq_ += o.sum_sq_;
  busts_ += o.busts_;
  for (const auto& [v, c] : o.hist_) hist_[v] += c;
}

double Tally::mean() const { return n_ ? static_cast<double>(sum_) / static_cast<double>(n_) : 0.0; }

double Tally::variance() const {
  if (n_ < 2) return 0.0;
  const double n = static_cast<double>(n_);
  const double m = static_cast<double>(sum_) / n;
  return (static_cast<double>(sum_sq_) - n * m * m) / (n - 1.0);
}

double Tally::stderr_mean() const {
  return n_ ? std::sqrt(variance() / static_cast<double>(n_)) : 0.0;
}

Estimate proportion(std::uint64_t hits, std::uint64_t n) {
  if (n == 0) return {};
  const double p = static_cast<double>(hits) / static_cast<double>(n);
  return {p, std::sqrt(p * (1.0 - p) / static_cast<double>(n))};
}

double Tally::bust_rate() const { return proportion(busts_, n_).mean; }

double Tally::bust_stderr() const { return proportion(busts_, n_).se; }

int Tally::percentile(double q) const {
  if (n_ == 0) return 0;
  const double need = q * static_cast<double>(n_);
  std::uint64_t seen = 0;
  for (const auto& [v, c] : hist_) {
    seen += c;
    if (static_cast<double>(seen) >= need) return v;
  }
  return hist_.rbegin()->first;
}

Estimate mean_from_sums(double n, double sum, double sum_sq, double per) {
  Estimate e;
  if (n == 0) return e;
  const double m = sum / n;
  e.mean = m / per;
  if (n > 1) {
    const double var = (sum_sq - n * m * m) / (n - 1.0);
    e.se = std::sqrt(std::max(0.0, var) / n) / per;
  }
  return e;
}

Estimate mean_from_values(const std::vector<double>& x) {
  Estimate e;
  if (x.empty()) return e;
  const double n = static_cast<double>(x.size());
  double sum = 0;
  for (double v : x) sum += v;
  e.mean = sum / n;
  if (x.size() > 1) {
    double ss = 0;
    for (double v : x) ss += (v - e.mean) * (v - e.mean);
    e.se = std::sqrt(ss / (n - 1.0) / n);
  }
  return e;
}

Estimate paired_difference(const PairedSums& s, double px, double py) {
  Estimate e;
  if (s.n == 0) return e;
  const double n = s.n;
  const double mx = s.x / n, my = s.y / n;
  e.mean = mx / px - my / py;
  if (n < 2) return e;
  auto cov = [n](double cross, double mi, double mj) { return (cross - n * mi * mj) / (n - 1.0); };
  const double var = cov(s.xx, mx, mx) / (px * px) + cov(s.yy, my, my) / (py * py) - 2.0 * cov(s.xy, mx, my) / (px * py);
  e.se = std::sqrt(std::max(0.0, var) / n);
  return e;
}

}  // namespace verflixt::core
