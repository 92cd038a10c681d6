// `verflixt ... --game zehntausend`: Zehntausend (include/verflixt/games/zehntausend/) through
// the project's commands, options, output formats and Ctrl-C convention.
#include "games/zehntausend/commands/commands.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/game_balance.h"
#include "cli/game_command.h"
#include "cli/value_cache.h"
#include "games/zehntausend/commands/shared.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/ini.h"
#include "verflixt/games/zehntausend/monte_carlo.h"
#include "verflixt/games/zehntausend/race_policies.h"
#include "verflixt/games/zehntausend/policy.h"
#include "verflixt/games/zehntausend/turn_solver.h"
#include "verflixt/version.h"

namespace verflixt::cli {

using namespace zehntausend_cli;
using namespace verflixt::zehntausend;

int zehntausend_rules_command(int argc, const char* const* argv) {
  return print_rules(argc, argv, "rules --game zehntausend options", game_options(),
                     "usage: verflixt rules --game zehntausend [--preset app] [--rules FILE] [--set key=value ...]\n"
                     "Prints every Zehntausend rule parameter (Z1-Z5) as a commented INI file that --rules FILE\n"
                     "reads back on every zehntausend command.",
                     zehntausend::rule_table(), [](const po::variables_map& vm) { return game_rules(vm); });
}

int zehntausend_solve_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::file_option("write-policy", "write the optimal turn policy to FILE (evaluate --policy policy:FILE reads it)")};
  po::variables_map vm;
  if (!parse(argc, argv, "solve --game zehntausend options", game_options() + own + race_options() + output_options(kFormats),
             "usage: verflixt solve --game zehntausend [--rules FILE] [--set k=v] [--write-policy FILE] [--format F]\n"
             "The turn-score maximizer, exactly: backward induction over turn total and dice left\n"
             "(every set-aside and bank or throw), its value, P(Niete) and the bank threshold per dice left.",
             vm))
    return 0;
  if (vm["race"].as<bool>()) return race_command(vm);
  if (vm.count("seat")) throw core::InputError("--seat: only with --race (the exact race between two seats)");
  const ZehntausendRules r = game_rules(vm);
  const std::string format = format_from(vm, kFormats);
  if (vm.count("write-policy")) core::check_output_target(vm["write-policy"].as<std::string>(), "--write-policy");
  const auto t0 = std::chrono::steady_clock::now();
  const TurnModel m(r);
  const TurnSolution s = solve_turn(m);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  core::report::Report j = game_report(r);
  j.field("policy", "optimal")
      .field("exact", true)
      .field("method", "backward induction over (turn total, dice to throw), capped at T* (turn_solver.h)")
      .field("turn_value", s.value)
      .field("p_niete", s.p_niete)
      .field("p_first_throw_niete", s.p_first_niete)
      .field("cap", s.cap)
      .field("horizon", s.policy.horizon * kPointStep)
      .field("seconds", seconds);
  j.line("exact turn-score maximizer (backward induction, cap T* = " + std::to_string(s.cap) + " points, " +
         fmt("%.3f", seconds) + " s)")
      .line("expected banked points of a turn  " + fmt("%.6f", s.value))
      .line("P(the turn ends in a Niete)       " + fmt("%.6f", s.p_niete))
      .line("P(first throw is a Niete)         " + fmt("%.6f", s.p_first_niete) + "  (Bankrott, Z4)\n")
      .line("bank once the turn total reaches (after setting aside), by dice left to throw:");
  // The text labels a row by its dice and notes a bank total that is not a pure threshold.
  core::report::Table& rows = j.table("bank_thresholds", {{.name = "dice_to_throw", .in = core::report::kJsonCsv},
                                                    {.name = "label", .text = "  ", .width = 22, .min_gap = 1, .in = core::report::kText},
                                                    {.name = "bank_text", .in = core::report::kText},
                                                    {.name = "bank_at", .in = core::report::kJsonCsv},
                                                    {.name = "first_bank", .in = core::report::kJsonCsv},
                                                    {.name = "note", .in = core::report::kText}});
  for (int d = 1; d <= r.dice; ++d) {
    const int bank = s.bank_at[static_cast<size_t>(d)], first = s.first_bank[static_cast<size_t>(d)];
    rows.row({d, dice_label(d, r), fmt("%6.0f", bank), bank, first,
              first != bank ? "   (also banks at " + std::to_string(first) + ": not a pure threshold)" : ""});
  }
  if (vm.count("write-policy")) {
    const std::string path = vm["write-policy"].as<std::string>();
    core::write_file_atomic(path,
                      policy_text(m, s.policy,
                                  "# verflixt " + std::string(kVersion) + " zehntausend optimal turn policy\n# rules " +
                                      rules_summary(r) + "\n# exact turn value " + fmt("%.6f", s.value) + "\n"),
                      "--write-policy");
    j.field("policy_file", path).line("policy written to " + path);
  }
  const std::string text = j.render(format);
  emit(vm, text);
  return 0;
}

