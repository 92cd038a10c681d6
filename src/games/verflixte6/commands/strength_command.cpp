// `verflixt strength`: how much a best response gains against a policy (best_response.h).
// For each --policy P the field all plays P, tune finds a strong response at seat 1, and the
// gain over a copy of P is reported with its paired error; then best responses are iterated
// within the strong family until a gain is within 2 SE of 0 or --rounds.

#include <memory>
#include <sstream>

#include "cli/cli.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/seat_spec.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/report.h"
#include "verflixt/games/verflixte6/analyses/best_response.h"
#include "verflixt/games/verflixte6/exact/strong_policy.h"
#include "verflixt/version.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {


const std::vector<std::string> kFormats = {"table", "json"};

namespace rp = core::report;

// The measurements, as the reports describe them: per --policy, its best-response rounds.
struct Strength {
  const Rules& rules;
  std::uint64_t seed;
  const BestResponseOptions& options;
  const std::string& response_spec;
  const std::vector<std::string>& specs;
  const std::vector<BestResponseResult>& results;
};

std::string strength_report(const Strength& m, const Completion& done, const std::string& format) {
  const std::uint64_t evenings = m.results.empty() ? 0 : m.results.front().evenings;
  std::vector<std::string> ranges;
  for (const auto& g : m.options.ranges)
    ranges.push_back(g.name + "=" + std::to_string(g.lo) + ".." + std::to_string(g.hi) + ":" + std::to_string(g.step));
  rp::Report out({});
  out.field("version", std::string(kVersion))
      .field("command", std::string("strength"))
      .field("seed", m.seed)
      .field("rules", rules_summary(m.rules))
      .field("players", m.options.players)
      .field("final", m.options.final)
      .field("objective", std::string("win"))
      .field("response_family", std::string("strong"))
      .field("response_start", m.response_spec)
      .field("evenings_per_measurement", evenings)
      .field("series_length", m.options.series_length)
      .field("tune_rounds", m.options.tune_rounds)
      .field("round_cap", m.options.rounds)
      .field("param_ranges", ranges)
      .field("engine", std::string("reference"))
      .field("pairing", std::string("per series: the copy and the response play the same dice (a stream tune never saw)"))
      .field("stop_rule", std::string("a round whose |gain| <= 2 SE ends the iteration"))
      .line("verflixt " + std::string(kVersion) + "  rules " + rules_summary(m.rules) + "  seed " + std::to_string(m.seed) +
            "\nstrength at a table of " + std::to_string(m.options.players) +
            ": the field plays the policy, a strong response is tuned at seat 1 (" + std::to_string(evenings) +
            " evenings per measurement); gain = P(win) of the response - P(win) of a copy, paired, ± 1 SE\n");
  const auto estimate = [](const char* name) { return rp::Column{.name = name, .estimate_object = true}; };
  rp::Table policies{.columns = {{.name = "policy"}, {.name = "converged"}, {.name = "interrupted"}, {.name = "rounds"}}};
  for (size_t i = 0; i < m.results.size(); ++i) {
    const BestResponseResult& r = m.results[i];
    // response_is_field: the search accepted no move, so the response is the field's policy
    // itself and the gain exactly 0 (the same dice, the same play).
    rp::Table rounds{.columns = {{.name = "field"}, {.name = "response"}, estimate("copy_p_win"),
                                 estimate("response_p_win"), estimate("gain"), {.name = "response_is_field"},
                                 {.name = "candidates"}}};
    std::string text = m.specs[i] + (r.converged ? "" : r.interrupted ? "  (interrupted)" : "  (round cap)");
    int round = 1;
    for (const auto& rd : r.rounds) {
      const std::string label = response_label(rd.response, m.options.ranges);
      rounds.row({rd.field, label, rd.copy_value, rd.response_value, rd.gain, rd.response_is_field,
                  static_cast<std::int64_t>(rd.candidates)});
      text += "\n  round " + std::to_string(round++) + "  field " + rd.field + "  copy " + fmt("%.4f", rd.copy_value.mean) +
              "  response " + label + " " + fmt("%.4f", rd.response_value.mean) + "  gain " +
              rp::plus_minus(rd.gain, "%+.4f", "%.4f");
    }
    policies.row({m.specs[i], r.converged, r.interrupted, rounds.nested()});
    out.line(text);
  }
  double seconds = 0;
  for (const auto& r : m.results) seconds += r.seconds;
  out.field("policies", policies.nested())
      .completion(done.interrupted, done.completed, done.total, done.unit)
      .field("seconds", seconds);
  return out.render(format);
}

