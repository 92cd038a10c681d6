// `verflixt rules|solve|evaluate|tournament|advise --game schocken`: Schocken
// (include/verflixt/games/schocken/) through the same commands, options and output formats as
// Die verflixte 6.
#include "games/schocken/commands/commands.h"

#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/game_balance.h"
#include "cli/game_command.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/report.h"
#include "verflixt/games/schocken/monte_carlo.h"
#include "verflixt/games/schocken/policy.h"
#include "verflixt/games/schocken/solver.h"
#include "verflixt/version.h"

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

core::report::Report schocken_report(const SchockenRules& rules) {
  return core::report::Report({kVersion, "schocken", rules_summary(rules), ""});
}

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

// A policy's keeps for one limit as a table (position 1, a table of rules.players).
KeepTable keep_table_of(const SchockenPolicy& policy, int limit, int position, int players) {
  KeepTable t;
  for (auto& row : t) row.fill(stand());
  TurnView v;
  v.limit = limit;
  v.position = position;
  v.players = players;
  for (int d = 0; d < kThrowCount; ++d)
    for (int k = 1; k < limit; ++k) {
      v.dice = all_throws()[static_cast<size_t>(d)];
      v.throws = k;
      t[static_cast<size_t>(d)][static_cast<size_t>(k - 1)] = policy.decide(v);
    }
  return t;
}

// The 56 throws from the best hand to the worst.
std::vector<int> throws_best_first() {
  std::vector<int> order(kThrowCount);
  for (int k = 0; k < kThrowCount; ++k) order[static_cast<size_t>(k)] = k;
  std::sort(order.begin(), order.end(), [](int a, int b) {
    return hand_rank(all_throws()[static_cast<size_t>(a)]) > hand_rank(all_throws()[static_cast<size_t>(b)]);
  });
  return order;
}

