// `verflixt advise`: a player describes the situation at the table — his eyes, robbing 1s,
// jokers (Frostschutz uses, Fumo, Ventil floor), the other players' eyes, status and totals,
// who is still to play — and gets every legal action ranked by his objective, exact in the
// last seat (jokers and Fumo included) and by Monte Carlo with common random numbers otherwise.

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli.h"
#include "cli/manual.h"
#include "cli/command.h"
#include "verflixt/games/verflixte6/advise.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/games/verflixte6/joker.h"
#include "cli/api.h"
#include "verflixt/version.h"

namespace verflixt {
namespace {

using cli::fmt;
namespace po = cli::po;

const std::vector<std::string> kFormats = {"table", "json", "csv"};
const std::vector<std::string> kGoals = {"win", "not-loser", "eyes"};

std::string action_name(Action a) {
  if (a.kind == Action::Stop) return "stop";
  if (a.kind == Action::Roll) return "roll";
  return "joker " + std::string(joker_id(a.joker));
}

// "EYES:STATUS[:TOTAL]" with STATUS one of j, p, z (or jungfrau, prinzessin, zombie).
SeatView parse_other(const std::string& spec) {
  const std::string what = "--other '" + spec + "'";
  const size_t c1 = spec.find(':');
  if (c1 == std::string::npos)
    throw InputError(what + ": expected EYES:STATUS[:TOTAL], e.g. 14:p or 0:z:25; STATUS: j, p, z");
  const size_t c2 = spec.find(':', c1 + 1);
  SeatView v;
  v.eyes = parse_int(spec.substr(0, c1), "eyes", what, -1000, 1000);
  const std::string st = spec.substr(c1 + 1, c2 == std::string::npos ? std::string::npos : c2 - c1 - 1);
  const size_t k = parse_choice(st, "status", what, {"j", "p", "z", "jungfrau", "prinzessin", "zombie"});
  v.status = static_cast<Status>(k % 3);
  if (c2 != std::string::npos) v.total = parse_int(spec.substr(c2 + 1), "total", what, -1000000, 1000000);
  return v;
}

}  // namespace

namespace cli {

po::options_description advise_options() {
  po::options_description desc("advise options");
  desc.add_options()
      ("eyes", po::value<int>(), "own eyes this pass so far (after the free throw)")
      ("robbing-ones", po::value<int>()->default_value(0), "robbing 1s thrown so far this turn (T4)")
      ("jokers", po::value<std::string>()->default_value("none"), "jokers still held, e.g. hirtenschutz,pony")
      ("frost-used", po::value<int>()->default_value(0), "Frostschutz uses so far (J1)")
      ("fumo", po::bool_switch(), "Fumo is active (J13 doubling)")
      ("floor", po::value<int>(), "Ventil floor set earlier this turn (J11)")
      ("total", po::value<int>()->default_value(0), "own evening total before this pass")
      ("other", po::value<std::vector<std::string>>()->composing(),
       "another player, EYES:STATUS[:TOTAL] with STATUS j (Jungfrau, still to play), p (Prinzessin), "
       "z (Zombie); repeat in seat order after you")
      ("order", po::value<std::string>(),
       "the Jungfrauen still to play in playing order, as player numbers: you are 1, the --other "
       "players 2, 3, ... as given; e.g. 4,2 (default: the Jungfrauen as listed)")
      ("others-jokers", po::value<std::string>()->default_value("none"), "jokers each Jungfrau still to play holds")
      ("objective", po::value<std::string>()->default_value("not-loser"), "win, not-loser or eyes")
      ("policy", po::value<std::string>()->default_value("objective"),
       "how you continue after the ranked action (Monte Carlo only; in the last seat the exact answer plays "
       "optimally). objective: stop as soon as stopping meets the objective on the table as it stands, "
       "jokers as the exact solo solver spends them; any other policy that does not separate the actions "
       "is replaced by it")
      ("others-policy", po::value<std::string>()->default_value("threshold:20"), "how the others still to play play")
      ("passes-left", po::value<int>()->default_value(1),
       "passes of the evening still to play, this one included (1 = the last pass; later passes are played "
       "out by Monte Carlo, everyone without jokers, before scoring)")
      ("samples", cli::count_value(20000, 2, 100000000), "Monte Carlo samples per action")
      ("monte-carlo", po::bool_switch(), "use Monte Carlo even where the exact last-seat solution applies");
  cli::add_sampling_options(desc);
  cli::add_rules_options(desc);
  return desc;
}

AdviseReport advise_report(const po::variables_map& vm, const RunControl& control) {
  AdviseReport r;
  r.rules = rules_from(vm);
  const Rules& rules = r.rules;
  if (!vm.count("eyes")) throw InputError("--eyes is required (own eyes this pass so far)");
  if (!vm.count("other")) throw InputError("give every other player with --other EYES:STATUS[:TOTAL]");
  r.samples_asked = vm["samples"].as<std::uint64_t>();
  r.seed = seed_from(vm);
  const int threads = threads_from(vm);
  r.goal = parse_choice(vm["objective"].as<std::string>(), "--objective", "advise", kGoals);

  AdviceSituation& s = r.situation;
  s.goal = static_cast<AdviceGoal>(r.goal);
  s.passes_left = vm["passes-left"].as<int>();
  s.pass.self = 0;
  SeatView me;
  me.total = vm["total"].as<int>();
  s.pass.table.push_back(me);
  for (const auto& o : vm["other"].as<std::vector<std::string>>()) s.pass.table.push_back(parse_other(o));
  if (s.pass.table.size() > 12)
    throw InputError(std::to_string(s.pass.table.size() - 1) + " --other players; valid: 1..11");
  if (vm.count("order")) {
    const std::string list = vm["order"].as<std::string>();
    size_t start = 0;
    while (start <= list.size()) {
      size_t comma = list.find(',', start);
      if (comma == std::string::npos) comma = list.size();
      s.pass.to_play.push_back(parse_int(list.substr(start, comma - start), "--order", "advise", 2,
                                         static_cast<int>(s.pass.table.size())) - 1);
      start = comma + 1;
    }
  } else {
    for (size_t k = 1; k < s.pass.table.size(); ++k)
      if (s.pass.table[k].status == Status::Jungfrau) s.pass.to_play.push_back(static_cast<int>(k));
  }
  TurnState& t = s.pass.turn;
  t.eyes = vm["eyes"].as<int>();
  t.robbing_ones = vm["robbing-ones"].as<int>();
  t.held = parse_loadout(vm["jokers"].as<std::string>(), rules);
  t.frost_used = vm["frost-used"].as<int>();
  t.fumo_active = vm["fumo"].as<bool>();
  if (vm.count("floor")) t.has_floor = true, t.floor = vm["floor"].as<int>();
  const JokerSet others_jokers = parse_loadout(vm["others-jokers"].as<std::string>(), rules, "--others-jokers");
  s.jokers.assign(s.pass.table.size(), JokerSet{});
  for (int k : s.pass.to_play)
    if (k >= 1 && static_cast<size_t>(k) < s.jokers.size()) s.jokers[static_cast<size_t>(k)] = others_jokers;
  validate_situation(rules, s);

  // The default continuation plays for the objective (advise.h).
  const std::unique_ptr<Policy> self_policy = vm["policy"].as<std::string>() == "objective"
                                                  ? objective_continuation(rules, s)
                                                  : make_policy(vm["policy"].as<std::string>(), rules);
  const auto others_policy = make_policy(vm["others-policy"].as<std::string>(), rules);
  r.others_policy = others_policy->name();
  r.advice = advise(rules, s, *self_policy, *others_policy, r.samples_asked, r.seed, threads,
                    !vm["monte-carlo"].as<bool>(), control);
  r.done = r.advice.exact ? completion(1, 1, "exact evaluations")
                          : completion(r.advice.samples, r.samples_asked, "samples per action", r.advice.interrupted);
  return r;
}

nlohmann::ordered_json advise_json(const AdviseReport& r) {
  const Advice& adv = r.advice;
  nlohmann::ordered_json j;
  j["version"] = kVersion;
  j["seed"] = r.seed;
  j["rules_summary"] = rules_summary(r.rules);
  j["objective"] = kGoals[r.goal];
  j["method"] = adv.exact ? "exact (last-seat dynamic programming)" : "monte carlo, common random numbers";
  j["samples_per_action"] = adv.samples;
  mark_json(j, r.done);
  j["dp_states"] = adv.dp_states;
  if (!adv.note.empty()) j["note"] = adv.note;
  j["self_policy"] = adv.exact ? "optimal (DP)" : adv.continuation;
  j["passes_left"] = r.situation.passes_left;
  j["situation"] = describe_situation(r.situation);
  j["separated"] = adv.separated;
  if (!adv.fallback.empty()) j["fallback"] = adv.fallback;
  if (!adv.separated)
    j["warning"] = "the estimates do not separate the best actions (within 2 paired SE): their order is not known";
  j["others_policy"] = r.others_policy;
  j["seconds"] = adv.seconds;
  j["actions"] = nlohmann::ordered_json::array();
  for (const auto& a : adv.ranked)
    j["actions"].push_back({{"action", action_name(a.action)}, {"value", a.value.mean}, {"stderr", a.value.se},
                            {"versus_best", a.versus_best.mean}, {"versus_best_stderr", a.versus_best.se},
                            {"exact", a.exact}});
  return j;
}

}  // namespace cli

int advise_command(int argc, const char* const* argv) {
  po::options_description desc = cli::advise_options();
  cli::add_output_options(desc, kFormats);
  po::variables_map vm;
  if (!cli::parse(argc, argv, desc,
                  std::string("usage: verflixt advise --eyes E [--robbing-ones J] [--jokers LIST] --other EYES:STATUS[:TOTAL] ...\n"
                  "                       [--objective win|not-loser|eyes] [--samples N]\n"
                  "Ranks stop, roll and every held joker by P(win) (ties split), P(not a loser) (P3, on\n"
                  "evening total + pass result) or the expected pass result. Last seat (any jokers):\n"
                  "exact (dynamic programming); otherwise Monte Carlo with common random numbers.\n"
                  "example: verflixt advise --eyes 9 --other 0:z --other 14:p --other 6:p --other 0:j") + cli::kRuleIdsNote,
                  vm))
    return 0;
  const std::string format = cli::format_from(vm, kFormats);
  // Ctrl-C stops the Monte Carlo samples at the next chunk; the ranking is over the samples
  // played (the exact DP is one unit and finishes).
  const cli::AdviseReport report =
      cli::with_progress("advise samples", [&](const RunControl& control) { return cli::advise_report(vm, control); });
  const Advice& adv = report.advice;
  const cli::Completion& done = report.done;
  const AdviceSituation& s = report.situation;
  const Rules& rules = report.rules;
  const size_t goal = report.goal;

  const std::string label = goal == 0 ? "P(win)" : goal == 1 ? "P(not loser)" : "E[pass eyes]";
  std::string text;
  if (format == "json") {
    text = cli::json_text(cli::advise_json(report));
  } else if (format == "csv") {
    text = "rank,action,value,stderr,versus_best,versus_best_stderr,exact,separated\n";
    for (size_t k = 0; k < adv.ranked.size(); ++k) {
      const auto& r = adv.ranked[k];
      text += std::to_string(k + 1) + "," + action_name(r.action) + "," + fmt("%.6f", r.value.mean) + "," +
              fmt("%.6f", r.value.se) + "," + fmt("%.6f", r.versus_best.mean) + "," + fmt("%.6f", r.versus_best.se) +
              "," + (r.exact ? "true" : "false") + "," + (adv.separated ? "true" : "false") + "\n";
    }
  } else {
    std::ostringstream o;
    o << "verflixt " << kVersion << "  rules " << rules_summary(rules) << "  objective " << kGoals[goal] << "\n";
    for (const auto& line : describe_situation(s)) o << "  " << line << "\n";
    if (adv.exact)
      o << "exact: last seat; optimal play after the action, jokers and victims included (dynamic programming, "
        << adv.dp_states << " states)\n";
    else if (!adv.note.empty())
      o << "note: " << adv.note << "\n";
    if (!adv.exact) {
      if (!adv.fallback.empty()) o << "fallback: " << adv.fallback << "\n";
      o << "Monte Carlo: " << adv.samples << " samples per action, common random numbers (seed " << report.seed
        << "); you continue with " << adv.continuation << ", the others with " << report.others_policy
        << "; ± is one standard error, 'vs best' is paired"
        << (done.interrupted ? "; ranked from the samples of the interrupted run" : "") << "\n";
      if (adv.ranked.empty()) o << "no action ranked: fewer than 2 samples were played\n";
    }
    o << "rank  action              " << label << std::string(18 - label.size(), ' ') << "vs best\n";
    for (size_t k = 0; k < adv.ranked.size(); ++k) {
      const auto& r = adv.ranked[k];
      std::string v = r.exact ? fmt("%.4f", r.value.mean) + " (exact)"
                              : fmt("%.4f", r.value.mean) + " ± " + fmt("%.4f", r.value.se);
      std::string d = k == 0 ? "best"
                             : (r.exact ? fmt("%+.4f", r.versus_best.mean)
                                        : fmt("%+.4f", r.versus_best.mean) + " ± " + fmt("%.4f", r.versus_best.se));
      const std::string a = action_name(r.action);
      o << std::to_string(k + 1) << std::string(6 - std::to_string(k + 1).size(), ' ') << a
        << std::string(20 - std::min<size_t>(19, a.size()), ' ') << v << std::string(18 - std::min<size_t>(17, v.size()), ' ')
        << d << "\n";
    }
    if (!adv.separated && !adv.ranked.empty())
      o << "warning: the estimates do not separate the best actions (within 2 paired SE): their order is not "
           "known; more --samples may tell them apart\n";
    if (static_cast<int>(s.pass.table.size()) <= rules.losers_at_least && goal == 1)
      o << "note: with " << s.pass.table.size() << " players and at least " << rules.losers_at_least
        << " losers (P3) everyone is a loser\n";
    o << "(" << fmt("%.2f", adv.seconds) << " s)\n";
    text = o.str();
  }
  return cli::finish(vm, format, done, text);
}

}  // namespace verflixt
