// `verflixt solve --game zehntausend --race` and `evaluate --policy exact[:FILE]`: the
// two-player race solved exactly (race.h, race_policies.h, answers.h), and the solved race
// for every command that plays or answers with it (advise, the seats exact and exact:FILE):
// from a file the user names, from the cache, from the solution shipped for the preset
// (race_store.h), or solved (with a progress line and Ctrl-C) and cached. A solve takes some
// 20 s of CPU time at the preset's limit; reading one, a second.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cli/value_cache.h"
#include "games/zehntausend/commands/shared.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/games/zehntausend/race_store.h"

namespace verflixt::cli::zehntausend_cli {

core::OptionTable race_options() {
  core::Option threads = core::integer_option(
      "threads", 0, 0, 1024, "race: threads solving a wave's turns (0: every core; the values do not depend on it)");
  threads.web = false;  // a server sets its own
  const core::OptionTable own = {
      core::switch_option("race", "solve the two-player race to the limit instead of one turn (Z4, Z5)"),
      core::integer_option("overshoot", kDefaultOvershoot, 0, kMaxOvershoot,
                           "race: a first player past the limit banks at limit + this many points (the cap)"),
      core::integer_option("table-step", 1000, 50, 1000000, "race: game totals in the thresholds table, in steps of this"),
      core::file_option("save", "race: also write the solution to this file (the seat exact:FILE plays it)"),
      threads,
      core::words_option("seat", "race: a seat's policy, twice (the first player's first): exact (maximizes P(win)), "
                                 + kTurnPolicyForms + ", " + kRacePolicyForm +
                                 ", exact:FILE (a saved race's policy, fixed); the exact P(first wins) of that pairing")};
  return own + cache_options();
}

namespace {

// The solved race: as stored (race_store.h: the file named, --cache unless --no-cache, the
// shipped solution), else solved under a progress line and cached. Ctrl-C during the solve
// exits 130 at once unless `partial` (solve --race reports it).
StoredRace race_for(const po::variables_map& vm, const ZehntausendRules& r, const std::string& file, bool partial = false) {
  const int overshoot = vm.count("overshoot") ? vm["overshoot"].as<int>() : kDefaultOvershoot;
  const std::string dir = cache_dir_from(vm);
  if (auto stored = stored_race(r, overshoot, file, dir, !vm["no-cache"].as<bool>())) return *stored;
  const auto t0 = std::chrono::steady_clock::now();
  // Ctrl-C stops between waves of levels: the values found so far, marked not converged, not cached.
  StoredRace out;
  out.race = with_progress("solve zehntausend race (levels of the sweeps expected)", [&](const core::RunControl& control) {
    const core::RaceOptions options{.threads = threads_or_every_core(vm), .control = &control};
    return std::make_shared<const Race>(r, overshoot, options);
  });
  out.source = "solved";
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (out.race->solution().converged && !interrupt_flag().load()) {
    warn_not_cached(cache_race(r, overshoot, out.race->solution(), dir));
  } else if (!partial) {
    // Nothing is printed or written yet: an unsolved race is no answer to give (the command
    // line prints the result marked interrupted, with nothing in it).
    throw core::Interrupted("solving the two-player race (nothing cached)");
  }
  return out;
}

// Ctrl-C during a solve: the sweeps done are no value of the game; say how far it got, show none.
AnswerResult unsolved(const UnsolvedRace& answer) {
  return {describe(answer), completion(static_cast<std::uint64_t>(answer.sweeps), 0, "sweeps", true)};
}

// `--seat A --seat B`: the pairing solved (not cached: a fixed seat's race is as quick as the
// optimal one), its value and how the iteration went.
AnswerResult pairing_command(const po::variables_map& vm, const ZehntausendRules& r) {
  const std::vector<std::string> specs = seat_specs(vm, 2);
  const PairingAnswer answer =
      with_progress("solve zehntausend race (levels of the sweeps expected)", [&](const core::RunControl& control) {
        return pairing_answer(r, {specs[0], specs[1]}, vm["overshoot"].as<int>(),
                              core::RaceOptions{.threads = threads_or_every_core(vm), .control = &control},
                              race_source(vm, r));
      });
  const core::RaceSolution& s = answer.pairing.solution;
  if (interrupt_flag().load() && !s.converged)
    return unsolved({.rules = r, .sweeps = s.sweeps,
                     .what = "the race " + specs[0] + " against " + specs[1] + " is not solved", .after = ""});
  return {describe(answer), completion(static_cast<std::uint64_t>(s.sweeps), 0, "sweeps")};
}

}  // namespace

RaceSource race_source(const po::variables_map& vm, const ZehntausendRules& r) {
  return [&vm, r](const std::string& file) { return race_for(vm, r, file).race; };
}

AnswerResult race_command(const po::variables_map& vm) {
  const ZehntausendRules r = rules()(vm);
  format_from(vm, kFormats);
  if (vm.count("seat")) return pairing_command(vm, r);
  const int step = vm["table-step"].as<int>();
  if (step <= 0 || step % kPointStep != 0)
    throw core::InputError("--table-step must be a positive multiple of 50, not " + std::to_string(step));
  const std::string save = vm.count("save") ? vm["save"].as<std::string>() : "";
  if (!save.empty()) core::check_output_target(save, "--save");
  const StoredRace solved = race_for(vm, r, "", true);
  const core::RaceSolution& s = solved.race->solution();
  const bool interrupted = interrupt_flag().load();
  if (interrupted && !s.converged)
    return unsolved({.rules = r, .sweeps = s.sweeps, .what = "the two-player race is not solved",
                     .after = " (nothing cached, nothing saved)"});
  if (!save.empty() && s.converged && !interrupted)
    core::write_values(save, race_head(solved.race->rules(), solved.race->overshoot()), race_values(s));
  const RaceAnswer answer{.race = solved.race, .source = solved.source, .seconds = solved.seconds, .table_step = step};
  return {describe(answer), completion(static_cast<std::uint64_t>(s.sweeps), 0, "sweeps")};
}

AnswerResult race_evaluate(const po::variables_map& vm) {
  ZehntausendRules r = rules()(vm);
  if (r.players != 2) {
    warning("players=" + std::to_string(r.players) + ": the race policy plays two-player games; evaluated with 2");
    r.players = 2;
  }
  format_from(vm, kFormats);
  if (!vm["turns"].defaulted()) warning("--turns changes nothing for a race policy (it plays --games whole games)");
  RaceEvaluationQuestion q{.policy = vm["policy"].as<std::string>(), .against = {}, .exact = vm["exact"].as<bool>(),
                           .games = vm["games"].as<std::uint64_t>(), .seed = seed_from(vm), .threads = threads_from(vm)};
  if (vm.count("against")) q.against = vm["against"].as<std::vector<std::string>>();
  RaceEvaluation answer = with_progress("evaluate zehntausend race policy", [&](const core::RunControl& control) {
    return evaluate_race_policy(r, q, race_source(vm, r), control);
  });
  const Completion c = completion(answer.rated.size(), answer.opponents.size(), "opponents", answer.interrupted);
  answer.interrupted = c.interrupted;
  return {describe(answer), c};
}

}  // namespace verflixt::cli::zehntausend_cli
