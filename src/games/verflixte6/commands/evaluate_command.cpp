// `verflixt evaluate`: plays M solo turns (default) or M passes of N players under a
// ruleset, loadout and policy, and prints the mean with its standard error and 95% CI,
// the bust rate with its error and score percentiles.

#include <optional>

#include "cli/cli.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/error.h"
#include "verflixt/core/names.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/answers/evaluate.h"
#include "verflixt/games/verflixte6/exact/solver.h"
#include "verflixt/games/verflixte6/rules/heuristic.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/position.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// The loadout a policy file names, as a seat at a table selects it for a fresh pass: the first
// jokers_per_pass jokers of its policy.loadout that exist under the rules (heuristic and
// position files), or a solver table's own loadout. nullopt: the policy names none.
std::optional<JokerSet> policy_loadout(const Policy& policy, const Rules& rules) {
  std::vector<Joker> list;
  if (const auto* t = dynamic_cast<const SolvedPolicy*>(&policy)) return t->loadout();
  if (const auto* h = dynamic_cast<const HeuristicPolicy*>(&policy)) list = h->params().loadout;
  else if (const auto* q = dynamic_cast<const PositionPolicy*>(&policy)) list = q->heuristic().params().loadout;
  else return std::nullopt;
  JokerSet set;
  int count = 0;
  for (Joker j : list)
    if (count < rules.jokers_per_pass && rules.jokers.has(j) && !set.has(j)) set = set.with(j), ++count;
  return set;
}

// evaluate's options, then the sampling, rules and output ones.
core::OptionTable evaluate_options() {
  core::Option players = core::integer_option(
      "players", 0, 0, 12, "play passes of this many players (2..12; the pass kernel, or the reference engine); 0 = solo turns");
  players.valid = "0 (solo) or 2..12";
  // The engine is read by evaluate itself (with "did you mean"); its names feed the completion.
  core::Option engine = core::word_option("engine", "auto",
                                          "kernel (compiled chain, fast), reference (the readable engine), exact (Markov "
                                          "chain, no sampling), auto (kernel for solo turns, reference for passes)");
  engine.choices = {"auto", "kernel", "reference", "exact"};
  const core::OptionTable own = {
      core::policy_option("policy", "threshold:17",
                          "threshold:N, a heuristic file strategies/*.ini, or a solver table *.policy"),
      core::word_option("jokers", "none",
                        "loadout, e.g. hirtenschutz,pony; default: the loadout the --policy file names, else none"),
      core::count_option("turns", 1000000, 1, std::uint64_t{1} << 50, "solo turns (or passes with --players)"),
      players,
      engine,
      core::switch_option("exact", "the same as --engine exact: EV and distribution from the Markov chain")};
  return own + sampling_options() + rules_options() + output_options(kFormats);
}

}  // namespace

int evaluate_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "evaluate options", evaluate_options(),
                  "usage: verflixt evaluate [--policy P] [--jokers LIST] [--turns M] [--players N]\n"
                  "                         [--seed S] [--threads T] [--format table|json|csv]\n"
                  "Plays M solo turns (docs/rules/verflixte6.md §5) or M passes of N players and prints the mean\n"
                  "eyes with standard error and 95% CI, the bust rate and score percentiles.",
                  vm))
    return 0;
  const Rules rules = rules_from(vm);
  const std::string format = format_from(vm, kFormats);
  const auto policy = make_policy(vm["policy"].as<std::string>(), rules);
  // The loadout: --jokers when given, else the one the policy file names (as tournament and
  // balance seat it), else none. The output says which.
  JokerSet jokers;
  std::string jokers_from = "default";
  const std::optional<JokerSet> from_policy = policy_loadout(*policy, rules);
  if (!vm["jokers"].defaulted()) {
    jokers = parse_loadout(vm["jokers"].as<std::string>(), rules);
    jokers_from = "--jokers";
  } else if (from_policy) {
    jokers = *from_policy;
    jokers_from = "policy file";
  }
  const std::uint64_t turns = vm["turns"].as<std::uint64_t>();
  const int players = vm["players"].as<int>();
  const std::uint64_t seed = seed_from(vm);
  const int threads = threads_from(vm);
  const std::vector<std::string> engines = {"auto", "kernel", "reference", "exact"};
  std::string engine = engines[core::choose_name(vm["engine"].as<std::string>(), engines, "--engine")];
  if (vm["exact"].as<bool>()) {
    if (!vm["engine"].defaulted() && engine != "exact")
      throw core::InputError("--exact contradicts --engine " + engine + "; give one of them");
    engine = "exact";
  }
  if (players != 0 && (players < 2 || players > 12))
    throw core::InputError("--players " + std::to_string(players) + " is out of range; valid: 0 (solo) or 2..12");
  if (players != 0 && engine == "exact")
    throw core::InputError("--engine exact plays solo turns only; passes (--players) need --engine auto, kernel or reference");
  if (players != 0 && engine != "reference")  // the pass kernel, if it can play the policy
    engine = engine_name(resolve_engine(engine == "kernel" ? PassEngine::Kernel : PassEngine::Auto, {policy.get()}));
  if (engine == "auto") engine = "kernel";

  const EvaluateQuestion question{rules, *policy, jokers, jokers_from, engine, turns, seed, players, threads};
  const EvaluateAnswer answer =
      with_progress(players ? "evaluate passes" : "evaluate turns",
                    [&](const core::RunControl& control) { return evaluate_answer(question, control); });
  return finish(vm, format, completion(answer), describe(answer).render(format));
}

}  // namespace verflixt::cli
