// The two-player race's answers (answers.h): the race solved, a pairing of seats solved, a
// solve stopped before it converged, and the race's policy rated against opponents.
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "verflixt/core/answer.h"
#include "verflixt/games/zehntausend/answers.h"

namespace verflixt::zehntausend {

using core::report::number;

namespace {

// P(the first player wins) when the second starts with c points (c < 0: the first starts
// with -c), read from the solution: the state (first to move, 0 : c) is one of its starts.
double first_wins_given(const Race& race, int c) {
  const int u = c / kPointStep;
  return c >= 0 ? race.solution().value(0, 0, u) : race.solution().value(0, -u, 0);
}

// The fair start: the c (steps of 50, |c| below the limit) whose P(first wins) is nearest 1/2
// (the smaller |c| on a tie), and the rows around it.
void add_compensation(core::report::Report& j, const Race& race) {
  const int limit = race.rules().limit;
  int best = 0;
  double nearest = std::abs(first_wins_given(race, 0) - 0.5);
  for (int c = -(limit - kPointStep); c < limit; c += kPointStep) {
    const double d = std::abs(first_wins_given(race, c) - 0.5);
    if (d < nearest || (d == nearest && std::abs(c) < std::abs(best))) best = c, nearest = d;
  }
  j.field("fair_start", best).field("fair_start_first_wins", first_wins_given(race, best));
  // Said as the table would do it: points given to the player the race disfavours.
  const std::string give = best == 0 ? "play as it is, no points given"
                                     : "give the " + std::string(best > 0 ? "second" : "first") + " player " +
                                           std::to_string(std::abs(best)) + " points to start with";
  j.line("fairest start (exact): " + give + ": P(first player wins) " + number("%.9f", first_wins_given(race, best)));
  core::report::Table& rows =
      j.table("compensation", {{.name = "second_starts_with", .text = "  the second starts with ", .text_format = "%5.0f"},
                               {.name = "first_wins", .text = ":  P(first wins) ", .text_format = "%.9f"}});
  for (int c = best - 4 * kPointStep; c <= best + 4 * kPointStep; c += kPointStep)
    if (c > -limit && c < limit) rows.row({std::int64_t{c}, first_wins_given(race, c)});
  j.line("");
}

// Both seatings in the kernel, seed and seed + 1 (as the tournament's rotations): the policy's
// share of the wins over all games.
core::Estimate play_both(const TurnLibrary& lib, const SeatPolicy& policy, const SeatPolicy& opponent, std::uint64_t games,
                         std::uint64_t seed, int threads, const core::RunControl& control, bool& cut) {
  double n = 0, sum = 0, sq = 0;
  for (int k = 0; k < 2 && !cut; ++k) {
    const std::array<const SeatPolicy*, 2> seats = k == 0 ? std::array{&policy, &opponent} : std::array{&opponent, &policy};
    const MatchRun run = play_games(lib, seats, games, seed + static_cast<std::uint64_t>(k), threads, control);
    const auto s = static_cast<std::size_t>(k);  // the policy's seat
    n += static_cast<double>(run.tally.games);
    sum += static_cast<double>(run.tally.shares[s]);
    sq += static_cast<double>(run.tally.shares_sq[s]);
    cut = run.interrupted;
  }
  return core::mean_from_sums(n, sum, sq, static_cast<double>(kShareUnit));
}

}  // namespace

core::report::Report describe(const RaceAnswer& a) {
  const Race& race = *a.race;
  const ZehntausendRules& r = race.rules();
  const core::RaceSolution& s = race.solution();
  core::report::Report j = report_head(r);
  j.field("policy", "optimal race")
      .field("exact", s.converged)
      .field("method", "race over (seat, totals, turn total, dice to throw): levels a + b from the top, "
                       "Newton steps on mirrored starts, sweeps until none changes (core/race_solver.h)")
      .field("first_wins", s.first_wins())
      .field("residual", s.residual)
      .field("sweeps", s.sweeps)
      .field("turn_evaluations", s.turn_evaluations)
      .field("converged", s.converged)
      .field("interrupted", false)  // a converged solution is whole, Ctrl-C or not
      .field("overshoot", race.overshoot())
      .field("solution", a.source)
      .field("seconds", a.seconds);
  j.line("exact two-player race to " + std::to_string(r.limit) + " (" +
         (r.final_round ? "cap: the first player banks at " + std::to_string(r.limit + race.overshoot())
                        : std::string("no final round: reaching the limit wins")) + "; " +
         (a.source == "solved"    ? "solved in " + number("%.1f", a.seconds) + " s"
          : a.source == "shipped" ? "the solution shipped with verflixt"
                                  : "read from the " + a.source) + ")")
      .line("P(first player wins)  " + number("%.9f", s.first_wins()) + "  (exact; a tie counts half)")
      .line("sweeps " + std::to_string(s.sweeps) + ", residual " + number("%.1e", s.residual) +
            (s.converged ? "" : "  (NOT converged: not exact)") + "\n");
  if (s.converged) add_compensation(j, race);
  j.line("bank once the turn total reaches (after setting aside), by seat, own and opponent total and dice left:");
  std::vector<core::report::Column> columns = {{.name = "seat", .width = 7},
                                               {.name = "own", .text = " own ", .text_format = "%.0f", .width = 6},
                                               {.name = "opponent", .text = " opp ", .text_format = "%.0f", .width = 6}};
  for (int d = 1; d <= r.dice; ++d)
    columns.push_back({.name = "dice_" + std::to_string(d), .text = " " + std::to_string(d) + ":", .width = 6});
  core::report::Table& rows = j.table("bank_thresholds", columns);
  for (int seat = 0; seat < 2; ++seat)
    for (int own = 0; own < r.limit; own += a.table_step)
      for (int opp = 0; opp < r.limit; opp += a.table_step) {
        std::vector<core::report::Value> row = {seat == 0 ? "first" : "second", std::int64_t{own}, std::int64_t{opp}};
        for (int d = 1; d <= r.dice; ++d) row.emplace_back(std::int64_t{race.bank_at(seat, own, opp, d)});
        rows.row(std::move(row));
      }
  return j;
}

PairingAnswer pairing_answer(const ZehntausendRules& rules, const std::array<std::string, 2>& seats, int overshoot,
                             const core::RaceOptions& options, const RaceSource& exact) {
  const auto t0 = std::chrono::steady_clock::now();
  PairingAnswer answer{.rules = rules, .pairing = solve_pairing(rules, seats, overshoot, options, exact),
                       .overshoot = overshoot, .seconds = 0};
  answer.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return answer;
}

core::report::Report describe(const PairingAnswer& a) {
  const core::RaceSolution& s = a.pairing.solution;
  const std::array<std::string, 2>& specs = a.pairing.seats;
  core::report::Report j = report_head(a.rules);
  // CSV: one row of the pairing and its value.
  j.field("policy", "race pairing")
      .field("first", specs[0], core::report::kJsonCsv)
      .field("second", specs[1], core::report::kJsonCsv)
      .field("exact", s.converged)
      .field("method", "race over (seat, totals, turn total, dice to throw); a policy's seat plays its actions, an exact "
                       "seat maximizes P(win) (core/race_solver.h)")
      .field("first_wins", s.first_wins(), core::report::kJsonCsv, "%.9f")
      .field("residual", s.residual, core::report::kJsonCsv, "%.1e")
      .field("sweeps", s.sweeps, core::report::kJsonCsv)
      .field("turn_evaluations", s.turn_evaluations)
      .field("converged", s.converged)
      .field("interrupted", false)
      .field("overshoot", a.overshoot)
      .field("seconds", a.seconds);
  const auto seat = [](const std::string& spec) {
    return spec == kExactSeat                  ? spec + " (maximizes P(win))"
           : spec.rfind(kExactSeat, 0) == 0    ? spec + " (the saved race's policy)"
                                               : spec;
  };
  j.line("exact two-player race to " + std::to_string(a.rules.limit) + ": the first player " + seat(specs[0]) +
         " against " + seat(specs[1]) + " (solved in " + number("%.1f", a.seconds) + " s)")
      .line("P(first player wins)  " + number("%.9f", s.first_wins()) + "  (exact; a tie counts half)")
      .line("sweeps " + std::to_string(s.sweeps) + ", residual " + number("%.1e", s.residual) +
            (s.converged ? "" : "  (NOT converged: not exact)"));
  return j;
}

core::report::Report describe(const UnsolvedRace& a) {
  core::report::Report j = report_head(a.rules);
  j.completion(true, static_cast<std::uint64_t>(a.sweeps), 0, "sweeps");
  j.field("exact", false).field("solution", "interrupted");
  j.line(a.what + ": interrupted after " + std::to_string(a.sweeps) + " sweeps" + a.after);
  return j;
}

namespace {

// Rates `policy` (as a pairing's fixed seat: `fixed`) against answer.opponents in order, each
// exactly by `pairings` and, unless exact_only and where `sampled` holds the opponent's seat,
// in the kernel; a Ctrl-C keeps the opponents finished and sets answer.interrupted.
void rate_race_policy(RaceEvaluation& answer, RacePairings& pairings, const TurnLibrary& lib, const SeatPolicy& policy,
                      const std::string& fixed, std::span<const std::unique_ptr<SeatPolicy>> sampled,
                      const core::RunControl& control) {
  const core::RaceOptions options{.threads = answer.threads, .control = &control};
  bool& cut = answer.interrupted;
  for (std::size_t i = 0; i < answer.opponents.size() && !cut; ++i) {
    const std::string& opponent = answer.opponents[i];
    RatedOpponent x{.opponent = opponent, .first = 0, .second = 0, .sampled = false, .sample = {}, .games = 0};
    const RacePairing first = pairings.solve({fixed, opponent}, options);
    const RacePairing second = first.solution.converged ? pairings.solve({opponent, fixed}, options) : first;
    cut = !second.solution.converged;  // Ctrl-C between levels: no value of this pairing
    if (cut) break;
    x.first = first.first_wins();
    x.second = 1 - second.first_wins();
    if (!answer.exact_only && sampled[i]) {
      x.sample = play_both(lib, policy, *sampled[i], answer.games, answer.seed, answer.threads, control, cut);
      if (cut) break;  // half a check is no check: the exact rows stand, this one is not shown
      x.sampled = true;
      x.games = 2 * answer.games;
    }
    answer.rated.push_back(x);
  }
}

}  // namespace

RaceEvaluation evaluate_race_policy(const ZehntausendRules& r, const RaceEvaluationQuestion& q, const RaceSource& source,
                                    const core::RunControl& control) {
  const std::vector<std::string> opponents = q.against.empty() ? std::vector<std::string>{"optimal"} : q.against;
  const TurnLibrary lib(r);
  std::map<std::string, std::shared_ptr<const Race>> races;
  const RaceSource once = [&races, &source](const std::string& file) {
    std::shared_ptr<const Race>& race = races[file];
    if (!race) race = source(file);
    return race;
  };
  // The opponent `exact` is the best response to the policy: a pairing's seat, never played.
  std::vector<std::unique_ptr<SeatPolicy>> sampled(opponents.size());
  for (std::size_t i = 0; i < opponents.size(); ++i) {
    if (opponents[i] != kExactSeat)
      sampled[i] = make_seat_policy(opponents[i], lib, once);
  }
  const std::unique_ptr<SeatPolicy> policy = make_seat_policy(q.policy, lib, once);
  // The pairing's name of the policy: `exact` is its seat that maximizes; the solved race's
  // policy, fixed, is exact:FILE (an empty FILE: the solved one).
  const std::string fixed = q.policy == kExactSeat ? std::string(kExactSeat) + ":" : q.policy;

  RacePairings pairings(r, kDefaultOvershoot, once);
  RaceEvaluation answer{.rules = r, .policy = policy->name(), .opponents = opponents, .exact_only = q.exact,
                        .seed = q.seed, .games = q.games, .threads = q.threads, .rated = {}, .interrupted = false};
  rate_race_policy(answer, pairings, lib, *policy, fixed, sampled, control);
  return answer;
}

core::report::Report describe(const RaceEvaluation& a) {
  core::report::Report j = report_head(a.rules);
  j.completion(a.interrupted, a.rated.size(), a.opponents.size(), "opponents");
  j.field("policy", a.policy, core::report::kJsonHead);
  if (!a.exact_only)
    j.field("seed", a.seed, core::report::kJsonHead)
        .field("threads", a.threads)
        .field("games_per_seating", a.games, core::report::kJsonHead);
  j.line("race policy " + a.policy + " in two-player games to " + std::to_string(a.rules.limit) +
         ": P(it wins), exact (a tie counts half)" +
         (a.exact_only ? "" : "; the game kernel's check over 2 x " + std::to_string(a.games) + " games (seed " +
                                  std::to_string(a.seed) + ", ± 1 SE)"));
  core::report::Table& rows =
      j.table("against", {{.name = "opponent"},
                          {.name = "p_win_first", .csv_format = "%.9f"},
                          {.name = "p_win_second", .csv_format = "%.9f"},
                          {.name = "p_win", .csv_format = "%.9f"},
                          {.name = "sampled_p_win", .csv_format = "%.4f", .se_name = "stderr"},
                          {.name = "games"}},
              core::report::kJson | core::report::kCsv);
  for (const RatedOpponent& x : a.rated) {
    const double both = (x.first + x.second) / 2;
    std::string line = "  against " + x.opponent + (x.opponent == kExactSeat ? " (the best response to it)" : "") + ": " +
                       number("%.9f", both) + "  (first " + number("%.9f", x.first) + ", second " +
                       number("%.9f", x.second) + ")";
    if (x.sampled)
      line += "; kernel " + core::report::plus_minus(x.sample) + " (" +
              core::se_distance(x.sample.mean, x.sample.se, both) + " SE)";
    else if (!a.exact_only)
      line += "; no kernel check (the best response is solved, not a policy to play)";
    j.line(line);
    rows.row({x.opponent, x.first, x.second, both, x.sampled ? core::report::Value{x.sample} : core::report::Value{nullptr},
              x.games});
  }
  j.field("exact", true);
  return j;
}

}  // namespace verflixt::zehntausend
