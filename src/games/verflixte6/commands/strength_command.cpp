// `verflixt strength`: how much a best response gains against a policy (best_response.h).
// For each --policy P the field all plays P, tune finds a strong response at seat 1, and the
// gain over a copy of P is reported with its paired error; then best responses are iterated
// within the strong family until a gain is within 2 SE of 0 or --rounds.

#include "cli/cli.h"
#include "cli/game_command.h"
#include "cli/question_form.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/games/verflixte6/answers/strength.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {

const std::vector<std::string> kFormats = {"table", "json"};

// strength's options, bound to its question, then the sampling ones.
Form<StrengthQuestion> strength_form() {
  using Q = StrengthQuestion;
  return Form<Q>{
             field(
                 core::words_option("policy",
                                    "the policy to measure, POLICY[@JOKERS] as the table commands read it; repeatable "
                                    "(default: threshold:20, strategies/heuristic.ini, strategies/position-safe.ini, "
                                    "strategies/position-jokers.ini, strategies/strong.ini)"),
                 &Q::policy),
             field(core::integer_option("players", 4, 2, kMaxPlayers, "table size (2.." + std::to_string(kMaxPlayers) + ")"), &Q::players),
             field(core::integer_option("rounds", 3, 1, 10, "best-response rounds per policy at most (1..10)"),
                   &Q::rounds),
             field(
                 core::count_option("evenings", 2000, 1, std::uint64_t{1} << 32, "evenings per candidate and per gain"),
                 &Q::evenings),
             field(core::words_option("param",
                                      "name=lo..hi[:step] of the response's stop rule, repeatable (default: "
                                      "margin=-2..10:4 cap=18..90:12)"),
                   &Q::param),
             field(core::integer_option("tune-rounds", 1, 1, 10, "tune's passes over the parameters per round (1..10)"),
                   &Q::tune_rounds),
             field(core::policy_option("response", "strategies/strong.ini",
                                       "the responses' start: a strong policy file (kind = strong)"),
                   &Q::response),
             field(core::integer_option("series", 1, 1000,
                                        "evenings that carry the P4 bonus; default 10 when the rules give one, else 1"),
                   &Q::series),
             field(core::switch_option("final", "play final evenings (P2)"), &Q::final)} +
         sampling_fields<Q>();
}

AnswerResult strength_answered(const po::variables_map& vm) {
  const Rules rules = rules_from(vm);
  format_from(vm, kFormats);
  const StrengthSetup setup = prepare_strength(rules, question_of(strength_form(), vm));

  const StrengthAnswer answer = strength_answer(setup, stop_control());
  return {describe(answer), answer.done};
}

}  // namespace

AnswerSpec strength_spec() {
  return {"strength", "strength options", form_options(strength_form()) + rules_options(), kFormats,
          std::string("usage: verflixt strength [--policy P ...] [--players N] [--rounds R] [--evenings M]\n"
          "                         [--param name=lo..hi[:step]] [--response FILE]\n"
          "How strong a policy is: the field plays it, tune finds a strong best response at seat 1,\n"
          "and its P(win) gain over a copy of the policy (which gets 1/n) is reported with its\n"
          "paired standard error; best responses are then iterated within the strong family until\n"
          "a gain is within 2 SE of 0 (or --rounds).") + kRuleIdsNote,
          strength_answered};
}

}  // namespace verflixt::cli
