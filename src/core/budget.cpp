#include "verflixt/core/budget.h"

#include <malloc.h>
#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace verflixt::core {
namespace {

thread_local const Budget* t_budget = nullptr;

// How often the memory in use is read again: mallinfo2 walks the allocator's arenas (a few
// microseconds), so a tight loop must not call it each time, and an allocation grows by at
// most what a loop can allocate in this time between two reads.
constexpr std::int64_t kSampleEveryNs = 2'000'000;

// When the memory was last sampled needs only milliseconds: the coarse clock reads the time
// the kernel last ticked (a few milliseconds' resolution) without reading the processor's
// counter, which made the sample's clock a few percent of a solver's tight loops.
std::int64_t now_ns() {
#ifdef CLOCK_MONOTONIC_COARSE
  timespec t{};
  if (clock_gettime(CLOCK_MONOTONIC_COARSE, &t) == 0) return std::int64_t{t.tv_sec} * 1'000'000'000 + t.tv_nsec;
#endif
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Budget::Clock::now().time_since_epoch()).count();
}

std::string megabytes(std::size_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.0f MB", static_cast<double>(bytes) / 1e6);
  return text;
}

}  // namespace

std::size_t memory_in_use() {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  const struct mallinfo2 m = ::mallinfo2();
  // Small blocks in the arenas plus the blocks mmap holds (large tables).
  return m.uordblks + m.hblkhd;
#else
  return 0;
#endif
}

Budget::Budget(Limits limits, const std::atomic<bool>* stop, std::string remedy)
    : limits_(limits), stop_(stop), remedy_(std::move(remedy)), start_(Clock::now()) {
  deadline_ = limits_.time >= Clock::time_point::max() - start_ ? Clock::time_point::max() : start_ + limits_.time;
}

int Budget::spent_reason() const noexcept {
  if (stop_ && stop_->load(std::memory_order_relaxed)) return 1;
  if (deadline_ != Clock::time_point::max() && Clock::now() > deadline_) return 2;
  if (limits_.memory != std::numeric_limits<std::size_t>::max()) {
    const std::int64_t now = now_ns(), last = sampled_at_.load(std::memory_order_relaxed);
    // Never sampled yet (the minimum) samples at once; the subtraction would overflow there.
    if (last == std::numeric_limits<std::int64_t>::min() || now - last >= kSampleEveryNs) {
      sampled_at_.store(now, std::memory_order_relaxed);
      held_.store(memory_in_use(), std::memory_order_relaxed);
    }
    if (held_.load(std::memory_order_relaxed) > limits_.memory) return 3;
  }
  return 0;
}

std::string Budget::refusal(bool time) const {
  // Whole seconds, but a deadline under one second as tenths (never "the 0 s allowed").
  const double seconds = std::chrono::duration<double>(limits_.time).count();
  char shown[32];
  if (seconds >= 1)
    std::snprintf(shown, sizeof shown, "%lld", static_cast<long long>(std::llround(seconds)));
  else
    std::snprintf(shown, sizeof shown, "%.1f", std::max(0.1, seconds));
  return time ? "it needs more than the " + std::string(shown) + " s allowed here"
              : "it needs more than the " + megabytes(limits_.memory) + " of memory allowed here";
}

void Budget::refuse(int reason, const std::string& detail) const {
  if (reason == 1) throw Interrupted("computing");
  std::string why = refusal(reason == 2);
  if (!detail.empty()) why += " (" + detail + ")";
  throw BudgetExceeded("too large to answer here: " + why + (remedy_.empty() ? "" : "; " + remedy_));
}

void Budget::check() const {
  if (const int reason = spent_reason()) refuse(reason);
}

bool Budget::spent() const noexcept { return spent_reason() != 0; }

bool Budget::over() const noexcept {
  return (stop_ && stop_->load(std::memory_order_relaxed)) ||
         (deadline_ != Clock::time_point::max() && Clock::now() > deadline_);
}

void Budget::will_allocate(std::size_t bytes, const std::string& what) const {
  check();
  if (limits_.memory == std::numeric_limits<std::size_t>::max()) return;
  const std::size_t held = memory_in_use();
  if (bytes > limits_.memory || held > limits_.memory - bytes) refuse(3, what + " needs " + megabytes(bytes));
}

double Budget::elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

const Budget* Budget::current() noexcept { return t_budget; }

Budget::Scope::Scope(const Budget* budget) noexcept : previous_(t_budget) { t_budget = budget; }

Budget::Scope::~Scope() { t_budget = previous_; }

void checkpoint() {
  if (const Budget* b = t_budget) b->check();
}

bool budget_spent() noexcept {
  const Budget* b = t_budget;
  return b && b->spent();
}

void will_allocate(std::size_t bytes, const std::string& what) {
  if (const Budget* b = t_budget) b->will_allocate(bytes, what);
}

}  // namespace verflixt::core
