// `verflixt solve`: the exact optimal solo policy (solver.h) for one loadout or for every
// loadout of the ruleset: optimal EV, bust probability, stop thresholds and each joker's
// marginal value; optionally writes the solved policy as a .policy table.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <span>
#include <sstream>

#include "cli/cli.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/report.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/exact/solver.h"
#include "games/verflixte6/commands/api.h"
#include "verflixt/version.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {


const std::vector<std::string> kFormats = {"table", "json", "csv", "markdown"};

std::string threshold_text(int t) { return t < 0 ? "-" : std::to_string(t); }

// One result row: a solution and the marginal value of each of its jokers.
using Row = SolveReport::Row;

namespace rp = core::report;

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
  for (auto [jk, v] : r.marginal) s += (s.empty() ? "" : " ") + std::string(joker_id(jk)) + fmt("%+.3f", v);
  return s.empty() ? "-" : s;
}

std::vector<rp::Value> row_values(std::int64_t rank, const Row& r) {
  const auto i64 = [](auto v) { return static_cast<std::int64_t>(v); };
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
                            : "  (cap not certified: needs " + fmt("%.0f", sol.cap_needed) + " / " +
                                  fmt("%.0f", sol.runkel_cap_needed) + ")"};
}

}  // namespace

core::OptionTable solve_options() {
  core::Option loadouts = core::word_option("loadouts", "all: every loadout of 0..jokers_per_pass jokers");
  loadouts.choices = {"all"};
  loadouts.web = false;  // dozens of solves: the command line's job
  core::Option threads = core::integer_option("threads", omp_get_max_threads(), 1, 1024,
                                              "worker threads (results do not depend on it)");
  threads.web = false;
  return core::OptionTable{
             core::word_option("jokers", "one loadout, e.g. hirtenschutz,pony (none = no joker)"), loadouts,
             core::file_option("write-policy", "write the solved policy table to FILE (*.policy; needs --jokers)"),
             core::integer_option("risk-cap", SolverOptions{}.risk_cap, 0, 2000,
                                  "no plain throw above this many eyes at risk; 0 = automatic (the result says whether "
                                  "the cap is proven harmless)"),
             core::integer_option("runkel-risk-cap", SolverOptions{}.runkel_risk_cap, 0, 5000,
                                  "the same while Runkelrueb is held (its save makes rolling pay much longer); 0 = "
                                  "automatic"),
             threads,
             core::switch_option("curve",
                                 "with --jokers: at each eyes with the loadout held, the optimal value of going on "
                                 "against stopping (JSON)")} +
         rules_options();
}

SolveReport solve_report(const po::variables_map& vm, const core::RunControl& control, const Budget& budget) {
  SolveReport report;
  report.rules = rules_from(vm);
  const Rules& rules = report.rules;
  const bool all = report.all = vm.count("loadouts") > 0;
  if (all == (vm.count("jokers") > 0)) throw core::InputError("give exactly one of --jokers LIST and --loadouts all");
  if (all && vm["loadouts"].as<std::string>() != "all")
    throw core::InputError("--loadouts '" + vm["loadouts"].as<std::string>() + "' is not valid; valid: all");
  if (all && vm.count("write-policy")) throw core::InputError("--write-policy needs a single loadout (--jokers)");
  if (all && vm["curve"].as<bool>()) throw core::InputError("--curve needs a single loadout (--jokers)");
  if (vm.count("write-policy")) core::check_output_target(vm["write-policy"].as<std::string>(), "--write-policy");
  const int threads = threads_from(vm);
  SolverOptions opt;
  opt.max_states = budget.max_solver_states;
  opt.risk_cap = vm["risk-cap"].as<int>();
  opt.runkel_risk_cap = vm["runkel-risk-cap"].as<int>();
  if (opt.risk_cap < 0 || opt.risk_cap > 2000)
    throw core::InputError("--risk-cap " + std::to_string(opt.risk_cap) + " is out of range; valid: 0 (automatic) or 1..2000");
  if (opt.runkel_risk_cap < 0 || opt.runkel_risk_cap > 5000)
    throw core::InputError("--runkel-risk-cap " + std::to_string(opt.runkel_risk_cap) +
                     " is out of range; valid: 0 (automatic) or 1..5000");
  omp_set_num_threads(threads);

  const auto t0 = std::chrono::steady_clock::now();
  std::vector<Row>& rows = report.rows;
  std::map<u16, double> ev;  // loadout -> optimal EV, for marginal values
  // The unit of work is a loadout: Ctrl-C lets the loadouts under way finish and starts no
  // more; the output lists the solved ones (ranked among themselves), and a marginal value
  // whose loadout without the joker was not solved is left out.
  Completion& done = report.done;
  if (all) {
    opt.keep_table = false;
    const std::vector<JokerSet> loadouts = all_loadouts(rules);
    auto sols = solve_loadouts(rules, loadouts, opt, control);
    done = completion(sols.size(), loadouts.size(), "loadouts", sols.size() < loadouts.size());
    for (auto& s : sols) {
      ev[s.loadout.bits] = s.ev;
      rows.push_back({std::move(s), {}});
    }
  } else {
    const JokerSet loadout = parse_loadout(vm["jokers"].as<std::string>(), rules);
    const bool curve = vm["curve"].as<bool>();
    opt.keep_table = vm.count("write-policy") > 0 || curve;
    // Through the batch solver even for one loadout: idle threads then share its own work.
    auto solved = solve_loadouts(rules, std::span(&loadout, 1), opt, control);
    if (solved.empty()) throw core::Interrupted("solving the loadout " + loadout_name(loadout));
    Row r{std::move(solved.front()), {}};
    ev[loadout.bits] = r.sol.ev;
    SolverOptions sub = opt;
    sub.keep_table = false;
    sub.thresholds = false;
    std::vector<JokerSet> without;
    for (int k = 0; k < JOKER_NB; ++k)
      if (loadout.has(static_cast<Joker>(k))) without.push_back(loadout.without(static_cast<Joker>(k)));
    const auto subs = solve_loadouts(rules, without, sub, control);
    for (const auto& s : subs) ev[s.loadout.bits] = s.ev;
    done = completion(1 + subs.size(), 1 + without.size(), "loadouts", subs.size() < without.size());
    if (curve) {
      const auto policy = table_policy(rules, r.sol);
      for (const auto& t : r.sol.thresholds) {
        if (t.robbing_ones != 0) continue;
        std::vector<SolveReport::CurvePoint> points;
        // Up to the cap the solver used for this class, so the curve spans the thresholds the
        // table shows (a class holding Runkelrüb stops far above the plain cap).
        const int cap = t.held.has(RUNKELRUEB) ? std::max(r.sol.runkel_risk_cap, r.sol.risk_cap) : r.sol.risk_cap;
        for (int e = 0; e <= std::max(cap, 0); ++e) {
          TurnState st;
          st.eyes = e;
          st.held = t.held;
          const double v = policy->value(st);
          if (!std::isnan(v)) points.push_back({e, v});
        }
        report.curve.push_back({t.held, std::move(points)});
      }
      if (vm.count("write-policy") == 0) r.sol.table.reset();  // the curve has what it needed
    }
    rows.push_back(std::move(r));
  }
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (auto& r : rows)
    for (int k = 0; k < JOKER_NB; ++k) {
      const Joker j = static_cast<Joker>(k);
      if (!r.sol.loadout.has(j)) continue;
      const auto it = ev.find(r.sol.loadout.without(j).bits);
      if (it != ev.end()) r.marginal.push_back({j, r.sol.ev - it->second});
    }
  // Best first; equal EVs keep the fixed loadout order (stable sort), so output is deterministic.
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.sol.ev > b.sol.ev; });

  return report;
}

