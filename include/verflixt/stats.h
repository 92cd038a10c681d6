#pragma once
// Tallies of solo values (integers) that merge exactly: sums are integers, so a run split
// into chunks and merged in chunk order gives the same bits on 1 or 64 threads — and merging
// in any order gives the same bits too. Every figure it reports comes with its error.
#include <cstdint>
#include <map>
#include <vector>

namespace verflixt {

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

// The two-sided 95% normal quantile used for every confidence interval we print.
inline constexpr double kZ95 = 1.959963984540054;

}  // namespace verflixt
