// `verflixt evaluate`: plays M solo turns (default) or M passes of N players under a
// ruleset, loadout and policy, and prints the mean with its standard error and 95% CI,
// the bust rate with its error and score percentiles.

#include <chrono>
#include <cmath>
#include <iostream>
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

namespace rp = core::report;

// A tally, one description for the three forms: JSON {turns, mean, stderr, ci95: [low, high],
// bust_rate, bust_stderr, percentiles: {p5, ...}}; a CSV row LABEL,COUNT,mean,stderr,ci95_low,
// ci95_high,BUST,BUST_stderr,p5,...; a text row "LABEL  mean m ± se (SE)  95% CI [low, high]  bust
// b ± se  p5/25/50/75/95 a/b/c/d/e". A pass's tallies name their count and bust rate in CSV as
// passes and zombie_rate; JSON keeps turns and bust_rate. Then the row's position (JSON).
std::vector<rp::Column> tally_columns(const std::string& count = "turns", const std::string& bust = "bust") {
  std::vector<rp::Column> c = {
      {.name = "label_text", .in = rp::kText},
      {.name = "label", .in = rp::kCsv},
      {.name = "turns", .in = rp::kJsonCsv, .csv_name = count},
      {.name = "mean", .text = "  mean ", .se_name = "stderr"},
      {.name = "ci95", .in = rp::kJson},
      {.name = "ci95_low", .text = " (SE)  95% CI [", .in = rp::kText | rp::kCsv},
      {.name = "ci95_high", .text = ", ", .in = rp::kText | rp::kCsv},
      {.name = "bust_rate", .text = "]  bust ", .text_format = "%.5f", .se_name = "bust_stderr",
       .csv_name = bust + "_rate", .csv_se_name = bust + "_stderr"},
      {.name = "percentiles", .in = rp::kJson}};
  for (double q : kPercentiles)
    c.push_back({.name = "p" + std::to_string(static_cast<int>(q * 100)), .text = q < 0.1 ? "  p5/25/50/75/95 " : "/",
                 .in = rp::kText | rp::kCsv});
  c.push_back({.name = "position", .in = rp::kJson});
  return c;
}

std::vector<rp::Value> tally_row(const std::string& text_label, const std::string& csv_label, const core::Tally& t,
                                 rp::Value position = rp::Absent{}) {
  std::vector<rp::Value> row = {text_label, csv_label, t.turns()};
  if (t.turns() == 0) {  // interrupted before the first chunk: nothing to report
    row.insert(row.end(), 6 + std::size(kPercentiles), rp::Absent{});
  } else {
    const double low = t.mean() - core::kZ95 * t.stderr_mean(), high = t.mean() + core::kZ95 * t.stderr_mean();
    rp::Table percentiles{.columns = {{.name = "p"}, {.name = "value"}}, .keyed = true, .json = rp::Table::Values};
    std::vector<rp::Value> ps;
    for (double q : kPercentiles) {
      const auto p = static_cast<std::int64_t>(t.percentile(q));
      percentiles.row({"p" + std::to_string(static_cast<int>(q * 100)), p});
      ps.push_back(p);
    }
    row.insert(row.end(), {core::Estimate{t.mean(), t.stderr_mean()}, std::vector<double>{low, high}, low, high,
                           core::Estimate{t.bust_rate(), t.bust_stderr()}, percentiles.nested()});
    row.insert(row.end(), ps.begin(), ps.end());
  }
  row.push_back(std::move(position));
  return row;
}

