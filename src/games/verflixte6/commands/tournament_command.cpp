// `verflixt tournament`: plays many evenings at one table, each seat with its own policy and
// joker list, and prints per policy and per seat P(win), P(loser), expected rank and eyes
// with standard errors, and whether the best policy's lead is significant (objective.h).

#include <cmath>
#include <map>
#include <memory>
#include <sstream>

#include "cli/cli.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/seat_spec.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/core/report.h"
#include "verflixt/core/stats.h"
#include "verflixt/core/cluster.h"
#include "verflixt/version.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {


const std::vector<std::string> kFormats = {"table", "json", "csv"};

namespace rp = core::report;

// A row by policy or by seat, one description for the three forms: JSON {label, seats, p_win:
// {mean, stderr}, ...}; CSV kind,"label",seats,p_win,p_win_se,...; text the label padded to
// the longest of its table, then the estimates ± SE.
std::vector<rp::Column> row_columns(std::size_t label_width) {
  const auto estimate = [](std::string name, std::string text, const char* format) {
    return rp::Column{.name = name, .text = std::move(text), .text_format = format, .se_name = "stderr",
                      .csv_se_name = name + "_se", .estimate_object = true};
  };
  return {{.name = "kind", .in = rp::kCsv},
          {.name = "label", .width = label_width, .csv_quoted = true},
          {.name = "seats", .text = "  ", .text_format = "%5lld"},
          estimate("p_win", "  ", "%.4f"),
          estimate("p_loser", "  ", "%.4f"),
          estimate("rank", "  ", "%.3f"),
          estimate("eyes", "    ", "%.3f")};
}

std::vector<rp::Value> row_values(const std::string& kind, const ObjectiveRow& r) {
  return {kind, r.label, static_cast<std::int64_t>(r.seats), r.win, r.loser, r.rank, r.eyes};
}

// The best row by P(win) and the runner-up, with the paired difference.
struct Lead {
  int best = -1, second = -1;
  core::Estimate diff;
  double z = 0;
};

template <class Diff>
Lead lead_of(const std::vector<ObjectiveRow>& rows, Diff diff) {
  Lead l;
  if (rows.size() < 2) return l;
  std::vector<int> idx(rows.size());
  for (size_t k = 0; k < rows.size(); ++k) idx[k] = static_cast<int>(k);
  std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
    return rows[static_cast<size_t>(a)].win.mean > rows[static_cast<size_t>(b)].win.mean;
  });
  l.best = idx[0];
  l.second = idx[1];
  l.diff = diff(l.best, l.second);
  l.z = l.diff.se > 0 ? l.diff.mean / l.diff.se : 0.0;
  return l;
}

std::string lead_note(const std::vector<ObjectiveRow>& rows, const Lead& l, const char* what) {
  if (l.best < 0) return "";
  std::ostringstream s;
  s << "best " << what << " by P(win): " << rows[static_cast<size_t>(l.best)].label << "; lead over "
    << rows[static_cast<size_t>(l.second)].label << " " << core::report::plus_minus(l.diff, "%+.4f", "%.4f")
    << " (paired SE, same evenings), z = " << fmt("%.2f", l.z) << " — "
    << (std::fabs(l.z) >= core::kZ95 ? "significant at the 5% level (two-sided)" : "not significant at the 5% level");
  return s.str();
}

// The seats: --seat (repeated), or --seats N all playing --policy.
std::vector<std::string> seat_specs_from(const po::variables_map& vm) {
  std::vector<std::string> specs;
  if (vm.count("seat")) {
    if (vm.count("seats")) throw core::InputError("give either --seat (repeated) or --seats N --policy P, not both");
    specs = vm["seat"].as<std::vector<std::string>>();
  } else {
    if (!vm.count("seats")) throw core::InputError("no table: give --seat POLICY[@JOKERS] per seat, or --seats N");
    const int n = vm["seats"].as<int>();
    if (n < 2 || n > 12) throw core::InputError("--seats " + std::to_string(n) + " is out of range; valid: 2..12");
    specs.assign(static_cast<size_t>(n), vm["policy"].as<std::string>());
  }
  if (specs.size() < 2 || specs.size() > 12)
    throw core::InputError(std::to_string(specs.size()) + " --seat options; valid: 2..12 seats");
  return specs;
}

// A tournament played (or interrupted) as its reports describe it; the rows are empty when
// no evening was played.
struct TournamentRun {
  const Rules& rules;
  std::uint64_t seed;
  int threads;
  bool final;
  int series;
  const std::vector<std::string>& specs;
  const ObjectiveSpec& spec;
  const ObjectiveRun& run;
  const Completion& done;
  const std::vector<ObjectiveRow>& by_group_rows;
  const std::vector<ObjectiveRow>& by_seat_rows;
  Lead by_policy, by_seat;
};

