// `verflixt advise`: a player describes the situation at the table — his eyes, robbing 1s,
// jokers (Frostschutz uses, Fumo, Ventil floor), the other players' eyes, status and totals,
// who is still to play — and gets every legal action ranked by his objective, exact in the
// last seat (jokers and Fumo included) and by Monte Carlo with common random numbers otherwise.

#include <chrono>

#include "cli/cli.h"
#include "games/verflixte6/commands/api.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/games/verflixte6/analyses/advise.h"
#include "verflixt/games/verflixte6/answers/advise.h"
#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace rp = core::report;
namespace {

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// "EYES:STATUS[:SCORE]" with STATUS one of j, p, z (or jungfrau, prinzessin, zombie).
SeatView parse_other(const std::string& spec) {
  const std::string what = "--other '" + spec + "'";
  const size_t c1 = spec.find(':');
  if (c1 == std::string::npos)
    throw core::InputError(what + ": expected EYES:STATUS[:SCORE], e.g. 14:p or 0:z:25; STATUS: j (Jungfrau), p (Prinzessin), z (Zombie)");
  const size_t c2 = spec.find(':', c1 + 1);
  SeatView v;
  v.eyes = core::parse_int(spec.substr(0, c1), "eyes", what, -1000, 1000);
  const std::string st = spec.substr(c1 + 1, c2 == std::string::npos ? std::string::npos : c2 - c1 - 1);
  const size_t k = core::parse_choice(st, "status", what, {"j", "p", "z", "jungfrau", "prinzessin", "zombie"});
  v.status = static_cast<Status>(k % 3);
  if (c2 != std::string::npos) v.total = core::parse_int(spec.substr(c2 + 1), "score", what, -1000000, 1000000);
  return v;
}

// The policy option `key` ("policy", "others-policy") names: its KEY-text twin (the text of
// a policy INI file) when given, else the policy of its value.
std::unique_ptr<Policy> policy_from(const po::variables_map& vm, const std::string& key, const Rules& rules) {
  const std::string text_key = key + "-text";
  if (!vm.count(text_key)) return make_policy(vm[key].as<std::string>(), rules);
  if (!vm[key].defaulted()) throw core::InputError("give one of --" + key + " and --" + text_key + ", not both");
  return make_policy_from_ini(vm[text_key].as<std::string>(), "--" + text_key, rules);
}

bool given(const po::variables_map& vm, const char* key) { return vm.count(key) && !vm[key].defaulted(); }

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

// The own continuation as given: --policy's value, or the inline text's option.
std::string self_policy_name(const po::variables_map& vm) {
  return vm.count("policy-text") ? std::string("--policy-text") : vm["policy"].as<std::string>();
}

// The lines of the situation as understood: the seats (describe_situation), then every other
// input in words, so that the text, the JSON and the page echo the same.
std::vector<std::string> situation_lines(const po::variables_map& vm, const AdviseAnswer& r,
                                         JokerSet others_jokers, int threads) {
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
                "); after the ranked action you continue with " + self_policy_name(vm) +
                (r.advice.exact ? " (not used: the exact answer plays optimally)" : "") + ", the others with " +
                r.others_policy + (s.pass.to_play.empty() && s.passes_left == 1 ? " (nobody plays after you)" : ""));
  out.push_back("Monte Carlo settings: " + std::to_string(r.samples_asked) + " samples per action, seed " +
                std::to_string(r.seed) + ", " + std::to_string(threads) + " thread" + (threads == 1 ? "" : "s") +
                (vm["monte-carlo"].as<bool>() ? ", Monte Carlo even where an exact answer exists" : ""));
  return out;
}

// Every input by option name, as read (an other player's eyes as given, even where dropped),
// with the situation's lines first.
rp::Nested echo_inputs(const po::variables_map& vm, const AdviseAnswer& r, JokerSet others_jokers, int threads) {
  const AdviceSituation& s = r.situation;
  const TurnState& t = s.pass.turn;
  const auto i64 = [](auto v) { return static_cast<std::int64_t>(v); };
  const auto text_or_null = [&](const char* key) {
    return vm.count(key) ? rp::Value(vm[key].as<std::string>()) : rp::Value(nullptr);
  };
  rp::Table other{.columns = {{.name = "player"}, {.name = "eyes"}, {.name = "status"}, {.name = "score"}}};
  for (size_t k = 1; k < s.pass.table.size(); ++k)
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
         self_policy_name(vm), r.others_policy, i64(s.passes_left), r.samples_asked, vm["monte-carlo"].as<bool>(), r.seed,
         i64(threads), vm["preset"].as<std::string>(), text_or_null("rules"), text_or_null("rules-text"),
         text_or_null("policy-text"), text_or_null("others-policy-text"),
         vm.count("set") ? vm["set"].as<std::vector<std::string>>() : std::vector<std::string>{}});
  return j.nested();
}

