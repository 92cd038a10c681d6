// `verflixt advise`: a player describes the situation at the table — his eyes, robbing 1s,
// jokers (Frostschutz uses, Fumo, Ventil floor), the other players' eyes, status and totals,
// who is still to play — and gets every legal action ranked by his objective, exact in the
// last seat (jokers and Fumo included) and by Monte Carlo with common random numbers otherwise.

#include <chrono>
#include <optional>

#include "cli/cli.h"
#include "games/verflixte6/commands/api.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/games/verflixte6/answers/advise.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// The question as the options give it, each value as typed.
AdviceQuestion question_from(const po::variables_map& vm) {
  const auto text = [&](const char* key) {
    return vm.count(key) ? std::optional<std::string>(vm[key].as<std::string>()) : std::nullopt;
  };
  const auto given = [&](const char* key) { return vm.count(key) && !vm[key].defaulted(); };
  AdviceQuestion q;
  if (vm.count("turn-total")) q.turn_total = vm["turn-total"].as<int>();
  q.robbing_ones = vm["robbing-ones"].as<int>();
  q.jokers = vm["jokers"].as<std::string>();
  q.frost_used = vm["frost-used"].as<int>();
  q.fumo = vm["fumo"].as<bool>();
  if (vm.count("floor")) q.floor = vm["floor"].as<int>();
  q.score = vm["score"].as<int>();
  if (vm.count("other")) q.other = vm["other"].as<std::vector<std::string>>();
  q.order = text("order");
  q.others_jokers = vm["others-jokers"].as<std::string>();
  q.objective = vm["objective"].as<std::string>();
  q.policy = vm["policy"].as<std::string>();
  q.others_policy = vm["others-policy"].as<std::string>();
  q.policy_text = text("policy-text");
  q.others_policy_text = text("others-policy-text");
  q.passes_left = vm["passes-left"].as<int>();
  q.samples = vm["samples"].as<std::uint64_t>();
  q.monte_carlo = vm["monte-carlo"].as<bool>();
  q.seed = seed_from(vm);
  // threads_from warns when the count passes what the machine runs well; a question without
  // its required options is refused before any such warning.
  if (q.turn_total && !q.other.empty()) q.threads = threads_from(vm);
  q.preset = vm["preset"].as<std::string>();
  q.rules = text("rules");
  q.rules_text = text("rules-text");
  if (vm.count("set")) q.set = vm["set"].as<std::vector<std::string>>();
  q.given = {.samples = given("samples"), .seed = given("seed"), .policy = given("policy"),
             .others_policy = given("others-policy")};
  return q;
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
  AdviseAnswer r = advise_answer(rules, question_from(vm), control, budget.max_solver_states);
  // The command line's mark: Ctrl-C pressed during the run marks the answer interrupted even
  // when the last chunk was played.
  r.done = completion(r.done.completed, r.done.total, r.done.unit, r.done.interrupted);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

std::string advise_json(const AdviseAnswer& answer) { return describe(answer).render_json(); }

namespace {

AnswerResult advise_answered(const po::variables_map& vm) {
  format_from(vm, kFormats);
  // Ctrl-C stops the Monte Carlo samples at the next chunk; the ranking is over the samples
  // played (the exact DP is one unit and finishes).
  const AdviseAnswer answer =
      with_progress("advise samples", [&](const core::RunControl& control) { return advise_report(vm, control); });
  return {describe(answer), answer.done};
}

}  // namespace

AnswerSpec advise_spec() {
  return {"advise", "advise options", advise_options(), kFormats,
          std::string("usage: verflixt advise --turn-total E [--robbing-ones J] [--jokers LIST] --other EYES:STATUS[:SCORE] ...\n"
          "                       [--objective win|not-loser|eyes] [--samples N]\n"
          "Ranks stop, roll and every held joker by P(win) (ties split), P(not a loser) (P3, on\n"
          "evening total + pass result) or the expected pass result. Last seat (any jokers):\n"
          "exact (dynamic programming); otherwise Monte Carlo with common random numbers.\n"
          "example: verflixt advise --turn-total 9 --other 0:z --other 14:p --other 6:p --other 0:j") + kRuleIdsNote,
          advise_answered};
}

}  // namespace verflixt::cli
