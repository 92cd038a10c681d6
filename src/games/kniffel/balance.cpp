#include "verflixt/games/kniffel/balance.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/core/rule_table.h"

namespace verflixt::kniffel {

using core::report::number;

BalanceAnswer balance_rows(const BalanceQuestion& q, const Asker& asker) {
  BalanceAnswer a;
  a.rules = q.rules;
  a.preset = q.preset;
  a.vary = q.vary;
  if (q.vary.empty()) {
    a.rows.push_back({.value = "preset " + q.preset, .rules = preset(q.preset), .expected_score = {}, .bonus = {}});
    a.rows.push_back({.value = "rules", .rules = q.rules, .expected_score = {}, .bonus = {}});
    if (q.rules == preset(q.preset)) asker.warn("the rules are the preset's: both rows are the same game");
    return a;
  }
  const auto& table = rule_table();
  const auto p = std::find_if(table.params.begin(), table.params.end(),
                              [&](const auto& x) { return table.set_name(x) == q.vary; });
  if (p == table.params.end()) throw core::InputError("no kniffel rule " + q.vary);
  std::vector<std::string> values = q.values;
  const std::string current = p->get(q.rules);
  if (std::find(values.begin(), values.end(), current) == values.end()) {
    auto at = values.end();
    if (p->kind == core::RuleKind::Integer)
      at = std::find_if(values.begin(), values.end(),
                        [&](const std::string& v) { return std::stoll(v) > std::stoll(current); });
    values.insert(at, current);
  }
  a.base = static_cast<std::size_t>(std::find(values.begin(), values.end(), current) - values.begin());
  for (const auto& v : values) {
    KniffelRules r = q.rules;
    table.apply(r, q.vary + "=" + v);
    validate(r);
    for (const BalanceRow& earlier : a.rows)
      if (earlier.rules == r)
        asker.warn("--vary " + q.vary + "=" + v + " is the same game as " + q.vary + "=" + earlier.value);
    a.rows.push_back({.value = v, .rules = r, .expected_score = {}, .bonus = {}});
  }
  return a;
}

BalanceAnswer balance(BalanceAnswer a, const BalanceGames& sampling, const Asker& asker,
                      const core::RunControl& control) {
  a.games = sampling.games;
  a.seed = sampling.seed;
  const int threads = sampling.threads > 0 ? sampling.threads : omp_get_max_threads();
  std::vector<std::size_t> order{a.base};
  for (std::size_t k = 0; k < a.rows.size(); ++k)
    if (k != a.base) order.push_back(k);
  std::size_t done = 0;
  for (; done < a.rows.size() && !control.stopped(); ++done) {
    BalanceRow& row = a.rows[order[done]];
    try {
      const auto solved = asker.solution(row.rules);
      if (a.games > 0) {
        const auto optimal = make_policy("optimal", row.rules, solved);
        const ScoreRun run = asker.games("balance kniffel games", [&](const core::RunControl& c) {
          return play_games({optimal.get()}, row.rules, a.games, a.seed, threads, c);
        });
        if (run.interrupted) break;
        row.bonus = run.tally.p_bonus(0);
      }
      row.expected_score = solved->expected_score();
    } catch (const core::Interrupted&) {
      break;
    }
  }
  a.completion = {done < a.rows.size() || control.stopped(), done, a.rows.size(), "rows"};
  return a;
}

namespace {

// The one answer: what the change did to the best expected score, or where a sweep is best;
// empty before any row was done.
std::string balance_headline(const BalanceAnswer& a) {
  std::vector<double> scores;
  std::vector<std::string> values;
  for (const BalanceRow& row : a.rows)
    if (row.expected_score) {
      scores.push_back(*row.expected_score);
      values.push_back(row.value);
    }
  if (scores.empty()) return "";
  std::size_t best = 0, worst = 0;
  for (std::size_t k = 0; k < scores.size(); ++k) {
    if (scores[k] > scores[best]) best = k;
    if (scores[k] < scores[worst]) worst = k;
  }
  const auto score = [&](std::size_t k) { return number("%.4f", scores[k]); };
  if (a.vary.empty())
    return a.completion.completed != 2 ? ""
                                       : "the change moves the best expected score by " +
                                             number("%+.4f", scores[1] - scores[0]) + " points (from " + score(0) +
                                             " to " + score(1) + ", exact, optimal play)";
  if (scores[best] - scores[worst] <= 1e-9)
    return "the best expected score is the same at every " + a.vary + " tried (" + score(best) + ", exact, optimal play)";
  // Values within 1e-9 of the best (or the worst) are named together: a tie is a tie.
  const auto tied = [&](std::size_t at) {
    std::string names;
    for (std::size_t k = 0; k < scores.size(); ++k)
      if (std::abs(scores[k] - scores[at]) <= 1e-9) names += (names.empty() ? "" : ", ") + values[k];
    return a.vary + "=" + names;
  };
  return "the best expected score is highest at " + tied(best) + " (" + score(best) + ") and lowest at " + tied(worst) +
         " (" + score(worst) + "), exact, optimal play";
}

}  // namespace

core::report::Report describe(const BalanceAnswer& a) {
  const std::string base = a.rows[a.base].value;
  core::report::Report j = report_head(a.rules, a.preset);
  j.field("exact", true).field("vary", a.vary.empty() ? core::report::Value(nullptr) : core::report::Value(a.vary));
  j.field("change_from", a.vary.empty() ? base : a.vary + "=" + base);
  j.line(a.vary.empty() ? "the rules against their preset, exact optimal expected score:"
                        : "exact optimal expected score by " + a.vary + ", change from " + a.vary + "=" + base +
                              " (these rules):");
  if (a.games > 0) {
    j.field("games", a.games, core::report::kJsonHead).field("seed", a.seed, core::report::kJsonHead);
    j.line("bonus reached: the share of " + std::to_string(a.games) + " games of optimal play (seed " +
           std::to_string(a.seed) + ") whose upper section reached the threshold, Monte Carlo ± 1 SE");
  }
  std::vector<core::report::Column> columns = {{.name = "value", .text = "  ", .width = 16},
                                               {.name = "expected_score", .text = "  ", .text_format = "%.4f"},
                                               {.name = "change", .text = "  change ", .text_format = "%+.4f"}};
  if (a.games > 0) columns.push_back({.name = "p_bonus", .text = "  bonus reached ", .se_name = "p_bonus_stderr"});
  columns.push_back({.name = "rules", .in = core::report::kJsonCsv});
  core::report::Table& t = j.table("rows", columns);
  for (const BalanceRow& row : a.rows) {
    if (!row.expected_score) continue;
    const double v = *row.expected_score;
    std::vector<core::report::Value> cells = {row.value, v, v - *a.rows[a.base].expected_score};
    if (a.games > 0) cells.emplace_back(row.bonus);
    cells.emplace_back(rules_summary(row.rules));
    t.row(cells);
  }
  core::mark(j, a.completion);
  const std::string headline = balance_headline(a);
  if (!headline.empty()) j.headline(headline);
  return j;
}

}  // namespace verflixt::kniffel
