// `verflixt tournament`: plays many evenings at one table, each seat with its own policy and
// joker list, and prints per policy and per seat P(win), P(loser), expected rank and eyes
// with standard errors, and whether the best policy's lead is significant (objective.h).

#include <cmath>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
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

nlohmann::ordered_json est_json(const core::Estimate& e) { return {{"mean", e.mean}, {"stderr", e.se}}; }

nlohmann::ordered_json row_json(const ObjectiveRow& r) {
  nlohmann::ordered_json j;
  j["label"] = r.label;
  j["seats"] = r.seats;
  j["p_win"] = est_json(r.win);
  j["p_loser"] = est_json(r.loser);
  j["rank"] = est_json(r.rank);
  j["eyes"] = est_json(r.eyes);
  return j;
}

std::string csv_row(const std::string& kind, const ObjectiveRow& r) {
  std::ostringstream s;
  s << kind << ",\"" << r.label << "\"," << r.seats;
  for (const core::Estimate* e : {&r.win, &r.loser, &r.rank, &r.eyes})
    s << "," << fmt("%.6f", e->mean) << "," << fmt("%.6f", e->se);
  return s.str() + "\n";
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

nlohmann::ordered_json lead_json(const std::vector<ObjectiveRow>& rows, const Lead& l, bool interrupted) {
  nlohmann::ordered_json o;
  if (l.best < 0) return o;
  o["best"] = rows[static_cast<size_t>(l.best)].label;
  o["runner_up"] = rows[static_cast<size_t>(l.second)].label;
  o["p_win_difference"] = l.diff.mean;
  o["paired_stderr"] = l.diff.se;
  o["z"] = l.z;
  o["significant_5pct"] = std::fabs(l.z) >= core::kZ95;
  if (interrupted) o["from_interrupted_run"] = true;
  return o;
}

std::string tournament_json(const TournamentRun& t) {
  const ObjectiveRun& run = t.run;
  nlohmann::ordered_json j;
  j["version"] = kVersion;
  j["seed"] = t.seed;
  j["rules_summary"] = rules_summary(t.rules);
  j["engine"] = engine_name(t.spec.engine);
  j["final"] = t.final;
  j["policies"] = t.spec.groups;
  j["seats"] = t.specs;
  j["evenings"] = run.evenings;
  j["requested_evenings"] = run.requested;
  j["series_length"] = run.series_length;
  mark_json(j, t.done);
  j["threads"] = t.threads;
  j["ranks"] = core::cluster::size();  // MPI processes: metadata, the numbers do not depend on it
  j["seconds"] = run.seconds;
  j["conventions"] = "ties for first split the win 1/k; tied ranks are averaged; P(loser) per rule P3 (docs/rules/verflixte6.md)";
  j["by_policy"] = nlohmann::ordered_json::array();
  j["by_seat"] = nlohmann::ordered_json::array();
  for (const auto& r : t.by_group_rows) j["by_policy"].push_back(row_json(r));
  for (const auto& r : t.by_seat_rows) j["by_seat"].push_back(row_json(r));
  if (t.by_policy.best >= 0) j["best_policy"] = lead_json(t.by_group_rows, t.by_policy, t.done.interrupted);
  j["best_seat"] = lead_json(t.by_seat_rows, t.by_seat, t.done.interrupted);
  return json_text(j);
}

// One table of rows (by policy or by seat), its labels padded to the longest.
void rows_text(std::ostringstream& s, const char* head, const std::vector<ObjectiveRow>& rows) {
  size_t w = std::string(head).size();
  for (const auto& r : rows) w = std::max(w, r.label.size());
  s << head << std::string(w - std::string(head).size(), ' ')
    << "  seats  P(win)             P(loser)           E[rank]            E[eyes]\n";
  for (const auto& r : rows)
    s << r.label << std::string(w - r.label.size(), ' ') << "  " << std::string(5 - std::min<size_t>(5, std::to_string(r.seats).size()), ' ') << r.seats << "  "
      << core::report::plus_minus(r.win) << "  " << core::report::plus_minus(r.loser) << "  " << core::report::plus_minus(r.rank, "%.3f")
      << "    " << core::report::plus_minus(r.eyes, "%.3f") << "\n";
}

std::string tournament_text(const TournamentRun& t) {
  const ObjectiveRun& run = t.run;
  std::ostringstream s;
  s << "verflixt " << kVersion << "  rules " << rules_summary(t.rules) << "  seed " << t.seed << "\n"
    << run.evenings << (t.final ? " final" : "") << " evenings of " << t.specs.size() << " players"
    << " (" << engine_name(t.spec.engine) << ", " << fmt("%.3g", run.seconds) << " s)"
    << (t.series > 1 ? " in series of " + std::to_string(t.series) + " (P4 bonus carried)" : "")
    << (t.done.interrupted ? " (interrupted)" : "") << "; ± is one standard error\n"
    << "P(win): ties for first split the win 1/k; rank: ties averaged; loser: docs/rules/verflixte6.md P3\n\n";
  if (t.by_group_rows.size() > 1 && t.by_group_rows.size() < t.by_seat_rows.size()) {
    rows_text(s, "policy", t.by_group_rows);
    s << "\n";
  }
  rows_text(s, "seat", t.by_seat_rows);
  s << "\n";
  const std::string from = t.done.interrupted ? " (from the " + std::to_string(run.evenings) + " evenings of the interrupted run)" : "";
  if (t.by_policy.best >= 0) s << lead_note(t.by_group_rows, t.by_policy, "policy") << from << "\n";
  if (t.by_seat.best >= 0 && (t.by_policy.best < 0 || t.by_group_rows.size() < t.by_seat_rows.size()))
    s << lead_note(t.by_seat_rows, t.by_seat, "seat") << from << "\n";
  return s.str();
}

}  // namespace

