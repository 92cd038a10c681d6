// `verflixt balance`: for rule designers. (1) Each joker's lift: the evening P(win) and
// P(loser) of one player whose loadout gains that joker, against the same player without
// it, at a table of a fixed field, next to its exact solo EV lift (solver.h: the optimal solo
// EV with the joker alone minus without jokers, RULES.md §5). Issue 12: each lift under two
// policy families side by side — the --policy file and the exact solo solver's policy for
// the loadout (solver.h, SolvedPolicy) — and a joker is called strongest or weakest only where
// both families agree beyond their errors. (2) When the rules differ from their preset (--set,
// --rules): the same table under both rulesets, the tested seat holding the jokers the change
// touches, as preset − rules differences ± SE, with a warning when nobody holds them.

#include <algorithm>
#include <cmath>
#include <set>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli.h"
#include "cli/command.h"
#include "cli/seat_spec.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/games/verflixte6/joker.h"
#include "verflixt/games/verflixte6/objective.h"
#include "verflixt/games/verflixte6/solver.h"
#include "verflixt/core/stats.h"
#include "verflixt/version.h"

namespace verflixt {
namespace {

using cli::fmt;

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// The difference of two runs' estimates. The runs share the seed but their dice drift apart
// once the loadouts differ, so they are treated as independent: the SE is conservative.
Estimate minus(const Estimate& a, const Estimate& b) { return {a.mean - b.mean, std::hypot(a.se, b.se)}; }

std::string pm(const Estimate& e, const char* f = "%+.4f") { return fmt(f, e.mean) + " ± " + fmt("%.4f", e.se); }

// The jokers whose INI section differs between two rulesets (rules_to_ini: one section per
// joker, named by its id), in rule order.
std::vector<Joker> changed_jokers(const Rules& a, const Rules& b) {
  auto sections = [](const Rules& r) {
    std::map<std::string, std::set<std::string>> out;
    std::istringstream in(rules_to_ini(r));
    std::string line, section;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      if (line[0] == '[') section = line.substr(1, line.find(']') - 1);
      else out[section].insert(line);
    }
    return out;
  };
  const auto sa = sections(a), sb = sections(b);
  std::vector<Joker> out;
  for (int j = 0; j < JOKER_NB; ++j) {
    const std::string id(joker_id(static_cast<Joker>(j)));
    const auto x = sa.find(id), y = sb.find(id);
    if ((x == sa.end()) != (y == sb.end()) || (x != sa.end() && x->second != y->second))
      out.push_back(static_cast<Joker>(j));
  }
  return out;
}

}  // namespace

