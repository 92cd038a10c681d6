// `verflixt evaluate`: plays M solo turns (default) or M passes of N players under a
// ruleset, loadout and policy, and prints the mean with its standard error and 95% CI,
// the bust rate with its error and score percentiles.

#include <chrono>
#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "cli/cli.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/analyses/evaluate.h"
#include "verflixt/games/verflixte6/rules/heuristic.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/core/kernel.h"
#include "verflixt/core/markov.h"
#include "verflixt/core/names.h"
#include "verflixt/core/report.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/rules/position.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"
#include "verflixt/games/verflixte6/exact/solver.h"
#include "verflixt/core/cluster.h"
#include "verflixt/version.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {


const std::vector<std::string> kFormats = {"table", "json", "csv"};
constexpr double kPercentiles[] = {0.05, 0.25, 0.50, 0.75, 0.95};

nlohmann::ordered_json tally_json(const core::Tally& t) {
  nlohmann::ordered_json j;
  j["turns"] = t.turns();
  if (t.turns() == 0) return j;  // interrupted before the first chunk: nothing to report
  j["mean"] = t.mean();
  j["stderr"] = t.stderr_mean();
  j["ci95"] = {t.mean() - core::kZ95 * t.stderr_mean(), t.mean() + core::kZ95 * t.stderr_mean()};
  j["bust_rate"] = t.bust_rate();
  j["bust_stderr"] = t.bust_stderr();
  nlohmann::ordered_json p;
  for (double q : kPercentiles) p["p" + std::to_string(static_cast<int>(q * 100))] = t.percentile(q);
  j["percentiles"] = p;
  return j;
}

std::string tally_row(const std::string& label, const core::Tally& t) {
  if (t.turns() == 0) return label + "  nothing completed";
  std::ostringstream s;
  s << label << "  mean " << core::report::plus_minus({t.mean(), t.stderr_mean()})
    << " (SE)  95% CI [" << fmt("%.4f", t.mean() - core::kZ95 * t.stderr_mean()) << ", "
    << fmt("%.4f", t.mean() + core::kZ95 * t.stderr_mean()) << "]  bust "
    << core::report::plus_minus({t.bust_rate(), t.bust_stderr()}, "%.5f") << "  p5/25/50/75/95 ";
  for (double q : kPercentiles) s << t.percentile(q) << (q < 0.9 ? "/" : "");
  return s.str();
}

// The loadout a policy file names, as a seat at a table selects it for a fresh pass: the first
// jokers_per_pass jokers of its policy.loadout that exist under the rules (heuristic and
// position files), or a solver table's own loadout. nullopt: the policy names none.
std::optional<JokerSet> policy_loadout(const Policy& policy, const Rules& rules) {
  std::vector<Joker> list;
  if (const auto* t = dynamic_cast<const SolvedPolicy*>(&policy)) return t->loadout();
  if (const auto* h = dynamic_cast<const HeuristicPolicy*>(&policy)) list = h->params().loadout;
  else if (const auto* q = dynamic_cast<const PositionPolicy*>(&policy)) list = q->heuristic().params().loadout;
  else return std::nullopt;
  JokerSet set;
  int count = 0;
  for (Joker j : list)
    if (count < rules.jokers_per_pass && rules.jokers.has(j) && !set.has(j)) set = set.with(j), ++count;
  return set;
}

std::string csv_row(const std::string& label, const core::Tally& t) {
  if (t.turns() == 0) return "";
  std::ostringstream s;
  s << label << "," << t.turns() << "," << fmt("%.6f", t.mean()) << "," << fmt("%.6f", t.stderr_mean())
    << "," << fmt("%.6f", t.mean() - core::kZ95 * t.stderr_mean()) << "," << fmt("%.6f", t.mean() + core::kZ95 * t.stderr_mean())
    << "," << fmt("%.6f", t.bust_rate()) << "," << fmt("%.6f", t.bust_stderr());
  for (double q : kPercentiles) s << "," << t.percentile(q);
  return s.str() + "\n";
}

// What to evaluate and how, as the options give it.
struct Evaluation {
  const Rules& rules;
  const Policy& policy;
  JokerSet jokers;
  std::string jokers_from;  // "default", "--jokers" or "policy file"
  std::string format, engine;
  std::uint64_t turns, seed;  // turns: solo turns or passes
  int players, threads;
  nlohmann::ordered_json meta;  // the head of the JSON document
  core::RunControl control;
};

// The text head: version, rules, policy and loadout with where it came from.
std::string head_text(const Evaluation& e) {
  return "verflixt " + std::string(kVersion) + "  rules " + e.meta["rules"].get<std::string>() + "  policy " +
         e.policy.name() + "  jokers " + loadout_name(e.jokers) + " (" +
         (e.jokers_from == "default" ? "default" : "from " + e.jokers_from) + ")";
}

