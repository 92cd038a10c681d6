// `verflixt sweep`: expected solo value, bust rate and their standard errors over a range of
// stop thresholds, for one or many loadouts, marking the best threshold and whether its lead
// over the runner-up is significant.

#include <cmath>
#include <sstream>

#include "cli/cli.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/error.h"
#include "verflixt/core/report.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/analyses/sweep.h"
#include "verflixt/version.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {


const std::vector<std::string> kFormats = {"table", "json", "csv"};

std::vector<JokerSet> parse_loadouts(const std::string& spec, const Rules& rules) {
  if (spec == "all") return all_loadouts(rules);
  if (spec == "singles") {
    std::vector<JokerSet> out{JokerSet{}};
    for (int k = 0; k < JOKER_NB; ++k)
      if (rules.jokers.has(static_cast<Joker>(k))) out.push_back(JokerSet{}.with(static_cast<Joker>(k)));
    return out;
  }
  std::vector<JokerSet> out;
  size_t start = 0;
  while (start <= spec.size()) {
    size_t semi = spec.find(';', start);
    if (semi == std::string::npos) semi = spec.size();
    out.push_back(parse_loadout(spec.substr(start, semi - start), rules, "--loadouts"));
    start = semi + 1;
  }
  return out;
}

// sweep's options, then the sampling, rules and output ones.
core::OptionTable sweep_options() {
  // The loadouts are read by sweep itself (a list of them, or all or singles); the two named
  // forms feed the completion.
  core::Option loadouts = core::word_option("loadouts", "all, singles, or loadouts separated by ';' (overrides --jokers)");
  loadouts.choices = {"all", "singles"};
  const core::OptionTable own = {
      core::word_option("jokers", "none", "one loadout, e.g. hirtenschutz,pony"),
      loadouts,
      core::integer_option("from", 10, -100, 400, "lowest stop threshold"),
      core::integer_option("to", 30, -100, 400, "highest stop threshold"),
      core::policy_option("policy", "strategies/heuristic.ini",
                          "base policy for joker use and inner choices (its stop rule is replaced)"),
      core::count_option("turns", 1000000, 2, std::uint64_t{1} << 44, "turns per threshold and loadout")};
  return own + sampling_options() + rules_options() + output_options(kFormats);
}

}  // namespace

