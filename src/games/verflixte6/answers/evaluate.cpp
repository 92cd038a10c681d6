#include "verflixt/games/verflixte6/answers/evaluate.h"

#include <algorithm>
#include <chrono>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "verflixt/core/cluster.h"
#include "verflixt/core/error.h"
#include "verflixt/core/kernel.h"
#include "verflixt/core/names.h"
#include "verflixt/core/stats.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"
#include "verflixt/games/verflixte6/exact/solver.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/seat.h"
#include "verflixt/version.h"

namespace verflixt::verflixte6 {

namespace {

namespace rp = core::report;
using rp::number;

constexpr double kPercentiles[] = {0.05, 0.25, 0.50, 0.75, 0.95};

// A tally, one description for the three forms: JSON {turns, mean, stderr, ci95: [low, high],
// bust_rate, bust_stderr, percentiles: {p5, ...}}; a CSV row LABEL,turns,mean,stderr,ci95_low,
// ci95_high,bust_rate,bust_stderr,p5,...; a text row "LABEL  mean m ± se (SE)  95% CI [low, high]  bust
// b ± se  p5/25/50/75/95 a/b/c/d/e". A pass's tallies count turns too (the "all" row: one a seat
// a pass), and a pass ending a Zombie is its bust. Then the row's position (JSON).
std::vector<rp::Column> tally_columns() {
  std::vector<rp::Column> c = {
      {.name = "label_text", .in = rp::kText},
      {.name = "label", .in = rp::kCsv},
      {.name = "turns", .in = rp::kJsonCsv},
      {.name = "mean", .text = "  mean ", .se_name = "stderr"},
      {.name = "ci95", .in = rp::kJson},
      {.name = "ci95_low", .text = " (SE)  95% CI [", .in = rp::kText | rp::kCsv},
      {.name = "ci95_high", .text = ", ", .in = rp::kText | rp::kCsv},
      {.name = "bust_rate", .text = "]  bust ", .text_format = "%.5f", .se_name = "bust_stderr"},
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

// The head of the result: JSON's first members; an exact answer sampled nothing, and its seed is null.
rp::Report head(const EvaluateAnswer& a) {
  rp::Report out({});
  const bool exact = std::holds_alternative<core::MarkovResult>(a.result);
  out.field("version", std::string(kVersion), rp::kJsonHead)
      .field("game", std::string(kGame), rp::kJsonHead)
      .field("seed", exact ? rp::Value(nullptr) : rp::Value(a.seed), rp::kJsonHead)
      .field("rules", rules_summary(a.rules), rp::kJsonHead)
      .field("policy", a.policy, rp::kJsonHead)
      .field("jokers", loadout_name(a.jokers), rp::kJsonHead)
      .field("jokers_from", a.jokers_from)
      .field("engine", a.engine, rp::kJsonHead)
      .field("threads", a.threads)
      .field("ranks", core::cluster::size());  // MPI processes: metadata, the numbers do not depend on it
  return out;
}

// The text's first line: version, rules, policy and loadout with where it came from.
std::string head_text(const EvaluateAnswer& a) {
  return "verflixt " + std::string(kVersion) + "  rules " + rules_summary(a.rules) + "  policy " + a.policy +
         "  jokers " + loadout_name(a.jokers) + " (" + (a.jokers_from == "default" ? "default" : "from " + a.jokers_from) +
         ")";
}

// The turn as an absorbing Markov chain: exact values, no sampling error to report.
rp::Report describe_exact(const EvaluateAnswer& a, const core::MarkovResult& m) {
  rp::Report out = head(a);
  out.field("exact", true);
  mark(out, completion(a));
  out.field("ev", m.ev)
      .field("bust_probability", m.bust_probability)
      .line(head_text(a) + "\nexact (absorbing Markov chain, no sampling error)\neyes  mean " + number("%.6f", m.ev) +
            "  bust " + number("%.6f", m.bust_probability));
  rp::Table& dist = out.table("distribution", {{.name = "value"}, {.name = "probability", .csv_format = "%.12g"}},
                              rp::kJson | rp::kCsv);
  dist.json = rp::Table::Arrays;
  for (const auto& [v, p] : m.distribution) dist.row({static_cast<std::int64_t>(v), p});
  return out;
}

// Sampled solo turns: the kernel or the reference engine.
rp::Report describe_solo(const EvaluateAnswer& a, const SoloRun& run) {
  const core::Tally& t = run.tally;
  const core::Completion done = completion(a);
  const double per_second = static_cast<double>(t.turns()) / std::max(run.seconds, 1e-9);
  rp::Report out = head(a);
  out.line(head_text(a) + "  seed " + std::to_string(a.seed) + "\nsolo turns " + std::to_string(t.turns()) +
           (done.interrupted ? " (interrupted)" : "") + "  engine " + a.engine + "  " + number("%.3g", per_second) +
           " turns/s");
  const std::vector<rp::Value> row = tally_row("eyes", "solo", t);
  rp::Table& members = out.table("", tally_columns(), rp::kJson);  // the tally's members are the document's
  members.json = rp::Table::Object;
  members.row(row);
  tally_rows(out, tally_columns(), {row});
  out.field("requested_turns", run.requested);
  mark(out, done);
  out.field("seconds", run.seconds).field("turns_per_second", per_second);
  return out;
}

// Sampled passes, by position and over all.
rp::Report describe_passes(const EvaluateAnswer& a, const PassRun& run) {
  const core::Completion done = completion(a);
  const std::uint64_t passes = done.completed;
  rp::Report out = head(a);
  out.field("players", a.players).field("passes", passes).field("requested_passes", run.requested);
  mark(out, done);
  out.field("seconds", run.seconds)
      .line(head_text(a) + "  seed " + std::to_string(a.seed) + "\npasses " + std::to_string(passes) + " of " +
            std::to_string(a.players) + " players  engine " + a.engine + "  " +
            number("%.3g", static_cast<double>(passes) / run.seconds) + " passes/s" +
            (done.interrupted ? " (interrupted)" : "") + "; pass result after T7, 'bust' = ended a Zombie");
  const std::vector<rp::Column> columns = tally_columns();
  rp::Table all{.columns = columns, .json = rp::Table::Object}, positions{.columns = columns};
  all.row(tally_row("all    ", "all", run.tally.all));
  for (std::size_t pos = 0; pos < run.tally.by_position.size(); ++pos)
    positions.row(tally_row("seat " + std::to_string(pos + 1) + (pos < 9 ? " " : ""), "position" + std::to_string(pos + 1),
                            run.tally.by_position[pos], std::uint64_t{pos + 1}));
  out.field("all", all.nested()).field("positions", positions.nested());
  std::vector<std::vector<rp::Value>> rows = positions.rows;
  rows.push_back(all.rows.front());
  tally_rows(out, columns, rows);
  return out;
}

// The loadout a policy file names, as a seat at a table selects it for a fresh pass: the first
// jokers_per_pass jokers of its policy.loadout that exist under the rules (heuristic and
// position files), or a solver table's own loadout. nullopt: the policy names none.
std::optional<JokerSet> policy_loadout(const Policy& policy, const Rules& rules) {
  if (const auto* t = dynamic_cast<const SolvedPolicy*>(&policy)) return t->loadout();
  const std::optional<std::vector<Joker>> list = policy_file_loadout(policy, rules);
  if (!list) return std::nullopt;
  JokerSet set;
  int count = 0;
  for (Joker j : *list)
    if (count < rules.jokers_per_pass && !set.has(j)) set = set.with(j), ++count;
  return set;
}

}  // namespace

EvaluateSetup prepare_evaluate(const Rules& rules, const EvaluateQuestion& question) {
  EvaluateSetup s{.rules = rules, .policy = make_policy(question.policy, rules), .jokers = {}, .jokers_from = "default",
                  .engine = {}, .turns = question.turns, .seed = question.seed, .players = question.players,
                  .threads = question.threads};
  // The loadout: --jokers when given, else the one the policy file names (as tournament and
  // balance seat it), else none. The output says which.
  const std::optional<JokerSet> from_policy = policy_loadout(*s.policy, rules);
  if (question.jokers) {
    s.jokers = parse_loadout(*question.jokers, rules);
    s.jokers_from = "--jokers";
  } else if (from_policy) {
    s.jokers = *from_policy;
    s.jokers_from = "policy file";
  }
  const std::vector<std::string> engines = {"auto", "kernel", "reference", "exact"};
  std::string engine = engines[core::choose_name(question.engine.value_or("auto"), engines, "--engine")];
  if (question.exact) {
    if (question.engine && engine != "exact")
      throw core::InputError("--exact contradicts --engine " + engine + "; give one of them");
    engine = "exact";
  }
  const int players = question.players;
  if (players != 0 && (players < 2 || players > kMaxPlayers))
    throw core::InputError("--players " + std::to_string(players) + " is out of range; valid: 0 (solo) or 2.." +
                           std::to_string(kMaxPlayers));
  if (players != 0 && engine == "exact")
    throw core::InputError("--engine exact plays solo turns only; passes (--players) need --engine auto, kernel or reference");
  if (players != 0 && engine != "reference")  // the pass kernel, if it can play the policy
    engine = engine_name(resolve_engine(engine == "kernel" ? PassEngine::Kernel : PassEngine::Auto, {s.policy.get()}));
  if (engine == "auto") engine = "kernel";
  s.engine = engine;
  return s;
}

EvaluateAnswer evaluate_answer(const EvaluateSetup& q, const core::RunControl& control) {
  EvaluateAnswer a{.rules = q.rules, .policy = q.policy->name(), .jokers = q.jokers, .jokers_from = q.jokers_from,
                   .engine = q.engine, .seed = q.seed, .players = q.players, .threads = q.threads, .result = {},
                   .stopped = false};
  if (q.engine == "exact") {
    // Not interruptible: a stop counts only when it came before the evaluation.
    a.stopped = control.stopped();
    a.result = evaluate_chain(compile_chain(q.rules, q.jokers, *q.policy));
    return a;
  }
  if (q.players != 0) {
    a.result = evaluate_passes(q.rules, q.jokers, *q.policy, q.players, q.turns, q.seed, q.threads, control,
                               q.engine == "kernel");
  } else if (q.engine == "kernel") {
    SoloRun run;
    const auto t0 = std::chrono::steady_clock::now();
    run.tally = sample_chain(compile_chain(q.rules, q.jokers, *q.policy), q.turns, q.seed, q.threads, control);
    run.requested = q.turns;
    run.interrupted = run.tally.turns() < q.turns;
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    a.result = std::move(run);
  } else {
    a.result = evaluate_solo(q.rules, q.jokers, *q.policy, q.turns, q.seed, q.threads, control);
  }
  a.stopped = control.stopped();
  return a;
}

core::Completion completion(const EvaluateAnswer& a) {
  if (const auto* solo = std::get_if<SoloRun>(&a.result))
    return {solo->interrupted || a.stopped, solo->tally.turns(), solo->requested, "turns"};
  if (const auto* run = std::get_if<PassRun>(&a.result))
    return {run->interrupted || a.stopped, run->tally.all.turns() / static_cast<std::uint64_t>(a.players),
            run->requested, "passes"};
  return {a.stopped, 1, 1, "evaluations"};
}

core::report::Report describe(const EvaluateAnswer& a) {
  if (const auto* solo = std::get_if<SoloRun>(&a.result)) return describe_solo(a, *solo);
  if (const auto* run = std::get_if<PassRun>(&a.result)) return describe_passes(a, *run);
  return describe_exact(a, std::get<core::MarkovResult>(a.result));
}

}  // namespace verflixt::verflixte6