int zehntausend_evaluate_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::policy_option("policy", "optimal",
                          "turn policy: optimal, bank:N, reach:N, shift:D, cross:N, heuristic:FILE, policy:FILE; or "
                          "the solved two-player race's: exact (the cache), exact:FILE (solve --race --save)"),
      core::switch_option("exact", "exact evaluation only (a turn: forward propagation over every throw; a race "
                                   "policy: no games in the kernel)"),
      core::count_option("turns", 1000000, 1, std::uint64_t{1} << 40, "turns to play die by die (Monte Carlo)"),
      core::words_option("against", "race policy: an opponent (a seat of tournament --game zehntausend, or exact: "
                                    "the best response to it); repeatable; default optimal"),
      core::count_option("games", 100000, 1, std::uint64_t{1} << 40, "race policy: games per seating in the game kernel")};
  po::variables_map vm;
  // The cache holds the policy exact's solved race.
  if (!parse(argc, argv, "evaluate --game zehntausend options",
             game_options() + own + cache_options() + sampling_options() + output_options(kFormats),
             "usage: verflixt evaluate --game zehntausend [--policy P] [--exact] [--turns N] [--seed S]\n"
             "       verflixt evaluate --game zehntausend --policy exact[:FILE] [--against P ...] [--exact] [--games N]\n"
             "A turn policy's expected banked points and P(Niete): exactly (--exact), or by playing N turns\n"
             "die by die through the reference engine (± SE) next to the exact value. The solved race's\n"
             "policy: its exact P(win) against each opponent, moving first and second, and whole games of\n"
             "it in the game kernel (± SE) next to it.",
             vm))
    return 0;
  if (vm["policy"].as<std::string>().rfind(kExactSeat, 0) == 0) return race_evaluate(vm);
  if (vm.count("against") || !vm["games"].defaulted())
    balance_warning(std::string(vm.count("against") ? "--against" : "--games") + " changes nothing for a turn policy (only for exact[:FILE])");
  const ZehntausendRules r = game_rules(vm);
  const std::string format = format_from(vm, kFormats);
  const TurnLibrary lib(r);
  const TurnPolicy p = make_turn_policy(vm["policy"].as<std::string>(), lib);
  const TurnEvaluation e = evaluate_turn(lib.model(), p);
  const bool exact_only = vm["exact"].as<bool>();
  core::report::Report j = game_report(r);
  j.field("policy", p.name)
      .field("exact_turn_value", e.value)
      .field("exact_p_niete", e.p_niete)
      .field("optimal_turn_value", lib.solution().value);
  j.line("policy " + p.name)
      .line("exact: expected banked points " + fmt("%.6f", e.value) + ", P(Niete) " + fmt("%.6f", e.p_niete) +
            "   (optimum " + fmt("%.6f", lib.solution().value) + ")");
  TurnRun run;
  Completion c = completion(0, 0, "turns");
  if (!exact_only) {
    const std::uint64_t seed = seed_from(vm);
    const int threads = threads_from(vm);
    run = with_progress("evaluate zehntausend turns", [&](const core::RunControl& control) {
      return sample_turns(lib.model(), p, vm["turns"].as<std::uint64_t>(), seed, threads, control);
    });
    c = completion(run.tally.turns, run.requested, "turns", run.interrupted);
    const core::Estimate points = run.tally.points(), niete = run.tally.niete();
    j.field("seed", seed)
        .field("threads", threads)
        .field("turns", run.tally.turns)
        .field("mean_points", points.mean)
        .field("stderr", points.se)
        .field("p_niete", niete)
        .field("seconds", run.seconds);
    j.line("Monte Carlo, " + std::to_string(run.tally.turns) + " turns die by die (seed " + std::to_string(seed) +
           "): " + core::report::plus_minus(points, "%.3f") + " points, P(Niete) " + core::report::plus_minus(niete, "%.5f") +
           "; differs from exact by " + se_distance(points.mean, points.se, e.value) + " SE");
  }
  mark(j, c);
  // The CSV row names the exact value otherwise and has the Monte Carlo columns (zero) with --exact too.
  j.table("", {{.name = "policy"},
               {.name = "exact_value"},
               {.name = "exact_p_niete"},
               {.name = "turns"},
               {.name = "mean_points", .csv_format = "%.4f", .se_name = "stderr"}},
          core::report::kCsv)
      .row({p.name, e.value, e.p_niete, run.tally.turns, run.tally.points()});
  const std::string text = j.render(format);
  return finish(vm, format, c, text);
}