std::string pad(std::string s, size_t width) {
  if (s.size() < width) s += std::string(width - s.size(), ' ');
  return s;
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
  po::variables_map vm;
  if (!parse(argc, argv, "solve --game schocken options", schocken_rules_options() + own + output_options(kFormats),
             "usage: verflixt solve --game schocken [--target HAND [--limit L] [--target-throws T]]\n"
             "                      [--equilibrium [--players N] [--write-policy FILE]]\n"
             "Exact: with no option, P(beating each hand) with 1, 2 and 3 throws under the optimal keep\n"
             "policy (the target took as many throws as allowed and revealed first); --target: one hand's\n"
             "optimal keeps; --equilibrium: a round's keep policies by iterated best responses.",
             vm))
    return 0;
  SchockenRules rules = schocken_rules_from(vm);
  const std::string format = format_from(vm, kFormats);
  using core::report::kCsv, core::report::kJson;
  core::report::Report j = schocken_report(rules);
  j.field("exact", true);

  if (vm["equilibrium"].as<bool>()) {
    const int n = vm.count("players") ? vm["players"].as<int>() : rules.players;
    if (n < 2 || n > kMaxPlayers) throw core::InputError("--players " + std::to_string(n) + " is out of range; valid: 2..8");
    if (vm.count("write-policy")) core::check_output_target(vm["write-policy"].as<std::string>(), "--write-policy");
    const RoundEquilibrium eq = solve_round(rules, n);
    j.field("method", "round equilibrium: Gauss-Seidel rounds of exact best responses, from everyone standing")
        .field("players", n)
        .field("converged", eq.converged)
        .field("cycle_length", eq.cycle_length);
    // JSON: a row per round with a list per position; CSV: a row per round and position.
    core::report::Table& rounds = j.table(
        "rounds", {{.name = "round"}, {.name = "p_worst_before"}, {.name = "p_worst_after"}, {.name = "changed"}}, kJson);
    core::report::Table& rows = j.table("", {{.name = "round"},
                                             {.name = "position"},
                                             {.name = "p_worst_before", .csv_format = "%.12f"},
                                             {.name = "p_worst_after", .csv_format = "%.12f"},
                                             {.name = "changed"}},
                                        kCsv);
    j.line("round equilibrium of " + std::to_string(n) + " players (exact P(worst hand) per position, position 1 starts)")
        .line((eq.converged ? std::string("converged: the last round of best responses changed nothing")
                            : "best responses cycle (period " + std::to_string(eq.cycle_length) +
                                  "): the profile of the cycle its players gain least by leaving") +
              ", " + std::to_string(eq.rounds.size()) + " rounds")
        .line("  round  position: P(worst) before -> after (keeps changed)");
    for (size_t r = 0; r < eq.rounds.size(); ++r) {
      const BestResponseRound& round = eq.rounds[r];
      rounds.row({std::uint64_t{r + 1}, round.before, round.after,
                  std::vector<std::int64_t>(round.changed.begin(), round.changed.end())});
      std::string line = fmt("%7.0f", static_cast<double>(r + 1)) + " ";
      for (size_t i = 0; i < round.before.size(); ++i) {
        line += " " + std::to_string(i + 1) + ": " + fmt("%.5f", round.before[i]) + "->" + fmt("%.5f", round.after[i]) + " (" +
                std::to_string(round.changed[i]) + ")";
        rows.row({std::uint64_t{r + 1}, std::uint64_t{i + 1}, round.before[i], round.after[i], std::int64_t{round.changed[i]}});
      }
      j.line(line);
    }
    j.field("p_worst", eq.p_worst).field("deviation_gain", eq.deviation_gain);
    j.line("at the end:");
    for (size_t i = 0; i < eq.p_worst.size(); ++i)
      j.line("  position " + std::to_string(i + 1) + "  P(worst) " + fmt("%.6f", eq.p_worst[i]) + "  best deviation gains " +
             fmt("%.2e", eq.deviation_gain[i]));
    if (vm.count("write-policy")) {
      const std::string path = vm["write-policy"].as<std::string>();
      SchockenRules at_n = rules;
      at_n.players = n;
      core::write_file_atomic(path,
                              policy_file_text(equilibrium_tables(at_n), at_n,
                                               "# verflixt " + std::string(kVersion) +
                                                   " schocken round-equilibrium keep tables (solve --equilibrium)\n"),
                              "--write-policy");
      j.field("policy_file", path).line("keep tables for rounds of 2.." + std::to_string(n) + " players written to " + path);
    }
  } else if (vm.count("target")) {
    const int limit = limit_from(vm, rules, "limit");
    const BeatTarget t = target_from(vm, rules);
    const TurnSolution sol = solve_beat(rules, limit, t);
    j.field("target", dice_text(t.hand)).field("target_throws", t.throws).field("limit", limit).field("p_beat", sol.start);
    j.line("beat " + hand_name(t.hand) + " made in " + std::to_string(t.throws) + " throw(s), revealed first, with at most " +
           std::to_string(limit) + " throws")
        .line("exact P(beat) under the optimal keep policy: " + fmt("%.6f", sol.start));
    if (limit > 1) j.line("optimal keeps (after throw 1 / after throw 2):");
    core::report::Table& keeps = j.table("keeps", {{.name = "throw"}, {.name = "after_1"}, {.name = "after_2"}}, kJson);
    core::report::Table& rows = j.table(
        "", {{.name = "throw"}, {.name = "hand"}, {.name = "keep_after_1"}, {.name = "keep_after_2"}}, kCsv);
    for (int d : throws_best_first()) {
      const Dice& dice = all_throws()[static_cast<size_t>(d)];
      const std::string k1 = limit > 1 ? keep_text(sol.best[static_cast<size_t>(d)][0]) : "stand";
      const std::string k2 = limit > 2 ? keep_text(sol.best[static_cast<size_t>(d)][1]) : "stand";
      keeps.row({dice_text(dice), k1, k2});
      rows.row({dice_text(dice), hand_name(dice), k1, k2});
      if (limit > 1) j.line("  " + dice_text(dice) + "  " + pad(hand_name(dice), 20) + pad(k1, 12) + " / " + k2);
    }
  } else {
    // The table of P(beat each hand) with 1, 2, 3 throws: JSON lists the limits the rules
    // allow, CSV has all three columns (empty where a limit is not allowed), text a dash.
    j.field("method", "backward induction per hand and limit; the target took `limit` throws and revealed first");
    j.line("P(beating a hand) under the optimal keep policy, exact; the hand took as many throws as allowed")
        .line("and was revealed first (an equal hand in as many throws loses)")
        .line("  hand                  chips   1 throw  2 throws  3 throws");
    std::vector<core::report::Column> json_columns = {{.name = "hand"}, {.name = "name"}, {.name = "chips"}};
    std::vector<core::report::Column> csv_columns = json_columns;
    for (int limit = 1; limit <= kMaxThrows; ++limit) {
      const core::report::Column p{.name = "p_beat_" + std::to_string(limit), .csv_format = "%.12f"};
      if (limit <= rules.max_throws) json_columns.push_back(p);
      csv_columns.push_back(p);
    }
    core::report::Table& table = j.table("table", json_columns, kJson);
    core::report::Table& rows = j.table("", csv_columns, kCsv);
    for (int d : throws_best_first()) {
      const Dice& dice = all_throws()[static_cast<size_t>(d)];
      std::vector<core::report::Value> row = {dice_text(dice), hand_name(dice), std::int64_t{hand_chips(dice, rules)}};
      std::string line = "  " + pad(hand_name(dice), 22) + fmt("%5.0f", hand_chips(dice, rules));
      for (int limit = 1; limit <= kMaxThrows; ++limit) {
        if (limit > rules.max_throws) {
          line += "         -";
          row.emplace_back(nullptr);
          continue;
        }
        const double p = solve_beat(rules, limit, {dice, limit}).start;
        line += fmt("%10.6f", p);
        row.emplace_back(p);
      }
      j.line(line);
      rows.row(row);
      row.resize(json_columns.size());
      table.row(std::move(row));
    }
  }
  emit(vm, j.render(format));
  return 0;
}

