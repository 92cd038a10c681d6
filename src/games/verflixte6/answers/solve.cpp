#include "verflixt/games/verflixte6/answers/solve.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <span>
#include <string>

#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/version.h"

namespace verflixt::verflixte6 {

namespace {

namespace rp = core::report;
using rp::number;
using Row = SolveAnswer::Row;

std::string threshold_text(int t) { return t < 0 ? "-" : std::to_string(t); }

// A solved loadout, one description for the four forms. JSON: the numbers, the marginal values
// by joker, the caps and the stop thresholds per subset of still-held jokers, indexed by
// robbing 1s so far (T4): {"none": [16, 17, ...], "pony": [...]}, null where stopping is never
// optimal. CSV, text and Markdown: the rank and the threshold and marginal values as words.
const std::vector<rp::Column>& row_columns() {
  static const std::vector<rp::Column> columns = {
      {.name = "rank", .text_format = "%4lld", .in = rp::kText | rp::kCsv | rp::kMarkdown, .right = true,
       .markdown_format = "%lld"},
      {.name = "jokers", .text = "  ", .csv_quoted = true},
      {.name = "ev", .text = "  EV ", .csv_format = "%.10f", .label = "optimal EV", .right = true},
      {.name = "bust_probability", .text = "  bust ", .csv_format = "%.10f", .label = "bust probability", .right = true},
      {.name = "threshold", .in = rp::kJson},
      {.name = "threshold_text", .text = "  threshold ", .in = rp::kText | rp::kCsv | rp::kMarkdown,
       .csv_name = "threshold", .label = "final threshold", .right = true},
      {.name = "marginal", .in = rp::kJson},
      {.name = "marginal_text", .text = "  marginal ", .in = rp::kText | rp::kCsv | rp::kMarkdown, .csv_name = "marginal",
       .csv_quoted = true, .label = "marginal values"},
      {.name = "states", .in = rp::kJson},
      {.name = "risk_cap", .in = rp::kJson},
      {.name = "runkel_risk_cap", .in = rp::kJson},
      {.name = "cap_needed", .in = rp::kJson},
      {.name = "runkel_cap_needed", .in = rp::kJson},
      {.name = "cap_certified", .in = rp::kJsonCsv},
      {.name = "states_count", .in = rp::kCsv, .csv_name = "states"},
      {.name = "thresholds", .in = rp::kJson},
      {.name = "cap_note", .in = rp::kText}};
  return columns;
}

std::string marginal_text(const Row& r) {
  std::string s;
  for (auto [jk, v] : r.marginal) s += (s.empty() ? "" : " ") + std::string(joker_id(jk)) + number("%+.3f", v);
  return s.empty() ? "-" : s;
}

std::vector<rp::Value> row_values(std::int64_t rank, const Row& r) {
  rp::Table marginal{.columns = {{.name = "joker"}, {.name = "value"}}, .keyed = true, .json = rp::Table::Values};
  for (auto [jk, v] : r.marginal) marginal.row({std::string(joker_id(jk)), v});
  rp::Table thresholds{.columns = {{.name = "held"}, {.name = "by_robbing_ones"}}, .keyed = true, .json = rp::Table::Values};
  std::vector<std::pair<std::string, rp::Table>> by_held;  // in the solver's order of first appearance
  for (const auto& t : r.sol.thresholds) {
    const std::string held = loadout_name(t.held);
    auto it = std::find_if(by_held.begin(), by_held.end(), [&](const auto& h) { return h.first == held; });
    if (it == by_held.end())
      it = by_held.insert(by_held.end(), {held, rp::Table{.columns = {{.name = "eyes"}}, .json = rp::Table::Values}});
    it->second.row({t.eyes >= 0 ? rp::Value(i64(t.eyes)) : rp::Value(nullptr)});
  }
  for (const auto& [held, table] : by_held) thresholds.row({held, table.nested()});
  const SoloSolution& sol = r.sol;
  return {rank, loadout_name(sol.loadout), sol.ev, sol.bust_probability,
          sol.threshold >= 0 ? rp::Value(i64(sol.threshold)) : rp::Value(nullptr), threshold_text(sol.threshold),
          marginal.nested(), marginal_text(r), std::uint64_t{sol.states}, i64(sol.risk_cap), i64(sol.runkel_risk_cap),
          sol.cap_needed, sol.runkel_cap_needed, sol.cap_certified, std::uint64_t{sol.states}, thresholds.nested(),
          sol.cap_certified ? std::string()
                            : "  (cap not certified: needs " + number("%.0f", sol.cap_needed) + " / " +
                                  number("%.0f", sol.runkel_cap_needed) + ")"};
}

// One loadout's curve: at each eyes with no robbing 1 yet, for each subset still held, the
// value of going on under the solved table.
std::vector<std::pair<JokerSet, std::vector<SolveAnswer::CurvePoint>>> curve_of(const Rules& rules,
                                                                                  const SoloSolution& sol) {
  std::vector<std::pair<JokerSet, std::vector<SolveAnswer::CurvePoint>>> curve;
  const auto policy = table_policy(rules, sol);
  for (const auto& t : sol.thresholds) {
    if (t.robbing_ones != 0) continue;
    std::vector<SolveAnswer::CurvePoint> points;
    // Up to the cap the solver used for this class, so the curve spans the thresholds the
    // table shows (a class holding Runkelrüb stops far above the plain cap).
    const int cap = t.held.has(RUNKELRUEB) ? std::max(sol.runkel_risk_cap, sol.risk_cap) : sol.risk_cap;
    for (int e = 0; e <= std::max(cap, 0); ++e) {
      TurnState st;
      st.eyes = e;
      st.held = t.held;
      const double v = policy->value(st);
      if (!std::isnan(v)) points.push_back({e, v});
    }
    curve.push_back({t.held, std::move(points)});
  }
  return curve;
}

}  // namespace

SolveAnswer solve_answer(const Rules& rules, std::optional<JokerSet> loadout, SolverOptions opt, bool curve,
                         bool keep_table, const core::RunControl& control, const std::vector<JokerSet>& many) {
  SolveAnswer answer;
  answer.rules = rules;
  answer.all = !loadout;
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<Row>& rows = answer.rows;
  std::map<u16, double> ev;  // loadout -> optimal EV, for marginal values
  if (!loadout) {
    opt.keep_table = false;
    auto sols = solve_loadouts(rules, many, opt, control);
    answer.done = {sols.size() < many.size() || control.stopped(), sols.size(), many.size(), "loadouts"};
    for (auto& s : sols) {
      ev[s.loadout.bits] = s.ev;
      rows.push_back({std::move(s), {}});
    }
  } else {
    opt.keep_table = keep_table || curve;
    // Through the batch solver even for one loadout: idle threads then share its own work.
    auto solved = solve_loadouts(rules, std::span(&*loadout, 1), opt, control);
    if (solved.empty()) throw core::Interrupted("solving the loadout " + loadout_name(*loadout));
    Row r{std::move(solved.front()), {}};
    ev[loadout->bits] = r.sol.ev;
    SolverOptions sub = opt;
    sub.keep_table = false;
    sub.thresholds = false;
    std::vector<JokerSet> without;
    for (int k = 0; k < JOKER_NB; ++k)
      if (loadout->has(static_cast<Joker>(k))) without.push_back(loadout->without(static_cast<Joker>(k)));
    const auto subs = solve_loadouts(rules, without, sub, control);
    for (const auto& s : subs) ev[s.loadout.bits] = s.ev;
    answer.done = {subs.size() < without.size() || control.stopped(), 1 + subs.size(), 1 + without.size(), "loadouts"};
    if (curve) {
      answer.curve = curve_of(rules, r.sol);
      if (!keep_table) r.sol.table.reset();  // the curve has what it needed
    }
    rows.push_back(std::move(r));
  }
  answer.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (auto& r : rows)
    for (int k = 0; k < JOKER_NB; ++k) {
      const Joker j = static_cast<Joker>(k);
      if (!r.sol.loadout.has(j)) continue;
      const auto it = ev.find(r.sol.loadout.without(j).bits);
      if (it != ev.end()) r.marginal.push_back({j, r.sol.ev - it->second});
    }
  // Best first; equal EVs keep the fixed loadout order (stable sort), so output is deterministic.
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.sol.ev > b.sol.ev; });
  return answer;
}