int zehntausend_tournament_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::words_option("seat", "a seat's policy (optimal, bank:N, reach:N, shift:D, cross:N, race[:W,M,BG,BB,AG,AB], "
                                 "heuristic:FILE, policy:FILE, exact[:FILE] — the solved two-player race); 2..8 times"),
      core::count_option("games", 1000000, 1, std::uint64_t{1} << 40, "games per seating"),
      core::boolean_option("rotate", true,
                           "also play every rotation of the seats, for P(win) per policy and per seat (the first-player "
                           "edge)")};
  po::variables_map vm;
  // The cache holds the seat exact's solved race.
  if (!parse(argc, argv, "tournament --game zehntausend options",
             game_options() + own + cache_options() + sampling_options() + output_options(kFormats),
             "usage: verflixt tournament --game zehntausend --seat P --seat P [...] [--games N] [--seed S]\n"
             "Whole games at kernel speed (each turn drawn from its policy's exact distribution): P(win) ± SE\n"
             "per seat and, over every rotation of the seats, per policy and per seat position.",
             vm))
    return 0;
  const std::vector<std::string> specs = seat_specs(vm, kMaxPlayers);
  ZehntausendRules r = game_rules(vm);
  r.players = static_cast<int>(specs.size());
  const std::string format = format_from(vm, kFormats);
  const TurnLibrary lib(r);
  const RaceSource exact = race_source(vm, r);
  const auto table = make_seats(specs, [&](const std::string& spec) { return make_seat_policy(spec, lib, exact); });
  const std::uint64_t games = vm["games"].as<std::uint64_t>(), seed = seed_from(vm);
  const int threads = threads_from(vm), n = r.players;
  const int rotations = vm["rotate"].as<bool>() ? n : 1;
  // Rotation k seats policy (s + k) mod n at seat s, with its own seed (seed + k).
  const std::vector<MatchRun> runs = with_progress("tournament zehntausend games", [&](const core::RunControl& control) {
    std::vector<MatchRun> done;
    for (int k = 0; k < rotations && (done.empty() || !done.back().interrupted); ++k) {
      std::vector<const SeatPolicy*> seats;
      for (int s = 0; s < n; ++s) seats.push_back(table.seats[static_cast<size_t>((s + k) % n)]);
      done.push_back(play_games(lib, seats, games, seed + static_cast<std::uint64_t>(k), threads, control));
    }
    return done;
  });
  const bool cut = runs.back().interrupted;
  // Per seat position and per policy, over all rotations: share sums add up.
  std::vector<double> seat_n(n), seat_sum(n), seat_sq(n), pol_n(n), pol_sum(n), pol_sq(n);
  std::uint64_t played = 0, turns = 0;
  double seconds = 0;
  for (int k = 0; k < static_cast<int>(runs.size()); ++k) {
    const MatchTally& t = runs[static_cast<size_t>(k)].tally;
    played += t.games, turns += t.turns, seconds += runs[static_cast<size_t>(k)].seconds;
    for (int s = 0; s < n; ++s) {
      const int p = (s + k) % n;
      const double g = static_cast<double>(t.games), sh = static_cast<double>(t.shares[static_cast<size_t>(s)]),
                   sq = static_cast<double>(t.shares_sq[static_cast<size_t>(s)]);
      seat_n[s] += g, seat_sum[s] += sh, seat_sq[s] += sq;
      pol_n[p] += g, pol_sum[p] += sh, pol_sq[p] += sq;
    }
  }
  const Completion c = completion(played, games * static_cast<std::uint64_t>(rotations), "games", cut);
  const double unit = static_cast<double>(kShareUnit);
  const double mean_turns = played ? static_cast<double>(turns) / static_cast<double>(played) : 0.0;
  const double games_per_second = seconds > 0 ? static_cast<double>(played) / seconds : 0.0;
  using core::report::kJson, core::report::kText, core::report::kCsv;
  core::report::Report j = game_report(r);
  j.field("seed", seed)
      .field("threads", threads)
      .field("games_per_seating", games)
      .field("rotations", rotations)
      .field("games", played)
      .field("mean_turns", mean_turns)
      .field("seconds", seconds)
      .field("games_per_second", games_per_second);
  j.line("seed " + std::to_string(seed) + ", " + std::to_string(games) +
         " games per seating, Monte Carlo (± 1 SE), ties share the win")
      .line("as seated (seat 1 moves first):");
  const core::report::Column p_win{.name = "p_win", .text = "  P(win) ", .se_name = "stderr"};
  const MatchTally& t0 = runs[0].tally;
  std::vector<core::Estimate> by_seat, by_policy;
  for (int s = 0; s < n; ++s) {
    by_seat.push_back(core::mean_from_sums(seat_n[s], seat_sum[s], seat_sq[s], unit));
    by_policy.push_back(core::mean_from_sums(pol_n[s], pol_sum[s], pol_sq[s], unit));
  }
  core::report::Table& seating = j.table("seating", {{.name = "seat", .text = "  seat "}, {.name = "policy", .text = "  "}, p_win},
                                   kJson | kText);
  // The CSV is one long table of the three; the text lists per policy before per seat, the
  // JSON per seat before per policy, so the seat table is described once for each.
  core::report::Table& csv = j.table("", {{.name = "table"}, {.name = "name"}, {.name = "p_win", .se_name = "stderr"}}, kCsv);
  for (int s = 0; s < n; ++s) {
    seating.row({s + 1, table.names[static_cast<size_t>(s)], t0.p_win(s)});
    csv.row({"seating", table.names[static_cast<size_t>(s)], t0.p_win(s)});
  }
  if (rotations > 1) {
    const std::vector<core::report::Column> seat_columns = {
        {.name = "seat", .text = "  seat "}, p_win, {.name = "edge", .text = "  edge ", .text_format = "%+.4f"}};
    core::report::Table& seat_json = j.table("by_seat", seat_columns, kJson);
    j.line("over all " + std::to_string(rotations) + " rotations: per policy");
    core::report::Table& policy = j.table("by_policy", {{.name = "policy", .text = "  "}, p_win}, kJson | kText);
    j.line("per seat position (edge = P(win) - 1/" + std::to_string(n) + ")");
    core::report::Table& seat_text = j.table("by_seat", seat_columns, kText);
    for (int s = 0; s < n; ++s) {
      const core::Estimate& b = by_seat[static_cast<size_t>(s)];
      seat_json.row({s + 1, b, b.mean - 1.0 / n});
      seat_text.row({s + 1, b, b.mean - 1.0 / n});
      csv.row({"seat", std::to_string(s + 1), b});
    }
    for (int s = 0; s < n; ++s) {
      policy.row({table.names[static_cast<size_t>(s)], by_policy[static_cast<size_t>(s)]});
      csv.row({"policy", table.names[static_cast<size_t>(s)], by_policy[static_cast<size_t>(s)]});
    }
  }
  mark(j, c);
  j.line(std::to_string(played) + " games, " + fmt("%.2f", mean_turns) + " turns a game, " + fmt("%.0f", games_per_second) +
         " games/s on " + std::to_string(threads) + " threads");
  const std::string text = j.render(format);
  return finish(vm, format, c, text);
}

