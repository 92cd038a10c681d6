// The joker table's description (answers/balance.h): each joker's lift under every policy
// family, the verdict, and when the rules differ from their preset the same table under both
// rulesets side by side; as a table, JSON or CSV.
#include <cmath>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "games/verflixte6/answers/balance_format.h"
#include "verflixt/games/verflixte6/answers/balance.h"
#include "verflixt/games/verflixte6/answers/balance_verdict.h"
#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::verflixte6 {

namespace {

using namespace balance_detail;

// Family f's lift of tested joker k in measure m, when both runs are there.
std::optional<Difference> lift(const JokerTable& t, size_t f, size_t k, Measure m = Measure::win) {
  const FamilyRows& rows = t.families[f];
  if (!rows.base || !rows.with[k]) return std::nullopt;
  return difference(*rows.with[k], *rows.base, Group::tested, m);
}

// A row of the joker table, one description for JSON's jokers (the first family's, each with
// its lift under every family) and the CSV (every family's base and jokers).
std::vector<rp::Column> joker_columns() {
  std::vector<rp::Column> c = {{.name = "joker"},
                               {.name = "family", .in = rp::kCsv},
                               {.name = "p_win", .se_name = "p_win_stderr"}};
  for (auto& x : difference_columns("win_lift")) c.push_back(std::move(x));
  c.push_back({.name = "p_loser"});
  for (auto& x : difference_columns("loser_change")) c.push_back(std::move(x));
  c.back().in = rp::kJson;  // the CSV gives the loser change its paired SE only
  c.push_back({.name = "eyes", .csv_format = "%.4f", .se_name = "eyes_stderr"});
  c.push_back({.name = "solo_ev_lift_exact"});
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
  row.push_back(rp::Absent{});
  return row;
}

// The balance question's one answer: the rule change's when the rules differ from their
// preset (what the designer changed), else the jokers' verdict.
std::string decision(const BalanceAnswer& a) {
  if (a.compared)
    return change_decision(difference(*a.rules_run, *a.preset_run, Group::tested, Measure::win).paired,
                           difference(*a.rules_run, *a.preset_run, Group::tested, Measure::loser).paired,
                           a.compare_loadout, a.setup.families[0], 2);
  if (a.table.tested.size() < 2 || !a.has_base) return "";
  return joker_decision(a.table, a.setup.families);
}

// The ruleset comparison's JSON: each group under both rulesets, and rules − preset.
rp::Nested comparison_json(const BalanceAnswer& a) {
  std::vector<std::string> changed;
  for (Joker c : a.changed) changed.emplace_back(joker_id(c));
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
    std::vector<rp::Value> both = {label}, d = {label};
    for (const Measure m : {Measure::win, Measure::loser, Measure::eyes}) {
      both.push_back(a.preset_run->estimate(gr, m));
      both.push_back(a.rules_run->estimate(gr, m));
      for (auto& x : difference_values(difference(*a.rules_run, *a.preset_run, gr, m))) d.push_back(std::move(x));  // rules − preset
    }
    groups.row(std::move(both));
    diffs.row(std::move(d));
  }
  rp::Table cmp{.columns = {{.name = "preset"}, {.name = "rules"}, {.name = "changed_jokers"}, {.name = "tested_jokers"},
                            {.name = "groups"}, {.name = "rules_minus_preset"}, {.name = "warnings"}},
                .json = rp::Table::Object};
  cmp.row({a.reference.preset, rules_summary(a.setup.rules), changed, a.compare_loadout, groups.nested(), diffs.nested(),
           a.compare_warnings});
  return cmp.nested();
}

