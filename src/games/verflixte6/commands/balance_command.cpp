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
#include <functional>
#include <optional>
#include <sstream>

#include "cli/cli.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/balance_run.h"
#include "games/verflixte6/commands/balance_verdict.h"
#include "games/verflixte6/commands/seat_spec.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"
#include "verflixt/core/report.h"
#include "verflixt/core/stats.h"
#include "verflixt/games/verflixte6/analyses/balance.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/exact/strong_policy.h"
#include "verflixt/version.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace rp = core::report;

namespace balance_run {


// A lift column wide enough for its family's name.
size_t column(const PolicyFamily& f) { return std::max<size_t>(19, f.name.size() + 7); }

std::string joker_list(const std::vector<Joker>& list) {
  std::string s;
  for (Joker j : list) s += (s.empty() ? "" : ",") + std::string(joker_id(j));
  return s.empty() ? "none" : s;
}

// A difference in JSON: the paired SE and, for comparison, the independent one.
std::vector<rp::Column> difference_columns(const std::string& key) {
  return {{.name = key, .se_name = key + "_stderr", .csv_se_name = key + "_se"},
          {.name = key + "_stderr_independent", .csv_name = key + "_se_independent"}};
}

std::vector<rp::Value> difference_values(const std::optional<Difference>& d) {
  if (!d) return {rp::Absent{}, rp::Absent{}};
  return {d->paired, d->independent_se};
}

const char* const kPairing =
    "paired per series of evenings (both runs play series s from chunk_rng(seed, s)); *_stderr_independent treats "
    "the runs as independent, sqrt(se_a^2 + se_b^2)";

}  // namespace balance_run

namespace {

using namespace balance_run;
using namespace balance_text;

const std::vector<std::string> kFormats = {"table", "json", "csv"};

const char* kAutoRule =
    "a value balances the joker when its P(win) lift (its exact solo EV lift) lies within the spread of the other "
    "tested jokers' lifts under the same family, between the smallest and the largest; the confidence set holds every "
    "value whose lift is not above the largest nor below the smallest by more than 2 paired SE";

// balance's options, then the engine, sampling, rules and output ones.
core::OptionTable balance_options() {
  const core::OptionTable own = {
      core::integer_option("players", 4, 2, 12, "table size (2..12)"),
      core::policy_option("policy", "strategies/heuristic.ini",
                          "the first policy family: the tested player plays this file for every loadout (it needs "
                          "windows for the jokers, as heuristic files have)"),
      core::word_option("base", "none", "his joker list without the tested joker"),
      core::policy_option("field", "strategies/heuristic.ini",
                          "every other seat: POLICY[@JOKERS] (a policy file's own loadout without @)"),
      core::word_option("jokers", "all",
                        "jokers to test (all = every joker of the rules); with --auto, the others to balance against"),
      core::count_option("evenings", 20000, 1, std::uint64_t{1} << 40, "evenings per run"),
      core::switch_option("final", "play final evenings"),
      core::word_option("vary", "KEY=A..B: sweep one integer parameter of a joker (e.g. runkelrueb.face=1..6); for "
                                "each value the joker's P(win) lift under every policy family and its exact solo EV "
                                "lift, instead of the joker table"),
      core::word_option("auto",
                        "KEY=A..B: auto-balance one integer parameter of a joker (e.g. runkelrueb.face=1..7): the "
                        "values whose P(win) lift, under each family, lies between the smallest and the largest lift "
                        "of the other tested jokers, and the confidence set (every value not beyond that spread by "
                        "more than 2 paired SE), found by bisection (the lift is assumed monotone in the parameter; "
                        "checked, and every value evaluated where it is not); also the exact solo EV version against "
                        "the other jokers' solo EV lifts"),
      // The default 0 (off) lies outside 1..2^40 on purpose: a given N must be at least 1.
      core::count_option("until-verdict", 0, 1, std::uint64_t{1} << 40,
                         "N (0: off): play the joker table in paired blocks of --evenings evenings (each on its own "
                         "dice) until the strongest family names a strongest and a weakest joker, or N evenings per "
                         "run are spent; a verdict then needs more than z paired SE, z such that the chance of any "
                         "verdict among equal jokers is at most 5% over every look (Bonferroni)"),
      core::switch_option("no-solver-family",
                          "skip the second policy family (the tested seat playing the exact solo solver's policy for "
                          "each loadout)"),
      core::policy_option("strong", "strategies/strong.ini",
                          "the third policy family: the strong table policy for each loadout with this file's "
                          "parameters (kind = strong; played by the reference engine, so it costs the most), or none "
                          "to skip it"),
      engine_option()};
  return own + sampling_options() + rules_options() + output_options(kFormats);
}

constexpr const char* kUsage =
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
    "solo EV lifts.";

}  // namespace

