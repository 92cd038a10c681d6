#include "verflixt/games/verflixte6/answers/tournament.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <utility>

#include "verflixt/core/cluster.h"
#include "verflixt/core/error.h"
#include "verflixt/core/option.h"
#include "verflixt/core/stats.h"
#include "verflixt/version.h"

namespace verflixt::verflixte6 {

namespace {

namespace rp = core::report;

// A row by policy or by seat, one description for the three forms: JSON {label, seats, p_win:
// {mean, stderr}, ...}; CSV kind,"label",seats,p_win,p_win_stderr,...; text the label padded to
// the longest of its table, then the estimates ± SE.
std::vector<rp::Column> row_columns(std::size_t label_width) {
  const auto estimate = [](std::string name, std::string text, const char* format) {
    return rp::Column{.name = name, .text = std::move(text), .text_format = format, .se_name = "stderr",
                      .csv_se_name = name + "_stderr", .estimate_object = true};
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
  for (std::size_t k = 0; k < rows.size(); ++k) idx[k] = static_cast<int>(k);
  std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
    return rows[static_cast<std::size_t>(a)].win.mean > rows[static_cast<std::size_t>(b)].win.mean;
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
  s << "best " << what << " by P(win): " << rows[static_cast<std::size_t>(l.best)].label << "; lead over "
    << rows[static_cast<std::size_t>(l.second)].label << " " << rp::plus_minus(l.diff, "%+.4f", "%.4f")
    << " (paired SE, same evenings), z = " << rp::number("%.2f", l.z) << " — "
    << (std::fabs(l.z) >= core::kZ95 ? "significant at the 5% level (two-sided)" : "not significant at the 5% level");
  return s.str();
}

// The best row's lead over the runner-up (JSON): an empty object when there is none.
rp::Nested lead_json(const std::vector<ObjectiveRow>& rows, const Lead& l, bool interrupted) {
  rp::Table o{.columns = {{.name = "best"}, {.name = "runner_up"}, {.name = "p_win_difference", .se_name = "paired_stderr"},
                          {.name = "z"}, {.name = "significant_5pct"}, {.name = "from_interrupted_run"}},
              .json = rp::Table::Object};
  if (l.best >= 0)
    o.row({rows[static_cast<std::size_t>(l.best)].label, rows[static_cast<std::size_t>(l.second)].label, l.diff, l.z,
           std::fabs(l.z) >= core::kZ95, interrupted ? rp::Value(true) : rp::Value(rp::Absent{})});
  return o.nested();
}

// The rows of one table (by policy or by seat) in text, under their head line.
void rows_text(rp::Report& out, const std::string& head, const std::string& kind, const std::vector<ObjectiveRow>& rows) {
  std::size_t w = head.size();
  for (const auto& r : rows) w = std::max(w, r.label.size());
  out.line(head + std::string(w - head.size(), ' ') + "  seats  P(win)             P(loser)           E[rank]            E[eyes]");
  rp::Table& table = out.table("", row_columns(w), rp::kText);
  for (const auto& r : rows) table.row(row_values(kind, r));
}

// The seats: seat (repeated), or seats N all playing policy.
std::vector<std::string> seat_specs(const TournamentQuestion& q) {
  std::vector<std::string> specs;
  if (!q.seat.empty()) {
    if (q.seats) throw core::InputError("give either --seat (repeated) or --seats N --policy P, not both");
    core::check_seat_count(q.seat.size(), kMaxPlayers);
    specs = q.seat;
  } else {
    if (!q.seats) throw core::InputError("no table: give --seat POLICY[@JOKERS] per seat, or --seats N");
    if (*q.seats < 2 || *q.seats > kMaxPlayers)
      throw core::InputError("--seats " + std::to_string(*q.seats) + " is out of range; valid: 2.." +
                             std::to_string(kMaxPlayers));
    specs.assign(static_cast<size_t>(*q.seats), q.policy);
  }
  return specs;
}

}  // namespace

TournamentSetup prepare_tournament(const Rules& rules, const TournamentQuestion& q) {
  TournamentSetup s;
  s.rules = rules;
  if (q.single_pass) s.rules.passes = s.rules.final_passes = 1;
  s.evenings = q.evenings;
  s.seed = q.seed;
  s.threads = q.threads;
  s.specs = seat_specs(q);
  ObjectiveSpec& spec = s.spec;
  spec.final = q.final;
  spec.series_length = series_length(q.series, s.rules);

  // Seats that name the same POLICY[@JOKERS] pool into one group, in order of first seat.
  s.players = make_seat_players(s.specs, s.rules);
  std::map<std::string, int> group_of;
  for (const auto& seat : s.players) {
    auto [it, fresh] = group_of.emplace(seat.label, static_cast<int>(spec.groups.size()));
    if (fresh) spec.groups.push_back(seat.label);
    spec.seats.push_back(TableSeat{seat.policy.get(), seat.selector.get(), it->second});
  }
  std::vector<const Policy*> policies;
  for (const auto& seat : spec.seats) policies.push_back(seat.policy);
  spec.engine = engine_named(q.engine, policies);
  return s;
}

TournamentAnswer tournament_answer(const TournamentSetup& s, const core::RunControl& control) {
  TournamentAnswer answer{.rules = s.rules, .seed = s.seed, .threads = s.threads, .final = s.spec.final,
                          .series = s.spec.series_length, .seats = s.specs, .policies = s.spec.groups,
                          .engine = s.spec.engine, .run = {}, .interrupted = false};
  answer.run = play_objectives(s.rules, s.spec, s.evenings, s.seed, s.threads, control);
  answer.interrupted = answer.run.interrupted || control.stopped();
  return answer;
}

rp::Report evenings_head(std::uint64_t seed, const Rules& rules, PassEngine engine, bool final) {
  rp::Report out({});
  out.field("version", std::string(kVersion), rp::kJsonHead)
      .field("game", std::string(kGame), rp::kJsonHead)
      .field("seed", seed, rp::kJsonHead)
      .field("rules", rules_summary(rules), rp::kJsonHead)
      .field("engine", engine_name(engine), rp::kJsonHead)
      .field("final", final);
  return out;
}

core::Completion completion(const TournamentAnswer& a) {
  return {a.interrupted, a.run.evenings, a.run.requested, "evenings"};
}

core::report::Report describe(const TournamentAnswer& a) {
  const ObjectiveRun& run = a.run;
  const core::Completion done = completion(a);
  const std::vector<ObjectiveRow> no_rows;
  const std::vector<ObjectiveRow>& by_group_rows = run.evenings ? run.by_group : no_rows;
  const std::vector<ObjectiveRow>& by_seat_rows = run.evenings ? run.by_seat : no_rows;
  const Lead by_policy_lead = lead_of(by_group_rows, [&](int x, int y) { return run.group_win_difference(x, y); });
  const Lead by_seat_lead = lead_of(by_seat_rows, [&](int x, int y) { return run.seat_win_difference(x, y); });

  rp::Report out = evenings_head(a.seed, a.rules, a.engine, a.final);
  out.field("policies", a.policies)
      .field("seats", a.seats)
      .field("evenings", run.evenings, rp::kJsonHead)
      .field("requested_evenings", run.requested)
      .field("series_length", static_cast<std::int64_t>(run.series_length))
      .completion(done.interrupted, done.completed, done.total, done.unit)
      .field("threads", a.threads)
      .field("ranks", core::cluster::size())  // MPI processes: metadata, the numbers do not depend on it
      .field("seconds", run.seconds)
      .field("conventions",
             "ties for first split the win 1/k; tied ranks are averaged; P(loser) per rule P3 (docs/rules/verflixte6.md)");
  rp::Table by_policy{.columns = row_columns(0)}, by_seat{.columns = row_columns(0)};
  for (const auto& r : by_group_rows) by_policy.row(row_values("policy", r));
  for (const auto& r : by_seat_rows) by_seat.row(row_values("seat", r));
  out.field("by_policy", by_policy.nested()).field("by_seat", by_seat.nested());
  if (by_policy_lead.best >= 0) out.field("best_policy", lead_json(by_group_rows, by_policy_lead, done.interrupted));
  out.field("best_seat", lead_json(by_seat_rows, by_seat_lead, done.interrupted));
  rp::Table& csv = out.table("", row_columns(0), rp::kCsv);
  csv.rows = by_policy.rows;
  csv.rows.insert(csv.rows.end(), by_seat.rows.begin(), by_seat.rows.end());

  out.line("verflixt " + std::string(kVersion) + "  rules " + rules_summary(a.rules) + "  seed " + std::to_string(a.seed) +
           "\n" + std::to_string(run.evenings) + (a.final ? " final" : "") + " evenings of " +
           std::to_string(a.seats.size()) + " players (" + engine_name(a.engine) + ", " +
           rp::number("%.3g", run.seconds) + " s)" +
           (a.series > 1 ? " in series of " + std::to_string(a.series) + " (P4 bonus carried)" : "") +
           (done.interrupted ? " (interrupted)" : "") +
           "; Monte Carlo ± 1 SE\n"
           "P(win): ties for first split the win 1/k; rank: ties averaged; loser: docs/rules/verflixte6.md P3\n");
  if (by_group_rows.size() > 1 && by_group_rows.size() < by_seat_rows.size()) {
    rows_text(out, "policy", "policy", by_group_rows);
    out.line("");
  }
  rows_text(out, "seat", "seat", by_seat_rows);
  out.line("");
  const std::string from =
      done.interrupted ? " (from the " + std::to_string(run.evenings) + " evenings of the interrupted run)" : "";
  if (by_policy_lead.best >= 0) out.line(lead_note(by_group_rows, by_policy_lead, "policy") + from);
  if (by_seat_lead.best >= 0 && (by_policy_lead.best < 0 || by_group_rows.size() < by_seat_rows.size()))
    out.line(lead_note(by_seat_rows, by_seat_lead, "seat") + from);
  return out;
}

}  // namespace verflixt::verflixte6
