// balance's question checked into a plan, and its three answers computed from the plan
// (answers/balance.h): the joker table with the ruleset comparison, --vary and --auto; how far
// each got. Their descriptions:
// balance_table.cpp, balance_vary.cpp, balance_auto.cpp.
#include "verflixt/games/verflixte6/answers/balance.h"

#include <algorithm>
#include <memory>
#include <sstream>
#include <utility>

#include "games/verflixte6/analyses/balance_helpers.h"
#include "games/verflixte6/answers/balance_format.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/names.h"
#include "verflixt/games/verflixte6/exact/strong_policy.h"
#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::verflixte6 {

namespace {

bool stopped(const RunHooks& hooks) { return balance_detail::stopped(hooks); }

// The strong family with the parameters of the file at `spec`.
PolicyFamily strong_family_from(const std::string& spec) {
  const std::string path = resolve_policy_path(spec);
  std::string text;
  try {
    text = core::read_text_file(path, "--strong");
  } catch (const core::InputError& e) {
    throw core::InputError(std::string(e.what()) + "; valid: a strong policy file (strategies/strong.ini) or none");
  }
  std::istringstream in(text);
  return strong_family(read_strong(in, path));
}

}  // namespace

BalancePlan prepare_balance(const Rules& rules, const BalanceQuestion& q) {
  BalancePlan p;
  p.rules = rules;
  p.run = {.evenings = q.evenings, .seed = q.seed, .threads = q.threads};
  if (q.vary && q.auto_) throw core::InputError("--vary and --auto exclude each other; give one");
  p.until_verdict = q.until_verdict;
  if (p.until_verdict && (q.vary || q.auto_))
    throw core::InputError("--until-verdict plays the joker table; it does not go with --vary or --auto");
  p.base = parse_joker_priority(q.base, rules, "--base");
  p.tested = q.jokers == "all" ? rule_jokers(rules) : parse_joker_priority(q.jokers, rules, "--jokers");

  // The table, the field and the policy families; the swept parameter of vary or auto.
  const std::shared_ptr<const Policy> policy = make_policy(q.policy, rules);
  p.policy = policy->name();
  p.field_seat = make_seat_player(q.field, rules);
  p.field = p.field_seat.label;
  BalanceTable& table = p.table;
  table.players = q.players;
  table.field_policy = p.field_seat.policy.get();
  table.field_selector = p.field_seat.selector.get();
  table.field_jokers = p.field_seat.jokers;
  table.final = q.final;
  // One series length for both rulesets, so their comparison plays the same evenings.
  table.series_length = default_series_length(rules);
  // Checked against the policy file and the field here; each family's run then resolves auto
  // on its own (the strong family needs the reference engine, the others take the kernel).
  table.engine = engine_named(q.engine, {policy.get(), p.field_seat.policy.get()});
  if (core::choose_name(q.engine, engine_names(), "--engine") == 0) table.engine = PassEngine::Auto;
  // The policy families, in column order: a third family is one more line here.
  p.families = {fixed_policy_family(policy)};
  if (!q.no_solver_family) p.families.push_back(solver_family());
  if (q.strong != "none") {
    if (table.engine == PassEngine::Kernel)
      throw core::InputError("--engine kernel: the pass kernel cannot play the strong family (its choices read the "
                             "table); valid: --engine auto or reference, or --strong none");
    p.families.push_back(strong_family_from(q.strong));
  }
  if (q.vary) p.sweep = parse_param_sweep(*q.vary, rules, "--vary");
  if (q.auto_) {
    p.sweep = parse_param_sweep(*q.auto_, rules, "--auto");
    std::erase(p.tested, p.sweep.joker);
    if (p.tested.empty())
      throw core::InputError("--auto: --jokers names no joker but " + p.sweep.key.substr(0, p.sweep.key.find('.')) +
                             " to balance against");
  }
  p.base_name = p.base.empty() ? "none" : q.base;
  return p;
}

BalanceSetup balance_setup(const BalancePlan& q) {
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

BalanceAnswer balance_answer(const BalancePlan& q, const RunHooks& hooks) {
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

BalanceVaryAnswer balance_vary_answer(const BalancePlan& q, const RunHooks& hooks) {
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

BalanceAutoAnswer balance_auto_answer(const BalancePlan& q, const RunHooks& hooks) {
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
