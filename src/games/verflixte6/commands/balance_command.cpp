// `verflixt balance`: for rule designers. The measuring is balance.h and the answers
// answers/balance.h (the game layer); this file reads the options into the question, runs it
// with progress and Ctrl-C, and prints the answer. (1) Each joker's lift: the evening P(win) and
// P(loser) of one player whose loadout gains that joker, against the same player without it,
// at a table of a fixed field, under every policy family (the --policy file, the exact solo
// solver's policy for the loadout, the strong table policy), next to its exact solo EV lift.
// (2) When the rules differ from their preset (--set, --rules): the same table under both
// rulesets, the tested seat holding the jokers the change touches. (3) --vary sweeps one joker
// parameter; (4) --auto finds the values that balance a joker.

#include <cstdint>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/game_command.h"
#include "cli/question_form.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/engine_option.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/games/verflixte6/analyses/balance.h"
#include "verflixt/games/verflixte6/answers/balance.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;

namespace {

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// balance's options, bound to its question (the engine among them), then the sampling ones.
Form<BalanceQuestion> balance_form() {
  using Q = BalanceQuestion;
  return Form<Q>{
             field(core::integer_option("players", 4, 2, kMaxPlayers, "table size (2.." + std::to_string(kMaxPlayers) + ")"),
                   &Q::players),
             field(core::policy_option(
                       "policy", "strategies/heuristic.ini",
                       "the first policy family: the tested player plays this file for every loadout (it needs "
                       "windows for the jokers, as heuristic files have)"),
                   &Q::policy),
             field(core::word_option("base", "none", "his joker list without the tested joker"), &Q::base),
             field(core::policy_option("field", "strategies/heuristic.ini",
                                       "every other seat: POLICY[@JOKERS] (a policy file's own loadout without @)"),
                   &Q::field),
             field(core::word_option(
                       "jokers", "all",
                       "jokers to test (all = every joker of the rules); with --auto, the others to balance against"),
                   &Q::jokers),
             field(core::count_option("evenings", 20000, 1, std::uint64_t{1} << 40, "evenings per run"), &Q::evenings),
             field(core::switch_option("final", "play final evenings"), &Q::final),
             field(
                 core::word_option("vary",
                                   "KEY=A..B: sweep one integer parameter of a joker (e.g. runkelrueb.face=1..6); for "
                                   "each value the joker's P(win) lift under every policy family and its exact solo EV "
                                   "lift, instead of the joker table"),
                 &Q::vary),
             field(core::word_option(
                       "auto",
                       "KEY=A..B: auto-balance one integer parameter of a joker (e.g. runkelrueb.face=1..7): the "
                       "values whose P(win) lift, under each family, lies between the smallest and the largest lift "
                       "of the other tested jokers, and the confidence set (every value not beyond that spread by "
                       "more than 2 paired SE), found by bisection (the lift is assumed monotone in the parameter; "
                       "checked, and every value evaluated where it is not); also the exact solo EV version against "
                       "the other jokers' solo EV lifts"),
                   &Q::auto_),
             field(  // The default 0 (off) lies outside 1..2^40 on purpose: a given N must be at least 1.
                 core::count_option(
                     "until-verdict", 0, 1, std::uint64_t{1} << 40,
                     "N (0: off): play the joker table in paired blocks of --evenings evenings (each on its own "
                     "dice) until the strongest family names a strongest and a weakest joker, or N evenings per "
                     "run are spent; a verdict then needs more than z paired SE, z such that the chance of any "
                     "verdict among equal jokers is at most 5% over every look (Bonferroni)"),
                 &Q::until_verdict),
             field(core::switch_option(
                       "no-solver-family",
                       "skip the second policy family (the tested seat playing the exact solo solver's policy for "
                       "each loadout)"),
                   &Q::no_solver_family),
             field(core::policy_option(
                       "strong", "strategies/strong.ini",
                       "the third policy family: the strong table policy for each loadout with this file's "
                       "parameters (kind = strong; played by the reference engine, so it costs the most), or none "
                       "to skip it"),
                   &Q::strong),
             field(engine_option(), &Q::engine)} +
         sampling_fields<Q>();
}

constexpr const char* kUsage =
    "usage: verflixt balance [--players N] [--policy P] [--base LIST] [--field SEAT]\n"
    "                        [--jokers LIST|all] [--evenings M] [--set key=value ...]\n"
    "                        [--vary KEY=A..B | --auto KEY=A..B]\n"
    "Each joker's evening P(win) / P(loser) lift for one player (seat 1, the seats rotate\n"
    "every evening) against a fixed field, under every policy family, with paired standard\n"
    "errors (the runs play the same dice per series of evenings); and, when --set or --rules\n"
    "change the preset, the table under the preset and under the changed rules side by side.\n"
    "--auto KEY=A..B: a value balances the joker when its lift lies between the smallest and\n"
    "the largest lift of the other tested jokers (same family); its confidence set is every\n"
    "value not beyond that spread by more than 2 paired SE; the exact version compares exact\n"
    "solo EV lifts.";

// Every run shows its progress and stops at Ctrl-C.
RunHooks run_hooks() {
  RunHooks hooks;
  hooks.begin = [](const std::string& label) { return progress_control(label); };
  hooks.end = [] { progress_done(); };
  hooks.stopped = [&stop = interrupt_flag()] { return stop.load(); };  // this command's, from any thread
  return hooks;
}

AnswerResult balance_answered(const po::variables_map& vm) {
  const Rules rules = rules_from(vm);
  format_from(vm, kFormats);
  const BalancePlan plan = prepare_balance(rules, question_of(balance_form(), vm));
  install_interrupt_handler();
  const RunHooks hooks = run_hooks();
  if (vm.count("vary")) {
    const BalanceVaryAnswer answer = balance_vary_answer(plan, hooks);
    return answered(answer);
  }
  if (vm.count("auto")) {
    const BalanceAutoAnswer answer = balance_auto_answer(plan, hooks);
    return answered(answer);
  }
  const BalanceAnswer answer = balance_answer(plan, hooks);
  return answered(answer);
}

}  // namespace

AnswerSpec balance_spec() {
  return {"balance", "balance options", form_options(balance_form()) + rules_options(), kFormats, kUsage,
          balance_answered};
}

}  // namespace verflixt::cli
