#include "verflixt/games/verflixte6/answers/advise.h"

#include <cmath>
#include <memory>
#include <utility>

#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"
#include "verflixt/core/option.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/policy.h"
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

// "EYES:STATUS[:SCORE]" with STATUS one of j, p, z (or jungfrau, prinzessin, zombie).
SeatView parse_other(const std::string& spec) {
  const std::string what = "--other '" + spec + "'";
  const std::size_t c1 = spec.find(':');
  if (c1 == std::string::npos)
    throw core::InputError(what + ": expected EYES:STATUS[:SCORE], e.g. 14:p or 0:z:25; STATUS: j (Jungfrau), "
                                  "p (Prinzessin), z (Zombie)");
  const std::size_t c2 = spec.find(':', c1 + 1);
  SeatView v;
  v.eyes = core::parse_int(spec.substr(0, c1), "eyes", what, -1000, 1000);
  const std::string st = spec.substr(c1 + 1, c2 == std::string::npos ? std::string::npos : c2 - c1 - 1);
  const std::size_t k = core::parse_choice(st, "status", what, {"j", "p", "z", "jungfrau", "prinzessin", "zombie"});
  v.status = static_cast<Status>(k % 3);
  if (c2 != std::string::npos) v.total = core::parse_int(spec.substr(c2 + 1), "score", what, -1000000, 1000000);
  return v;
}

// The policy option `key` ("policy", "others-policy") names: its KEY-text twin (the text of
// a policy INI file) when given, else the policy of its value.
std::unique_ptr<Policy> policy_from(const std::string& key, const std::string& name, bool name_given,
                                    const std::optional<std::string>& text, const Rules& rules) {
  const std::string text_key = key + "-text";
  if (!text) return make_policy(name, rules);
  if (name_given) throw core::InputError("give one of --" + key + " and --" + text_key + ", not both");
  return make_policy_from_ini(*text, "--" + text_key, rules);
}

// The situation the question describes, and the jokers it gives each Jungfrau still to play
// (echoed even where nobody is left to hold them).
struct ReadSituation {
  AdviceSituation situation;
  JokerSet others_jokers;
};

// The question's situation, checked (validate_situation) in the order of its options, so that
// the first wrong one is the one named.
ReadSituation situation_of(const Rules& rules, const AdviceQuestion& q) {
  if (!q.turn_total) throw core::InputError("--turn-total is required (my eyes this pass so far)");
  if (q.other.empty()) throw core::InputError("give every other player with --other EYES:STATUS[:SCORE]");
  const std::size_t goal = core::parse_choice(q.objective, "--objective", "advise", advice_goal_names());

  AdviceSituation s;
  s.goal = static_cast<AdviceGoal>(goal);
  s.passes_left = q.passes_left;
  s.pass.self = 0;
  SeatView me;
  me.total = q.score;
  s.pass.table.push_back(me);
  core::check_given_count("other", q.other.size(), 1, kMaxPlayers - 1, "other players");
  for (const auto& o : q.other) s.pass.table.push_back(parse_other(o));
  if (q.order) {
    for (const std::string& seat : core::split(*q.order, ','))
      s.pass.to_play.push_back(
          core::parse_int(seat, "--order", "advise", 2, static_cast<int>(s.pass.table.size())) - 1);
  } else {
    for (std::size_t k = 1; k < s.pass.table.size(); ++k)
      if (s.pass.table[k].status == Status::Jungfrau) s.pass.to_play.push_back(static_cast<int>(k));
  }
  TurnState& t = s.pass.turn;
  t.eyes = *q.turn_total;
  t.robbing_ones = q.robbing_ones;
  t.held = parse_loadout(q.jokers, rules);
  t.frost_used = q.frost_used;
  t.fumo_active = q.fumo;
  if (q.floor) t.has_floor = true, t.floor = *q.floor;
  const JokerSet others_jokers = parse_loadout(q.others_jokers, rules, "--others-jokers");
  s.jokers.assign(s.pass.table.size(), JokerSet{});
  for (int k : s.pass.to_play)
    if (k >= 1 && static_cast<std::size_t>(k) < s.jokers.size()) s.jokers[static_cast<std::size_t>(k)] = others_jokers;
  validate_situation(rules, s);
  return {s, others_jokers};
}

std::vector<std::string> joker_ids(JokerSet set) {
  std::vector<std::string> out;
  for (int k = 0; k < JOKER_NB; ++k)
    if (set.has(static_cast<Joker>(k))) out.emplace_back(joker_id(static_cast<Joker>(k)));
  return out;
}

std::string list_or_none(const std::vector<std::string>& words) { return words.empty() ? "none" : join_words(words); }

// Jokers of `set` that nobody announces: they act by themselves (Jule, Tentakel) or react to
// a 6 (Runkelrüb, classic fumo), whatever the policy.
JokerSet acting_by_themselves(const Rules& rules, JokerSet set) {
  JokerSet out;
  for (Joker j : {JULE, TENTAKEL, RUNKELRUEB, FUMO})
    if (set.has(j) && (j != FUMO || rules.fumo != FumoKind::Doubling)) out = out.with(j);
  return out;
}