int zehntausend_bench_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::count_option("games", 1000000, 1, std::uint64_t{1} << 40, "two-player games per workload"),
      seed_option("random seed (the signature depends on it)")};
  po::variables_map vm;
  if (!parse(argc, argv, "bench --game zehntausend options", game_options() + own + output_options(kFormats),
             "usage: verflixt bench --game zehntausend [--games N] [--seed S] [--format F]\n"
             "Times the exact turn solve and whole two-player games on ONE thread (games/s per core), for\n"
             "optimal vs optimal and race vs optimal; the win counts are a deterministic signature.",
             vm))
    return 0;
  ZehntausendRules r = game_rules(vm);
  r.players = 2;
  const std::string format = format_from(vm, kFormats);
  const auto t0 = std::chrono::steady_clock::now();
  const TurnModel m(r);
  const TurnSolution s = solve_turn(m);
  const double solve_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const TurnLibrary lib(r);
  const std::uint64_t games = vm["games"].as<std::uint64_t>(), seed = vm["seed"].as<std::uint64_t>();
  core::report::Report j = game_report(r);
  j.field("solve_seconds", solve_seconds).field("turn_value", s.value);
  j.line("exact turn solve: " + fmt("%.3f", solve_seconds) + " s (value " + fmt("%.6f", s.value) + ")");
  core::report::Table& work = j.table("workloads", {{.name = "workload"},
                                              {.name = "games", .text = ": "},
                                              {.name = "seconds", .text = " games in ", .text_format = "%.3f"},
                                              {.name = "games_per_second_per_core", .text = " s on 1 thread = ", .text_format = "%.0f"},
                                              {.name = "signature_seat1_shares", .text = " games/s per core (signature "},
                                              {.name = "close", .text = ")", .in = core::report::kText}});
  for (const std::string spec : {"optimal", "race"}) {
    const auto a = make_seat_policy(spec, lib), b = make_seat_policy("optimal", lib);
    const SeatPolicy* seats[] = {a.get(), b.get()};
    play_games(lib, seats, std::min<std::uint64_t>(games, 20000), seed, 1);  // builds the race's turn policies
    const MatchRun run = play_games(lib, seats, games, seed, 1);
    const double rate = static_cast<double>(run.tally.games) / run.seconds;
    work.row({spec + " vs optimal", run.tally.games, run.seconds, rate, run.tally.shares[0], ""});
  }
  // A bench prints its table for --format csv too (it has no rows to compare).
  emit(vm, j.render(format == "json" ? "json" : "table"));
  return 0;
}

