#pragma once
// Tallies of solo values (integers) that merge exactly: sums are integers, so a run split
// into chunks and merged in chunk order gives the same bits on 1 or 64 threads — and merging
// in any order gives the same bits too. Every figure it reports comes with its error.
#include <cstdint>
#include <map>
#include <vector>

namespace verflixt::core {

class Tally {
 public:
  void add(int value, bool eliminated) {
    ++n_;
    sum_ += value;
    sum_sq_ += static_cast<std::int64_t>(value) * value;
    busts_ += eliminated;
    ++hist_[value];
  }
  // Adds `count` turns of the same value at once (the kernel's per-lane histograms).
  void add_many(int value, std::uint64_t count, std::uint64_t eliminated_count);
  void merge(const Tally& other);

  std::uint64_t turns() const { return n_; }
  std::int64_t sum() const { return sum_; }
  std::int64_t sum_sq() const { return sum_sq_; }
  std::uint64_t busts() const { return busts_; }
  double mean() const;
  double variance() const;      // sample variance (n - 1)
  double stderr_mean() const;   // standard error of the mean
  double bust_rate() const;
  double bust_stderr() const;   // binomial standard error of the bust rate
  // The q-quantile (0..1) of the values: the smallest v with P(X <= v) >= q.
  int percentile(double q) const;
  const std::map<int, std::uint64_t>& histogram() const { return hist_; }

  friend bool operator==(const Tally&, const Tally&) = default;

 private:
  std::uint64_t n_ = 0;
  std::int64_t sum_ = 0;
  std::int64_t sum_sq_ = 0;  // values stay within a few hundred: no overflow below 10^13 turns
  std::uint64_t busts_ = 0;
  std::map<int, std::uint64_t> hist_;
};

// A mean with its standard error.
struct Estimate {
  double mean = 0;
  double se = 0;
};

// The share of `n` trials that were hits, with its binomial standard error sqrt(p(1 − p)/n).
// No trial gives {0, 0}. Every P(win), P(pay), P(lose) and bust rate of the games is one.
Estimate proportion(std::uint64_t hits, std::uint64_t n);

// The mean of x / per over n observations from the sums Σx and Σx², with its standard
// error: var = (Σx² − n·m²) / (n − 1), se = sqrt(var / n) / per (a negative rounding of var
// counts as 0). No observation gives {0, 0}, one gives the mean with se 0.
Estimate mean_from_sums(double n, double sum, double sum_sq, double per = 1.0);

// The mean of the observations x and its standard error, summed in their order: the mean
// first, then the squared deviations from it (n − 1). Empty gives {0, 0}, one value se 0.
Estimate mean_from_values(const std::vector<double>& x);

// Sums over n paired observations (x, y) — the same dice for both: Σx, Σy, Σx², Σy², Σxy.
struct PairedSums {
  double n = 0;
  double x = 0, y = 0;
  double xx = 0, yy = 0, xy = 0;
};

// x / px − y / py with its paired standard error: the covariance of the pair is subtracted,
// var = Var x / px² + Var y / py² − 2 Cov(x, y) / (px·py), each (co)variance from the sums
// with n − 1; se = sqrt(var / n) (a negative rounding counts as 0). No pair gives {0, 0},
// one gives the difference with se 0.
Estimate paired_difference(const PairedSums& s, double px = 1.0, double py = 1.0);

// The two-sided 95% normal quantile used for every confidence interval we print.
inline constexpr double kZ95 = 1.959963984540054;

}  // namespace verflixt::core
