#pragma once
// A range of independent steps that a busy thread shares with the idle threads of its OpenMP
// team. A loop of very unequal items (the solo solver's loadouts: the largest is a seventh of
// all the work) leaves threads idle at its end while one item runs on; when that item splits
// its own work into independent ranges and calls share_range on each, the range's chunks
// become tasks, the idle threads (waiting at the loop's barrier, where OpenMP runs posted
// tasks) take some, and the calling thread takes the rest while it waits for them.
//
// The chunks must not depend on each other: which thread runs a chunk, and when, changes
// from run to run, so results may depend only on the range. Outside a team of two or more
// threads, or for a range of at most one chunk, the range runs in order on the calling
// thread with no task at all. Each task works under the caller's budget (budget.h); an
// exception may not leave a task, so the first one a chunk throws is kept, the chunks not yet
// started are skipped, and it is rethrown on the calling thread once every chunk has ended.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "verflixt/core/budget.h"

namespace verflixt::core {

// Calls work(begin, end) over [0, n) in chunks of `grain` steps (the last may be shorter).
template <class Work>
void share_range(std::size_t n, std::size_t grain, const Work& work) {
  grain = std::max<std::size_t>(grain, 1);
#ifdef _OPENMP
  if (n > grain && omp_in_parallel() && omp_get_num_threads() > 1) {
    const Budget* budget = Budget::current();
    std::exception_ptr error;
    std::mutex error_mutex;
    std::atomic<bool> failed{false};
    for (std::size_t begin = 0; begin < n; begin += grain) {
      const std::size_t end = std::min(n, begin + grain);
#pragma omp task default(shared) firstprivate(begin, end)
      {
        if (!failed.load(std::memory_order_relaxed)) {
          const Budget::Scope scope(budget);
          try {
            work(begin, end);
          } catch (...) {
            const std::lock_guard<std::mutex> lock(error_mutex);
            if (!error) error = std::current_exception();
            failed.store(true, std::memory_order_relaxed);
          }
        }
      }
    }
#pragma omp taskwait
    if (error) std::rethrow_exception(error);
    return;
  }
#endif
  if (n > 0) work(std::size_t{0}, n);
}

}  // namespace verflixt::core
