// `verflixt solve --game zehntausend --race`: the two-player race solved exactly (race.h) —
// P(the first player wins) under optimal play with Bankrott and the final round, how far the
// iteration went, and the bank thresholds by game totals and dice left. With --seat twice:
// the exact P(the first player wins) of that pairing, a seat playing a policy or maximizing
// (race_policies.h).
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/value_cache.h"
#include "games/zehntausend/commands/shared.h"
#include "verflixt/core/error.h"
#include "verflixt/games/zehntausend/race.h"
#include "verflixt/games/zehntausend/race_policies.h"

namespace verflixt::cli::zehntausend_cli {

core::OptionTable race_options() {
  core::Option threads = core::integer_option(
      "threads", 0, 0, 1024, "race: threads solving a wave's turns (0: every core; the values do not depend on it)");
  threads.web = false;  // a server sets its own
  const core::OptionTable own = {
      core::switch_option("race", "solve the two-player race to the limit instead of one turn (Z4, Z5)"),
      core::integer_option("overshoot", kDefaultOvershoot, 0, 1000000,
                           "race: a first player past the limit banks at limit + this many points (the cap)"),
      core::integer_option("table-step", 1000, 50, 1000000, "race: game totals in the thresholds table, in steps of this"),
      core::file_option("save", "race: also write the solution to this file (the seat exact:FILE plays it)"),
      threads,
      core::words_option("seat", "race: a seat's policy, twice (the first player's first): exact (maximizes P(win)), "
                                 "optimal, bank:N, reach:N, shift:D, cross:N, race[:W,M,BG,BB,AG,AB], heuristic:FILE, "
                                 "policy:FILE, exact:FILE (a saved race's policy, fixed); the exact P(first wins) of "
                                 "that pairing")};
  return own + cache_options();
}

namespace {

// P(the first player wins) when the second starts with c points (c < 0: the first starts
// with -c), read from the solution: the state (first to move, 0 : c) is one of its starts.
double first_wins_given(const Race& race, int c) {
  const int u = c / kPointStep;
  return c >= 0 ? race.solution().value(0, 0, u) : race.solution().value(0, -u, 0);
}

// The fair start: the c (steps of 50, |c| below the limit) whose P(first wins) is nearest 1/2
// (the smaller |c| on a tie), and the rows around it.
void add_compensation(core::report::Report& j, const Race& race) {
  const int limit = race.rules().limit;
  int best = 0;
  double nearest = std::abs(first_wins_given(race, 0) - 0.5);
  for (int c = -(limit - kPointStep); c < limit; c += kPointStep) {
    const double d = std::abs(first_wins_given(race, c) - 0.5);
    if (d < nearest || (d == nearest && std::abs(c) < std::abs(best))) best = c, nearest = d;
  }
  j.field("fair_start", best).field("fair_start_first_wins", first_wins_given(race, best));
  // Said as the table would do it: points given to the player the race disfavours.
  const std::string give = best == 0 ? "play as it is, no points given"
                           : "give the " + std::string(best > 0 ? "second" : "first") + " player " +
                                 std::to_string(std::abs(best)) + " points to start with";
  j.line("fairest start (exact): " + give + ": P(first player wins) " + fmt("%.9f", first_wins_given(race, best)));
  core::report::Table& rows =
      j.table("compensation", {{.name = "second_starts_with", .text = "  the second starts with ", .text_format = "%5.0f"},
                               {.name = "first_wins", .text = ":  P(first wins) ", .text_format = "%.9f"}});
  for (int c = best - 4 * kPointStep; c <= best + 4 * kPointStep; c += kPointStep)
    if (c > -limit && c < limit) rows.row({std::int64_t{c}, first_wins_given(race, c)});
  j.line("");
}

// Ctrl-C during a solve: the sweeps done are no value of the game; say how far it got, print none.
int unsolved(const po::variables_map& vm, const ZehntausendRules& r, const std::string& format, int sweeps,
             const std::string& what, const std::string& after = "") {
  core::report::Report j = game_report(r);
  const Completion c = completion(static_cast<std::uint64_t>(sweeps), 0, "sweeps", true);
  mark(j, c);
  j.field("exact", false).field("solution", "interrupted");
  j.line(what + ": interrupted after " + std::to_string(sweeps) + " sweeps" + after);
  return finish(vm, format, c, j.render(format));
}

// `--seat A --seat B`: the pairing solved (not cached: a fixed seat's race is as quick as the
// optimal one), its value and how the iteration went.
int pairing_command(const po::variables_map& vm, const ZehntausendRules& r, const std::string& format) {
  const std::vector<std::string> specs = seat_specs(vm, 2);
  const int overshoot = vm["overshoot"].as<int>();
  const auto t0 = std::chrono::steady_clock::now();
  const RacePairing pairing = with_progress("solve zehntausend race (levels of the sweeps expected)", [&](const core::RunControl& control) {
    return solve_pairing(r, {specs[0], specs[1]}, overshoot, core::RaceOptions{.threads = threads_or_every_core(vm), .control = &control},
                         race_source(vm, r));
  });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const core::RaceSolution& s = pairing.solution;
  if (interrupt_flag().load() && !s.converged)
    return unsolved(vm, r, format, s.sweeps, "the race " + specs[0] + " against " + specs[1] + " is not solved");
  core::report::Report j = game_report(r);
  // CSV: one row of the pairing and its value.
  j.field("policy", "race pairing")
      .field("first", specs[0], core::report::kJsonCsv)
      .field("second", specs[1], core::report::kJsonCsv)
      .field("exact", s.converged)
      .field("method", "race over (seat, totals, turn total, dice to throw); a policy's seat plays its actions, an exact "
                       "seat maximizes P(win) (core/race_solver.h)")
      .field("first_wins", s.first_wins(), core::report::kJsonCsv, "%.9f")
      .field("residual", s.residual, core::report::kJsonCsv, "%.1e")
      .field("sweeps", s.sweeps, core::report::kJsonCsv)
      .field("turn_evaluations", s.turn_evaluations)
      .field("converged", s.converged)
      .field("interrupted", false)
      .field("overshoot", overshoot)
      .field("seconds", seconds);
  const auto seat = [](const std::string& spec) {
    return spec == kExactSeat ? spec + " (maximizes P(win))" : spec.rfind(kExactSeat, 0) == 0 ? spec + " (the saved race's policy)" : spec;
  };
  j.line("exact two-player race to " + std::to_string(r.limit) + ": the first player " + seat(specs[0]) + " against " +
         seat(specs[1]) + " (solved in " + fmt("%.1f", seconds) + " s)")
      .line("P(first player wins)  " + fmt("%.9f", s.first_wins()) + "  (exact; a tie counts half)")
      .line("sweeps " + std::to_string(s.sweeps) + ", residual " + fmt("%.1e", s.residual) +
            (s.converged ? "" : "  (NOT converged: not exact)"));
  return finish(vm, format, completion(static_cast<std::uint64_t>(s.sweeps), 0, "sweeps"), j.render(format));
}

}  // namespace

int race_command(const po::variables_map& vm) {
  const ZehntausendRules r = game_rules(vm);
  const std::string format = format_from(vm, kFormats);
  if (vm.count("seat")) return pairing_command(vm, r, format);
  const int step = vm["table-step"].as<int>();
  if (step <= 0 || step % kPointStep != 0)
    throw core::InputError("--table-step must be a positive multiple of 50, not " + std::to_string(step));
  const std::string save = vm.count("save") ? vm["save"].as<std::string>() : "";
  if (!save.empty()) core::check_output_target(save, "--save");
  const SolvedRace solved = race_for(vm, r, "", true);
  const Race& race = *solved.race;
  const core::RaceSolution& s = race.solution();
  const bool interrupted = interrupt_flag().load();
  if (interrupted && !s.converged)
    return unsolved(vm, r, format, s.sweeps, "the two-player race is not solved", " (nothing cached, nothing saved)");
  if (!save.empty() && s.converged && !interrupted) save_race(save, race);

  core::report::Report j = game_report(r);
  j.field("policy", "optimal race")
      .field("exact", s.converged)
      .field("method", "race over (seat, totals, turn total, dice to throw): levels a + b from the top, "
                       "Newton steps on mirrored starts, sweeps until none changes (core/race_solver.h)")
      .field("first_wins", s.first_wins())
      .field("residual", s.residual)
      .field("sweeps", s.sweeps)
      .field("turn_evaluations", s.turn_evaluations)
      .field("converged", s.converged)
      .field("interrupted", false)  // a converged solution is whole, Ctrl-C or not
      .field("overshoot", race.overshoot())
      .field("solution", solved.source)
      .field("seconds", solved.seconds);
  j.line("exact two-player race to " + std::to_string(r.limit) + " (" +
         (r.final_round ? "cap: the first player banks at " + std::to_string(r.limit + race.overshoot())
                        : std::string("no final round: reaching the limit wins")) + "; " +
         (solved.source == "solved"    ? "solved in " + fmt("%.1f", solved.seconds) + " s"
          : solved.source == "shipped" ? "the solution shipped with verflixt"
                                       : "read from the " + solved.source) + ")")
      .line("P(first player wins)  " + fmt("%.9f", s.first_wins()) + "  (exact; a tie counts half)")
      .line("sweeps " + std::to_string(s.sweeps) + ", residual " + fmt("%.1e", s.residual) +
            (s.converged ? "" : "  (NOT converged: not exact)") + "\n");
  if (s.converged) add_compensation(j, race);
  j.line("bank once the turn total reaches (after setting aside), by seat, own and opponent total and dice left:");
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
  return finish(vm, format, completion(static_cast<std::uint64_t>(s.sweeps), 0, "sweeps"), j.render(format));
}

}  // namespace verflixt::cli::zehntausend_cli
