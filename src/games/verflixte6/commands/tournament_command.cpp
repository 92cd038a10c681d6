// `verflixt tournament`: plays many evenings at one table, each seat with its own policy and
// joker list, and prints per policy and per seat P(win), P(loser), expected rank and eyes
// with standard errors, and whether the best policy's lead is significant (objective.h).

#include "cli/cli.h"
#include "cli/game_command.h"
#include "cli/question_form.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/engine_option.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/games/verflixte6/answers/tournament.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// tournament's options, bound to its question (the engine among them), then the sampling ones.
Form<TournamentQuestion> tournament_form() {
  using Q = TournamentQuestion;
  return Form<Q>{
             field(core::words_option(
                       "seat",
                       "one seat: POLICY[@JOKERS] (repeat per seat, 2.." + std::to_string(kMaxPlayers) + "), e.g. "
                       "threshold:20@hirtenschutz,pony,rattenlord or strategies/position-safe.ini; JOKERS is "
                       "a priority list, the first ones still available are selected each pass (P2); without "
                       "@ a policy file's loadout is used"),
                   &Q::seat),
             field(core::integer_option("seats", 2, kMaxPlayers,
                                        "number of seats when all play --policy (2.." + std::to_string(kMaxPlayers) + ")"),
                   &Q::seats),
             field(core::only_with(core::policy_option("policy", "threshold:20", "policy of every seat with --seats"), {"seats"}),
                   &Q::policy),
             field(core::count_option("evenings", 20000, 1, std::uint64_t{1} << 40,
                                      "evenings to play (rounded up to whole series)"),
                   &Q::evenings),
             field(core::integer_option(
                       "series", 1, 1000,
                       "consecutive evenings that carry the placement bonus (P4); default 10 when the rules give "
                       "one, else 1"),
                   &Q::series),
             field(core::switch_option("final", "play final evenings (P2: final_passes, Freie Jokerwahl)"), &Q::final),
             field(core::switch_option(
                       "single-pass",
                       "score single passes instead of evenings (sets evening.passes = evening.final_passes = 1)"),
                   &Q::single_pass),
             field(engine_option(), &Q::engine)} +
         sampling_fields<Q>();
}

AnswerResult tournament_answered(const po::variables_map& vm) {
  const Rules rules = rules_from(vm);
  format_from(vm, kFormats);
  const TournamentSetup setup = prepare_tournament(rules, question_of(tournament_form(), vm));

  const TournamentAnswer answer = with_progress(
      "tournament evenings", [&](const core::RunControl& control) { return tournament_answer(setup, control); });
  return answered(answer);
}

}  // namespace

AnswerSpec tournament_spec() {
  return {"tournament", "tournament options", form_options(tournament_form()) + rules_options(), kFormats,
          std::string("usage: verflixt tournament --seat POLICY[@JOKERS] --seat ... [--evenings M] [--final]\n"
          "       verflixt tournament --seats N --policy P [--evenings M]\n"
          "Plays M evenings at one table (seat g mod N opens evening g) and prints per policy\n"
          "and per seat P(win) (ties split the win 1/k), P(loser) (docs/rules/verflixte6.md P3), expected rank\n"
          "(ties averaged) and expected evening total, each with its standard error.") + kRuleIdsNote,
          tournament_answered};
}

}  // namespace verflixt::cli
