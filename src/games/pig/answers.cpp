#include "verflixt/games/pig/answers.h"

#include <sstream>
#include <utility>

#include "verflixt/core/answer.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/version.h"

namespace verflixt::pig {

using core::report::number;

core::report::Report report_head(const PigRules& rules) {
  return core::report::Report({kVersion, "pig", rules_summary(rules), ""});
}

SolveAnswer solve_answer(const PigRules& rules, const SolveQuestion& q, const core::RunControl& control) {
  if (q.write_policy) core::check_output_target(*q.write_policy, "--write-policy");
  if (!(q.tolerance > 0 && q.tolerance < 1))
    throw core::InputError("--tolerance " + core::report::number("%g", q.tolerance) +
                           " is out of range; valid: above 0 and below 1");
  const int step = q.step.value_or(rules.goal < 10 ? 1 : 10);
  if (step < 1 || step > rules.goal)
    throw core::InputError("--step " + std::to_string(step) + " is out of range; valid: 1.." + std::to_string(rules.goal) +
                           " (at most the goal)");
  core::ValueIterationOptions options;
  options.tolerance = q.tolerance;
  options.control = &control;
  PigSolution solution = solve(rules, options);
  if (control.stopped()) throw core::Interrupted("solving pig by value iteration");
  SolveAnswer answer{.solution = std::move(solution), .step = step, .policy_file = q.write_policy.value_or("")};
  if (q.write_policy) core::write_file_atomic(answer.policy_file, policy_text(answer.solution), "--write-policy");
  return answer;
}

core::report::Report describe(const SolveAnswer& a) {
  const PigSolution& sol = a.solution;
  const PigRules& rules = sol.rules;
  std::vector<int> marks;
  for (int v = 0; v < rules.goal; v += a.step) marks.push_back(v);
  core::report::Report r = report_head(rules);
  r.field("policy", "optimal", core::report::kJsonHead)
      .field("exact", true)
      .field("method", "value iteration (Gauss-Seidel, level by level)")
      .field("first_player_win", sol.win_probability(0, 0, 0))
      .field("residual", sol.residual)
      .field("iterations", std::int64_t{sol.iterations})
      .field("converged", sol.converged)
      .field("interrupted", false);  // a stopped solve is no answer (solve_answer)
  // JSON and CSV list the hold table row by row; the text shows it as a matrix (below).
  core::report::Table& table = r.table("hold_at", {{.name = "my_score"}, {.name = "opponent_score"}, {.name = "hold_at"}},
                                       core::report::kJsonCsv);
  for (int i : marks)
    for (int o : marks) table.row({i, o, sol.hold_at(i, o)});
  if (!a.policy_file.empty()) r.field("policy_file", a.policy_file);

  // A level is the points both players have banked: each is solved after the ones above it.
  r.line("exact (value iteration level by level: " + std::to_string(2 * rules.goal - 1) + " levels, " +
         std::to_string(sol.iterations) + " Gauss-Seidel sweeps of one level in all, residual " +
         number("%.1e", sol.residual) + (sol.converged ? "" : ", NOT converged") +
         ")");
  r.line("P(first player wins) under optimal play: " + number("%.6f", sol.win_probability(0, 0, 0)) +
         "   (Neller & Presser 2004: 0.5306 at goal 100)\n");
  r.line("hold at turn total (first total the optimal player holds at; rows: my score, columns: opponent score)");
  std::string head = "   me\\opp";
  for (int o : marks) head += number("%5.0f", o);
  r.line(head);
  for (int i : marks) {
    std::string row = number("%8.0f", i);
    for (int o : marks) row += number("%5.0f", sol.hold_at(i, o));
    r.line(row);
  }
  r.line("(a value of goal - my score means: roll until the goal)");
  if (!a.policy_file.empty()) r.line("policy written to " + a.policy_file);
  return r;
}

std::string policy_text(const PigSolution& sol) {
  const PigRules& rules = sol.rules;
  std::ostringstream out;
  out << "# verflixt " << kVersion << " pig optimal policy, " << rules_summary(rules)
      << "\n# one line per (my score i, opponent score j): i j then R (roll) or H (hold) for turn totals 0.."
         "goal-i-1\n";
  for (int i = 0; i < rules.goal; ++i)
    for (int o = 0; o < rules.goal; ++o) {
      out << i << " " << o << " ";
      for (int k = 0; i + k < rules.goal; ++k) out << (sol.action(i, o, k) == PigAction::Hold ? 'H' : 'R');
      out << "\n";
    }
  return out.str();
}

MatchAnswer play_match(const PigRules& rules, const Seating& seating, const MatchQuestion& q,
                       const core::RunControl& control) {
  MatchAnswer answer{.rules = rules, .seats = seating.names, .seed = q.seed, .threads = q.threads, .run = {},
                     .tournament = q.tournament, .exact = {}, .stopped = false};
  answer.run = play_games(rules, seating.seats, q.games, q.seed, q.threads, control);
  // After a stop the games played are the answer: the exact value would be work after Ctrl-C.
  if (q.exact && solvable(rules) && !control.stopped())
    answer.exact = evaluate_match(rules, seat_rule(*seating.seats[0]), seat_rule(*seating.seats[1]));
  answer.stopped = control.stopped();
  return answer;
}

core::Completion completion(const MatchAnswer& a) {
  return {a.run.interrupted || a.stopped, a.run.completed, a.run.requested, "games"};
}

std::optional<MatchValue> solved_value(const Seating& seating) {
  if (seating.names != std::vector<std::string>{"optimal", "optimal"}) return std::nullopt;
  MatchValue value;
  value.first_player_win = seating.solution->win_probability(0, 0, 0);
  value.residual = seating.solution->residual;
  return value;
}

core::report::Report describe(const MatchAnswer& a) {
  const MatchTally& t = a.run.tally;
  core::report::Report r = report_head(a.rules);
  r.head_line("  seed " + std::to_string(a.seed));
  r.field("seed", a.seed, core::report::kJsonHead).field("threads", a.threads);
  if (a.tournament) r.field("policy", a.seats);
  else r.field("policy", a.seats[0]).field("opponent", a.seats[1]);
  const std::string title = a.tournament ? "tournament" : a.seats[0] + " vs " + a.seats[1];
  r.field("games", t.games, core::report::kJsonHead)
      .field("requested_games", a.run.requested)
      .completion(a.run.interrupted, a.run.completed, a.run.requested, "games")
      .field("seconds", a.run.seconds)
      .field("mean_turns", t.games ? static_cast<double>(t.turns) / static_cast<double>(t.games) : 0.0)
      .line(title + ": " + std::to_string(t.games) + " games" + (a.run.interrupted ? " (interrupted)" : "") +
            ", seat 1 moves first, Monte Carlo (± 1 SE)");
  core::report::Table& seats = r.table("seats", {{.name = "seat", .text = "  seat "},
                                                 {.name = "policy", .text = "  ", .width = 10},
                                                 {.name = "games", .in = core::report::kCsv},
                                                 {.name = "wins", .in = core::report::kJsonCsv},
                                                 {.name = "p_win", .text = "  P(win) ", .se_name = "stderr"}});
  for (std::size_t s = 0; s < a.seats.size(); ++s) {
    const int seat = static_cast<int>(s);
    seats.row({s + 1, a.seats[s], t.games, t.wins[s], core::Estimate{t.p_win(seat), t.se_win(seat)}});
  }
  if (a.exact) {
    const double exact = a.exact->first_player_win;
    r.field("exact_first_player_win", exact).field("exact_residual", a.exact->residual);
    r.line("exact P(first player wins) " + number("%.6f", exact) + " (policy evaluation, residual " +
           number("%.1e", a.exact->residual) + "); Monte Carlo differs by " +
           core::se_distance(t.p_win(0), t.se_win(0), exact) + " SE");
  }
  return r;
}

Situation situation(const PigRules& rules, const AdviceQuestion& q) {
  const std::string valid = "valid: 0.." + std::to_string(rules.goal - 1);
  const auto over = [&](const std::string& option, int score) {
    return core::InputError("--" + option + " " + std::to_string(score) + ": the game is over; " + valid);
  };
  if (q.score >= rules.goal) throw over("score", q.score);
  if (q.other >= rules.goal) throw over("other", q.other);
  if (q.score + q.turn_total >= rules.goal)
    throw core::InputError("--turn-total " + std::to_string(q.turn_total) + ": with --score " +
                           std::to_string(q.score) + " the goal " + std::to_string(rules.goal) +
                           " is reached, and the game is won; valid: 0.." + std::to_string(rules.goal - 1 - q.score));
  return {q.score, q.other, q.turn_total};
}

std::optional<Advice> advise(const PigRules& rules, const AdviceQuestion& question, const core::RunControl& control) {
  const Situation at = situation(rules, question);
  core::ValueIterationOptions options;
  options.control = &control;
  const PigSolution sol = solve(rules, options);
  if (control.stopped()) return std::nullopt;
  return advise(sol, at);
}

Advice advise(const PigSolution& sol, const Situation& at) {
  return {sol.rules,
          at,
          sol.action_value(at.mine, at.theirs, at.turn_total, PigAction::Roll),
          sol.action_value(at.mine, at.theirs, at.turn_total, PigAction::Hold),
          sol.hold_at(at.mine, at.theirs),
          sol.residual};
}

core::report::Report describe(const Advice& a) {
  const Situation& at = a.at;
  // On an exact tie the solver rolls (its action 0), and the ranking lists roll first; the
  // headline calls it a tie.
  const bool roll_first = a.roll >= a.hold;
  const struct {
    const char* name;
    double value;
  } ranked[] = {{roll_first ? "roll" : "hold", roll_first ? a.roll : a.hold},
                {roll_first ? "hold" : "roll", roll_first ? a.hold : a.roll}};
  core::report::Report r = report_head(a.rules);
  r.headline(core::advice_headline({{ranked[0].name, ranked[0].value}, {ranked[1].name, ranked[1].value}}, "chance to win",
                                   true, "exact, both playing optimally after"));
  r.field("exact", true)
      .field("score", std::int64_t{at.mine})
      .field("other", std::int64_t{at.theirs})
      .field("turn_total", std::int64_t{at.turn_total})
      .field("objective", "P(win), two players, optimal play after this choice")
      .field("best", ranked[0].name)
      .field("hold_at", std::int64_t{a.hold_at})  // goal - score: rolls until the goal
      .field("residual", a.residual)
      .line("my score " + std::to_string(at.mine) + ", other " + std::to_string(at.theirs) + ", turn total " +
            std::to_string(at.turn_total) + "; P(win), exact (value iteration, residual " + number("%.1e", a.residual) +
            "), optimal play after this choice");
  core::report::Table& choices = r.table("choices", {{.name = "rank", .text = "  ", .text_format = "%.0f"},
                                                     {.name = "choice", .text = ". "},
                                                     {.name = "p_win", .text = "   ", .text_format = "%.6f"},
                                                     {.name = "note", .in = core::report::kText}});
  for (int k = 0; k < 2; ++k) choices.row({std::int64_t{k + 1}, ranked[k].name, ranked[k].value, k == 0 ? "  <- best" : ""});
  r.line("difference " + number("%.6f", ranked[0].value - ranked[1].value) + "; at " + std::to_string(at.mine) + " : " +
         std::to_string(at.theirs) + " the optimal player " +
         (a.hold_at == a.rules.goal - at.mine ? std::string("rolls until the goal")
                                              : "first holds at turn total " + std::to_string(a.hold_at)));
  return r;
}

CompensationAnswer compensation_answer(const PigRules& rules) {
  core::RaceSolution race = solve_race(rules);
  const Compensation fair = fair_compensation(race);
  return {rules, std::move(race), fair};
}

core::report::Report describe(const CompensationAnswer& a) {
  const core::RaceSolution& race = a.race;
  const Compensation& c = a.fair;
  core::report::Report r = report_head(a.rules);
  r.field("exact", true)
      .field("method", "race solver over (my score, opponent score, turn total), core/race_solver.h")
      .field("first_player_win", race.first_wins())
      .field("compensation", std::int64_t{c.points})
      .field("first_player_win_compensated", c.first_wins)
      .field("residual", race.residual)
      .field("sweeps", std::int64_t{race.sweeps});
  r.line("P(first player wins) under optimal play: " + number("%.6f", race.first_wins()))
      .line("the second player starts with " + std::to_string(c.points) + " points: P(first player wins) " +
            number("%.6f", c.first_wins) + "  (the start closest to 1/2)\n")
      .line("second player's start, P(first player wins):");
  core::report::Table& table =
      r.table("starts", {{.name = "second_start", .text = "  ", .text_format = "%.0f", .width = 4},
                         {.name = "first_player_win", .text = "  ", .text_format = "%.6f"}});
  for (int k = 0; k <= c.points + 3 && k < a.rules.goal; ++k) table.row({std::int64_t{k}, race.value(0, 0, k)});
  return r;
}

}  // namespace verflixt::pig
