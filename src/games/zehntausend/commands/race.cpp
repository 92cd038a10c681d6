// `verflixt solve --game zehntausend --race`: the two-player race solved exactly (race.h) —
// P(the first player wins) under optimal play with Bankrott and the final round, how far the
// iteration went, and the bank thresholds by game totals and dice left. With --seat twice:
// the exact P(the first player wins) of that pairing, a seat playing a policy or maximizing
// (race_policies.h).
#include <chrono>
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

// Ctrl-C during a solve: the sweeps done are no value of the game; say how far it got, print none.
int unsolved(const po::variables_map& vm, const std::string& format, const UnsolvedRace& answer) {
  const Completion c = completion(static_cast<std::uint64_t>(answer.sweeps), 0, "sweeps", true);
  return finish(vm, format, c, describe(answer).render(format));
}

// `--seat A --seat B`: the pairing solved (not cached: a fixed seat's race is as quick as the
// optimal one), its value and how the iteration went.
int pairing_command(const po::variables_map& vm, const ZehntausendRules& r, const std::string& format) {
  const std::vector<std::string> specs = seat_specs(vm, 2);
  const int overshoot = vm["overshoot"].as<int>();
  const auto t0 = std::chrono::steady_clock::now();
  PairingAnswer answer{.rules = r, .pairing = {}, .overshoot = overshoot, .seconds = 0};
  answer.pairing =
      with_progress("solve zehntausend race (levels of the sweeps expected)", [&](const core::RunControl& control) {
        return solve_pairing(r, {specs[0], specs[1]}, overshoot,
                             core::RaceOptions{.threads = threads_or_every_core(vm), .control = &control},
                             race_source(vm, r));
      });
  answer.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const core::RaceSolution& s = answer.pairing.solution;
  if (interrupt_flag().load() && !s.converged)
    return unsolved(vm, format,
                    {.rules = r, .sweeps = s.sweeps,
                     .what = "the race " + specs[0] + " against " + specs[1] + " is not solved", .after = ""});
  const Completion c = completion(static_cast<std::uint64_t>(s.sweeps), 0, "sweeps");
  return finish(vm, format, c, describe(answer).render(format));
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
  const core::RaceSolution& s = solved.race->solution();
  const bool interrupted = interrupt_flag().load();
  if (interrupted && !s.converged)
    return unsolved(vm, format,
                    {.rules = r, .sweeps = s.sweeps, .what = "the two-player race is not solved",
                     .after = " (nothing cached, nothing saved)"});
  if (!save.empty() && s.converged && !interrupted) save_race(save, *solved.race);
  const RaceAnswer answer{.race = solved.race, .source = solved.source, .seconds = solved.seconds, .table_step = step};
  const Completion c = completion(static_cast<std::uint64_t>(s.sweeps), 0, "sweeps");
  return finish(vm, format, c, describe(answer).render(format));
}

}  // namespace verflixt::cli::zehntausend_cli
