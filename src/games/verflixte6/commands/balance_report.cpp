// The joker table of `verflixt balance` (balance_run.h): each joker's lift under every policy
// family, the verdict, and when the rules differ from their preset the same table under both
// rulesets side by side; as a table, JSON or CSV.
#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "games/verflixte6/commands/balance_run.h"
#include "games/verflixte6/commands/balance_verdict.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/names.h"
#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::cli::balance_run {

using namespace verflixt::verflixte6;
namespace rp = core::report;
namespace {

using namespace balance_text;

// What the joker table measured: the table itself (and the sequential run that played it,
// with --until-verdict) and the ruleset comparison.
struct JokerResult {
  std::optional<SequentialRun> sequential;
  JokerTable t;
  bool has_base = false;
  std::optional<TableRun> ref_run, new_run;
  std::vector<Joker> changed, held_changed;
  std::vector<std::string> compare_warnings;
  bool compared = false;
  std::string compare_loadout;
  std::optional<Difference> lift(size_t f, size_t k, Measure m = Measure::win) const {
    const FamilyRows& rows = t.families[f];
    if (!rows.base || !rows.with[k]) return std::nullopt;
    return difference(*rows.with[k], *rows.base, Group::tested, m);
  }
};

// Plays the joker table (in paired blocks until a verdict, with --until-verdict) and, when the
// rules differ from their preset, the ruleset comparison.
JokerResult measure(const Balance& bal) {
  const Rules& rules = bal.rules;
  const Rules& reference = bal.reference;
  const BalanceTable& table = bal.table;
  const std::vector<PolicyFamily>& families = bal.families;
  const std::vector<Joker>& base = bal.base;
  const bool compare = bal.compare;
  const std::uint64_t evenings = bal.evenings, seed = bal.seed;
  const int threads = bal.threads;
  JokerResult res;
  if (bal.until_verdict)
    res.sequential = measure_until_verdict(rules, table, families, base, bal.tested, bal.run,
                                       bal.vm["until-verdict"].as<std::uint64_t>(), bal.hooks);
  res.t = res.sequential ? res.sequential->table : measure_jokers(rules, table, families, base, bal.tested, bal.run, bal.hooks);
  // Stopped before the first block was played: nothing to show but the mark (main's convention).
  if (res.t.families.empty()) throw core::Interrupted("balance");
  const FamilyRows& first = res.t.families[0];
  res.has_base = first.base.has_value() && first.base->evenings > 0;
  // The ruleset comparison: the tested seat holds the jokers the change touches (selected
  // first, then the base), so a changed joker is in play; a changed joker the rules lack is
  // held by nobody, and the comparison says so. Played by the first family.
  if (compare) {
    res.changed = changed_jokers(reference, rules);
    for (Joker j : res.changed) {
      if (rules.jokers.has(j) && reference.jokers.has(j)) res.held_changed.push_back(j);
      else res.compare_warnings.push_back(std::string(joker_id(j)) + " is changed but not available under both rulesets: nobody holds it");
    }
    if (!res.changed.empty() && res.held_changed.empty())
      res.compare_warnings.push_back("no changed joker is held: the comparison shows only the rest of the change");
  }
  std::vector<Joker> compare_list = res.held_changed;
  for (Joker j : base)
    if (std::find(compare_list.begin(), compare_list.end(), j) == compare_list.end()) compare_list.push_back(j);
  if (compare && !res.t.interrupted && !interrupt_flag().load()) {
    auto play = [&](const Rules& r) -> std::optional<TableRun> {
      const FamilyPlayer p = families[0].play(r, compare_list);
      const core::RunControl control = progress_control("balance ruleset comparison");
      TableRun x = play_balance_table(r, table, p, evenings, seed, threads, control);
      progress_done();
      if (x.interrupted) return std::nullopt;
      return x;
    };
    res.ref_run = play(reference);
    // Without a held changed joker, the tested seat's base run under the rules is that run.
    if (res.ref_run) res.new_run = res.held_changed.empty() && compare_list == base && res.has_base ? first.base : play(rules);
    res.compared = res.ref_run && res.new_run;
  }
  res.compare_loadout = joker_list(compare_list);
  return res;
}

// A row of the joker table, one description for JSON's jokers (the first family's, each with
// its lift under every family) and the CSV (every family's base and jokers).
std::vector<rp::Column> joker_columns() {
  std::vector<rp::Column> c = {{.name = "joker"},
                               {.name = "family", .in = rp::kCsv},
                               {.name = "p_win", .se_name = "p_win_stderr", .csv_se_name = "p_win_se"}};
  for (auto& x : difference_columns("win_lift")) c.push_back(std::move(x));
  c.push_back({.name = "p_loser"});
  for (auto& x : difference_columns("loser_change")) c.push_back(std::move(x));
  c.back().in = rp::kJson;  // the CSV gives the loser change its paired SE only
  c.push_back({.name = "eyes", .csv_format = "%.4f", .se_name = "eyes_stderr", .csv_se_name = "eyes_se"});
  c.push_back({.name = "solo_ev_lift_exact", .in = rp::kJson});
  c.push_back({.name = "solo_ev_lift", .in = rp::kCsv});
  c.push_back({.name = "by_family", .in = rp::kJson});
  return c;
}

std::vector<rp::Value> joker_row(const std::string& label, const std::string& family, const TableRun& r,
                                 const std::optional<Difference>& dw, const std::optional<Difference>& dl, double solo) {
  std::vector<rp::Value> row = {label, family, r.estimate(Group::tested, Measure::win)};
  for (auto& x : difference_values(dw)) row.push_back(std::move(x));
  row.push_back(r.estimate(Group::tested, Measure::loser).mean);
  for (auto& x : difference_values(dl)) row.push_back(std::move(x));
  row.push_back(r.estimate(Group::tested, Measure::eyes));
  row.push_back(number_or_null(solo));
  row.push_back(std::isnan(solo) ? rp::Value(rp::Absent{}) : rp::Value(solo));
  row.push_back(rp::Absent{});
  return row;
}

// The balance question's one answer: the rule change's when the rules differ from their
// preset (what the designer changed), else the jokers' verdict.
std::string decision(const Balance& bal, const JokerResult& res) {
  if (res.compared)
    return change_decision(difference(*res.new_run, *res.ref_run, Group::tested, Measure::win).paired,
                           difference(*res.new_run, *res.ref_run, Group::tested, Measure::loser).paired, res.compare_loadout,
                           bal.families[0].name, 2);
  if (res.t.tested.size() < 2 || !res.has_base) return "";
  return joker_decision(res.t, bal.families);
}

void joker_json(rp::Report& out, const Balance& bal, const JokerResult& res, const Completion& done) {
  const std::vector<PolicyFamily>& families = bal.families;
  const JokerTable& t = res.t;
  const FamilyRows& first = t.families[0];
  auto lift = [&res](size_t f, size_t k, Measure m = Measure::win) { return res.lift(f, k, m); };
  bal.head(out);
  out.field("evenings_per_variant", res.has_base ? first.base->evenings : std::uint64_t{0});
  if (first.base && first.base->interrupted) out.field("baseline_interrupted", true);  // the base itself was cut short
  out.completion(done.interrupted, done.completed, done.total, done.unit)
      .field("lift_stderr", std::string(kPairing))
      .field("verdict", verdict_json(t, families, decision(bal, res)));
  if (res.sequential) out.field("until_verdict", sequential_json(*res.sequential, bal.evenings));
  if (res.has_base) {
    const TableRun& b = *first.base;
    rp::Table base{.columns = {{.name = "p_win", .se_name = "p_win_stderr"}, {.name = "p_loser", .se_name = "p_loser_stderr"}},
                   .json = rp::Table::Object};
    out.field("baseline", base.row({b.estimate(Group::tested, Measure::win), b.estimate(Group::tested, Measure::loser)}).nested());
  }
  rp::Table bases{.columns = {{.name = "family"}, {.name = "p_win", .se_name = "p_win_stderr"}, {.name = "engine"}}};
  for (const auto& rows : t.families)
    bases.row({rows.family, rows.base ? rp::Value(rows.base->estimate(Group::tested, Measure::win)) : rp::Value(rp::Absent{}),
               rows.base ? rp::Value(engine_name(rows.base->engine)) : rp::Value(rp::Absent{})});
  out.field("baselines", bases.nested());
  rp::Table jokers{.columns = joker_columns()};
  for (size_t k = 0; k < t.tested.size(); ++k) {
    if (!first.with[k]) continue;
    rp::Table by_family{.columns = {{.name = "family"}, {.name = "unused"}, {.name = "p_win", .se_name = "p_win_stderr"}}};
    for (auto& x : difference_columns("win_lift")) by_family.columns.push_back(std::move(x));
    for (size_t f = 0; f < families.size(); ++f) {
      const auto d = lift(f, k);
      std::vector<rp::Value> row = {families[f].name};
      row.push_back(d ? rp::Value(static_cast<bool>(t.unused[f][k])) : rp::Value(rp::Absent{}));
      row.push_back(d ? rp::Value(t.families[f].with[k]->estimate(Group::tested, Measure::win)) : rp::Value(rp::Absent{}));
      for (auto& x : difference_values(d)) row.push_back(std::move(x));
      by_family.row(std::move(row));
    }
    std::vector<rp::Value> row = joker_row(std::string(joker_id(t.tested[k])), first.family, *first.with[k], lift(0, k),
                                           lift(0, k, Measure::loser), t.solo_lift[k]);
    row.back() = by_family.nested();
    jokers.row(std::move(row));
  }
  out.field("jokers", jokers.nested());
  if (res.compared) {
    std::vector<std::string> changed;
    for (Joker c : res.changed) changed.emplace_back(joker_id(c));
    std::vector<rp::Column> side = {{.name = "label"}}, diff = {{.name = "label"}};
    for (const char* name : {"p_win", "p_loser", "eyes"}) {
      side.push_back({.name = std::string("preset_") + name, .se_name = std::string("preset_") + name + "_stderr"});
      side.push_back({.name = std::string("rules_") + name, .se_name = std::string("rules_") + name + "_stderr"});
      for (auto& x : difference_columns(name)) diff.push_back(std::move(x));
    }
    rp::Table groups{.columns = side}, diffs{.columns = diff};
    for (size_t g = 0; g < 2; ++g) {
      const Group gr = g == 0 ? Group::tested : Group::field;
      const std::string label = g == 0 ? "base" : "field";
      std::vector<rp::Value> a = {label}, d = {label};
      for (const Measure m : {Measure::win, Measure::loser, Measure::eyes}) {
        a.push_back(res.ref_run->estimate(gr, m));
        a.push_back(res.new_run->estimate(gr, m));
        for (auto& x : difference_values(difference(*res.new_run, *res.ref_run, gr, m))) d.push_back(std::move(x));  // rules − preset
      }
      groups.row(std::move(a));
      diffs.row(std::move(d));
    }
    rp::Table cmp{.columns = {{.name = "preset"}, {.name = "rules"}, {.name = "changed_jokers"}, {.name = "tested_jokers"},
                              {.name = "groups"}, {.name = "rules_minus_preset"}, {.name = "warnings"}},
                  .json = rp::Table::Object};
    cmp.row({bal.reference.preset, rules_summary(bal.rules), changed, res.compare_loadout, groups.nested(), diffs.nested(),
             res.compare_warnings});
    out.field("ruleset_comparison", cmp.nested());
  }
}

void joker_csv(rp::Report& out, const Balance& bal, const JokerResult& res) {
  const JokerTable& t = res.t;
  rp::Table& csv = out.table("", joker_columns(), rp::kCsv);
  for (size_t f = 0; f < bal.families.size(); ++f) {
    const FamilyRows& rows = t.families[f];
    if (!rows.base || rows.base->evenings == 0) continue;
    csv.row(joker_row("base", rows.family, *rows.base, std::nullopt, std::nullopt, 0.0));
    for (size_t k = 0; k < t.tested.size(); ++k)
      if (rows.with[k])
        csv.row(joker_row(std::string(joker_id(t.tested[k])), rows.family, *rows.with[k], res.lift(f, k),
                          res.lift(f, k, Measure::loser), t.solo_lift[k]));
  }
}

std::string joker_text(const Balance& bal, const JokerResult& res) {
  const std::vector<PolicyFamily>& families = bal.families;
  const std::uint64_t evenings = bal.evenings;
  const Rules& reference = bal.reference;
  const Rules& rules = bal.rules;
  const JokerTable& t = res.t;
  const FamilyRows& first = t.families[0];
  const bool has_base = res.has_base;
  const std::optional<SequentialRun>& sequential = res.sequential;
  const std::optional<TableRun>& ref_run = res.ref_run;
  const std::optional<TableRun>& new_run = res.new_run;
  const std::vector<std::string>& compare_warnings = res.compare_warnings;
  const bool compared = res.compared;
  const std::string& compare_loadout = res.compare_loadout;
  auto lift = [&res](size_t f, size_t k, Measure m = Measure::win) { return res.lift(f, k, m); };
  const std::vector<std::string> group_names = {"tested", "field"};
  std::string text;
  std::ostringstream o;
  if (const std::string answer = decision(bal, res); !answer.empty()) o << answer << "\n";
  bal.intro(o);
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
  return text;
}

}  // namespace

int Balance::joker_table() const {
  const JokerResult r = measure(*this);
  const Completion done = completion(r.t.runs_done + (r.compared ? 1 : 0), r.t.runs_total + (compare ? 1 : 0),
                                               "variants", r.t.interrupted);
  rp::Report out({});
  joker_json(out, *this, r, done);
  joker_csv(out, *this, r);
  std::string text = joker_text(*this, r);
  out.line(text.substr(0, text.size() - 1));
  return finish(vm, format, done, out.render(format));
}

}  // namespace verflixt::cli::balance_run
