// `verflixt balance`: for rule designers. (1) Each joker's lift: the evening P(win) and
// P(loser) of one player whose loadout gains that joker, against the same player without
// it, at a table of a fixed field, next to its exact solo EV lift (solver.h: the optimal solo
// EV with the joker alone minus without jokers, RULES.md §5). (2) When the rules differ from their preset (--set,
// --rules): the same table under both rulesets side by side.

#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli.h"
#include "cli/command.h"
#include "cli/seat_spec.h"
#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/joker.h"
#include "verflixt/games/verflixte6/objective.h"
#include "verflixt/games/verflixte6/solver.h"
#include "verflixt/core/stats.h"
#include "verflixt/version.h"

namespace verflixt {
namespace {

using cli::fmt;

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// The difference of two runs' estimates. The runs share the seed but their dice drift apart
// once the loadouts differ, so they are treated as independent: the SE is conservative.
Estimate minus(const Estimate& a, const Estimate& b) { return {a.mean - b.mean, std::hypot(a.se, b.se)}; }

std::string pm(const Estimate& e, const char* f = "%+.4f") { return fmt(f, e.mean) + " ± " + fmt("%.4f", e.se); }

}  // namespace

int balance_command(int argc, const char* const* argv) {
  namespace po = cli::po;
  po::options_description desc("balance options");
  desc.add_options()
      ("players", po::value<int>()->default_value(4), "table size (2..12)")
      ("policy", po::value<std::string>()->default_value("strategies/heuristic.ini"),
       "the player whose loadout changes (needs windows for the jokers, as heuristic files have)")
      ("base", po::value<std::string>()->default_value("none"), "his joker list without the tested joker")
      ("field", po::value<std::string>()->default_value("strategies/heuristic.ini"),
       "every other seat: POLICY[@JOKERS] (a policy file's own loadout without @)")
      ("jokers", po::value<std::string>()->default_value("all"), "jokers to test (all = every joker of the rules)")
      ("evenings", cli::count_value(20000, 1, std::uint64_t{1} << 40), "evenings per variant")
      ("final", po::bool_switch(), "play final evenings");
  add_engine_option(desc);
  cli::add_sampling_options(desc);
  cli::add_rules_options(desc);
  cli::add_output_options(desc, kFormats);
  po::variables_map vm;
  if (!cli::parse(argc, argv, desc,
                  "usage: verflixt balance [--players N] [--policy P] [--base LIST] [--field SEAT]\n"
                  "                        [--jokers LIST|all] [--evenings M] [--set key=value ...]\n"
                  "Each joker's evening P(win) / P(loser) lift for one player (seat 1, the seats rotate\n"
                  "every evening) against a fixed field, with standard errors; and, when --set or --rules\n"
                  "change the preset, the table under the preset and under the changed rules side by side.",
                  vm))
    return 0;
  const Rules rules = cli::rules_from(vm);
  const std::string format = cli::format_from(vm, kFormats);
  const int players = vm["players"].as<int>();
  const std::uint64_t evenings = vm["evenings"].as<std::uint64_t>();
  const std::uint64_t seed = cli::seed_from(vm);
  const int threads = cli::threads_from(vm);
  if (players < 2 || players > 12)
    throw InputError("--players " + std::to_string(players) + " is out of range; valid: 2..12");
  if (threads < 1 || threads > 1024)
    throw InputError("--threads " + std::to_string(threads) + " is out of range; valid: 1..1024");
  const std::vector<Joker> base = parse_joker_priority(vm["base"].as<std::string>(), rules, "--base");
  std::vector<Joker> tested;
  if (vm["jokers"].as<std::string>() == "all") {
    for (int j = 0; j < JOKER_NB; ++j)
      if (rules.jokers.has(static_cast<Joker>(j))) tested.push_back(static_cast<Joker>(j));
  } else {
    tested = parse_joker_priority(vm["jokers"].as<std::string>(), rules, "--jokers");
  }
  const auto policy = make_policy(vm["policy"].as<std::string>(), rules);
  const Rules reference = preset(rules.preset);
  const bool compare = !(rules == reference);
  const SeatPlayer field = make_seat_player(vm["field"].as<std::string>(), rules);
  // One series length for both rulesets, so their comparison plays the same evenings.
  const int series = default_series_length(rules);
  const PassEngine engine = engine_from(vm, {policy.get(), field.policy.get()});

  cli::install_interrupt_handler();
  auto table_run = [&](const Rules& r, const Selector* sel, const std::string& label) {
    ObjectiveSpec spec;
    spec.final = vm["final"].as<bool>();
    spec.series_length = series;
    spec.engine = engine;
    spec.groups = {label, "field"};
    spec.seats.push_back({policy.get(), sel, 0});
    for (int k = 1; k < players; ++k) spec.seats.push_back({field.policy.get(), field.selector.get(), 1});
    const RunControl control = cli::progress_control("balance " + label);
    ObjectiveRun run = play_objectives(r, spec, evenings, seed, threads, control);
    cli::progress_done();
    return run;
  };

  struct Variant {
    std::string label;
    ObjectiveRow row;
    double solo_lift = std::nan("");  // exact optimal solo EV with the joker minus without
  };
  // The exact solo value of the joker alone; NaN if the solver cannot certify or fails.
  auto solo_ev = [&](JokerSet set) {
    try {
      return solve_solo(rules, set).ev;
    } catch (const std::exception&) {
      return std::nan("");
    }
  };
  const double solo_none = solo_ev(JokerSet{});
  // The unit of work is a variant (the base, each joker, the preset for the comparison): after
  // Ctrl-C the variant under way is dropped, not printed with fewer evenings, and no new one
  // starts. Only an interrupted base run is kept (with the evenings it played, marked), as
  // without it there is nothing to show.
  std::vector<Variant> variants;
  const ListSelector base_sel(base);
  const ObjectiveRun base_run = table_run(rules, &base_sel, "base");
  const bool has_base = base_run.evenings > 0;
  const ObjectiveRow base_row = base_run.by_group[0];
  std::uint64_t variants_done = base_run.interrupted ? 0 : 1;
  for (Joker j : tested) {
    if (cli::interrupt_flag().load()) break;
    std::vector<Joker> list = {j};
    for (Joker b : base)
      if (b != j) list.push_back(b);
    const ListSelector sel(list);
    const ObjectiveRun run = table_run(rules, &sel, std::string(joker_id(j)));
    if (run.interrupted) break;
    ++variants_done;
    variants.push_back({std::string(joker_id(j)), run.by_group[0], solo_ev(JokerSet{}.with(j)) - solo_none});
  }
  ObjectiveRun ref_run, new_run;
  bool compared = false;
  if (compare && !cli::interrupt_flag().load()) {
    ref_run = table_run(reference, &base_sel, "base");
    new_run = base_run;
    compared = !ref_run.interrupted;
    variants_done += compared ? 1 : 0;
  }
  const cli::Completion done = cli::completion(variants_done, 1 + tested.size() + (compare ? 1 : 0), "variants");

  std::string text;
  const std::string base_name = base.empty() ? "none" : vm["base"].as<std::string>();
  if (format == "json") {
    nlohmann::ordered_json j;
    j["version"] = kVersion;
    j["seed"] = seed;
    j["engine"] = engine_name(engine);
    j["rules_summary"] = rules_summary(rules);
    j["players"] = players;
    j["policy"] = policy->name();
    j["base"] = base_name;
    j["field"] = field.label;
    j["evenings_per_variant"] = base_run.evenings;
    if (base_run.interrupted) j["baseline_interrupted"] = true;  // the base itself was cut short
    cli::mark_json(j, done);
    j["lift_stderr"] = "independent runs: sqrt(se_a^2 + se_b^2)";
    j["baseline"] = {{"p_win", base_row.win.mean}, {"p_win_stderr", base_row.win.se},
                     {"p_loser", base_row.loser.mean}, {"p_loser_stderr", base_row.loser.se}};
    if (!has_base) j.erase("baseline");
    j["jokers"] = nlohmann::ordered_json::array();
    for (const auto& v : variants) {
      const Estimate dw = minus(v.row.win, base_row.win), dl = minus(v.row.loser, base_row.loser);
      j["jokers"].push_back({{"joker", v.label}, {"p_win", v.row.win.mean}, {"p_win_stderr", v.row.win.se},
                             {"win_lift", dw.mean}, {"win_lift_stderr", dw.se}, {"p_loser", v.row.loser.mean},
                             {"loser_change", dl.mean}, {"loser_change_stderr", dl.se},
                             {"eyes", v.row.eyes.mean}, {"eyes_stderr", v.row.eyes.se},
                             {"solo_ev_lift_exact", std::isnan(v.solo_lift) ? nlohmann::ordered_json() : nlohmann::ordered_json(v.solo_lift)}});
    }
    if (compared) {
      auto side = [&](const ObjectiveRow& a, const ObjectiveRow& b) {
        return nlohmann::ordered_json{{"label", a.label},
                                      {"preset_p_win", a.win.mean}, {"preset_p_win_stderr", a.win.se},
                                      {"rules_p_win", b.win.mean}, {"rules_p_win_stderr", b.win.se},
                                      {"preset_p_loser", a.loser.mean}, {"rules_p_loser", b.loser.mean},
                                      {"preset_eyes", a.eyes.mean}, {"preset_eyes_stderr", a.eyes.se},
                                      {"rules_eyes", b.eyes.mean}, {"rules_eyes_stderr", b.eyes.se}};
      };
      j["ruleset_comparison"] = {{"preset", reference.preset}, {"rules", rules_summary(rules)},
                                 {"groups", {side(ref_run.by_group[0], new_run.by_group[0]),
                                             side(ref_run.by_group[1], new_run.by_group[1])}}};
    }
    text = cli::json_text(j);
  } else if (format == "csv") {
    text = "joker,p_win,p_win_se,win_lift,win_lift_se,p_loser,p_loser_se,loser_change,loser_change_se,eyes,eyes_se,"
           "solo_ev_lift\n";
    auto line = [&](const std::string& label, const ObjectiveRow& r, double solo) {
      const Estimate dw = minus(r.win, base_row.win), dl = minus(r.loser, base_row.loser);
      return label + "," + fmt("%.6f", r.win.mean) + "," + fmt("%.6f", r.win.se) + "," + fmt("%.6f", dw.mean) + "," +
             fmt("%.6f", dw.se) + "," + fmt("%.6f", r.loser.mean) + "," + fmt("%.6f", r.loser.se) + "," +
             fmt("%.6f", dl.mean) + "," + fmt("%.6f", dl.se) + "," + fmt("%.4f", r.eyes.mean) + "," +
             fmt("%.4f", r.eyes.se) + "," + (std::isnan(solo) ? std::string() : fmt("%.6f", solo)) + "\n";
    };
    if (has_base) text += line("base", base_row, 0.0);
    for (const auto& v : variants) text += line(v.label, v.row, v.solo_lift);
  } else {
    std::ostringstream o;
    o << "verflixt " << kVersion << "  rules " << rules_summary(rules) << "  seed " << seed << "  engine " << engine_name(engine) << "\n"
      << players << " players, " << base_run.evenings << " evenings per variant"
      << (base_run.interrupted ? " (the base run was interrupted; no joker variant was run)" : "") << "; tested player " << policy->name()
      << " with base jokers " << base_name << " (+ the joker, selected first); field " << field.label << "\n"
      << "lift = variant − base; ± one SE, the runs counted as independent (conservative)\n\n"
      << "solo EV lift: exact optimal solo EV with the joker alone minus without jokers (solver, §5)\n\n"
      << "joker          P(win)           win lift           P(loser)         loser change       E[eyes]  solo EV lift\n";
    auto line = [&](const std::string& label, const ObjectiveRow& r, bool is_base, double solo) {
      const Estimate dw = minus(r.win, base_row.win), dl = minus(r.loser, base_row.loser);
      o << label << std::string(15 - std::min<size_t>(14, label.size()), ' ') << pm(r.win, "%.4f") << "  "
        << (is_base ? std::string(17, ' ') : pm(dw)) << "  " << pm(r.loser, "%.4f") << "  "
        << (is_base ? std::string(17, ' ') : pm(dl)) << "  " << fmt("%7.2f", r.eyes.mean) << "  "
        << (is_base ? std::string() : std::isnan(solo) ? std::string("—") : fmt("%+.3f", solo)) << "\n";
    };
    if (has_base) line("base", base_row, true, 0.0);
    for (const auto& v : variants) line(v.label, v.row, false, v.solo_lift);
    if (compared) {
      o << "\nruleset comparison (tested player with the base jokers and the field):\n"
        << "  preset " << reference.preset << "  vs  rules " << rules_summary(rules) << "\n"
        << "group     P(win) preset      P(win) rules       P(loser) preset    P(loser) rules     E[eyes] preset     E[eyes] rules\n";
      for (size_t g = 0; g < 2; ++g) {
        const ObjectiveRow& a = ref_run.by_group[g];
        const ObjectiveRow& b = new_run.by_group[g];
        const std::string l = g == 0 ? "tested" : "field";
        o << l << std::string(10 - l.size(), ' ') << pm(a.win, "%.4f") << "  " << pm(b.win, "%.4f") << "  "
          << pm(a.loser, "%.4f") << "  " << pm(b.loser, "%.4f") << "  " << pm(a.eyes, "%.3f") << "  "
          << pm(b.eyes, "%.3f") << "\n";
      }
    }
    text = o.str();
  }
  return cli::finish(vm, format, done, text);
}

}  // namespace verflixt