// The best row's lead over the runner-up (JSON): an empty object when there is none.
rp::Nested lead_json(const std::vector<ObjectiveRow>& rows, const Lead& l, bool interrupted) {
  rp::Table o{.columns = {{.name = "best"}, {.name = "runner_up"}, {.name = "p_win_difference", .se_name = "paired_stderr"},
                          {.name = "z"}, {.name = "significant_5pct"}, {.name = "from_interrupted_run"}},
              .json = rp::Table::Object};
  if (l.best >= 0)
    o.row({rows[static_cast<size_t>(l.best)].label, rows[static_cast<size_t>(l.second)].label, l.diff, l.z,
           std::fabs(l.z) >= core::kZ95, interrupted ? rp::Value(true) : rp::Value(rp::Absent{})});
  return o.nested();
}

// The rows of one table (by policy or by seat) in text, under their head line.
void rows_text(rp::Report& out, const std::string& head, const std::string& kind, const std::vector<ObjectiveRow>& rows) {
  size_t w = head.size();
  for (const auto& r : rows) w = std::max(w, r.label.size());
  out.line(head + std::string(w - head.size(), ' ') + "  seats  P(win)             P(loser)           E[rank]            E[eyes]");
  rp::Table& table = out.table("", row_columns(w), rp::kText);
  for (const auto& r : rows) table.row(row_values(kind, r));
}

std::string tournament_report(const TournamentRun& t, const std::string& format) {
  const ObjectiveRun& run = t.run;
  rp::Report out({});
  out.field("version", std::string(kVersion))
      .field("seed", t.seed)
      .field("rules_summary", rules_summary(t.rules))
      .field("engine", engine_name(t.spec.engine))
      .field("final", t.final)
      .field("policies", t.spec.groups)
      .field("seats", t.specs)
      .field("evenings", run.evenings)
      .field("requested_evenings", run.requested)
      .field("series_length", static_cast<std::int64_t>(run.series_length))
      .completion(t.done.interrupted, t.done.completed, t.done.total, t.done.unit)
      .field("threads", t.threads)
      .field("ranks", core::cluster::size())  // MPI processes: metadata, the numbers do not depend on it
      .field("seconds", run.seconds)
      .field("conventions",
             "ties for first split the win 1/k; tied ranks are averaged; P(loser) per rule P3 (docs/rules/verflixte6.md)");
  rp::Table by_policy{.columns = row_columns(0)}, by_seat{.columns = row_columns(0)};
  for (const auto& r : t.by_group_rows) by_policy.row(row_values("policy", r));
  for (const auto& r : t.by_seat_rows) by_seat.row(row_values("seat", r));
  out.field("by_policy", by_policy.nested()).field("by_seat", by_seat.nested());
  if (t.by_policy.best >= 0) out.field("best_policy", lead_json(t.by_group_rows, t.by_policy, t.done.interrupted));
  out.field("best_seat", lead_json(t.by_seat_rows, t.by_seat, t.done.interrupted));
  rp::Table& csv = out.table("", row_columns(0), rp::kCsv);
  csv.rows = by_policy.rows;
  csv.rows.insert(csv.rows.end(), by_seat.rows.begin(), by_seat.rows.end());

  out.line("verflixt " + std::string(kVersion) + "  rules " + rules_summary(t.rules) + "  seed " + std::to_string(t.seed) +
           "\n" + std::to_string(run.evenings) + (t.final ? " final" : "") + " evenings of " +
           std::to_string(t.specs.size()) + " players (" + engine_name(t.spec.engine) + ", " + fmt("%.3g", run.seconds) +
           " s)" + (t.series > 1 ? " in series of " + std::to_string(t.series) + " (P4 bonus carried)" : "") +
           (t.done.interrupted ? " (interrupted)" : "") +
           "; ± is one standard error\n"
           "P(win): ties for first split the win 1/k; rank: ties averaged; loser: docs/rules/verflixte6.md P3\n");
  if (t.by_group_rows.size() > 1 && t.by_group_rows.size() < t.by_seat_rows.size()) {
    rows_text(out, "policy", "policy", t.by_group_rows);
    out.line("");
  }
  rows_text(out, "seat", "seat", t.by_seat_rows);
  out.line("");
  const std::string from = t.done.interrupted ? " (from the " + std::to_string(run.evenings) + " evenings of the interrupted run)" : "";
  if (t.by_policy.best >= 0) out.line(lead_note(t.by_group_rows, t.by_policy, "policy") + from);
  if (t.by_seat.best >= 0 && (t.by_policy.best < 0 || t.by_group_rows.size() < t.by_seat_rows.size()))
    out.line(lead_note(t.by_seat_rows, t.by_seat, "seat") + from);
  return out.render(format);
}

