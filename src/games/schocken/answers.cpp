#include "verflixt/games/schocken/answers.h"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <variant>

#include "verflixt/core/answer.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/version.h"

namespace verflixt::schocken {
namespace {

using core::report::kCsv, core::report::kJson, core::report::kJsonCsv, core::report::number;

// A policy's keeps for one limit as a table (at `position` of a table of `players`).
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

// --limit, the throws allowed: at most the rules' max_throws, which it is where not given (a
// fixed default of 3 would be refused under max_throws=1 or 2).
int checked_limit(const SchockenRules& rules, std::optional<int> given) {
  const int limit = given.value_or(rules.max_throws);
  if (limit < 1 || limit > rules.max_throws)
    throw core::InputError("--limit " + std::to_string(limit) + " is out of range; valid: 1.." +
                           std::to_string(rules.max_throws) + " (max_throws)");
  return limit;
}

// The hand to beat, `key` naming its option (solve's and evaluate's target, advise's other),
// and the throws it took (its option `key`-throws; none: `limit`).
BeatTarget checked_target(const SchockenRules& rules, const std::string& hand, std::optional<int> throws, int limit,
                          const std::string& key) {
  BeatTarget t;
  t.hand = parse_dice(hand);
  t.throws = throws.value_or(limit);
  // No hand of a round takes more throws than the opener allows (S2): at most the limit.
  const int most = std::min(limit, rules.max_throws);
  if (t.throws < 1 || t.throws > most)
    throw core::InputError("--" + key + "-throws " + std::to_string(t.throws) + " is out of range; valid: 1.." +
                           std::to_string(most) + (most < rules.max_throws ? " (no hand takes more throws than --limit, S2)" : ""));
  return t;
}

// A round's players, given or the rules'.
int checked_players(const SchockenRules& rules, std::optional<int> players) {
  const int n = players.value_or(rules.players);
  if (n < 2 || n > kMaxPlayers)
    throw core::InputError("--players " + std::to_string(n) + " is out of range; valid: 2.." +
                           std::to_string(kMaxPlayers));
  return n;
}

// The payoff of a turn under an advice's goal.
TurnTable goal_payoff(const SchockenRules& rules, const AdviceGoal& goal, int limit) {
  if (goal.other) return beat_payoff(rules, *goal.other);
  const RoundEquilibrium eq = solve_round(rules, goal.players);
  return not_worst_payoff(rules, eq.policies, goal.seat - 1, limit);
}

}  // namespace

core::report::Report report_head(const SchockenRules& rules) {
  return core::report::Report({kVersion, "schocken", rules_summary(rules), ""});
}

BeatTableAnswer beat_table(const SchockenRules& rules) {
  BeatTableAnswer a{.rules = rules, .rows = {}};
  for (int d : throws_best_first()) {
    BeatTableAnswer::Row row{.hand = all_throws()[static_cast<size_t>(d)], .p_beat = {}};
    for (int limit = 1; limit <= std::min(rules.max_throws, kMaxThrows); ++limit)
      row.p_beat[static_cast<size_t>(limit - 1)] = solve_beat(rules, limit, {row.hand, limit}).start;
    a.rows.push_back(row);
  }
  return a;
}

core::report::Report describe(const BeatTableAnswer& a) {
  // JSON lists the limits the rules allow, CSV has all three columns (empty where a limit is
  // not allowed), text a dash.
  core::report::Report j = report_head(a.rules);
  j.field("exact", true);
  j.field("method", "backward induction per hand and limit; the target took `limit` throws and revealed first");
  j.line("P(beating a hand) under the optimal keep policy, exact; the hand took as many throws as allowed")
      .line("and was revealed first (an equal hand in as many throws loses)")
      .line("  hand                  chips   1 throw  2 throws  3 throws");
  std::vector<core::report::Column> json_columns = {{.name = "hand"}, {.name = "name"}, {.name = "chips"}};
  std::vector<core::report::Column> csv_columns = json_columns;
  for (int limit = 1; limit <= kMaxThrows; ++limit) {
    const core::report::Column p{.name = "p_beat_" + std::to_string(limit), .csv_format = "%.12f"};
    if (limit <= a.rules.max_throws) json_columns.push_back(p);
    csv_columns.push_back(p);
  }
  core::report::Table& table = j.table("table", json_columns, kJson);
  core::report::Table& rows = j.table("", csv_columns, kCsv);
  for (const BeatTableAnswer::Row& hand : a.rows) {
    const Dice& dice = hand.hand;
    std::vector<core::report::Value> row = {dice_text(dice), hand_name(dice), std::int64_t{hand_chips(dice, a.rules)}};
    std::string line = "  " + pad(hand_name(dice), 22) + number("%5.0f", hand_chips(dice, a.rules));
    for (const std::optional<double>& p : hand.p_beat) {
      if (!p) {
        line += "         -";
        row.emplace_back(nullptr);
        continue;
      }
      line += number("%10.6f", *p);
      row.emplace_back(*p);
    }
    j.line(line);
    rows.row(row);
    row.resize(json_columns.size());
    table.row(std::move(row));
  }
  return j;
}

core::report::Report describe(const BeatAnswer& a) {
  const BeatTarget& t = a.target;
  const TurnSolution& sol = a.solution;
  core::report::Report j = report_head(a.rules);
  j.field("exact", true);
  j.field("target", dice_text(t.hand))
      .field("target_throws", t.throws)
      .field("limit", a.limit)
      .field("p_beat", sol.start);
  j.line("beat " + hand_name(t.hand) + " made in " + std::to_string(t.throws) +
         " throw(s), revealed first, with at most " + std::to_string(a.limit) + " throws")
      .line("exact P(beat) under the optimal keep policy: " + number("%.6f", sol.start));
  if (a.limit > 1) j.line("optimal keeps (after throw 1 / after throw 2):");
  core::report::Table& keeps = j.table(
      "keeps", {{.name = "throw"}, {.name = "hand", .in = kCsv}, {.name = "after_1"}, {.name = "after_2"}}, kJsonCsv);
  for (int d : throws_best_first()) {
    const Dice& dice = all_throws()[static_cast<size_t>(d)];
    const std::string k1 = a.limit > 1 ? keep_text(sol.best[static_cast<size_t>(d)][0]) : "stand";
    const std::string k2 = a.limit > 2 ? keep_text(sol.best[static_cast<size_t>(d)][1]) : "stand";
    keeps.row({dice_text(dice), hand_name(dice), k1, k2});
    if (a.limit > 1) j.line("  " + dice_text(dice) + "  " + pad(hand_name(dice), 20) + pad(k1, 12) + " / " + k2);
  }
  return j;
}

core::report::Report describe(const EquilibriumAnswer& a) {
  const RoundEquilibrium& eq = a.equilibrium;
  const int n = eq.players;
  core::report::Report j = report_head(a.rules);
  j.field("exact", true);
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
    std::string line = number("%7.0f", static_cast<double>(r + 1)) + " ";
    for (size_t i = 0; i < round.before.size(); ++i) {
      line += " " + std::to_string(i + 1) + ": " + number("%.5f", round.before[i]) + "->" +
              number("%.5f", round.after[i]) + " (" + std::to_string(round.changed[i]) + ")";
      rows.row({std::uint64_t{r + 1}, std::uint64_t{i + 1}, round.before[i], round.after[i],
                std::int64_t{round.changed[i]}});
    }
    j.line(line);
  }
  j.field("p_worst", eq.p_worst).field("deviation_gain", eq.deviation_gain);
  j.line("at the end:");
  for (size_t i = 0; i < eq.p_worst.size(); ++i)
    j.line("  position " + std::to_string(i + 1) + "  P(worst) " + number("%.6f", eq.p_worst[i]) +
           "  best deviation gains " + number("%.2e", eq.deviation_gain[i]));
  if (!a.policy_file.empty())
    j.field("policy_file", a.policy_file)
        .line("keep tables for rounds of 2.." + std::to_string(n) + " players written to " + a.policy_file);
  return j;
}

