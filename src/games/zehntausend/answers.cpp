#include "verflixt/games/zehntausend/answers.h"

#include <algorithm>
#include <chrono>
#include <utility>

#include "verflixt/core/answer.h"
#include "verflixt/core/file_io.h"
#include "verflixt/version.h"

namespace verflixt::zehntausend {

using core::report::number;

core::report::Report report_head(const ZehntausendRules& rules) {
  return core::report::Report({kVersion, "zehntausend", rules_summary(rules), ""});
}

namespace {

std::string dice_label(int d, const ZehntausendRules& r) {
  // Without hot dice all dice are thrown only at the start of a turn: no bank decision there.
  return std::to_string(d) + (d == r.dice ? (r.hot_dice ? " (also hot dice)" : " (never: no hot dice)") : "");
}

}  // namespace

SolveAnswer solve_answer(const ZehntausendRules& rules, const std::string& policy_file) {
  if (!policy_file.empty()) core::check_output_target(policy_file, "--write-policy");
  const auto t0 = std::chrono::steady_clock::now();
  TurnModel model(rules);
  TurnSolution solution = solve_turn(model);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  SolveAnswer answer{.model = std::move(model), .solution = std::move(solution), .seconds = seconds, .policy_file = ""};
  if (!policy_file.empty()) {
    answer.policy_file = policy_file;
    core::write_file_atomic(policy_file, policy_file_text(answer), "--write-policy");
  }
  return answer;
}

core::report::Report describe(const SolveAnswer& a) {
  const ZehntausendRules& r = a.model.rules();
  const TurnSolution& s = a.solution;
  core::report::Report j = report_head(r);
  j.field("policy", "optimal", core::report::kJsonHead)
      .field("exact", true)
      .field("method", "backward induction over (turn total, dice to throw), capped at T* (turn_solver.h)")
      .field("turn_value", s.value)
      .field("p_niete", s.p_niete)
      .field("p_first_throw_niete", s.p_first_niete)
      .field("cap", s.cap)
      .field("horizon", s.policy.horizon * kPointStep)
      .field("seconds", a.seconds);
  j.line("exact turn-score maximizer (backward induction, cap T* = " + std::to_string(s.cap) + " points, " +
         number("%.3f", a.seconds) + " s)")
      .line("expected banked points of a turn  " + number("%.6f", s.value))
      .line("P(the turn ends in a Niete)       " + number("%.6f", s.p_niete))
      .line("P(first throw is a Niete)         " + number("%.6f", s.p_first_niete) + "  (Bankrott, Z4)\n")
      .line("bank once the turn total reaches (after setting aside), by dice left to throw:");
  // The text labels a row by its dice and notes a bank total that is not a pure threshold.
  core::report::Table& rows =
      j.table("bank_thresholds", {{.name = "dice_to_throw", .in = core::report::kJsonCsv},
                                  {.name = "label", .text = "  ", .width = 22, .min_gap = 1, .in = core::report::kText},
                                  {.name = "bank_text", .in = core::report::kText},
                                  {.name = "bank_at", .in = core::report::kJsonCsv},
                                  {.name = "first_bank", .in = core::report::kJsonCsv},
                                  {.name = "note", .in = core::report::kText}});
  for (int d = 1; d <= r.dice; ++d) {
    const int bank = s.bank_at[static_cast<size_t>(d)], first = s.first_bank[static_cast<size_t>(d)];
    rows.row({d, dice_label(d, r), number("%6.0f", bank), bank, first,
              first != bank ? "   (also banks at " + std::to_string(first) + ": not a pure threshold)" : ""});
  }
  if (!a.policy_file.empty()) j.field("policy_file", a.policy_file).line("policy written to " + a.policy_file);
  return j;
}

std::string policy_file_text(const SolveAnswer& a) {
  return policy_text(a.model, a.solution.policy,
                     "# verflixt " + std::string(kVersion) + " zehntausend optimal turn policy\n# rules " +
                         rules_summary(a.model.rules()) + "\n# exact turn value " + number("%.6f", a.solution.value) +
                         "\n");
}

EvaluateAnswer evaluate(const ZehntausendRules& rules, const EvaluateQuestion& q, const core::RunControl& control) {
  const TurnLibrary lib(rules);
  const TurnPolicy p = make_turn_policy(q.policy, lib);
  EvaluateAnswer answer{.rules = rules, .policy = p.name, .exact = evaluate_turn(lib.model(), p),
                        .optimal = lib.solution().value, .sampled = !q.exact, .seed = 0, .threads = 1, .run = {},
                        .interrupted = false};
  if (answer.sampled) {
    answer.seed = q.seed;
    answer.threads = q.threads;
    answer.run = sample_turns(lib.model(), p, q.turns, q.seed, q.threads, control);
    answer.interrupted = answer.run.interrupted;
  }
  return answer;
}

core::report::Report describe(const EvaluateAnswer& a) {
  const TurnEvaluation& e = a.exact;
  core::report::Report j = report_head(a.rules);
  j.field("policy", a.policy)
      .field("exact_turn_value", e.value)
      .field("exact_p_niete", e.p_niete)
      .field("optimal_turn_value", a.optimal);
  j.line("policy " + a.policy)
      .line("exact: expected banked points " + number("%.6f", e.value) + ", P(Niete) " + number("%.6f", e.p_niete) +
            "   (optimum " + number("%.6f", a.optimal) + ")");
  const TurnTally& t = a.run.tally;
  if (a.sampled) {
    const core::Estimate points = t.points(), niete = t.niete();
    j.field("seed", a.seed, core::report::kJsonHead).field("threads", a.threads).field("turns", t.turns);
    j.field("mean_points", points.mean).field("stderr", points.se).field("p_niete", niete);
    j.field("seconds", a.run.seconds);
    j.line("Monte Carlo (± 1 SE), " + std::to_string(t.turns) + " turns die by die (seed " + std::to_string(a.seed) +
           "): " + core::report::plus_minus(points, "%.3f") + " points, P(Niete) " +
           core::report::plus_minus(niete, "%.5f") + "; differs from exact by " +
           core::se_distance(points.mean, points.se, e.value) + " SE");
  }
  j.completion(a.interrupted, t.turns, a.run.requested, "turns");
  // The CSV row has the Monte Carlo columns (zero) with --exact too.
  j.table("", {{.name = "policy"},
               {.name = "exact_turn_value"},
               {.name = "exact_p_niete"},
               {.name = "turns"},
               {.name = "mean_points", .csv_format = "%.4f", .se_name = "stderr"}},
          core::report::kCsv)
      .row({a.policy, e.value, e.p_niete, t.turns, t.points()});
  return j;
}

TournamentAnswer play_tournament(const TurnLibrary& lib, std::span<const SeatPolicy* const> seats,
                                 const std::vector<std::string>& names, std::uint64_t games, std::uint64_t seed,
                                 int threads, bool rotate, const core::RunControl& control) {
  const int n = static_cast<int>(seats.size());
  TournamentAnswer a{.rules = lib.model().rules(), .seats = names, .seed = seed, .games = games, .threads = threads,
                     .rotations = rotate ? n : 1, .as_seated = {}, .by_seat = {}, .by_policy = {}, .played = 0,
                     .turns = 0, .seconds = 0, .interrupted = false};
  std::vector<MatchRun> runs;
  for (int k = 0; k < a.rotations && (runs.empty() || !runs.back().interrupted); ++k) {
    std::vector<const SeatPolicy*> seated;
    for (int s = 0; s < n; ++s) seated.push_back(seats[static_cast<size_t>((s + k) % n)]);
    runs.push_back(play_games(lib, seated, games, seed + static_cast<std::uint64_t>(k), threads, control));
  }
  a.interrupted = runs.back().interrupted;
  // Per seat position and per policy, over all rotations: share sums add up.
  std::vector<double> seat_n(n), seat_sum(n), seat_sq(n), pol_n(n), pol_sum(n), pol_sq(n);
  for (int k = 0; k < static_cast<int>(runs.size()); ++k) {
    const MatchTally& t = runs[static_cast<size_t>(k)].tally;
    a.played += t.games, a.turns += t.turns, a.seconds += runs[static_cast<size_t>(k)].seconds;
    for (int s = 0; s < n; ++s) {
      const int p = (s + k) % n;
      const double g = static_cast<double>(t.games), sh = static_cast<double>(t.shares[static_cast<size_t>(s)]),
                   sq = static_cast<double>(t.shares_sq[static_cast<size_t>(s)]);
      seat_n[s] += g, seat_sum[s] += sh, seat_sq[s] += sq;
      pol_n[p] += g, pol_sum[p] += sh, pol_sq[p] += sq;
    }
  }
  const double unit = static_cast<double>(kShareUnit);
  for (int s = 0; s < n; ++s) {
    a.as_seated.push_back(runs[0].tally.p_win(s));
    a.by_seat.push_back(core::mean_from_sums(seat_n[s], seat_sum[s], seat_sq[s], unit));
    a.by_policy.push_back(core::mean_from_sums(pol_n[s], pol_sum[s], pol_sq[s], unit));
  }
  return a;
}

core::report::Report describe(const TournamentAnswer& a) {
  const int n = static_cast<int>(a.seats.size());
  const double mean_turns = a.played ? static_cast<double>(a.turns) / static_cast<double>(a.played) : 0.0;
  const double games_per_second = a.seconds > 0 ? static_cast<double>(a.played) / a.seconds : 0.0;
  using core::report::kJson, core::report::kText, core::report::kCsv;
  core::report::Report j = report_head(a.rules);
  // What was asked, what was played, how fast.
  j.field("seed", a.seed, core::report::kJsonHead)
      .field("threads", a.threads)
      .field("games_per_seating", a.games, core::report::kJsonHead)
      .field("rotations", a.rotations);
  j.field("games", a.played, core::report::kJsonHead).field("mean_turns", mean_turns);
  j.field("seconds", a.seconds).field("games_per_second", games_per_second);
  j.line("seed " + std::to_string(a.seed) + ", " + std::to_string(a.games) +
         " games per seating, Monte Carlo (± 1 SE), ties share the win")
      .line("as seated (seat 1 moves first):");
  const core::report::Column p_win{.name = "p_win", .text = "  P(win) ", .se_name = "stderr"};
  core::report::Table& seating =
      j.table("seating", {{.name = "seat", .text = "  seat "}, {.name = "policy", .text = "  "}, p_win}, kJson | kText);
  // The CSV is one long table of the three; the text lists per policy before per seat, the
  // JSON per seat before per policy, so the seat table is described once for each.
  core::report::Table& csv =
      j.table("", {{.name = "table"}, {.name = "name"}, {.name = "p_win", .se_name = "stderr"}}, kCsv);
  for (int s = 0; s < n; ++s) {
    seating.row({s + 1, a.seats[static_cast<size_t>(s)], a.as_seated[static_cast<size_t>(s)]});
    csv.row({"seating", a.seats[static_cast<size_t>(s)], a.as_seated[static_cast<size_t>(s)]});
  }
  if (a.rotations > 1) {
    const std::vector<core::report::Column> seat_columns = {
        {.name = "seat", .text = "  seat "}, p_win, {.name = "edge", .text = "  edge ", .text_format = "%+.4f"}};
    core::report::Table& seat_json = j.table("by_seat", seat_columns, kJson);
    j.line("over all " + std::to_string(a.rotations) + " rotations: per policy");
    core::report::Table& policy = j.table("by_policy", {{.name = "policy", .text = "  "}, p_win}, kJson | kText);
    j.line("per seat position (edge = P(win) - 1/" + std::to_string(n) + ")");
    core::report::Table& seat_text = j.table("by_seat", seat_columns, kText);
    for (int s = 0; s < n; ++s) {
      const core::Estimate& b = a.by_seat[static_cast<size_t>(s)];
      seat_json.row({s + 1, b, b.mean - 1.0 / n});
      seat_text.row({s + 1, b, b.mean - 1.0 / n});
      csv.row({"seat", std::to_string(s + 1), b});
    }
    for (int s = 0; s < n; ++s) {
      policy.row({a.seats[static_cast<size_t>(s)], a.by_policy[static_cast<size_t>(s)]});
      csv.row({"policy", a.seats[static_cast<size_t>(s)], a.by_policy[static_cast<size_t>(s)]});
    }
  }
  j.completion(a.interrupted, a.played, a.games * static_cast<std::uint64_t>(a.rotations), "games");
  j.line(std::to_string(a.played) + " games, " + number("%.2f", mean_turns) + " turns a game, " +
         number("%.0f", games_per_second) + " games/s on " + std::to_string(a.threads) + " threads");
  return j;
}

BenchAnswer bench_answer(ZehntausendRules rules, std::uint64_t games, std::uint64_t seed,
                         const core::RunControl& control) {
  rules.players = 2;
  BenchAnswer a;
  a.seed = seed;
  const auto t0 = std::chrono::steady_clock::now();
  const TurnModel m(rules);
  const TurnSolution s = solve_turn(m);
  a.solve_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  a.turn_value = s.value;
  a.rules = rules;
  const TurnLibrary lib(rules);
  const std::vector<std::string> specs = {"optimal", "race"};
  a.done = {false, 0, specs.size(), "workloads"};
  for (const std::string& spec : specs) {
    const auto first = make_seat_policy(spec, lib), second = make_seat_policy("optimal", lib);
    const SeatPolicy* seats[] = {first.get(), second.get()};
    play_games(lib, seats, std::min<std::uint64_t>(games, 20000), seed, 1, control);  // builds the race's turn policies
    // A stop during the untimed games leaves the timed ones unplayed: interrupted too.
    const MatchRun run = play_games(lib, seats, games, seed, 1, control);
    if (run.interrupted) {
      a.done.interrupted = true;
      break;
    }
    a.workloads.push_back({spec + " vs optimal", run.tally.games, run.seconds, run.tally.shares[0]});
    ++a.done.completed;
  }
  return a;
}

core::report::Report describe(const BenchAnswer& a) {
  core::report::Report j = report_head(a.rules);
  j.head_line("  seed " + std::to_string(a.seed));
  j.field("seed", a.seed, core::report::kJsonHead).field("solve_seconds", a.solve_seconds).field("turn_value", a.turn_value);
  j.line("exact turn solve: " + number("%.3f", a.solve_seconds) + " s (value " + number("%.6f", a.turn_value) + ")");
  core::report::Table& work =
      j.table("workloads", {{.name = "workload"},
                            {.name = "games", .text = ": "},
                            {.name = "seconds", .text = " games in ", .text_format = "%.3f"},
                            {.name = "games_per_second_per_core", .text = " s on 1 thread = ", .text_format = "%.0f"},
                            {.name = "signature_seat1_shares", .text = " games/s per core (signature "},
                            {.name = "close", .text = ")", .in = core::report::kText}});
  for (const BenchWorkload& w : a.workloads)
    work.row({w.name, w.games, w.seconds, static_cast<double>(w.games) / w.seconds, w.seat1_shares, ""});
  core::mark(j, a.done);
  return j;
}

}  // namespace verflixt::zehntausend
