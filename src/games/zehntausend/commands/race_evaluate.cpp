// `verflixt evaluate --game zehntausend --policy exact[:FILE]`: the solved race's policy rated by
// whole two-player games — its exact P(win) against each opponent, moving first and moving
// second (race_policies.h: both seats fixed, or the opponent `exact` as the best response to
// it), and, unless --exact, the same games played in the game kernel (± SE) as the check.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cli/game_balance.h"
#include "games/zehntausend/commands/shared.h"
#include "verflixt/core/error.h"
#include "verflixt/games/zehntausend/race_policies.h"

namespace verflixt::cli::zehntausend_cli {

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
  RaceEvaluation answer{.rules = r, .policy = policy->name(), .opponents = opponents, .exact_only = exact_only,
                        .seed = seed, .games = games, .threads = threads, .rated = {}, .interrupted = false};
  with_progress("evaluate zehntausend race policy", [&](const core::RunControl& control) {
    rate_race_policy(answer, pairings, lib, *policy, fixed, sampled, control);
    return 0;
  });
  const Completion c = completion(answer.rated.size(), opponents.size(), "opponents", answer.interrupted);
  answer.interrupted = c.interrupted;
  return finish(vm, format, c, describe(answer).render(format));
}

}  // namespace verflixt::cli::zehntausend_cli
