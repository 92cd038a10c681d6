// `verflixt rules|solve|evaluate|tournament|advise --game schocken`: Schocken
// (include/verflixt/games/schocken/) through the same commands, options and output formats as
// Die verflixte 6.
#include "games/schocken/commands/commands.h"

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/game_answer.h"
#include "cli/game_balance.h"
#include "cli/game_command.h"
#include "cli/game_tournament.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/games/schocken/answers.h"
#include "verflixt/games/schocken/monte_carlo.h"
#include "verflixt/games/schocken/policy.h"
#include "verflixt/games/schocken/solver.h"

namespace verflixt::cli {
namespace {

using namespace verflixt::schocken;

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// --game, then the rules options; every command's table starts with these.
core::OptionTable schocken_rules_options() {
  return core::OptionTable{core::word_option("game", "schocken", "the game: schocken here")} +
         game_rules_options("schocken", schocken::rule_table());
}

SchockenRules schocken_rules_from(const po::variables_map& vm) { return game_rules_from(vm, schocken::rule_table()); }

int limit_from(const po::variables_map& vm, const SchockenRules& rules, const char* key) {
  const int v = vm[key].as<int>();
  if (v < 1 || v > rules.max_throws)
    throw core::InputError(std::string("--") + key + " " + std::to_string(v) + " is out of range; valid: 1.." +
                     std::to_string(rules.max_throws) + " (max_throws)");
  return v;
}

// The hand to beat: `key` (solve's and evaluate's --target, advise's --other) and its throws
// (`key`-throws, default --limit).
BeatTarget target_from(const po::variables_map& vm, const SchockenRules& rules, const std::string& key = "target") {
  BeatTarget t;
  const std::string throws = key + "-throws";
  t.hand = parse_dice(vm[key].as<std::string>());
  t.throws = vm.count(throws) ? vm[throws].as<int>() : vm["limit"].as<int>();
  if (t.throws < 1 || t.throws > rules.max_throws)
    throw core::InputError("--" + throws + " " + std::to_string(t.throws) + " is out of range; valid: 1.." +
                     std::to_string(rules.max_throws));
  return t;
}

}  // namespace

int schocken_rules_command(int argc, const char* const* argv) {
  return print_rules(argc, argv, "rules --game schocken options", schocken_rules_options(),
                     "usage: verflixt rules --game schocken [--preset pub] [--rules FILE] [--set key=value ...]\n"
                     "Prints every Schocken rule parameter (docs/rules/schocken.md) as a commented INI file that\n"
                     "--rules FILE reads back on every schocken command.",
                     schocken::rule_table(), [](const po::variables_map& vm) { return schocken_rules_from(vm); });
}

int schocken_solve_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::word_option("target", "one hand to beat (e.g. '6 5 3'): its optimal keep policy and value"),
      core::integer_option("limit", 3, 1, 3, "throws allowed for --target (1..3)"),
      core::integer_option("target-throws", 1, 3, "throws the target took (default: --limit); an equal key loses"),
      core::switch_option("equilibrium", "the round equilibrium by best responses at a table of --players"),
      core::integer_option("players", 2, kMaxPlayers, "players in the round for --equilibrium (default: the rules' players)"),
      core::file_option("write-policy", "with --equilibrium: write the keep tables for 2..players")};
  AnswerGame<SchockenRules> g{
      .game = "schocken", .command = "solve", .options = schocken_rules_options(), .own = own,
      .usage = "usage: verflixt solve --game schocken [--target HAND [--limit L] [--target-throws T]]\n"
               "                      [--equilibrium [--players N] [--write-policy FILE]]\n"
               "Exact: with no option, P(beating each hand) with 1, 2 and 3 throws under the optimal keep\n"
               "policy (the target took as many throws as allowed and revealed first); --target: one hand's\n"
               "optimal keeps; --equilibrium: a round's keep policies by iterated best responses."};
  g.rules = schocken_rules_from;
  g.answer = [](const po::variables_map& vm, const SchockenRules& rules) {
    if (vm["equilibrium"].as<bool>()) {
      const int n = vm.count("players") ? vm["players"].as<int>() : rules.players;
      if (n < 2 || n > kMaxPlayers) throw core::InputError("--players " + std::to_string(n) + " is out of range; valid: 2..8");
      if (vm.count("write-policy")) core::check_output_target(vm["write-policy"].as<std::string>(), "--write-policy");
      EquilibriumAnswer answer{.rules = rules, .equilibrium = solve_round(rules, n), .policy_file = ""};
      if (vm.count("write-policy")) {
        answer.policy_file = vm["write-policy"].as<std::string>();
        core::write_file_atomic(answer.policy_file, equilibrium_policy_text(rules, n), "--write-policy");
      }
      return AnswerResult{describe(answer)};
    }
    if (vm.count("target")) {
      const int limit = limit_from(vm, rules, "limit");
      const BeatTarget t = target_from(vm, rules);
      return AnswerResult{describe(BeatAnswer{.rules = rules, .target = t, .limit = limit, .solution = solve_beat(rules, limit, t)})};
    }
    return AnswerResult{describe(beat_table(rules))};
  };
  return answer_command(argc, argv, g);
}

