// `verflixt tune`: improves a position policy's integer parameters for one seat against a
// fixed field by simulation with common random numbers (tuning.h), optionally picks its
// loadout, prints the search path with paired errors, and writes the improved policy as a
// position INI file that make_policy reads back.

#include "cli/cli.h"
#include "cli/game_command.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/engine_option.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/file_io.h"
#include "verflixt/games/verflixte6/answers/tune.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {

const std::vector<std::string> kFormats = {"table", "json"};

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
  return own + sampling_options() + rules_options();
}

}  // namespace

AnswerResult tune_answered(const po::variables_map& vm) {
  const Rules rules = rules_from(vm);
  format_from(vm, kFormats);
  if (vm.count("write-policy")) core::check_output_target(vm["write-policy"].as<std::string>(), "--write-policy");
  TuneQuestion q;
  q.seed = seed_from(vm);
  q.threads = threads_from(vm);
  q.policy = vm["policy"].as<std::string>();
  if (vm.count("field")) q.field = vm["field"].as<std::vector<std::string>>();
  q.players = given<int>(vm, "players");
  q.field_policy = given<std::string>(vm, "field-policy");
  q.objective = vm["objective"].as<std::string>();
  q.evenings = vm["evenings"].as<std::uint64_t>();
  if (vm.count("param")) q.param = vm["param"].as<std::vector<std::string>>();
  q.rounds = vm["rounds"].as<int>();
  q.loadouts = given<std::string>(vm, "loadouts");
  q.series = given<int>(vm, "series");
  q.final = vm["final"].as<bool>();
  q.engine = vm["engine"].as<std::string>();
  const TuneSetup setup = prepare_tune(rules, q);

  const TuneAnswer answer = tune_answer(setup, stop_control());
  if (vm.count("write-policy"))
    core::write_file_atomic(vm["write-policy"].as<std::string>(), answer.policy_file, "--write-policy");
  return {describe(answer), answer.done};
}

AnswerSpec tune_spec() {
  return {"tune", "tune options", tune_options(), kFormats,
          std::string("usage: verflixt tune [--policy FILE] --field SEAT ... | --players N --field-policy P\n"
          "                     [--objective win|not-loser] [--evenings M] [--param name=lo..hi[:step]]\n"
          "                     [--loadouts singles|pairs|LIST;LIST] [--write-policy FILE]\n"
          "Coordinate search over a position policy's parameters for seat 1 against a fixed field.\n"
          "Every candidate plays the same dice (common random numbers, paired per series); a move\n"
          "is accepted only if its paired improvement on a separate confirmation stream exceeds\n"
          "2 standard errors. Start and result are re-measured on a third stream.") + kRuleIdsNote,
          false, tune_answered};
}

}  // namespace verflixt::cli
