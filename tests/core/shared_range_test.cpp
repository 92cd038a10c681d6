// A range shared with the idle threads of a team (core/shared_range.h): every step runs once,
// in chunks of at most the grain; outside a team the range is one call on the caller; a
// chunk's exception reaches the caller after every chunk has ended; the caller's budget
// goes with each chunk; and idle threads do take chunks.
#include "verflixt/core/shared_range.h"

#include <gtest/gtest.h>
#include <omp.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

namespace verflixt::core {
namespace {

TEST(SharedRange, OutsideATeamTheRangeIsOneCallOnTheCaller) {
  std::vector<std::pair<std::size_t, std::size_t>> calls;
  share_range(1000, 16, [&](std::size_t b, std::size_t e) { calls.emplace_back(b, e); });
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(calls[0], std::make_pair(std::size_t{0}, std::size_t{1000}));
  calls.clear();
  share_range(0, 16, [&](std::size_t b, std::size_t e) { calls.emplace_back(b, e); });
  EXPECT_TRUE(calls.empty());
}

// One thread of a team of three shares a range while the other two have nothing else to do:
// the steps are covered once each, in chunks no longer than the grain, and some chunk runs on
// another thread than the caller.
TEST(SharedRange, InATeamEveryStepRunsOnceAndIdleThreadsTakeChunks) {
  constexpr std::size_t n = 10'000, grain = 37;
  std::vector<std::atomic<int>> runs(n);
  std::mutex m;
  std::set<int> threads;
  std::size_t longest = 0;
  int caller = -1;
#pragma omp parallel num_threads(3)
  {
#pragma omp single
    {
      caller = omp_get_thread_num();
      share_range(n, grain, [&](std::size_t b, std::size_t e) {
        for (std::size_t k = b; k < e; ++k) runs[k].fetch_add(1);
        std::this_thread::sleep_for(std::chrono::microseconds(200));  // time for the others to join
        const std::lock_guard<std::mutex> lock(m);
        threads.insert(omp_get_thread_num());
        longest = std::max(longest, e - b);
      });
    }
  }
  for (std::size_t k = 0; k < n; ++k) ASSERT_EQ(runs[k].load(), 1) << "step " << k;
  EXPECT_LE(longest, grain);
  EXPECT_GE(threads.size(), 2u) << "no chunk ran on an idle thread";
  EXPECT_TRUE(threads.count(caller)) << "the caller took no chunk while it waited";
}

TEST(SharedRange, AChunksExceptionReachesTheCallerAfterTheOthersEnd) {
  std::atomic<int> running{0}, ended{0};
  bool caught = false;
  int running_when_caught = -1;
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    {
      try {
        share_range(64, 1, [&](std::size_t b, std::size_t) {
          ++running;
          std::this_thread::sleep_for(std::chrono::microseconds(100));
          --running;
          ++ended;
          if (b == 5) throw std::runtime_error("chunk 5");
        });
      } catch (const std::runtime_error& e) {
        caught = std::string(e.what()) == "chunk 5";
        running_when_caught = running.load();
      }
    }
  }
  EXPECT_TRUE(caught);
  EXPECT_EQ(running_when_caught, 0);
  EXPECT_LT(ended.load(), 64) << "the chunks after the failure were not skipped";
}

TEST(SharedRange, EachChunkWorksUnderTheCallersBudget) {
  std::atomic<bool> stop{true};
  const Budget budget(Budget::Limits{}, &stop);
  bool interrupted = false;
  std::atomic<int> without{0};
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    {
      const Budget::Scope scope(&budget);
      try {
        share_range(100, 10, [&](std::size_t, std::size_t) {
          if (Budget::current() != &budget) ++without;
          checkpoint();
        });
      } catch (const Interrupted&) {
        interrupted = true;
      }
    }
  }
  EXPECT_TRUE(interrupted);
  EXPECT_EQ(without.load(), 0);
}

}  // namespace
}  // namespace verflixt::core
