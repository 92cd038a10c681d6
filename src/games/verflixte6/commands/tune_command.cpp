// `verflixt tune`: improves a position policy's integer parameters for one seat against a
// fixed field by simulation with common random numbers (tuning.h), optionally picks its
// loadout, prints the search path with paired errors, and writes the improved policy as a
// position INI file that make_policy reads back.

#include <memory>

#include "cli/cli.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/rules_options.h"
#include "games/verflixte6/commands/seat_spec.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/names.h"
#include "verflixt/games/verflixte6/analyses/tuning.h"
#include "verflixt/games/verflixte6/answers/tune.h"
#include "verflixt/games/verflixte6/exact/strong_policy.h"
#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {

const std::vector<std::string> kFormats = {"table", "json"};

// Candidate loadouts: "singles" / "pairs" over the jokers of the rules (plus none), or
// explicit priority lists separated by ';' ("none" is the empty list).
std::vector<std::vector<Joker>> parse_loadouts(const std::string& text, const Rules& rules) {
  std::vector<Joker> all;
  for (int j = 0; j < JOKER_NB; ++j)
    if (rules.jokers.has(static_cast<Joker>(j))) all.push_back(static_cast<Joker>(j));
  std::vector<std::vector<Joker>> out;
  if (text == "singles" || text == "pairs") {
    out.push_back({});
    for (size_t a = 0; a < all.size(); ++a) {
      if (text == "singles") out.push_back({all[a]});
      else
        for (size_t b = a + 1; b < all.size(); ++b) out.push_back({all[a], all[b]});
    }
    return out;
  }
  size_t start = 0;
  while (start <= text.size()) {
    size_t semi = text.find(';', start);
    if (semi == std::string::npos) semi = text.size();
    out.push_back(parse_joker_priority(text.substr(start, semi - start), rules,
                                       "--loadouts (valid: singles, pairs or LIST;LIST with LIST = a,b,c or none)"));
    start = semi + 1;
  }
  return out;
}

// The opponents: --field (repeated), or --players N of --field-policy.
std::vector<std::string> field_specs_from(const po::variables_map& vm) {
  std::vector<std::string> field_specs;
  if (vm.count("field")) {
    if (vm.count("players") || vm.count("field-policy"))
      throw core::InputError("give either --field (repeated) or --players N --field-policy P, not both");
    field_specs = vm["field"].as<std::vector<std::string>>();
  } else {
    const int n = vm.count("players") ? vm["players"].as<int>() : 4;
    field_specs.assign(static_cast<size_t>(n - 1),
                       vm.count("field-policy") ? vm["field-policy"].as<std::string>() : "strategies/heuristic.ini");
  }
  if (field_specs.empty() || field_specs.size() > 11)
    throw core::InputError(std::to_string(field_specs.size()) + " --field options; valid: 1..11 opponents");
  return field_specs;
}

// tune's options, then the engine, sampling, rules and output ones.
core::OptionTable tune_options() {
  // The objective and the loadouts are read by tune itself; their named values feed the completion.
  core::Option objective = core::word_option("objective", "win", "win (P(win)) or not-loser (1 - P(loser), P3)");
  objective.choices = {"win", "not-loser"};
  core::Option loadouts = core::word_option(
      "loadouts", "after the search, pick the loadout among: singles, pairs (of the rules' jokers, and none) or LIST;LIST");
  loadouts.choices = {"singles", "pairs"};
  const core::OptionTable own = {
      core::policy_option("policy", "strategies/position-safe.ini",
                          "the start point: a kind = position policy file, optionally @JOKERS (its loadout), or a "
                          "strong policy (strong, kind = strong)"),
      core::words_option("field", "one opponent: POLICY[@JOKERS] (repeat per seat, 1..11)"),
      core::integer_option("players", 2, 12, "table size with --field-policy (2..12; default 4)"),
      core::policy_option("field-policy", "", "every opponent with --players (default strategies/heuristic.ini)"),
      objective,
      core::count_option("evenings", 10000, 1, std::uint64_t{1} << 32, "evenings per candidate measurement"),
      core::words_option("param", "name=lo..hi[:step], repeatable; names: margin, margin_per_player, floor, cap, k "
                                  "(default: margin=-2..10 floor=0..20:2 cap=8..40:2)"),
      core::integer_option("rounds", 3, 1, 20, "at most this many passes over the parameters (1..20)"),
      loadouts,
      core::integer_option("series", 1, 1000,
                           "evenings that carry the P4 bonus; default 10 when the rules give one, else 1"),
      core::switch_option("final", "play final evenings (P2)"),
      core::file_option("write-policy", "write the improved policy to this INI file"),
      engine_option("reference",
                    ". The reference engine is tune's default: every candidate is a new policy, and the kernel's "
                    "tables would be compiled again for each, which costs more than they save at 10^4 evenings per "
                    "candidate")};
  return own + sampling_options() + rules_options() + output_options(kFormats);
}

}  // namespace

