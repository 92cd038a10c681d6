// `verflixt evaluate`: plays M solo turns (default) or M passes of N players under a
// ruleset, loadout and policy, and prints the mean with its standard error and 95% CI,
// the bust rate with its error and score percentiles.

#include "cli/cli.h"
#include "cli/question_form.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/games/verflixte6/answers/evaluate.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// evaluate's options, bound to its question, then the sampling ones.
Form<EvaluateQuestion> evaluate_form() {
  core::Option players = core::integer_option(
      "players", 0, 0, kMaxPlayers,
      "play passes of this many players (2.." + std::to_string(kMaxPlayers) +
          "; the pass kernel, or the reference engine); 0 = solo turns");
  players.valid = "0 (solo) or 2.." + std::to_string(kMaxPlayers);
  // The engine is read by evaluate itself (with "did you mean"); its names feed the completion.
  core::Option engine =
      core::word_option("engine", "auto",
                        "kernel (compiled chain, fast), reference (the readable engine), exact (Markov "
                        "chain, no sampling), auto (kernel for solo turns, reference for passes)");
  engine.choices = {"auto", "kernel", "reference", "exact"};
  using Q = EvaluateQuestion;
  return Form<Q>{
             field(core::policy_option("policy", "threshold:17",
                                       "threshold:N, a heuristic file strategies/*.ini, or a solver table *.policy"),
                   &Q::policy),
             field(core::word_option("jokers", "none",
                                     "loadout, e.g. hirtenschutz,pony; default: the loadout the --policy file "
                                     "names, else none"),
                   &Q::jokers),
             field(core::idle_with(core::count_option("turns", 1000000, 1, std::uint64_t{1} << 50,
                                                      "solo turns (or passes with --players)"),
                                   {"exact"}),
                   &Q::turns),
             field(players, &Q::players),
             field(engine, &Q::engine),
             field(core::switch_option("exact",
                                       "the same as --engine exact: EV and distribution from the Markov "
                                       "chain"),
                   &Q::exact)} +
         sampling_fields<Q>({"exact"});
}

AnswerResult evaluate_answered(const po::variables_map& vm) {
  const Rules rules = rules_from(vm);
  format_from(vm, kFormats);
  const EvaluateSetup setup = prepare_evaluate(rules, question_of(evaluate_form(), vm));

  const EvaluateAnswer answer =
      with_progress(setup.players ? "evaluate passes" : "evaluate turns",
                    [&](const core::RunControl& control) { return evaluate_answer(setup, control); });
  return answered(answer);
}

}  // namespace

AnswerSpec evaluate_spec() {
  return {"evaluate", "evaluate options", form_options(evaluate_form()) + rules_options(), kFormats,
          "usage: verflixt evaluate [--policy P] [--jokers LIST] [--turns M] [--players N]\n"
          "                         [--seed S] [--threads T] [--format table|json|csv]\n"
          "Plays M solo turns (docs/rules/verflixte6.md §5) or M passes of N players and prints the mean\n"
          "eyes with standard error and 95% CI, the bust rate and score percentiles.",
          evaluate_answered};
}

}  // namespace verflixt::cli
