// `verflixt tune`: improves a position policy's integer parameters for one seat against a
// fixed field by simulation with common random numbers (tuning.h), optionally picks its
// loadout, prints the search path with paired errors, and writes the improved policy as a
// position INI file that make_policy reads back.

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "cli/cli.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/seat_spec.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/core/names.h"
#include "verflixt/core/report.h"
#include "verflixt/games/verflixte6/exact/strong_policy.h"
#include "verflixt/games/verflixte6/analyses/tuning.h"
#include "verflixt/games/verflixte6/answers/tournament.h"
#include "verflixt/core/cluster.h"
#include "verflixt/version.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {


const std::vector<std::string> kFormats = {"table", "json"};

std::string joker_list(const std::vector<Joker>& list, const char* sep = ", ") {
  if (list.empty()) return "none";
  std::string s;
  for (Joker j : list) s += (s.empty() ? "" : sep) + std::string(joker_id(j));
  return s;
}

namespace rp = core::report;

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

// Candidate loadouts: "singles" / "pairs" over the jokers of the rules (plus none), or
// explicit priority lists separated by ';' ("none" is the empty list).
std::vector<std::vector<Joker>> parse_loadouts(const std::string& text, const Rules& rules) {
  std::vector<Joker> all;
  for (int j = 0; j < JOKER_NB; ++j)
    if (rules.jokers.has(static_cast<Joker>(j))) all.push_back(static_cast<Joker>(j));
  std::vector<std::vector<Joker>> out;
  if (text == "singles" || text == "pairs") {
    out.push_back({});
    for (size_t a = 0; a < all.size(); ++a) {
      if (text == "singles") out.push_back({all[a]});
      else
        for (size_t b = a + 1; b < all.size(); ++b) out.push_back({all[a], all[b]});
    }
    return out;
  }
  size_t start = 0;
  while (start <= text.size()) {
    size_t semi = text.find(';', start);
    if (semi == std::string::npos) semi = text.size();
    out.push_back(parse_joker_priority(text.substr(start, semi - start), rules,
                                       "--loadouts (valid: singles, pairs or LIST;LIST with LIST = a,b,c or none)"));
    start = semi + 1;
  }
  return out;
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

// The opponents: --field (repeated), or --players N of --field-policy.
std::vector<std::string> field_specs_from(const po::variables_map& vm) {
  std::vector<std::string> field_specs;
  if (vm.count("field")) {
    if (vm.count("players") || vm.count("field-policy"))
      throw core::InputError("give either --field (repeated) or --players N --field-policy P, not both");
    field_specs = vm["field"].as<std::vector<std::string>>();
  } else {
    const int n = vm.count("players") ? vm["players"].as<int>() : 4;
    if (n < 2 || n > 12) throw core::InputError("--players " + std::to_string(n) + " is out of range; valid: 2..12");
    field_specs.assign(static_cast<size_t>(n - 1),
                       vm.count("field-policy") ? vm["field-policy"].as<std::string>() : "strategies/heuristic.ini");
  }
  if (field_specs.empty() || field_specs.size() > 11)
    throw core::InputError(std::to_string(field_specs.size()) + " --field options; valid: 1..11 opponents");
  return field_specs;
}

// A finished (or interrupted) tuning run as its reports describe it.
struct TuneRun {
  const Rules& rules;
  std::uint64_t seed;
  int threads;
  const std::string& objective;  // "win" or "not-loser"
  const std::string& policy_spec;
  const std::vector<std::string>& field_specs;
  int series;
  const TuningOptions& options;
  const TuningTable& table;
  const TuningResult& r;
  const Completion& done;
  bool strong;  // the start point is a strong policy

  const char* what() const { return options.objective == TuningObjective::win ? "P(win)" : "P(not loser)"; }
  std::string field_text() const {
    std::string s;
    for (const auto& f : field_specs) s += (s.empty() ? "" : " ") + f;
    return s;
  }
  // The report-stream values, or why there are none.
  std::string outcome() const {
    if (!r.reported) return std::string("not measured: interrupted, the best accepted so far is kept");
    return "start " + core::report::plus_minus(r.start_value) + ", tuned " + core::report::plus_minus(r.best_value) +
           ", paired difference " + core::report::plus_minus(r.improvement, "%+.4f", "%.4f");
  }
};

// The header of the written policy file: how it was made.
std::string tuned_header(const TuneRun& run) {
  const TuningResult& r = run.r;
  std::ostringstream h;
  h << "# verflixt " << (run.strong ? "strong" : "position") << " policy tuned by `verflixt tune` (version " << kVersion
    << ", seed " << run.seed << ").\n"
    << "# Rules: " << rules_summary(run.rules) << (run.table.final ? " (final evenings)" : "") << "\n"
    << "# Objective: " << run.what() << " of seat 1 against the field: " << run.field_text() << "\n"
    << "# Start: " << run.policy_spec << " (" << params_text(run.table.start) << ", loadout "
    << joker_list(run.table.loadout) << ")\n"
    << "# " << r.evenings << " evenings per candidate; " << run.what() << " " << run.outcome() << ".\n"
    << "# Every key is optional when read back; strategies/" << (run.strong ? "strong" : "position-safe")
    << ".ini explains the keys.\n";
  return h.str();
}

std::string tune_report(const TuneRun& run, const std::string& format) {
  const TuningResult& r = run.r;
  const TuningTable& table = run.table;
  std::vector<std::string> ranges, loadouts;
  for (const auto& g : run.options.ranges)
    ranges.push_back(g.name + "=" + std::to_string(g.lo) + ".." + std::to_string(g.hi) + ":" + std::to_string(g.step));
  for (const auto& l : run.options.loadouts) loadouts.push_back(joker_list(l));
  rp::Report out = evenings_head(run.seed, run.rules, table.engine, table.final);
  out.field("objective", run.objective)
      .field("policy", run.policy_spec)
      .field("field", run.field_specs)
      .field("evenings_per_candidate", r.evenings)
      .field("series_length", run.series)
      .field("pairing", std::string("per series: series s of every candidate draws from chunk_rng(stream, s)"))
      .field("acceptance", std::string("paired improvement on the confirmation stream > 2 standard errors"))
      .field("threads", run.threads)
      .field("ranks", core::cluster::size())  // MPI processes: metadata, the numbers do not depend on it
      .field("param_ranges", ranges)
      .field("loadout_candidates", loadouts)
      .field("start", params_json(table.start))
      .field("start_loadout", joker_list(table.loadout))
      .field("tuned", params_json(r.best))
      .field("tuned_loadout", joker_list(r.loadout))
      .line("verflixt " + std::string(kVersion) + "  rules " + rules_summary(run.rules) + "  seed " +
            std::to_string(run.seed) + "\ntune " + run.policy_spec + " for " + run.what() + " against " + run.field_text() +
            "\n" + std::to_string(r.evenings) + (run.table.final ? " final" : "") + " evenings per candidate" +
            (run.series > 1 ? " in series of " + std::to_string(run.series) : "") +
            "; common random numbers, paired per series; ± is one standard error\n"
            "a move is accepted when its paired improvement on the confirmation stream exceeds 2 SE\n");
  if (r.path.empty()) out.line(run.done.interrupted ? "no move accepted before the interruption" : "no move accepted");
  const auto move = [](const char* name, const char* text) {
    return rp::Column{.name = name, .text = text, .text_format = "%+.4f", .text_se_format = "%.4f", .estimate_object = true};
  };
  rp::Table& path = out.table("path", {{.name = "param", .text = "  "}, {.name = "from", .text = " "},
                                       {.name = "to", .text = " -> "}, move("screened", ": screened "),
                                       move("confirmed", ", confirmed ")},
                              rp::kText | rp::kJson);
  for (const auto& m : r.path)
    path.row({m.param, m.from, m.to, m.screened, m.confirmed});
  out.field("start_value", estimate_json(r.start_value, r.reported))
      .field("tuned_value", estimate_json(r.best_value, r.reported))
      .field("improvement", estimate_json(r.improvement, r.reported))
      .field("rounds", r.rounds)
      .field("candidates", r.candidates)
      .completion(run.done.interrupted, run.done.completed, run.done.total, run.done.unit)
      .field("seconds", r.seconds)
      .line("\nstart  " + params_text(run.table.start) + " loadout " + joker_list(run.table.loadout) + "\ntuned  " +
            params_text(r.best) + " loadout " + joker_list(r.loadout) + "\n" + run.what() +
            " on the report stream: " + run.outcome() + "\n" + std::to_string(r.rounds) + " rounds, " +
            std::to_string(r.candidates) + " measurements, " + fmt("%.1f", r.seconds) + " s" +
            (run.done.interrupted ? " (interrupted: the best accepted so far is kept)" : ""));
  return out.render(format);
}

// tune's options, then the engine, sampling, rules and output ones.
core::OptionTable tune_options() {
  // The objective and the loadouts are read by tune itself; their named values feed the completion.
  core::Option objective = core::word_option("objective", "win", "win (P(win)) or not-loser (1 - P(loser), P3)");
  objective.choices = {"win", "not-loser"};
  core::Option loadouts = core::word_option(
      "loadouts", "after the search, pick the loadout among: singles, pairs (of the rules' jokers, and none) or LIST;LIST");
  loadouts.choices = {"singles", "pairs"};
  const core::OptionTable own = {
      core::policy_option("policy", "strategies/position-safe.ini",
                          "the start point: a kind = position policy file, optionally @JOKERS (its loadout), or a "
                          "strong policy (strong, kind = strong)"),
      core::words_option("field", "one opponent: POLICY[@JOKERS] (repeat per seat, 1..11)"),
      core::integer_option("players", 2, 12, "table size with --field-policy (2..12; default 4)"),
      core::policy_option("field-policy", "", "every opponent with --players (default strategies/heuristic.ini)"),
      objective,
      core::count_option("evenings", 10000, 1, std::uint64_t{1} << 32, "evenings per candidate measurement"),
      core::words_option("param", "name=lo..hi[:step], repeatable; names: margin, margin_per_player, floor, cap, k "
                                  "(default: margin=-2..10 floor=0..20:2 cap=8..40:2)"),
      core::integer_option("rounds", 3, 1, 20, "at most this many passes over the parameters (1..20)"),
      loadouts,
      core::integer_option("series", 1, 1000,
                           "evenings that carry the P4 bonus; default 10 when the rules give one, else 1"),
      core::switch_option("final", "play final evenings (P2)"),
      core::file_option("write-policy", "write the improved policy to this INI file"),
      engine_option("reference",
                    ". The reference engine is tune's default: every candidate is a new policy, and the kernel's "
                    "tables would be compiled again for each, which costs more than they save at 10^4 evenings per "
                    "candidate")};
  return own + sampling_options() + rules_options() + output_options(kFormats);
}

}  // namespace

