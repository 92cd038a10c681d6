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
#include "verflixt/core/names.h"
#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::cli::balance_run {

using namespace verflixt::verflixte6;
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

std::string joker_json(const Balance& bal, const JokerResult& res, const Completion& done) {
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
  const std::vector<Joker>& changed = res.changed;
  const std::vector<std::string>& compare_warnings = res.compare_warnings;
  const bool compared = res.compared;
  const std::string& compare_loadout = res.compare_loadout;
  auto lift = [&res](size_t f, size_t k, Measure m = Measure::win) { return res.lift(f, k, m); };
  std::string text;
  json j;
  bal.header(j);
  j["evenings_per_variant"] = has_base ? first.base->evenings : 0;
  if (first.base && first.base->interrupted) j["baseline_interrupted"] = true;  // the base itself was cut short
  mark_json(j, done);
  j["lift_stderr"] = kPairing;
  j["verdict"] = verdict_json(t, families);
  if (sequential) j["until_verdict"] = sequential_json(*sequential, evenings);
  if (has_base) {
    const TableRun& b = *first.base;
    const core::Estimate w = b.estimate(Group::tested, Measure::win), l = b.estimate(Group::tested, Measure::loser);
    j["baseline"] = {{"p_win", w.mean}, {"p_win_stderr", w.se}, {"p_loser", l.mean}, {"p_loser_stderr", l.se}};
  }
  json bases = json::array();
  for (const auto& rows : t.families) {
    json b = {{"family", rows.family}};
    if (rows.base) {
      const core::Estimate w = rows.base->estimate(Group::tested, Measure::win);
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
    const core::Estimate pw = w.estimate(Group::tested, Measure::win), pl = w.estimate(Group::tested, Measure::loser),
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
        const core::Estimate p = t.families[f].with[k]->estimate(Group::tested, Measure::win);
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
        const core::Estimate a = ref_run->estimate(gr, m), b = new_run->estimate(gr, m);
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
  text = json_text(j);
  return text;
}

std::string joker_csv(const Balance& bal, const JokerResult& res) {
  const std::vector<PolicyFamily>& families = bal.families;
  const JokerTable& t = res.t;
  auto lift = [&res](size_t f, size_t k, Measure m = Measure::win) { return res.lift(f, k, m); };
  std::string text;
  text = "joker,family,p_win,p_win_se,win_lift,win_lift_se,win_lift_se_independent,p_loser,loser_change,loser_change_se,"
         "eyes,eyes_se,solo_ev_lift\n";
  for (size_t f = 0; f < families.size(); ++f) {
    const FamilyRows& rows = t.families[f];
    if (!rows.base || rows.base->evenings == 0) continue;
    auto line = [&](const std::string& label, const TableRun& r, const std::optional<Difference>& dw,
                    const std::optional<Difference>& dl, double solo) {
      const core::Estimate w = r.estimate(Group::tested, Measure::win), l = r.estimate(Group::tested, Measure::loser),
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
  return text;
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
  const std::string text = format == "json" ? joker_json(*this, r, done)
                           : format == "csv" ? joker_csv(*this, r)
                                             : joker_text(*this, r);
  return finish(vm, format, done, text);
}

}  // namespace verflixt::cli::balance_run
