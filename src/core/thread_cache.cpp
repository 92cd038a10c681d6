#include "verflixt/core/thread_cache.h"

#include <omp.h>

#include <algorithm>
#include <mutex>
#include <vector>

namespace verflixt::core {
namespace {

std::mutex& registry_mutex() {
  static std::mutex m;
  return m;
}

std::vector<void (*)()>& registry() {
  static std::vector<void (*)()> clears;
  return clears;
}

}  // namespace

bool register_thread_cache(void (*clear)()) {
  const std::lock_guard lock(registry_mutex());
  registry().push_back(clear);
  return true;
}

void clear_thread_caches(int threads) {
  std::vector<void (*)()> clears;
  {
    const std::lock_guard lock(registry_mutex());
    clears = registry();
  }
  // Every thread of the team runs each clear once (the calling thread is the team's first).
#pragma omp parallel num_threads(std::max(1, threads))
  for (auto clear : clears) clear();
}

}  // namespace verflixt::core