int schocken_evaluate_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::policy_option("policy", "equilibrium",
                          "the policy: stand, equilibrium, FILE.ini (heuristic) or FILE.policy (keep tables)"),
      core::word_option("target", "6 6 5", "the hand to beat (e.g. '6 5 3')"),
      core::integer_option("limit", 3, 1, 3, "throws allowed (1..3)"),
      core::integer_option("target-throws", 1, 3, "throws the target took (default: --limit)"),
      core::count_option("turns", 1000000, 1, std::uint64_t{1} << 40, "turns to sample")};
  AnswerGame<SchockenRules> g{
      .game = "schocken", .command = "evaluate", .options = schocken_rules_options(), .own = own, .sampling = true,
      .usage = "usage: verflixt evaluate --game schocken [--policy P] [--target HAND] [--limit L] [--turns N]\n"
               "A policy as a follower (position 2) chasing a hand: its exact P(beat) (policy evaluation),\n"
               "its Monte Carlo ± SE through the reference engine, and the optimum (solve) beside it."};
  g.rules = schocken_rules_from;
  g.answer = [](const po::variables_map& vm, const SchockenRules& rules) {
    const int limit = limit_from(vm, rules, "limit");
    const BeatTarget t = target_from(vm, rules);
    std::shared_ptr<const RoundKeepTables> cache;
    const auto policy = make_policy(vm["policy"].as<std::string>(), rules, cache);
    const std::uint64_t turns = vm["turns"].as<std::uint64_t>();
    const std::uint64_t seed = seed_from(vm);
    const int threads = threads_from(vm);
    EvaluationAnswer answer{.rules = rules,
                            .policy = policy->name(),
                            .target = t,
                            .limit = limit,
                            .seed = seed,
                            .threads = threads,
                            .run = {},
                            .interrupted = false,
                            .exact = exact_p_beat(rules, limit, t, *policy),
                            .optimum = solve_beat(rules, limit, t).start};
    answer.run = with_progress("evaluate schocken turns", [&](const core::RunControl& control) {
      return sample_beat(rules, limit, t, *policy, turns, seed, threads, control);
    });
    const Completion c = completion(answer.run.tally.turns, turns, "turns", answer.run.interrupted);
    answer.interrupted = c.interrupted;
    return AnswerResult{describe(answer), c};
  };
  return answer_command(argc, argv, g);
}

int schocken_tournament_command(int argc, const char* const* argv) {
  TournamentGame<SchockenRules> g{
      .game = "schocken", .options = schocken_rules_options(),
      .seat_help = "a seat's policy (stand, equilibrium, FILE.ini, FILE.policy); repeat 2..8 times, seat 1 opens",
      .max_players = kMaxPlayers, .formats = kFormats,
      .usage = "usage: verflixt tournament --game schocken --seat P --seat P [...] [--games N] [--seed S]\n"
               "Plays N whole games of Schocken (two halves and the final) at a table of 2..8 seats and\n"
               "prints each seat's P(losing a half) and P(paying) ± SE."};
  g.rules = schocken_rules_from;
  g.play = [](const po::variables_map&, const SchockenRules& rules, const std::vector<std::string>& specs,
              const TournamentRun& run) {
    std::shared_ptr<const RoundKeepTables> cache;
    const auto table = make_seats(specs, [&](const std::string& spec) { return make_policy(spec, rules, cache); });
    const std::uint64_t games = run.games();
    TournamentAnswer answer{.rules = rules, .seats = table.names, .seed = run.seed(), .threads = run.threads(),
                            .run = {}, .interrupted = false};
    answer.run = run.sample([&](const core::RunControl& control) {
      return play_games(rules, table.seats, games, answer.seed, answer.threads, control);
    });
    const Completion c = completion(answer.run.tally.games, games, "games", answer.run.interrupted);
    answer.interrupted = c.interrupted;
    return TournamentResult{describe(answer), c};
  };
  return tournament_command(argc, argv, g);
}