std::string equilibrium_policy_text(const SchockenRules& rules, int players) {
  SchockenRules at_n = rules;
  at_n.players = players;
  return policy_file_text(
      equilibrium_tables(at_n), at_n,
      "# verflixt " + std::string(kVersion) + " schocken round-equilibrium keep tables (solve --equilibrium)\n");
}

SolveAnswer solve(const SchockenRules& rules, const SolveQuestion& q) {
  if (q.equilibrium) {
    const int n = checked_players(rules, q.players);
    if (q.write_policy) core::check_output_target(*q.write_policy, "--write-policy");
    EquilibriumAnswer answer{.rules = rules, .equilibrium = solve_round(rules, n), .policy_file = ""};
    if (q.write_policy) {
      answer.policy_file = *q.write_policy;
      core::write_file_atomic(answer.policy_file, equilibrium_policy_text(rules, n), "--write-policy");
    }
    return answer;
  }
  if (q.target) {
    const int limit = checked_limit(rules, q.limit);
    const BeatTarget t = checked_target(rules, *q.target, q.target_throws, limit, "target");
    return BeatAnswer{.rules = rules, .target = t, .limit = limit, .solution = solve_beat(rules, limit, t)};
  }
  return beat_table(rules);
}

core::report::Report describe(const SolveAnswer& answer) {
  return std::visit([](const auto& a) { return describe(a); }, answer);
}

