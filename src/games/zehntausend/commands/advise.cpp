// `verflixt advise --game zehntausend`: after a throw, every legal set-aside with bank or
// throw; before one (--dice-left), bank or throw. Ranked by the turn's exact expected points
// and, with others, by P(win) (exact against one opponent and in the final round, else Monte Carlo).
#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "verflixt/core/dice_text.h"
#include "games/zehntausend/commands/commands.h"
#include "cli/value_cache.h"
#include "games/zehntausend/commands/shared.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/games/zehntausend/engine.h"
#include "verflixt/games/zehntausend/monte_carlo.h"
#include "verflixt/games/zehntausend/policy.h"
#include "verflixt/games/zehntausend/turn_solver.h"

namespace verflixt::cli {

using namespace zehntausend_cli;
using namespace verflixt::zehntausend;

namespace {

// The ranking as a table for the terminal, from the command's JSON (one source for both).
struct Ask {
  bool before = false;
  int dice_left = 0, turn_total = 0, total = 0, me = 0;
  std::vector<int> faces, opponents;
};

Ask read_ask(const po::variables_map& vm, ZehntausendRules& r) {
  // Before a throw (--dice-left) the question is bank or throw; after one (--dice), which dice
  // to set aside and then bank or throw.
  Ask a;
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
  const int turn_total = a.turn_total = vm["turn-total"].as<int>(), total = a.total = vm["score"].as<int>();
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

// The final round, exactly: one turn against a known best total. Banking t2 wins, ties or
// loses outright; throwing on plays reach:N (aim one step past the best total, Z5) and wins
// with the probability that the turn banks that much (a tie would share; reach:N aims past).
double final_round_p_win(const TurnModel& m, const ZehntausendRules& r, const Ask& ask, int best_other, bool bank,
                         int t2, int dice_next) {
  if (bank) {
    int tied = 0;
    for (int o : ask.opponents) tied += o == best_other;
    return ask.total + t2 > best_other ? 1.0 : ask.total + t2 == best_other ? 1.0 / (tied + 1) : 0.0;
  }
  const int target = best_other - ask.total + kPointStep;
  const TurnPolicy reach = reach_policy(m, std::max(target, r.bank_min));
  const TurnEvaluation e = evaluate_turn(m, reach, t2, dice_next);
  double p = 0;
  for (size_t t = 0; t < e.banked.size(); ++t)
    if (static_cast<int>(t) * kPointStep >= target) p += e.banked[t];
  return p;
}

// advise's options: the game's, its own, then the cache's.
core::OptionTable zehntausend_advise_options() {
  const core::OptionTable own = {
      core::renamed(core::word_option("dice", "the dice just thrown, e.g. \"1 5 5 2 4 3\" (or --dice-left before a throw)"),
                    "throw"),
      core::integer_option("dice-left", 1, 6, "before a throw: the dice left to throw; ranks bank against throw"),
      core::integer_option("turn-total", 0, 0, 1000000, "points set aside earlier this turn"),
      core::renamed(core::integer_option("score", 0, 0, 1000000, "my game total"), "total"),
      core::renamed(core::words_option("other", "another player's game total (repeatable; in seat order after me)"),
                    "opponent"),
      core::integer_option("seat", 1, 1, kMaxPlayers, "my seat (1 moves first); the others take the other seats in order"),
      core::policy_option("policy", "exact",
                          "how everyone plays on, for P(win): exact (two players: the solved race, exact P(win)) or a "
                          "seat policy for Monte Carlo (race, optimal, bank:N, ...; the default with more players: race)"),
      core::integer_option("overshoot", kDefaultOvershoot, 0, 1000000,
                           "exact: the solved race's cap (solve --race --overshoot)"),
      core::count_option("games", 20000, 1, std::uint64_t{1} << 32, "games per choice for a Monte Carlo P(win)")};
  return game_options() + own + cache_options();
}

// One row of the ranking: a set-aside with bank or throw, its exact expected points and P(win).
struct Row {
  SetAside s;
  bool bank;
  int dice_next;
  double points;  // exact expected banked points of the turn
  core::Estimate win{};
  bool win_exact = false;
};

// Whether `spec` asks for the solved race (exact, exact:FILE), and the file.
bool exact_spec(const std::string& spec, std::string& file) {
  if (spec != "exact" && spec.rfind("exact:", 0) != 0) return false;
  file = spec.size() > 6 ? spec.substr(6) : "";
  return true;
}

// Every row's P(win) from the solved two-player race (seat `me` at total : opponent).
void exact_wins(const Race& race, const Ask& ask, std::vector<Row>& rows) {
  const int opponent = ask.opponents.front();
  if (ask.total >= race.rules().limit || opponent >= race.rules().limit)
    throw core::InputError("--score and --other: the race before the final round has totals below the limit (" +
                           std::to_string(race.rules().limit) + ")");
  for (Row& row : rows) {
    const int t2 = ask.turn_total + row.s.points;
    const std::optional<double> w =
        row.bank ? std::optional<double>(race.bank_win(ask.me, ask.total, opponent, t2))
                 : race.throw_win(ask.me, ask.total, opponent, t2, row.dice_next);
    if (!w)
      throw core::InputError("--turn-total: the solved race banks once the total reaches " +
                             std::to_string(race.rules().limit + race.overshoot()) + " (its cap); a larger --overshoot solves past it");
    row.win = {*w, 0.0};
    row.win_exact = true;
  }
}

constexpr const char* kNotSeparated =
    "the estimates do not separate the best choices (within 2 SE): their order by P(win) is not known; "
    "more --games may tell them apart";

// The ranking in the three formats.
// `forced`: the rules leave one choice, said so first.
std::string advise_output(const std::string& format, const ZehntausendRules& r, const Ask& ask, const std::vector<Row>& rows,
                          const std::vector<SetAside>& choices, int best_other, std::uint64_t seed,
                          const std::string& policy, std::uint64_t games, bool separated, bool exact, bool forced) {
  const bool before = ask.before, race = !ask.opponents.empty();
  const bool final_round = race && best_other >= r.limit;
  const int dice_left = ask.dice_left, turn_total = ask.turn_total, total = ask.total;
  const std::vector<int>& opponents = ask.opponents;
  const Counts thrown = counts_of(ask.faces);
  core::report::Report j = game_report(r);
  // The headline: what to do, in a player's words, by the measure the ranking uses.
  std::vector<RankedChoice> said;
  for (const Row& row : rows) {
    const std::string then = row.bank ? "bank" : "throw " + std::to_string(row.dice_next) + " dice";
    said.push_back({before ? then : "set aside " + faces_text(row.s.kept) + " (" + std::to_string(row.s.points) + "), then " + then,
                    race ? row.win.mean : row.points, race && !row.win_exact ? row.win.se : 0.0});
  }
  const std::string method = exact || (!rows.empty() && rows[0].win_exact) ? "exact, optimal play on" : "Monte Carlo under " + policy;
  if (forced)  // with its chance to win when there is an opponent
    j.headline(said.front().action + ": the only choice the rules leave" +
               (race ? " (chance to win " + fmt("%.1f", 100 * rows[0].win.mean) +
                           (said.front().se > 0 ? " ± " + fmt("%.1f", 100 * said.front().se) : std::string()) + "%, " + method + ")"
                     : std::string()));
  else if (race && !separated)
    j.headline("too close to call: " + said[0].action + " and " + said[1].action + " are within their errors (chance to win " +
               fmt("%.1f", 100 * rows[0].win.mean) + " ± " + fmt("%.1f", 100 * rows[0].win.se) + "% and " +
               fmt("%.1f", 100 * rows[1].win.mean) + " ± " + fmt("%.1f", 100 * rows[1].win.se) + "%, " + method +
               "); more --games may tell them apart");
  else if (race)
    j.headline(advice_headline(said, "chance to win", true, method));
  else
    j.headline(advice_headline(said, "expected points banked this turn", false, "exact, optimal play on"));
  if (before)
    j.field("dice", nullptr).field("dice_left", dice_left);
  else
    j.field("dice", faces_text(thrown));
  j.field("turn_total", turn_total)
      .field("score", total)
      .field("others", std::vector<std::int64_t>(opponents.begin(), opponents.end()))
      .field("final_round", final_round);
  if (race && exact)
    j.field("seed", nullptr).field("policy", policy).field("games_per_choice", nullptr);
  else if (race)
    j.field("seed", seed)
        .field("policy", policy)
        .field("games_per_choice", games);
  j.line((before ? "before a throw with " + std::to_string(dice_left) + " dice left" : "threw " + faces_text(thrown)) +
         " at turn total " + std::to_string(turn_total) +
         (race ? ", my score " + std::to_string(total) + ", best other " + std::to_string(best_other) +
                     (final_round ? " (final round)" : "")
               : ""));
  j.line(std::string(race ? "ranked by P(win); " : "ranked by ") +
         "expected banked points of the turn (exact, optimal play on)" +
         (race && !final_round && !exact ? "; ± is 1 standard error (± 1 SE)" : ""));
  if (rows.empty()) j.line("  a Niete: nothing to set aside, the turn scores 0");
  if (!separated) j.line(std::string("# warning: ") + kNotSeparated, core::report::kCsv);
  // The text prints points as "%5.0f" and P(win) as "exact" or "± SE": text-only columns.
  std::vector<core::report::Column> columns = {
      {.name = "set_aside", .text = "  ", .width = 13, .min_gap = 1},
      {.name = "points", .in = core::report::kJsonCsv},
      {.name = "points_text", .in = core::report::kText},
      {.name = "then", .text = "  then ", .width = 7},
      {.name = "expected_points", .text = "  E[points] ", .text_format = "%9.2f", .csv_format = "%.3f"}};
  if (race) {
    columns.push_back({.name = "p_win", .csv_format = "%.5f", .se_name = "stderr", .in = core::report::kJsonCsv});
    columns.push_back({.name = "p_win_exact", .in = core::report::kJson});
    columns.push_back({.name = "p_win_text", .text = "  P(win) ", .in = core::report::kText});
  }
  core::report::Table& list = j.table("choices", columns);
  for (const Row& row : rows) {
    std::vector<core::report::Value> x = {before ? std::string("nothing") : faces_text(row.s.kept), row.s.points,
                                    fmt("%5.0f", row.s.points),
                                    row.bank ? std::string("bank") : "throw " + std::to_string(row.dice_next), row.points};
    if (race) {
      x.push_back(row.win);
      x.push_back(row.win_exact);
      x.push_back(row.win_exact ? fmt("%.4f", row.win.mean) + " exact" : core::report::plus_minus(row.win));
    }
    list.row(std::move(x));
  }
  j.field("bank_min", r.bank_min);
  // Z3: a turn total below bank_min may not be banked; say so where it removed a bank choice.
  for (const SetAside& s : choices)
    if (!may_bank(turn_total + s.points, r)) {
      const std::string note = "banking needs " + std::to_string(r.bank_min) + " points this turn (bank_min, Z3)" +
                               (before ? ": " + std::to_string(turn_total) + " may not be banked yet, so throw" : "");
      j.field("note", note).line("note: " + note);
      break;
    }
  if (race) {
    j.field("separated", separated);
    if (!separated) j.field("warning", kNotSeparated);
  }
  if (exact)
    j.line("P(win): exact, both players playing the solved two-player race on (solve --game zehntausend --race)");
  else if (race && !final_round)
    j.line("P(win): Monte Carlo, " + std::to_string(games) + " games per choice, policy " +
           policy + ", seed " + std::to_string(seed));
  if (!separated) j.line(std::string("warning: ") + kNotSeparated);
  return j.render(format);
}

}  // namespace

core::OptionTable zehntausend_advise_request_options() { return zehntausend_advise_options() + sampling_options(); }

int zehntausend_advise_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "advise --game zehntausend options", zehntausend_advise_request_options() + output_options(kFormats),
             "usage: verflixt advise --game zehntausend --dice \"1 5 5 2 4 3\" [--turn-total 350] [--score 7200]\n"
             "       verflixt advise --game zehntausend --turn-total 350 --dice-left 3   (bank or throw?)\n"
             "                       [--other 9100 ...] [--seat 1] [--games N] [--seed S]\n"
             "Ranks every legal set-aside of the throw with bank or throw by exact expected points of the turn\n"
             "and, with others, by P(win): exact against one opponent (the solved two-player race, cached\n"
             "after its first solve) and in the final round, else Monte Carlo of the rest of the game (± SE)\n"
             "under --policy.",
             vm))
    return 0;
  ZehntausendRules r = game_rules(vm);
  const Ask ask = read_ask(vm, r);
  const bool before = ask.before;
  const int dice_left = ask.dice_left, turn_total = ask.turn_total, total = ask.total, me = ask.me;
  const std::vector<int>& faces = ask.faces;
  const std::vector<int>& opponents = ask.opponents;
  const bool race = !opponents.empty();
  const std::string format = format_from(vm, kFormats);
  const TurnLibrary lib(r);
  const TurnModel& m = lib.model();
  const TurnSolution& sol = lib.solution();
  const Counts thrown = counts_of(faces);
  // Before a throw there is one "set-aside": nothing, with dice_left dice to throw next.
  const auto choices = before ? std::vector<SetAside>{SetAside{}} : set_asides(thrown, r);
  int best_other = 0;
  for (int o : opponents) best_other = std::max(best_other, o);
  const bool final_round = race && best_other >= r.limit;
  if (race && !r.final_round && (final_round || total >= r.limit))
    throw core::InputError("--score and --other: without the final round (final_round=false) a total at the limit (" +
                           std::to_string(r.limit) + ") has won; the game is over");

  std::vector<Row> rows;
  for (const SetAside& s : choices) {
    const int t2 = turn_total + s.points, d2 = before ? dice_left : m.dice_after(static_cast<int>(faces.size()), s.dice);
    if (may_bank(t2, r)) rows.push_back({s, true, d2, static_cast<double>(t2)});
    if (d2 > 0) rows.push_back({s, false, d2, sol.throw_value_at(t2, d2, m)});
  }
  std::uint64_t seed = 0;
  int threads = 1;
  // --policy exact[:FILE] answers from the solved race; where it cannot (the final round, solved
  // below; more players, refused) the game is played on by Monte Carlo under race.
  std::string race_file;
  const std::string asked = vm["policy"].as<std::string>();
  // The default (exact) with more than two players is the race policy by Monte Carlo, as the
  // help says; asked for by name, exact is refused there.
  const bool wants_exact = exact_spec(asked, race_file) && (r.players == 2 || !vm["policy"].defaulted());
  const std::string sampled = wants_exact || vm["policy"].defaulted() ? "race" : asked;
  const bool exact = race && !final_round && wants_exact;
  if (exact && r.players != 2)
    throw core::InputError("--policy exact: the race is solved for two players; with more, give a seat policy (race, optimal, ...)");
  const bool forced = rows.size() == 1;
  if (exact) exact_wins(*race_for(vm, r, race_file).race, ask, rows);
  if (race && !exact) {
    seed = seed_from(vm);
    threads = threads_from(vm);
    const auto policy = make_seat_policy(sampled, lib);
    std::vector<const SeatPolicy*> seats(static_cast<size_t>(r.players), policy.get());
    GameStart start;
    for (int s = 0, k = 0; s < r.players; ++s) start.totals[static_cast<size_t>(s)] = s == me ? total : opponents[static_cast<size_t>(k++)];
    install_interrupt_handler();
    for (Row& row : rows) {
      const int t2 = turn_total + row.s.points;
      if (final_round) {
        row.win_exact = true;
        row.win.mean = final_round_p_win(m, r, ask, best_other, row.bank, t2, row.dice_next);
        continue;
      }
      GameStart g = start;
      std::unique_ptr<TurnSampler> rest;
      if (row.bank) {
        g.totals[static_cast<size_t>(me)] += t2;
        g.final_round = g.totals[static_cast<size_t>(me)] >= r.limit;
        if (g.final_round && !r.final_round) {  // the first to the limit wins at once (Z5)
          row.win_exact = true;
          row.win.mean = 1.0;
          continue;
        }
        g.seat = (me + 1) % r.players;
        if (g.seat == 0 && g.final_round) {  // the last seat reached the limit: the game is over
          int best = 0;
          for (int s = 0; s < r.players; ++s) best = std::max(best, g.totals[static_cast<size_t>(s)]);
          row.win_exact = true;
          row.win.mean = g.totals[static_cast<size_t>(me)] == best ? 1.0 : 0.0;
          continue;
        }
      } else {
        g.seat = me;
        const CompiledTurn& plan = policy->decide(GameView{std::span<const int>(start.totals.data(), static_cast<size_t>(r.players)), me, false});
        rest = std::make_unique<TurnSampler>(evaluate_turn(m, plan.policy, t2, row.dice_next));
        g.current_turn = rest.get();
      }
      const MatchRun run = play_games(lib, seats, vm["games"].as<std::uint64_t>(), seed, threads, {}, &g);
      row.win = run.tally.p_win(me);
    }
  }
  // By P(win) with opponents, equal estimates then by the exact expected points (so a tie of
  // two Monte Carlo zeros never ranks a worse turn first); else by the expected points.
  std::stable_sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) {
    if (race && a.win.mean != b.win.mean) return a.win.mean > b.win.mean;
    return a.points > b.points;
  });
  // Whether the estimates tell the best choice from the second (2 SE of their difference).
  // Every choice plays the same seeds, so the runs are positively correlated and treating them
  // as independent, as here, overstates the SE: a "not separated" may be too cautious, never
  // too bold. Exact values (the final round) are always separated, ties included.
  bool separated = true;
  if (race && rows.size() >= 2) {
    const core::Estimate& a = rows[0].win;
    const core::Estimate& b = rows[1].win;
    if (!(rows[0].win_exact && rows[1].win_exact)) separated = a.mean - b.mean > 2 * std::sqrt(a.se * a.se + b.se * b.se);
  }
  const std::string text = advise_output(format, r, ask, rows, choices, best_other, seed, race && !exact ? sampled : asked,
                                          vm["games"].as<std::uint64_t>(), separated, exact, forced);
  emit(vm, text);
  return 0;
}

}  // namespace verflixt::cli
