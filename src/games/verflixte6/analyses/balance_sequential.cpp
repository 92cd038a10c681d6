// --until-verdict (balance.h): the joker table measured in paired blocks until the headline
// family's verdict is reached or the budget is spent, with a Bonferroni sequential rule.
#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <stdexcept>

#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/analyses/balance.h"
#include "games/verflixte6/analyses/balance_helpers.h"

namespace verflixt::verflixte6 {

void pool_series(TableRun& run, const TableRun& more) {
  if (run.series_length != more.series_length || run.field_seats != more.field_seats)
    throw std::invalid_argument("pool_series: the runs are not of the same table");
  run.series.insert(run.series.end(), more.series.begin(), more.series.end());
  run.done.insert(run.done.end(), more.done.begin(), more.done.end());
  run.evenings += more.evenings;
  run.requested += more.requested;
  run.interrupted = run.interrupted || more.interrupted;
}

double sequential_z(int looks, int families, int jokers, double alpha) {
  const double tests = static_cast<double>(std::max(1, looks)) * std::max(1, families) *
                       std::max(1.0, jokers * (jokers - 1) / 2.0);
  // Two-sided: P(|N(0,1)| > z) = alpha / tests, by bisection on erfc (monotone).
  const double target = alpha / tests;
  double lo = 0, hi = 40;
  for (int k = 0; k < 200; ++k) {
    const double mid = (lo + hi) / 2;
    (std::erfc(mid / std::sqrt(2.0)) > target ? lo : hi) = mid;
  }
  return hi;
}

SequentialRun run_until_verdict(int looks, double z, const std::function<std::optional<JokerTable>(int)>& play_block,
                                const std::function<bool()>& stop) {
  SequentialRun out;
  out.looks = looks;
  out.z = z;
  for (int b = 0; b < looks; ++b) {
    if (b > 0 && stop && stop()) break;
    std::optional<JokerTable> next;
    try {
      next = play_block(b);
    } catch (const core::Interrupted&) {
      // A stop during a block's solves (its solo values, a family's player; core::checkpoint):
      // the block under way is dropped and the blocks before it stand, as after a stop in its
      // games. Before the first block there is nothing to show.
      if (b == 0) throw;
    }
    if (!next || next->interrupted) {
      if (b == 0 && next) out.table = std::move(*next);
      out.table.interrupted = true;
      break;
    }
    if (b == 0) {
      out.table = std::move(*next);
    } else {
      for (size_t f = 0; f < next->families.size(); ++f) {
        FamilyRows& into = out.table.families[f];
        const FamilyRows& from = next->families[f];
        if (into.base && from.base) pool_series(*into.base, *from.base);
        for (size_t k = 0; k < into.with.size(); ++k)
          if (into.with[k] && from.with[k]) pool_series(*into.with[k], *from.with[k]);
      }
      out.table.runs_done += next->runs_done;
      out.table.runs_total += next->runs_total;
    }
    out.blocks = b + 1;
    decide_verdicts(out.table, z);
    if (!out.table.strongest.empty() && !out.table.weakest.empty()) {
      out.decided = true;
      break;
    }
  }
  return out;
}

SequentialRun measure_until_verdict(const Rules& rules, const BalanceTable& table,
                                    const std::vector<PolicyFamily>& families, const std::vector<Joker>& base,
                                    const std::vector<Joker>& tested, const BalanceRun& block, std::uint64_t budget,
                                    const RunHooks& hooks, double alpha) {
  if (block.evenings == 0 || budget < block.evenings)
    throw core::InputError("--until-verdict " + std::to_string(budget) + ": the budget must be at least one block of --evenings " +
                     std::to_string(block.evenings));
  // A look is one block played and tested; a budget of more looks than this would take years
  // to play and overflows the count of looks.
  constexpr std::uint64_t kMostLooks = 100000;
  if (budget / block.evenings > kMostLooks)
    throw core::InputError("--until-verdict " + std::to_string(budget) + " is " + std::to_string(budget / block.evenings) +
                           " blocks of --evenings " + std::to_string(block.evenings) + "; valid: " +
                           std::to_string(block.evenings) + ".." + std::to_string(block.evenings * kMostLooks));
  const int looks = static_cast<int>(budget / block.evenings);
  const double z = sequential_z(looks, static_cast<int>(families.size()), static_cast<int>(tested.size()), alpha);
  SequentialRun out = run_until_verdict(
      looks, z,
      [&](int b) -> std::optional<JokerTable> {
        BalanceRun run = block;
        run.seed = block.seed + static_cast<std::uint64_t>(b);  // a block's own dice; runs within it stay paired
        return measure_jokers(rules, table, families, base, tested, run, hooks);
      },
      [&] { return balance_detail::stopped(hooks); });
  out.alpha = alpha;
  return out;
}

}  // namespace verflixt::verflixte6
