// `verflixt rules|solve|evaluate|tournament|advise --game en-gingg`: En Gingg as Bei
// (include/verflixt/games/en_gingg/) through the same commands, options, output formats and
// Ctrl-C convention as Die verflixte 6.
#include "games/en_gingg/commands/commands.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "cli/cli.h"
#include "cli/game_answer.h"
#include "cli/game_balance.h"
#include "cli/game_command.h"
#include "cli/game_tournament.h"
#include "verflixt/core/dice_text.h"
#include "verflixt/core/error.h"
#include "verflixt/games/en_gingg/answers.h"
#include "verflixt/games/en_gingg/monte_carlo.h"
#include "verflixt/games/en_gingg/policy.h"
#include "verflixt/games/en_gingg/solver.h"

namespace verflixt::cli {
namespace {

namespace eg = en_gingg;

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// --game, then the rules options; every command's table starts with these.
core::OptionTable en_gingg_rules_options() {
  return core::OptionTable{core::word_option("game", "en-gingg", "the game: en-gingg here (verflixte6 is the default game)")} +
         game_rules_options("en-gingg", eg::rule_table());
}

eg::EnGinggRules en_gingg_rules_from(const po::variables_map& vm) { return game_rules_from(vm, eg::rule_table()); }

std::vector<int> faces_list(const std::string& text, const char* option, int max_face) {
  return core::parse_dice_text(text, option, max_face);
}

}  // namespace

int en_gingg_rules_command(int argc, const char* const* argv) {
  return print_rules(argc, argv, "rules --game en-gingg options", en_gingg_rules_options(),
                     "usage: verflixt rules --game en-gingg [--preset swiss] [--rules FILE] [--set key=value ...]\n"
                     "Prints every rule parameter of En Gingg as Bei (G1-G3) as a commented INI file that\n"
                     "--rules FILE reads back on any --game en-gingg command.",
                     eg::rule_table(), [](const po::variables_map& vm) { return en_gingg_rules_from(vm); });
}

int en_gingg_solve_command(int argc, const char* const* argv) {
  AnswerGame<eg::EnGinggRules> g{
      .game = "en-gingg", .command = "solve", .options = en_gingg_rules_options(),
      .usage = "usage: verflixt solve --game en-gingg [--rules FILE] [--format table|json|csv]\n"
               "The exact phase-1 set-aside policies of En Gingg as Bei — for the expected change of the\n"
               "own balance, and for that plus the next player's phase-2 loss — with their values, each\n"
               "policy's value under both objectives, the heuristics' values, and phase 2's expected\n"
               "damage per digit."};
  g.rules = en_gingg_rules_from;
  g.answer = [](const po::variables_map&, const eg::EnGinggRules& rules) {
    return AnswerResult{describe(eg::solve_answer(rules))};
  };
  return answer_command(argc, argv, g);
}

int en_gingg_evaluate_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::policy_option("policy", "optimal:own",
                          "keep-from:F, optimal:own, optimal:own+next, guarded:own+next or a policy file "
                          "(strategies/en-gingg/*.ini)"),
      core::count_option("turns", 1000000, 1, std::uint64_t{1} << 40, "turns to sample")};
  AnswerGame<eg::EnGinggRules> g{
      .game = "en-gingg", .command = "evaluate", .options = en_gingg_rules_options(), .own = own, .sampling = true,
      .usage = "usage: verflixt evaluate --game en-gingg [--policy SPEC] [--turns N] [--seed S] [--threads T]\n"
               "Samples N turns (phase 1 and phase 2) of one policy and prints the mean change of the own\n"
               "balance and the next player's loss ± SE, next to their exact values."};
  g.rules = en_gingg_rules_from;
  g.answer = [](const po::variables_map& vm, const eg::EnGinggRules& rules) {
    const std::string spec = vm["policy"].as<std::string>();
    const auto policy = eg::make_policy(spec, rules);
    const std::uint64_t turns = count_from(vm, "turns"), seed = seed_from(vm);
    const int threads = threads_from(vm);
    eg::EvaluationAnswer answer{.rules = rules, .policy = eg::display_name(spec), .seed = seed, .threads = threads,
                                .exact = eg::turn_value(rules, *policy), .run = {}, .interrupted = false};
    answer.run = with_progress("evaluate en-gingg turns", [&](const core::RunControl& control) {
      return eg::sample_turns(rules, *policy, turns, seed, threads, control);
    });
    const Completion done = completion(answer.run.tally.turns, turns, "turns", answer.run.interrupted);
    answer.interrupted = done.interrupted;
    return AnswerResult{describe(answer), done};
  };
  return answer_command(argc, argv, g);
}