const char* status_name(Status s) {
  return s == Status::Jungfrau ? "jungfrau" : s == Status::Prinzessin ? "prinzessin" : "zombie";
}

// The own continuation as given: the policy's name, or the inline text's option.
std::string self_policy_name(const AdviceQuestion& q) {
  return q.policy_text ? std::string("--policy-text") : q.policy;
}

// The lines of the situation as understood: the seats (describe_situation), then every other
// input in words, so that the text, the JSON and the page echo the same.
std::vector<std::string> situation_lines(const AdviceQuestion& q, const AdviseAnswer& r, JokerSet others_jokers) {
  const AdviceSituation& s = r.situation;
  const TurnState& t = s.pass.turn;
  std::vector<std::string> out = describe_situation(s);
  out.push_back("your jokers still held: " + list_or_none(joker_ids(t.held)) + "; Frostschutz used " +
                std::to_string(t.frost_used) + " time" + (t.frost_used == 1 ? "" : "s") + "; Fumo " +
                (t.fumo_active ? "active" : "not active") + "; " +
                (t.has_floor ? "Ventil floor " + std::to_string(t.floor) : std::string("no Ventil floor")));
  out.push_back("robbing 1s thrown so far this turn: " + std::to_string(t.robbing_ones));
  out.push_back("jokers of each Jungfrau still to play: " + list_or_none(joker_ids(others_jokers)));
  out.push_back("objective: " + goal_name(s.goal) + " (ranked by " + measure_label(s.goal) +
                "); after the ranked action you continue with " + self_policy_name(q) +
                (r.advice.exact ? " (not used: the exact answer plays optimally)" : "") + ", the others with " +
                r.others_policy + (s.pass.to_play.empty() && s.passes_left == 1 ? " (nobody plays after you)" : ""));
  out.push_back("Monte Carlo settings: " + std::to_string(r.samples_asked) + " samples per action, seed " +
                std::to_string(r.seed) + ", " + std::to_string(q.threads) + " thread" + (q.threads == 1 ? "" : "s") +
                (q.monte_carlo ? ", Monte Carlo even where an exact answer exists" : ""));
  return out;
}

// Every input by option name, as read (an other player's eyes as given, even where dropped),
// with the situation's lines first.
rp::Nested echo_inputs(const AdviceQuestion& q, const AdviseAnswer& r, JokerSet others_jokers) {
  const AdviceSituation& s = r.situation;
  const TurnState& t = s.pass.turn;
  const auto i64 = [](auto v) { return static_cast<std::int64_t>(v); };
  const auto text_or_null = [](const std::optional<std::string>& text) {
    return text ? rp::Value(*text) : rp::Value(nullptr);
  };
  rp::Table other{.columns = {{.name = "player"}, {.name = "eyes"}, {.name = "status"}, {.name = "score"}}};
  for (std::size_t k = 1; k < s.pass.table.size(); ++k)
    other.row({std::uint64_t{k + 1}, i64(s.pass.table[k].eyes), std::string(status_name(s.pass.table[k].status)),
               i64(s.pass.table[k].total)});
  std::vector<std::int64_t> order;
  for (int k : s.pass.to_play) order.push_back(k + 1);
  rp::Table j{.columns = {{.name = "lines"}, {.name = "turn_total"}, {.name = "robbing_ones"}, {.name = "jokers"},
                          {.name = "frost_used"}, {.name = "fumo"}, {.name = "floor"}, {.name = "score"}, {.name = "other"},
                          {.name = "order"}, {.name = "others_jokers"}, {.name = "objective"}, {.name = "policy"},
                          {.name = "others_policy"}, {.name = "passes_left"}, {.name = "samples"}, {.name = "monte_carlo"},
                          {.name = "seed"}, {.name = "threads"}, {.name = "preset"}, {.name = "rules"}, {.name = "rules_text"},
                          {.name = "policy_text"}, {.name = "others_policy_text"}, {.name = "set"}},
              .json = rp::Table::Object};
  j.row({r.lines, i64(t.eyes), i64(t.robbing_ones), joker_ids(t.held),
         i64(t.frost_used), t.fumo_active, t.has_floor ? rp::Value(i64(t.floor)) : rp::Value(nullptr),
         i64(s.pass.table.front().total), other.nested(), order, joker_ids(others_jokers), goal_name(s.goal),
         self_policy_name(q), r.others_policy, i64(s.passes_left), r.samples_asked, q.monte_carlo, r.seed,
         i64(q.threads), q.preset, text_or_null(q.rules), text_or_null(q.rules_text),
         text_or_null(q.policy_text), text_or_null(q.others_policy_text), q.set});
  return j.nested();
}

