#pragma once
// What one computation may spend, checked where it spends it. A request of the page runs
// under a Budget: a wall-clock deadline, a ceiling on the memory the process holds, and a
// stop request (the server shutting down). Exact solvers and their loops call checkpoint()
// (cheap: a relaxed load and a clock read; the memory is sampled at most every few
// milliseconds), and code about to allocate a large table calls will_allocate(bytes) first,
// so no single allocation can step over the ceiling before a checkpoint sees it.
//
// The budget is the calling thread's (Budget::Scope installs it) so that no solver signature
// has to carry it; a parallel region hands it on with Budget::Scope in each thread. Inside a
// parallel region nothing may throw (an exception leaving an OpenMP region ends the
// process), so code there asks spent() and skips its work, and the thread that opened the
// region calls checkpoint() after it. Without a budget (the command line, the tests) every
// check is free and nothing is ever refused.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include "verflixt/core/error.h"

namespace verflixt::core {

// A stop request (Ctrl-C, a server stopping) ended exact work that has no partial result.
class Interrupted : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Budget {
 public:
  using Clock = std::chrono::steady_clock;
  struct Limits {
    Clock::duration time = Clock::duration::max();           // from the budget's creation
    std::size_t memory = std::numeric_limits<std::size_t>::max();  // bytes the process may hold
  };

  // `stop` (may be null) is polled by every check; `remedy` ends every refusal's message
  // ("run `verflixt advise ...` on the command line").
  explicit Budget(Limits limits, const std::atomic<bool>* stop = nullptr, std::string remedy = "");

  // Throws Interrupted on a stop request, BudgetExceeded past the deadline or the memory.
  void check() const;
  // Whether check() would throw (never throws; for parallel regions).
  bool spent() const noexcept;
  // Whether the deadline has passed or a stop was requested: the time is over, as opposed to
  // the memory (a sampler cut here keeps what it finished, marked interrupted).
  bool over() const noexcept;
  // Throws BudgetExceeded when the process would hold more than the ceiling with `bytes` more.
  void will_allocate(std::size_t bytes, const std::string& what) const;
  // Why work past this budget is refused, in the words of its refusals: past the deadline
  // (`time`) or past the memory.
  std::string refusal(bool time) const;
  // Seconds since the budget was opened.
  double elapsed() const;
  const Limits& limits() const { return limits_; }

  // The calling thread's budget, or null.
  static const Budget* current() noexcept;

  // Installs a budget as the calling thread's for its lifetime (null: none), and restores
  // the previous one after.
  class Scope {
   public:
    explicit Scope(const Budget* budget) noexcept;
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    const Budget* previous_;
  };

 private:
  // Which limit is spent: 0 none, 1 stop, 2 time, 3 memory.
  int spent_reason() const noexcept;
  [[noreturn]] void refuse(int reason, const std::string& detail = "") const;

  Limits limits_;
  const std::atomic<bool>* stop_;
  std::string remedy_;
  Clock::time_point start_, deadline_;
  // The last memory sample (bytes) and when it was taken, shared by the threads that check.
  mutable std::atomic<std::size_t> held_{0};
  mutable std::atomic<std::int64_t> sampled_at_{std::numeric_limits<std::int64_t>::min()};
};

// The calling thread's budget: Budget::current()->check(), or nothing without one.
void checkpoint();
// Whether the calling thread's budget is spent (false without one); never throws.
bool budget_spent() noexcept;
// Budget::current()->will_allocate(bytes, what), or nothing without one.
void will_allocate(std::size_t bytes, const std::string& what);

// The bytes of memory the process's allocator holds in use now (mallinfo2 where glibc has
// it), and the count the memory ceiling is compared with.
std::size_t memory_in_use();

}  // namespace verflixt::core
