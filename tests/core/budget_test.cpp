// The budget of a computation (core/budget.h) and the thread caches a long-running process empties
// (core/thread_cache.h): what each limit refuses, how the run loop treats a chunk the budget cuts,
// and that the threads of a parallel region work under their caller's budget.
#include "verflixt/core/budget.h"

#include <gtest/gtest.h>
#include <omp.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <thread>
#include <vector>

#include "verflixt/core/chunks.h"
#include "verflixt/core/thread_cache.h"

namespace verflixt::core {
namespace {

using namespace std::chrono_literals;

TEST(Budget, WithoutABudgetNothingIsRefused) {
  ASSERT_EQ(Budget::current(), nullptr);
  EXPECT_NO_THROW(checkpoint());
  EXPECT_FALSE(budget_spent());
  EXPECT_NO_THROW(will_allocate(std::size_t{1} << 60, "a table"));
}

TEST(Budget, TheDeadlineRefusesWithTheRemedy) {
  const Budget b({.time = 20ms}, nullptr, "run it on the command line");
  const Budget::Scope scope(&b);
  EXPECT_NO_THROW(checkpoint());
  std::this_thread::sleep_for(40ms);
  EXPECT_TRUE(budget_spent());
  EXPECT_TRUE(b.over());
  try {
    checkpoint();
    FAIL() << "no refusal past the deadline";
  } catch (const BudgetExceeded& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("s allowed here"), std::string::npos) << what;
    EXPECT_NE(what.find("run it on the command line"), std::string::npos) << what;
  }
}

TEST(Budget, AStopRequestInterrupts) {
  std::atomic<bool> stop{false};
  const Budget b({}, &stop);
  const Budget::Scope scope(&b);
  EXPECT_NO_THROW(checkpoint());
  stop = true;
  EXPECT_THROW(checkpoint(), Interrupted);
  EXPECT_TRUE(b.over());
}

TEST(Budget, AnAllocationPastTheCeilingIsRefusedBeforeItIsMade) {
  const std::size_t held = memory_in_use();
  ASSERT_GT(held, 0u) << "the allocator's count is not available here";
  const Budget b({.memory = held + (std::size_t{64} << 20)});
  const Budget::Scope scope(&b);
  EXPECT_NO_THROW(will_allocate(std::size_t{1} << 20, "a small table"));
  try {
    will_allocate(std::size_t{1} << 30, "the race's value table");
    FAIL() << "a gigabyte past a 64 MB margin was not refused";
  } catch (const BudgetExceeded& e) {
    EXPECT_NE(std::string(e.what()).find("the race's value table"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(b.over());  // memory is no matter of time
}

// The first check reads the memory at once (nothing was read before it): a ceiling the process
// is already past is refused there, not a sampling interval later.
TEST(Budget, TheFirstCheckReadsTheMemory) {
  const std::size_t held = memory_in_use();
  ASSERT_GT(held, 0u) << "the allocator's count is not available here";
  const Budget b({.memory = held / 2});
  EXPECT_TRUE(b.spent());
  EXPECT_THROW(b.check(), BudgetExceeded);
  const Budget roomy({.memory = held + (std::size_t{1} << 30)});
  EXPECT_FALSE(roomy.spent());
}

TEST(Budget, ScopesNestAndRestore) {
  const Budget outer({}), inner({});
  {
    const Budget::Scope a(&outer);
    {
      const Budget::Scope b(&inner);
      EXPECT_EQ(Budget::current(), &inner);
    }
    EXPECT_EQ(Budget::current(), &outer);
  }
  EXPECT_EQ(Budget::current(), nullptr);
}

// The run loop's threads see the caller's budget; a chunk cut at the deadline is left out like one
// after a stop request, while any other failure is thrown again by the caller.
TEST(Budget, TheRunLoopHandsTheBudgetOnAndTellsACutFromAFailure) {
  {
    const Budget b({.time = 50ms});
    const Budget::Scope scope(&b);
    std::atomic<int> with_budget{0};
    bool interrupted = false;
    const auto parts = run_chunks<std::uint64_t>(64, 1, 2, RunControl{}, interrupted,
                                                 [&](std::uint64_t chunk, std::uint64_t, std::uint64_t& part) {
                                                   if (Budget::current() == &b) ++with_budget;
                                                   if (chunk >= 4) std::this_thread::sleep_for(30ms);
                                                   checkpoint();  // past the deadline: this chunk is cut
                                                   part = chunk;
                                                 });
    EXPECT_TRUE(interrupted);
    EXPECT_LT(parts.size(), 64u);
    EXPECT_GE(parts.size(), 4u);
    EXPECT_GT(with_budget.load(), 0);
    for (std::size_t k = 0; k < parts.size(); ++k) EXPECT_EQ(parts[k], k);  // whole chunks, in order
  }
  // Within its time, a chunk's exception is a failure of the run, whatever the budget.
  const Budget b({.time = std::chrono::hours(1)});
  const Budget::Scope scope(&b);
  bool stopped = false;
  EXPECT_THROW((run_chunks<int>(16, 1, 2, RunControl{}, stopped,
                                [](std::uint64_t chunk, std::uint64_t, int&) {
                                  if (chunk == 3) throw std::invalid_argument("a bad policy");
                                })),
               std::invalid_argument);
}

// Each thread's copy of a registered cache, filled inside a parallel region, is emptied on every
// thread of the team.
thread_local std::vector<int> t_memo;
const bool t_memo_registered = register_thread_cache([] {
  t_memo.clear();
  t_memo.shrink_to_fit();
});

TEST(ThreadCache, ClearingEmptiesTheCacheOfEveryThreadOfTheTeam) {
  ASSERT_TRUE(t_memo_registered);
  std::atomic<int> filled{0}, still_full{0};
#pragma omp parallel num_threads(2)
  {
    t_memo.assign(1000, 7);
    ++filled;
  }
  ASSERT_EQ(filled.load(), 2);
  clear_thread_caches(2);
#pragma omp parallel num_threads(2)
  if (!t_memo.empty()) ++still_full;
  EXPECT_EQ(still_full.load(), 0);
  EXPECT_TRUE(t_memo.empty());
}

}  // namespace
}  // namespace verflixt::core