double exact_p_beat(const SchockenRules& rules, int limit, const BeatTarget& target, const SchockenPolicy& policy) {
  const TurnTable distribution = final_distribution(limit, keep_table_of(policy, limit, 1, rules.players));
  return expected(distribution, beat_payoff(rules, target));
}

Evaluation prepare_evaluation(const SchockenRules& rules, const EvaluateQuestion& q) {
  const int limit = checked_limit(rules, q.limit);
  const BeatTarget t = checked_target(rules, q.target, q.target_throws, limit, "target");
  std::shared_ptr<const RoundKeepTables> cache;
  std::shared_ptr<const SchockenPolicy> policy = make_policy(q.policy, rules, cache);
  EvaluationAnswer answer{.rules = rules,
                          .policy = policy->name(),
                          .target = t,
                          .limit = limit,
                          .seed = 0,     // evaluate's
                          .threads = 1,  // evaluate's
                          .run = {},
                          .interrupted = false,
                          .exact = exact_p_beat(rules, limit, t, *policy),
                          .optimum = solve_beat(rules, limit, t).start};
  return {.answer = std::move(answer), .policy = std::move(policy), .turns = q.turns};
}

EvaluationAnswer evaluate(const Evaluation& e, std::uint64_t seed, int threads, const core::RunControl& control) {
  EvaluationAnswer answer = e.answer;
  answer.seed = seed;
  answer.threads = threads;
  answer.run = sample_beat(answer.rules, answer.limit, answer.target, *e.policy, e.turns, seed, threads, control);
  // A stop that came as the last chunk finished still marks the answer.
  answer.interrupted = answer.run.interrupted || control.stopped();
  return answer;
}

core::Completion completion(const EvaluationAnswer& a) {
  return {a.interrupted, a.run.tally.turns, a.run.requested, "turns"};
}

core::report::Report describe(const EvaluationAnswer& a) {
  const BeatTarget& t = a.target;
  const auto [p, se] = core::proportion(a.run.tally.beats, a.run.tally.turns);
  // JSON and a one-row CSV carry the same fields; the text says them in sentences.
  core::report::Report r = report_head(a.rules);
  r.field("seed", a.seed, core::report::kJsonHead)
      .field("threads", a.threads)
      .field("policy", a.policy, kJsonCsv)
      .field("target", dice_text(t.hand), kJsonCsv)
      .field("target_throws", t.throws, kJsonCsv)
      .field("limit", a.limit, kJsonCsv)
      .field("turns", a.run.tally.turns, kJsonCsv)
      .field("p_beat", core::Estimate{p, se}, kJsonCsv, "%.6f", "stderr")
      .field("exact_p_beat", a.exact, kJsonCsv, "%.12f")
      .field("optimal_p_beat", a.optimum, kJsonCsv, "%.12f");
  r.completion(a.interrupted, a.run.tally.turns, a.run.requested, "turns");
  r.line("policy " + a.policy + " chasing " + hand_name(t.hand) + " (" + std::to_string(t.throws) +
         " throw(s), revealed first) with at most " + std::to_string(a.limit) + " throws, seed " +
         std::to_string(a.seed))
      .line("  Monte Carlo P(beat)  " + core::report::plus_minus(core::Estimate{p, se}, "%.6f") + "  (" +
            std::to_string(a.run.tally.turns) + " turns, ± 1 SE)")
      .line("  exact P(beat)        " + number("%.6f", a.exact) + "  (policy evaluation; Monte Carlo differs by " +
            core::se_distance(p, se, a.exact) + " SE)")
      .line("  optimum              " + number("%.6f", a.optimum) + "  (solve --game schocken --target)");
  return r;
}

