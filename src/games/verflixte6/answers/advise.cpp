#include "verflixt/games/verflixte6/answers/advise.h"

#include <cmath>

#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/version.h"

namespace verflixt::verflixte6 {

namespace {

namespace rp = core::report;
using rp::number;

// An action as the ranking names it ("joker pony") and as the verdict does ("pony").
std::string action_name(Action a) {
  if (a.kind == Action::Stop) return "stop";
  if (a.kind == Action::Roll) return "roll";
  return "joker " + std::string(joker_id(a.joker));
}

std::string action_label(Action a) {
  if (a.kind == Action::Stop) return "stop";
  if (a.kind == Action::Roll) return "roll";
  return std::string(joker_id(a.joker));
}

// One line a player can act on: the best action, the actions tied with it (within 2 paired
// SE, the ranking's own test; exactly equal when exact) and the ones clearly worse.
std::string verdict_line(const Advice& adv, const std::string& measure) {
  if (adv.ranked.empty()) return "no verdict: no action was ranked";
  std::vector<std::string> tied, worse;
  bool stop_tied = false;
  for (const auto& r : adv.ranked) {
    const double d = std::abs(r.versus_best.mean);
    const bool tie = r.exact ? d <= 1e-12 : d <= 2 * r.versus_best.se;
    (tie ? tied : worse).push_back(action_label(r.action));
    stop_tied = stop_tied || (tie && r.action.kind == Action::Stop);
  }
  const Action best = adv.ranked.front().action;
  std::string head;
  if (tied.size() == 1)
    head = best.kind == Action::Stop ? "stop" : best.kind == Action::Roll ? "roll on" : "roll on with " + tied.front();
  else
    head = std::string(stop_tied ? "too close to call" : "roll on") + ": " + join_words(tied) + " are " +
           (adv.exact ? "worth exactly the same" : "tied within their errors");
  std::string tail;
  if (!worse.empty()) tail = "; " + join_words(worse) + (worse.size() == 1 ? " is" : " are") + " clearly worse";
  else if (tied.size() == 1) tail = "; it is the only action";
  return head + tail + " (by " + measure + ")";
}

}  // namespace

const std::vector<std::string>& advice_goal_names() {
  static const std::vector<std::string> names = {"win", "not-loser", "eyes"};
  return names;
}

const std::string& goal_name(AdviceGoal goal) { return advice_goal_names()[static_cast<std::size_t>(goal)]; }

std::string measure_label(AdviceGoal goal) {
  return goal == AdviceGoal::Win ? "P(win)" : goal == AdviceGoal::NotLoser ? "P(not a loser)" : "expected pass eyes";
}

std::string join_words(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t k = 0; k < words.size(); ++k)
    out += (k == 0 ? "" : k + 1 == words.size() ? " and " : ", ") + words[k];
  return out;
}

AdviseAnswer advise_answer(const AdviseQuestion& q, const core::RunControl& control) {
  const auto continuation = [&]() -> std::shared_ptr<const Policy> {
    return q.self_policy ? q.self_policy : objective_continuation(q.rules, q.situation, q.max_solver_states);
  };
  AdviseAnswer a;
  a.advice = advise(q.rules, q.situation, continuation, q.others_policy, q.samples, q.seed, q.threads,
                    q.exact_if_possible, control, q.max_solver_states);
  a.rules = q.rules;
  a.situation = q.situation;
  a.samples_asked = q.samples;
  a.seed = q.seed;
  a.others_policy = q.others_policy.name();
  a.done = a.advice.exact ? core::Completion{false, 1, 1, "exact evaluations"}
                          : core::Completion{a.advice.interrupted, a.advice.samples, q.samples, "samples per action"};
  a.verdict = verdict_line(a.advice, measure_label(q.situation.goal));
  return a;
}