// The inputs that change nothing in this answer or are dropped, and the jokers that act by
// themselves (named so, since they are no action of their own in the ranking).
std::vector<std::string> input_warnings(const po::variables_map& vm, const AdviseAnswer& r,
                                        const Policy& others_policy, JokerSet others_jokers) {
  const AdviceSituation& s = r.situation;
  const TurnState& t = s.pass.turn;
  std::vector<std::string> out;
  for (size_t k = 1; k < s.pass.table.size(); ++k)
    if (s.pass.table[k].status == Status::Jungfrau && s.pass.table[k].eyes != 0)
      out.push_back("player " + std::to_string(k + 1) + " is a Jungfrau still to play: she starts her turn from the " +
                    std::to_string(s.pass.table[k].eyes) + " eyes given, as if robbed or paid before it; a player who "
                    "stopped at " + std::to_string(s.pass.table[k].eyes) + " eyes is " +
                    std::to_string(s.pass.table[k].eyes) + ":p");
  const std::vector<std::string> own_auto = joker_ids(acting_by_themselves(r.rules, t.held));
  if (!own_auto.empty())
    out.push_back(join_words(own_auto) + (own_auto.size() == 1 ? " acts by itself, so it is" : " act by themselves, so they are") +
                  " no action to rank: every action's value already counts " + (own_auto.size() == 1 ? "it" : "them"));
  if (t.frost_used > 0 && !t.held.has(FROSTSCHUTZ))
    out.push_back("Frostschutz used " + std::to_string(t.frost_used) + " times changes nothing: you hold no Frostschutz");
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
    for (const char* key : {"samples", "seed", "policy", "others-policy"})
      if (given(vm, key)) unused.push_back(std::string("--") + key);
    if (!unused.empty())
      out.push_back(join_words(unused) + (unused.size() == 1 ? " changes" : " change") +
                    " nothing: the answer is exact (the last seat, with optimal play after each action)");
  } else if (vm["monte-carlo"].as<bool>() && !advice_is_exact(r.rules, s)) {
    out.push_back("--monte-carlo changes nothing: an exact answer exists only for the last seat of the last pass "
                  "with objective win or not-loser");
  }
  return out;
}

}  // namespace

core::OptionTable advise_options() {
  // The objective is read by advise itself (it takes its spellings); its names feed the completion.
  core::Option objective = core::word_option("objective", "not-loser", "win, not-loser or eyes");
  objective.choices = {"win", "not-loser", "eyes"};
  core::Option monte_carlo = core::switch_option("monte-carlo", "use Monte Carlo even where the exact last-seat solution applies");
  const core::OptionTable own = {
      core::renamed(core::integer_option("turn-total", -200, 400, "my eyes this pass so far (after the free throw)"), "eyes"),
      core::integer_option("robbing-ones", 0, 0, 100, "robbing 1s thrown so far this turn (T4)"),
      core::word_option("jokers", "none", "jokers still held, e.g. hirtenschutz,pony"),
      core::integer_option("frost-used", 0, 0, 4, "Frostschutz uses so far (J1)"),
      core::switch_option("fumo", "Fumo is active (J13 doubling)"),
      core::integer_option("floor", -200, 400, "Ventil floor set earlier this turn (J11)"),
      core::renamed(core::integer_option("score", 0, 0, 7600,
                                   "my evening total before this pass (at most what the evening's earlier passes can add "
                                   "up to)"),
              "total"),
      core::words_option("other",
                         "another player, EYES:STATUS[:SCORE]: the eyes of this pass, the status j (Jungfrau, still to "
                         "play), p (Prinzessin) or z (Zombie), the evening total; repeat in seat order after you"),
      core::word_option("order",
                        "the Jungfrauen still to play in playing order, as player numbers: you are 1, the --other "
                        "players 2, 3, ... as given; e.g. 4,2 (default: the Jungfrauen as listed)"),
      core::word_option("others-jokers", "none", "jokers each Jungfrau still to play holds"),
      objective,
      core::policy_option("policy", "objective",
                          "how you continue after the ranked action (Monte Carlo only; in the last seat the exact answer "
                          "plays optimally). objective: stop as soon as stopping meets the objective on the table as it "
                          "stands, jokers as the exact solo solver spends them; any other policy that does not separate "
                          "the actions is replaced by it"),
      core::policy_option("others-policy", "threshold:20", "how the others still to play play"),
      core::text_option("policy-text", "--policy given as the text of a policy INI file instead of a name"),
      core::text_option("others-policy-text", "--others-policy given as the text of a policy INI file instead of a name"),
      core::integer_option("passes-left", 1, 1, 50,
                           "passes of the evening still to play, this one included (1 = the last pass; later passes are "
                           "played out by Monte Carlo, everyone without jokers, before scoring)"),
      core::count_option("samples", 20000, 2, 100000000, "Monte Carlo samples per action"),
      monte_carlo};
  return own + sampling_options() + rules_options();
}

