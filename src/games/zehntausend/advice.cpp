// Advice (answers.h): after a throw, every legal set-aside with bank or throw; before one, bank
// or throw. Ranked by the turn's exact expected points and, with others, by P(win) (exact
// against one opponent and in the final round, else Monte Carlo).
#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "verflixt/core/answer.h"
#include "verflixt/core/dice_text.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/option.h"
#include "verflixt/games/zehntausend/answers.h"

namespace verflixt::zehntausend {

using core::report::number;

namespace {

std::string faces_text(const Counts& c) {
  std::string s;
  for (int f = 0; f < kFaces; ++f)
    for (int k = 0; k < c[static_cast<size_t>(f)]; ++k) s += (s.empty() ? "" : " ") + std::to_string(f + 1);
  return s;
}

// The final round, exactly: one turn against a known best total. Banking t2 wins, ties or
// loses outright; throwing on plays reach:N (aim one step past the best total, Z5) and wins
// with the probability that the turn banks that much (a tie would share; reach:N aims past).
double final_round_p_win(const TurnModel& m, const ZehntausendRules& r, const Situation& at, int best_other, bool bank,
                         int t2, int dice_next) {
  if (bank) {
    int tied = 0;
    for (int o : at.opponents) tied += o == best_other;
    return at.score + t2 > best_other ? 1.0 : at.score + t2 == best_other ? 1.0 / (tied + 1) : 0.0;
  }
  const int target = best_other - at.score + kPointStep;
  const TurnPolicy reach = reach_policy(m, std::max(target, r.bank_min));
  const TurnEvaluation e = evaluate_turn(m, reach, t2, dice_next);
  double p = 0;
  for (size_t t = 0; t < e.banked.size(); ++t)
    if (static_cast<int>(t) * kPointStep >= target) p += e.banked[t];
  return p;
}

constexpr const char* kNotSeparated =
    "the estimates do not separate the best choices (within 2 SE): their order by P(win) is not known; "
    "more --games may tell them apart";

// Whether `spec` asks for the solved race (exact, exact:FILE), and the file.
bool exact_spec(const std::string& spec, std::string& file) {
  if (spec != "exact" && spec.rfind("exact:", 0) != 0) return false;
  file = spec.size() > 6 ? spec.substr(6) : "";
  return true;
}

// How the question wants everyone to play on: the solved race (exact, exact:FILE), or a seat
// policy by Monte Carlo.
struct PlayOn {
  std::string asked;    // the policy as asked for, the default's name included
  std::string file;     // exact:FILE's file
  bool exact = false;   // the solved race, where P(win) is not exact otherwise
  std::string sampled;  // the seat policy of the Monte Carlo games
};

PlayOn play_on(const ZehntausendRules& r, const AdviceQuestion& q) {
  PlayOn p;
  p.asked = q.policy.empty() ? "exact" : q.policy;
  // The default (exact) with more than two players is the race policy by Monte Carlo, as the
  // help says; asked for by name, exact is refused there.
  p.exact = exact_spec(p.asked, p.file) && (r.players == 2 || !q.policy.empty());
  p.sampled = p.exact || q.policy.empty() ? "race" : p.asked;
  return p;
}

// The highest of the others' totals; 0 with none.
int best_of(const std::vector<int>& others) { return others.empty() ? 0 : *std::max_element(others.begin(), others.end()); }

// The choices at `at` under lib's rules (and at.opponents' count of players), each with its
// exact expected points; InputError where the game is already over.
Advice advice_choices(const TurnLibrary& lib, const Situation& at) {
  const TurnModel& m = lib.model();
  const TurnSolution& sol = lib.solution();
  Advice a{.rules = m.rules(), .at = at, .choices = {}, .rows = {}, .best_other = 0, .forced = false, .exact = false,
           .policy = "", .seed = 0, .games = 0, .separated = true, .warnings = {}};
  const ZehntausendRules& r = a.rules;
  const Counts thrown = counts_of(at.faces);
  // Before a throw there is one "set-aside": nothing, with dice_left dice to throw next.
  a.choices = at.before ? std::vector<SetAside>{SetAside{}} : set_asides(thrown, r);
  for (int o : at.opponents) a.best_other = std::max(a.best_other, o);
  if (a.race() && !r.final_round && (a.final_round() || at.score >= r.limit))
    throw core::InputError("--score and --other: without the final round (final_round=false) a total at the limit (" +
                           std::to_string(r.limit) + ") has won; the game is over");
  for (const SetAside& s : a.choices) {
    const int t2 = at.turn_total + s.points;
    const int d2 = at.before ? at.dice_left : m.dice_after(static_cast<int>(at.faces.size()), s.dice);
    if (may_bank(t2, r)) a.rows.push_back({s, true, d2, static_cast<double>(t2), {}, false});
    if (d2 > 0) a.rows.push_back({s, false, d2, sol.throw_value_at(t2, d2, m), {}, false});
  }
  a.forced = a.rows.size() == 1;
  return a;
}

// Every choice's P(win) from the solved two-player race (at.me at score : the opponent).
void exact_wins(const Race& race, Advice& a) {
  const Situation& at = a.at;
  const int opponent = at.opponents.front();
  if (at.score >= race.rules().limit || opponent >= race.rules().limit)
    throw core::InputError("--score and --other: the race before the final round has totals below the limit (" +
                           std::to_string(race.rules().limit) + ")");
  for (AdviceRow& row : a.rows) {
    const int t2 = at.turn_total + row.set_aside.points;
    const std::optional<double> w = row.bank ? std::optional<double>(race.bank_win(at.me, at.score, opponent, t2))
                                             : race.throw_win(at.me, at.score, opponent, t2, row.dice_next);
    if (!w)
      throw core::InputError("--turn-total: the solved race banks once the total reaches " +
                             std::to_string(race.rules().limit + race.overshoot()) +
                             " (its cap); a larger --overshoot solves past it");
    row.win = {*w, 0.0};
    row.win_exact = true;
  }
}

// Every choice's P(win) by `games` games of everyone playing `policy` from there (exact in
// the final round and where banking ends the game). False when a stop (control.stop, Ctrl-C)
// cut the games short: the choices are then sampled in part, and no advice.
bool sampled_wins(const TurnLibrary& lib, const SeatPolicy& policy, std::uint64_t games, std::uint64_t seed, int threads,
                  Advice& a, const core::RunControl& control) {
  const TurnModel& m = lib.model();
  const ZehntausendRules& r = a.rules;
  const Situation& at = a.at;
  const int me = at.me;
  std::vector<const SeatPolicy*> seats(static_cast<size_t>(r.players), &policy);
  GameStart start;
  for (int s = 0, k = 0; s < r.players; ++s)
    start.totals[static_cast<size_t>(s)] = s == me ? at.score : at.opponents[static_cast<size_t>(k++)];
  for (AdviceRow& row : a.rows) {
    const int t2 = at.turn_total + row.set_aside.points;
    if (a.final_round()) {
      row.win_exact = true;
      row.win.mean = final_round_p_win(m, r, at, a.best_other, row.bank, t2, row.dice_next);
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
      const CompiledTurn& plan =
          policy.decide(GameView{std::span<const int>(start.totals.data(), static_cast<size_t>(r.players)), me, false});
      rest = std::make_unique<TurnSampler>(evaluate_turn(m, plan.policy, t2, row.dice_next));
      g.current_turn = rest.get();
    }
    // A stop, during these games or before them, leaves them unplayed in part.
    const MatchRun run = play_games(lib, seats, games, seed, threads, control, &g);
    if (run.interrupted) return false;
    row.win = run.tally.p_win(me);
  }
  return true;
}

// Ranks the choices and says whether the best is told from the second.
void rank(Advice& a) {
  const bool race = a.race();
  // By P(win) with opponents, equal estimates then by the exact expected points (so a tie of
  // two Monte Carlo zeros never ranks a worse turn first); else by the expected points.
  std::stable_sort(a.rows.begin(), a.rows.end(), [&](const AdviceRow& x, const AdviceRow& y) {
    if (race && x.win.mean != y.win.mean) return x.win.mean > y.win.mean;
    return x.points > y.points;
  });
  // Whether the estimates tell the best choice from the second (2 SE of their difference).
  // Every choice plays the same seeds, so the runs are positively correlated and treating them
  // as independent, as here, overstates the SE: a "not separated" may be too cautious, never
  // too bold. Exact values (the final round) are always separated, ties included.
  a.separated = true;
  if (race && a.rows.size() >= 2) {
    const core::Estimate& x = a.rows[0].win;
    const core::Estimate& y = a.rows[1].win;
    if (!(a.rows[0].win_exact && a.rows[1].win_exact))
      a.separated = x.mean - y.mean > 2 * std::sqrt(x.se * x.se + y.se * y.se);
  }
}

}  // namespace

Situation advice_situation(ZehntausendRules& r, const AdviceQuestion& q) {
  // Before a throw (--dice-left) the question is bank or throw; after one (--dice), which dice
  // to set aside and then bank or throw.
  Situation a;
  const bool before = a.before = q.dice_left.has_value();
  if (before == q.dice.has_value())
    throw core::InputError(before ? "give --dice (after a throw) or --dice-left (before one), not both"
                            : "give --dice \"1 5 5 2 4 3\" (the dice just thrown) or --dice-left N (before a throw: bank "
                              "or throw?)");
  std::vector<int>& faces = a.faces;
  const int dice_left = a.dice_left = before ? *q.dice_left : 0;
  if (before && (dice_left < 1 || dice_left > r.dice))
    throw core::InputError("--dice-left " + std::to_string(dice_left) + " is out of range; valid: 1.." + std::to_string(r.dice));
  if (!before) faces = core::parse_dice_text(*q.dice, "--dice");
  // Every score of the game is a multiple of 50 (Z2): a total between two is no situation, and
  // the race's tables would read the one below it.
  const auto refusal = [](const std::string& option, const std::string& given) {
    return core::InputError(option + " " + given + " is no total of the game; valid: 0, 50, 100, ..., " +
                            std::to_string(kMaxTotal) + " (multiples of 50)");
  };
  const auto points = [&](const std::string& option, int value) {
    if (value < 0 || value > kMaxTotal || value % kPointStep) throw refusal(option, std::to_string(value));
    return value;
  };
  a.turn_total = points("--turn-total", q.turn_total);
  a.score = points("--score", q.score);
  for (const std::string& s : q.other) {
    int other = 0;
    try {
      other = core::parse_int(s, "--other", "", 0, kMaxTotal);
    } catch (const core::InputError&) {
      throw refusal("--other", core::quoted(s, 40));
    }
    a.opponents.push_back(points("--other", other));
  }
  if (!before && (faces.empty() || static_cast<int>(faces.size()) > r.dice))
    throw core::InputError("--dice needs 1.." + std::to_string(r.dice) + " dice, each 1..6");
  if (!a.opponents.empty()) r.players = static_cast<int>(a.opponents.size()) + 1;
  core::check_given_count("other", a.opponents.size(), 0, kMaxPlayers - 1, "other players");
  const int me = a.me = q.seat - 1;
  if (me < 0 || me >= r.players)
    throw core::InputError("--seat " + std::to_string(q.seat) + " is out of range; valid: 1.." + std::to_string(r.players) +
                           " (my place among the players)");
  return a;
}

bool advice_samples(ZehntausendRules r, const AdviceQuestion& q) {
  const Situation at = advice_situation(r, q);
  if (at.opponents.empty()) return false;
  const bool final_round = best_of(at.opponents) >= r.limit;
  // A game over without the final round is refused (advice_choices), so nothing is played.
  if (!r.final_round && (final_round || at.score >= r.limit)) return false;
  return final_round || !play_on(r, q).exact;
}

namespace {

// What the way P(win) was found leaves unread: the solved race samples nothing; the final
// round is exact without it; games played on are sampled under a seat policy, without the race.
std::vector<std::string> unread_options(const Advice& a, const AdviceQuestion& q) {
  if (!a.race()) return {};
  const bool sampled = !a.exact && std::any_of(a.rows.begin(), a.rows.end(), [](const AdviceRow& row) { return !row.win_exact; });
  std::vector<std::string> unread;
  if (q.given.games && !sampled) unread.emplace_back("--games");
  if (q.given.seed && !sampled) unread.emplace_back("--seed");
  if (q.given.overshoot && !a.exact) unread.emplace_back("--overshoot");
  if (unread.empty()) return {};
  return {core::changes_nothing(unread, a.exact    ? "P(win) is exact, from the solved two-player race"
                                        : sampled ? "P(win) is sampled (Monte Carlo under " + a.policy +
                                                        "), not read from the solved race"
                                                  : "P(win) is exact here, found without the solved race or games played on")};
}

}  // namespace

std::optional<Advice> advise(ZehntausendRules r, const AdviceQuestion& q, const RaceSource& exact,
                             const core::RunControl& control) {
  const Situation at = advice_situation(r, q);
  const TurnLibrary lib(r);
  Advice advice = advice_choices(lib, at);
  // exact[:FILE] answers from the solved race; where it cannot (the final round, solved below;
  // more players, refused) the game is played on by Monte Carlo under race.
  const PlayOn play = play_on(r, q);
  const bool race = advice.race();
  advice.exact = race && !advice.final_round() && play.exact;
  if (advice.exact && r.players != 2)
    throw core::InputError("--policy exact: the race is solved for two players; with more, give a seat policy (race, optimal, ...)");
  if (advice.exact) exact_wins(*exact(play.file), advice);
  advice.games = q.games;
  if (race && !advice.exact) {
    advice.seed = q.seed;
    const auto policy = make_seat_policy(play.sampled, lib);
    if (!sampled_wins(lib, *policy, advice.games, advice.seed, q.threads, advice, control)) return std::nullopt;
  }
  rank(advice);
  advice.policy = race && !advice.exact ? play.sampled : play.asked;
  advice.warnings = unread_options(advice, q);
  return advice;
}

core::report::Report describe(const Advice& a) {
  const ZehntausendRules& r = a.rules;
  const Situation& at = a.at;
  const bool before = at.before, race = a.race(), final_round = a.final_round(), separated = a.separated;
  const std::vector<AdviceRow>& rows = a.rows;
  const Counts thrown = counts_of(at.faces);
  core::report::Report j = report_head(r);
  // The headline: what to do, in a player's words, by the measure the ranking uses.
  std::vector<core::RankedChoice> said;
  for (const AdviceRow& row : rows) {
    const std::string then = row.bank ? "bank" : "throw " + std::to_string(row.dice_next) + " dice";
    said.push_back({before ? then
                           : "set aside " + faces_text(row.set_aside.kept) + " (" + std::to_string(row.set_aside.points) +
                                 "), then " + then,
                    race ? row.win.mean : row.points, race && !row.win_exact ? row.win.se : 0.0});
  }
  const std::string method =
      a.exact || (!rows.empty() && rows[0].win_exact) ? "exact, optimal play on" : "Monte Carlo under " + a.policy;
  if (a.forced)  // with its chance to win when there is an opponent
    j.headline(said.front().action + ": the only choice the rules leave" +
               (race ? " (chance to win " + number("%.1f", 100 * rows[0].win.mean) +
                           (said.front().se > 0 ? " ± " + number("%.1f", 100 * said.front().se) : std::string()) +
                           "%, " + method + ")"
                     : std::string()));
  else if (race && !separated)
    j.headline("too close to call: " + said[0].action + " and " + said[1].action +
               " are within their errors (chance to win " + number("%.1f", 100 * rows[0].win.mean) + " ± " +
               number("%.1f", 100 * rows[0].win.se) + "% and " + number("%.1f", 100 * rows[1].win.mean) + " ± " +
               number("%.1f", 100 * rows[1].win.se) + "%, " + method + "); more --games may tell them apart");
  else if (race)
    j.headline(core::advice_headline(said, "chance to win", true, method));
  else
    j.headline(core::advice_headline(said, "expected points banked this turn", false, "exact, optimal play on"));
  if (before)
    j.field("dice", nullptr).field("dice_left", at.dice_left);
  else
    j.field("dice", faces_text(thrown));
  j.field("turn_total", at.turn_total)
      .field("score", at.score)
      .field("others", std::vector<std::int64_t>(at.opponents.begin(), at.opponents.end()))
      .field("final_round", final_round);
  // The seed and games of the games sampled; null where nothing is (one turn's points, an
  // exact race).
  const bool sampled = race && !a.exact;
  j.field("seed", sampled ? core::report::Value(a.seed) : core::report::Value(nullptr), core::report::kJsonHead);
  if (race)
    j.field("policy", a.policy, core::report::kJsonHead)
        .field("games_per_choice", sampled ? core::report::Value(a.games) : core::report::Value(nullptr),
               core::report::kJsonHead);
  j.line((before ? "before a throw with " + std::to_string(at.dice_left) + " dice left" : "threw " + faces_text(thrown)) +
         " at turn total " + std::to_string(at.turn_total) +
         (race ? ", my score " + std::to_string(at.score) + ", best other " + std::to_string(a.best_other) +
                     (final_round ? " (final round)" : "")
               : ""));
  j.line(std::string(race ? "ranked by P(win); " : "ranked by ") +
         "expected banked points of the turn (exact, optimal play on)" +
         (race && !final_round && !a.exact ? "; ± is 1 standard error (± 1 SE)" : ""));
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
  for (const AdviceRow& row : rows) {
    std::vector<core::report::Value> x = {before ? std::string("nothing") : faces_text(row.set_aside.kept),
                                          row.set_aside.points, number("%5.0f", row.set_aside.points),
                                          row.bank ? std::string("bank") : "throw " + std::to_string(row.dice_next),
                                          row.points};
    if (race) {
      x.push_back(row.win);
      x.push_back(row.win_exact);
      x.push_back(row.win_exact ? number("%.4f", row.win.mean) + " exact" : core::report::plus_minus(row.win));
    }
    list.row(std::move(x));
  }
  j.field("bank_min", r.bank_min);
  // Z3: a turn total below bank_min may not be banked; say so where it removed a bank choice.
  for (const SetAside& s : a.choices)
    if (!may_bank(at.turn_total + s.points, r)) {
      const std::string note = "banking needs " + std::to_string(r.bank_min) + " points this turn (bank_min, Z3)" +
                               (before ? ": " + std::to_string(at.turn_total) + " may not be banked yet, so throw" : "");
      j.field("note", note).line("note: " + note);
      break;
    }
  if (race) {
    j.field("separated", separated);
    if (!separated) j.field("warning", kNotSeparated);
  }
  if (!a.warnings.empty()) j.field("warnings", a.warnings);  // the command line says them on stderr
  if (a.exact)
    j.line("P(win): exact, both players playing the solved two-player race on (solve --game zehntausend --race)");
  else if (race && !final_round)
    j.line("P(win): Monte Carlo, " + std::to_string(a.games) + " games per choice, policy " + a.policy + ", seed " +
           std::to_string(a.seed));
  if (!separated) j.line(std::string("warning: ") + kNotSeparated);
  return j;
}

}  // namespace verflixt::zehntausend
