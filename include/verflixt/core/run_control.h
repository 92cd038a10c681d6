#pragma once
// How a long computation reports progress and learns that it should stop early (Ctrl-C).
// Library loops poll `stop` between work chunks and keep every finished chunk, so an
// interrupted run still returns an honest, smaller result.
#include <atomic>
#include <cstdint>
#include <functional>

namespace verflixt::core {

struct RunControl {
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;  // may be empty
  const std::atomic<bool>* stop = nullptr;                                // may be null

  bool stopped() const { return stop && stop->load(std::memory_order_relaxed); }
  void report(std::uint64_t done, std::uint64_t total) const {
    if (progress) progress(done, total);
  }
};

}  // namespace verflixt::core
