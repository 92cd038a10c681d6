// `verflixt sweep`: expected solo value, bust rate and their standard errors over a range of
// stop thresholds, for one or many loadouts, marking the best threshold and whether its lead
// over the runner-up is significant.

#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/error.h"
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

}  // namespace

int sweep_command(int argc, const char* const* argv) {
  namespace po = po;
  po::options_description desc("sweep options");
  desc.add_options()
      ("jokers", po::value<std::string>()->default_value("none"), "one loadout, e.g. hirtenschutz,pony")
      ("loadouts", po::value<std::string>(), "all, singles, or loadouts separated by ';' (overrides --jokers)")
      ("from", int_value(10, -100, 400), "lowest stop threshold")
      ("to", int_value(30, -100, 400), "highest stop threshold")
      ("policy", po::value<std::string>()->default_value("strategies/heuristic.ini"),
       "base policy for joker use and inner choices (its stop rule is replaced)")
      ("turns", count_value(1000000, 2, std::uint64_t{1} << 44), "turns per threshold and loadout");
  add_sampling_options(desc);
  add_rules_options(desc);
  add_output_options(desc, kFormats);
  po::variables_map vm;
  if (!parse(argc, argv, desc,
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
  nlohmann::ordered_json doc;
  doc["version"] = kVersion;
  doc["rules"] = rules_summary(rules);
  doc["policy"] = base->name();
  doc["seed"] = seed;
  doc["turns_per_threshold"] = turns;
  doc["interrupted"] = false;  // the mark's place near the top; set at the end (mark_json)
  std::ostringstream table, csv;
  csv << "loadout,threshold,turns,mean,stderr,bust_rate,bust_stderr,exact_ev,diff_to_best,diff_stderr,best\n";
  // Interrupted: the loadouts not started are left out, and within the one under way only
  // what was played is listed (sweep.h): thresholds run in full, or every threshold over the
  // turns played. Its best and lead are among those and say so.
  size_t loadouts_done = 0;
  std::uint64_t points_done = 0, turns_done = 0;
  bool cut = false;
  for (size_t li = 0; li < loadouts.size() && !interrupt_flag().load(); ++li) {
    const core::RunControl control = progress_control("sweep " + loadout_name(loadouts[li]));
    const SweepResult r = sweep(rules, loadouts[li], *base, lo, hi, turns, seed, threads, control);
    progress_done();
    cut = cut || r.interrupted;
    loadouts_done += r.interrupted ? 0 : 1;
    points_done += r.one_trajectory && r.interrupted ? 0 : r.points.size();
    turns_done = r.points.empty() ? 0 : r.points.front().tally.turns();
    nlohmann::ordered_json jl;
    jl["jokers"] = r.loadout;
    jl["one_trajectory"] = r.one_trajectory;
    jl["interrupted"] = r.interrupted;
    std::string note;
    if (r.interrupted) {
      jl["thresholds_requested"] = r.requested_points;
      jl["thresholds_run"] = r.points.size();
      note = r.one_trajectory ? "  INTERRUPTED: " + std::to_string(turns_done) + " of " + std::to_string(turns) +
                                    " turns played, every threshold over them"
                              : "  INTERRUPTED: " + std::to_string(r.points.size()) + " of " +
                                    std::to_string(r.requested_points) + " thresholds run; the rest are not listed";
    }
    table << "loadout " << r.loadout << (r.one_trajectory ? "  (one trajectory: paired differences)" : "  (kernel, one run per threshold)")
          << note << "\n"
          << "   N        mean ± SE        bust ± SE          exact     vs best ± SE\n";
    for (size_t k = 0; k < r.points.size(); ++k) {
      const SweepPoint& p = r.points[k];
      const bool best = static_cast<int>(k) == r.best;
      table << (best ? " *" : "  ") << fmt("%3.0f", p.threshold) << "  " << fmt("%8.4f", p.tally.mean()) << " ± "
            << fmt("%.4f", p.tally.stderr_mean()) << "  " << fmt("%.4f", p.tally.bust_rate()) << " ± "
            << fmt("%.4f", p.tally.bust_stderr()) << "  " << (std::isnan(p.exact_ev) ? std::string("        -") : fmt("%9.4f", p.exact_ev))
            << "  " << (std::isnan(p.diff_to_best) ? std::string("-") : fmt("%+.4f", p.diff_to_best) + " ± " + fmt("%.4f", p.diff_stderr))
            << "\n";
      nlohmann::ordered_json jp;
      jp["threshold"] = p.threshold;
      jp["turns"] = p.tally.turns();
      jp["mean"] = p.tally.mean();
      jp["stderr"] = p.tally.stderr_mean();
      jp["bust_rate"] = p.tally.bust_rate();
      jp["bust_stderr"] = p.tally.bust_stderr();
      if (!std::isnan(p.exact_ev)) jp["exact_ev"] = p.exact_ev;
      if (!std::isnan(p.diff_to_best)) {
        jp["diff_to_best"] = p.diff_to_best;
        jp["diff_stderr"] = p.diff_stderr;
      }
      jl["points"].push_back(jp);
      csv << r.loadout << "," << p.threshold << "," << p.tally.turns() << "," << fmt("%.6f", p.tally.mean()) << ","
          << fmt("%.6f", p.tally.stderr_mean()) << "," << fmt("%.6f", p.tally.bust_rate()) << ","
          << fmt("%.6f", p.tally.bust_stderr()) << "," << (std::isnan(p.exact_ev) ? std::string() : fmt("%.6f", p.exact_ev)) << ","
          << (std::isnan(p.diff_to_best) ? std::string() : fmt("%.6f", p.diff_to_best)) << ","
          << (std::isnan(p.diff_stderr) ? std::string() : fmt("%.6f", p.diff_stderr)) << "," << (best ? 1 : 0) << "\n";
    }
    if (r.best >= 0) {
      const int bt = r.points[static_cast<size_t>(r.best)].threshold;
      jl["best_threshold"] = bt;
      if (r.runner_up >= 0) {
        const int rt = r.points[static_cast<size_t>(r.runner_up)].threshold;
        const bool sig = r.lead_z > core::kZ95;
        jl["runner_up_threshold"] = rt;
        jl["lead_z"] = r.lead_z;
        jl["lead_significant"] = sig;
        table << "best N = " << bt << "; its lead over N = " << rt << " is " << fmt("%.2f", r.lead_z)
              << " standard errors" << (r.one_trajectory ? " (paired)" : " (unpaired)") << ": "
              << (sig ? "significant at 95%" : "not significant at 95%") << "\n";
      }
      if (r.interrupted) {
        jl["best_among"] = r.one_trajectory ? "the turns played (interrupted run)" : "the thresholds run (interrupted run)";
        table << "(interrupted run: best and lead among the " << (r.one_trajectory ? "turns played" : "thresholds run")
              << " only)\n";
      }
    } else if (r.interrupted) {
      table << "no threshold completed\n";
    }
    table << "\n";
    if (r.points.empty()) jl["points"] = nlohmann::ordered_json::array();
    doc["loadouts"].push_back(jl);
  }
  if (!doc.contains("loadouts")) doc["loadouts"] = nlohmann::ordered_json::array();
  // One count for the mark: loadouts when there are several, else thresholds (or turns of a
  // one-trajectory sweep, whose thresholds all share them).
  const bool one_traj = loadouts.size() == 1 && doc["loadouts"].size() == 1 && doc["loadouts"][0]["one_trajectory"].get<bool>();
  const Completion done =
      loadouts.size() > 1 ? completion(loadouts_done, loadouts.size(), "loadouts", cut)
      : one_traj          ? completion(turns_done, turns, "turns", cut)
                          : completion(points_done, static_cast<std::uint64_t>(hi - lo + 1), "thresholds", cut);
  mark_json(doc, done);
  return finish(vm, format, done, format == "json" ? json_text(doc) : format == "csv" ? csv.str() : table.str());
}

}  // namespace verflixt::cli