int zehntausend_balance_command(int argc, const char* const* argv) {
  // P(win) as the tournament measures it, a tie sharing the win; one seating, seat 1 first.
  BalanceGame<ZehntausendRules> g{"zehntausend", &zehntausend::rule_table(), {"p_win", "P(win)", "ties shared", false}, 100000,
                                  "optimal, bank:N, reach:N, shift:D, cross:N, race[:W,M,BG,BB,AG,AB], heuristic:FILE, policy:FILE",
                                  "race (the best race policy found)", {}, {}};
  g.strongest = [](const ZehntausendRules&) { return std::string("race"); };  // the best policy found (docs/games)
  g.play = [](const ZehntausendRules& r, const std::vector<std::string>& specs, const BalanceSampling& s,
              const core::RunControl& control) {
    const TurnLibrary lib(r);
    const auto table = make_seats(specs, [&](const std::string& spec) { return make_seat_policy(spec, lib); });
    return balance_play(play_games(lib, table.seats, s.games, s.seed, s.threads, control), table.names,
                        [](const MatchTally& t, int seat) { return t.p_win(seat); });
  };
  return balance_command(argc, argv, g);
}

// Every command with the options of a quick run (core/command.h).
std::vector<core::Command> zehntausend_commands() {
  return {
      {"rules", zehntausend_rules_command, "", ""},
      {"solve", zehntausend_solve_command, "", "", ";--race"},
      {"evaluate", zehntausend_evaluate_command, "", "--turns 2000"},
      {"tournament", zehntausend_tournament_command, "", "--seat optimal --seat bank:400 --games 200"},
      {"advise", zehntausend_advise_command, "", "--dice 155243", nullptr, zehntausend_advise_request_options},
      {"bench", zehntausend_bench_command, "", "--games 2000"},
      {"balance", zehntausend_balance_command, "", "--set limit=3000 --games 500"},
  };
}

}  // namespace verflixt::cli
