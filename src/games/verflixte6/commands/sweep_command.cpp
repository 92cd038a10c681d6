// `verflixt sweep`: expected solo value, bust rate and their standard errors over a range of
// stop thresholds, for one or many loadouts, marking the best threshold and whether its lead
// over the runner-up is significant.

#include "cli/cli.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/analyses/sweep.h"
#include "verflixt/games/verflixte6/answers/sweep.h"
#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {

const std::vector<std::string> kFormats = {"table", "json", "csv"};

std::vector<JokerSet> parse_loadouts(const std::string& spec, const Rules& rules) {
  if (spec == "all") return all_loadouts(rules);
  if (spec == "singles") {
    std::vector<JokerSet> out{JokerSet{}};
    for (int k = 0; k < JOKER_NB; ++k)
      if (rules.jokers.has(static_cast<Joker>(k))) out.push_back(JokerSet{}.with(static_cast<Joker>(k)));
    return out;
  }
  std::vector<JokerSet> out;
  size_t start = 0;
  while (start <= spec.size()) {
    size_t semi = spec.find(';', start);
    if (semi == std::string::npos) semi = spec.size();
    out.push_back(parse_loadout(spec.substr(start, semi - start), rules, "--loadouts"));
    start = semi + 1;
  }
  return out;
}

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
  return own + sampling_options() + rules_options() + output_options(kFormats);
}

}  // namespace

int sweep_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "sweep options", sweep_options(),
                  "usage: verflixt sweep [--jokers LIST | --loadouts all|singles|L1;L2] [--from N] [--to N]\n"
                  "                      [--policy BASE] [--turns M] [--seed S] [--format table|json|csv]\n"
                  "Monte Carlo EV and bust rate with standard errors for every stop threshold N in\n"
                  "[from, to]: jokers are used as BASE uses them, and the turn stops at N or more eyes.\n"
                  "Loadouts that announce no joker score every N on the same turns (paired errors).",
                  vm))
    return 0;
  const Rules rules = rules_from(vm);
  const std::string format = format_from(vm, kFormats);
  const std::vector<JokerSet> loadouts = vm.count("loadouts")
                                             ? parse_loadouts(vm["loadouts"].as<std::string>(), rules)
                                             : std::vector<JokerSet>{parse_loadout(vm["jokers"].as<std::string>(), rules)};
  const auto base = make_policy(vm["policy"].as<std::string>(), rules);
  const int lo = vm["from"].as<int>(), hi = vm["to"].as<int>();
  if (lo < -100 || hi > 400 || lo > hi)
    throw core::InputError("--from " + std::to_string(lo) + " --to " + std::to_string(hi) +
                     " is not a range; valid: -100 <= from <= to <= 400");
  const std::uint64_t turns = vm["turns"].as<std::uint64_t>();
  const int threads = threads_from(vm);
  const std::uint64_t seed = seed_from(vm);

  install_interrupt_handler();
  SweepAnswer answer{.rules = rules, .policy = base->name(), .seed = seed, .turns = turns, .from = lo, .to = hi,
                     .loadouts = loadouts.size(), .results = {}, .stopped = false};
  for (std::size_t li = 0; li < loadouts.size() && !interrupt_flag().load(); ++li) {
    const core::RunControl control = progress_control("sweep " + loadout_name(loadouts[li]));
    answer.results.push_back(sweep(rules, loadouts[li], *base, lo, hi, turns, seed, threads, control));
    progress_done();
  }
  answer.stopped = interrupt_flag().load();
  return finish(vm, format, completion(answer), describe(answer).render(format));
}

}  // namespace verflixt::cli