int tune_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "tune options", tune_options(),
                  std::string("usage: verflixt tune [--policy FILE] --field SEAT ... | --players N --field-policy P\n"
                  "                     [--objective win|not-loser] [--evenings M] [--param name=lo..hi[:step]]\n"
                  "                     [--loadouts singles|pairs|LIST;LIST] [--write-policy FILE]\n"
                  "Coordinate search over a position policy's parameters for seat 1 against a fixed field.\n"
                  "Every candidate plays the same dice (common random numbers, paired per series); a move\n"
                  "is accepted only if its paired improvement on a separate confirmation stream exceeds\n"
                  "2 standard errors. Start and result are re-measured on a third stream.") + kRuleIdsNote,
                  vm))
    return 0;
  const Rules rules = rules_from(vm);
  const std::string format = format_from(vm, kFormats);
  if (vm.count("write-policy")) core::check_output_target(vm["write-policy"].as<std::string>(), "--write-policy");
  const std::uint64_t seed = seed_from(vm);
  const int threads = threads_from(vm);
  TuningOptions options;
  const std::vector<std::string> objectives = {"win", "not-loser"};
  const std::string objective = objectives[core::choose_name(vm["objective"].as<std::string>(), objectives, "--objective")];
  options.objective = objective == "win" ? TuningObjective::win : TuningObjective::not_loser;
  options.evenings = vm["evenings"].as<std::uint64_t>();
  options.max_rounds = vm["rounds"].as<int>();
  if (vm.count("param")) {
    options.ranges.clear();
    for (const auto& t : vm["param"].as<std::vector<std::string>>()) options.ranges.push_back(parse_param_range(t));
  }
  if (vm.count("loadouts")) options.loadouts = parse_loadouts(vm["loadouts"].as<std::string>(), rules);

  const std::string policy_spec = vm["policy"].as<std::string>();
  const SeatPlayer tested = make_seat_player(policy_spec, rules);
  const auto* position = dynamic_cast<const PositionPolicy*>(tested.policy.get());
  const auto* strong = dynamic_cast<const StrongPolicy*>(tested.policy.get());
  if (!position && !strong)
    throw core::InputError("--policy '" + policy_spec +
                     "' is not a position or strong policy; valid: a policy file with kind = position or strong");
  if (strong && vm.count("loadouts"))
    throw core::InputError("--loadouts is for position policies; a strong policy selects by its own plan");

  const std::vector<std::string> field_specs = field_specs_from(vm);
  const int series = series_from(vm, rules);

  const std::vector<SeatPlayer> field = make_seat_players(field_specs, rules);
  TuningTable table;
  if (strong) {
    // The strong family (strong_policy.h): its stop rule is tuned, jokers and the last seat
    // stay exact; it selects by its own plan.
    table.start = strong->params().stop;
    table.make_tested = [strong](const PositionParams& p) -> std::unique_ptr<Policy> {
      StrongParams sp = strong->params();
      sp.stop = p;
      return std::make_unique<StrongPolicy>(strong->solutions(), sp, strong->loadouts(), "tuned");
    };
    table.tested_selector = tested.selector.get();
  } else {
    table.start = position->params();
    table.jokers = position->heuristic().params();
    table.loadout = tested.jokers;
  }
  table.final = vm["final"].as<bool>();
  table.series_length = series;
  for (const auto& f : field) table.field.push_back({f.policy.get(), f.selector.get(), 0});
  std::vector<const Policy*> policies{tested.policy.get()};
  for (const auto& f : field) policies.push_back(f.policy.get());
  table.engine = engine_from(vm, policies);

  const core::RunControl control = stop_control();
  const TuneAnswer answer =
      tune_answer({rules, table, options, policy_spec, field_specs, strong, seed, threads}, control);
  if (vm.count("write-policy"))
    core::write_file_atomic(vm["write-policy"].as<std::string>(), answer.policy_file, "--write-policy");
  return finish(vm, format, answer.done, describe(answer).render(format));
}

}  // namespace verflixt::cli
