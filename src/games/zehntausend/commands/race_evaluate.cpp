// `verflixt evaluate --game zehntausend --policy exact[:FILE]`: the solved race's policy rated by
// whole two-player games — its exact P(win) against each opponent, moving first and moving
// second (race_policies.h: both seats fixed, or the opponent `exact` as the best response to
// it), and, unless --exact, the same games played in the game kernel (± SE) as the check.
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cli/game_balance.h"
#include "games/zehntausend/commands/shared.h"
#include "verflixt/core/error.h"
#include "verflixt/core/stats.h"
#include "verflixt/games/zehntausend/monte_carlo.h"
#include "verflixt/games/zehntausend/race_policies.h"

namespace verflixt::cli::zehntausend_cli {

namespace {

struct Rated {
  std::string opponent;
  double first = 0, second = 0;  // P(the policy wins) moving first, moving second (exact)
  bool sampled = false;
  core::Estimate sample{};      // P(the policy wins) over both seatings, Monte Carlo
  std::uint64_t games = 0;
};

// Both seatings in the kernel, seed and seed + 1 (as the tournament's rotations): the policy's
// share of the wins over all games.
core::Estimate play_both(const TurnLibrary& lib, const SeatPolicy& policy, const SeatPolicy& opponent, std::uint64_t games,
                         std::uint64_t seed, int threads, const core::RunControl& control, bool& cut) {
  double n = 0, sum = 0, sq = 0;
  for (int k = 0; k < 2 && !cut; ++k) {
    const std::array<const SeatPolicy*, 2> seats = k == 0 ? std::array{&policy, &opponent} : std::array{&opponent, &policy};
    const MatchRun run = play_games(lib, seats, games, seed + static_cast<std::uint64_t>(k), threads, control);
    const auto s = static_cast<std::size_t>(k);  // the policy's seat
    n += static_cast<double>(run.tally.games);
    sum += static_cast<double>(run.tally.shares[s]);
    sq += static_cast<double>(run.tally.shares_sq[s]);
    cut = run.interrupted;
  }
  return core::mean_from_sums(n, sum, sq, static_cast<double>(kShareUnit));
}

}  // namespace

int race_evaluate(const po::variables_map& vm) {
  ZehntausendRules r = game_rules(vm);
  if (r.players != 2) {
    balance_warning("players=" + std::to_string(r.players) + ": the race policy plays two-player games; evaluated with 2");
    r.players = 2;
  }
  const std::string format = format_from(vm, kFormats);
  const std::string spec = vm["policy"].as<std::string>();
  if (!vm["turns"].defaulted()) balance_warning("--turns changes nothing for a race policy (it plays --games whole games)");
  const std::vector<std::string> opponents =
      vm.count("against") ? vm["against"].as<std::vector<std::string>>() : std::vector<std::string>{"optimal"};
  const bool exact_only = vm["exact"].as<bool>();
  const std::uint64_t games = vm["games"].as<std::uint64_t>(), seed = seed_from(vm);
  const int threads = threads_from(vm);

  // The opponents are checked before the policy, which may solve the race: a typo costs no minutes.
  const TurnLibrary lib(r);
  // Each saved race read (or, for `exact`, solved or read from the cache) once for every seat.
  std::map<std::string, std::shared_ptr<const Race>> races;
  const RaceSource source = [&races, read = race_source(vm, r)](const std::string& file) {
    std::shared_ptr<const Race>& race = races[file];
    if (!race) race = read(file);
    return race;
  };
  std::vector<std::unique_ptr<SeatPolicy>> sampled(opponents.size());
  for (std::size_t i = 0; i < opponents.size(); ++i) {
    if (opponents[i] != kExactSeat)
      sampled[i] = make_seat_policy(opponents[i], lib, source);
  }
  const std::unique_ptr<SeatPolicy> policy = make_seat_policy(spec, lib, source);
  // The pairing's name of the policy: `exact` is its seat that maximizes; the solved race's
  // policy, fixed, is exact:FILE (an empty FILE: the cache).
  const std::string fixed = spec == kExactSeat ? std::string(kExactSeat) + ":" : spec;

  RacePairings pairings(r, kDefaultOvershoot, source);
  std::vector<Rated> rated;
  bool cut = false;
  with_progress("evaluate zehntausend race policy", [&](const core::RunControl& control) {
    const core::RaceOptions options{.threads = threads, .control = &control};
    for (std::size_t i = 0; i < opponents.size() && !cut; ++i) {
      Rated x{.opponent = opponents[i]};
      const RacePairing first = pairings.solve({fixed, opponents[i]}, options);
      const RacePairing second = first.solution.converged ? pairings.solve({opponents[i], fixed}, options) : first;
      cut = !second.solution.converged;  // Ctrl-C between levels: no value of this pairing
      if (cut) break;
      x.first = first.first_wins();
      x.second = 1 - second.first_wins();
      if (!exact_only && sampled[i]) {
        x.sample = play_both(lib, *policy, *sampled[i], games, seed, threads, control, cut);
        if (cut) break;  // half a check is no check: the exact rows stand, this one is not shown
        x.sampled = true;
        x.games = 2 * games;
      }
      rated.push_back(x);
    }
    return 0;
  });

  const std::uint64_t total = opponents.size();
  const Completion c = completion(rated.size(), total, "opponents", cut);
  core::report::Report j = game_report(r);
  mark(j, c);
  j.field("policy", policy->name());
  if (!exact_only) j.field("seed", seed).field("threads", threads).field("games_per_seating", games);
  j.line("race policy " + policy->name() + " in two-player games to " + std::to_string(r.limit) +
         ": P(it wins), exact (a tie counts half)" + (exact_only ? "" : "; the game kernel's check over 2 x " +
         std::to_string(games) + " games (seed " + std::to_string(seed) + ", ± 1 SE)"));
  core::report::Table& rows =
      j.table("against", {{.name = "opponent"},
                          {.name = "p_win_first", .csv_format = "%.9f"},
                          {.name = "p_win_second", .csv_format = "%.9f"},
                          {.name = "p_win", .csv_format = "%.9f"},
                          {.name = "sampled_p_win", .csv_format = "%.4f", .se_name = "stderr"},
                          {.name = "games"}},
              core::report::kJson | core::report::kCsv);
  for (const Rated& x : rated) {
    const double both = (x.first + x.second) / 2;
    std::string line = "  against " + x.opponent + (x.opponent == kExactSeat ? " (the best response to it)" : "") + ": " +
                       fmt("%.9f", both) + "  (first " + fmt("%.9f", x.first) + ", second " + fmt("%.9f", x.second) + ")";
    if (x.sampled)
      line += "; kernel " + core::report::plus_minus(x.sample) + " (" + se_distance(x.sample.mean, x.sample.se, both) + " SE)";
    else if (!exact_only)
      line += "; no kernel check (the best response is solved, not a policy to play)";
    j.line(line);
    rows.row({x.opponent, x.first, x.second, both, x.sampled ? core::report::Value{x.sample} : core::report::Value{nullptr},
              x.games});
  }
  j.field("exact", true);
  return finish(vm, format, c, j.render(format));
}

}  // namespace verflixt::cli::zehntausend_cli
