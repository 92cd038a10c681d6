// `verflixt solve --game zehntausend --race`: the two-player race solved exactly (race.h) —
// P(the first player wins) under optimal play with Bankrott and the final round, how far the
// iteration went, and the bank thresholds by game totals and dice left.
#include <chrono>
#include <string>

#include "games/zehntausend/commands/shared.h"
#include "verflixt/core/error.h"
#include "verflixt/games/zehntausend/race.h"

namespace verflixt::cli::zehntausend_cli {

void add_race_options(po::options_description& desc) {
  desc.add_options()
      ("race", po::bool_switch(), "solve the two-player race to the limit instead of one turn (Z4, Z5)")
      ("overshoot", int_value(kDefaultOvershoot, 0, 1000000),
       "race: a first player past the limit banks at limit + this many points (the cap)")
      ("table-step", int_value(1000, 50, 1000000), "race: game totals in the thresholds table, in steps of this");
}

int race_command(const po::variables_map& vm) {
  const ZehntausendRules r = game_rules(vm);
  const std::string format = format_from(vm, kFormats);
  const int step = vm["table-step"].as<int>();
  if (step <= 0 || step % kPointStep != 0)
    throw core::InputError("--table-step must be a positive multiple of 50, not " + std::to_string(step));
  const auto t0 = std::chrono::steady_clock::now();
  // Ctrl-C stops between levels: the values found so far, marked not converged.
  const Race race = with_progress("solve zehntausend race (levels of a sweep)", [&](const core::RunControl& control) {
    return Race(r, vm["overshoot"].as<int>(), {.control = &control});
  });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const core::RaceSolution& s = race.solution();

  core::report::Report j = game_report(r);
  j.field("policy", "optimal race")
      .field("exact", s.converged)
      .field("method", "race over (seat, totals, turn total, dice to throw): levels a + b from the top, "
                       "each iterated to the tolerance, sweeps until none changes (core/race_solver.h)")
      .field("first_wins", s.first_wins())
      .field("residual", s.residual)
      .field("sweeps", s.sweeps)
      .field("turn_evaluations", s.turn_evaluations)
      .field("converged", s.converged)
      .field("interrupted", interrupt_flag().load())
      .field("overshoot", race.overshoot())
      .field("seconds", seconds);
  j.line("exact two-player race to " + std::to_string(r.limit) + " (cap: the first player banks at " +
         std::to_string(r.limit + race.overshoot()) + "; " + fmt("%.1f", seconds) + " s)")
      .line("P(first player wins)  " + fmt("%.9f", s.first_wins()) + "  (a tie counts half)")
      .line("sweeps " + std::to_string(s.sweeps) + ", residual " + fmt("%.1e", s.residual) +
            (s.converged ? "" : "  (NOT converged)") + (interrupt_flag().load() ? "  (interrupted)" : "") + "\n")
      .line("bank once the turn total reaches (after setting aside), by seat, own and opponent total and dice left:");
  std::vector<core::report::Column> columns = {{.name = "seat", .width = 7},
                                               {.name = "own", .text = " own ", .text_format = "%.0f", .width = 6},
                                               {.name = "opponent", .text = " opp ", .text_format = "%.0f", .width = 6}};
  for (int d = 1; d <= r.dice; ++d)
    columns.push_back({.name = "dice_" + std::to_string(d), .text = " " + std::to_string(d) + ":", .width = 6});
  core::report::Table& rows = j.table("bank_thresholds", columns);
  for (int seat = 0; seat < 2; ++seat)
    for (int a = 0; a < r.limit; a += step)
      for (int b = 0; b < r.limit; b += step) {
        std::vector<core::report::Value> row = {seat == 0 ? "first" : "second", std::int64_t{a}, std::int64_t{b}};
        for (int d = 1; d <= r.dice; ++d) row.emplace_back(std::int64_t{race.bank_at(seat, a, b, d)});
        rows.row(std::move(row));
      }
  emit(vm, j.render(format));
  return 0;
}

}  // namespace verflixt::cli::zehntausend_cli