int en_gingg_tournament_command(int argc, const char* const* argv) {
  TournamentGame<eg::EnGinggRules> g{
      .game = "en-gingg", .options = en_gingg_rules_options(),
      .seat_help = "a seat's policy (keep-from:F, optimal:own, optimal:own+next, guarded:own+next or a policy file); "
                   "repeat 2..8 times, the first begins",
      .max_players = eg::kMaxPlayers, .formats = kFormats,
      .usage = "usage: verflixt tournament --game en-gingg --seat P --seat P [...] [--games N] [--seed S]\n"
               "Plays N whole games of En Gingg as Bei (everyone starts at 37; the first balance at 0 or\n"
               "less loses) and prints each seat's P(losing) ± SE and the game length."};
  g.rules = en_gingg_rules_from;
  g.play = [](const po::variables_map&, const eg::EnGinggRules& rules, const std::vector<std::string>& specs,
              const TournamentRun& run) {
    const auto table = make_seats(specs, [&](const std::string& spec) { return eg::make_policy(spec, rules); });
    std::vector<std::string> names;  // a table names a seat by its spec, as display_name shows it
    for (const auto& spec : specs) names.push_back(eg::display_name(spec));
    const std::uint64_t games = run.games();
    eg::TournamentAnswer answer{.rules = rules, .seats = std::move(names), .seed = run.seed(), .threads = run.threads(),
                                .run = {}, .interrupted = false};
    answer.run = run.sample([&](const core::RunControl& control) {
      return eg::play_games(rules, table.seats, games, answer.seed, answer.threads, control);
    });
    const Completion done = completion(answer.run.tally.games, games, "games", answer.run.interrupted);
    answer.interrupted = done.interrupted;
    return TournamentResult{describe(answer), done};
  };
  return tournament_command(argc, argv, g);
}