// strength's options, then the sampling, rules and output ones.
core::OptionTable strength_options() {
  const core::OptionTable own = {
      core::words_option("policy", "the policy to measure, POLICY[@JOKERS] as the table commands read it; repeatable "
                                   "(default: threshold:20, strategies/heuristic.ini, strategies/position-safe.ini, "
                                   "strategies/position-jokers.ini, strategies/strong.ini)"),
      core::integer_option("players", 4, 2, 12, "table size (2..12)"),
      core::integer_option("rounds", 3, 1, 10, "best-response rounds per policy at most (1..10)"),
      core::count_option("evenings", 2000, 1, std::uint64_t{1} << 32, "evenings per candidate and per gain"),
      core::words_option("param", "name=lo..hi[:step] of the response's stop rule, repeatable (default: "
                                  "margin=-2..10:4 cap=18..90:12)"),
      core::integer_option("tune-rounds", 1, 1, 10, "tune's passes over the parameters per round (1..10)"),
      core::policy_option("response", "strategies/strong.ini",
                          "the responses' start: a strong policy file (kind = strong)"),
      core::integer_option("series", 1, 1000,
                           "evenings that carry the P4 bonus; default 10 when the rules give one, else 1"),
      core::switch_option("final", "play final evenings (P2)")};
  return own + sampling_options() + rules_options() + output_options(kFormats);
}

}  // namespace

int strength_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "strength options", strength_options(),
                  std::string("usage: verflixt strength [--policy P ...] [--players N] [--rounds R] [--evenings M]\n"
                  "                         [--param name=lo..hi[:step]] [--response FILE]\n"
                  "How strong a policy is: the field plays it, tune finds a strong best response at seat 1,\n"
                  "and its P(win) gain over a copy of the policy (which gets 1/n) is reported with its\n"
                  "paired standard error; best responses are then iterated within the strong family until\n"
                  "a gain is within 2 SE of 0 (or --rounds).") + kRuleIdsNote,
                  vm))
    return 0;
  const Rules rules = rules_from(vm);
  const std::string format = format_from(vm, kFormats);
  const std::uint64_t seed = seed_from(vm);
  const int threads = threads_from(vm);
  BestResponseOptions options;
  options.players = vm["players"].as<int>();
  if (options.players < 2 || options.players > 12)
    throw core::InputError("--players " + std::to_string(options.players) + " is out of range; valid: 2..12");
  options.rounds = vm["rounds"].as<int>();
  if (options.rounds < 1 || options.rounds > 10)
    throw core::InputError("--rounds " + std::to_string(options.rounds) + " is out of range; valid: 1..10");
  options.tune_rounds = vm["tune-rounds"].as<int>();
  if (options.tune_rounds < 1 || options.tune_rounds > 10)
    throw core::InputError("--tune-rounds " + std::to_string(options.tune_rounds) + " is out of range; valid: 1..10");
  options.evenings = vm["evenings"].as<std::uint64_t>();
  options.final = vm["final"].as<bool>();
  options.series_length = series_from(vm, rules);
  if (vm.count("param")) {
    options.ranges.clear();
    for (const auto& t : vm["param"].as<std::vector<std::string>>()) options.ranges.push_back(parse_param_range(t));
  }
  const std::vector<std::string> specs =
      vm.count("policy") ? vm["policy"].as<std::vector<std::string>>()
                         : std::vector<std::string>{"threshold:20", "strategies/heuristic.ini",
                                                    "strategies/position-safe.ini",
                                                    "strategies/position-jokers.ini", "strategies/strong.ini"};
  const std::string response_spec = vm["response"].as<std::string>();
  const SeatPlayer response_seat = make_seat_player(response_spec, rules);
  const auto* response = dynamic_cast<const StrongPolicy*>(response_seat.policy.get());
  if (!response)
    throw core::InputError("--response '" + response_spec + "' is not a strong policy; valid: a file with kind = strong");
  std::vector<SeatPlayer> measured;
  for (const auto& s : specs) measured.push_back(make_seat_player(s, rules));

  install_interrupt_handler();
  core::RunControl control;
  control.stop = &interrupt_flag();
  std::vector<BestResponseResult> results;
  bool interrupted = false;
  std::size_t finished_rounds = 0;
  BestResponseMemo memo;  // later rounds reached from several policies are played once
  for (size_t i = 0; i < measured.size() && !interrupted; ++i) {
    results.push_back(best_responses(*measured[i].policy, measured[i].selector.get(), specs[i],
                                     response->solutions(), response->params(), options, seed, threads, control, &memo));
    interrupted = results.back().interrupted;
    finished_rounds += results.back().rounds.size();
  }
  const Completion done =
      completion(finished_rounds, 0, "best-response rounds", interrupted);

  const Strength m{rules, seed, options, response_spec, specs, results};
  return finish(vm, format, done, strength_report(m, done, format));
}

}  // namespace verflixt::cli