// The turn as an absorbing Markov chain: exact values, no sampling error to report.
std::string exact_report(const Evaluation& e, Completion& done) {
  std::string text;
  done = completion(1, 1, "evaluations");
  const core::MarkovResult m = evaluate_chain(compile_chain(e.rules, e.jokers, e.policy));
  nlohmann::ordered_json j = e.meta;
  j["exact"] = true;
  mark_json(j, done);
  j["ev"] = m.ev;
  j["bust_probability"] = m.bust_probability;
  nlohmann::ordered_json dist = nlohmann::ordered_json::array();
  for (const auto& [v, p] : m.distribution) dist.push_back({v, p});
  j["distribution"] = dist;
  if (e.format == "json") {
    text = json_text(j);
  } else if (e.format == "csv") {
    text = "value,probability\n";
    for (const auto& [v, p] : m.distribution) text += std::to_string(v) + "," + fmt("%.12g", p) + "\n";
  } else {
    std::ostringstream s;
    s << head_text(e) << "\n"
      << "exact (absorbing Markov chain, no sampling error)\n"
      << "eyes  mean " << fmt("%.6f", m.ev) << "  bust " << fmt("%.6f", m.bust_probability) << "\n";
    text = s.str();
  }
  return text;
}

// Sampled solo turns: the kernel or the reference engine.
std::string solo_report(const Evaluation& e, Completion& done) {
  std::string text;
  SoloRun run;
  if (e.engine == "kernel") {
    const auto t0 = std::chrono::steady_clock::now();
    run.tally = sample_chain(compile_chain(e.rules, e.jokers, e.policy), e.turns, e.seed, e.threads, e.control);
    run.requested = e.turns;
    run.interrupted = run.tally.turns() < e.turns;
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  } else {
    run = evaluate_solo(e.rules, e.jokers, e.policy, e.turns, e.seed, e.threads, e.control);
  }
  progress_done();
  const core::Tally& t = run.tally;
  done = completion(t.turns(), run.requested, "turns", run.interrupted);
  nlohmann::ordered_json j = e.meta;
  j.update(tally_json(t));
  j["requested_turns"] = run.requested;
  mark_json(j, done);
  j["seconds"] = run.seconds;
  j["turns_per_second"] = static_cast<double>(t.turns()) / std::max(run.seconds, 1e-9);
  if (e.format == "json") {
    text = json_text(j);
  } else if (e.format == "csv") {
    text = "label,turns,mean,stderr,ci95_low,ci95_high,bust_rate,bust_stderr,p5,p25,p50,p75,p95\n" +
           csv_row("solo", t);
  } else {
    std::ostringstream s;
    s << head_text(e) << "  seed " << e.seed << "\n"
      << "solo turns " << t.turns() << (done.interrupted ? " (interrupted)" : "") << "  engine " << e.engine
      << "  " << fmt("%.3g", j["turns_per_second"].get<double>()) << " turns/s\n"
      << tally_row("eyes", t) << "\n";
    text = s.str();
  }
  return text;
}

// Sampled passes of e.players players, by position and over all.
std::string passes_report(const Evaluation& e, Completion& done) {
  std::string text;
  const PassRun run = evaluate_passes(e.rules, e.jokers, e.policy, e.players, e.turns, e.seed, e.threads, e.control,
                                      e.engine == "kernel");
  progress_done();
  const std::uint64_t passes = run.tally.all.turns() / static_cast<std::uint64_t>(e.players);
  done = completion(passes, run.requested, "passes", run.interrupted);
  nlohmann::ordered_json j = e.meta;
  j["players"] = e.players;
  j["passes"] = passes;
  j["requested_passes"] = run.requested;
  mark_json(j, done);
  j["seconds"] = run.seconds;
  j["all"] = tally_json(run.tally.all);
  for (size_t pos = 0; pos < run.tally.by_position.size(); ++pos) {
    nlohmann::ordered_json r = tally_json(run.tally.by_position[pos]);
    r["position"] = pos + 1;
    j["positions"].push_back(r);
  }
  if (e.format == "json") {
    text = json_text(j);
  } else if (e.format == "csv") {
    text = "label,passes,mean,stderr,ci95_low,ci95_high,zombie_rate,zombie_stderr,p5,p25,p50,p75,p95\n";
    for (size_t pos = 0; pos < run.tally.by_position.size(); ++pos)
      text += csv_row("position" + std::to_string(pos + 1), run.tally.by_position[pos]);
    text += csv_row("all", run.tally.all);
  } else {
    std::ostringstream s;
    s << head_text(e) << "  seed " << e.seed << "\n"
      << "passes " << j["passes"].get<std::uint64_t>() << " of " << e.players << " players  engine " << e.engine
      << "  " << fmt("%.3g", static_cast<double>(j["passes"].get<std::uint64_t>()) / run.seconds) << " passes/s"
      << (done.interrupted ? " (interrupted)" : "") << "; pass result after T7, 'bust' = ended a Zombie\n";
    for (size_t pos = 0; pos < run.tally.by_position.size(); ++pos)
      s << tally_row("seat " + std::to_string(pos + 1) + (pos < 9 ? " " : ""), run.tally.by_position[pos]) << "\n";
    s << tally_row("all    ", run.tally.all) << "\n";
    text = s.str();
  }
  return text;
}

}  // namespace

