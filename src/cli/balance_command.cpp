// `verflixt balance`: for rule designers. The measuring is balance.h (the game layer); this file
// holds the options and the printing. (1) Each joker's lift: the evening P(win) and P(loser) of
// one player whose loadout gains that joker, against the same player without it, at a table of
// a fixed field, under every policy family (the --policy file, the exact solo solver's policy
// for the loadout, the strong table policy), next to its exact solo EV lift; a joker is called strongest or weakest only
// where every family agrees beyond 2 paired SE. (2) When the rules differ from their preset
// (--set, --rules): the same table under both rulesets, the tested seat holding the jokers the
// change touches, as rules − preset differences ± paired SE (what the change did). (3) --vary sweeps one joker
// parameter; (4) --auto finds the values that balance a joker (balance.h, auto_balance).

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli.h"
#include "cli/command.h"
#include "cli/balance_verdict.h"
#include "cli/seat_spec.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"
#include "verflixt/core/stats.h"
#include "verflixt/games/verflixte6/analyses/balance.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/exact/strong_policy.h"
#include "verflixt/version.h"

namespace verflixt {
namespace {

using cli::fmt;
using json = nlohmann::ordered_json;
using namespace balance_text;

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// A lift column wide enough for its family's name.
size_t column(const PolicyFamily& f) { return std::max<size_t>(19, f.name.size() + 7); }

std::string joker_list(const std::vector<Joker>& list) {
  std::string s;
  for (Joker j : list) s += (s.empty() ? "" : ",") + std::string(joker_id(j));
  return s.empty() ? "none" : s;
}

// A difference in JSON: the paired SE and, for comparison, the independent one.
void put(json& row, const std::string& key, const Difference& d) {
  row[key] = d.paired.mean;
  row[key + "_stderr"] = d.paired.se;
  row[key + "_stderr_independent"] = d.independent_se;
}

const char* kPairing =
    "paired per series of evenings (both runs play series s from chunk_rng(seed, s)); *_stderr_independent treats "
    "the runs as independent, sqrt(se_a^2 + se_b^2)";

const char* kAutoRule =
    "a value balances the joker when its P(win) lift (its exact solo EV lift) lies within the spread of the other "
    "tested jokers' lifts under the same family, between the smallest and the largest; the confidence set holds every "
    "value whose lift is not above the largest nor below the smallest by more than 2 paired SE";

}  // namespace

int balance_command(int argc, const char* const* argv) {
  namespace po = cli::po;
  po::options_description desc("balance options");
  desc.add_options()
      ("players", cli::int_value(4, 2, 12), "table size (2..12)")
      ("policy", po::value<std::string>()->default_value("strategies/heuristic.ini"),
       "the first policy family: the tested player plays this file for every loadout (it needs windows for the "
       "jokers, as heuristic files have)")
      ("base", po::value<std::string>()->default_value("none"), "his joker list without the tested joker")
      ("field", po::value<std::string>()->default_value("strategies/heuristic.ini"),
       "every other seat: POLICY[@JOKERS] (a policy file's own loadout without @)")
      ("jokers", po::value<std::string>()->default_value("all"),
       "jokers to test (all = every joker of the rules); with --auto, the others to balance against")
      ("evenings", cli::count_value(20000, 1, std::uint64_t{1} << 40), "evenings per run")
      ("final", po::bool_switch(), "play final evenings")
      ("vary", po::value<std::string>(),
       "KEY=A..B: sweep one integer parameter of a joker (e.g. runkelrueb.face=1..6); for each value the joker's "
       "P(win) lift under every policy family and its exact solo EV lift, instead of the joker table")
      ("auto", po::value<std::string>(),
       "KEY=A..B: auto-balance one integer parameter of a joker (e.g. runkelrueb.face=1..7): the values whose P(win) "
       "lift, under each family, lies between the smallest and the largest lift of the other tested jokers, and the "
       "confidence set (every value not beyond that spread by more than 2 paired SE), found by bisection (the lift "
       "is assumed monotone in the parameter; checked, and every value evaluated where it is not); also the exact "
       "solo EV version against the other jokers' solo EV lifts")
      ("until-verdict", cli::count_value(0, 1, std::uint64_t{1} << 40),
       "N (0: off): play the joker table in paired blocks of --evenings evenings (each on its own dice) until the strongest "
       "family names a strongest and a weakest joker, or N evenings per run are spent; a verdict then needs more "
       "than z paired SE, z such that the chance of any verdict among equal jokers is at most 5% over every look "
       "(Bonferroni)")
      ("no-solver-family", po::bool_switch(),
       "skip the second policy family (the tested seat playing the exact solo solver's policy for each loadout)")
      ("strong", po::value<std::string>()->default_value("strategies/strong.ini"),
       "the third policy family: the strong table policy for each loadout with this file's parameters (kind = "
       "strong; played by the reference engine, so it costs the most), or none to skip it");
  add_engine_option(desc);
  cli::add_sampling_options(desc);
  cli::add_rules_options(desc);
  cli::add_output_options(desc, kFormats);
  po::variables_map vm;
  if (!cli::parse(argc, argv, desc,
                  "usage: verflixt balance [--players N] [--policy P] [--base LIST] [--field SEAT]\n"
                  "                        [--jokers LIST|all] [--evenings M] [--set key=value ...]\n"
                  "                        [--vary KEY=A..B | --auto KEY=A..B]\n"
                  "Each joker's evening P(win) / P(loser) lift for one player (seat 1, the seats rotate\n"
                  "every evening) against a fixed field, under every policy family, with paired standard\n"
                  "errors (the runs play the same dice per series of evenings); and, when --set or --rules\n"
                  "change the preset, the table under the preset and under the changed rules side by side.\n"
                  "--auto KEY=A..B: a value balances the joker when its lift lies between the smallest and\n"
                  "the largest lift of the other tested jokers (same family); its confidence set is every\n"
                  "value not beyond that spread by more than 2 paired SE; the exact version compares exact\n"
                  "solo EV lifts.",
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
  if (vm.count("vary") && vm.count("auto")) throw InputError("--vary and --auto exclude each other; give one");
  const bool until_verdict = !vm["until-verdict"].defaulted();
  if (until_verdict && (vm.count("vary") || vm.count("auto")))
    throw InputError("--until-verdict plays the joker table; it does not go with --vary or --auto");
  const std::vector<Joker> base = parse_joker_priority(vm["base"].as<std::string>(), rules, "--base");
  std::vector<Joker> tested;
  if (vm["jokers"].as<std::string>() == "all") {
    for (int j = 0; j < JOKER_NB; ++j)
      if (rules.jokers.has(static_cast<Joker>(j))) tested.push_back(static_cast<Joker>(j));
  } else {
    tested = parse_joker_priority(vm["jokers"].as<std::string>(), rules, "--jokers");
  }
  std::shared_ptr<const Policy> policy = make_policy(vm["policy"].as<std::string>(), rules);
  const Rules reference = preset(rules.preset);
  const bool compare = !(rules == reference);
  const SeatPlayer field = make_seat_player(vm["field"].as<std::string>(), rules);
  BalanceTable table;
  table.players = players;
  table.field_policy = field.policy.get();
  table.field_selector = field.selector.get();
  table.field_jokers = field.jokers;
  table.final = vm["final"].as<bool>();
  // One series length for both rulesets, so their comparison plays the same evenings.
  table.series_length = default_series_length(rules);
  // Checked against the --policy file and the field here; each family's run then resolves
  // auto on its own (the strong family needs the reference engine, the others take the kernel).
  table.engine = engine_from(vm, {policy.get(), field.policy.get()});
  if (choose_name(vm["engine"].as<std::string>(), {"auto", "kernel", "reference"}, "--engine") == 0)
    table.engine = PassEngine::Auto;
  // The policy families, in column order: a third family is one more line here.
  std::vector<PolicyFamily> families = {fixed_policy_family(policy)};
  if (!vm["no-solver-family"].as<bool>()) families.push_back(solver_family());
  if (const std::string strong = vm["strong"].as<std::string>(); strong != "none") {
    if (table.engine == PassEngine::Kernel)
      throw InputError("--engine kernel: the pass kernel cannot play the strong family (its choices read the table); "
                       "valid: --engine auto or reference, or --strong none");
    const std::string path = resolve_policy_path(strong);
    std::string text;
    try {
      text = read_text_file(path, "--strong");
    } catch (const InputError& e) {
      throw InputError(std::string(e.what()) + "; valid: a strong policy file (strategies/strong.ini) or none");
    }
    std::istringstream in(text);
    families.push_back(strong_family(read_strong(in, path)));
  }
  const ParamSweep sweep = vm.count("vary")   ? parse_param_sweep(vm["vary"].as<std::string>(), rules, "--vary")
                           : vm.count("auto") ? parse_param_sweep(vm["auto"].as<std::string>(), rules, "--auto")
                                              : ParamSweep{};
  if (vm.count("auto")) {
    std::erase(tested, sweep.joker);
    if (tested.empty()) throw InputError("--auto: --jokers names no joker but " + sweep.key.substr(0, sweep.key.find('.')) + " to balance against");
  }

  cli::install_interrupt_handler();
  RunHooks hooks;
  hooks.begin = [](const std::string& label) { return cli::progress_control(label); };
  hooks.end = [] { cli::progress_done(); };
  hooks.stopped = [] { return cli::interrupt_flag().load(); };
  const BalanceRun run{evenings, seed, threads};
  const std::string base_name = base.empty() ? "none" : vm["base"].as<std::string>();
  auto header = [&](json& j) {
    j["version"] = kVersion;
    j["seed"] = seed;
    j["engine"] = engine_name(table.engine);
    j["rules_summary"] = rules_summary(rules);
    j["players"] = players;
    j["policy"] = policy->name();
    j["base"] = base_name;
    j["field"] = field.label;
    j["series_length"] = table.series_length;
    json names = json::array();
    for (const auto& f : families) names.push_back(f.name);
    j["policy_families"] = names;
  };
  // --vary and --auto: the header, then what ran and which rule key of which joker was swept.
  auto sweep_header = [&](json& j, const cli::Completion& done, const char* mode, const std::string& key, Joker joker) {
    header(j);
    j["evenings_per_run"] = evenings;
    cli::mark_json(j, done);
    j[mode] = key;
    j["joker"] = joker_id(joker);
  };
  auto intro = [&](std::ostringstream& o) {
    o << "verflixt " << kVersion << "  rules " << rules_summary(rules) << "  seed " << seed << "  engine "
      << engine_name(table.engine) << "\n"
      << players << " players, " << evenings << " evenings per run (series of " << table.series_length
      << "); tested player with base jokers " << base_name << "; field " << field.label << "\npolicy families:";
    for (const auto& f : families)
      o << (&f == &families.front() ? " " : "; ") << f.name
        << (&f == &families.front() ? " (the --policy file " + policy->name() + ")"
            : f.name == "solver" ? " (the exact solo solver's policy for the loadout)" : "");
    o << "\n"
      << "± one SE; differences paired per series of evenings (the runs play the same dice)\n";
  };

  if (vm.count("vary")) {
    // --vary KEY=A..B: the joker's lift per value under every family. The base is played once
    // when nobody else holds the joker (measure_sweep_point reuses it).
    std::vector<std::optional<TableRun>> shared;
    bool interrupted = false;
    std::vector<SweepPoint> points;
    for (int v = sweep.lo; v <= sweep.hi && !interrupted; ++v) {
      SweepPoint p = measure_sweep_point(sweep, v, table, families, base, shared, run, hooks, interrupted);
      if (interrupted) break;
      if (shared.empty()) shared = p.base;
      points.push_back(std::move(p));
    }
    const cli::Completion done = cli::completion(points.size(), sweep.rules.size(), "values");
    auto lift = [&](const SweepPoint& p, size_t f) -> std::optional<Difference> {
      if (f >= p.with.size() || !p.with[f] || !p.base[f]) return std::nullopt;
      return difference(*p.with[f], *p.base[f], Group::tested, Measure::win);
    };
    std::string text;
    if (format == "json") {
      json j;
      sweep_header(j, done, "vary", sweep.key, sweep.joker);
      j["lift_stderr"] = kPairing;
      j["values"] = json::array();
      for (const auto& p : points) {
        json row = {{"value", p.value}};
        if (p.with[0]) row["p_win"] = p.with[0]->estimate(Group::tested, Measure::win).mean;
        if (const auto d = lift(p, 0)) put(row, "win_lift", *d);
        row["solo_ev_lift_exact"] = number_or_null(p.solo_lift);
        row["by_family"] = json::array();
        for (size_t f = 0; f < families.size(); ++f) {
          json fr = {{"family", families[f].name}};
          if (const auto d = lift(p, f)) put(fr, "win_lift", *d);
          row["by_family"].push_back(fr);
        }
        j["values"].push_back(row);
      }
      text = cli::json_text(j);
    } else if (format == "csv") {
      text = "value,family,win_lift,win_lift_se,win_lift_se_independent,solo_ev_lift\n";
      for (const auto& p : points)
        for (size_t f = 0; f < families.size(); ++f) {
          const auto d = lift(p, f);
          text += std::to_string(p.value) + "," + families[f].name + "," +
                  (d ? fmt("%.6f", d->paired.mean) + "," + fmt("%.6f", d->paired.se) + "," + fmt("%.6f", d->independent_se)
                     : std::string(",,")) +
                  "," + (std::isnan(p.solo_lift) ? std::string() : fmt("%.6f", p.solo_lift)) + "\n";
        }
    } else {
      std::ostringstream o;
      intro(o);
      o << "lift = P(win) of the tested player with " << joker_id(sweep.joker) << " (selected first) − without it\n\n"
        << pad(sweep.key, 20);
      for (const auto& f : families) o << pad(f.name + " lift", column(f));
      o << "solo EV lift\n";
      for (const auto& p : points) {
        o << pad(std::to_string(p.value), 20);
        for (size_t f = 0; f < families.size(); ++f) {
          const auto d = lift(p, f);
          o << pad(d ? pm(d->paired) : "—", column(families[f]) + (d ? 1 : 2));  // ± and — are 2 and 3 bytes
        }
        o << (std::isnan(p.solo_lift) ? std::string("—") : fmt("%+.3f", p.solo_lift)) << "\n";
      }
      text = o.str();
    }
    return cli::finish(vm, format, done, text);
  }

  if (vm.count("auto")) {
    const AutoBalance ab = auto_balance(rules, sweep, table, families, base, tested, run, hooks);
    std::optional<int> current;  // the value the rules have now, when it is in the range
    for (int v = sweep.lo; v <= sweep.hi; ++v)
      if (sweep.rules[static_cast<size_t>(v - sweep.lo)] == rules) current = v;
    const auto searched = static_cast<std::uint64_t>(
        std::count_if(ab.results.begin(), ab.results.end(), [](const AutoResult& r) { return r.complete; }));
    const cli::Completion done = cli::completion(searched, families.size() + 1, "searches", ab.interrupted);
    auto values = [](const std::vector<int>& v) {
      json a = json::array();
      for (int x : v) a.push_back(x);
      return a;
    };
    auto range_text = [](const std::vector<int>& v) -> std::string {
      if (v.empty()) return "none";
      bool contiguous = v.back() - v.front() + 1 == static_cast<int>(v.size());
      if (contiguous) return v.size() == 1 ? std::to_string(v.front()) : std::to_string(v.front()) + ".." + std::to_string(v.back());
      std::string s;
      for (int x : v) s += (s.empty() ? "" : ",") + std::to_string(x);
      return s;
    };
    std::string text;
    if (format == "json") {
      json j;
      sweep_header(j, done, "auto", sweep.key, sweep.joker);
      j["current_value"] = current ? json(*current) : json();
      j["rule"] = kAutoRule;
      j["lift_stderr"] = kPairing;
      j["others"] = joker_list(tested);
      j["searches"] = json::array();
      for (const auto& r : ab.results) {
        json s = {{"family", r.family}, {"exact", r.exact},
                  {"high", {{"joker", r.high_joker}, {"lift", r.high.mean}, {"lift_stderr", r.high.se}}},
                  {"low", {{"joker", r.low_joker}, {"lift", r.low.mean}, {"lift_stderr", r.low.se}}},
                  {"unused_others", r.unused}, {"balanced", values(r.balanced)}, {"confidence", values(r.confidence)},
                  {"monotone", r.monotone}, {"complete", r.complete}, {"note", name_or_null(r.note)}};
        s["points"] = json::array();
        for (const auto& p : r.points)
          s["points"].push_back({{"value", p.value}, {"lift", p.lift.mean}, {"lift_stderr", p.lift.se},
                                 {"minus_high", p.vs_high.mean}, {"minus_high_stderr", p.vs_high.se},
                                 {"minus_low", p.vs_low.mean}, {"minus_low_stderr", p.vs_low.se},
                                 {"unused", p.unused}});
        j["searches"].push_back(s);
      }
      text = cli::json_text(j);
    } else if (format == "csv") {
      text = "family,value,lift,lift_se,minus_high,minus_high_se,minus_low,minus_low_se,balanced,in_confidence\n";
      for (const auto& r : ab.results)
        for (const auto& p : r.points) {
          auto in = [&](const std::vector<int>& v) { return std::find(v.begin(), v.end(), p.value) != v.end() ? "1" : "0"; };
          text += r.family + "," + std::to_string(p.value) + "," + fmt("%.6f", p.lift.mean) + "," + fmt("%.6f", p.lift.se) +
                  "," + fmt("%.6f", p.vs_high.mean) + "," + fmt("%.6f", p.vs_high.se) + "," + fmt("%.6f", p.vs_low.mean) +
                  "," + fmt("%.6f", p.vs_low.se) + "," + in(r.balanced) + "," + in(r.confidence) + "\n";
        }
    } else {
      std::ostringstream o;
      intro(o);
      o << "auto-balance " << sweep.key << " in " << sweep.lo << ".." << sweep.hi << " against " << joker_list(tested)
        << "\nrule: " << kAutoRule << "\n";
      for (const auto& r : ab.results) {
        const char* f = r.exact ? "%+.3f" : "%+.4f";
        o << "\n" << r.family << ": spread " << (r.exact ? fmt(f, r.low.mean) : pm(r.low)) << " (" << r.low_joker
          << ") .. " << (r.exact ? fmt(f, r.high.mean) : pm(r.high)) << " (" << r.high_joker << ")"
          << (r.unused.empty() ? "" : "; left out, never played: " + join(r.unused, ", ")) << "\n";
        o << "  value   lift               − largest other\n";
        for (const auto& p : r.points)
          o << "  " << pad(std::to_string(p.value), 6) << pad(r.exact ? fmt(f, p.lift.mean) + " (exact)" : pm(p.lift), 19)
            << (r.exact ? fmt(f, p.vs_high.mean) : pm(p.vs_high)) << (p.unused ? "   unused: never balanced" : "") << "\n";
        o << "  balanced: " << range_text(r.balanced);
        if (current && !r.balanced.empty()) {
          int near = r.balanced.front();
          for (int v : r.balanced)
            if (std::abs(v - *current) < std::abs(near - *current)) near = v;
          o << " (nearest the current " << *current << ": " << near << ")";
        }
        if (!r.exact) o << "   confidence (2 SE): " << range_text(r.confidence);
        o << (r.monotone ? "" : "   (not monotone)") << "\n";
        if (!r.note.empty()) o << "  note: " << r.note << "\n";
      }
      text = o.str();
    }
    return cli::finish(vm, format, done, text);
  }

  std::optional<SequentialRun> sequential;
  if (until_verdict)
    sequential = measure_until_verdict(rules, table, families, base, tested, run,
                                       vm["until-verdict"].as<std::uint64_t>(), hooks);
  const JokerTable t = sequential ? sequential->table : measure_jokers(rules, table, families, base, tested, run, hooks);
  const FamilyRows& first = t.families[0];
  const bool has_base = first.base.has_value() && first.base->evenings > 0;
  // The ruleset comparison: the tested seat holds the jokers the change touches (selected
  // first, then the base), so a changed joker is in play; a changed joker the rules lack is
  // held by nobody, and the comparison says so. Played by the first family.
  std::optional<TableRun> ref_run, new_run;
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
  bool compared = false;
  if (compare && !t.interrupted && !cli::interrupt_flag().load()) {
    auto play = [&](const Rules& r) -> std::optional<TableRun> {
      const FamilyPlayer p = families[0].play(r, compare_list);
      const RunControl control = cli::progress_control("balance ruleset comparison");
      TableRun x = play_balance_table(r, table, p, evenings, seed, threads, control);
      cli::progress_done();
      if (x.interrupted) return std::nullopt;
      return x;
    };
    ref_run = play(reference);
    // Without a held changed joker, the tested seat's base run under the rules is that run.
    if (ref_run) new_run = held_changed.empty() && compare_list == base && has_base ? first.base : play(rules);
    compared = ref_run && new_run;
  }
  const std::string compare_loadout = joker_list(compare_list);
  const cli::Completion done = cli::completion(t.runs_done + (compared ? 1 : 0), t.runs_total + (compare ? 1 : 0), "variants",
                                               t.interrupted);
  auto lift = [&](size_t f, size_t k, Measure m = Measure::win) -> std::optional<Difference> {
    const FamilyRows& rows = t.families[f];
    if (!rows.base || !rows.with[k]) return std::nullopt;
    return difference(*rows.with[k], *rows.base, Group::tested, m);
  };
  const std::vector<std::string> group_names = {"tested", "field"};

  std::string text;
  if (format == "json") {
    json j;
    header(j);
    j["evenings_per_variant"] = has_base ? first.base->evenings : 0;
    if (first.base && first.base->interrupted) j["baseline_interrupted"] = true;  // the base itself was cut short
    cli::mark_json(j, done);
    j["lift_stderr"] = kPairing;
    j["verdict"] = verdict_json(t, families);
    if (sequential) j["until_verdict"] = sequential_json(*sequential, evenings);
    if (has_base) {
      const TableRun& b = *first.base;
      const Estimate w = b.estimate(Group::tested, Measure::win), l = b.estimate(Group::tested, Measure::loser);
      j["baseline"] = {{"p_win", w.mean}, {"p_win_stderr", w.se}, {"p_loser", l.mean}, {"p_loser_stderr", l.se}};
    }
    json bases = json::array();
    for (const auto& rows : t.families) {
      json b = {{"family", rows.family}};
      if (rows.base) {
        const Estimate w = rows.base->estimate(Group::tested, Measure::win);
        b["p_win"] = w.mean;
        b["p_win_stderr"] = w.se;
        b["engine"] = engine_name(rows.base->engine);
      }
      bases.push_back(b);
    }
    j["baselines"] = bases;
    j["jokers"] = json::array();
    for (size_t k = 0; k < t.tested.size(); ++k) {
      if (!first.with[k]) continue;
      const TableRun& w = *first.with[k];
      const Estimate pw = w.estimate(Group::tested, Measure::win), pl = w.estimate(Group::tested, Measure::loser),
                     e = w.estimate(Group::tested, Measure::eyes);
      json row = {{"joker", joker_id(t.tested[k])}, {"p_win", pw.mean}, {"p_win_stderr", pw.se}};
      put(row, "win_lift", *lift(0, k));
      row["p_loser"] = pl.mean;
      put(row, "loser_change", *lift(0, k, Measure::loser));
      row["eyes"] = e.mean;
      row["eyes_stderr"] = e.se;
      row["solo_ev_lift_exact"] = number_or_null(t.solo_lift[k]);
      row["by_family"] = json::array();
      for (size_t f = 0; f < families.size(); ++f) {
        json fr = {{"family", families[f].name}};
        if (const auto d = lift(f, k)) {
          fr["unused"] = static_cast<bool>(t.unused[f][k]);
          const Estimate p = t.families[f].with[k]->estimate(Group::tested, Measure::win);
          fr["p_win"] = p.mean;
          fr["p_win_stderr"] = p.se;
          put(fr, "win_lift", *d);
        }
        row["by_family"].push_back(fr);
      }
      j["jokers"].push_back(row);
    }
    if (compared) {
      json changed_ids = json::array();
      for (Joker c : changed) changed_ids.push_back(joker_id(c));
      json groups = json::array(), diffs = json::array();
      for (size_t g = 0; g < 2; ++g) {
        const Group gr = g == 0 ? Group::tested : Group::field;
        const std::string label = g == 0 ? "base" : "field";
        json side = {{"label", label}};
        json diff = {{"label", label}};
        for (const auto& [name, m] : {std::pair{"p_win", Measure::win}, {"p_loser", Measure::loser}, {"eyes", Measure::eyes}}) {
          const Estimate a = ref_run->estimate(gr, m), b = new_run->estimate(gr, m);
          side[std::string("preset_") + name] = a.mean;
          side[std::string("preset_") + name + "_stderr"] = a.se;
          side[std::string("rules_") + name] = b.mean;
          side[std::string("rules_") + name + "_stderr"] = b.se;
          put(diff, name, difference(*new_run, *ref_run, gr, m));  // rules − preset: what the change did
        }
        groups.push_back(side);
        diffs.push_back(diff);
      }
      j["ruleset_comparison"] = {{"preset", reference.preset}, {"rules", rules_summary(rules)},
                                 {"changed_jokers", changed_ids}, {"tested_jokers", compare_loadout},
                                 {"groups", groups}, {"rules_minus_preset", diffs}, {"warnings", compare_warnings}};
    }
    text = cli::json_text(j);
  } else if (format == "csv") {
    text = "joker,family,p_win,p_win_se,win_lift,win_lift_se,win_lift_se_independent,p_loser,loser_change,loser_change_se,"
           "eyes,eyes_se,solo_ev_lift\n";
    for (size_t f = 0; f < families.size(); ++f) {
      const FamilyRows& rows = t.families[f];
      if (!rows.base || rows.base->evenings == 0) continue;
      auto line = [&](const std::string& label, const TableRun& r, const std::optional<Difference>& dw,
                      const std::optional<Difference>& dl, double solo) {
        const Estimate w = r.estimate(Group::tested, Measure::win), l = r.estimate(Group::tested, Measure::loser),
                       e = r.estimate(Group::tested, Measure::eyes);
        text += label + "," + rows.family + "," + fmt("%.6f", w.mean) + "," + fmt("%.6f", w.se) + "," +
                (dw ? fmt("%.6f", dw->paired.mean) + "," + fmt("%.6f", dw->paired.se) + "," + fmt("%.6f", dw->independent_se)
                    : std::string(",,")) +
                "," + fmt("%.6f", l.mean) + "," +
                (dl ? fmt("%.6f", dl->paired.mean) + "," + fmt("%.6f", dl->paired.se) : std::string(",")) + "," +
                fmt("%.4f", e.mean) + "," + fmt("%.4f", e.se) + "," + (std::isnan(solo) ? std::string() : fmt("%.6f", solo)) +
                "\n";
      };
      line("base", *rows.base, std::nullopt, std::nullopt, 0.0);
      for (size_t k = 0; k < t.tested.size(); ++k)
        if (rows.with[k]) line(std::string(joker_id(t.tested[k])), *rows.with[k], lift(f, k), lift(f, k, Measure::loser), t.solo_lift[k]);
    }
  } else {
    std::ostringstream o;
    intro(o);
    if (first.base && first.base->interrupted) o << "(the base run was interrupted; no joker variant was run)\n";
    o << "lift = variant − base under the family; solo EV lift: exact optimal solo EV with the joker (+ base) minus "
         "without (solver, §5)\n\n"
      << "joker          P(win)           win lift           P(loser)         loser change       E[eyes]  solo EV lift  ";
    for (size_t f = 1; f < families.size(); ++f) o << pad(families[f].name + " lift", 19);
    o << "\n";
    if (has_base) {
      const TableRun& b = *first.base;
      o << pad("base", 15) << pm(b.estimate(Group::tested, Measure::win), "%.4f") << std::string(19, ' ')
        << pm(b.estimate(Group::tested, Measure::loser), "%.4f") << std::string(19, ' ')
        << fmt("%7.2f", b.estimate(Group::tested, Measure::eyes).mean) << std::string(16, ' ');
      for (size_t f = 1; f < families.size(); ++f)
        o << pad(t.families[f].base ? "(" + pm(t.families[f].base->estimate(Group::tested, Measure::win), "%.4f") + ")" : "—", 19);
      o << "\n";
    }
    for (size_t k = 0; k < t.tested.size(); ++k) {
      if (!first.with[k]) continue;
      const TableRun& w = *first.with[k];
      o << pad(std::string(joker_id(t.tested[k])), 15) << pm(w.estimate(Group::tested, Measure::win), "%.4f") << "  "
        << pm(lift(0, k)->paired) << "  " << pm(w.estimate(Group::tested, Measure::loser), "%.4f") << "  "
        << pm(lift(0, k, Measure::loser)->paired) << "  " << fmt("%7.2f", w.estimate(Group::tested, Measure::eyes).mean)
        << "  " << pad(std::isnan(t.solo_lift[k]) ? "—" : fmt("%+.3f", t.solo_lift[k]), 12);
      for (size_t f = 1; f < families.size(); ++f) {
        const auto d = lift(f, k);
        o << pad(!d ? "—" : t.unused[f][k] ? "unused" : pm(d->paired), !d ? 19 : t.unused[f][k] ? 18 : 19);
      }
      o << (t.unused[0][k] ? "  (unused under " + families[0].name + ": never played)" : "") << "\n";
    }
    if (t.tested.size() >= 2 && has_base) {
      o << "\nlargest lift:";
      for (size_t f = 0; f < families.size(); ++f) o << " " << t.largest[f] << " (" << families[f].name << ")";
      o << "; smallest:";
      for (size_t f = 0; f < families.size(); ++f) o << " " << t.smallest[f] << " (" << families[f].name << ")";
      o << "\n";
      verdict_text(o, t, families);
      if (sequential) o << sequential_text(*sequential, evenings);
    }
    if (compared) {
      o << "\nruleset comparison (tested player with jokers " << compare_loadout
        << ", the changed jokers selected first, and the field; " << families[0].name << "):\n"
        << "  preset " << reference.preset << "  vs  rules " << rules_summary(rules) << "\n";
      for (const auto& w : compare_warnings) o << "  warning: " << w << "\n";
      o << "group     P(win) preset      P(win) rules       P(loser) preset    P(loser) rules     E[eyes] preset     E[eyes] rules\n";
      for (size_t g = 0; g < 2; ++g) {
        const Group gr = g == 0 ? Group::tested : Group::field;
        o << pad(group_names[g], 10) << pm(ref_run->estimate(gr, Measure::win), "%.4f") << "  "
          << pm(new_run->estimate(gr, Measure::win), "%.4f") << "  " << pm(ref_run->estimate(gr, Measure::loser), "%.4f")
          << "  " << pm(new_run->estimate(gr, Measure::loser), "%.4f") << "  " << pm(ref_run->estimate(gr, Measure::eyes), "%.3f")
          << "  " << pm(new_run->estimate(gr, Measure::eyes), "%.3f") << "\n";
      }
      o << "rules − preset: what the change did (± 1 paired SE)\n";
      for (size_t g = 0; g < 2; ++g) {
        const Group gr = g == 0 ? Group::tested : Group::field;
        o << pad(group_names[g], 10) << "P(win) " << pm(difference(*new_run, *ref_run, gr, Measure::win).paired)
          << "  P(loser) " << pm(difference(*new_run, *ref_run, gr, Measure::loser).paired) << "  E[eyes] "
          << pm(difference(*new_run, *ref_run, gr, Measure::eyes).paired, "%+.3f") << "\n";
      }
    }
    text = o.str();
  }
  return cli::finish(vm, format, done, text);
}

}  // namespace verflixt