core::report::Report describe(const AdviseAnswer& answer) {
  const Advice& adv = answer.advice;
  const AdviceSituation& s = answer.situation;
  const Rules& rules = answer.rules;
  const std::string& goal = goal_name(s.goal);
  const std::string not_separated = "the estimates do not separate the best actions (within 2 paired SE): their order is not known";
  rp::Report out({});
  out.field("verdict", answer.verdict)
      .field("version", std::string(kVersion))
      .field("seed", answer.seed)
      .field("rules_summary", rules_summary(rules))
      .field("objective", goal)
      .field("method", std::string(adv.exact ? "exact (last-seat dynamic programming)" : "monte carlo, common random numbers"))
      .field("samples_per_action", adv.samples)
      .completion(answer.done.interrupted, answer.done.completed, answer.done.total, answer.done.unit)
      .field("dp_states", std::uint64_t{adv.dp_states});
  if (!adv.note.empty()) out.field("note", adv.note);
  out.field("self_policy", adv.exact ? std::string("optimal (DP)") : adv.continuation)
      .field("passes_left", s.passes_left)
      .field("situation", answer.inputs)
      .field("warnings", answer.warnings)
      .field("measure", measure_label(s.goal))
      .field("separated", adv.separated);
  if (!adv.fallback.empty()) out.field("fallback", adv.fallback);
  if (!adv.separated) out.field("warning", not_separated);
  out.field("others_policy", answer.others_policy).field("seconds", answer.seconds);

  // The answer as a table for the terminal: the verdict first, then the situation as
  // understood, the warnings about inputs, the ranking and the wall time of the whole answer.
  std::string text = answer.verdict + "\nverflixt " + kVersion + "  rules " + rules_summary(rules) + "  objective " + goal;
  for (const auto& line : answer.lines) text += "\n  " + line;
  for (const auto& w : answer.warnings) text += "\nwarning: " + w;
  if (adv.exact)
    text += "\nexact: last seat; optimal play after the action, jokers and victims included (dynamic programming, " +
            std::to_string(adv.dp_states) + " states)";
  else if (!adv.note.empty())
    text += "\nnote: " + adv.note;
  if (!adv.exact) {
    if (!adv.fallback.empty()) text += "\nfallback: " + adv.fallback;
    text += "\nMonte Carlo: " + std::to_string(adv.samples) + " samples per action, common random numbers (seed " +
            std::to_string(answer.seed) + "); you continue with " + adv.continuation + ", the others with " +
            answer.others_policy + "; ± is 1 standard error (± 1 SE), 'vs best' is paired" +
            (answer.done.interrupted ? "; ranked from the samples of the interrupted run" : "");
    if (adv.ranked.empty()) text += "\nno action ranked: fewer than 2 samples were played";
  }
  const std::string label =
      s.goal == AdviceGoal::Win ? "P(win)" : s.goal == AdviceGoal::NotLoser ? "P(not loser)" : "E[pass eyes]";
  out.line(text + "\nrank  action              " + label + std::string(18 - label.size(), ' ') + "vs best");

  // The ranking: the text shows an exact value without an error and the best without a
  // difference.
  rp::Table& actions = out.table("actions", {{.name = "rank", .width = 6, .in = rp::kText | rp::kCsv},
                                             {.name = "action", .width = 20, .min_gap = 1},
                                             {.name = "value", .se_name = "stderr", .in = rp::kJsonCsv},
                                             {.name = "value_text", .width = 18, .min_gap = 1, .in = rp::kText},
                                             {.name = "versus_best", .se_name = "versus_best_stderr", .in = rp::kJsonCsv},
                                             {.name = "versus_best_text", .in = rp::kText},
                                             {.name = "exact", .in = rp::kJsonCsv},
                                             {.name = "separated", .in = rp::kCsv}});
  for (std::size_t k = 0; k < adv.ranked.size(); ++k) {
    const auto& r = adv.ranked[k];
    const std::string v = number("%.4f", r.value.mean) + (r.exact ? " (exact)" : " ± " + number("%.4f", r.value.se));
    const std::string d = k == 0    ? "best"
                          : r.exact ? number("%+.4f", r.versus_best.mean)
                                    : number("%+.4f", r.versus_best.mean) + " ± " + number("%.4f", r.versus_best.se);
    actions.row({std::uint64_t{k + 1}, action_name(r.action), r.value, v, r.versus_best, d, r.exact, adv.separated});
  }
  if (!adv.separated && !adv.ranked.empty()) out.line("warning: " + not_separated + "; more --samples may tell them apart");
  if (static_cast<int>(s.pass.table.size()) <= rules.losers_at_least && s.goal == AdviceGoal::NotLoser)
    out.line("note: with " + std::to_string(s.pass.table.size()) + " players and at least " +
             std::to_string(rules.losers_at_least) + " losers (P3) everyone is a loser");
  out.line("(answered in " + number("%.2f", answer.seconds) + " s wall time)");
  return out;
}

}  // namespace verflixt::verflixte6
