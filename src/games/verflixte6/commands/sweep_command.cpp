// `verflixt sweep`: expected solo value, bust rate and their standard errors over a range of
// stop thresholds, for one or many loadouts, marking the best threshold and whether its lead
// over the runner-up is significant.

#include "cli/cli.h"
#include "cli/game_command.h"
#include "cli/question_form.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/loadouts_option.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/games/verflixte6/answers/sweep.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// sweep's options, bound to its question, then the sampling ones.
Form<SweepQuestion> sweep_form() {
  using Q = SweepQuestion;
  return Form<Q>{
             field(core::idle_with(core::word_option("jokers", "none", "one loadout, e.g. hirtenschutz,pony"), {"loadouts"}),
                   &Q::jokers),
             field(loadouts_option("the loadouts to sweep, instead of --jokers"), &Q::loadouts),
             field(core::integer_option("from", 10, -100, 400, "lowest stop threshold"), &Q::from),
             field(core::integer_option("to", 30, -100, 400, "highest stop threshold"), &Q::to),
             field(core::policy_option("policy", "strategies/heuristic.ini",
                                       "base policy for joker use and inner choices (its stop rule is replaced)"),
                   &Q::policy),
             field(core::count_option("turns", 1000000, 2, std::uint64_t{1} << 44, "turns per threshold and loadout"),
                   &Q::turns)} +
         sampling_fields<Q>();
}

AnswerResult sweep_answered(const po::variables_map& vm) {
  const Rules rules = rules_from(vm);
  format_from(vm, kFormats);
  const SweepSetup setup = prepare_sweep(rules, question_of(sweep_form(), vm));
  const SweepAnswer answer =
      with_progress("sweep", [&](const core::RunControl& control) { return sweep_answer(setup, control); });
  return answered(answer);
}

}  // namespace

AnswerSpec sweep_spec() {
  return {"sweep", "sweep options", form_options(sweep_form()) + rules_options(), kFormats,
          "usage: verflixt sweep [--jokers LIST | --loadouts all|singles|L1;L2] [--from N] [--to N]\n"
          "                      [--policy BASE] [--turns M] [--seed S] [--format table|json|csv]\n"
          "Monte Carlo EV and bust rate with standard errors for every stop threshold N in\n"
          "[from, to]: jokers are used as BASE uses them, and the turn stops at N or more eyes.\n"
          "Loadouts that announce no joker score every N on the same turns (paired errors).",
          sweep_answered};
}

}  // namespace verflixt::cli