namespace {

AnswerGame<eg::EnGinggRules> en_gingg_advise() {
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
      .game = "en-gingg", .command = "advise", .options = en_gingg_rules_options(), .own = own,
      .usage = "usage: verflixt advise --game en-gingg --dice 6,6,5,3,2,1 [--aside FACES] [--throw N]\n"
               "                       [--objective own|own+next]\n"
               "Ranks every legal set-aside of a phase-1 throw by its exact value: the expected change of\n"
               "the own balance (own) or that plus the next player's phase-2 loss (own+next).\n"
               "example: verflixt advise --game en-gingg --dice 5,4,4,2 --aside 6,6"};
  g.rules = en_gingg_rules_from;
  g.answer = [](const po::variables_map& vm, const eg::EnGinggRules& rules) {
    // --throw FACES without --dice is how the dice were once given here: read so, with a note.
    const bool dice_as_throw = !vm.count("dice") && vm.count("throw");
    if (dice_as_throw) std::fprintf(stderr, "verflixt: note: the dice are now given with --dice; --throw N is which throw this is\n");
    if (!vm.count("dice") && !dice_as_throw)
      throw core::InputError("advise --game en-gingg needs --dice FACES, e.g. --dice 6,6,5,3,2,1");
    const std::string dice_key = dice_as_throw ? "throw" : "dice";
    const eg::DiceCounts thrown =
        eg::counts_of(faces_list(vm[dice_key].as<std::string>(), ("--" + dice_key).c_str(), rules.faces), rules.faces);
    const eg::DiceCounts aside = eg::counts_of(faces_list(vm["aside"].as<std::string>(), "--aside", rules.faces), rules.faces);
    const int left = eg::dice_in(thrown), done = eg::dice_in(aside);
    if (left == 0 || left + done != rules.dice)
      throw core::InputError("--" + dice_key + " has " + std::to_string(left) + " dice and --aside " + std::to_string(done) +
                       "; together they must be the " + std::to_string(rules.dice) + " dice, at least one thrown");
    const bool throw_given = vm.count("throw") && !dice_as_throw;
    if (throw_given && vm.count("throws")) throw core::InputError("give one of --throw and --throws, not both");
    const int lo = done > 0 ? 1 : 0, hi = std::min(done, rules.max_throws - 1);  // throws before this one
    const auto range = [&](int shift) {
      return "is out of range; valid: " + std::to_string(lo + shift) + ".." + std::to_string(hi + shift) + " with " +
             std::to_string(done) + " dice aside";
    };
    int throws = lo;
    if (throw_given) {
      const int n = core::parse_int(vm["throw"].as<std::string>(), "--throw", "advise", 1, eg::kMaxDice);
      if (n - 1 < lo || n - 1 > hi) throw core::InputError("--throw " + std::to_string(n) + " " + range(1));
      throws = n - 1;
    } else if (vm.count("throws")) {
      throws = vm["throws"].as<int>();
      if (throws < lo || throws > hi) throw core::InputError("--throws " + std::to_string(throws) + " " + range(0));
    }
    const eg::Objective objective = eg::parse_objective(vm["objective"].as<std::string>());
    const eg::Advice advice = eg::advise(rules, objective, thrown, aside, throws, vm["top"].as<std::uint64_t>());
    return AnswerResult{describe(advice)};
  };
  return g;
}

}  // namespace

core::OptionTable en_gingg_advise_options() { return answer_options(en_gingg_advise()); }

int en_gingg_advise_command(int argc, const char* const* argv) { return answer_command(argc, argv, en_gingg_advise()); }

int en_gingg_balance_command(int argc, const char* const* argv) {
  // P(losing), as the tournament measures it: the first balance at 0 or less loses.
  BalanceGame<eg::EnGinggRules> g{"en-gingg", &eg::rule_table(), {"p_lose", "P(losing)", "one player loses a game", true}, 20000,
                                  "keep-from:F, optimal:own, optimal:own+next, guarded:own+next or a policy file", "optimal:own", {}, {}};
  // optimal:own loses least at a mixed table (docs/games/en-gingg.md).
  g.strongest = [](const eg::EnGinggRules&) { return std::string("optimal:own"); };
  g.play = [](const eg::EnGinggRules& r, const std::vector<std::string>& specs, const BalanceSampling& s,
              const core::RunControl& control) {
    const auto table = make_seats(specs, [&](const std::string& spec) { return eg::make_policy(spec, r); });
    std::vector<std::string> names;  // a table names a seat by its spec, as the tournament does
    for (const auto& spec : specs) names.push_back(eg::display_name(spec));
    return balance_play(eg::play_games(r, table.seats, s.games, s.seed, s.threads, control), names,
                        [](const eg::GameTally& t, int seat) { return t.p_lose(seat); });
  };
  return balance_command(argc, argv, g);
}

// Every command with the options of a quick run (core/command.h).
std::vector<core::Command> en_gingg_commands() {
  return {
      {"rules", en_gingg_rules_command, "", ""},
      {"solve", en_gingg_solve_command, "", "", ""},
      {"evaluate", en_gingg_evaluate_command, "", "--turns 2000"},
      {"tournament", en_gingg_tournament_command, "", "--seat optimal:own --seat keep-from:4 --games 200"},
      {"advise", en_gingg_advise_command, "", "--dice 665321", nullptr, en_gingg_advise_options},
      {"balance", en_gingg_balance_command, "", "--set start=20 --games 200"},
  };
}

}  // namespace verflixt::cli
