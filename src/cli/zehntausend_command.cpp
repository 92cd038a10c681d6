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
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/ini.h"
#include "verflixt/games/zehntausend/monte_carlo.h"
#include "verflixt/games/zehntausend/policy.h"
#include "verflixt/games/zehntausend/turn_solver.h"
#include "verflixt/version.h"

namespace verflixt::cli {
namespace {

using namespace verflixt::zehntausend;

const std::vector<std::string> kFormats = {"table", "json", "csv"};

void add_game_options(po::options_description& desc) {
  desc.add_options()
      ("game", po::value<std::string>()->default_value("zehntausend"), "the game: zehntausend here")
      ("preset", po::value<std::string>()->default_value("app"), "rules preset: app (the rules of a Zehntausend app, docs/rules/zehntausend.md)")
      ("rules", po::value<std::string>(), "rules INI file (as `verflixt rules --game zehntausend` prints), over the preset")
      ("set", po::value<std::vector<std::string>>()->composing(), "one rule key=value over preset and file (repeatable)");
}

// A rules file is read over the preset: it may give only the keys it changes.
ZehntausendRules game_rules(const po::variables_map& vm) {
  const auto read_file = [](const std::string& path, const ZehntausendRules& base) {
    return read_rules_ini(read_text_file(path, "rules file"), path, base);
  };
  return game_rules_from(vm, zehntausend::preset, read_file, zehntausend::set_rule, zehntausend::validate);
}

nlohmann::ordered_json meta(const ZehntausendRules& r) { return game_meta("zehntausend", rules_summary(r)); }

std::string header(const ZehntausendRules& r) { return game_header("zehntausend", rules_summary(r)); }

std::string dice_label(int d, const ZehntausendRules& r) {
  // Without hot dice all dice are thrown only at the start of a turn: no bank decision there.
  return std::to_string(d) + (d == r.dice ? (r.hot_dice ? " (also hot dice)" : " (never: no hot dice)") : "");
}

std::string faces_text(const Counts& c) {
  std::string s;
  for (int f = 0; f < kFaces; ++f)
    for (int k = 0; k < c[static_cast<size_t>(f)]; ++k) s += (s.empty() ? "" : " ") + std::to_string(f + 1);
  return s;
}

}  // namespace

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
    c = completion(run.turns, run.requested, "turns", run.interrupted);
    j["seed"] = seed;
    j["threads"] = threads;
    j["turns"] = run.turns;
    j["mean_points"] = run.points.mean;
    j["stderr"] = run.points.se;
    j["p_niete"] = run.niete.mean;
    j["p_niete_stderr"] = run.niete.se;
    j["seconds"] = run.seconds;
  }
  mark_json(j, c);
  std::string text;
  if (format == "json") {
    text = json_text(j);
  } else if (format == "csv") {
    text = "policy,exact_value,exact_p_niete,turns,mean_points,stderr\n" + p.name + "," + fmt("%.6f", e.value) + "," +
           fmt("%.6f", e.p_niete) + "," + std::to_string(run.turns) + "," + fmt("%.4f", run.points.mean) + "," +
           fmt("%.4f", run.points.se) + "\n";
  } else {
    std::ostringstream o;
    o << header(r) << "policy " << p.name << "\n"
      << "exact: expected banked points " << fmt("%.6f", e.value) << ", P(Niete) " << fmt("%.6f", e.p_niete)
      << "   (optimum " << fmt("%.6f", lib.solution().value) << ")\n";
    if (!exact_only)
      o << "Monte Carlo, " << run.turns << " turns die by die (seed " << seed_from(vm) << "): " << fmt("%.3f", run.points.mean)
        << " ± " << fmt("%.3f", run.points.se) << " points, P(Niete) " << fmt("%.5f", run.niete.mean) << " ± "
        << fmt("%.5f", run.niete.se) << "; differs from exact by " << se_distance(run.points.mean, run.points.se, e.value)
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

int zehntausend_advise_command(int argc, const char* const* argv) {
  po::options_description desc("advise --game zehntausend options");
  add_game_options(desc);
  desc.add_options()
      ("throw", po::value<std::string>(), "the dice just thrown, e.g. \"1 5 5 2 4 3\" (required)")
      ("turn-total", po::value<int>()->default_value(0), "points set aside earlier this turn")
      ("total", po::value<int>()->default_value(0), "my game total")
      ("opponent", po::value<std::vector<std::string>>()->composing(), "an opponent's game total (repeatable; in seat order after me)")
      ("seat", po::value<int>()->default_value(1), "my seat (1 moves first); opponents take the other seats in order")
      ("policy", po::value<std::string>()->default_value("race"), "how everyone plays on, for P(win)")
      ("games", count_value(20000, 1, std::uint64_t{1} << 32), "games per choice for a Monte Carlo P(win)");
  add_sampling_options(desc);
  add_output_options(desc, kFormats);
  po::variables_map vm;
  if (!parse(argc, argv, desc,
             "usage: verflixt advise --game zehntausend --throw \"1 5 5 2 4 3\" [--turn-total 350] [--total 7200]\n"
             "                       [--opponent 9100 ...] [--seat 1] [--games N] [--seed S]\n"
             "Ranks every legal set-aside of the throw with bank or throw by exact expected points of the turn\n"
             "and, with opponents, by P(win): exact in the final round (P(finish above the best total)),\n"
             "else Monte Carlo of the rest of the game (± SE) under --policy.",
             vm))
    return 0;
  ZehntausendRules r = game_rules(vm);
  if (!vm.count("throw")) throw InputError("--throw is required, e.g. --throw \"1 5 5 2 4 3\"");
  std::vector<int> faces;
  {
    std::istringstream in(vm["throw"].as<std::string>());
    std::string tok;
    while (in >> tok) faces.push_back(parse_int(tok, "--throw", "command line", 1, 6));
  }
  const int turn_total = vm["turn-total"].as<int>(), total = vm["total"].as<int>();
  std::vector<int> opponents;
  if (vm.count("opponent"))
    for (const auto& s : vm["opponent"].as<std::vector<std::string>>())
      opponents.push_back(parse_int(s, "--opponent", "command line", 0, 100000000));
  if (faces.empty() || static_cast<int>(faces.size()) > r.dice)
    throw InputError("--throw needs 1.." + std::to_string(r.dice) + " dice, each 1..6");
  if (turn_total < 0 || turn_total % kPointStep) throw InputError("--turn-total must be a multiple of 50, 0 or more");
  if (total < 0 || total % kPointStep) throw InputError("--total must be a multiple of 50, 0 or more");
  const bool race = !opponents.empty();
  if (race) r.players = static_cast<int>(opponents.size()) + 1;
  if (r.players > kMaxPlayers) throw InputError("--opponent: at most 7 opponents");
  const int me = vm["seat"].as<int>() - 1;
  if (me < 0 || me >= r.players) throw InputError("--seat must be 1.." + std::to_string(r.players));
  const std::string format = format_from(vm, kFormats);
  const TurnLibrary lib(r);
  const TurnModel& m = lib.model();
  const TurnSolution& sol = lib.solution();
  const Counts thrown = counts_of(faces);
  const auto choices = set_asides(thrown, r);
  int best_other = 0;
  for (int o : opponents) best_other = std::max(best_other, o);
  const bool final_round = race && best_other >= r.limit;

  struct Row {
    SetAside s;
    bool bank;
    int dice_next;
    double points;  // exact expected banked points of the turn
    Estimate win{};
    bool win_exact = false;
  };
  std::vector<Row> rows;
  for (const SetAside& s : choices) {
    const int t2 = turn_total + s.points, d2 = m.dice_after(static_cast<int>(faces.size()), s.dice);
    if (may_bank(t2, r)) rows.push_back({s, true, d2, static_cast<double>(t2)});
    if (d2 > 0) rows.push_back({s, false, d2, sol.throw_value_at(t2, d2, m)});
  }
  std::uint64_t seed = 0;
  int threads = 1;
  if (race) {
    seed = seed_from(vm);
    threads = threads_from(vm);
    const auto policy = make_seat_policy(vm["policy"].as<std::string>(), lib);
    std::vector<const SeatPolicy*> seats(static_cast<size_t>(r.players), policy.get());
    GameStart start;
    for (int s = 0, k = 0; s < r.players; ++s) start.totals[static_cast<size_t>(s)] = s == me ? total : opponents[static_cast<size_t>(k++)];
    const int target = best_other - total + kPointStep;  // Z5: one step above the best total wins
    install_interrupt_handler();
    for (Row& row : rows) {
      const int t2 = turn_total + row.s.points;
      if (final_round) {
        // Exact: the final round is one turn against a known total (reach:N from here).
        row.win_exact = true;
        if (row.bank) {
          int tied = 0;
          for (int o : opponents) tied += o == best_other;
          row.win.mean = total + t2 > best_other ? 1.0 : total + t2 == best_other ? 1.0 / (tied + 1) : 0.0;
        } else {
          // A tie would share; reach:N aims past the best total, and counts only that.
          const TurnPolicy reach = reach_policy(m, std::max(target, r.bank_min));
          const TurnEvaluation e = evaluate_turn(m, reach, t2, row.dice_next);
          for (size_t t = 0; t < e.banked.size(); ++t)
            if (static_cast<int>(t) * kPointStep >= target) row.win.mean += e.banked[t];
        }
        continue;
      }
      GameStart g = start;
      std::unique_ptr<TurnSampler> rest;
      if (row.bank) {
        g.totals[static_cast<size_t>(me)] += t2;
        g.final_round = g.totals[static_cast<size_t>(me)] >= r.limit;
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
        const CompiledTurn& plan = policy->plan(GameView{std::span<const int>(start.totals.data(), static_cast<size_t>(r.players)), me, false});
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
    const Estimate& a = rows[0].win;
    const Estimate& b = rows[1].win;
    if (!(rows[0].win_exact && rows[1].win_exact)) separated = a.mean - b.mean > 2 * std::sqrt(a.se * a.se + b.se * b.se);
  }
  const char* kNotSeparated =
      "the estimates do not separate the best choices (within 2 SE): their order by P(win) is not known; "
      "more --games may tell them apart";
  nlohmann::ordered_json j = meta(r);
  j["throw"] = faces_text(thrown);
  j["turn_total"] = turn_total;
  j["total"] = total;
  j["opponents"] = opponents;
  j["final_round"] = final_round;
  if (race) j["seed"] = seed, j["policy"] = vm["policy"].as<std::string>(), j["games_per_choice"] = vm["games"].as<std::uint64_t>();
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Row& row : rows) {
    nlohmann::ordered_json x;
    x["set_aside"] = faces_text(row.s.kept);
    x["points"] = row.s.points;
    x["then"] = row.bank ? "bank" : "throw " + std::to_string(row.dice_next);
    x["expected_points"] = row.points;
    if (race) x["p_win"] = row.win.mean, x["stderr"] = row.win.se, x["p_win_exact"] = row.win_exact;
    list.push_back(x);
  }
  j["choices"] = list;
  if (race) {
    j["separated"] = separated;
    if (!separated) j["warning"] = kNotSeparated;
  }
  std::string text;
  if (format == "json") {
    text = json_text(j);
  } else if (format == "csv") {
    text = separated ? "" : std::string("# warning: ") + kNotSeparated + "\n";
    text += "set_aside,points,then,expected_points" + std::string(race ? ",p_win,stderr" : "") + "\n";
    for (const auto& x : list)
      text += x["set_aside"].get<std::string>() + "," + std::to_string(x["points"].get<int>()) + "," + x["then"].get<std::string>() + "," +
              fmt("%.3f", x["expected_points"]) + (race ? "," + fmt("%.5f", x["p_win"]) + "," + fmt("%.5f", x["stderr"]) : "") + "\n";
  } else {
    std::ostringstream o;
    o << header(r) << "threw " << faces_text(thrown) << " at turn total " << turn_total;
    if (race) o << ", my total " << total << ", best opponent " << best_other << (final_round ? " (final round)" : "");
    o << "\n" << (race ? "ranked by P(win); " : "ranked by ") << "expected banked points of the turn (exact, optimal play on)\n";
    if (rows.empty()) o << "  a Niete: nothing to set aside, the turn scores 0\n";
    for (const auto& x : list) {
      o << "  " << x["set_aside"].get<std::string>() << std::string(std::max<size_t>(1, 13 - x["set_aside"].get<std::string>().size()), ' ')
        << fmt("%5.0f", x["points"]) << "  then " << x["then"].get<std::string>()
        << std::string(x["then"].get<std::string>() == "bank" ? 3 : 0, ' ') << "  E[points] " << fmt("%9.2f", x["expected_points"]);
      if (race)
        o << "  P(win) " << fmt("%.4f", x["p_win"])
          << (x["p_win_exact"].get<bool>() ? " exact" : " ± " + fmt("%.4f", x["stderr"]));
      o << "\n";
    }
    if (race && !final_round) o << "P(win): Monte Carlo, " << vm["games"].as<std::uint64_t>() << " games per choice, policy " << vm["policy"].as<std::string>() << ", seed " << seed << "\n";
    if (!separated) o << "warning: " << kNotSeparated << "\n";
    text = o.str();
  }
  emit(vm, text);
  return 0;
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
