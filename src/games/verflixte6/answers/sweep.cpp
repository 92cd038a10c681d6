#include "verflixt/games/verflixte6/answers/sweep.h"

#include <cmath>
#include <utility>

#include "verflixt/core/error.h"
#include "verflixt/core/stats.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/version.h"

namespace verflixt::verflixte6 {

namespace rp = core::report;

SweepSetup prepare_sweep(const Rules& rules, const SweepQuestion& q) {
  // In the order of sweep's options: the loadouts, the base policy, then the range.
  SweepSetup s{.rules = rules,
               .loadouts = q.loadouts ? parse_loadouts(*q.loadouts, rules)
                                      : std::vector<JokerSet>{parse_loadout(q.jokers, rules)},
               .base = make_policy(q.policy, rules), .from = q.from, .to = q.to, .turns = q.turns, .seed = q.seed,
               .threads = q.threads};
  if (q.from < -100 || q.to > 400 || q.from > q.to)
    throw core::InputError("--from " + std::to_string(q.from) + " --to " + std::to_string(q.to) +
                           " is not a range; valid: -100 <= from <= to <= 400");
  return s;
}

SweepAnswer sweep_answer(const SweepSetup& s, const core::RunControl& control) {
  SweepAnswer answer{.rules = s.rules, .policy = s.base->name(), .seed = s.seed, .turns = s.turns, .from = s.from,
                     .to = s.to, .loadouts = s.loadouts.size(), .results = {}, .stopped = false};
  for (std::size_t li = 0; li < s.loadouts.size() && !control.stopped(); ++li) {
    control.enter(loadout_name(s.loadouts[li]));
    answer.results.push_back(sweep(s.rules, s.loadouts[li], *s.base, s.from, s.to, s.turns, s.seed, s.threads, control));
  }
  answer.stopped = control.stopped();
  return answer;
}

core::Completion completion(const SweepAnswer& a) {
  std::size_t loadouts_done = 0;
  std::uint64_t points_done = 0;
  bool cut = a.stopped;
  for (const SweepResult& r : a.results) {
    cut = cut || r.interrupted;
    loadouts_done += r.interrupted ? 0 : 1;
    points_done += r.one_trajectory && r.interrupted ? 0 : r.points.size();
  }
  const SweepResult* last = a.results.empty() ? nullptr : &a.results.back();
  if (a.loadouts > 1) return {cut, loadouts_done, a.loadouts, "loadouts"};
  if (last && last->one_trajectory)
    return {cut, last->points.empty() ? 0 : last->points.front().tally.turns(), a.turns, "turns"};
  return {cut, points_done, static_cast<std::uint64_t>(a.to - a.from + 1), "thresholds"};
}

core::report::Report describe(const SweepAnswer& a) {
  // A threshold's row, one description for the three forms: the text's table under its
  // loadout, the JSON's points of the loadout, and the CSV's one table of every loadout.
  const std::vector<rp::Column> point_columns = {
      {.name = "marker", .in = rp::kText},
      {.name = "jokers", .in = rp::kCsv},
      {.name = "threshold", .text_format = "%3lld"},
      {.name = "turns", .in = rp::kJsonCsv},
      {.name = "mean", .text = "  ", .text_format = "%8.4f", .text_se_format = "%.4f", .se_name = "stderr"},
      {.name = "bust_rate", .text = "  ", .se_name = "bust_stderr"},
      {.name = "exact_ev", .text = "  ", .text_format = "%9.4f", .missing = "        -"},
      {.name = "diff_to_best", .text = "  ", .text_format = "%+.4f", .text_se_format = "%.4f", .se_name = "diff_stderr",
       .missing = "-"},
      {.name = "best", .in = rp::kCsv}};
  rp::Report out({});
  out.field("version", std::string(kVersion), rp::kJsonHead)
      .field("game", std::string(kGame), rp::kJsonHead)
      .field("rules", rules_summary(a.rules), rp::kJsonHead)
      .field("policy", a.policy, rp::kJsonHead)
      .field("seed", a.seed, rp::kJsonHead)
      .field("turns_per_threshold", a.turns, rp::kJsonHead);
  // What made the table, as every other command's text says it first.
  out.line("verflixt " + std::string(kVersion) + "  rules " + rules_summary(a.rules) + "  policy " + a.policy + "  seed " +
           std::to_string(a.seed) + "  turns per threshold " + std::to_string(a.turns));
  rp::Table& csv = out.table("", point_columns, rp::kCsv);  // every loadout's thresholds, the CSV's only table
  rp::Table loadout_rows{
      .columns = {{.name = "jokers"}, {.name = "one_trajectory"}, {.name = "interrupted"}, {.name = "thresholds_requested"},
                  {.name = "thresholds_run"}, {.name = "points"}, {.name = "best_threshold"},
                  {.name = "runner_up_threshold"}, {.name = "lead_z"}, {.name = "lead_significant"}, {.name = "best_among"}},
      .in = rp::kJson};
  // An interrupted loadout's best and lead are among what was played, and say so.
  for (const SweepResult& r : a.results) {
    const std::uint64_t turns_done = r.points.empty() ? 0 : r.points.front().tally.turns();
    std::string note;
    if (r.interrupted)
      note = r.one_trajectory ? "  INTERRUPTED: " + std::to_string(turns_done) + " of " + std::to_string(a.turns) +
                                    " turns played, every threshold over them"
                              : "  INTERRUPTED: " + std::to_string(r.points.size()) + " of " +
                                    std::to_string(r.requested_points) + " thresholds run; the rest are not listed";
    out.line("loadout " + r.loadout +
             (r.one_trajectory ? "  (one trajectory: paired differences)" : "  (kernel, one run per threshold)") + note +
             "\n   N        mean ± SE        bust ± SE          exact     vs best ± SE");
    rp::Table points{.columns = point_columns, .in = rp::kJson};
    for (std::size_t k = 0; k < r.points.size(); ++k) {
      const SweepPoint& p = r.points[k];
      const bool best = static_cast<int>(k) == r.best;
      const rp::Value exact = std::isnan(p.exact_ev) ? rp::Value(rp::Absent{}) : rp::Value(p.exact_ev);
      const rp::Value diff = std::isnan(p.diff_to_best) ? rp::Value(rp::Absent{})
                                                         : rp::Value(core::Estimate{p.diff_to_best, p.diff_stderr});
      points.row({std::string(best ? " *" : "  "), r.loadout, i64(p.threshold), p.tally.turns(),
                  core::Estimate{p.tally.mean(), p.tally.stderr_mean()},
                  core::Estimate{p.tally.bust_rate(), p.tally.bust_stderr()}, exact, diff, i64(best ? 1 : 0)});
      csv.row(points.rows.back());
    }
    rp::Table& text = out.table("", point_columns, rp::kText);
    text.rows = points.rows;
    const rp::Value absent = rp::Absent{};
    std::vector<rp::Value> row = {r.loadout, r.one_trajectory, r.interrupted,
                                  r.interrupted ? rp::Value(i64(r.requested_points)) : absent,
                                  r.interrupted ? rp::Value(std::uint64_t{r.points.size()}) : absent,
                                  points.nested(), absent, absent, absent, absent, absent};
    if (r.best >= 0) {
      const int bt = r.points[static_cast<std::size_t>(r.best)].threshold;
      row[6] = i64(bt);
      if (r.runner_up >= 0) {
        const int rt = r.points[static_cast<std::size_t>(r.runner_up)].threshold;
        const bool sig = r.lead_z > core::kZ95;
        row[7] = i64(rt);
        row[8] = r.lead_z;
        row[9] = sig;
        out.line("best N = " + std::to_string(bt) + "; its lead over N = " + std::to_string(rt) + " is " +
                 rp::number("%.2f", r.lead_z) + " standard errors" + (r.one_trajectory ? " (paired)" : " (unpaired)") +
                 ": " + (sig ? "significant at 95%" : "not significant at 95%"));
      }
      if (r.interrupted) {
        row[10] = std::string(r.one_trajectory ? "the turns played (interrupted run)" : "the thresholds run (interrupted run)");
        out.line(std::string("(interrupted run: best and lead among the ") +
                 (r.one_trajectory ? "turns played" : "thresholds run") + " only)");
      }
    } else if (r.interrupted) {
      out.line("no threshold completed");
    }
    out.line("");
    loadout_rows.row(std::move(row));
  }
  // The mark's "interrupted" stands before the loadouts and its counts after them, as sweep's
  // JSON always had them.
  const core::Completion done = completion(a);
  out.field("interrupted", done.interrupted).field("loadouts", loadout_rows.nested());
  if (done.interrupted) out.field("completed", done.completed).field("total", done.total).field("unit", done.unit);
  return out;
}

}  // namespace verflixt::verflixte6