// tournament's options, then the engine, sampling, rules and output ones.
core::OptionTable tournament_options() {
  const core::OptionTable own = {
      core::words_option("seat", "one seat: POLICY[@JOKERS] (repeat per seat, 2..12), e.g. "
                                 "threshold:20@hirtenschutz,pony,rattenlord or strategies/position-safe.ini; JOKERS is "
                                 "a priority list, the first ones still available are selected each pass (P2); without "
                                 "@ a policy file's loadout is used"),
      core::integer_option("seats", 2, 12, "number of seats when all play --policy (2..12)"),
      core::policy_option("policy", "threshold:20", "policy of every seat with --seats"),
      core::count_option("evenings", 20000, 1, std::uint64_t{1} << 40, "evenings to play (rounded up to whole series)"),
      core::integer_option("series", 1, 1000,
                           "consecutive evenings that carry the placement bonus (P4); default 10 when the rules give "
                           "one, else 1"),
      core::switch_option("final", "play final evenings (P2: final_passes, Freie Jokerwahl)"),
      core::switch_option("single-pass",
                          "score single passes instead of evenings (sets evening.passes = evening.final_passes = 1)"),
      engine_option()};
  return own + sampling_options() + rules_options() + output_options(kFormats);
}

}  // namespace

int tournament_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "tournament options", tournament_options(),
                  std::string("usage: verflixt tournament --seat POLICY[@JOKERS] --seat ... [--evenings M] [--final]\n"
                  "       verflixt tournament --seats N --policy P [--evenings M]\n"
                  "Plays M evenings at one table (seat g mod N opens evening g) and prints per policy\n"
                  "and per seat P(win) (ties split the win 1/k), P(loser) (docs/rules/verflixte6.md P3), expected rank\n"
                  "(ties averaged) and expected evening total, each with its standard error.") + kRuleIdsNote,
                  vm))
    return 0;
  Rules rules = rules_from(vm);
  if (vm["single-pass"].as<bool>()) rules.passes = rules.final_passes = 1;
  const std::string format = format_from(vm, kFormats);
  const std::uint64_t evenings = vm["evenings"].as<std::uint64_t>();
  const std::uint64_t seed = seed_from(vm);
  const int threads = threads_from(vm);
  const bool final = vm["final"].as<bool>();
  if (threads < 1 || threads > 1024)
    throw core::InputError("--threads " + std::to_string(threads) + " is out of range; valid: 1..1024");

  const std::vector<std::string> specs = seat_specs_from(vm);
  const int series = series_from(vm, rules);

  const std::vector<SeatPlayer> owned = make_seat_players(specs, rules);
  std::map<std::string, int> group_of;
  ObjectiveSpec spec;
  spec.final = final;
  spec.series_length = series;
  for (const auto& seat : owned) {
    auto [it, fresh] = group_of.emplace(seat.label, static_cast<int>(spec.groups.size()));
    if (fresh) spec.groups.push_back(seat.label);
    spec.seats.push_back(TableSeat{seat.policy.get(), seat.selector.get(), it->second});
  }

  std::vector<const Policy*> policies;
  for (const auto& seat : spec.seats) policies.push_back(seat.policy);
  spec.engine = engine_from(vm, policies);

  const ObjectiveRun run = with_progress("tournament evenings", [&](const core::RunControl& control) {
    return play_objectives(rules, spec, evenings, seed, threads, control);
  });
  // Ctrl-C: the estimates cover the evenings played (whole chunks) and say how many; the lead
  // notes are from those evenings. Before the first chunk there is nothing to show.
  const Completion done = completion(run.evenings, run.requested, "evenings", run.interrupted);
  const std::vector<ObjectiveRow> no_rows;
  const std::vector<ObjectiveRow>& by_group_rows = run.evenings ? run.by_group : no_rows;
  const std::vector<ObjectiveRow>& by_seat_rows = run.evenings ? run.by_seat : no_rows;

  const TournamentRun t{rules, seed, threads, final, series, specs, spec, run, done, by_group_rows, by_seat_rows,
                        lead_of(by_group_rows, [&](int a, int b) { return run.group_win_difference(a, b); }),
                        lead_of(by_seat_rows, [&](int a, int b) { return run.seat_win_difference(a, b); })};
  return finish(vm, format, done, tournament_report(t, format));
}

}  // namespace verflixt::cli
