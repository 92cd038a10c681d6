#include "verflixt/games/verflixte6/answers/tune.h"

#include <memory>
#include <sstream>

#include "verflixt/core/cluster.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"
#include "verflixt/games/verflixte6/answers/tournament.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/position.h"
#include "verflixt/version.h"

namespace verflixt::verflixte6 {

namespace {

namespace rp = core::report;

std::string joker_list(const std::vector<Joker>& list) {
  if (list.empty()) return "none";
  std::string s;
  for (Joker j : list) s += (s.empty() ? "" : ", ") + std::string(joker_id(j));
  return s;
}

// The parameters as JSON: {"margin": 2, ...}.
rp::Nested params_json(const PositionParams& p) {
  rp::Table t{.columns = {{.name = "param"}, {.name = "value"}}, .keyed = true, .json = rp::Table::Values};
  for (const auto& n : tunable_params()) t.row({n, static_cast<std::int64_t>(param_value(p, n))});
  return t.nested();
}

// An estimate as JSON {"mean": m, "stderr": se}, or null.
rp::Value estimate_json(const core::Estimate& e, bool known) {
  rp::Table t{.columns = {{.name = "mean"}, {.name = "stderr"}}, .json = rp::Table::Object};
  return known ? rp::Value(t.row({e.mean, e.se}).nested()) : rp::Value(nullptr);
}

std::string params_text(const PositionParams& p) {
  std::string s;
  for (const auto& n : tunable_params()) s += (s.empty() ? "" : " ") + n + "=" + std::to_string(param_value(p, n));
  return s;
}

const char* objective_name(const TuneAnswer& a) {
  return a.options.objective == TuningObjective::win ? "win" : "not-loser";
}
const char* measure(const TuneAnswer& a) {
  return a.options.objective == TuningObjective::win ? "P(win)" : "P(not loser)";
}
std::string field_text(const TuneAnswer& a) {
  std::string s;
  for (const auto& f : a.field_specs) s += (s.empty() ? "" : " ") + f;
  return s;
}
// The report-stream values, or why there are none.
std::string outcome(const TuningResult& r) {
  if (!r.reported) return std::string("not measured: interrupted, the best accepted so far is kept");
  return "start " + rp::plus_minus(r.start_value) + ", tuned " + rp::plus_minus(r.best_value) +
         ", paired difference " + rp::plus_minus(r.improvement, "%+.4f", "%.4f");
}

// The improved policy as a position INI file: every key commented, the header records how it
// was made, so the file is a result that reads back with make_policy.
std::string policy_file(const PositionParams& p, const HeuristicParams& h, const std::vector<Joker>& loadout,
                        const std::string& header) {
  std::ostringstream s;
  s << header << "\n[policy]\n# Which reader this file is for: position.\nkind = position\n"
    << "# Stop here when fewer than k results are known.\nstop_at = " << h.stop_at << "\n"
    << "# Joker announce order (none: never announce); windows per joker below.\npriority = "
    << joker_list(h.priority) << "\n"
    << "# Jokers to select for a pass, in order of preference (P2); chosen by the tuning if asked.\nloadout = "
    << joker_list(loadout) << "\n\n[position]\n"
    << "# Beat the k-th lowest known standing (0 = the rules' losers_at_least, P3).\nk = " << p.k << "\n"
    << "# ... by more than this many eyes.\nmargin = " << p.margin << "\n"
    << "# ... plus this many per Jungfrau still to play.\nmargin_per_player = " << p.margin_per_player << "\n"
    << "# Never stop below this many pass eyes (unless the last seat is already safe).\nfloor = " << p.floor
    << "\n# Always stop at this many pass eyes or more.\ncap = " << p.cap << "\n"
    << "# Last seat: stop as soon as not among the losers.\nlast_seat_safe = "
    << (p.last_seat_safe ? "true" : "false") << "\n"
    << "# Robbing victim: leader or richest.\nrob = " << (p.rob_leader ? "leader" : "richest") << "\n";
  for (int j = 0; j < JOKER_NB; ++j) {
    const auto jk = static_cast<Joker>(j);
    const bool window = h.use_from[jk] != -kPolicyEyesLimit || h.use_to[jk] != kPolicyEyesLimit;
    const bool inner = jk == ANACONDA || jk == RATTENLORD || jk == MONOKEL || jk == SENIGMA;
    if (!window && !inner) continue;
    s << "\n[" << joker_id(jk) << "]\n";
    if (window)
      s << "# Announce when use_from <= eyes <= use_to (inclusive).\nuse_from = " << h.use_from[jk]
        << "\nuse_to = " << h.use_to[jk] << "\n";
    if (jk == ANACONDA) s << "# J3: fight when the croupier's attack is at most this.\nfight_max_attack = " << h.anaconda_fight_max << "\n";
    if (jk == RATTENLORD) s << "# J5: retreat after a failed first throw.\nretreat = " << (h.rattenlord_retreat ? "true" : "false") << "\n";
    if (jk == MONOKEL) s << "# J9: keep a face of at least this, else re-throw.\nkeep_from = " << h.monokel_keep_from << "\n";
    if (jk == SENIGMA) s << "# J10 duel: let the defender counter from this attack on.\ncounter_from = " << h.senigma_counter_from << "\n";
  }
  return s.str();
}

// The header of the policy file: how it was made.
std::string tuned_header(const TuneAnswer& a) {
  const TuningResult& r = a.result;
  std::ostringstream h;
  h << "# verflixt " << (a.strong ? "strong" : "position") << " policy tuned by `verflixt tune` (version " << kVersion
    << ", seed " << a.seed << ").\n"
    << "# Rules: " << rules_summary(a.rules) << (a.final ? " (final evenings)" : "") << "\n"
    << "# Objective: " << measure(a) << " of seat 1 against the field: " << field_text(a) << "\n"
    << "# Start: " << a.policy_spec << " (" << params_text(a.start) << ", loadout " << joker_list(a.start_loadout)
    << ")\n"
    << "# " << r.evenings << " evenings per candidate; " << measure(a) << " " << outcome(r) << ".\n"
    << "# Every key is optional when read back; strategies/" << (a.strong ? "strong" : "position-safe")
    << ".ini explains the keys.\n";
  return h.str();
}

// Candidate loadouts: the loadouts a word names (all, singles, pairs: each a list in rule
// order), or explicit priority lists separated by ';' ("none" is the empty list).
std::vector<std::vector<Joker>> parse_loadouts(const std::string& text, const Rules& rules) {
  const std::string what = std::string("--loadouts (valid: ") + kLoadoutsForms + ")";
  std::vector<std::vector<Joker>> out;
  if (const auto named = named_loadouts(text, rules, "--loadouts")) {
    for (const JokerSet s : *named) out.push_back(jokers_of(s));
    return out;
  }
  for (const std::string& list : core::split(text, ';')) out.push_back(parse_joker_priority(list, rules, what));
  return out;
}

// The opponents: field, or players - 1 seats of field_policy.
std::vector<std::string> field_specs(const TuneQuestion& q) {
  std::vector<std::string> specs;
  if (!q.field.empty()) {
    if (q.players || q.field_policy)
      throw core::InputError("give either --field (repeated) or --players N --field-policy P, not both");
    specs = q.field;
  } else {
    specs.assign(static_cast<size_t>(q.players.value_or(4) - 1), q.field_policy.value_or("strategies/heuristic.ini"));
  }
  if (specs.empty() || specs.size() > 11)
    throw core::InputError(std::to_string(specs.size()) + " --field options; valid: 1..11 opponents");
  return specs;
}

}  // namespace

TuneSetup prepare_tune(const Rules& rules, const TuneQuestion& q) {
  TuneSetup s;
  s.rules = rules;
  s.policy_spec = q.policy;
  s.seed = q.seed;
  s.threads = q.threads;
  TuningOptions& options = s.options;
  const std::vector<std::string> objectives = {"win", "not-loser"};
  const std::string objective = objectives[core::choose_name(q.objective, objectives, "--objective")];
  options.objective = objective == "win" ? TuningObjective::win : TuningObjective::not_loser;
  options.evenings = q.evenings;
  options.max_rounds = q.rounds;
  if (!q.param.empty()) {
    options.ranges.clear();
    for (const auto& t : q.param) options.ranges.push_back(parse_param_range(t));
  }
  if (q.loadouts) options.loadouts = parse_loadouts(*q.loadouts, rules);

  s.tested = make_seat_player(q.policy, rules);
  const auto* position = dynamic_cast<const PositionPolicy*>(s.tested.policy.get());
  s.strong = dynamic_cast<const StrongPolicy*>(s.tested.policy.get());
  if (!position && !s.strong)
    throw core::InputError("--policy '" + q.policy +
                     "' is not a position or strong policy; valid: a policy file with kind = position or strong");
  if (s.strong && q.loadouts)
    throw core::InputError("--loadouts is for position policies; a strong policy selects by its own plan");

  s.field_specs = field_specs(q);
  const int series = series_length(q.series, rules);

  s.field = make_seat_players(s.field_specs, rules);
  TuningTable& table = s.table;
  if (s.strong) {
    // The strong family (strong_policy.h): its stop rule is tuned, jokers and the last seat
    // stay exact; it selects by its own plan.
    table.start = s.strong->params().stop;
    table.make_tested = [strong = s.strong](const PositionParams& p) -> std::unique_ptr<Policy> {
      StrongParams sp = strong->params();
      sp.stop = p;
      return std::make_unique<StrongPolicy>(strong->solutions(), sp, strong->loadouts(), "tuned");
    };
    table.tested_selector = s.tested.selector.get();
  } else {
    table.start = position->params();
    table.jokers = position->heuristic().params();
    table.loadout = s.tested.jokers;
  }
  table.final = q.final;
  table.series_length = series;
  for (const auto& f : s.field) table.field.push_back({f.policy.get(), f.selector.get(), 0});
  std::vector<const Policy*> policies{s.tested.policy.get()};
  for (const auto& f : s.field) policies.push_back(f.policy.get());
  table.engine = engine_named(q.engine, policies);
  return s;
}

TuneAnswer tune_answer(const TuneSetup& q, const core::RunControl& control) {
  TuneAnswer a{.rules = q.rules,
               .seed = q.seed,
               .threads = q.threads,
               .policy_spec = q.policy_spec,
               .field_specs = q.field_specs,
               .strong = q.strong != nullptr,
               .options = q.options,
               .start = q.table.start,
               .start_loadout = q.table.loadout,
               .engine = q.table.engine,
               .final = q.table.final,
               .series = q.table.series_length,
               .result = tune_position(q.rules, q.table, q.options, q.seed, q.threads, control)};
  a.done = {a.result.interrupted || control.stopped(), static_cast<std::uint64_t>(a.result.candidates), 0,
            "candidate measurements"};
  if (q.strong) {
    StrongParams sp = q.strong->params();
    sp.stop = a.result.best;
    a.policy_file = strong_file(sp, tuned_header(a));
  } else {
    a.policy_file = policy_file(a.result.best, q.table.jokers, a.result.loadout, tuned_header(a));
  }
  return a;
}

core::report::Report describe(const TuneAnswer& a) {
  const TuningResult& r = a.result;
  std::vector<std::string> ranges, loadouts;
  for (const auto& g : a.options.ranges)
    ranges.push_back(g.name + "=" + std::to_string(g.lo) + ".." + std::to_string(g.hi) + ":" + std::to_string(g.step));
  for (const auto& l : a.options.loadouts) loadouts.push_back(joker_list(l));
  rp::Report out = evenings_head(a.seed, a.rules, a.engine, a.final);
  out.field("objective", std::string(objective_name(a)))
      .field("policy", a.policy_spec)
      .field("field", a.field_specs)
      .field("evenings_per_candidate", r.evenings)
      .field("series_length", a.series)
      .field("pairing", std::string("per series: series s of every candidate draws from chunk_rng(stream, s)"))
      .field("acceptance", std::string("paired improvement on the confirmation stream > 2 standard errors"))
      .field("threads", a.threads)
      .field("ranks", core::cluster::size())  // MPI processes: metadata, the numbers do not depend on it
      .field("param_ranges", ranges)
      .field("loadout_candidates", loadouts)
      .field("start", params_json(a.start))
      .field("start_loadout", joker_list(a.start_loadout))
      .field("tuned", params_json(r.best))
      .field("tuned_loadout", joker_list(r.loadout))
      .line("verflixt " + std::string(kVersion) + "  rules " + rules_summary(a.rules) + "  seed " +
            std::to_string(a.seed) + "\ntune " + a.policy_spec + " for " + measure(a) + " against " + field_text(a) +
            "\n" + std::to_string(r.evenings) + (a.final ? " final" : "") + " evenings per candidate" +
            (a.series > 1 ? " in series of " + std::to_string(a.series) : "") +
            "; common random numbers, paired per series; Monte Carlo ± 1 SE\n"
            "a move is accepted when its paired improvement on the confirmation stream exceeds 2 SE\n");
  if (r.path.empty()) out.line(a.done.interrupted ? "no move accepted before the interruption" : "no move accepted");
  const auto move = [](const char* name, const char* text) {
    return rp::Column{.name = name, .text = text, .text_format = "%+.4f", .text_se_format = "%.4f", .estimate_object = true};
  };
  rp::Table& path = out.table("path", {{.name = "param", .text = "  "}, {.name = "from", .text = " "},
                                       {.name = "to", .text = " -> "}, move("screened", ": screened "),
                                       move("confirmed", ", confirmed ")},
                              rp::kText | rp::kJson);
  for (const auto& m : r.path) path.row({m.param, m.from, m.to, m.screened, m.confirmed});
  out.field("start_value", estimate_json(r.start_value, r.reported))
      .field("tuned_value", estimate_json(r.best_value, r.reported))
      .field("improvement", estimate_json(r.improvement, r.reported))
      .field("rounds", r.rounds)
      .field("candidates", r.candidates)
      .completion(a.done.interrupted, a.done.completed, a.done.total, a.done.unit)
      .field("seconds", r.seconds)
      .line("\nstart  " + params_text(a.start) + " loadout " + joker_list(a.start_loadout) + "\ntuned  " +
            params_text(r.best) + " loadout " + joker_list(r.loadout) + "\n" + measure(a) +
            " on the report stream: " + outcome(r) + "\n" + std::to_string(r.rounds) + " rounds, " +
            std::to_string(r.candidates) + " measurements, " + rp::number("%.1f", r.seconds) + " s" +
            (a.done.interrupted ? " (interrupted: the best accepted so far is kept)" : ""));
  return out;
}

}  // namespace verflixt::verflixte6