void joker_json(rp::Report& out, const BalanceAnswer& a, const core::Completion& done) {
  const std::vector<std::string>& families = a.setup.families;
  const JokerTable& t = a.table;
  const FamilyRows& first = t.families[0];
  head(out, a.setup);
  out.field("evenings_per_variant", a.has_base ? first.base->evenings : std::uint64_t{0}, rp::kJsonHead);
  if (first.base && first.base->interrupted) out.field("baseline_interrupted", true);  // the base itself was cut short
  core::mark(out, done);
  out.field("lift_stderr", std::string(kPairing)).field("verdict", verdict_json(t, families, decision(a)));
  if (a.sequential) out.field("until_verdict", sequential_json(*a.sequential, a.setup.evenings));
  if (a.has_base) {
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
      const auto d = lift(t, f, k);
      std::vector<rp::Value> row = {families[f]};
      row.push_back(d ? rp::Value(static_cast<bool>(t.unused[f][k])) : rp::Value(rp::Absent{}));
      row.push_back(d ? rp::Value(t.families[f].with[k]->estimate(Group::tested, Measure::win)) : rp::Value(rp::Absent{}));
      for (auto& x : difference_values(d)) row.push_back(std::move(x));
      by_family.row(std::move(row));
    }
    std::vector<rp::Value> row = joker_row(std::string(joker_id(t.tested[k])), first.family, *first.with[k], lift(t, 0, k),
                                           lift(t, 0, k, Measure::loser), t.solo_lift[k]);
    row.back() = by_family.nested();
    jokers.row(std::move(row));
  }
  out.field("jokers", jokers.nested());
  if (a.compared) out.field("ruleset_comparison", comparison_json(a));
}

void joker_csv(rp::Report& out, const BalanceAnswer& a) {
  const JokerTable& t = a.table;
  rp::Table& csv = out.table("", joker_columns(), rp::kCsv);
  for (size_t f = 0; f < a.setup.families.size(); ++f) {
    const FamilyRows& rows = t.families[f];
    if (!rows.base || rows.base->evenings == 0) continue;
    csv.row(joker_row("base", rows.family, *rows.base, std::nullopt, std::nullopt, 0.0));
    for (size_t k = 0; k < t.tested.size(); ++k)
      if (rows.with[k])
        csv.row(joker_row(std::string(joker_id(t.tested[k])), rows.family, *rows.with[k], lift(t, f, k),
                          lift(t, f, k, Measure::loser), t.solo_lift[k]));
  }
}

// The ruleset comparison as text: each group under both rulesets, then rules − preset.
void comparison_text(std::ostringstream& o, const BalanceAnswer& a) {
  const std::vector<std::string> group_names = {"tested", "field"};
  const TableRun& preset_run = *a.preset_run;
  const TableRun& rules_run = *a.rules_run;
  o << "\nruleset comparison (tested player with jokers " << a.compare_loadout
    << ", the changed jokers selected first, and the field; " << a.setup.families[0] << "):\n"
    << "  preset " << a.reference.preset << "  vs  rules " << rules_summary(a.setup.rules) << "\n";
  for (const auto& w : a.compare_warnings) o << "  warning: " << w << "\n";
  o << "group     P(win) preset      P(win) rules       P(loser) preset    P(loser) rules     E[eyes] preset     E[eyes] rules\n";
  for (size_t g = 0; g < 2; ++g) {
    const Group gr = g == 0 ? Group::tested : Group::field;
    o << pad(group_names[g], 10) << pm(preset_run.estimate(gr, Measure::win), "%.4f") << "  "
      << pm(rules_run.estimate(gr, Measure::win), "%.4f") << "  " << pm(preset_run.estimate(gr, Measure::loser), "%.4f")
      << "  " << pm(rules_run.estimate(gr, Measure::loser), "%.4f") << "  " << pm(preset_run.estimate(gr, Measure::eyes), "%.3f")
      << "  " << pm(rules_run.estimate(gr, Measure::eyes), "%.3f") << "\n";
  }
  o << "rules − preset: what the change did (± 1 paired SE)\n";
  for (size_t g = 0; g < 2; ++g) {
    const Group gr = g == 0 ? Group::tested : Group::field;
    o << pad(group_names[g], 10) << "P(win) " << pm(difference(rules_run, preset_run, gr, Measure::win).paired)
      << "  P(loser) " << pm(difference(rules_run, preset_run, gr, Measure::loser).paired) << "  E[eyes] "
      << pm(difference(rules_run, preset_run, gr, Measure::eyes).paired, "%+.3f") << "\n";
  }
}

