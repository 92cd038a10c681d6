// `verflixt rules|solve|evaluate|tournament|advise|balance --game en-gingg`: En Gingg as Bei
// (include/verflixt/games/en_gingg/) through the same commands, options, output formats and
// Ctrl-C convention as Die verflixte 6. Here are the options and help texts; the answers are
// the game library's.
#include "games/en_gingg/commands/commands.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/game_answer.h"
#include "cli/game_balance.h"
#include "cli/game_tournament.h"
#include "verflixt/games/en_gingg/answers.h"

namespace verflixt::cli {
namespace {

namespace eg = en_gingg;

GameRules<eg::EnGinggRules> rules() { return {.table = &eg::rule_table(), .title = "En Gingg as Bei"}; }

AnswerGame<eg::EnGinggRules> solve_game() {
  AnswerGame<eg::EnGinggRules> g{
      .rules = rules(), .command = "solve",
      .usage = "usage: verflixt solve --game en-gingg [--rules FILE] [--format table|json|csv]\n"
               "The exact phase-1 set-aside policies of En Gingg as Bei — for the expected change of the\n"
               "own balance, and for that plus the next player's phase-2 loss — with their values, each\n"
               "policy's value under both objectives, the heuristics' values, and phase 2's expected\n"
               "damage per digit."};
  g.answer = [](const po::variables_map&, const eg::EnGinggRules& rules) {
    return AnswerResult{describe(eg::solve_answer(rules))};
  };
  return g;
}

AnswerGame<eg::EnGinggRules> evaluate_game() {
  const core::OptionTable own = {
      core::policy_option("policy", "optimal:own", "the policy: " + eg::kPolicyForms + ", as strategies/en-gingg/ holds"),
      core::count_option("turns", 1000000, 1, std::uint64_t{1} << 40, "turns to sample")};
  AnswerGame<eg::EnGinggRules> g{
      .rules = rules(), .command = "evaluate", .own = own, .sampling = true,
      .usage = "usage: verflixt evaluate --game en-gingg [--policy SPEC] [--turns N] [--seed S] [--threads T]\n"
               "Samples N turns (phase 1 and phase 2) of one policy and prints the mean change of the own\n"
               "balance and the next player's loss ± SE, next to their exact values."};
  g.answer = [](const po::variables_map& vm, const eg::EnGinggRules& rules) {
    const std::string spec = vm["policy"].as<std::string>();
    const auto policy = eg::make_policy(spec, rules);  // a bad policy is reported before the sampling options are read
    const eg::EvaluateQuestion q{spec, count_from(vm, "turns"), seed_from(vm), threads_from(vm)};
    return answered(with_progress("evaluate en-gingg turns", [&](const core::RunControl& control) {
      return eg::evaluate_answer(rules, *policy, q, control);
    }));
  };
  return g;
}

TournamentGame<eg::EnGinggRules> tournament_game() {
  TournamentGame<eg::EnGinggRules> g{
      .rules = rules(),
      .seat_help = "a seat's policy: " + eg::kPolicyForms + "; repeat 2..8 times, the first begins",
      .max_players = eg::kMaxPlayers,
      .about = "Plays N whole games of En Gingg as Bei (everyone starts at 37; the first balance at 0 or\n"
               "less loses) and prints each seat's P(losing) ± SE and the game length."};
  g.play = [](const po::variables_map&, const eg::EnGinggRules& rules, const std::vector<std::string>& specs,
              const TournamentRun& run) {
    const eg::Seating seating(rules, specs);
    const eg::TournamentQuestion q{run.games(), run.seed(), run.threads()};
    return answered(
        run.sample([&](const core::RunControl& control) { return eg::tournament_answer(rules, seating, q, control); }));
  };
  return g;
}

AnswerGame<eg::EnGinggRules> advise_game() {
  // The objective is read by parse_objective (its own message); its names feed the completion.
  core::Option objective_option = core::word_option("objective", "own+next", "own or own+next");
  objective_option.choices = {"own", "own+next"};
  const core::OptionTable own = {
      core::asked(core::word_option("dice", "the dice just thrown, e.g. 6,6,5,3,2,1")),
      core::asked(core::word_option("aside", "", "the dice already set aside this turn, e.g. 6,6"), "Dice set aside this turn"),
      // A word, not a number: without --dice it is the dice, as --throw was once spelled here.
      core::asked(core::word_option("throw", "which throw this is (1 = the first; default: 1 with nothing aside, else 2)")),
      core::labelled(core::integer_option("throws", 0, eg::kMaxDice - 1, "the throws made before this one (the same as --throw N+1)"),
                     "Throws made before this one"),
      core::asked(objective_option, "Objective"),
      core::labelled(core::count_option("top", 10, 1, 1000, "set-asides to list"), "Choices to list")};
  AnswerGame<eg::EnGinggRules> g{
      .rules = rules(), .command = "advise", .own = own,
      .usage = "usage: verflixt advise --game en-gingg --dice 6,6,5,3,2,1 [--aside FACES] [--throw N]\n"
               "                       [--objective own|own+next]\n"
               "Ranks every legal set-aside of a phase-1 throw by its exact value: the expected change of\n"
               "the own balance (own) or that plus the next player's phase-2 loss (own+next).\n"
               "example: verflixt advise --game en-gingg --dice 5,4,4,2 --aside 6,6"};
  g.answer = [](const po::variables_map& vm, const eg::EnGinggRules& rules) {
    const eg::AdviceQuestion q{given<std::string>(vm, "dice"), vm["aside"].as<std::string>(),
                               given<std::string>(vm, "throw"), given<int>(vm, "throws"),
                               vm["objective"].as<std::string>(), vm["top"].as<std::uint64_t>()};
    // --throw FACES without --dice is how the dice were once given here: read so, with a note.
    if (!q.dice && q.throw_)
      note("the dice are now given with --dice; --throw N is which throw this is");
    return AnswerResult{describe(eg::advise(rules, q))};
  };
  return g;
}

BalanceGame<eg::EnGinggRules> balance_game() {
  // P(losing), as the tournament measures it: the first balance at 0 or less loses.
  BalanceGame<eg::EnGinggRules> g{rules(), {"p_lose", "P(losing)", "one player loses a game", true}, 20000, eg::kPolicyForms,
                                  "optimal:own", {}, {}};
  // optimal:own loses least at a mixed table (docs/games/en-gingg.md).
  g.strongest = [](const eg::EnGinggRules&) { return std::string("optimal:own"); };
  g.play = [](const eg::EnGinggRules& r, const std::vector<std::string>& specs, const BalanceSampling& s,
              const core::RunControl& control) {
    const eg::Seating seating(r, specs);
    return balance_play(eg::play_games(r, seating.seats, s.games, s.seed, s.threads, control), seating.names,
                        [](const eg::GameTally& t, int seat) { return t.p_lose(seat); });
  };
  return g;
}

}  // namespace

// Every command with the options of a quick run (core/command.h).
std::vector<core::Command> en_gingg_commands() {
  return {
      rules_entry<rules>(),
      answer_entry<solve_game>("solve", "", ""),
      answer_entry<evaluate_game>("evaluate", "--turns 2000"),
      tournament_entry<tournament_game>("--seat optimal:own --seat keep-from:4 --games 200"),
      answer_entry<advise_game>("advise", "--dice 665321", nullptr, true),
      balance_entry<balance_game>("--set start=20 --games 200"),
  };
}

}  // namespace verflixt::cli
