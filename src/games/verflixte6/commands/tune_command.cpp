// `verflixt tune`: improves a position policy's integer parameters for one seat against a
// fixed field by simulation with common random numbers (tuning.h), optionally picks its
// loadout, prints the search path with paired errors, and writes the improved policy as a
// position INI file that make_policy reads back.

#include "cli/cli.h"
#include "cli/game_command.h"
#include "cli/question_form.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/engine_option.h"
#include "games/verflixte6/commands/loadouts_option.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/file_io.h"
#include "verflixt/games/verflixte6/answers/tune.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {

const std::vector<std::string> kFormats = {"table", "json"};

// tune's options, bound to its question (the engine among them), then the sampling ones.
Form<TuneQuestion> tune_form() {
  // The objective and the loadouts are read by tune itself; their named values feed the completion.
  core::Option objective = core::word_option("objective", "win", "win (P(win)) or not-loser (1 - P(loser), P3)");
  objective.choices = {"win", "not-loser"};
  core::Option loadouts =
      loadouts_option("after the search, pick the loadout among these (a listed loadout is a priority list)");
  using Q = TuneQuestion;
  return Form<Q>{
             field(core::policy_option(
                       "policy", "strategies/position-safe.ini",
                       "the start point: a kind = position policy file, optionally @JOKERS (its loadout), or a "
                       "strong policy (strong, kind = strong)"),
                   &Q::policy),
             field(core::words_option("field", "one opponent: POLICY[@JOKERS] (repeat per seat, 1..11)"), &Q::field),
             field(core::integer_option("players", 2, kMaxPlayers, "table size with --field-policy (2.." + std::to_string(kMaxPlayers) + "; default 4)"),
                   &Q::players),
             field(core::policy_option("field-policy", "",
                                       "every opponent with --players (default strategies/heuristic.ini)"),
                   &Q::field_policy),
             field(objective, &Q::objective),
             field(
                 core::count_option("evenings", 10000, 1, std::uint64_t{1} << 32, "evenings per candidate measurement"),
                 &Q::evenings),
             field(core::words_option("param",
                                      "name=lo..hi[:step], repeatable; names: margin, margin_per_player, floor, cap, k "
                                      "(default: margin=-2..10 floor=0..20:2 cap=8..40:2)"),
                   &Q::param),
             field(core::integer_option("rounds", 3, 1, 20, "at most this many passes over the parameters (1..20)"),
                   &Q::rounds),
             field(loadouts, &Q::loadouts),
             field(core::integer_option("series", 1, 1000,
                                        "evenings that carry the P4 bonus; default 10 when the rules give one, else 1"),
                   &Q::series),
             field(core::switch_option("final", "play final evenings (P2)"), &Q::final),
             unbound<Q>(core::file_option("write-policy", "write the improved policy to this INI file")),
             field(engine_option(
                       "reference",
                       ". The reference engine is tune's default: every candidate is a new policy, and the kernel's "
                       "tables would be compiled again for each, which costs more than they save at 10^4 evenings per "
                       "candidate"),
                   &Q::engine)} +
         sampling_fields<Q>();
}

AnswerResult tune_answered(const po::variables_map& vm) {
  const Rules rules = rules_from(vm);
  format_from(vm, kFormats);
  if (vm.count("write-policy")) core::check_output_target(vm["write-policy"].as<std::string>(), "--write-policy");
  const TuneSetup setup = prepare_tune(rules, question_of(tune_form(), vm));

  const TuneAnswer answer = tune_answer(setup, stop_control());
  if (vm.count("write-policy"))
    core::write_file_atomic(vm["write-policy"].as<std::string>(), answer.policy_file, "--write-policy");
  return {describe(answer), answer.done};
}

}  // namespace

AnswerSpec tune_spec() {
  return {"tune", "tune options", form_options(tune_form()) + rules_options(), kFormats,
          std::string("usage: verflixt tune [--policy FILE] --field SEAT ... | --players N --field-policy P\n"
          "                     [--objective win|not-loser] [--evenings M] [--param name=lo..hi[:step]]\n"
          "                     [--loadouts all|singles|pairs|LIST;LIST] [--write-policy FILE]\n"
          "Coordinate search over a position policy's parameters for seat 1 against a fixed field.\n"
          "Every candidate plays the same dice (common random numbers, paired per series); a move\n"
          "is accepted only if its paired improvement on a separate confirmation stream exceeds\n"
          "2 standard errors. Start and result are re-measured on a third stream.") + kRuleIdsNote,
          tune_answered};
}

}  // namespace verflixt::cli
