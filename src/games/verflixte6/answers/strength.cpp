#include "verflixt/games/verflixte6/answers/strength.h"

#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/analyses/tuning.h"
#include "verflixt/version.h"

namespace verflixt::verflixte6 {

namespace rp = core::report;

StrengthAnswer measure_strength(const Rules& rules, const std::vector<MeasuredPolicy>& measured,
                                const StrongPolicy& response, const std::string& response_spec,
                                const BestResponseOptions& options, std::uint64_t seed, int threads,
                                const core::RunControl& control) {
  StrengthAnswer a;
  a.rules = rules;
  a.seed = seed;
  a.options = options;
  a.response_spec = response_spec;
  for (const auto& m : measured) a.specs.push_back(m.spec);
  bool interrupted = false;
  std::size_t finished_rounds = 0;
  BestResponseMemo memo;  // later rounds reached from several policies are played once
  for (std::size_t i = 0; i < measured.size() && !interrupted; ++i) {
    a.results.push_back(best_responses(*measured[i].policy, measured[i].selector, measured[i].spec,
                                       response.solutions(), response.params(), options, seed, threads, control, &memo));
    interrupted = a.results.back().interrupted;
    finished_rounds += a.results.back().rounds.size();
  }
  a.done = {interrupted || control.stopped(), finished_rounds, 0, "best-response rounds"};
  return a;
}

StrengthSetup prepare_strength(const Rules& rules, const StrengthQuestion& q) {
  StrengthSetup s;
  s.rules = rules;
  s.seed = q.seed;
  s.threads = q.threads;
  s.options.players = q.players;
  s.options.rounds = q.rounds;
  s.options.tune_rounds = q.tune_rounds;
  s.options.evenings = q.evenings;
  s.options.final = q.final;
  s.options.series_length = series_length(q.series, rules);
  if (!q.param.empty()) {
    s.options.ranges.clear();
    for (const auto& t : q.param) s.options.ranges.push_back(parse_param_range(t));
  }
  s.response_spec = q.response;
  s.response_seat = make_seat_player(q.response, rules);
  s.response = dynamic_cast<const StrongPolicy*>(s.response_seat.policy.get());
  if (!s.response)
    throw core::InputError("--response '" + q.response + "' is not a strong policy; valid: a file with kind = strong");
  for (const auto& spec : q.policy) s.seats.push_back(make_seat_player(spec, rules));
  for (std::size_t i = 0; i < q.policy.size(); ++i)
    s.measured.push_back({q.policy[i], s.seats[i].policy.get(), s.seats[i].selector.get()});
  return s;
}

StrengthAnswer strength_answer(const StrengthSetup& s, const core::RunControl& control) {
  return measure_strength(s.rules, s.measured, *s.response, s.response_spec, s.options, s.seed, s.threads, control);
}

core::report::Report describe(const StrengthAnswer& m) {
  // As each measurement plays them (whole series), also where a stop came before the first.
  const std::uint64_t evenings =
      whole_series(m.options.evenings, m.options.series_length) * static_cast<std::uint64_t>(m.options.series_length);
  std::vector<std::string> ranges;
  for (const auto& g : m.options.ranges)
    ranges.push_back(g.name + "=" + std::to_string(g.lo) + ".." + std::to_string(g.hi) + ":" + std::to_string(g.step));
  rp::Report out({});
  out.field("version", std::string(kVersion))
      .field("game", std::string(kGame))
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
            " evenings per measurement); gain = P(win) of the response - P(win) of a copy, paired; ± 1 SE\n");
  const auto estimate = [](const char* name) { return rp::Column{.name = name, .estimate_object = true}; };
  rp::Table policies{.columns = {{.name = "policy"}, {.name = "converged"}, {.name = "interrupted"}, {.name = "rounds"}}};
  for (std::size_t i = 0; i < m.results.size(); ++i) {
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
      text += "\n  round " + std::to_string(round++) + "  field " + rd.field + "  copy " +
              rp::plus_minus(rd.copy_value, "%.4f") + "  response " + label + " " +
              rp::plus_minus(rd.response_value, "%.4f") + "  gain " + rp::plus_minus(rd.gain, "%+.4f", "%.4f");
    }
    policies.row({m.specs[i], r.converged, r.interrupted, rounds.nested()});
    out.line(text);
  }
  double seconds = 0;
  for (const auto& r : m.results) seconds += r.seconds;
  out.field("policies", policies.nested())
      .completion(m.done.interrupted, m.done.completed, m.done.total, m.done.unit)
      .field("seconds", seconds);
  return out;
}

}  // namespace verflixt::verflixte6