int sweep_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "sweep options", sweep_options(),
                  "usage: verflixt sweep [--jokers LIST | --loadouts all|singles|L1;L2] [--from N] [--to N]\n"
                  "                      [--policy BASE] [--turns M] [--seed S] [--format table|json|csv]\n"
                  "Monte Carlo EV and bust rate with standard errors for every stop threshold N in\n"
                  "[from, to]: jokers are used as BASE uses them, and the turn stops at N or more eyes.\n"
                  "Loadouts that announce no joker score every N on the same turns (paired errors).",
                  vm))
    return 0;
  const Rules rules = rules_from(vm);
  const std::string format = format_from(vm, kFormats);
  const std::vector<JokerSet> loadouts = vm.count("loadouts")
                                             ? parse_loadouts(vm["loadouts"].as<std::string>(), rules)
                                             : std::vector<JokerSet>{parse_loadout(vm["jokers"].as<std::string>(), rules)};
  const auto base = make_policy(vm["policy"].as<std::string>(), rules);
  const int lo = vm["from"].as<int>(), hi = vm["to"].as<int>();
  if (lo < -100 || hi > 400 || lo > hi)
    throw core::InputError("--from " + std::to_string(lo) + " --to " + std::to_string(hi) +
                     " is not a range; valid: -100 <= from <= to <= 400");
  const std::uint64_t turns = vm["turns"].as<std::uint64_t>();
  const int threads = threads_from(vm);
  const std::uint64_t seed = seed_from(vm);

  install_interrupt_handler();
  namespace rp = core::report;
  const auto i64 = [](auto v) { return static_cast<std::int64_t>(v); };
  // A threshold's row, one description for the three forms: the text's table under its
  // loadout, the JSON's points of the loadout, and the CSV's one table of every loadout.
  const std::vector<rp::Column> point_columns = {
      {.name = "marker", .in = rp::kText},
      {.name = "loadout", .in = rp::kCsv},
      {.name = "threshold", .text_format = "%3lld"},
      {.name = "turns", .in = rp::kJsonCsv},
      {.name = "mean", .text = "  ", .text_format = "%8.4f", .text_se_format = "%.4f", .se_name = "stderr"},
      {.name = "bust_rate", .text = "  ", .se_name = "bust_stderr"},
      {.name = "exact_ev", .text = "  ", .text_format = "%9.4f", .missing = "        -"},
      {.name = "diff_to_best", .text = "  ", .text_format = "%+.4f", .text_se_format = "%.4f", .se_name = "diff_stderr",
       .missing = "-"},
      {.name = "best", .in = rp::kCsv}};
  rp::Report out({kVersion, "", rules_summary(rules), ""});
  out.field("policy", base->name()).field("seed", seed).field("turns_per_threshold", turns);
  rp::Table& csv = out.table("", point_columns, rp::kCsv);  // every loadout's thresholds, the CSV's only table
  rp::Table loadout_rows{
      .columns = {{.name = "jokers"}, {.name = "one_trajectory"}, {.name = "interrupted"}, {.name = "thresholds_requested"},
                  {.name = "thresholds_run"}, {.name = "points"}, {.name = "best_threshold"},
                  {.name = "runner_up_threshold"}, {.name = "lead_z"}, {.name = "lead_significant"}, {.name = "best_among"}},
      .in = rp::kJson};
  // Interrupted: the loadouts not started are left out, and within the one under way only
  // what was played is listed (sweep.h): thresholds run in full, or every threshold over the
  // turns played. Its best and lead are among those and say so.
  size_t loadouts_done = 0;
  std::uint64_t points_done = 0, turns_done = 0;
  bool cut = false, one_traj = false;
  for (size_t li = 0; li < loadouts.size() && !interrupt_flag().load(); ++li) {
    const core::RunControl control = progress_control("sweep " + loadout_name(loadouts[li]));
    const SweepResult r = sweep(rules, loadouts[li], *base, lo, hi, turns, seed, threads, control);
    progress_done();
    cut = cut || r.interrupted;
    one_traj = loadouts.size() == 1 && r.one_trajectory;
    loadouts_done += r.interrupted ? 0 : 1;
    points_done += r.one_trajectory && r.interrupted ? 0 : r.points.size();
    turns_done = r.points.empty() ? 0 : r.points.front().tally.turns();
    std::string note;
    if (r.interrupted)
      note = r.one_trajectory ? "  INTERRUPTED: " + std::to_string(turns_done) + " of " + std::to_string(turns) +
                                    " turns played, every threshold over them"
                              : "  INTERRUPTED: " + std::to_string(r.points.size()) + " of " +
                                    std::to_string(r.requested_points) + " thresholds run; the rest are not listed";
    out.line("loadout " + r.loadout +
             (r.one_trajectory ? "  (one trajectory: paired differences)" : "  (kernel, one run per threshold)") + note +
             "\n   N        mean ± SE        bust ± SE          exact     vs best ± SE");
    rp::Table points{.columns = point_columns, .in = rp::kJson};
    for (size_t k = 0; k < r.points.size(); ++k) {
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
      const int bt = r.points[static_cast<size_t>(r.best)].threshold;
      row[6] = i64(bt);
      if (r.runner_up >= 0) {
        const int rt = r.points[static_cast<size_t>(r.runner_up)].threshold;
        const bool sig = r.lead_z > core::kZ95;
        row[7] = i64(rt);
        row[8] = r.lead_z;
        row[9] = sig;
        out.line("best N = " + std::to_string(bt) + "; its lead over N = " + std::to_string(rt) + " is " +
                 fmt("%.2f", r.lead_z) + " standard errors" + (r.one_trajectory ? " (paired)" : " (unpaired)") + ": " +
                 (sig ? "significant at 95%" : "not significant at 95%"));
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
  // One count for the mark: loadouts when there are several, else thresholds (or turns of a
  // one-trajectory sweep, whose thresholds all share them).
  const Completion done =
      loadouts.size() > 1 ? completion(loadouts_done, loadouts.size(), "loadouts", cut)
      : one_traj          ? completion(turns_done, turns, "turns", cut)
                          : completion(points_done, static_cast<std::uint64_t>(hi - lo + 1), "thresholds", cut);
  // The mark's "interrupted" stands before the loadouts and its counts after them, as sweep's
  // JSON always had them.
  out.field("interrupted", done.interrupted).field("loadouts", loadout_rows.nested());
  if (done.interrupted) out.field("completed", done.completed).field("total", done.total).field("unit", done.unit);
  return finish(vm, format, done, out.render(format));
}

}  // namespace verflixt::cli