AdviseAnswer advise_report(const po::variables_map& vm, const core::RunControl& control, const Budget& budget) {
  const auto t0 = std::chrono::steady_clock::now();
  const Rules rules = rules_from(vm);
  if (!vm.count("turn-total")) throw core::InputError("--turn-total is required (my eyes this pass so far)");
  if (!vm.count("other")) throw core::InputError("give every other player with --other EYES:STATUS[:SCORE]");
  const std::uint64_t samples = vm["samples"].as<std::uint64_t>();
  const std::uint64_t seed = seed_from(vm);
  const int threads = threads_from(vm);
  const size_t goal = core::parse_choice(vm["objective"].as<std::string>(), "--objective", "advise", advice_goal_names());

  AdviceSituation s;
  s.goal = static_cast<AdviceGoal>(goal);
  s.passes_left = vm["passes-left"].as<int>();
  s.pass.self = 0;
  SeatView me;
  me.total = vm["score"].as<int>();
  s.pass.table.push_back(me);
  for (const auto& o : vm["other"].as<std::vector<std::string>>()) s.pass.table.push_back(parse_other(o));
  if (s.pass.table.size() > 12)
    throw core::InputError(std::to_string(s.pass.table.size() - 1) + " --other players; valid: 1..11");
  if (vm.count("order")) {
    const std::string list = vm["order"].as<std::string>();
    size_t start = 0;
    while (start <= list.size()) {
      size_t comma = list.find(',', start);
      if (comma == std::string::npos) comma = list.size();
      s.pass.to_play.push_back(core::parse_int(list.substr(start, comma - start), "--order", "advise", 2,
                                         static_cast<int>(s.pass.table.size())) - 1);
      start = comma + 1;
    }
  } else {
    for (size_t k = 1; k < s.pass.table.size(); ++k)
      if (s.pass.table[k].status == Status::Jungfrau) s.pass.to_play.push_back(static_cast<int>(k));
  }
  TurnState& t = s.pass.turn;
  t.eyes = vm["turn-total"].as<int>();
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

  // The default continuation plays for the objective (advise.h) and is left to the answer to
  // build; a policy file's errors still show before any work.
  const bool objective = !vm.count("policy-text") && vm["policy"].as<std::string>() == "objective";
  std::shared_ptr<const Policy> self_policy = objective ? nullptr : policy_from(vm, "policy", rules);
  const auto others_policy = policy_from(vm, "others-policy", rules);
  AdviseAnswer r = advise_answer({rules, s, samples, seed, threads, !vm["monte-carlo"].as<bool>(), self_policy,
                                  *others_policy, budget.max_solver_states},
                                 control);
  // The command line's mark: Ctrl-C pressed during the run marks the answer interrupted even
  // when the last chunk was played.
  r.done = completion(r.done.completed, r.done.total, r.done.unit, r.done.interrupted);
  r.lines = situation_lines(vm, r, others_jokers, threads);
  r.inputs = echo_inputs(vm, r, others_jokers, threads);
  r.warnings = input_warnings(vm, r, *others_policy, others_jokers);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

std::string advise_json(const AdviseAnswer& answer) { return describe(answer).render_json(); }

int advise_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "advise options", advise_options() + output_options(kFormats),
                  std::string("usage: verflixt advise --turn-total E [--robbing-ones J] [--jokers LIST] --other EYES:STATUS[:SCORE] ...\n"
                  "                       [--objective win|not-loser|eyes] [--samples N]\n"
                  "Ranks stop, roll and every held joker by P(win) (ties split), P(not a loser) (P3, on\n"
                  "evening total + pass result) or the expected pass result. Last seat (any jokers):\n"
                  "exact (dynamic programming); otherwise Monte Carlo with common random numbers.\n"
                  "example: verflixt advise --turn-total 9 --other 0:z --other 14:p --other 6:p --other 0:j") + kRuleIdsNote,
                  vm))
    return 0;
  const std::string format = format_from(vm, kFormats);
  // Ctrl-C stops the Monte Carlo samples at the next chunk; the ranking is over the samples
  // played (the exact DP is one unit and finishes).
  const AdviseAnswer answer =
      with_progress("advise samples", [&](const core::RunControl& control) { return advise_report(vm, control); });
  return finish(vm, format, answer.done, describe(answer).render(format));
}

}  // namespace verflixt::cli