namespace {

AnswerGame<SchockenRules> schocken_advise() {
  const core::OptionTable own = {
      core::asked(core::word_option("dice", "the throw in front of you, e.g. '6 1 1' (required)")),
      core::asked(core::integer_option("throw", 1, 1, 2, "which throw this is: throws used so far (1..limit-1)")),
      core::asked(core::integer_option("limit", 3, 1, 3, "throws allowed this turn (the starter's count)"),
                  "Throws allowed this turn"),
      core::asked(
          core::renamed(core::word_option("other", "the other player's hand to beat, e.g. '4 2 1': rank by P(beat it)"), "target"),
          "The other's hand to beat"),
      core::asked(core::renamed(core::integer_option("other-throws", 1, 3, "throws the other's hand took (default: --limit)"),
                                "target-throws"),
                  "Throws the other's hand took"),
      core::asked(core::integer_option("players", 2, kMaxPlayers, "without --other: players in the round (default: the rules' players)")),
      core::asked(core::renamed(core::integer_option("seat", 1, 1, kMaxPlayers, "without --other: my place in the round, 1 = starter"),
                                "position"))};
  AnswerGame<SchockenRules> g{
      .game = "schocken", .command = "advise", .options = schocken_rules_options(), .own = own,
      .usage = "usage: verflixt advise --game schocken --dice '6 1 1' [--throw K] [--limit L]\n"
               "                       [--other HAND | --players N --seat P]\n"
               "Ranks standing and every choice of dice to throw again, exactly: by P(beat the other's hand), or\n"
               "by P(not having the round's worst hand) when the others play the round equilibrium."};
  g.rules = schocken_rules_from;
  g.answer = [](const po::variables_map& vm, const SchockenRules& rules) {
    if (!vm.count("dice")) throw core::InputError("--dice is required, e.g. --dice '6 1 1'");
    const Dice dice = parse_dice(vm["dice"].as<std::string>());
    int limit = limit_from(vm, rules, "limit");
    const int k = vm["throw"].as<int>();
    AdviceGoal goal;
    if (vm.count("other")) {
      if (vm.count("players") || !vm["seat"].defaulted())
        std::cerr << "verflixt: warning: --players and --seat change nothing with --other: the hand to beat "
                     "decides\n";
      goal.other = target_from(vm, rules, "other");
    } else {
      goal.players = vm.count("players") ? vm["players"].as<int>() : rules.players;
      goal.seat = vm["seat"].as<int>();
      if (goal.players < 2 || goal.players > kMaxPlayers)
        throw core::InputError("--players " + std::to_string(goal.players) + " is out of range; valid: 2..8");
      if (goal.seat < 1 || goal.seat > goal.players)
        throw core::InputError("--seat " + std::to_string(goal.seat) + " is out of range; valid: 1.." +
                               std::to_string(goal.players));
      if (goal.seat == 1) limit = rules.max_throws;  // the starter sets the limit himself
    }
    if (k < 1 || k >= limit)
      throw core::InputError("--throw " + std::to_string(k) + " is out of range; valid: 1.." + std::to_string(limit - 1) +
                             " (a throw after which another is allowed)");
    return AnswerResult{describe(advise(rules, dice, k, limit, goal))};
  };
  return g;
}

}  // namespace

core::OptionTable schocken_advise_options() { return answer_options(schocken_advise()); }

int schocken_advise_command(int argc, const char* const* argv) { return answer_command(argc, argv, schocken_advise()); }

int schocken_balance_command(int argc, const char* const* argv) {
  // P(pay), as the tournament measures it: the loser of the game pays.
  BalanceGame<SchockenRules> g{"schocken", &schocken::rule_table(), {"p_pay", "P(pay)", "one player pays a game", true}, 20000,
                               "stand, equilibrium, FILE.ini, FILE.policy", "equilibrium", {}, {}};
  g.strongest = [](const SchockenRules&) { return std::string("equilibrium"); };
  g.play = [](const SchockenRules& r, const std::vector<std::string>& specs, const BalanceSampling& s, const core::RunControl& control) {
    std::shared_ptr<const RoundKeepTables> cache;
    const auto table = make_seats(specs, [&](const std::string& spec) { return make_policy(spec, r, cache); });
    return balance_play(play_games(r, table.seats, s.games, s.seed, s.threads, control), table.names,
                        [](const GameTally& t, int seat) { return core::Estimate{t.p_pay(seat), t.se_pay(seat)}; });
  };
  return balance_command(argc, argv, g);
}

// Every command with the options of a quick run (core/command.h).
std::vector<core::Command> schocken_commands() {
  return {
      {"rules", schocken_rules_command, "", ""},
      {"solve", schocken_solve_command, "", "", "--equilibrium"},
      {"evaluate", schocken_evaluate_command, "", "--turns 2000"},
      {"tournament", schocken_tournament_command, "", "--seat stand --seat equilibrium --games 200"},
      {"advise", schocken_advise_command, "", "--dice 611", nullptr, schocken_advise_options},
      {"balance", schocken_balance_command, "", "--set chips=7 --games 200"},
  };
}

}  // namespace verflixt::cli