TournamentAnswer tournament(const SchockenRules& rules, const PolicyTable& table, std::uint64_t games,
                            std::uint64_t seed, int threads, const core::RunControl& control) {
  TournamentAnswer answer{.rules = rules, .seats = table.names, .seed = seed, .threads = threads, .run = {},
                          .interrupted = false};
  answer.run = play_games(rules, table.seats, games, seed, threads, control);
  // A stop that came as the last chunk finished still marks the answer.
  answer.interrupted = answer.run.interrupted || control.stopped();
  return answer;
}

core::Completion completion(const TournamentAnswer& a) {
  return {a.interrupted, a.run.tally.games, a.run.requested, "games"};
}

core::report::Report describe(const TournamentAnswer& a) {
  const GameTally& t = a.run.tally;
  const double games_per_second = a.run.seconds > 0 ? static_cast<double>(t.games) / a.run.seconds : 0.0;
  const double mean_rounds = t.games ? static_cast<double>(t.rounds) / static_cast<double>(t.games) : 0.0;
  core::report::Report r = report_head(a.rules);
  r.field("seed", a.seed, core::report::kJsonHead)
      .field("threads", a.threads)
      .field("policy", a.seats)
      .field("games", t.games, core::report::kJsonHead)
      .field("seconds", a.run.seconds)
      .field("games_per_second", games_per_second)
      .field("finals", t.finals)
      .field("mean_rounds", mean_rounds);
  r.line("tournament: " + std::to_string(t.games) + " games, seat 1 opens, seed " + std::to_string(a.seed) +
         ", Monte Carlo (± 1 SE)")
      .line("  seat  policy          P(lose a half)       P(pay)");
  core::report::Table& seats = r.table("seats", {{.name = "seat", .in = kJsonCsv},
                                                 {.name = "seat_text", .text = "  ", .in = core::report::kText},
                                                 {.name = "policy", .text = "  ", .width = 14},
                                                 {.name = "games", .in = kCsv},
                                                 {.name = "p_lose_half", .text = "  ", .se_name = "p_lose_half_stderr"},
                                                 {.name = "p_lose_first_half", .in = kJsonCsv},
                                                 {.name = "p_pay", .text = "   ", .se_name = "p_pay_stderr"}});
  for (size_t k = 0; k < a.seats.size(); ++k) {
    const int seat = static_cast<int>(k);
    seats.row({k + 1, number("%4.0f", static_cast<double>(k + 1)), a.seats[k], t.games,
               core::Estimate{t.p_half(seat), se_half(t, seat)}, core::proportion(t.first_half[k], t.games).mean,
               core::Estimate{t.p_pay(seat), t.se_pay(seat)}});
  }
  r.completion(a.interrupted, t.games, a.run.requested, "games");
  r.line("finals played " + number("%.4f", core::proportion(t.finals, t.games).mean) + " of games, " +
         number("%.1f", mean_rounds) + " rounds a game, " + number("%.0f", games_per_second) + " games/s on " +
         std::to_string(a.threads) + " thread(s)");
  return r;
}