namespace balance_run {

using namespace balance_text;

void Balance::read_settings() {
  rules = rules_from(vm);
  format = format_from(vm, kFormats);
  players = vm["players"].as<int>();
  evenings = vm["evenings"].as<std::uint64_t>();
  seed = seed_from(vm);
  threads = threads_from(vm);
  if (players < 2 || players > 12)
    throw core::InputError("--players " + std::to_string(players) + " is out of range; valid: 2..12");
  if (threads < 1 || threads > 1024)
    throw core::InputError("--threads " + std::to_string(threads) + " is out of range; valid: 1..1024");
  if (vm.count("vary") && vm.count("auto")) throw core::InputError("--vary and --auto exclude each other; give one");
  until_verdict = !vm["until-verdict"].defaulted();
  if (until_verdict && (vm.count("vary") || vm.count("auto")))
    throw core::InputError("--until-verdict plays the joker table; it does not go with --vary or --auto");
  base = parse_joker_priority(vm["base"].as<std::string>(), rules, "--base");
  if (vm["jokers"].as<std::string>() == "all") {
    for (int j = 0; j < JOKER_NB; ++j)
      if (rules.jokers.has(static_cast<Joker>(j))) tested.push_back(static_cast<Joker>(j));
  } else {
    tested = parse_joker_priority(vm["jokers"].as<std::string>(), rules, "--jokers");
  }
}

void Balance::read_table() {
  table = BalanceTable{};
  policy = make_policy(vm["policy"].as<std::string>(), rules);
  reference = preset(rules.preset);
  compare = !(rules == reference);
  field = make_seat_player(vm["field"].as<std::string>(), rules);
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
  if (core::choose_name(vm["engine"].as<std::string>(), {"auto", "kernel", "reference"}, "--engine") == 0)
    table.engine = PassEngine::Auto;
  // The policy families, in column order: a third family is one more line here.
  families = {fixed_policy_family(policy)};
  if (!vm["no-solver-family"].as<bool>()) families.push_back(solver_family());
  if (const std::string strong = vm["strong"].as<std::string>(); strong != "none") {
    if (table.engine == PassEngine::Kernel)
      throw core::InputError("--engine kernel: the pass kernel cannot play the strong family (its choices read the table); "
                       "valid: --engine auto or reference, or --strong none");
    const std::string path = resolve_policy_path(strong);
    std::string text;
    try {
      text = core::read_text_file(path, "--strong");
    } catch (const core::InputError& e) {
      throw core::InputError(std::string(e.what()) + "; valid: a strong policy file (strategies/strong.ini) or none");
    }
    std::istringstream in(text);
    families.push_back(strong_family(read_strong(in, path)));
  }
  sweep = vm.count("vary")   ? parse_param_sweep(vm["vary"].as<std::string>(), rules, "--vary")
                           : vm.count("auto") ? parse_param_sweep(vm["auto"].as<std::string>(), rules, "--auto")
                                              : ParamSweep{};
  if (vm.count("auto")) {
    std::erase(tested, sweep.joker);
    if (tested.empty()) throw core::InputError("--auto: --jokers names no joker but " + sweep.key.substr(0, sweep.key.find('.')) + " to balance against");
  }
}

void Balance::install_hooks() {
  hooks.begin = [](const std::string& label) { return progress_control(label); };
  hooks.end = [] { progress_done(); };
  hooks.stopped = [&stop = interrupt_flag()] { return stop.load(); };  // this command's, from any thread
  run = BalanceRun{evenings, seed, threads};
  base_name = base.empty() ? "none" : vm["base"].as<std::string>();
}

void Balance::head(rp::Report& out) const {
  std::vector<std::string> names;
  for (const auto& f : families) names.push_back(f.name);
  out.field("version", std::string(kVersion))
      .field("seed", seed)
      .field("engine", engine_name(table.engine))
      .field("rules_summary", rules_summary(rules))
      .field("players", players)
      .field("policy", policy->name())
      .field("base", base_name)
      .field("field", field.label)
      .field("series_length", table.series_length)
      .field("policy_families", names);
}

void Balance::sweep_head(rp::Report& out, const Completion& done, const char* mode, const std::string& key,
                         Joker joker) const {
  head(out);
  out.field("evenings_per_run", evenings)
      .completion(done.interrupted, done.completed, done.total, done.unit)
      .field(mode, key)
      .field("joker", std::string(joker_id(joker)));
}

std::string Balance::intro_text() const {
  std::ostringstream o;
  intro(o);
  std::string s = o.str();
  return s.substr(0, s.size() - 1);  // the report adds the last line's end
}

void Balance::intro(std::ostringstream& o) const {
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
}

// The decided line of --vary, under the strongest way of playing measured (strong, else the
// solver's policy, else the first family): the joker's lift at the rules' own value, when it is
// in the range, said as a lift only beyond two paired SE, and the value whose lift is nearest
// zero.
std::string Balance::vary_decision(const std::vector<SweepPoint>& points,
                                   const std::function<std::optional<Difference>(const SweepPoint&, size_t)>& lift) const {
  if (points.empty()) return "no answer: stopped before the first value was measured";
  size_t f = 0;
  for (const char* name : {"solver", "strong"})
    for (size_t k = 0; k < families.size(); ++k)
      if (families[k].name == name) f = k;
  const std::string under = " (under " + families[f].name + ", the strongest way of playing measured)";
  const std::string range = std::to_string(sweep.lo) + ".." + std::to_string(sweep.hi);
  const SweepPoint* least = nullptr;
  const SweepPoint* now = nullptr;
  for (const auto& p : points) {
    const auto d = lift(p, f);
    if (!d) continue;
    if (!least || std::abs(d->paired.mean) < std::abs(lift(*least, f)->paired.mean)) least = &p;
    if (sweep.rules[static_cast<size_t>(p.value - sweep.lo)] == rules) now = &p;
  }
  if (!least) return "no answer: " + families[f].name + " has no lift measured";
  const auto said = [&](const SweepPoint& p) { return sweep.key + "=" + std::to_string(p.value) + " (" + pm(lift(p, f)->paired) + ")"; };
  std::string line;
  if (now) {
    const core::Estimate d = lift(*now, f)->paired;
    const bool measured = std::abs(d.mean) > 2 * d.se;
    line = sweep.key + "=" + std::to_string(now->value) + ", these rules' value, " +
           (!measured ? "lifts P(win) by no measurable amount (" + pm(d) + ", within 2 SE)"
                      : std::string(d.mean > 0 ? "lifts" : "lowers") + " P(win) by " + pm(d)) +
           "; ";
  } else {
    line = "these rules' " + sweep.key + " is outside " + range + "; ";
  }
  return line + "the smallest lift in " + range + " is at " + said(*least) + under;
}

// --vary KEY=A..B: the joker's lift per value under every family.
int Balance::vary() const {
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
  const Completion done = completion(points.size(), sweep.rules.size(), "values");
  auto lift = [&](const SweepPoint& p, size_t f) -> std::optional<Difference> {
    if (f >= p.with.size() || !p.with[f] || !p.base[f]) return std::nullopt;
    return difference(*p.with[f], *p.base[f], Group::tested, Measure::win);
  };
  rp::Report out({});
  sweep_head(out, done, "vary", sweep.key, sweep.joker);
  out.field("lift_stderr", std::string(kPairing));
  // A family's lift at a value: JSON's by_family rows, and with the value and the solo EV lift
  // the CSV rows.
  std::vector<rp::Column> by_family = {{.name = "value", .in = rp::kCsv}, {.name = "family"}};
  for (auto& c : difference_columns("win_lift")) by_family.push_back(std::move(c));
  by_family.push_back({.name = "solo_ev_lift", .in = rp::kCsv});
  rp::Table values{.columns = {{.name = "value"}, {.name = "p_win"}}};
  for (auto& c : difference_columns("win_lift")) values.columns.push_back(std::move(c));
  values.columns.push_back({.name = "solo_ev_lift_exact"});
  values.columns.push_back({.name = "by_family"});
  rp::Table& csv = out.table("", by_family, rp::kCsv);
  for (const auto& p : points) {
    const auto v = static_cast<std::int64_t>(p.value);
    const rp::Value solo = std::isnan(p.solo_lift) ? rp::Value(rp::Absent{}) : rp::Value(p.solo_lift);
    rp::Table families_at{.columns = by_family};
    for (size_t f = 0; f < families.size(); ++f) {
      std::vector<rp::Value> row = {v, families[f].name};
      for (auto& x : difference_values(lift(p, f))) row.push_back(std::move(x));
      row.push_back(solo);
      families_at.row(row);
      csv.row(std::move(row));
    }
    std::vector<rp::Value> row = {v, p.with[0] ? rp::Value(p.with[0]->estimate(Group::tested, Measure::win).mean)
                                                : rp::Value(rp::Absent{})};
    for (auto& x : difference_values(lift(p, 0))) row.push_back(std::move(x));
    row.push_back(number_or_null(p.solo_lift));
    row.push_back(families_at.nested());
    values.row(std::move(row));
  }
  out.field("values", values.nested());
  out.headline(vary_decision(points, lift));

  std::ostringstream o;
  o << intro_text() << "\nlift = P(win) of the tested player with " << joker_id(sweep.joker)
    << " (selected first) − without it\n\n"
    << pad(sweep.key, 20);
  for (const auto& f : families) o << pad(f.name + " lift", column(f));
  o << "solo EV lift";
  for (const auto& p : points) {
    o << "\n" << pad(std::to_string(p.value), 20);
    for (size_t f = 0; f < families.size(); ++f) {
      const auto d = lift(p, f);
      o << pad(d ? pm(d->paired) : "—", column(families[f]) + (d ? 1 : 2));  // ± and — are 2 and 3 bytes
    }
    o << (std::isnan(p.solo_lift) ? std::string("—") : fmt("%+.3f", p.solo_lift));
  }
  out.line(o.str());
  return finish(vm, format, done, out.render(format));
}

// --auto KEY=A..B: the values that balance the joker, by family.
// --auto's one answer: the current value too strong, too weak or balanced, and where the
// balanced values lie, under the strongest way of playing searched (strong, else solver,
// else the --policy family) — the one the other jokers' lifts are least an artefact of weak
// play in; the exact solo EV search when no family was searched to the end.
namespace {

std::string auto_decision(const AutoBalance& ab, const std::string& key, std::optional<int> current,
                          const std::function<std::string(const std::vector<int>&)>& range_text) {
  const AutoResult* chosen = nullptr;
  for (const char* name : {"strong", "solver"})
    for (const auto& r : ab.results)
      if (!chosen && r.complete && r.family == name) chosen = &r;
  for (const auto& r : ab.results)
    if (!chosen && r.complete) chosen = &r;
  if (!chosen) return "no answer: the search was stopped before any family finished";
  const AutoResult& r = *chosen;
  const std::string where = r.balanced.empty() ? "no value in the range is balanced"
                                                : "balanced at " + key + "=" + range_text(r.balanced);
  const std::string under = " (under " + r.family + ", the strongest way of playing searched)";
  if (!current) return where + under;
  const std::string now = key + "=" + std::to_string(*current);
  if (std::find(r.balanced.begin(), r.balanced.end(), *current) != r.balanced.end())
    return "balanced: " + now + " lies within the other jokers' spread" + under;
  for (const auto& p : r.points)
    if (p.value == *current)
      return (p.vs_high.mean > 0 ? "too strong: " : "too weak: ") + now + " lifts P(win) " +
             (r.exact ? fmt("%+.3f", p.lift.mean) : pm(p.lift)) + ", outside the other jokers' spread; " + where + under;
  return now + " is not balanced; " + where + under;
}

}  // namespace

int Balance::auto_report() const {
  const AutoBalance ab = auto_balance(rules, sweep, table, families, base, tested, run, hooks);
  std::optional<int> current;  // the value the rules have now, when it is in the range
  for (int v = sweep.lo; v <= sweep.hi; ++v)
    if (sweep.rules[static_cast<size_t>(v - sweep.lo)] == rules) current = v;
  const auto searched = static_cast<std::uint64_t>(
      std::count_if(ab.results.begin(), ab.results.end(), [](const AutoResult& r) { return r.complete; }));
  const Completion done = completion(searched, families.size() + 1, "searches", ab.interrupted);
  auto range_text = [](const std::vector<int>& v) -> std::string {
    if (v.empty()) return "none";
    bool contiguous = v.back() - v.front() + 1 == static_cast<int>(v.size());
    if (contiguous) return v.size() == 1 ? std::to_string(v.front()) : std::to_string(v.front()) + ".." + std::to_string(v.back());
    std::string s;
    for (int x : v) s += (s.empty() ? "" : ",") + std::to_string(x);
    return s;
  };
  const auto ints = [](const std::vector<int>& v) { return std::vector<std::int64_t>(v.begin(), v.end()); };
  rp::Report out({});
  sweep_head(out, done, "auto", sweep.key, sweep.joker);
  out.field("current_value", current ? rp::Value(static_cast<std::int64_t>(*current)) : rp::Value(nullptr))
      .field("rule", std::string(kAutoRule))
      .field("lift_stderr", std::string(kPairing))
      .field("others", joker_list(tested));
  // A value a search evaluated: JSON's points of the search, and with the family and the sets
  // it falls in the CSV rows.
  const auto estimate = [](const char* name, const char* se, const char* csv_se) {
    return rp::Column{.name = name, .se_name = se, .csv_se_name = csv_se};
  };
  const std::vector<rp::Column> point_columns = {
      {.name = "family", .in = rp::kCsv},
      {.name = "value"},
      estimate("lift", "lift_stderr", "lift_se"),
      estimate("minus_high", "minus_high_stderr", "minus_high_se"),
      estimate("minus_low", "minus_low_stderr", "minus_low_se"),
      {.name = "unused", .in = rp::kJson},
      {.name = "balanced", .in = rp::kCsv},
      {.name = "in_confidence", .in = rp::kCsv}};
  rp::Table& csv = out.table("", point_columns, rp::kCsv);
  rp::Table searches{.columns = {{.name = "family"}, {.name = "exact"}, {.name = "high"}, {.name = "low"},
                                 {.name = "unused_others"}, {.name = "balanced"}, {.name = "confidence"},
                                 {.name = "monotone"}, {.name = "complete"}, {.name = "note"}, {.name = "points"}}};
  const auto bound = [&](const std::string& joker, const core::Estimate& lift) {
    rp::Table t{.columns = {{.name = "joker"}, estimate("lift", "lift_stderr", "")}, .json = rp::Table::Object};
    return t.row({joker, lift}).nested();
  };
  std::ostringstream o;
  o << intro_text() << "\nauto-balance " << sweep.key << " in " << sweep.lo << ".." << sweep.hi << " against "
    << joker_list(tested) << "\nrule: " << kAutoRule << "\n";
  for (const auto& r : ab.results) {
    rp::Table points{.columns = point_columns};
    for (const auto& p : r.points) {
      auto in = [&](const std::vector<int>& v) {
        return std::int64_t{std::find(v.begin(), v.end(), p.value) != v.end() ? 1 : 0};
      };
      points.row({r.family, static_cast<std::int64_t>(p.value), p.lift, p.vs_high, p.vs_low, p.unused, in(r.balanced),
                  in(r.confidence)});
      csv.row(points.rows.back());
    }
    searches.row({r.family, r.exact, bound(r.high_joker, r.high), bound(r.low_joker, r.low), r.unused, ints(r.balanced),
                  ints(r.confidence), r.monotone, r.complete, name_or_null(r.note),
                  points.nested()});
    const char* f = r.exact ? "%+.3f" : "%+.4f";
    o << "\n" << r.family << ": spread " << (r.exact ? fmt(f, r.low.mean) : pm(r.low)) << " (" << r.low_joker
      << ") .. " << (r.exact ? fmt(f, r.high.mean) : pm(r.high)) << " (" << r.high_joker << ")"
      << (r.unused.empty() ? "" : "; left out, never played: " + core::join(r.unused, ", ")) << "\n";
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
  out.field("searches", searches.nested());
  out.headline(auto_decision(ab, sweep.key, current, range_text));
  std::string text = o.str();
  out.line(text.substr(0, text.size() - 1));
  return finish(vm, format, done, out.render(format));
}

}  // namespace balance_run

int balance_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "balance options", balance_options(), kUsage, vm)) return 0;
  balance_run::Balance b(vm);
  b.read_settings();
  b.read_table();
  install_interrupt_handler();
  b.install_hooks();
  if (vm.count("vary")) return b.vary();
  if (vm.count("auto")) return b.auto_report();
  return b.joker_table();
}

}  // namespace verflixt::cli