// The rows of tallies in text and CSV; one that is empty (a run stopped before its first
// chunk) says so in the text and has no CSV row.
void tally_rows(rp::Report& out, const std::vector<rp::Column>& columns, const std::vector<std::vector<rp::Value>>& rows) {
  rp::Table& table = out.table("", columns, rp::kText | rp::kCsv);
  for (const auto& row : rows)
    if (std::get<std::uint64_t>(row[2]) > 0) table.row(row);
  for (const auto& row : rows)
    if (std::get<std::uint64_t>(row[2]) == 0) out.line(std::get<std::string>(row[0]) + "  nothing completed");
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

// What to evaluate and how, as the options give it.
struct Evaluation {
  const Rules& rules;
  const Policy& policy;
  JokerSet jokers;
  std::string jokers_from;  // "default", "--jokers" or "policy file"
  std::string format, engine;
  std::uint64_t turns, seed;  // turns: solo turns or passes
  int players, threads;
  core::RunControl control;
};

// The head of the result: JSON's first members, and the text's first line (version, rules,
// policy and loadout with where it came from).
rp::Report head(const Evaluation& e) {
  rp::Report out({});
  out.field("version", std::string(kVersion))
      .field("seed", e.seed)
      .field("rules", rules_summary(e.rules))
      .field("policy", e.policy.name())
      .field("jokers", loadout_name(e.jokers))
      .field("jokers_from", e.jokers_from)
      .field("engine", e.engine)
      .field("threads", e.threads)
      .field("ranks", core::cluster::size());  // MPI processes: metadata, the numbers do not depend on it
  return out;
}

std::string head_text(const Evaluation& e) {
  return "verflixt " + std::string(kVersion) + "  rules " + rules_summary(e.rules) + "  policy " + e.policy.name() +
         "  jokers " + loadout_name(e.jokers) + " (" + (e.jokers_from == "default" ? "default" : "from " + e.jokers_from) +
         ")";
}

// The turn as an absorbing Markov chain: exact values, no sampling error to report.
std::string exact_report(const Evaluation& e, Completion& done) {
  done = completion(1, 1, "evaluations");
  const core::MarkovResult m = evaluate_chain(compile_chain(e.rules, e.jokers, e.policy));
  rp::Report out = head(e);
  out.field("exact", true);
  mark(out, done);
  out.field("ev", m.ev)
      .field("bust_probability", m.bust_probability)
      .line(head_text(e) + "\nexact (absorbing Markov chain, no sampling error)\neyes  mean " + fmt("%.6f", m.ev) +
            "  bust " + fmt("%.6f", m.bust_probability));
  rp::Table& dist = out.table("distribution", {{.name = "value"}, {.name = "probability", .csv_format = "%.12g"}},
                              rp::kJson | rp::kCsv);
  dist.json = rp::Table::Arrays;
  for (const auto& [v, p] : m.distribution) dist.row({static_cast<std::int64_t>(v), p});
  return out.render(e.format);
}

// Sampled solo turns: the kernel or the reference engine.
std::string solo_report(const Evaluation& e, Completion& done) {
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
  const double per_second = static_cast<double>(t.turns()) / std::max(run.seconds, 1e-9);
  rp::Report out = head(e);
  out.line(head_text(e) + "  seed " + std::to_string(e.seed) + "\nsolo turns " + std::to_string(t.turns()) +
           (done.interrupted ? " (interrupted)" : "") + "  engine " + e.engine + "  " + fmt("%.3g", per_second) +
           " turns/s");
  const std::vector<rp::Value> row = tally_row("eyes", "solo", t);
  rp::Table& members = out.table("", tally_columns(), rp::kJson);  // the tally's members are the document's
  members.json = rp::Table::Object;
  members.row(row);
  tally_rows(out, tally_columns(), {row});
  out.field("requested_turns", run.requested);
  mark(out, done);
  out.field("seconds", run.seconds).field("turns_per_second", per_second);
  return out.render(e.format);
}

// Sampled passes of e.players players, by position and over all.
std::string passes_report(const Evaluation& e, Completion& done) {
  const PassRun run = evaluate_passes(e.rules, e.jokers, e.policy, e.players, e.turns, e.seed, e.threads, e.control,
                                      e.engine == "kernel");
  progress_done();
  const std::uint64_t passes = run.tally.all.turns() / static_cast<std::uint64_t>(e.players);
  done = completion(passes, run.requested, "passes", run.interrupted);
  rp::Report out = head(e);
  out.field("players", e.players).field("passes", passes).field("requested_passes", run.requested);
  mark(out, done);
  out.field("seconds", run.seconds)
      .line(head_text(e) + "  seed " + std::to_string(e.seed) + "\npasses " + std::to_string(passes) + " of " +
            std::to_string(e.players) + " players  engine " + e.engine + "  " +
            fmt("%.3g", static_cast<double>(passes) / run.seconds) + " passes/s" + (done.interrupted ? " (interrupted)" : "") +
            "; pass result after T7, 'bust' = ended a Zombie");
  const std::vector<rp::Column> columns = tally_columns("passes", "zombie");
  rp::Table all{.columns = columns, .json = rp::Table::Object}, positions{.columns = columns};
  all.row(tally_row("all    ", "all", run.tally.all));
  for (size_t pos = 0; pos < run.tally.by_position.size(); ++pos)
    positions.row(tally_row("seat " + std::to_string(pos + 1) + (pos < 9 ? " " : ""), "position" + std::to_string(pos + 1),
                            run.tally.by_position[pos], std::uint64_t{pos + 1}));
  out.field("all", all.nested()).field("positions", positions.nested());
  std::vector<std::vector<rp::Value>> rows = positions.rows;
  rows.push_back(all.rows.front());
  tally_rows(out, columns, rows);
  return out.render(e.format);
}

// evaluate's options, then the sampling, rules and output ones.
core::OptionTable evaluate_options() {
  core::Option players = core::integer_option(
      "players", 0, 0, 12, "play passes of this many players (2..12; the pass kernel, or the reference engine); 0 = solo turns");
  players.valid = "0 (solo) or 2..12";
  // The engine is read by evaluate itself (with "did you mean"); its names feed the completion.
  core::Option engine = core::word_option("engine", "auto",
                                          "kernel (compiled chain, fast), reference (the readable engine), exact (Markov "
                                          "chain, no sampling), auto (kernel for solo turns, reference for passes)");
  engine.choices = {"auto", "kernel", "reference", "exact"};
  const core::OptionTable own = {
      core::policy_option("policy", "threshold:17",
                          "threshold:N, a heuristic file strategies/*.ini, or a solver table *.policy"),
      core::word_option("jokers", "none",
                        "loadout, e.g. hirtenschutz,pony; default: the loadout the --policy file names, else none"),
      core::count_option("turns", 1000000, 1, std::uint64_t{1} << 50, "solo turns (or passes with --players)"),
      players,
      engine,
      core::switch_option("exact", "the same as --engine exact: EV and distribution from the Markov chain")};
  return own + sampling_options() + rules_options() + output_options(kFormats);
}

}  // namespace

int evaluate_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "evaluate options", evaluate_options(),
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

  const Evaluation e{rules, *policy, jokers, jokers_from, format, engine, turns, seed, players, threads, control};
  Completion done;  // the exact chain is one unit of work; sampling counts turns or passes
  const std::string text = engine == "exact" ? exact_report(e, done)
                           : players == 0    ? solo_report(e, done)
                                             : passes_report(e, done);
  return finish(vm, format, done, text);
}

}  // namespace verflixt::cli