int tune_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "tune options", tune_options(),
                  std::string("usage: verflixt tune [--policy FILE] --field SEAT ... | --players N --field-policy P\n"
                  "                     [--objective win|not-loser] [--evenings M] [--param name=lo..hi[:step]]\n"
                  "                     [--loadouts singles|pairs|LIST;LIST] [--write-policy FILE]\n"
                  "Coordinate search over a position policy's parameters for seat 1 against a fixed field.\n"
                  "Every candidate plays the same dice (common random numbers, paired per series); a move\n"
                  "is accepted only if its paired improvement on a separate confirmation stream exceeds\n"
                  "2 standard errors. Start and result are re-measured on a third stream.") + kRuleIdsNote,
                  vm))
    return 0;
  const Rules rules = rules_from(vm);
  const std::string format = format_from(vm, kFormats);
  if (vm.count("write-policy")) core::check_output_target(vm["write-policy"].as<std::string>(), "--write-policy");
  const std::uint64_t seed = seed_from(vm);
  const int threads = threads_from(vm);
  TuningOptions options;
  const std::vector<std::string> objectives = {"win", "not-loser"};
  const std::string objective = objectives[core::choose_name(vm["objective"].as<std::string>(), objectives, "--objective")];
  options.objective = objective == "win" ? TuningObjective::win : TuningObjective::not_loser;
  options.evenings = vm["evenings"].as<std::uint64_t>();
  options.max_rounds = vm["rounds"].as<int>();
  if (options.max_rounds < 1 || options.max_rounds > 20)
    throw core::InputError("--rounds " + std::to_string(options.max_rounds) + " is out of range; valid: 1..20");
  if (vm.count("param")) {
    options.ranges.clear();
    for (const auto& t : vm["param"].as<std::vector<std::string>>()) options.ranges.push_back(parse_param_range(t));
  }
  if (vm.count("loadouts")) options.loadouts = parse_loadouts(vm["loadouts"].as<std::string>(), rules);

  const std::string policy_spec = vm["policy"].as<std::string>();
  const SeatPlayer tested = make_seat_player(policy_spec, rules);
  const auto* position = dynamic_cast<const PositionPolicy*>(tested.policy.get());
  const auto* strong = dynamic_cast<const StrongPolicy*>(tested.policy.get());
  if (!position && !strong)
    throw core::InputError("--policy '" + policy_spec +
                     "' is not a position or strong policy; valid: a policy file with kind = position or strong");
  if (strong && vm.count("loadouts"))
    throw core::InputError("--loadouts is for position policies; a strong policy selects by its own plan");

  const std::vector<std::string> field_specs = field_specs_from(vm);
  const int series = series_from(vm, rules);

  const std::vector<SeatPlayer> field = make_seat_players(field_specs, rules);
  TuningTable table;
  if (strong) {
    // The strong family (strong_policy.h): its stop rule is tuned, jokers and the last seat
    // stay exact; it selects by its own plan.
    table.start = strong->params().stop;
    table.make_tested = [strong](const PositionParams& p) -> std::unique_ptr<Policy> {
      StrongParams sp = strong->params();
      sp.stop = p;
      return std::make_unique<StrongPolicy>(strong->solutions(), sp, strong->loadouts(), "tuned");
    };
    table.tested_selector = tested.selector.get();
  } else {
    table.start = position->params();
    table.jokers = position->heuristic().params();
    table.loadout = tested.jokers;
  }
  table.final = vm["final"].as<bool>();
  table.series_length = series;
  for (const auto& f : field) table.field.push_back({f.policy.get(), f.selector.get(), 0});
  std::vector<const Policy*> policies{tested.policy.get()};
  for (const auto& f : field) policies.push_back(f.policy.get());
  table.engine = engine_from(vm, policies);

  install_interrupt_handler();
  core::RunControl control;
  control.stop = &interrupt_flag();
  const TuningResult r = tune_position(rules, table, options, seed, threads, control);
  // The search is open-ended, so the mark counts completed measurements without a total.
  const Completion done =
      completion(static_cast<std::uint64_t>(r.candidates), 0, "candidate measurements", r.interrupted);

  const TuneRun run{rules, seed, threads, objective, policy_spec, field_specs, series, options, table, r, done,
                    strong != nullptr};
  if (vm.count("write-policy")) {
    std::string file;
    if (strong) {
      StrongParams sp = strong->params();
      sp.stop = r.best;
      file = strong_file(sp, tuned_header(run));
    } else {
      file = policy_file(r.best, table.jokers, r.loadout, tuned_header(run));
    }
    core::write_file_atomic(vm["write-policy"].as<std::string>(), file, "--write-policy");
  }
  return finish(vm, format, done, tune_report(run, format));
}

}  // namespace verflixt::cli
