// `verflixt tournament`: plays many evenings at one table, each seat with its own policy and
// joker list, and prints per policy and per seat P(win), P(loser), expected rank and eyes
// with standard errors, and whether the best policy's lead is significant (objective.h).

#include <map>
#include <memory>

#include "cli/cli.h"
#include "cli/game_command.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/engine_option.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/answers/tournament.h"
#include "verflixt/games/verflixte6/rules/seat.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// The seats: --seat (repeated), or --seats N all playing --policy.
std::vector<std::string> seat_specs_from(const po::variables_map& vm) {
  std::vector<std::string> specs;
  if (vm.count("seat")) {
    if (vm.count("seats")) throw core::InputError("give either --seat (repeated) or --seats N --policy P, not both");
    specs = vm["seat"].as<std::vector<std::string>>();
  } else {
    if (!vm.count("seats")) throw core::InputError("no table: give --seat POLICY[@JOKERS] per seat, or --seats N");
    const int n = vm["seats"].as<int>();
    specs.assign(static_cast<size_t>(n), vm["policy"].as<std::string>());
  }
  if (specs.size() < 2 || specs.size() > 12)
    throw core::InputError(std::to_string(specs.size()) + " --seat options; valid: 2..12 seats");
  return specs;
}

// tournament's options, then the engine, sampling, rules and output ones.
core::OptionTable tournament_options() {
  const core::OptionTable own = {
      core::words_option("seat", "one seat: POLICY[@JOKERS] (repeat per seat, 2..12), e.g. "
                                 "threshold:20@hirtenschutz,pony,rattenlord or strategies/position-safe.ini; JOKERS is "
                                 "a priority list, the first ones still available are selected each pass (P2); without "
                                 "@ a policy file's loadout is used"),
      core::integer_option("seats", 2, 12, "number of seats when all play --policy (2..12)"),
      core::policy_option("policy", "threshold:20", "policy of every seat with --seats"),
      core::count_option("evenings", 20000, 1, std::uint64_t{1} << 40, "evenings to play (rounded up to whole series)"),
      core::integer_option("series", 1, 1000,
                           "consecutive evenings that carry the placement bonus (P4); default 10 when the rules give "
                           "one, else 1"),
      core::switch_option("final", "play final evenings (P2: final_passes, Freie Jokerwahl)"),
      core::switch_option("single-pass",
                          "score single passes instead of evenings (sets evening.passes = evening.final_passes = 1)"),
      engine_option()};
  return own + sampling_options() + rules_options() + output_options(kFormats);
}

}  // namespace

int tournament_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "tournament options", tournament_options(),
                  std::string("usage: verflixt tournament --seat POLICY[@JOKERS] --seat ... [--evenings M] [--final]\n"
                  "       verflixt tournament --seats N --policy P [--evenings M]\n"
                  "Plays M evenings at one table (seat g mod N opens evening g) and prints per policy\n"
                  "and per seat P(win) (ties split the win 1/k), P(loser) (docs/rules/verflixte6.md P3), expected rank\n"
                  "(ties averaged) and expected evening total, each with its standard error.") + kRuleIdsNote,
                  vm))
    return 0;
  Rules rules = rules_from(vm);
  if (vm["single-pass"].as<bool>()) rules.passes = rules.final_passes = 1;
  const std::string format = format_from(vm, kFormats);
  const std::uint64_t evenings = vm["evenings"].as<std::uint64_t>();
  const std::uint64_t seed = seed_from(vm);
  const int threads = threads_from(vm);
  const bool final = vm["final"].as<bool>();

  const std::vector<std::string> specs = seat_specs_from(vm);
  const int series = series_length(given<int>(vm, "series"), rules);

  const std::vector<SeatPlayer> owned = make_seat_players(specs, rules);
  std::map<std::string, int> group_of;
  ObjectiveSpec spec;
  spec.final = final;
  spec.series_length = series;
  for (const auto& seat : owned) {
    auto [it, fresh] = group_of.emplace(seat.label, static_cast<int>(spec.groups.size()));
    if (fresh) spec.groups.push_back(seat.label);
    spec.seats.push_back(TableSeat{seat.policy.get(), seat.selector.get(), it->second});
  }

  std::vector<const Policy*> policies;
  for (const auto& seat : spec.seats) policies.push_back(seat.policy);
  spec.engine = engine_named(vm["engine"].as<std::string>(), policies);

  TournamentAnswer answer{.rules = rules, .seed = seed, .threads = threads, .final = final, .series = series,
                          .seats = specs, .policies = spec.groups, .engine = spec.engine, .run = {},
                          .interrupted = false};
  answer.run = with_progress("tournament evenings", [&](const core::RunControl& control) {
    return play_objectives(rules, spec, evenings, seed, threads, control);
  });
  answer.interrupted = answer.run.interrupted || interrupt_flag().load();
  return finish(vm, format, completion(answer), describe(answer).render(format));
}

}  // namespace verflixt::cli