int schocken_evaluate_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::policy_option("policy", "equilibrium",
                          "the policy: stand, equilibrium, FILE.ini (heuristic) or FILE.policy (keep tables)"),
      core::word_option("target", "6 6 5", "the hand to beat (e.g. '6 5 3')"),
      core::integer_option("limit", 3, 1, 3, "throws allowed (1..3)"),
      core::integer_option("target-throws", 1, 3, "throws the target took (default: --limit)"),
      core::count_option("turns", 1000000, 1, std::uint64_t{1} << 40, "turns to sample")};
  po::variables_map vm;
  if (!parse(argc, argv, "evaluate --game schocken options",
             schocken_rules_options() + own + sampling_options() + output_options(kFormats),
             "usage: verflixt evaluate --game schocken [--policy P] [--target HAND] [--limit L] [--turns N]\n"
             "A policy as a follower (position 2) chasing a hand: its exact P(beat) (policy evaluation),\n"
             "its Monte Carlo ± SE through the reference engine, and the optimum (solve) beside it.",
             vm))
    return 0;
  const SchockenRules rules = schocken_rules_from(vm);
  const std::string format = format_from(vm, kFormats);
  const int limit = limit_from(vm, rules, "limit");
  const BeatTarget t = target_from(vm, rules);
  std::shared_ptr<const RoundKeepTables> cache;
  const auto policy = make_policy(vm["policy"].as<std::string>(), rules, cache);
  const std::uint64_t turns = vm["turns"].as<std::uint64_t>();
  const std::uint64_t seed = seed_from(vm);
  const int threads = threads_from(vm);
  const TurnTable payoff = beat_payoff(rules, t);
  const double exact = expected(final_distribution(limit, keep_table_of(*policy, limit, 1, rules.players)), payoff);
  const double optimum = solve_beat(rules, limit, t).start;
  const BeatRun run = with_progress("evaluate schocken turns", [&](const core::RunControl& control) {
    return sample_beat(rules, limit, t, *policy, turns, seed, threads, control);
  });
  const auto [p, se] = core::proportion(run.tally.beats, run.tally.turns);
  const Completion c = completion(run.tally.turns, turns, "turns", run.interrupted);
  // JSON and a one-row CSV carry the same fields; the text says them in sentences.
  using core::report::kJsonCsv;
  core::report::Report r = schocken_report(rules);
  r.field("seed", seed)
      .field("threads", threads)
      .field("policy", policy->name(), kJsonCsv)
      .field("target", dice_text(t.hand), kJsonCsv)
      .field("target_throws", t.throws, kJsonCsv)
      .field("limit", limit, kJsonCsv)
      .field("turns", run.tally.turns, kJsonCsv)
      .field("p_beat", core::Estimate{p, se}, kJsonCsv, "%.6f", "stderr")
      .field("exact_p_beat", exact, kJsonCsv, "%.12f")
      .field("optimal_p_beat", optimum, kJsonCsv, "%.12f");
  mark(r, c);
  r.line("policy " + policy->name() + " chasing " + hand_name(t.hand) + " (" + std::to_string(t.throws) +
         " throw(s), revealed first) with at most " + std::to_string(limit) + " throws, seed " + std::to_string(seed))
      .line("  Monte Carlo P(beat)  " + core::report::plus_minus(core::Estimate{p, se}, "%.6f") + "  (" +
            std::to_string(run.tally.turns) + " turns)")
      .line("  exact P(beat)        " + fmt("%.6f", exact) + "  (policy evaluation; Monte Carlo differs by " +
            se_distance(p, se, exact) + " SE)")
      .line("  optimum              " + fmt("%.6f", optimum) + "  (solve --game schocken --target)");
  const std::string text = r.render(format);
  return finish(vm, format, c, text);
}