namespace {

rp::Report solve_result(const SolveReport& report) {
  rp::Report out({});
  out.field("version", std::string(kVersion))
      .field("command", std::string("solve"))
      .field("rules", rules_summary(report.rules))
      .field("seconds", report.seconds)
      .completion(report.done.interrupted, report.done.completed, report.done.total, report.done.unit);
  out.line("verflixt " + std::string(kVersion) + "  solve  rules " + rules_summary(report.rules) + "  " +
           fmt("%.2f", report.seconds) + " s")
      .line("Optimal solo play, rules `" + rules_summary(report.rules) + "` (verflixt " + kVersion + ")\n", rp::kMarkdown);
  rp::Table& rows = out.table("loadouts", row_columns());
  std::int64_t rank = 0;
  for (const auto& r : report.rows) rows.row(row_values(++rank, r));
  if (!report.all) {
    std::string s = "stop thresholds (smallest eyes at which stopping is optimal; - = never up to the cap):";
    for (const auto& t : report.rows.front().sol.thresholds)
      s += "\n  held " + loadout_name(t.held) + ", robbing 1s " + std::to_string(t.robbing_ones) + ": " + threshold_text(t.eyes);
    out.line(s);
  }
  if (!report.curve.empty()) {
    rp::Table curve{.columns = {{.name = "held"}, {.name = "points"}}, .keyed = true, .json = rp::Table::Values};
    for (const auto& [held, points] : report.curve) {
      rp::Table p{.columns = {{.name = "eyes"}, {.name = "go_on"}, {.name = "stop"}}};
      for (const auto& pt : points) p.row({static_cast<std::int64_t>(pt.eyes), pt.go_on, static_cast<std::int64_t>(pt.eyes)});
      curve.row({loadout_name(held), p.nested()});
    }
    out.field("curve", curve.nested());
  }
  return out;
}

}  // namespace

std::string solve_json(const SolveReport& report) { return solve_result(report).render_json(); }

int solve_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "solve options", solve_options() + output_options(kFormats),
                  "usage: verflixt solve (--jokers LIST | --loadouts all) [--write-policy FILE]\n"
                  "                      [--format table|json|csv|markdown]\n"
                  "Solves the optimal solo policy (docs/rules/verflixte6.md §5) exactly: optimal EV, bust probability,\n"
                  "stop thresholds and each joker's marginal value (EV with it minus without it).",
                  vm))
    return 0;
  const std::string format = format_from(vm, kFormats);
  const SolveReport report =
      with_progress("solve", [&](const core::RunControl& control) { return solve_report(vm, control); });
  const Rules& rules = report.rules;
  const std::vector<Row>& rows = report.rows;
  const Completion& done = report.done;

  if (vm.count("write-policy")) {
    const std::string path = vm["write-policy"].as<std::string>();
    std::ostringstream text;
    write_policy(text, rules, rows.front().sol);
    core::write_file_atomic(path, text.str(), "--write-policy");
  }

  return finish(vm, format, done, solve_result(report).render(format));
}

}  // namespace verflixt::cli