int evaluate_command(int argc, const char* const* argv) {
  namespace po = po;
  po::options_description desc("evaluate options");
  desc.add_options()
      ("policy", po::value<std::string>()->default_value("threshold:17"),
       "threshold:N, a heuristic file strategies/*.ini, or a solver table *.policy")
      ("jokers", po::value<std::string>()->default_value("none"),
       "loadout, e.g. hirtenschutz,pony; default: the loadout the --policy file names, else none")
      ("turns", count_value(1000000, 1, std::uint64_t{1} << 50), "solo turns (or passes with --players)")
      ("players", int_value(0, 0, 12, "0 (solo) or 2..12"),
       "play passes of this many players (2..12; the pass kernel, or the reference engine); 0 = solo turns")
      ("engine", po::value<std::string>()->default_value("auto"),
       "kernel (compiled chain, fast), reference (the readable engine), exact (Markov chain, no sampling), "
       "auto (kernel for solo turns, reference for passes)")
      ("exact", po::bool_switch(), "the same as --engine exact: EV and distribution from the Markov chain");
  add_sampling_options(desc);
  add_rules_options(desc);
  add_output_options(desc, kFormats);
  po::variables_map vm;
  if (!parse(argc, argv, desc,
                  "usage: verflixt evaluate [--policy P] [--jokers LIST] [--turns M] [--players N]\n"
                  "                         [--seed S] [--threads T] [--format table|json|csv]\n"
                  "Plays M solo turns (docs/rules/verflixte6.md §5) or M passes of N players and prints the mean\n"
                  "eyes with standard error and 95% CI, the bust rate and score percentiles.",
                  vm))
    return 0;
  const Rules rules = rules_from(vm);
  const std::string format = format_from(vm, kFormats);
  const auto policy = make_policy(vm["policy"].as<std::string>(), rules);
  // The loadout: --jokers when given, else the one the policy file names (as tournament and
  // balance seat it), else none. The output says which.
  JokerSet jokers;
  std::string jokers_from = "default";
  const std::optional<JokerSet> from_policy = policy_loadout(*policy, rules);
  if (!vm["jokers"].defaulted()) {
    jokers = parse_loadout(vm["jokers"].as<std::string>(), rules);
    jokers_from = "--jokers";
  } else if (from_policy) {
    jokers = *from_policy;
    jokers_from = "policy file";
  }
  const std::uint64_t turns = vm["turns"].as<std::uint64_t>();
  const int players = vm["players"].as<int>();
  const std::uint64_t seed = seed_from(vm);
  const int threads = threads_from(vm);
  const std::vector<std::string> engines = {"auto", "kernel", "reference", "exact"};
  std::string engine = engines[core::choose_name(vm["engine"].as<std::string>(), engines, "--engine")];
  if (vm["exact"].as<bool>()) {
    if (!vm["engine"].defaulted() && engine != "exact")
      throw core::InputError("--exact contradicts --engine " + engine + "; give one of them");
    engine = "exact";
  }
  if (players != 0 && (players < 2 || players > 12))
    throw core::InputError("--players " + std::to_string(players) + " is out of range; valid: 0 (solo) or 2..12");
  if (threads < 1 || threads > 1024)
    throw core::InputError("--threads " + std::to_string(threads) + " is out of range; valid: 1..1024");
  if (players != 0 && engine == "exact")
    throw core::InputError("--engine exact plays solo turns only; passes (--players) need --engine auto, kernel or reference");
  if (players != 0 && engine != "reference")  // the pass kernel, if it can play the policy
    engine = engine_name(resolve_engine(engine == "kernel" ? PassEngine::Kernel : PassEngine::Auto, {policy.get()}));
  if (engine == "auto") engine = "kernel";

  install_interrupt_handler();
  const core::RunControl control = progress_control(players ? "evaluate passes" : "evaluate turns");

  nlohmann::ordered_json meta;
  meta["version"] = kVersion;
  meta["seed"] = seed;
  meta["rules"] = rules_summary(rules);
  meta["policy"] = policy->name();
  meta["jokers"] = loadout_name(jokers);
  meta["jokers_from"] = jokers_from;
  meta["engine"] = engine;
  meta["threads"] = threads;
  meta["ranks"] = core::cluster::size();  // MPI processes: metadata, the numbers do not depend on it

  const Evaluation e{rules, *policy, jokers, jokers_from, format, engine, turns, seed, players, threads, meta, control};
  Completion done;  // the exact chain is one unit of work; sampling counts turns or passes
  const std::string text = engine == "exact" ? exact_report(e, done)
                           : players == 0    ? solo_report(e, done)
                                             : passes_report(e, done);
  return finish(vm, format, done, text);
}

}  // namespace verflixt::cli
