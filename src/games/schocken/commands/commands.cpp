// `verflixt rules|solve|evaluate|tournament|advise|balance --game schocken`: Schocken
// (include/verflixt/games/schocken/) through the same commands, options and output formats as
// Die verflixte 6. Each command maps its options onto the library's question.
#include "games/schocken/commands/commands.h"

#include <optional>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/game_answer.h"
#include "cli/game_balance.h"
#include "cli/game_command.h"
#include "cli/game_tournament.h"
#include "verflixt/games/schocken/answers.h"
#include "verflixt/games/schocken/monte_carlo.h"
#include "verflixt/games/schocken/policy.h"

namespace verflixt::cli {
namespace {

using namespace verflixt::schocken;

GameRules<SchockenRules> rules() { return {.table = &schocken::rule_table(), .title = "Schocken"}; }

AnswerGame<SchockenRules> solve_game() {
  const core::OptionTable own = {
      core::idle_with(core::word_option("target", "one hand to beat (e.g. '6 5 3'): its optimal keep policy and value"),
                      {"equilibrium"}),
      core::only_with(core::integer_option("limit", 3, 1, 3, "throws allowed for --target (1..3; default: the rules' max_throws)"), {"target"}),
      core::only_with(
          core::integer_option("target-throws", 1, 3, "throws the target took (default: --limit); an equal key loses"),
          {"target"}),
      core::switch_option("equilibrium", "the round equilibrium by best responses at a table of --players"),
      core::only_with(core::integer_option("players", 2, kMaxPlayers,
                                           "players in the round for --equilibrium (default: the rules' players)"),
                      {"equilibrium"}),
      core::only_with(core::file_option("write-policy", "with --equilibrium: write the keep tables for 2..players"),
                      {"equilibrium"})};
  AnswerGame<SchockenRules> g{
      .rules = rules(), .command = "solve", .own = own,
      .usage = "usage: verflixt solve --game schocken [--target HAND [--limit L] [--target-throws T]]\n"
               "                      [--equilibrium [--players N] [--write-policy FILE]]\n"
               "Exact: with no option, P(beating each hand) with 1, 2 and 3 throws under the optimal keep\n"
               "policy (the target took as many throws as allowed and revealed first); --target: one hand's\n"
               "optimal keeps; --equilibrium: a round's keep policies by iterated best responses."};
  g.answer = [](const po::variables_map& vm, const SchockenRules& rules) {
    const SolveQuestion q{.target = given<std::string>(vm, "target"),
                          .limit = given_not_defaulted<int>(vm, "limit"),
                          .target_throws = given<int>(vm, "target-throws"),
                          .equilibrium = vm["equilibrium"].as<bool>(),
                          .players = given<int>(vm, "players"),
                          .write_policy = given<std::string>(vm, "write-policy")};
    return AnswerResult{describe(solve(rules, q))};
  };
  return g;
}

AnswerGame<SchockenRules> evaluate_game() {
  const core::OptionTable own = {
      core::policy_option("policy", "equilibrium", "the policy: " + kPolicyForms),
      core::word_option("target", "6 6 5", "the hand to beat (e.g. '6 5 3')"),
      core::integer_option("limit", 3, 1, 3, "throws allowed (1..3; default: the rules' max_throws)"),
      core::integer_option("target-throws", 1, 3, "throws the target took (default: --limit)"),
      core::count_option("turns", 1000000, 1, std::uint64_t{1} << 40, "turns to sample")};
  AnswerGame<SchockenRules> g{
      .rules = rules(), .command = "evaluate", .own = own, .sampling = true,
      .usage = "usage: verflixt evaluate --game schocken [--policy P] [--target HAND] [--limit L] [--turns N]\n"
               "A policy as a follower (position 2) chasing a hand: its exact P(beat) (policy evaluation),\n"
               "its Monte Carlo ± SE through the reference engine, and the optimum (solve) beside it."};
  g.answer = [](const po::variables_map& vm, const SchockenRules& rules) {
    const Evaluation e = prepare_evaluation(rules, {.policy = vm["policy"].as<std::string>(),
                                                    .target = vm["target"].as<std::string>(),
                                                    .limit = given_not_defaulted<int>(vm, "limit"),
                                                    .target_throws = given<int>(vm, "target-throws"),
                                                    .turns = vm["turns"].as<std::uint64_t>()});
    // Read once the question holds, as tournament reads them once the table is seated.
    const std::uint64_t seed = seed_from(vm);
    const int threads = threads_from(vm);
    return answered(with_progress("evaluate schocken turns", [&](const core::RunControl& control) {
      return evaluate(e, seed, threads, control);
    }));
  };
  return g;
}

TournamentGame<SchockenRules> tournament_game() {
  TournamentGame<SchockenRules> g{
      .rules = rules(),
      .seat_help = "a seat's policy: " + kPolicyForms + "; repeat 2..8 times, seat 1 opens",
      .max_players = kMaxPlayers,
      .about = "Plays N whole games of Schocken (two halves and the final) at a table of 2..8 seats and\n"
               "prints each seat's P(losing a half) and P(paying) ± SE."};
  g.play = [](const po::variables_map&, const SchockenRules& rules, const std::vector<std::string>& specs,
              const TournamentRun& run) {
    const PolicyTable table = make_table(specs, rules);
    const std::uint64_t games = run.games(), seed = run.seed();
    const int threads = run.threads();
    return answered(run.sample(
        [&](const core::RunControl& control) { return tournament(rules, table, games, seed, threads, control); }));
  };
  return g;
}

AnswerGame<SchockenRules> advise_game() {
  const core::OptionTable own = {
      core::asked(core::word_option("dice", "the throw in front of you, e.g. '6 1 1' (required)")),
      core::asked(core::integer_option("throw", 1, 1, 3, "which throw this is: throws used so far (1..limit; at the limit only standing is left)")),
      core::asked(core::integer_option("limit", 3, 1, 3, "throws allowed this turn (the starter's count; default: the rules' max_throws)"),
                  "Throws allowed this turn"),
      core::asked(
          core::renamed(core::word_option("other", "the other player's hand to beat, e.g. '4 2 1': rank by P(beat it)"), "target"),
          "The other's hand to beat"),
      core::only_with(core::asked(core::renamed(core::integer_option("other-throws", 1, 3,
                                                                     "throws the other's hand took (default: --limit)"),
                                                "target-throws"),
                                  "Throws the other's hand took"),
                      {"other"}),
      // The hand to beat decides alone: the round's players and my place are not read then.
      core::idle_with(core::asked(core::integer_option("players", 2, kMaxPlayers,
                                                       "without --other: players in the round (default: the rules' players)")),
                      {"other"}),
      core::idle_with(core::asked(core::renamed(core::integer_option("seat", 1, 1, kMaxPlayers,
                                                                     "without --other: my place in the round, 1 = starter"),
                                                "position")),
                      {"other"})};
  AnswerGame<SchockenRules> g{
      .rules = rules(), .command = "advise", .own = own,
      .usage = "usage: verflixt advise --game schocken --dice '6 1 1' [--throw K] [--limit L]\n"
               "                       [--other HAND | --players N --seat P]\n"
               "Ranks standing and every choice of dice to throw again, exactly: by P(beat the other's hand), or\n"
               "by P(not having the round's worst hand) when the others play the round equilibrium."};
  g.answer = [](const po::variables_map& vm, const SchockenRules& rules) {
    const AdviceQuestion q{.dice = given<std::string>(vm, "dice"),
                           .throw_ = vm["throw"].as<int>(),
                           .limit = given_not_defaulted<int>(vm, "limit"),
                           .other = given<std::string>(vm, "other"),
                           .other_throws = given<int>(vm, "other-throws"),
                           .players = given<int>(vm, "players"),
                           .seat = given_not_defaulted<int>(vm, "seat")};
    const Advice advice = advise(rules, q);
    // The starter's own throws set the limit: said once the question holds, not before its errors.
    if (!q.other && q.seat.value_or(1) == 1 && !vm["limit"].defaulted())
      warning("--limit changes nothing for the starter (seat 1): the starter's own throws set the limit");
    return AnswerResult{describe(advice)};
  };
  return g;
}

BalanceGame<SchockenRules> balance_game() {
  // P(pay), as the tournament measures it: the loser of the game pays.
  BalanceGame<SchockenRules> g{rules(), {"p_pay", "P(pay)", "one player pays a game", true}, 20000, kPolicyForms,
                               "equilibrium", {}, {}};
  g.strongest = [](const SchockenRules&) { return std::string("equilibrium"); };
  g.play = [](const SchockenRules& r, const std::vector<std::string>& specs, const BalanceSampling& s, const core::RunControl& control) {
    const PolicyTable table = make_table(specs, r);
    return balance_play(play_games(r, table.seats, s.games, s.seed, s.threads, control), table.names,
                        [](const GameTally& t, int seat) { return core::Estimate{t.p_pay(seat), t.se_pay(seat)}; });
  };
  return g;
}

}  // namespace

// Every command with the options of a quick run (core/command.h).
std::vector<core::Command> schocken_commands() {
  return {
      rules_entry<rules>(),
      answer_entry<solve_game>("solve", "", "--equilibrium"),
      answer_entry<evaluate_game>("evaluate", "--turns 2000"),
      tournament_entry<tournament_game>("--seat stand --seat equilibrium --games 200"),
      answer_entry<advise_game>("advise", "--dice 611", nullptr, true),
      balance_entry<balance_game>("--set chips=7 --games 200"),
  };
}

}  // namespace verflixt::cli