int schocken_tournament_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::words_option("seat",
                         "a seat's policy (stand, equilibrium, FILE.ini, FILE.policy); repeat 2..8 times, seat 1 opens"),
      core::count_option("games", 100000, 1, std::uint64_t{1} << 40, "games to play")};
  po::variables_map vm;
  if (!parse(argc, argv, "tournament --game schocken options",
             schocken_rules_options() + own + sampling_options() + output_options(kFormats),
             "usage: verflixt tournament --game schocken --seat P --seat P [...] [--games N] [--seed S]\n"
             "Plays N whole games of Schocken (two halves and the final) at a table of 2..8 seats and\n"
             "prints each seat's P(losing a half) and P(paying) ± SE.",
             vm))
    return 0;
  const std::vector<std::string> specs = seat_specs(vm, kMaxPlayers);
  SchockenRules rules = schocken_rules_from(vm);
  rules.players = static_cast<int>(specs.size());
  const std::string format = format_from(vm, kFormats);
  std::shared_ptr<const RoundKeepTables> cache;
  const auto table = make_seats(specs, [&](const std::string& spec) { return make_policy(spec, rules, cache); });
  const std::vector<std::string>& names = table.names;
  const std::uint64_t games = vm["games"].as<std::uint64_t>();
  const std::uint64_t seed = seed_from(vm);
  const int threads = threads_from(vm);
  const GameRun run = with_progress("tournament schocken games", [&](const core::RunControl& control) {
    return play_games(rules, table.seats, games, seed, threads, control);
  });
  const GameTally& t = run.tally;
  const Completion c = completion(t.games, games, "games", run.interrupted);
  const double games_per_second = run.seconds > 0 ? static_cast<double>(t.games) / run.seconds : 0.0;
  const double mean_rounds = t.games ? static_cast<double>(t.rounds) / static_cast<double>(t.games) : 0.0;
  core::report::Report r = schocken_report(rules);
  r.field("seed", seed)
      .field("threads", threads)
      .field("policy", names)
      .field("games", t.games)
      .field("seconds", run.seconds)
      .field("games_per_second", games_per_second)
      .field("finals", t.finals)
      .field("mean_rounds", mean_rounds);
  r.line("tournament: " + std::to_string(t.games) + " games, seat 1 opens, seed " + std::to_string(seed) +
         ", Monte Carlo (± 1 SE)")
      .line("  seat  policy          P(lose a half)       P(pay)");
  core::report::Table& seats = r.table("seats", {{.name = "seat", .in = core::report::kJsonCsv},
                                           {.name = "seat_text", .text = "  ", .in = core::report::kText},
                                           {.name = "policy", .text = "  ", .width = 14},
                                           {.name = "games", .in = core::report::kCsv},
                                           {.name = "p_lose_half", .text = "  ", .se_name = "p_lose_half_se"},
                                           {.name = "p_lose_first_half", .in = core::report::kJsonCsv},
                                           {.name = "p_pay", .text = "   ", .se_name = "p_pay_se"}});
  for (size_t k = 0; k < names.size(); ++k) {
    const int seat = static_cast<int>(k);
    seats.row({k + 1, fmt("%4.0f", static_cast<double>(k + 1)), names[k], t.games, core::Estimate{t.p_half(seat), se_half(t, seat)},
               core::proportion(t.first_half[k], t.games).mean, core::Estimate{t.p_pay(seat), t.se_pay(seat)}});
  }
  mark(r, c);
  r.line("finals played " + fmt("%.4f", core::proportion(t.finals, t.games).mean) + " of games, " + fmt("%.1f", mean_rounds) +
         " rounds a game, " + fmt("%.0f", games_per_second) + " games/s on " + std::to_string(threads) + " thread(s)");
  return finish(vm, format, c, r.render(format));
}

