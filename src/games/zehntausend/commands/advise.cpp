// `verflixt advise --game zehntausend`: after a throw, every legal set-aside with bank or
// throw; before one (--dice-left), bank or throw. Ranked by the turn's exact expected points
// and, with others, by P(win) (exact against one opponent and in the final round, else Monte Carlo).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cli/game_answer.h"
#include "cli/value_cache.h"
#include "games/zehntausend/commands/commands.h"
#include "games/zehntausend/commands/shared.h"
#include "verflixt/core/dice_text.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/games/zehntausend/answers.h"
#include "verflixt/games/zehntausend/policy.h"

namespace verflixt::cli {

using namespace zehntausend_cli;
using namespace verflixt::zehntausend;

namespace {

// The situation the options describe; with others, `r` gets their number of players.
Situation read_situation(const po::variables_map& vm, ZehntausendRules& r) {
  // Before a throw (--dice-left) the question is bank or throw; after one (--dice), which dice
  // to set aside and then bank or throw.
  Situation a;
  const bool before = a.before = vm.count("dice-left") > 0;
  if (before == (vm.count("dice") > 0))
    throw core::InputError(before ? "give --dice (after a throw) or --dice-left (before one), not both"
                            : "give --dice \"1 5 5 2 4 3\" (the dice just thrown) or --dice-left N (before a throw: bank "
                              "or throw?)");
  std::vector<int>& faces = a.faces;
  const int dice_left = a.dice_left = before ? vm["dice-left"].as<int>() : 0;
  if (before && (dice_left < 1 || dice_left > r.dice))
    throw core::InputError("--dice-left " + std::to_string(dice_left) + " is out of range; valid: 1.." + std::to_string(r.dice));
  if (!before) faces = core::parse_dice_text(vm["dice"].as<std::string>(), "--dice");
  const int turn_total = a.turn_total = vm["turn-total"].as<int>(), total = a.score = vm["score"].as<int>();
  std::vector<int>& opponents = a.opponents;
  if (vm.count("other"))
    for (const auto& s : vm["other"].as<std::vector<std::string>>())
      opponents.push_back(core::parse_int(s, "--other", "command line", 0, 100000000));
  if (!before && (faces.empty() || static_cast<int>(faces.size()) > r.dice))
    throw core::InputError("--dice needs 1.." + std::to_string(r.dice) + " dice, each 1..6");
  if (turn_total < 0 || turn_total % kPointStep) throw core::InputError("--turn-total must be a multiple of 50, 0 or more");
  if (total < 0 || total % kPointStep) throw core::InputError("--score must be a multiple of 50, 0 or more");
  const bool race = !opponents.empty();
  if (race) r.players = static_cast<int>(opponents.size()) + 1;
  if (r.players > kMaxPlayers) throw core::InputError("--other: at most 7 other players");
  const int me = a.me = vm["seat"].as<int>() - 1;
  if (me < 0 || me >= r.players) throw core::InputError("--seat must be 1.." + std::to_string(r.players));
  return a;
}

// Whether `spec` asks for the solved race (exact, exact:FILE), and the file.
bool exact_spec(const std::string& spec, std::string& file) {
  if (spec != "exact" && spec.rfind("exact:", 0) != 0) return false;
  file = spec.size() > 6 ? spec.substr(6) : "";
  return true;
}

// What advise reads before --format: the rules, and the situation, which gives them their
// number of players.
struct AdviseRead {
  ZehntausendRules rules;
  Situation at;
};

AnswerGame<AdviseRead> zehntausend_advise() {
  const core::OptionTable own = {
      core::asked(core::renamed(
          core::word_option("dice", "the dice just thrown, e.g. \"1 5 5 2 4 3\" (or --dice-left before a throw)"), "throw")),
      core::asked(core::integer_option("dice-left", 1, 6, "before a throw: the dice left to throw; ranks bank against throw"),
                  "Dice left to throw (before a throw)"),
      core::asked(core::integer_option("turn-total", 0, 0, 1000000, "points set aside earlier this turn")),
      core::asked(core::renamed(core::integer_option("score", 0, 0, 1000000, "my game total"), "total")),
      core::asked(core::renamed(
          core::words_option("other", "another player's game total (repeatable; in seat order after me)"), "opponent")),
      core::asked(core::integer_option("seat", 1, 1, kMaxPlayers, "my seat (1 moves first); the others take the other seats in order")),
      core::policy_option("policy", "exact",
                          "how everyone plays on, for P(win): exact (two players: the solved race, exact P(win)) or a "
                          "seat policy for Monte Carlo (race, optimal, bank:N, ...; the default with more players: race)"),
      core::labelled(core::integer_option("overshoot", kDefaultOvershoot, 0, 1000000,
                                          "exact: the solved race's cap (solve --race --overshoot)"),
                     "Race cap past the limit"),
      core::labelled(core::count_option("games", 20000, 1, std::uint64_t{1} << 32, "games per choice for a Monte Carlo P(win)"),
                     "Games per choice (Monte Carlo)")};
  AnswerGame<AdviseRead> g{
      .game = "zehntausend", .command = "advise", .options = game_options(), .own = own + cache_options(), .sampling = true,
      .usage = "usage: verflixt advise --game zehntausend --dice \"1 5 5 2 4 3\" [--turn-total 350] [--score 7200]\n"
               "       verflixt advise --game zehntausend --turn-total 350 --dice-left 3   (bank or throw?)\n"
               "                       [--other 9100 ...] [--seat 1] [--games N] [--seed S]\n"
               "Ranks every legal set-aside of the throw with bank or throw by exact expected points of the turn\n"
               "and, with others, by P(win): exact against one opponent (the solved two-player race, cached\n"
               "after its first solve) and in the final round, else Monte Carlo of the rest of the game (± SE)\n"
               "under --policy."};
  g.rules = [](const po::variables_map& vm) {
    AdviseRead read{game_rules(vm), {}};
    read.at = read_situation(vm, read.rules);
    return read;
  };
  g.answer = [](const po::variables_map& vm, const AdviseRead& read) {
    const ZehntausendRules& r = read.rules;
    const Situation& at = read.at;
    const TurnLibrary lib(r);
    Advice advice = advice_choices(lib, at);
    // --policy exact[:FILE] answers from the solved race; where it cannot (the final round, solved
    // below; more players, refused) the game is played on by Monte Carlo under race.
    std::string race_file;
    const std::string asked = vm["policy"].as<std::string>();
    // The default (exact) with more than two players is the race policy by Monte Carlo, as the
    // help says; asked for by name, exact is refused there.
    const bool wants_exact = exact_spec(asked, race_file) && (r.players == 2 || !vm["policy"].defaulted());
    const std::string sampled = wants_exact || vm["policy"].defaulted() ? "race" : asked;
    const bool race = advice.race();
    advice.exact = race && !advice.final_round() && wants_exact;
    if (advice.exact && r.players != 2)
      throw core::InputError("--policy exact: the race is solved for two players; with more, give a seat policy (race, optimal, ...)");
    if (advice.exact) exact_wins(*race_for(vm, r, race_file).race, advice);
    advice.games = vm["games"].as<std::uint64_t>();
    if (race && !advice.exact) {
      advice.seed = seed_from(vm);
      const int threads = threads_from(vm);
      const auto policy = make_seat_policy(sampled, lib);
      // Choices sampled in part rank nothing.
      if (!sampled_wins(lib, *policy, advice.games, advice.seed, threads, advice, stop_control()))
        return nothing_finished(report_head(r), "advices");
    }
    rank(advice);
    advice.policy = race && !advice.exact ? sampled : asked;
    return AnswerResult{describe(advice)};
  };
  return g;
}

}  // namespace

core::OptionTable zehntausend_advise_request_options() { return answer_options(zehntausend_advise()); }

int zehntausend_advise_command(int argc, const char* const* argv) {
  return answer_command(argc, argv, zehntausend_advise());
}

}  // namespace verflixt::cli
