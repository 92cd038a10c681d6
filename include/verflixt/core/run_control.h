#pragma once
// How a long computation reports progress and learns that it should stop early (Ctrl-C).
// Library loops poll `stop` between work chunks and keep every finished chunk, so an
// interrupted run still returns an honest, smaller result.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

namespace verflixt::core {

struct RunControl {
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;  // may be empty
  const std::atomic<bool>* stop = nullptr;                                // may be null
  // Where a computation of several stages is ("sweep 3 (of at most 1000)"), shown beside its
  // progress; may be empty.
  std::function<void(const std::string& stage)> stage;

  bool stopped() const { return stop && stop->load(std::memory_order_relaxed); }
  void report(std::uint64_t done, std::uint64_t total) const {
    if (progress) progress(done, total);
  }
  void enter(const std::string& what) const {
    if (stage) stage(what);
  }
};

}  // namespace verflixt::core
