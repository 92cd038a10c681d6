// `verflixt evaluate|solve|tournament --game pig`: the Pig game (include/verflixt/games/pig/)
// through the same commands, options and output formats as Die verflixte 6.
#include "cli/pig_command.h"

#include <cstring>
#include <exception>
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
#include "verflixt/games/pig/monte_carlo.h"
#include "verflixt/games/pig/policy.h"
#include "verflixt/games/pig/solver.h"
#include "verflixt/version.h"

namespace verflixt::cli {

using pig::PigRules;

void add_pig_options(po::options_description& desc, bool players) {
  desc.add_options()
      ("game", po::value<std::string>()->default_value("pig"), "the game: pig here (verflixte6 is the default game)")
      ("goal", int_value(100, 1, 1000), "score that wins (1..1000; the solver takes up to 250)")
      ("faces", int_value(6, 2, 100), "faces of the die (2..100)")
      ("bust-face", int_value(1, 1, 100), "the face that loses the turn total");
  if (players) desc.add_options()("players", int_value(2, 2, pig::kMaxPlayers), "players (2..8)");
}

PigRules pig_rules_from(const po::variables_map& vm, int players) {
  PigRules r;
  r.goal = vm["goal"].as<int>();
  r.faces = vm["faces"].as<int>();
  r.bust_face = vm["bust-face"].as<int>();
  r.players = players;
  pig::validate(r);
  return r;
}

namespace {

const std::vector<std::string> kFormats = {"table", "json", "csv"};

nlohmann::ordered_json meta(const PigRules& rules) { return game_meta("pig", pig::rules_summary(rules)); }

// P(win) per seat from a Monte Carlo run, in the three formats; `exact` (>= 0) adds the
// exact first-seat value of a two-player match.
std::string match_output(const std::string& format, nlohmann::ordered_json j, const pig::MatchRun& run,
                         const std::vector<std::string>& names, const std::string& title, double exact,
                         const pig::MatchValue* exact_info) {
  const pig::MatchTally& t = run.tally;
  j["games"] = t.games;
  j["requested_games"] = run.requested;
  j["interrupted"] = run.interrupted;
  j["seconds"] = run.seconds;
  j["mean_turns"] = t.games ? static_cast<double>(t.turns) / static_cast<double>(t.games) : 0.0;
  nlohmann::ordered_json seats = nlohmann::ordered_json::array();
  for (size_t s = 0; s < names.size(); ++s) {
    nlohmann::ordered_json r;
    r["seat"] = s + 1;
    r["policy"] = names[s];
    r["wins"] = t.wins[s];
    r["p_win"] = t.p_win(static_cast<int>(s));
    r["stderr"] = t.se_win(static_cast<int>(s));
    seats.push_back(r);
  }
  j["seats"] = seats;
  if (exact_info) {
    j["exact_first_player_win"] = exact;
    j["exact_residual"] = exact_info->residual;
  }
  if (format == "json") return cli::json_text(j);
  if (format == "csv") {
    std::string s = "seat,policy,games,wins,p_win,stderr\n";
    for (size_t k = 0; k < names.size(); ++k)
      s += std::to_string(k + 1) + "," + names[k] + "," + std::to_string(t.games) + "," + std::to_string(t.wins[k]) +
           "," + fmt("%.6f", t.p_win(static_cast<int>(k))) + "," + fmt("%.6f", t.se_win(static_cast<int>(k))) + "\n";
    return s;
  }
  std::ostringstream s;
  s << "verflixt " << kVersion << "  game pig  rules " << j["rules"].get<std::string>() << "  seed "
    << j["seed"].get<std::uint64_t>() << "\n"
    << title << ": " << t.games << " games" << (run.interrupted ? " (interrupted)" : "")
    << ", seat 1 moves first, Monte Carlo (± 1 SE)\n";
  for (size_t k = 0; k < names.size(); ++k)
    s << "  seat " << k + 1 << "  " << names[k] << std::string(names[k].size() < 10 ? 10 - names[k].size() : 0, ' ')
      << "  P(win) " << fmt("%.4f", t.p_win(static_cast<int>(k))) << " ± " << fmt("%.4f", t.se_win(static_cast<int>(k)))
      << "\n";
  if (exact_info) {
    s << "exact P(first player wins) " << fmt("%.6f", exact) << " (policy evaluation, residual "
      << fmt("%.1e", exact_info->residual) << "); Monte Carlo differs by "
      << se_distance(t.p_win(0), t.se_win(0), exact) << " SE\n";
  }
  return s.str();
}

}  // namespace

int pig_solve_command(int argc, const char* const* argv) {
  po::options_description desc("solve --game pig options");
  add_pig_options(desc, false);
  desc.add_options()
      ("tolerance", real_value(1e-12, 0, 1), "stop value iteration once no value changes more")
      ("step", int_value(10, 1, 1000), "score step of the hold table's rows and columns")
      ("write-policy", po::value<std::string>(), "write the whole optimal policy (R/H per turn total) to FILE");
  add_output_options(desc, kFormats);
  po::variables_map vm;
  if (!parse(argc, argv, desc,
             "usage: verflixt solve --game pig [--goal 100] [--faces 6] [--write-policy FILE]\n"
             "The exact two-player win-optimal Pig policy by value iteration (Neller & Presser 2004):\n"
             "P(first player wins) under optimal play and the turn total to hold at per scores.",
             vm))
    return 0;
  const PigRules rules = pig_rules_from(vm, 2);
  const std::string format = format_from(vm, kFormats);
  if (vm.count("write-policy")) check_output_target(vm["write-policy"].as<std::string>(), "--write-policy");
  const double tolerance = vm["tolerance"].as<double>();
  const int step = vm["step"].as<int>();
  if (!(tolerance > 0 && tolerance < 1)) throw InputError("--tolerance must be in (0, 1)");
  if (step < 1 || step > rules.goal) throw InputError("--step must be in 1.." + std::to_string(rules.goal));
  const pig::PigSolution sol = with_progress("solve pig (sweeps)", [&](const RunControl& control) {
    core::ValueIterationOptions options;
    options.tolerance = tolerance;
    options.control = &control;
    return pig::solve(rules, options);
  });

  std::vector<int> marks;
  for (int v = 0; v < rules.goal; v += step) marks.push_back(v);
  nlohmann::ordered_json j = meta(rules);
  j["policy"] = "optimal";
  j["exact"] = true;
  j["method"] = "value iteration (Gauss-Seidel)";
  j["first_player_win"] = sol.win_probability(0, 0, 0);
  j["residual"] = sol.residual;
  j["iterations"] = sol.iterations;
  j["converged"] = sol.converged;
  j["interrupted"] = interrupt_flag().load();
  nlohmann::ordered_json table = nlohmann::ordered_json::array();
  for (int i : marks)
    for (int o : marks) table.push_back({{"my_score", i}, {"opponent_score", o}, {"hold_at", sol.hold_at(i, o)}});
  j["hold_at"] = table;

  if (vm.count("write-policy")) {
    const std::string path = vm["write-policy"].as<std::string>();
    std::ostringstream out;
    out << "# verflixt " << kVersion << " pig optimal policy, " << pig::rules_summary(rules)
        << "\n# one line per (my score i, opponent score j): i j then R (roll) or H (hold) for turn totals 0.."
           "goal-i-1\n";
    for (int i = 0; i < rules.goal; ++i)
      for (int o = 0; o < rules.goal; ++o) {
        out << i << " " << o << " ";
        for (int k = 0; i + k < rules.goal; ++k) out << (sol.action(i, o, k) == pig::PigAction::Hold ? 'H' : 'R');
        out << "\n";
      }
    write_file_atomic(path, out.str(), "--write-policy");  // whole or absent, as every output file
    j["policy_file"] = path;
  }

  std::string text;
  if (format == "json") {
    text = cli::json_text(j);
  } else if (format == "csv") {
    text = "my_score,opponent_score,hold_at\n";
    for (int i : marks)
      for (int o : marks) text += std::to_string(i) + "," + std::to_string(o) + "," + std::to_string(sol.hold_at(i, o)) + "\n";
  } else {
    std::ostringstream s;
    s << game_header("pig", pig::rules_summary(rules))
      << "exact (value iteration, " << sol.iterations << " Gauss-Seidel sweeps, residual " << fmt("%.1e", sol.residual)
      << (sol.converged ? "" : ", NOT converged") << (interrupt_flag().load() ? ", interrupted" : "") << ")\n"
      << "P(first player wins) under optimal play: " << fmt("%.6f", sol.win_probability(0, 0, 0))
      << "   (Neller & Presser 2004: 0.5306 at goal 100)\n\n"
      << "hold at turn total (first total the optimal player holds at; rows: my score, columns: opponent score)\n"
      << "   me\\opp";
    for (int o : marks) s << fmt("%5.0f", o);
    s << "\n";
    for (int i : marks) {
      s << fmt("%8.0f", i);
      for (int o : marks) s << fmt("%5.0f", sol.hold_at(i, o));
      s << "\n";
    }
    s << "(a value of goal - my score means: roll until the goal)\n";
    if (vm.count("write-policy")) s << "policy written to " << vm["write-policy"].as<std::string>() << "\n";
    text = s.str();
  }
  emit(vm, text);
  return 0;
}

int pig_evaluate_command(int argc, const char* const* argv) {
  po::options_description desc("evaluate --game pig options");
  add_pig_options(desc, false);
  desc.add_options()
      ("policy", po::value<std::string>()->default_value("hold:20"), "the first player's policy: hold:N or optimal")
      ("opponent", po::value<std::string>()->default_value("hold:20"), "the second player's policy")
      ("games", count_value(1000000, 1, std::uint64_t{1} << 40), "games to play")
      ("exact", po::value<bool>()->default_value(true), "also compute the exact P(win) (policy evaluation)");
  add_sampling_options(desc);
  add_output_options(desc, kFormats);
  po::variables_map vm;
  if (!parse(argc, argv, desc,
             "usage: verflixt evaluate --game pig [--policy hold:20|optimal] [--opponent hold:20|optimal]\n"
             "                         [--games N] [--seed S] [--threads T] [--format table|json|csv]\n"
             "Plays N two-player games of Pig, --policy moving first, and prints each player's P(win)\n"
             "± SE, next to the exact value from policy evaluation.",
             vm))
    return 0;
  const PigRules rules = pig_rules_from(vm, 2);
  const std::string format = format_from(vm, kFormats);
  std::shared_ptr<const pig::PigSolution> cache;
  const auto first = pig::make_policy(vm["policy"].as<std::string>(), rules, cache);
  const auto second = pig::make_policy(vm["opponent"].as<std::string>(), rules, cache);
  const std::uint64_t games = count_from(vm, "games");
  const std::uint64_t seed = seed_from(vm);
  const int threads = threads_from(vm);
  const bool exact = vm["exact"].as<bool>() && rules.goal <= pig::kMaxSolveGoal;
  const pig::PigPolicy* seats[] = {first.get(), second.get()};
  const pig::MatchRun run = with_progress("evaluate pig games", [&](const RunControl& control) {
    return pig::play_games(rules, seats, games, seed, threads, control);
  });
  pig::MatchValue mv;
  if (exact) mv = pig::evaluate_match(rules, first->seat_rule(), second->seat_rule());
  nlohmann::ordered_json j = meta(rules);
  j["seed"] = seed;
  j["threads"] = threads;
  j["policy"] = first->name();
  j["opponent"] = second->name();
  emit(vm, match_output(format, j, run, {first->name(), second->name()}, first->name() + " vs " + second->name(),
                        mv.first_player_win, exact ? &mv : nullptr));
  return 0;
}

int pig_tournament_command(int argc, const char* const* argv) {
  po::options_description desc("tournament --game pig options");
  add_pig_options(desc, false);
  desc.add_options()
      ("seat", po::value<std::vector<std::string>>()->composing(),
       "a seat's policy, hold:N or optimal (2 seats only); repeat 2..8 times, the first moves first")
      ("games", count_value(1000000, 1, std::uint64_t{1} << 40), "games to play");
  add_sampling_options(desc);
  add_output_options(desc, kFormats);
  po::variables_map vm;
  if (!parse(argc, argv, desc,
             "usage: verflixt tournament --game pig --seat P --seat P [...] [--games N] [--seed S]\n"
             "Plays N games of Pig at a table of 2..8 seats (seat 1 moves first) and prints each\n"
             "seat's P(win) ± SE.",
             vm))
    return 0;
  const std::vector<std::string> specs = seat_specs(vm, pig::kMaxPlayers);
  const PigRules rules = pig_rules_from(vm, static_cast<int>(specs.size()));
  const std::string format = format_from(vm, kFormats);
  std::shared_ptr<const pig::PigSolution> cache;
  const auto table = make_seats(specs, [&](const std::string& spec) { return pig::make_policy(spec, rules, cache); });
  const std::uint64_t games = count_from(vm, "games");
  const std::uint64_t seed = seed_from(vm);
  const int threads = threads_from(vm);
  const pig::MatchRun run = with_progress("tournament pig games", [&](const RunControl& control) {
    return pig::play_games(rules, table.seats, games, seed, threads, control);
  });
  nlohmann::ordered_json j = meta(rules);
  j["seed"] = seed;
  j["threads"] = threads;
  j["policy"] = table.names;
  return emit(vm, match_output(format, j, run, table.names, "tournament", 0, nullptr)), 0;
}

}  // namespace verflixt::cli
