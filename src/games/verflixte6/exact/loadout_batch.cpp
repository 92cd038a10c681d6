// The solo solver's batch: many loadouts solved at once, shared among the threads, each one
// as solve_solo (solver.cpp) solves it alone, so a batch answers the same bits on any thread
// count.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <string>
#include <vector>

#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/exact/solver.h"

namespace verflixt::verflixte6 {

std::vector<SoloSolution> solve_loadouts(const Rules& rules, std::span<const JokerSet> loadouts,
                                         const SolverOptions& options, const core::RunControl& control) {
  validate(rules);
  const auto n = static_cast<std::ptrdiff_t>(loadouts.size());
  std::vector<SoloSolution> out(loadouts.size());
  std::vector<char> solved(loadouts.size(), 0);
  std::exception_ptr error;  // the first failure: an InputError as thrown (a state budget
                             // stays a BudgetExceeded), anything else as an InputError
  std::uint64_t finished = 0;
  // The costliest loadouts first (Runkelrüb makes rolling pay far longer, Fumo with it adds
  // the gain to the state, Ventil with All In keeps the floor), so no thread is left with a
  // big one at the end. Only the schedule changes: slot i always holds loadout i. Once every
  // loadout is taken, a thread with none left waits at the loop's end, where it takes chunks
  // of the loadouts still running (their levels and buckets: core/shared_range.h).
  auto cost = [&](JokerSet l) {
    int c = 0;
    if (l.has(RUNKELRUEB)) c += 4 + (l.has(FUMO) ? 4 : 0) + (l.has(FROSTSCHUTZ) ? 2 : 0);
    if (l.has(VENTIL) && l.has(ALL_IN)) c += 3;
    return c;
  };
  std::vector<std::size_t> order(loadouts.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return cost(loadouts[a]) > cost(loadouts[b]); });
  // Every thread works under the caller's budget (core/budget.h): a loadout cut by a stop
  // request is left unsolved like one never started; one past the deadline or the memory
  // is an error of the whole run.
  const core::Budget* budget = core::Budget::current();
  std::atomic<bool> failed{false};
#pragma omp parallel
  {
    const core::Budget::Scope scope(budget);
#pragma omp for schedule(dynamic, 1)
    for (std::ptrdiff_t k = 0; k < n; ++k) {
      const std::size_t i = order[static_cast<std::size_t>(k)];
      if (control.stopped() || failed.load(std::memory_order_relaxed)) continue;
      try {
        out[i] = solve_solo(rules, loadouts[i], options);
        solved[i] = 1;
      } catch (const core::Interrupted&) {
        continue;
      } catch (const std::exception& e) {
        const bool input = dynamic_cast<const core::InputError*>(&e) != nullptr;
#pragma omp critical(verflixt_solver_error)
        if (!error) error = input ? std::current_exception() : std::make_exception_ptr(core::InputError(e.what()));
        failed = true;
      }
#pragma omp critical(verflixt_solver_progress)
      control.report(++finished, static_cast<std::uint64_t>(n));
    }
  }
  if (error) std::rethrow_exception(error);
  std::vector<SoloSolution> result;
  for (std::size_t i = 0; i < out.size(); ++i)
    if (solved[i]) result.push_back(std::move(out[i]));
  return result;
}

}  // namespace verflixt::verflixte6