int tournament_command(int argc, const char* const* argv) {
  namespace po = po;
  po::options_description desc("tournament options");
  desc.add_options()
      ("seat", po::value<std::vector<std::string>>()->composing(),
       "one seat: POLICY[@JOKERS] (repeat per seat, 2..12), e.g. threshold:20@hirtenschutz,pony,"
       "rattenlord or strategies/position-safe.ini; JOKERS is a priority list, the first ones "
       "still available are selected each pass (P2); without @ a policy file's loadout is used")
      ("seats", int_value(2, 12), "number of seats when all play --policy (2..12)")
      ("policy", po::value<std::string>()->default_value("threshold:20"), "policy of every seat with --seats")
      ("evenings", count_value(20000, 1, std::uint64_t{1} << 40), "evenings to play (rounded up to whole series)")
      ("series", int_value(1, 1000),
       "consecutive evenings that carry the placement bonus (P4); default 10 when the rules give one, else 1")
      ("final", po::bool_switch(), "play final evenings (P2: final_passes, Freie Jokerwahl)")
      ("single-pass", po::bool_switch(),
       "score single passes instead of evenings (sets evening.passes = evening.final_passes = 1)");
  add_engine_option(desc);
  add_sampling_options(desc);
  add_rules_options(desc);
  add_output_options(desc, kFormats);
  po::variables_map vm;
  if (!parse(argc, argv, desc,
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
  std::string text;
  if (format == "json") {
    text = tournament_json(t);
  } else if (format == "csv") {
    text = "kind,label,seats,p_win,p_win_se,p_loser,p_loser_se,rank,rank_se,eyes,eyes_se\n";
    for (const auto& r : by_group_rows) text += csv_row("policy", r);
    for (const auto& r : by_seat_rows) text += csv_row("seat", r);
  } else {
    text = tournament_text(t);
  }
  return finish(vm, format, done, text);
}

}  // namespace verflixt::cli