SolveAnswer solve_answer(const Rules& rules, const SolveQuestion& q, const core::RunControl& control) {
  const bool all = q.loadouts.has_value();
  if (all == q.jokers.has_value()) throw core::InputError("give exactly one of --jokers LIST and --loadouts");
  const std::vector<JokerSet> loadouts = all ? parse_loadouts(*q.loadouts, rules) : std::vector<JokerSet>{};
  if (all && q.write_policy) throw core::InputError("--write-policy needs a single loadout (--jokers)");
  if (all && q.curve) throw core::InputError("--curve needs a single loadout (--jokers)");
  if (q.write_policy) core::check_output_target(*q.write_policy, "--write-policy");
  SolverOptions opt;
  opt.max_states = q.max_states;
  opt.risk_cap = q.risk_cap;
  opt.runkel_risk_cap = q.runkel_risk_cap;
  omp_set_num_threads(q.threads);
  std::optional<JokerSet> loadout;
  if (!all) loadout = parse_loadout(*q.jokers, rules);
  return solve_answer(rules, loadout, opt, !all && q.curve, q.write_policy.has_value(), control, loadouts);
}

core::report::Report describe(const SolveAnswer& answer) {
  // Exact where every loadout's risk cap is certified (solver.h); an uncertified one is the
  // value of a real policy, so a lower bound, and its row says so.
  const bool certified = std::all_of(answer.rows.begin(), answer.rows.end(),
                                     [](const SolveAnswer::Row& r) { return r.sol.cap_certified; });
  const std::string method = "dynamic programming over every decision of a solo turn";
  rp::Report out({});
  out.field("version", std::string(kVersion), rp::kJsonHead)
      .field("game", std::string(kGame), rp::kJsonHead)
      .field("command", std::string("solve"))
      .field("rules", rules_summary(answer.rules), rp::kJsonHead)
      .field("exact", certified)
      .field("method", method + " (solver.h)")
      .field("seconds", answer.seconds)
      .completion(answer.done.interrupted, answer.done.completed, answer.done.total, answer.done.unit);
  out.line("verflixt " + std::string(kVersion) + "  solve  rules " + rules_summary(answer.rules) + "  " +
           number("%.2f", answer.seconds) + " s")
      .line(certified ? "exact: " + method + ", every risk cap certified"
                      : method + ": exact where the risk cap is certified, a lower bound where \"cap not certified\"")
      .line("Optimal solo play, rules `" + rules_summary(answer.rules) + "` (verflixt " + kVersion + ")\n", rp::kMarkdown);
  rp::Table& rows = out.table("loadouts", row_columns());
  std::int64_t rank = 0;
  for (const auto& r : answer.rows) rows.row(row_values(++rank, r));
  if (!answer.all) {
    std::string s = "stop thresholds (smallest eyes at which stopping is optimal; - = never up to the cap):";
    for (const auto& t : answer.rows.front().sol.thresholds)
      s += "\n  held " + loadout_name(t.held) + ", robbing 1s " + std::to_string(t.robbing_ones) + ": " + threshold_text(t.eyes);
    out.line(s);
  }
  if (!answer.curve.empty()) {
    rp::Table curve{.columns = {{.name = "held"}, {.name = "points"}}, .keyed = true, .json = rp::Table::Values};
    for (const auto& [held, points] : answer.curve) {
      rp::Table p{.columns = {{.name = "eyes"}, {.name = "go_on"}, {.name = "stop"}}};
      for (const auto& pt : points) p.row({static_cast<std::int64_t>(pt.eyes), pt.go_on, static_cast<std::int64_t>(pt.eyes)});
      curve.row({loadout_name(held), p.nested()});
    }
    out.field("curve", curve.nested());
  }
  return out;
}

}  // namespace verflixt::verflixte6