// The inputs that change nothing in this answer or are dropped, and the jokers that act by
// themselves (named so, since they are no action of their own in the ranking).
std::vector<std::string> input_warnings(const AdviceQuestion& q, const AdviseAnswer& r, const Policy& others_policy,
                                        JokerSet others_jokers) {
  const AdviceSituation& s = r.situation;
  const TurnState& t = s.pass.turn;
  std::vector<std::string> out;
  for (std::size_t k = 1; k < s.pass.table.size(); ++k)
    if (s.pass.table[k].status == Status::Jungfrau && s.pass.table[k].eyes != 0)
      out.push_back("player " + std::to_string(k + 1) + " is a Jungfrau still to play: she starts her turn from the " +
                    std::to_string(s.pass.table[k].eyes) + " eyes given, as if robbed or paid before it; a player who "
                    "stopped at " + std::to_string(s.pass.table[k].eyes) + " eyes is " +
                    std::to_string(s.pass.table[k].eyes) + ":p");
  const std::vector<std::string> own_auto = joker_ids(acting_by_themselves(r.rules, t.held));
  if (!own_auto.empty())
    out.push_back(join_words(own_auto) +
                  (own_auto.size() == 1 ? " acts by itself, so it is" : " act by themselves, so they are") +
                  " no action to rank: every action's value already counts " + (own_auto.size() == 1 ? "it" : "them"));
  if (!others_jokers.empty()) {
    const JokerSet acting = acting_by_themselves(r.rules, others_jokers);
    const std::vector<std::string> announced = joker_ids({static_cast<u16>(others_jokers.bits & ~acting.bits)});
    if (s.pass.to_play.empty())
      out.push_back("the others' jokers (" + join_words(joker_ids(others_jokers)) +
                    ") change nothing: nobody plays after you this pass, and later passes are played without jokers");
    else if (!announced.empty() && dynamic_cast<const ThresholdPolicy*>(&others_policy) != nullptr)
      out.push_back("the others' jokers " + join_words(announced) + " change nothing: their policy " +
                    others_policy.name() + " never announces a joker (a policy file such as "
                    "strategies/heuristic.ini does)" +
                    (acting.empty() ? "" : "; " + join_words(joker_ids(acting)) +
                                               (acting.size() == 1 ? " still acts by itself" : " still act by themselves")));
  }
  if (r.advice.exact) {
    std::vector<std::string> unused;
    const std::pair<bool, const char*> options[] = {{q.given.samples, "--samples"},
                                                    {q.given.seed, "--seed"},
                                                    {q.given.policy, "--policy"},
                                                    {q.given.others_policy, "--others-policy"}};
    for (const auto& [given, option] : options)
      if (given) unused.emplace_back(option);
    if (!unused.empty())
      out.push_back(core::changes_nothing(unused, "the answer is exact (the last seat, with optimal play after each action)"));
  } else if (q.monte_carlo && !advice_is_exact(r.rules, s)) {
    out.push_back("--monte-carlo changes nothing: an exact answer exists only for the last seat of the last pass "
                  "with objective win or not-loser");
  }
  return out;
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

AdviseAnswer advise_answer(const Rules& rules, const AdviceQuestion& q, const core::RunControl& control,
                           std::size_t max_solver_states) {
  const ReadSituation read = situation_of(rules, q);
  const AdviceSituation& s = read.situation;
  // The default continuation plays for the objective (analyses/advise.h) and is built only if
  // the answer needs Monte Carlo, since building it solves the held loadout and the exact
  // answer never plays it; a policy file's errors still show before any work.
  const bool objective = !q.policy_text && core::policy_spelling(q.policy, {"objective"}) == "objective";
  std::shared_ptr<const Policy> self_policy =
      objective ? nullptr : policy_from("policy", q.policy, q.given.policy, q.policy_text, rules);
  const auto others_policy =
      policy_from("others-policy", q.others_policy, q.given.others_policy, q.others_policy_text, rules);
  const auto continuation = [&]() -> std::shared_ptr<const Policy> {
    return self_policy ? self_policy : objective_continuation(rules, s, max_solver_states);
  };
  AdviseAnswer a;
  a.advice = advise(rules, s, continuation, *others_policy, q.samples, q.seed, q.threads, !q.monte_carlo, control,
                    max_solver_states);
  a.rules = rules;
  a.situation = s;
  a.samples_asked = q.samples;
  a.seed = q.seed;
  a.others_policy = others_policy->name();
  a.done = a.advice.exact ? core::Completion{false, 1, 1, "exact evaluations"}
                          : core::Completion{a.advice.interrupted, a.advice.samples, q.samples, "samples per action"};
  a.verdict = verdict_line(a.advice, measure_label(s.goal));
  a.lines = situation_lines(q, a, read.others_jokers);
  a.inputs = echo_inputs(q, a, read.others_jokers);
  a.warnings = input_warnings(q, a, *others_policy, read.others_jokers);
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
      .field("version", std::string(kVersion), rp::kJsonHead)
      .field("game", std::string(kGame), rp::kJsonHead)
      .field("seed", answer.seed, rp::kJsonHead)
      .field("rules", rules_summary(rules), rp::kJsonHead)
      .field("objective", goal, rp::kJsonHead)
      .field("method", std::string(adv.exact ? "exact (last-seat dynamic programming)" : "monte carlo, common random numbers"))
      .field("samples_per_action", adv.samples, adv.exact ? rp::kJson : rp::kJsonHead)  // none for an exact answer
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