Advice advise(const SchockenRules& rules, const Dice& dice, int throws, int limit, const AdviceGoal& goal) {
  const TurnTable payoff = goal_payoff(rules, goal, limit);
  const TurnSolution sol = best_turn(rules, limit, payoff);
  Advice a{.rules = rules, .dice = dice, .throws = throws, .limit = limit, .goal = goal, .ranked = {}};
  // After the last throw allowed the hand stands: the only choice the rules leave.
  for (const Keep& keep : throws < limit ? keep_options(dice, rules) : std::vector<Keep>{stand()})
    a.ranked.push_back({keep, keep_value(sol, payoff, dice, throws, keep)});
  // Best first; of equal values (within the rounding of their sums) the simpler choice
  // first: standing, then the keeps that throw fewer dice again — a rethrow that gains
  // nothing is no advice.
  const auto thrown = [&](const Keep& keep) { return keep.stands() ? 0 : static_cast<int>(dice.size()) - keep.count; };
  std::stable_sort(a.ranked.begin(), a.ranked.end(), [](const auto& x, const auto& y) { return x.value > y.value; });
  for (auto group = a.ranked.begin(); group != a.ranked.end();) {
    auto end = group;
    while (end != a.ranked.end() && group->value - end->value <= 1e-12) ++end;
    std::stable_sort(group, end, [&](const auto& x, const auto& y) { return thrown(x.keep) < thrown(y.keep); });
    group = end;
  }
  return a;
}

Advice advise(const SchockenRules& rules, const AdviceQuestion& q) {
  if (!q.dice) throw core::InputError("--dice is required, e.g. --dice '6 1 1'");
  const Dice dice = parse_dice(*q.dice);
  int limit = checked_limit(rules, q.limit);
  AdviceGoal goal;
  if (q.other) {
    goal.other = checked_target(rules, *q.other, q.other_throws, limit, "other");
  } else {
    goal.players = checked_players(rules, q.players);
    goal.seat = q.seat.value_or(1);
    if (goal.seat < 1 || goal.seat > goal.players)
      throw core::InputError("--seat " + std::to_string(goal.seat) + " is out of range; valid: 1.." +
                             std::to_string(goal.players));
    if (goal.seat == 1) limit = rules.max_throws;  // the starter sets the limit himself
  }
  if (q.throw_ < 1 || q.throw_ > limit)
    throw core::InputError("--throw " + std::to_string(q.throw_) + " is out of range; valid: 1.." + std::to_string(limit) +
                           " (the throws allowed)");
  return advise(rules, dice, q.throw_, limit, goal);
}

core::report::Report describe(const Advice& a) {
  const Dice& dice = a.dice;
  const AdviceGoal& goal = a.goal;
  core::report::Report j = report_head(a.rules);
  j.field("exact", true).field("dice", dice_text(dice)).field("throw", a.throws);
  std::string objective;
  if (goal.other) {
    objective = "P(beat " + hand_name(goal.other->hand) + " in " + std::to_string(goal.other->throws) + ")";
    j.field("other", dice_text(goal.other->hand)).field("other_throws", goal.other->throws);
  } else {
    objective = "P(not worst) at a round of " + std::to_string(goal.players) + ", seat " + std::to_string(goal.seat) +
                " (others: round equilibrium)";
    j.field("players", goal.players).field("seat", goal.seat);
  }
  j.field("limit", a.limit).field("objective", objective);
  j.line("throw " + dice_text(dice) + " (" + hand_name(dice) + ") after " + std::to_string(a.throws) + " of " +
         std::to_string(a.limit) + " throws; " + objective + ", exact, optimal play after this choice");
  core::report::Table& choices = j.table("choices", {{.name = "rank", .text = "  "},
                                                     {.name = "choice", .text = ". ", .width = 12, .min_gap = 1},
                                                     {.name = "throw_again", .in = kJsonCsv},
                                                     {.name = "throw_text", .width = 14, .in = core::report::kText},
                                                     {.name = "value", .text_format = "%.6f", .csv_format = "%.12f"},
                                                     {.name = "best", .in = core::report::kText}});
  std::vector<core::RankedChoice> said;  // the choices in a player's words, for the headline
  for (size_t r = 0; r < a.ranked.size(); ++r) {
    const Keep& keep = a.ranked[r].keep;
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
    choices.row({r + 1, choice, again, again.empty() ? "" : "throw " + again, a.ranked[r].value,
                 r == 0 ? "  <- best" : ""});
    said.push_back({again.empty() ? choice : choice + ", throw " + again, a.ranked[r].value});
  }
  j.headline(core::advice_headline(said, goal.other ? "chance to beat it" : "chance not to have the worst hand", true,
                                   "exact, optimal play after"));
  return j;
}

}  // namespace verflixt::schocken
