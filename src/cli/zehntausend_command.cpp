// `verflixt ... --game zehntausend`: Zehntausend (include/verflixt/games/zehntausend/) through
// the project's commands, options, output formats and Ctrl-C convention.
#include "cli/zehntausend_command.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/game_command.h"
#include "cli/zehntausend_shared.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/ini.h"
#include "verflixt/games/zehntausend/monte_carlo.h"
#include "verflixt/games/zehntausend/policy.h"
#include "verflixt/games/zehntausend/turn_solver.h"
#include "verflixt/version.h"

namespace verflixt::cli {

using namespace zehntausend_cli;
using namespace verflixt::zehntausend;

int zehntausend_rules_command(int argc, const char* const* argv) {
  po::options_description desc("rules --game zehntausend options");
  add_game_options(desc);
  return print_rules(argc, argv, desc,
                     "usage: verflixt rules --game zehntausend [--preset app] [--rules FILE] [--set key=value ...]\n"
                     "Prints every Zehntausend rule parameter (Z1-Z5) as a commented INI file that --rules FILE\n"
                     "reads back on every zehntausend command.",
                     [](const po::variables_map& vm) { return rules_ini(game_rules(vm)); });
}

int zehntausend_solve_command(int argc, const char* const* argv) {
  po::options_description desc("solve --game zehntausend options");
  add_game_options(desc);
  desc.add_options()("write-policy", po::value<std::string>(), "write the optimal turn policy to FILE (evaluate --policy policy:FILE reads it)");
  add_output_options(desc, kFormats);
  po::variables_map vm;
  if (!parse(argc, argv, desc,
             "usage: verflixt solve --game zehntausend [--rules FILE] [--set k=v] [--write-policy FILE] [--format F]\n"
             "The turn-score maximizer, exactly: backward induction over turn total and dice left\n"
             "(every set-aside and bank or throw), its value, P(Niete) and the bank threshold per dice left.",
             vm))
    return 0;
  const ZehntausendRules r = game_rules(vm);
  const std::string format = format_from(vm, kFormats);
  if (vm.count("write-policy")) check_output_target(vm["write-policy"].as<std::string>(), "--write-policy");
  const auto t0 = std::chrono::steady_clock::now();
  const TurnModel m(r);
  const TurnSolution s = solve_turn(m);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  nlohmann::ordered_json j = meta(r);
  j["policy"] = "optimal";
  j["exact"] = true;
  j["method"] = "backward induction over (turn total, dice to throw), capped at T* (turn_solver.h)";
  j["turn_value"] = s.value;
  j["p_niete"] = s.p_niete;
  j["p_first_throw_niete"] = s.p_first_niete;
  j["cap"] = s.cap;
  j["horizon"] = s.policy.horizon * kPointStep;
  j["seconds"] = seconds;
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (int d = 1; d <= r.dice; ++d)
    rows.push_back({{"dice_to_throw", d},
                    {"bank_at", s.bank_at[static_cast<size_t>(d)]},
                    {"first_bank", s.first_bank[static_cast<size_t>(d)]}});
  j["bank_thresholds"] = rows;
  if (vm.count("write-policy")) {
    const std::string path = vm["write-policy"].as<std::string>();
    write_file_atomic(path,
                      policy_text(m, s.policy,
                                  "# verflixt " + std::string(kVersion) + " zehntausend optimal turn policy\n# rules " +
                                      rules_summary(r) + "\n# exact turn value " + fmt("%.6f", s.value) + "\n"),
                      "--write-policy");
    j["policy_file"] = path;
  }
  std::string text;
  if (format == "json") {
    text = json_text(j);
  } else if (format == "csv") {
    text = "dice_to_throw,bank_at,first_bank\n";
    for (int d = 1; d <= r.dice; ++d)
      text += std::to_string(d) + "," + std::to_string(s.bank_at[static_cast<size_t>(d)]) + "," +
              std::to_string(s.first_bank[static_cast<size_t>(d)]) + "\n";
  } else {
    std::ostringstream o;
    o << header(r) << "exact turn-score maximizer (backward induction, cap T* = " << s.cap << " points, "
      << fmt("%.3f", seconds) << " s)\n"
      << "expected banked points of a turn  " << fmt("%.6f", s.value) << "\n"
      << "P(the turn ends in a Niete)       " << fmt("%.6f", s.p_niete) << "\n"
      << "P(first throw is a Niete)         " << fmt("%.6f", s.p_first_niete) << "  (Bankrott, Z4)\n\n"
      << "bank once the turn total reaches (after setting aside), by dice left to throw:\n";
    for (int d = 1; d <= r.dice; ++d) {
      const std::string label = dice_label(d, r);
      o << "  " << label << std::string(label.size() < 22 ? 22 - label.size() : 1, ' ') << fmt("%6.0f", s.bank_at[static_cast<size_t>(d)]);
      if (s.first_bank[static_cast<size_t>(d)] != s.bank_at[static_cast<size_t>(d)])
        o << "   (also banks at " << s.first_bank[static_cast<size_t>(d)] << ": not a pure threshold)";
      o << "\n";
    }
    if (vm.count("write-policy")) o << "policy written to " << vm["write-policy"].as<std::string>() << "\n";
    text = o.str();
  }
  emit(vm, text);
  return 0;
}

int zehntausend_evaluate_command(int argc, const char* const* argv) {
  po::options_description desc("evaluate --game zehntausend options");
  add_game_options(desc);
  desc.add_options()
      ("policy", po::value<std::string>()->default_value("optimal"),
       "turn policy: optimal, bank:N, reach:N, shift:D, cross:N, heuristic:FILE, policy:FILE")
      ("exact", po::bool_switch(), "exact evaluation only (forward propagation over every throw)")
      ("turns", count_value(1000000, 1, std::uint64_t{1} << 40), "turns to play die by die (Monte Carlo)");
  add_sampling_options(desc);
  add_output_options(desc, kFormats);
  po::variables_map vm;
  if (!parse(argc, argv, desc,
             "usage: verflixt evaluate --game zehntausend [--policy P] [--exact] [--turns N] [--seed S]\n"
             "A turn policy's expected banked points and P(Niete): exactly (--exact), or by playing N turns\n"
             "die by die through the reference engine (± SE) next to the exact value.",
             vm))
    return 0;
  const ZehntausendRules r = game_rules(vm);
  const std::string format = format_from(vm, kFormats);
  const TurnLibrary lib(r);
  const TurnPolicy p = make_turn_policy(vm["policy"].as<std::string>(), lib);
  const TurnEvaluation e = evaluate_turn(lib.model(), p);
  const bool exact_only = vm["exact"].as<bool>();
  nlohmann::ordered_json j = meta(r);
  j["policy"] = p.name;
  j["exact_turn_value"] = e.value;
  j["exact_p_niete"] = e.p_niete;
  j["optimal_turn_value"] = lib.solution().value;
  TurnRun run;
  Completion c = completion(0, 0, "turns");
  if (!exact_only) {
    const std::uint64_t seed = seed_from(vm);
    const int threads = threads_from(vm);
    run = with_progress("evaluate zehntausend turns", [&](const RunControl& control) {
      return sample_turns(lib.model(), p, vm["turns"].as<std::uint64_t>(), seed, threads, control);
    });
    c = completion(run.tally.turns, run.requested, "turns", run.interrupted);
    j["seed"] = seed;
    j["threads"] = threads;
    j["turns"] = run.tally.turns;
    j["mean_points"] = run.tally.points().mean;
    j["stderr"] = run.tally.points().se;
    j["p_niete"] = run.tally.niete().mean;
    j["p_niete_stderr"] = run.tally.niete().se;
    j["seconds"] = run.seconds;
  }
  mark_json(j, c);
  std::string text;
  if (format == "json") {
    text = json_text(j);
  } else if (format == "csv") {
    text = "policy,exact_value,exact_p_niete,turns,mean_points,stderr\n" + p.name + "," + fmt("%.6f", e.value) + "," +
           fmt("%.6f", e.p_niete) + "," + std::to_string(run.tally.turns) + "," + fmt("%.4f", run.tally.points().mean) + "," +
           fmt("%.4f", run.tally.points().se) + "\n";
  } else {
    std::ostringstream o;
    o << header(r) << "policy " << p.name << "\n"
      << "exact: expected banked points " << fmt("%.6f", e.value) << ", P(Niete) " << fmt("%.6f", e.p_niete)
      << "   (optimum " << fmt("%.6f", lib.solution().value) << ")\n";
    if (!exact_only)
      o << "Monte Carlo, " << run.tally.turns << " turns die by die (seed " << seed_from(vm) << "): " << fmt("%.3f", run.tally.points().mean)
        << " ± " << fmt("%.3f", run.tally.points().se) << " points, P(Niete) " << fmt("%.5f", run.tally.niete().mean) << " ± "
        << fmt("%.5f", run.tally.niete().se) << "; differs from exact by " << se_distance(run.tally.points().mean, run.tally.points().se, e.value)
        << " SE\n";
    text = o.str();
  }
  return finish(vm, format, c, text);
}

int zehntausend_tournament_command(int argc, const char* const* argv) {
  po::options_description desc("tournament --game zehntausend options");
  add_game_options(desc);
  desc.add_options()
      ("seat", po::value<std::vector<std::string>>()->composing(),
       "a seat's policy (optimal, bank:N, reach:N, shift:D, cross:N, race[:W,M,BG,BB,AG,AB], heuristic:FILE, policy:FILE); 2..8 times")
      ("games", count_value(1000000, 1, std::uint64_t{1} << 40), "games per seating")
      ("rotate", po::value<bool>()->default_value(true),
       "also play every rotation of the seats, for P(win) per policy and per seat (the first-player edge)");
  add_sampling_options(desc);
  add_output_options(desc, kFormats);
  po::variables_map vm;
  if (!parse(argc, argv, desc,
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
  const auto table = make_seats(specs, [&](const std::string& spec) { return make_seat_policy(spec, lib); });
  const std::uint64_t games = vm["games"].as<std::uint64_t>(), seed = seed_from(vm);
  const int threads = threads_from(vm), n = r.players;
  const int rotations = vm["rotate"].as<bool>() ? n : 1;
  // Rotation k seats policy (s + k) mod n at seat s, with its own seed (seed + k).
  const std::vector<MatchRun> runs = with_progress("tournament zehntausend games", [&](const RunControl& control) {
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
  nlohmann::ordered_json j = meta(r);
  j["seed"] = seed;
  j["threads"] = threads;
  j["games_per_seating"] = games;
  j["rotations"] = rotations;
  j["games"] = played;
  j["mean_turns"] = played ? static_cast<double>(turns) / static_cast<double>(played) : 0.0;
  j["seconds"] = seconds;
  j["games_per_second"] = seconds > 0 ? static_cast<double>(played) / seconds : 0.0;
  nlohmann::ordered_json first = nlohmann::ordered_json::array(), by_seat = nlohmann::ordered_json::array(),
                         by_policy = nlohmann::ordered_json::array();
  const MatchTally& t0 = runs[0].tally;
  for (int s = 0; s < n; ++s) {
    const Estimate a = t0.p_win(s);
    first.push_back({{"seat", s + 1}, {"policy", table.names[static_cast<size_t>(s)]}, {"p_win", a.mean}, {"stderr", a.se}});
    const Estimate b = mean_from_sums(seat_n[s], seat_sum[s], seat_sq[s], unit);
    by_seat.push_back({{"seat", s + 1}, {"p_win", b.mean}, {"stderr", b.se}, {"edge", b.mean - 1.0 / n}});
    const Estimate q = mean_from_sums(pol_n[s], pol_sum[s], pol_sq[s], unit);
    by_policy.push_back({{"policy", table.names[static_cast<size_t>(s)]}, {"p_win", q.mean}, {"stderr", q.se}});
  }
  j["seating"] = first;
  if (rotations > 1) j["by_seat"] = by_seat, j["by_policy"] = by_policy;
  mark_json(j, c);
  std::string text;
  if (format == "json") {
    text = json_text(j);
  } else if (format == "csv") {
    text = "table,name,p_win,stderr\n";
    for (const auto& x : first) text += "seating," + x["policy"].get<std::string>() + "," + fmt("%.6f", x["p_win"]) + "," + fmt("%.6f", x["stderr"]) + "\n";
    if (rotations > 1) {
      for (const auto& x : by_seat) text += "seat," + std::to_string(x["seat"].get<int>()) + "," + fmt("%.6f", x["p_win"]) + "," + fmt("%.6f", x["stderr"]) + "\n";
      for (const auto& x : by_policy) text += "policy," + x["policy"].get<std::string>() + "," + fmt("%.6f", x["p_win"]) + "," + fmt("%.6f", x["stderr"]) + "\n";
    }
  } else {
    std::ostringstream o;
    o << header(r) << "seed " << seed << ", " << games << " games per seating, Monte Carlo (± 1 SE), ties share the win\n"
      << "as seated (seat 1 moves first):\n";
    for (const auto& x : first)
      o << "  seat " << x["seat"].get<int>() << "  " << x["policy"].get<std::string>() << "  P(win) " << fmt("%.4f", x["p_win"])
        << " ± " << fmt("%.4f", x["stderr"]) << "\n";
    if (rotations > 1) {
      o << "over all " << rotations << " rotations: per policy\n";
      for (const auto& x : by_policy)
        o << "  " << x["policy"].get<std::string>() << "  P(win) " << fmt("%.4f", x["p_win"]) << " ± " << fmt("%.4f", x["stderr"]) << "\n";
      o << "per seat position (edge = P(win) - 1/" << n << ")\n";
      for (const auto& x : by_seat)
        o << "  seat " << x["seat"].get<int>() << "  P(win) " << fmt("%.4f", x["p_win"]) << " ± " << fmt("%.4f", x["stderr"])
          << "  edge " << fmt("%+.4f", x["edge"]) << "\n";
    }
    o << played << " games, " << fmt("%.2f", j["mean_turns"]) << " turns a game, " << fmt("%.0f", j["games_per_second"])
      << " games/s on " << threads << " threads\n";
    text = o.str();
  }
  return finish(vm, format, c, text);
}

int zehntausend_bench_command(int argc, const char* const* argv) {
  po::options_description desc("bench --game zehntausend options");
  add_game_options(desc);
  desc.add_options()("games", count_value(1000000, 1, std::uint64_t{1} << 40), "two-player games per workload")
      ("seed", count_value(1, 0, ~std::uint64_t{0}), "random seed (the signature depends on it)");
  add_output_options(desc, kFormats);
  po::variables_map vm;
  if (!parse(argc, argv, desc,
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
  nlohmann::ordered_json j = meta(r);
  j["solve_seconds"] = solve_seconds;
  j["turn_value"] = s.value;
  nlohmann::ordered_json work = nlohmann::ordered_json::array();
  std::ostringstream o;
  o << header(r) << "exact turn solve: " << fmt("%.3f", solve_seconds) << " s (value " << fmt("%.6f", s.value) << ")\n";
  for (const std::string spec : {"optimal", "race"}) {
    const auto a = make_seat_policy(spec, lib), b = make_seat_policy("optimal", lib);
    const SeatPolicy* seats[] = {a.get(), b.get()};
    play_games(lib, seats, std::min<std::uint64_t>(games, 20000), seed, 1);  // builds the race's turn policies
    const MatchRun run = play_games(lib, seats, games, seed, 1);
    const double rate = static_cast<double>(run.tally.games) / run.seconds;
    work.push_back({{"workload", spec + " vs optimal"}, {"games", run.tally.games}, {"seconds", run.seconds},
                    {"games_per_second_per_core", rate}, {"signature_seat1_shares", run.tally.shares[0]}});
    o << spec << " vs optimal: " << run.tally.games << " games in " << fmt("%.3f", run.seconds) << " s on 1 thread = "
      << fmt("%.0f", rate) << " games/s per core (signature " << run.tally.shares[0] << ")\n";
  }
  j["workloads"] = work;
  emit(vm, format == "json" ? json_text(j) : o.str());
  return 0;
}

}  // namespace verflixt::cli