core::OptionTable schocken_advise_options() {
  const core::OptionTable own = {
      core::word_option("dice", "the throw in front of you, e.g. '6 1 1' (required)"),
      core::integer_option("throw", 1, 1, 2, "which throw this is: throws used so far (1..limit-1)"),
      core::integer_option("limit", 3, 1, 3, "throws allowed this turn (the starter's count)"),
      core::renamed(core::word_option("other", "the other player's hand to beat, e.g. '4 2 1': rank by P(beat it)"), "target"),
      core::renamed(core::integer_option("other-throws", 1, 3, "throws the other's hand took (default: --limit)"),
                    "target-throws"),
      core::integer_option("players", 2, kMaxPlayers, "without --other: players in the round (default: the rules' players)"),
      core::renamed(core::integer_option("seat", 1, 1, kMaxPlayers, "without --other: my place in the round, 1 = starter"),
                    "position")};
  return schocken_rules_options() + own;
}

int schocken_advise_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "advise --game schocken options", schocken_advise_options() + output_options(kFormats),
             "usage: verflixt advise --game schocken --dice '6 1 1' [--throw K] [--limit L]\n"
             "                       [--other HAND | --players N --seat P]\n"
             "Ranks standing and every choice of dice to throw again, exactly: by P(beat the other's hand), or\n"
             "by P(not having the round's worst hand) when the others play the round equilibrium.",
             vm))
    return 0;
  const SchockenRules rules = schocken_rules_from(vm);
  const std::string format = format_from(vm, kFormats);
  if (!vm.count("dice")) throw core::InputError("--dice is required, e.g. --dice '6 1 1'");
  const Dice dice = parse_dice(vm["dice"].as<std::string>());
  int limit = limit_from(vm, rules, "limit");
  const int k = vm["throw"].as<int>();
  core::report::Report j = schocken_report(rules);
  j.field("exact", true).field("dice", dice_text(dice)).field("throw", k);
  TurnSolution sol;
  TurnTable payoff{};
  std::string objective;
  if (vm.count("other")) {
    if (vm.count("players") || !vm["seat"].defaulted())
      std::cerr << "verflixt: warning: --players and --seat change nothing with --other: the hand to beat "
                   "decides\n";
    const BeatTarget t = target_from(vm, rules, "other");
    payoff = beat_payoff(rules, t);
    objective = "P(beat " + hand_name(t.hand) + " in " + std::to_string(t.throws) + ")";
    j.field("other", dice_text(t.hand)).field("other_throws", t.throws);
  } else {
    const int n = vm.count("players") ? vm["players"].as<int>() : rules.players;
    const int position = vm["seat"].as<int>();
    if (n < 2 || n > kMaxPlayers) throw core::InputError("--players " + std::to_string(n) + " is out of range; valid: 2..8");
    if (position < 1 || position > n)
      throw core::InputError("--seat " + std::to_string(position) + " is out of range; valid: 1.." + std::to_string(n));
    if (position == 1) limit = rules.max_throws;  // the starter sets the limit himself
    const RoundEquilibrium eq = solve_round(rules, n);
    payoff = not_worst_payoff(rules, eq.policies, position - 1, limit);
    objective = "P(not worst) at a round of " + std::to_string(n) + ", seat " + std::to_string(position) +
                " (others: round equilibrium)";
    j.field("players", n).field("seat", position);
  }
  if (k < 1 || k >= limit)
    throw core::InputError("--throw " + std::to_string(k) + " is out of range; valid: 1.." + std::to_string(limit - 1) +
                     " (a throw after which another is allowed)");
  j.field("limit", limit).field("objective", objective);
  sol = best_turn(rules, limit, payoff);
  std::vector<std::pair<Keep, double>> ranked;
  for (const Keep& keep : keep_options(dice, rules)) ranked.push_back({keep, keep_value(sol, payoff, dice, k, keep)});
  // Best first; of equal values (within the rounding of their sums) the simpler choice
  // first: standing, then the keeps that throw fewer dice again — a rethrow that gains
  // nothing is no advice.
  const auto thrown = [&](const Keep& keep) { return keep.stands() ? 0 : static_cast<int>(dice.size()) - keep.count; };
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  for (auto group = ranked.begin(); group != ranked.end();) {
    auto end = group;
    while (end != ranked.end() && group->second - end->second <= 1e-12) ++end;
    std::stable_sort(group, end, [&](const auto& a, const auto& b) { return thrown(a.first) < thrown(b.first); });
    group = end;
  }
  j.line("throw " + dice_text(dice) + " (" + hand_name(dice) + ") after " + std::to_string(k) + " of " +
         std::to_string(limit) + " throws; " + objective + ", exact, optimal play after this choice");
  core::report::Table& choices = j.table("choices", {{.name = "rank", .text = "  "},
                                               {.name = "choice", .text = ". ", .width = 12, .min_gap = 1},
                                               {.name = "throw_again", .in = core::report::kJsonCsv},
                                               {.name = "throw_text", .width = 14, .in = core::report::kText},
                                               {.name = "value", .text_format = "%.6f", .csv_format = "%.12f"},
                                               {.name = "best", .in = core::report::kText}});
  std::vector<RankedChoice> said;  // the choices in a player's words, for the headline
  for (size_t r = 0; r < ranked.size(); ++r) {
    const Keep& keep = ranked[r].first;
    std::string again;  // the dice thrown again: the throw minus the kept faces
    std::string choice = keep_text(keep);
    if (!keep.stands()) {
      std::vector<int> left(dice.begin(), dice.end());
      for (int i = 0; i < keep.count; ++i) {
        const auto it = std::find(left.begin(), left.end(), keep.kept[static_cast<size_t>(i)]);
        if (it != left.end()) {
          left.erase(it);
        } else {  // a 1 made of two 6s (S2): one 6 turns into the 1, the other is thrown
          left.erase(std::find(left.begin(), left.end(), 6));
          choice += " (1 from 6 6)";
        }
      }
      for (int f : left) again += (again.empty() ? "" : " ") + std::to_string(f);
    }
    choices.row({r + 1, choice, again, again.empty() ? "" : "throw " + again, ranked[r].second,
                 r == 0 ? "  <- best" : ""});
    said.push_back({again.empty() ? choice : choice + ", throw " + again, ranked[r].second});
  }
  j.headline(advice_headline(said, vm.count("other") ? "chance to beat it" : "chance not to have the worst hand", true,
                             "exact, optimal play after"));
  emit(vm, j.render(format));
  return 0;
}

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