int balance_command(int argc, const char* const* argv) {
  namespace po = cli::po;
  po::options_description desc("balance options");
  desc.add_options()
      ("players", po::value<int>()->default_value(4), "table size (2..12)")
      ("policy", po::value<std::string>()->default_value("strategies/heuristic.ini"),
       "the player whose loadout changes (needs windows for the jokers, as heuristic files have)")
      ("base", po::value<std::string>()->default_value("none"), "his joker list without the tested joker")
      ("field", po::value<std::string>()->default_value("strategies/heuristic.ini"),
       "every other seat: POLICY[@JOKERS] (a policy file's own loadout without @)")
      ("jokers", po::value<std::string>()->default_value("all"), "jokers to test (all = every joker of the rules)")
      ("evenings", cli::count_value(20000, 1, std::uint64_t{1} << 40), "evenings per variant")
      ("final", po::bool_switch(), "play final evenings")
      ("vary", po::value<std::string>(),
       "KEY=A..B: sweep one integer parameter of a joker (e.g. runkelrueb.face=1..6); for each value the joker's "
       "P(win) lift under both policy families and its exact solo EV lift, instead of the joker table")
      ("no-solver-family", po::bool_switch(),
       "skip the second policy family (the tested seat playing the exact solo solver's policy for each loadout)");
  add_engine_option(desc);
  cli::add_sampling_options(desc);
  cli::add_rules_options(desc);
  cli::add_output_options(desc, kFormats);
  po::variables_map vm;
  if (!cli::parse(argc, argv, desc,
                  "usage: verflixt balance [--players N] [--policy P] [--base LIST] [--field SEAT]\n"
                  "                        [--jokers LIST|all] [--evenings M] [--set key=value ...]\n"
                  "Each joker's evening P(win) / P(loser) lift for one player (seat 1, the seats rotate\n"
                  "every evening) against a fixed field, with standard errors; and, when --set or --rules\n"
                  "change the preset, the table under the preset and under the changed rules side by side.",
                  vm))
    return 0;
  const Rules rules = cli::rules_from(vm);
  const std::string format = cli::format_from(vm, kFormats);
  const int players = vm["players"].as<int>();
  const std::uint64_t evenings = vm["evenings"].as<std::uint64_t>();
  const std::uint64_t seed = cli::seed_from(vm);
  const int threads = cli::threads_from(vm);
  if (players < 2 || players > 12)
    throw InputError("--players " + std::to_string(players) + " is out of range; valid: 2..12");
  if (threads < 1 || threads > 1024)
    throw InputError("--threads " + std::to_string(threads) + " is out of range; valid: 1..1024");
  const std::vector<Joker> base = parse_joker_priority(vm["base"].as<std::string>(), rules, "--base");
  std::vector<Joker> tested;
  if (vm["jokers"].as<std::string>() == "all") {
    for (int j = 0; j < JOKER_NB; ++j)
      if (rules.jokers.has(static_cast<Joker>(j))) tested.push_back(static_cast<Joker>(j));
  } else {
    tested = parse_joker_priority(vm["jokers"].as<std::string>(), rules, "--jokers");
  }
  const auto policy = make_policy(vm["policy"].as<std::string>(), rules);
  const Rules reference = preset(rules.preset);
  const bool compare = !(rules == reference);
  const SeatPlayer field = make_seat_player(vm["field"].as<std::string>(), rules);
  // One series length for both rulesets, so their comparison plays the same evenings.
  const int series = default_series_length(rules);
  const PassEngine engine = engine_from(vm, {policy.get(), field.policy.get()});

  cli::install_interrupt_handler();
  auto table_run = [&](const Rules& r, const Selector* sel, const std::string& label, const Policy* tested_policy = nullptr) {
    ObjectiveSpec spec;
    spec.final = vm["final"].as<bool>();
    spec.series_length = series;
    spec.engine = tested_policy ? engine_from(vm, {tested_policy, field.policy.get()}) : engine;
    spec.groups = {label, "field"};
    spec.seats.push_back({tested_policy ? tested_policy : policy.get(), sel, 0});
    for (int k = 1; k < players; ++k) spec.seats.push_back({field.policy.get(), field.selector.get(), 1});
    const RunControl control = cli::progress_control("balance " + label);
    ObjectiveRun run = play_objectives(r, spec, evenings, seed, threads, control);
    cli::progress_done();
    return run;
  };

  struct Variant {
    std::string label;
    ObjectiveRow row;
    double solo_lift = std::nan("");  // exact optimal solo EV with the joker alone minus without
    bool has_solver = false;          // the solver family's row below exists
    ObjectiveRow solver_row;          // the tested seat playing the solver's policy for the loadout
  };
  const bool solver_family = !vm["no-solver-family"].as<bool>();
  // The exact solo solution of a loadout (its table kept for the solver family); null if the
  // solver cannot order the rules or certify, or the loadout is too large.
  auto solve = [&](JokerSet set) -> std::shared_ptr<const SoloSolution> {
    try {
      return std::make_shared<const SoloSolution>(solve_solo(rules, set));
    } catch (const std::exception&) {
      return nullptr;
    }
  };
  auto set_of = [](const std::vector<Joker>& list) {
    JokerSet s;
    for (Joker j : list) s = s.with(j);
    return s;
  };
  const auto none_solution = solve(JokerSet{});
  const double solo_none = none_solution ? none_solution->ev : std::nan("");
  if (vm.count("vary")) {
    // --vary KEY=A..B: the joker the key belongs to, its lift per value (issue 12).
    const std::string spec = vm["vary"].as<std::string>();
    const size_t eq = spec.find('='), dots = spec.find("..");
    if (eq == std::string::npos || dots == std::string::npos || dots < eq)
      throw InputError("--vary '" + spec + "': expected KEY=A..B, e.g. runkelrueb.face=1..6");
    const std::string key = spec.substr(0, eq);
    const int lo = parse_int(spec.substr(eq + 1, dots - eq - 1), "A", "--vary", -1000000, 1000000);
    const int hi = parse_int(spec.substr(dots + 2), "B", "--vary", lo, lo + 49);
    const std::string section = key.substr(0, key.find('.'));
    int joker = -1;
    for (int j = 0; j < JOKER_NB; ++j)
      if (joker_id(static_cast<Joker>(j)) == section) joker = j;
    if (joker < 0 || key.find('.') == std::string::npos)
      throw InputError("--vary '" + spec + "': KEY must be a joker's parameter (e.g. runkelrueb.face), not '" + key + "'");
    const Joker jk = static_cast<Joker>(joker);
    if (!rules.jokers.has(jk)) throw InputError("--vary: " + section + " is not available under " + rules_summary(rules));
    std::vector<Rules> ruleset;
    for (int v = lo; v <= hi; ++v) {  // every value checked before anything runs
      Rules r = rules;
      set_rule(r, key + "=" + std::to_string(v));
      ruleset.push_back(r);
    }
    struct Point {
      int value = 0;
      ObjectiveRow base, with, solver_base, solver_with;
      bool has_solver = false;
      double solo_lift = std::nan("");
    };
    std::vector<Point> points;
    std::vector<Joker> list = {jk};
    for (Joker b : base)
      if (b != jk) list.push_back(b);
    const ListSelector sel(list), bsel(base);
    for (size_t i = 0; i < ruleset.size() && !cli::interrupt_flag().load(); ++i) {
      const Rules& r = ruleset[i];
      Point p;
      p.value = lo + static_cast<int>(i);
      const ObjectiveRun b = table_run(r, &bsel, "base"), w = table_run(r, &sel, std::string(joker_id(jk)));
      if (b.interrupted || w.interrupted) break;
      p.base = b.by_group[0];
      p.with = w.by_group[0];
      try {
        const SoloSolution sb = solve_solo(r, set_of(base)), sw = solve_solo(r, set_of(list));
        p.solo_lift = sw.ev - sb.ev;
        if (!vm["no-solver-family"].as<bool>()) {
          const auto pb = table_policy(r, sb), pw = table_policy(r, sw);
          const ObjectiveRun sbr = table_run(r, &bsel, "base", pb.get()),
                             swr = table_run(r, &sel, std::string(joker_id(jk)), pw.get());
          if (sbr.interrupted || swr.interrupted) break;
          p.solver_base = sbr.by_group[0];
          p.solver_with = swr.by_group[0];
          p.has_solver = true;
        }
      } catch (const std::exception&) {
        // the solver cannot order or certify these rules: no solo lift, no solver family
      }
      points.push_back(p);
    }
    const cli::Completion vdone = cli::completion(points.size(), ruleset.size(), "values");
    std::string text;
    if (format == "json") {
      nlohmann::ordered_json j;
      j["version"] = kVersion;
      j["seed"] = seed;
      j["rules_summary"] = rules_summary(rules);
      j["players"] = players;
      j["policy"] = policy->name();
      j["field"] = field.label;
      j["evenings_per_run"] = evenings;
      cli::mark_json(j, vdone);
      j["vary"] = key;
      j["joker"] = joker_id(jk);
      j["lift_stderr"] = "independent runs: sqrt(se_a^2 + se_b^2)";
      j["values"] = nlohmann::ordered_json::array();
      for (const auto& p : points) {
        const Estimate l = minus(p.with.win, p.base.win);
        nlohmann::ordered_json row = {{"value", p.value}, {"p_win", p.with.win.mean}, {"win_lift", l.mean},
                                      {"win_lift_stderr", l.se},
                                      {"solo_ev_lift_exact", std::isnan(p.solo_lift) ? nlohmann::ordered_json()
                                                                                     : nlohmann::ordered_json(p.solo_lift)}};
        if (p.has_solver) {
          const Estimate sl = minus(p.solver_with.win, p.solver_base.win);
          row["solver_win_lift"] = sl.mean;
          row["solver_win_lift_stderr"] = sl.se;
        }
        j["values"].push_back(row);
      }
      text = cli::json_text(j);
    } else if (format == "csv") {
      text = "value,win_lift,win_lift_se,solver_win_lift,solver_win_lift_se,solo_ev_lift\n";
      for (const auto& p : points) {
        const Estimate l = minus(p.with.win, p.base.win), sl = minus(p.solver_with.win, p.solver_base.win);
        text += std::to_string(p.value) + "," + fmt("%.6f", l.mean) + "," + fmt("%.6f", l.se) + "," +
                (p.has_solver ? fmt("%.6f", sl.mean) + "," + fmt("%.6f", sl.se) : std::string(",")) + "," +
                (std::isnan(p.solo_lift) ? std::string() : fmt("%.6f", p.solo_lift)) + "\n";
      }
    } else {
      std::ostringstream o;
      o << "verflixt " << kVersion << "  rules " << rules_summary(rules) << "  seed " << seed << "\n"
        << players << " players, " << evenings << " evenings per run; tested player " << policy->name()
        << " with " << joker_id(jk) << " (+ base " << (base.empty() ? std::string("none") : vm["base"].as<std::string>())
        << ") against the same without it; field " << field.label << "\n"
        << "lift = P(win) with − without the joker, ± one SE (runs counted as independent); solver: the tested "
           "player plays the exact solo solver's policy for each loadout\n\n"
        << key << std::string(key.size() < 20 ? 20 - key.size() : 1, ' ') << "win lift           solver lift        solo EV lift\n";
      for (const auto& p : points) {
        const std::string v = std::to_string(p.value);
        o << v << std::string(20 - std::min<size_t>(19, v.size()), ' ') << pm(minus(p.with.win, p.base.win)) << "  "
          << (p.has_solver ? pm(minus(p.solver_with.win, p.solver_base.win)) : std::string("—") + std::string(16, ' '))
          << "  " << (std::isnan(p.solo_lift) ? std::string("—") : fmt("%+.3f", p.solo_lift)) << "\n";
      }
      text = o.str();
    }
    return cli::finish(vm, format, vdone, text);
  }

  // The unit of work is a variant (the base, each joker, the preset for the comparison): after
  // Ctrl-C the variant under way is dropped, not printed with fewer evenings, and no new one
  // starts. Only an interrupted base run is kept (with the evenings it played, marked), as
  // without it there is nothing to show.
  std::vector<Variant> variants;
  const ListSelector base_sel(base);
  const ObjectiveRun base_run = table_run(rules, &base_sel, "base");
  const bool has_base = base_run.evenings > 0;
  const ObjectiveRow base_row = base_run.by_group[0];
  std::uint64_t variants_done = base_run.interrupted ? 0 : 1;
  // The solver family's base: the solver's policy for the base loadout.
  bool has_solver_base = false;
  ObjectiveRow solver_base_row;
  if (solver_family && !cli::interrupt_flag().load()) {
    const auto sol = base.empty() ? none_solution : solve(set_of(base));
    if (sol) {
      const auto pol = table_policy(rules, *sol);
      const ObjectiveRun run = table_run(rules, &base_sel, "base", pol.get());
      has_solver_base = !run.interrupted;
      solver_base_row = run.by_group[0];
    }
  }
  for (Joker j : tested) {
    if (cli::interrupt_flag().load()) break;
    std::vector<Joker> list = {j};
    for (Joker b : base)
      if (b != j) list.push_back(b);
    const ListSelector sel(list);
    const ObjectiveRun run = table_run(rules, &sel, std::string(joker_id(j)));
    if (run.interrupted) break;
    ++variants_done;
    const auto alone = solve(JokerSet{}.with(j));
    Variant v{std::string(joker_id(j)), run.by_group[0], alone ? alone->ev - solo_none : std::nan(""), false, {}};
    if (has_solver_base) {
      const auto sol = base.empty() ? alone : solve(set_of(list));
      if (sol) {
        const auto pol = table_policy(rules, *sol);
        const ObjectiveRun srun = table_run(rules, &sel, std::string(joker_id(j)), pol.get());
        if (srun.interrupted) break;
        v.has_solver = true;
        v.solver_row = srun.by_group[0];
      }
    }
    variants.push_back(std::move(v));
  }
  // Strongest / weakest: a joker whose P(win) beats (trails) every other tested joker's by
  // more than 2 SE under both families (the base cancels in a difference of two lifts).
  auto beats = [](const ObjectiveRow& a, const ObjectiveRow& b) {
    const Estimate d = minus(a.win, b.win);
    return d.mean > 2 * d.se;
  };
  auto verdict = [&](bool strongest) -> std::string {
    if (variants.size() < 2 || !has_solver_base) return "";
    for (size_t a = 0; a < variants.size(); ++a) {
      bool all = variants[a].has_solver;
      for (size_t b = 0; all && b < variants.size(); ++b) {
        if (a == b) continue;
        const Variant& x = strongest ? variants[a] : variants[b];
        const Variant& y = strongest ? variants[b] : variants[a];
        all = y.has_solver && beats(x.row, y.row) && beats(x.solver_row, y.solver_row);
      }
      if (all) return variants[a].label;
    }
    return "";
  };
  // The largest (smallest) lift under one family, whether or not it is separated.
  auto family_top = [&](bool solver, bool strongest) -> std::string {
    const Variant* best = nullptr;
    for (const auto& v : variants) {
      if (solver && !v.has_solver) continue;
      const double x = (solver ? v.solver_row : v.row).win.mean;
      if (!best || (strongest ? x > (solver ? best->solver_row : best->row).win.mean
                              : x < (solver ? best->solver_row : best->row).win.mean))
        best = &v;
    }
    return best ? best->label : "";
  };
  const std::string strongest = verdict(true), weakest = verdict(false);
  // The ruleset comparison: the tested seat holds the jokers the change touches (selected
  // first, then the base), so a changed joker is in play; a changed joker the rules lack is
  // held by nobody, and the comparison says so.
  ObjectiveRun ref_run, new_run;
  bool compared = false;
  std::vector<Joker> changed, held_changed;
  std::vector<std::string> compare_warnings;
  if (compare) {
    changed = changed_jokers(reference, rules);
    for (Joker j : changed) {
      if (rules.jokers.has(j) && reference.jokers.has(j)) held_changed.push_back(j);
      else compare_warnings.push_back(std::string(joker_id(j)) + " is changed but not available under both rulesets: nobody holds it");
    }
    if (!changed.empty() && held_changed.empty())
      compare_warnings.push_back("no changed joker is held: the comparison shows only the rest of the change");
  }
  std::vector<Joker> compare_list = held_changed;
  for (Joker b : base)
    if (std::find(compare_list.begin(), compare_list.end(), b) == compare_list.end()) compare_list.push_back(b);
  const ListSelector compare_sel(compare_list);
  if (compare && !cli::interrupt_flag().load()) {
    ref_run = table_run(reference, &compare_sel, "base");
    compared = !ref_run.interrupted;
    if (compared && !held_changed.empty()) {
      new_run = table_run(rules, &compare_sel, "base");
      compared = !new_run.interrupted;
    } else {
      new_run = base_run;
    }
    variants_done += compared ? 1 : 0;
  }
  std::string compare_loadout;
  for (Joker j : compare_list) compare_loadout += (compare_loadout.empty() ? "" : ",") + std::string(joker_id(j));
  if (compare_loadout.empty()) compare_loadout = "none";
  const cli::Completion done = cli::completion(variants_done, 1 + tested.size() + (compare ? 1 : 0), "variants");

  std::string text;
  const std::string base_name = base.empty() ? "none" : vm["base"].as<std::string>();
  if (format == "json") {
    nlohmann::ordered_json j;
    j["version"] = kVersion;
    j["seed"] = seed;
    j["engine"] = engine_name(engine);
    j["rules_summary"] = rules_summary(rules);
    j["players"] = players;
    j["policy"] = policy->name();
    j["base"] = base_name;
    j["field"] = field.label;
    j["evenings_per_variant"] = base_run.evenings;
    if (base_run.interrupted) j["baseline_interrupted"] = true;  // the base itself was cut short
    cli::mark_json(j, done);
    j["lift_stderr"] = "independent runs: sqrt(se_a^2 + se_b^2)";
    j["policy_families"] = {policy->name(), "solver: the exact solo solver's policy for the loadout"};
    if (has_solver_base)
      j["solver_baseline"] = {{"p_win", solver_base_row.win.mean}, {"p_win_stderr", solver_base_row.win.se}};
    auto name_or_null = [](const std::string& x) { return x.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(x); };
    j["verdict"] = {{"rule", "a joker is strongest (weakest) when its P(win) beats (trails) every other tested joker's by "
                             "more than 2 SE under both families"},
                    {"strongest", name_or_null(strongest)}, {"weakest", name_or_null(weakest)},
                    {"largest_lift", {{"policy", name_or_null(family_top(false, true))},
                                      {"solver", name_or_null(family_top(true, true))}}},
                    {"smallest_lift", {{"policy", name_or_null(family_top(false, false))},
                                       {"solver", name_or_null(family_top(true, false))}}}};
    j["baseline"] = {{"p_win", base_row.win.mean}, {"p_win_stderr", base_row.win.se},
                     {"p_loser", base_row.loser.mean}, {"p_loser_stderr", base_row.loser.se}};
    if (!has_base) j.erase("baseline");
    j["jokers"] = nlohmann::ordered_json::array();
    for (const auto& v : variants) {
      const Estimate dw = minus(v.row.win, base_row.win), dl = minus(v.row.loser, base_row.loser);
      j["jokers"].push_back({{"joker", v.label}, {"p_win", v.row.win.mean}, {"p_win_stderr", v.row.win.se},
                             {"win_lift", dw.mean}, {"win_lift_stderr", dw.se}, {"p_loser", v.row.loser.mean},
                             {"loser_change", dl.mean}, {"loser_change_stderr", dl.se},
                             {"eyes", v.row.eyes.mean}, {"eyes_stderr", v.row.eyes.se},
                             {"solo_ev_lift_exact", std::isnan(v.solo_lift) ? nlohmann::ordered_json() : nlohmann::ordered_json(v.solo_lift)}});
      if (v.has_solver) {
        const Estimate sw = minus(v.solver_row.win, solver_base_row.win);
        auto& row = j["jokers"].back();
        row["solver_p_win"] = v.solver_row.win.mean;
        row["solver_p_win_stderr"] = v.solver_row.win.se;
        row["solver_win_lift"] = sw.mean;
        row["solver_win_lift_stderr"] = sw.se;
      }
    }
    if (compared) {
      auto side = [&](const ObjectiveRow& a, const ObjectiveRow& b) {
        return nlohmann::ordered_json{{"label", a.label},
                                      {"preset_p_win", a.win.mean}, {"preset_p_win_stderr", a.win.se},
                                      {"rules_p_win", b.win.mean}, {"rules_p_win_stderr", b.win.se},
                                      {"preset_p_loser", a.loser.mean}, {"rules_p_loser", b.loser.mean},
                                      {"preset_eyes", a.eyes.mean}, {"preset_eyes_stderr", a.eyes.se},
                                      {"rules_eyes", b.eyes.mean}, {"rules_eyes_stderr", b.eyes.se}};
      };
      auto diff = [&](const ObjectiveRow& a, const ObjectiveRow& b) {
        const Estimate w = minus(a.win, b.win), l = minus(a.loser, b.loser), e = minus(a.eyes, b.eyes);
        return nlohmann::ordered_json{{"label", a.label}, {"p_win", w.mean}, {"p_win_stderr", w.se},
                                      {"p_loser", l.mean}, {"p_loser_stderr", l.se},
                                      {"eyes", e.mean}, {"eyes_stderr", e.se}};
      };
      nlohmann::ordered_json changed_ids = nlohmann::ordered_json::array();
      for (Joker c : changed) changed_ids.push_back(joker_id(c));
      j["ruleset_comparison"] = {{"preset", reference.preset}, {"rules", rules_summary(rules)},
                                 {"changed_jokers", changed_ids}, {"tested_jokers", compare_loadout},
                                 {"groups", {side(ref_run.by_group[0], new_run.by_group[0]),
                                             side(ref_run.by_group[1], new_run.by_group[1])}},
                                 {"preset_minus_rules", {diff(ref_run.by_group[0], new_run.by_group[0]),
                                                         diff(ref_run.by_group[1], new_run.by_group[1])}},
                                 {"warnings", compare_warnings}};
    }
    text = cli::json_text(j);
  } else if (format == "csv") {
    text = "joker,p_win,p_win_se,win_lift,win_lift_se,p_loser,p_loser_se,loser_change,loser_change_se,eyes,eyes_se,"
           "solo_ev_lift,solver_p_win,solver_win_lift,solver_win_lift_se\n";
    auto line = [&](const std::string& label, const ObjectiveRow& r, double solo, const Variant* v) {
      const Estimate dw = minus(r.win, base_row.win), dl = minus(r.loser, base_row.loser);
      return label + "," + fmt("%.6f", r.win.mean) + "," + fmt("%.6f", r.win.se) + "," + fmt("%.6f", dw.mean) + "," +
             fmt("%.6f", dw.se) + "," + fmt("%.6f", r.loser.mean) + "," + fmt("%.6f", r.loser.se) + "," +
             fmt("%.6f", dl.mean) + "," + fmt("%.6f", dl.se) + "," + fmt("%.4f", r.eyes.mean) + "," +
             fmt("%.4f", r.eyes.se) + "," + (std::isnan(solo) ? std::string() : fmt("%.6f", solo)) + "," +
             (!v && has_solver_base ? fmt("%.6f", solver_base_row.win.mean) + ",," :
              v && v->has_solver ? fmt("%.6f", v->solver_row.win.mean) + "," +
                                       fmt("%.6f", minus(v->solver_row.win, solver_base_row.win).mean) + "," +
                                       fmt("%.6f", minus(v->solver_row.win, solver_base_row.win).se)
                                 : std::string(",,")) + "\n";
    };
    if (has_base) text += line("base", base_row, 0.0, nullptr);
    for (const auto& v : variants) text += line(v.label, v.row, v.solo_lift, &v);
  } else {
    std::ostringstream o;
    o << "verflixt " << kVersion << "  rules " << rules_summary(rules) << "  seed " << seed << "  engine " << engine_name(engine) << "\n"
      << players << " players, " << base_run.evenings << " evenings per variant"
      << (base_run.interrupted ? " (the base run was interrupted; no joker variant was run)" : "") << "; tested player " << policy->name()
      << " with base jokers " << base_name << " (+ the joker, selected first); field " << field.label << "\n"
      << "lift = variant − base; ± one SE, the runs counted as independent (conservative)\n\n"
      << "solo EV lift: exact optimal solo EV with the joker alone minus without jokers (solver, §5)\n\n"
      << "solver lift: the P(win) lift with the tested player playing the exact solo solver's policy for the "
         "loadout (a second policy family)\n\n"
      << "joker          P(win)           win lift           P(loser)         loser change       E[eyes]  solo EV lift  "
         "solver lift\n";
    auto line = [&](const std::string& label, const ObjectiveRow& r, bool is_base, double solo, const Variant* v) {
      const Estimate dw = minus(r.win, base_row.win), dl = minus(r.loser, base_row.loser);
      o << label << std::string(15 - std::min<size_t>(14, label.size()), ' ') << pm(r.win, "%.4f") << "  "
        << (is_base ? std::string(17, ' ') : pm(dw)) << "  " << pm(r.loser, "%.4f") << "  "
        << (is_base ? std::string(17, ' ') : pm(dl)) << "  " << fmt("%7.2f", r.eyes.mean) << "  "
        << (is_base ? std::string(12, ' ') : std::isnan(solo) ? std::string("—") + std::string(11, ' ')
                                                               : fmt("%+.3f", solo) + std::string(6, ' '))
        << (is_base ? (has_solver_base ? "(" + pm(solver_base_row.win, "%.4f") + ")" : std::string())
                    : v && v->has_solver ? pm(minus(v->solver_row.win, solver_base_row.win)) : std::string("—"))
        << "\n";
    };
    if (has_base) line("base", base_row, true, 0.0, nullptr);
    for (const auto& v : variants) line(v.label, v.row, false, v.solo_lift, &v);
    if (variants.size() >= 2 && has_solver_base) {
      o << "\nlargest lift: " << family_top(false, true) << " (" << policy->name() << "), " << family_top(true, true)
        << " (solver); smallest: " << family_top(false, false) << " (" << policy->name() << "), "
        << family_top(true, false) << " (solver)\n"
        << "strongest (beats every other joker by > 2 SE under both families): "
        << (strongest.empty() ? std::string("none — the families or the errors do not agree") : strongest) << "\n"
        << "weakest (trails every other joker by > 2 SE under both families): "
        << (weakest.empty() ? std::string("none — the families or the errors do not agree") : weakest) << "\n";
    }
    if (compared) {
      o << "\nruleset comparison (tested player with jokers " << compare_loadout
        << ", the changed jokers selected first, and the field):\n"
        << "  preset " << reference.preset << "  vs  rules " << rules_summary(rules) << "\n";
      for (const auto& w : compare_warnings) o << "  warning: " << w << "\n";
      o
        << "group     P(win) preset      P(win) rules       P(loser) preset    P(loser) rules     E[eyes] preset     E[eyes] rules\n";
      for (size_t g = 0; g < 2; ++g) {
        const ObjectiveRow& a = ref_run.by_group[g];
        const ObjectiveRow& b = new_run.by_group[g];
        const std::string l = g == 0 ? "tested" : "field";
        o << l << std::string(10 - l.size(), ' ') << pm(a.win, "%.4f") << "  " << pm(b.win, "%.4f") << "  "
          << pm(a.loser, "%.4f") << "  " << pm(b.loser, "%.4f") << "  " << pm(a.eyes, "%.3f") << "  "
          << pm(b.eyes, "%.3f") << "\n";
      }
      o << "preset − rules (± one SE, the runs counted as independent)\n";
      for (size_t g = 0; g < 2; ++g) {
        const ObjectiveRow& a = ref_run.by_group[g];
        const ObjectiveRow& b = new_run.by_group[g];
        const std::string l = g == 0 ? "tested" : "field";
        o << l << std::string(10 - l.size(), ' ') << "P(win) " << pm(minus(a.win, b.win)) << "  P(loser) "
          << pm(minus(a.loser, b.loser)) << "  E[eyes] " << pm(minus(a.eyes, b.eyes), "%+.3f") << "\n";
      }
    }
    text = o.str();
  }
  return cli::finish(vm, format, done, text);
}

}  // namespace verflixt
