// The solved two-player race for the commands that play or answer with it (solve --race,
// advise, the seats exact and exact:FILE): from a file the user names, from the cache, from
// the solution shipped for the preset, or solved (with a progress line and Ctrl-C) and
// cached. A solve takes some 20 s of CPU time at the preset's limit; reading one, a second.
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "cli/value_cache.h"
#include "games/zehntausend/commands/shared.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/data_path.h"
#include "verflixt/core/error.h"
#include "verflixt/games/zehntausend/race.h"
#include "verflixt/version.h"

namespace verflixt::cli::zehntausend_cli {

namespace {

// Everything the values depend on; a saved file of other rules is refused by it.
std::string race_head(const ZehntausendRules& r, int overshoot) {
  return "verflixt zehntausend race\nversion " + std::string(kVersion) + "\nrules " + rules_summary(r) + "\novershoot " +
         std::to_string(overshoot) + "\n";
}

// The stored form: sweeps, residual, turn evaluations, then the start values, then the last
// turn's. Only a converged solution is stored.
constexpr std::size_t kHeader = 3;

std::vector<double> flatten(const core::RaceSolution& s) {
  std::vector<double> v = {static_cast<double>(s.sweeps), s.residual, static_cast<double>(s.turn_evaluations)};
  v.insert(v.end(), s.start.begin(), s.start.end());
  v.insert(v.end(), s.last_turn.begin(), s.last_turn.end());
  return v;
}

std::shared_ptr<const Race> unflatten(const ZehntausendRules& r, int overshoot, const std::vector<double>& v) {
  const auto g = static_cast<std::size_t>(r.limit / kPointStep);
  const std::size_t seats = r.final_round ? 2 : 1;
  if (v.size() < kHeader + seats * g * g) throw core::InputError("a saved race solution of other rules");
  core::RaceSolution s;
  s.rules = {.goal = static_cast<int>(g),
             .finish = r.final_round ? core::RaceFinish::FinalRound : core::RaceFinish::FirstToGoal,
             .overshoot = overshoot / kPointStep};
  s.seats = static_cast<int>(seats);
  s.sweeps = static_cast<int>(v[0]);
  s.residual = v[1];
  s.turn_evaluations = static_cast<std::uint64_t>(v[2]);
  s.converged = true;
  const auto first = v.begin() + static_cast<std::ptrdiff_t>(kHeader), last = first + static_cast<std::ptrdiff_t>(seats * g * g);
  s.start.assign(first, last);
  s.last_turn.assign(last, v.end());
  return std::make_shared<const Race>(r, overshoot, std::move(s));
}

}  // namespace

SolvedRace race_for(const po::variables_map& vm, const ZehntausendRules& r, const std::string& file, bool partial) {
  const int overshoot = vm.count("overshoot") ? vm["overshoot"].as<int>() : kDefaultOvershoot;
  const std::string head = race_head(r, overshoot);
  SolvedRace out;
  if (!file.empty()) {
    out.race = unflatten(r, overshoot, read_values(file, head));
    out.source = "file";
    return out;
  }
  const ValueCache cache(vm, "zehntausend-race", head);
  if (const auto values = cache.read()) {
    try {
      out.race = unflatten(r, overshoot, *values);
      out.source = "cache";
      return out;
    } catch (const core::InputError&) {
      // A damaged cache file: solved again below.
    }
  }
  // The preset's race ships with verflixt (a strategy file: the optimal seat's whole table),
  // so that a fresh install answers at once instead of solving for minutes. It is read only
  // under its own head (this version, these rules); any other rules are solved below.
  if (!vm["no-cache"].as<bool>()) {
    const std::string shipped = core::find_data_file(kShippedRace, "zehntausend");
    if (std::filesystem::is_regular_file(shipped)) {
      try {
        out.race = unflatten(r, overshoot, read_values(shipped, head));
        out.source = "shipped";
        return out;
      } catch (const core::InputError&) {
        // Other rules, or another version's file: solved below.
      }
    }
  }
  const auto t0 = std::chrono::steady_clock::now();
  // Ctrl-C stops between waves of levels: the values found so far, marked not converged, not cached.
  out.race = with_progress("solve zehntausend race (levels of the sweeps expected)", [&](const core::RunControl& control) {
    return std::make_shared<const Race>(r, overshoot, core::RaceOptions{.threads = threads_or_every_core(vm), .control = &control});
  });
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out.source = "solved";
  if (out.race->solution().converged && !interrupt_flag().load()) {
    cache.write(flatten(out.race->solution()));
  } else if (!partial) {
    // Nothing is printed or written yet: an unsolved race is no answer to give (the command
    // line prints the result marked interrupted, with nothing in it).
    throw core::Interrupted("solving the two-player race (nothing cached)");
  }
  return out;
}

void save_race(const std::string& path, const Race& race) {
  write_values(path, race_head(race.rules(), race.overshoot()), flatten(race.solution()));
}

RaceSource race_source(const po::variables_map& vm, const ZehntausendRules& r) {
  return [&vm, r](const std::string& file) { return race_for(vm, r, file).race; };
}

}  // namespace verflixt::cli::zehntausend_cli
