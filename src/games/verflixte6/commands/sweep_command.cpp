// `verflixt sweep`: expected solo value, bust rate and their standard errors over a range of
// stop thresholds, for one or many loadouts, marking the best threshold and whether its lead
// over the runner-up is significant.

#include "cli/cli.h"
#include "cli/game_command.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/games/verflixte6/answers/sweep.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// sweep's options, then the sampling, rules and output ones.
core::OptionTable sweep_options() {
  // The loadouts are read by sweep itself (a list of them, or all or singles); the two named
  // forms feed the completion.
  core::Option loadouts = core::word_option("loadouts", "all, singles, or loadouts separated by ';' (overrides --jokers)");
  loadouts.choices = {"all", "singles"};
  const core::OptionTable own = {
      core::word_option("jokers", "none", "one loadout, e.g. hirtenschutz,pony"),
      loadouts,
      core::integer_option("from", 10, -100, 400, "lowest stop threshold"),
      core::integer_option("to", 30, -100, 400, "highest stop threshold"),
      core::policy_option("policy", "strategies/heuristic.ini",
                          "base policy for joker use and inner choices (its stop rule is replaced)"),
      core::count_option("turns", 1000000, 2, std::uint64_t{1} << 44, "turns per threshold and loadout")};
  return own + sampling_options() + rules_options();
}

}  // namespace

AnswerResult sweep_answered(const po::variables_map& vm) {
  const Rules rules = rules_from(vm);
  format_from(vm, kFormats);
  SweepQuestion q;
  q.jokers = vm["jokers"].as<std::string>();
  q.loadouts = given<std::string>(vm, "loadouts");
  q.policy = vm["policy"].as<std::string>();
  q.from = vm["from"].as<int>();
  q.to = vm["to"].as<int>();
  q.turns = vm["turns"].as<std::uint64_t>();
  q.threads = threads_from(vm);
  q.seed = seed_from(vm);
  const SweepSetup setup = prepare_sweep(rules, q);

  const SweepAnswer answer =
      with_progress("sweep", [&](const core::RunControl& control) { return sweep_answer(setup, control); });
  return {describe(answer), completion(answer)};
}

AnswerSpec sweep_spec() {
  return {"sweep", "sweep options", sweep_options(), kFormats,
          "usage: verflixt sweep [--jokers LIST | --loadouts all|singles|L1;L2] [--from N] [--to N]\n"
          "                      [--policy BASE] [--turns M] [--seed S] [--format table|json|csv]\n"
          "Monte Carlo EV and bust rate with standard errors for every stop threshold N in\n"
          "[from, to]: jokers are used as BASE uses them, and the turn stops at N or more eyes.\n"
          "Loadouts that announce no joker score every N on the same turns (paired errors).",
          false, sweep_answered};
}

}  // namespace verflixt::cli