std::string joker_text(const BalanceAnswer& a) {
  const std::vector<std::string>& families = a.setup.families;
  const JokerTable& t = a.table;
  const FamilyRows& first = t.families[0];
  std::ostringstream o;
  if (const std::string answer = decision(a); !answer.empty()) o << answer << "\n";
  intro(o, a.setup);
  if (first.base && first.base->interrupted) o << "(the base run was interrupted; no joker variant was run)\n";
  o << "lift = variant − base under the family; solo EV lift: exact optimal solo EV with the joker (+ base) minus "
       "without (solver, §5)\n\n"
    << "joker          P(win)           win lift           P(loser)         loser change       E[eyes]  solo EV lift  ";
  for (size_t f = 1; f < families.size(); ++f) o << pad(families[f] + " lift", 19);
  o << "\n";
  if (a.has_base) {
    const TableRun& b = *first.base;
    o << pad("base", 15) << pm(b.estimate(Group::tested, Measure::win), "%.4f") << std::string(19, ' ')
      << pm(b.estimate(Group::tested, Measure::loser), "%.4f") << std::string(19, ' ')
      << rp::number("%7.2f", b.estimate(Group::tested, Measure::eyes).mean) << std::string(16, ' ');
    for (size_t f = 1; f < families.size(); ++f)
      o << pad(t.families[f].base ? "(" + pm(t.families[f].base->estimate(Group::tested, Measure::win), "%.4f") + ")" : "—", 19);
    o << "\n";
  }
  for (size_t k = 0; k < t.tested.size(); ++k) {
    if (!first.with[k]) continue;
    const TableRun& w = *first.with[k];
    o << pad(std::string(joker_id(t.tested[k])), 15) << pm(w.estimate(Group::tested, Measure::win), "%.4f") << "  "
      << pm(lift(t, 0, k)->paired) << "  " << pm(w.estimate(Group::tested, Measure::loser), "%.4f") << "  "
      << pm(lift(t, 0, k, Measure::loser)->paired) << "  " << rp::number("%7.2f", w.estimate(Group::tested, Measure::eyes).mean)
      << "  " << pad(std::isnan(t.solo_lift[k]) ? "—" : rp::number("%+.3f", t.solo_lift[k]), 12);
    for (size_t f = 1; f < families.size(); ++f) {
      const auto d = lift(t, f, k);
      o << pad(!d ? "—" : t.unused[f][k] ? "unused" : pm(d->paired), !d ? 19 : t.unused[f][k] ? 18 : 19);
    }
    o << (t.unused[0][k] ? "  (unused under " + families[0] + ": never played)" : "") << "\n";
  }
  if (t.tested.size() >= 2 && a.has_base) {
    o << "\nlargest lift:";
    for (size_t f = 0; f < families.size(); ++f) o << " " << t.largest[f] << " (" << families[f] << ")";
    o << "; smallest:";
    for (size_t f = 0; f < families.size(); ++f) o << " " << t.smallest[f] << " (" << families[f] << ")";
    o << "\n";
    verdict_text(o, t, families);
    if (a.sequential) o << sequential_text(*a.sequential, a.setup.evenings);
  }
  if (a.compared) comparison_text(o, a);
  return o.str();
}

}  // namespace

core::report::Report describe(const BalanceAnswer& a) {
  rp::Report out({});
  joker_json(out, a, completion(a));
  joker_csv(out, a);
  const std::string text = joker_text(a);
  out.line(text.substr(0, text.size() - 1));
  return out;
}

}  // namespace verflixt::verflixte6
