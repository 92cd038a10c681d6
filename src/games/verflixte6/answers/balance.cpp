// balance's three answers computed from the question (answers/balance.h): the joker table with
// the ruleset comparison, --vary and --auto; how far each got. Their descriptions:
// balance_table.cpp, balance_vary.cpp, balance_auto.cpp.
#include "verflixt/games/verflixte6/answers/balance.h"

#include <algorithm>
#include <utility>

#include "games/verflixte6/analyses/balance_helpers.h"
#include "games/verflixte6/answers/balance_format.h"
#include "verflixt/core/budget.h"
#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::verflixte6 {

namespace {

bool stopped(const RunHooks& hooks) { return balance_detail::stopped(hooks); }

}  // namespace

BalanceSetup balance_setup(const BalanceQuestion& q) {
  BalanceSetup s;
  s.rules = q.rules;
  s.seed = q.run.seed;
  s.evenings = q.run.evenings;
  s.players = q.table.players;
  s.series_length = q.table.series_length;
  s.engine = q.table.engine;
  s.policy = q.policy;
  s.base = q.base_name;
  s.field = q.field;
  for (const auto& f : q.families) s.families.push_back(f.name);
  return s;
}

BalanceAnswer balance_answer(const BalanceQuestion& q, const RunHooks& hooks) {
  BalanceAnswer a;
  a.setup = balance_setup(q);
  a.reference = preset(q.rules.preset);
  a.compare = !(q.rules == a.reference);
  if (q.until_verdict)
    a.sequential = measure_until_verdict(q.rules, q.table, q.families, q.base, q.tested, q.run, q.until_verdict, hooks);
  a.table = a.sequential ? a.sequential->table : measure_jokers(q.rules, q.table, q.families, q.base, q.tested, q.run, hooks);
  // Stopped before the first block was played: nothing to show but the mark.
  if (a.table.families.empty()) throw core::Interrupted("balance");
  const FamilyRows& first = a.table.families[0];
  a.has_base = first.base.has_value() && first.base->evenings > 0;
  // The ruleset comparison: the tested seat holds the jokers the change touches (selected
  // first, then the base), so a changed joker is in play; a changed joker the rules lack is
  // held by nobody, and the comparison says so. Played by the first family.
  std::vector<Joker> held_changed;
  if (a.compare) {
    a.changed = changed_jokers(a.reference, q.rules);
    for (Joker j : a.changed) {
      if (q.rules.jokers.has(j) && a.reference.jokers.has(j)) held_changed.push_back(j);
      else a.compare_warnings.push_back(std::string(joker_id(j)) + " is changed but not available under both rulesets: nobody holds it");
    }
    if (!a.changed.empty() && held_changed.empty())
      a.compare_warnings.push_back("no changed joker is held: the comparison shows only the rest of the change");
  }
  std::vector<Joker> compare_list = held_changed;
  for (Joker j : q.base)
    if (std::find(compare_list.begin(), compare_list.end(), j) == compare_list.end()) compare_list.push_back(j);
  if (a.compare && !a.table.interrupted && !stopped(hooks)) {
    auto play = [&](const Rules& r) -> std::optional<TableRun> {
      const FamilyPlayer p = q.families[0].play(r, compare_list);
      const core::RunControl control = hooks.begin ? hooks.begin("balance ruleset comparison") : core::RunControl{};
      TableRun x = play_balance_table(r, q.table, p, q.run.evenings, q.run.seed, q.run.threads, control);
      if (hooks.end) hooks.end();
      if (x.interrupted) return std::nullopt;
      return x;
    };
    a.preset_run = play(a.reference);
    // Without a held changed joker, the tested seat's base run under the rules is that run.
    if (a.preset_run)
      a.rules_run = held_changed.empty() && compare_list == q.base && a.has_base ? first.base : play(q.rules);
    a.compared = a.preset_run && a.rules_run;
  }
  a.compare_loadout = balance_detail::joker_list(compare_list);
  a.stopped = stopped(hooks);
  return a;
}

core::Completion completion(const BalanceAnswer& a) {
  return {a.table.interrupted || a.stopped, a.table.runs_done + (a.compared ? 1 : 0),
          a.table.runs_total + (a.compare ? 1 : 0), "variants"};
}

BalanceVaryAnswer balance_vary_answer(const BalanceQuestion& q, const RunHooks& hooks) {
  // The base is played once when nobody else holds the joker (measure_sweep_point reuses it).
  BalanceVaryAnswer a;
  a.setup = balance_setup(q);
  a.sweep = q.sweep;
  std::vector<std::optional<TableRun>> shared;
  bool interrupted = false;
  for (int v = q.sweep.lo; v <= q.sweep.hi && !interrupted; ++v) {
    VaryPoint p = measure_sweep_point(q.sweep, v, q.table, q.families, q.base, shared, q.run, hooks, interrupted);
    if (interrupted) break;
    if (shared.empty()) shared = p.base;
    a.points.push_back(std::move(p));
  }
  a.stopped = stopped(hooks);
  return a;
}

core::Completion completion(const BalanceVaryAnswer& a) {
  return {a.stopped, a.points.size(), a.sweep.rules.size(), "values"};
}

BalanceAutoAnswer balance_auto_answer(const BalanceQuestion& q, const RunHooks& hooks) {
  BalanceAutoAnswer a;
  a.setup = balance_setup(q);
  a.sweep = q.sweep;
  a.others = q.tested;
  a.result = auto_balance(q.rules, q.sweep, q.table, q.families, q.base, q.tested, q.run, hooks);
  a.stopped = stopped(hooks);
  return a;
}

core::Completion completion(const BalanceAutoAnswer& a) {
  const auto searched = static_cast<std::uint64_t>(
      std::count_if(a.result.results.begin(), a.result.results.end(), [](const AutoResult& r) { return r.complete; }));
  return {a.result.interrupted || a.stopped, searched, a.setup.families.size() + 1, "searches"};
}

}  // namespace verflixt::verflixte6
