// `verflixt rules|solve|evaluate|tournament|advise --game en-gingg`: En Gingg as Bei
// (include/verflixt/games/en_gingg/) through the same commands, options, output formats and
// Ctrl-C convention as Die verflixte 6.
#include "games/en_gingg/commands/commands.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/game_balance.h"
#include "cli/game_command.h"
#include "verflixt/core/dice_text.h"
#include "verflixt/core/error.h"
#include "verflixt/games/en_gingg/monte_carlo.h"
#include "verflixt/games/en_gingg/policy.h"
#include "verflixt/games/en_gingg/solver.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/report.h"
#include "verflixt/version.h"

namespace verflixt::cli {
namespace {

namespace eg = en_gingg;

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// --game, then the rules options; every command's table starts with these.
core::OptionTable en_gingg_rules_options() {
  return core::OptionTable{core::word_option("game", "en-gingg", "the game: en-gingg here (verflixte6 is the default game)")} +
         game_rules_options("en-gingg", eg::rule_table());
}

eg::EnGinggRules en_gingg_rules_from(const po::variables_map& vm) { return game_rules_from(vm, eg::rule_table()); }

core::report::Report en_gingg_report(const eg::EnGinggRules& rules) {
  return core::report::Report({kVersion, "en-gingg", eg::rules_summary(rules), rules.preset});
}

// A policy spec as a table shows it: a file by its name without directory and .ini.
std::string display_name(const std::string& spec) {
  if (spec.size() > 4 && spec.compare(spec.size() - 4, 4, ".ini") == 0) return std::filesystem::path(spec).stem().string();
  return spec;
}

std::vector<int> faces_list(const std::string& text, const char* option, int max_face) {
  return core::parse_dice_text(text, option, max_face);
}

}  // namespace

int en_gingg_rules_command(int argc, const char* const* argv) {
  return print_rules(argc, argv, "rules --game en-gingg options", en_gingg_rules_options(),
                     "usage: verflixt rules --game en-gingg [--preset swiss] [--rules FILE] [--set key=value ...]\n"
                     "Prints every rule parameter of En Gingg as Bei (G1-G3) as a commented INI file that\n"
                     "--rules FILE reads back on any --game en-gingg command.",
                     eg::rule_table(), [](const po::variables_map& vm) { return en_gingg_rules_from(vm); });
}

int en_gingg_solve_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "solve --game en-gingg options", en_gingg_rules_options() + output_options(kFormats),
             "usage: verflixt solve --game en-gingg [--rules FILE] [--format table|json|csv]\n"
             "The exact phase-1 set-aside policies of En Gingg as Bei — for the expected change of the\n"
             "own balance, and for that plus the next player's phase-2 loss — with their values, each\n"
             "policy's value under both objectives, the heuristics' values, and phase 2's expected\n"
             "damage per digit.",
             vm))
    return 0;
  const eg::EnGinggRules rules = en_gingg_rules_from(vm);
  const std::string format = format_from(vm, kFormats);
  namespace rp = core::report;
  const auto i64 = [](auto v) { return static_cast<std::int64_t>(v); };

  rp::Report r = en_gingg_report(rules);
  r.field("exact", true)
      .field("method", "backward induction over (dice left, pips aside, throws made), every set-aside of every throw")
      .line("exact (backward induction over every set-aside of every throw)\n")
      .line("phase 2 (G3): expected dice showing the digit " + fmt("%.10f", eg::phase2_expected_hits(rules, 1)) +
            " per digit; the next player's expected loss is digit x that");
  rp::Table& digits = r.table("phase2",
                              {{.name = "digit", .text = "  digit "},
                               {.name = "expected_hits", .in = rp::kJson},
                               {.name = "expected_damage", .text = "  expected loss ", .text_format = "%.6f"}},
                              rp::kText | rp::kJson);
  for (int k = 1; k <= rules.max_sum() - rules.target && k <= rules.faces; ++k)
    digits.row({i64(k), eg::phase2_expected_hits(rules, k), k * eg::phase2_expected_hits(rules, k)});

  // The two solver policies and the keep-from heuristics, each valued exactly under both objectives.
  r.line("\nphase 1 (G2): the optimal set-aside policies and, for comparison, keep-from:F (every die >= F,\n"
         "else the highest); values per turn, exact\n"
         "  policy               E[S]      own change  next loss  own+next   P(phase 2)");
  rp::Table& rows = r.table("policies", {{.name = "policy", .text = "  ", .width = 18, .min_gap = 1},
                                         {.name = "expected_sum", .text_format = "%9.6f", .csv_format = "%.12f"},
                                         {.name = "own_change", .text_format = "%12.6f", .csv_format = "%.12f"},
                                         {.name = "next_loss", .text_format = "%11.6f", .csv_format = "%.12f"},
                                         {.name = "own_plus_next", .text_format = "%10.6f", .csv_format = "%.12f"},
                                         {.name = "p_phase2", .text_format = "%11.6f", .csv_format = "%.12f"},
                                         {.name = "p_sum", .in = rp::kJson}});
  std::vector<std::unique_ptr<eg::SetAsidePolicy>> policies;
  for (const auto& name : eg::objective_names()) policies.push_back(eg::make_policy("optimal:" + name, rules));
  for (int f = rules.faces; f >= 1; --f) policies.push_back(std::make_unique<eg::KeepFromPolicy>(rules, f));
  std::vector<eg::TurnValue> values;
  for (const auto& p : policies) {
    values.push_back(eg::turn_value(rules, *p));
    const eg::TurnValue& v = values.back();
    double es = 0;
    for (size_t s = 0; s < v.p_sum.size(); ++s) es += static_cast<double>(s) * v.p_sum[s];
    rows.row({p->name(), es, v.own_change, v.next_loss, v.value(eg::Objective::OwnPlusNext), v.p_phase2, v.p_sum});
  }
  const double best_own = values[0].own_change, best_both = values[1].value(eg::Objective::OwnPlusNext);
  r.field("optimal_own", best_own)
      .field("optimal_own_plus_next", best_both)
      .line("\noptimal:own maximizes the own change: " + fmt("%.10f", best_own) +
            "\noptimal:own+next maximizes own change + next loss: " + fmt("%.10f", best_both));

  // The set-aside rules in words. Exact: only the highest dice are set aside, as many as
  // maximize their pips plus what throwing the rest again is worth (for "own" a number per
  // count of dice, E_r below). Where own+next departs from own, listed. And a rule of thumb
  // (Phase1Solution::keep_from) with what it costs.
  const auto own = std::make_shared<const eg::Phase1Solution>(rules, eg::Objective::Own);
  const auto both = std::make_shared<const eg::Phase1Solution>(rules, eg::Objective::OwnPlusNext);
  std::vector<double> rethrow_worth;
  for (int k = 0; k < rules.dice; ++k)  // V(k, s) = s − target + E_k for "own", whatever s
    rethrow_worth.push_back(own->value({k, rules.dice - k, k == 0 ? 0 : 1}) - (rules.dice - k) + rules.target);
  r.field("rethrow_worth", rethrow_worth);
  std::string worth;
  for (double w : rethrow_worth) worth += " " + fmt("%.4f", w);
  rp::Table& differ = r.table("own_plus_next_departs", {{.name = "aside_dice"}, {.name = "aside_pips"}, {.name = "throw"},
                                                        {.name = "own"}, {.name = "own_plus_next"}},
                              rp::kJson);
  std::string departs;
  std::uint64_t situations = 0;
  for (int left = rules.dice; left >= 1; --left) {
    const int k = rules.dice - left, throws = k == 0 ? 0 : 1;
    for (int sum = k; sum <= k * rules.faces; ++sum)
      for (const auto& m : eg::throw_outcomes(left, rules.faces)) {
        const eg::Phase1State st{left, sum, throws};
        ++situations;
        const eg::DiceCounts a = own->best(st, m.outcome), b = both->best(st, m.outcome);
        if (both->value(eg::apply_set_aside(st, b)) - both->value(eg::apply_set_aside(st, a)) <= 1e-12) continue;
        differ.row({i64(k), i64(sum), eg::dice_text(m.outcome), eg::dice_text(a), eg::dice_text(b)});
        departs += "\n  " + std::to_string(k) + " aside (" + std::to_string(sum) + "), throw " + eg::dice_text(m.outcome) +
                   ": own+next sets aside " + eg::dice_text(b) + ", own " + eg::dice_text(a);
      }
  }
  r.field("situations", situations)
      .line("\nthe set-aside rule (exact): set aside the j highest dice (never others), j chosen for the largest\n"
            "  pips set aside + E_r, r = the dice thrown again; E_r for optimal:own, r = 0.." +
            std::to_string(rules.dice - 1) + ":" + worth + "\noptimal:own+next plays the same in all but " +
            std::to_string(differ.rows.size()) + " of " + std::to_string(situations) +
            " situations (dice aside, pips aside, throw):" + departs);

  rp::Table& thumbs = r.table("rules_of_thumb", {{.name = "policy"}, {.name = "thumb_value"}, {.name = "optimal_value"},
                                                 {.name = "keep_from"}},
                              rp::kJson);
  for (const auto& sol : {own, both}) {
    const std::string name = "optimal:" + eg::objective_names()[static_cast<size_t>(sol->objective())];
    const double thumb = eg::turn_value(rules, eg::KeepRulePolicy(sol)).value(sol->objective());
    rp::Table by_rethrow{.columns = {{.name = "rethrow"}, {.name = "keep_from_by_aside"}}};
    std::string s = "\nrule of thumb for " + name +
                    ": set aside the highest die, then the next ones while each shows at least\n"
                    "the face below (rows: dice thrown again without it; columns: pips aside, this throw's included;\n"
                    "- never); it is worth " + fmt("%.6f", thumb) + ", " + fmt("%.6f", sol->value() - thumb) +
                    " less than the optimum.\n  again\\aside";
    const int hi = (rules.dice - 1) * rules.faces;
    for (int sum = 1; sum <= hi; ++sum) s += fmt("%3.0f", sum);
    for (int k = 1; k < rules.dice; ++k) {
      s += "\n" + fmt("%12.0f", k);
      rp::Table faces{.columns = {{.name = "aside"}, {.name = "keep_from"}}, .keyed = true, .json = rp::Table::Values};
      for (int sum = 1; sum <= hi; ++sum) {
        const bool reachable = sum >= rules.dice - k && sum <= (rules.dice - k) * rules.faces;
        const int f = sol->keep_from(k, sum, 0);
        if (reachable) faces.row({std::to_string(sum), i64(f)});
        s += !reachable ? "   " : f > rules.faces ? "  -" : fmt("%3.0f", f);
      }
      by_rethrow.row({i64(k), faces.nested()});
    }
    thumbs.row({name, thumb, sol->value(), by_rethrow.nested()});
    r.line(s);
  }
  emit(vm, r.render(format));
  return 0;
}

int en_gingg_evaluate_command(int argc, const char* const* argv) {
  const core::OptionTable options = {
      core::policy_option("policy", "optimal:own",
                          "keep-from:F, optimal:own, optimal:own+next, guarded:own+next or a policy file "
                          "(strategies/en-gingg/*.ini)"),
      core::count_option("turns", 1000000, 1, std::uint64_t{1} << 40, "turns to sample")};
  po::variables_map vm;
  if (!parse(argc, argv, "evaluate --game en-gingg options",
             en_gingg_rules_options() + options + sampling_options() + output_options(kFormats),
             "usage: verflixt evaluate --game en-gingg [--policy SPEC] [--turns N] [--seed S] [--threads T]\n"
             "Samples N turns (phase 1 and phase 2) of one policy and prints the mean change of the own\n"
             "balance and the next player's loss ± SE, next to their exact values.",
             vm))
    return 0;
  const eg::EnGinggRules rules = en_gingg_rules_from(vm);
  const std::string format = format_from(vm, kFormats);
  const std::string spec = vm["policy"].as<std::string>();
  const auto policy = eg::make_policy(spec, rules);
  const std::uint64_t turns = count_from(vm, "turns"), seed = seed_from(vm);
  const int threads = threads_from(vm);
  const eg::TurnValue exact = eg::turn_value(rules, *policy);
  const eg::TurnRun run = with_progress("evaluate en-gingg turns", [&](const core::RunControl& control) {
    return eg::sample_turns(rules, *policy, turns, seed, threads, control);
  });
  const Completion done = completion(run.tally.turns, turns, "turns", run.interrupted);
  const eg::TurnTally& t = run.tally;
  const core::Estimate own = t.own_change(), next = t.next_loss(), both = t.own_plus_next();
  const core::Estimate phase2 = core::proportion(t.phase2, t.turns);
  const double n = static_cast<double>(std::max<std::uint64_t>(t.turns, 1));  // per turn played

  core::report::Report r = en_gingg_report(rules);
  r.field("policy", display_name(spec))
      .field("seed", seed)
      .field("threads", threads)
      .field("turns", t.turns)
      .field("requested_turns", turns);
  mark(r, done);
  r.field("seconds", run.seconds);
  r.line("policy " + display_name(spec) + "  seed " + std::to_string(seed) + "  " + std::to_string(t.turns) +
         " turns, Monte Carlo (± 1 SE) next to the exact value");
  // JSON: one object per quantity; CSV: one row per quantity; text: one line per quantity.
  core::report::Table& q = r.table("", {{.name = "quantity", .in = core::report::kJsonCsv},
                                  {.name = "label", .text = "  ", .in = core::report::kText},
                                  {.name = "mean", .text_format = "%9.4f", .text_se_format = "%.4f", .se_name = "stderr"},
                                  {.name = "exact", .text = "   exact ", .text_format = "%.6f", .csv_format = "%.10f"},
                                  {.name = "distance", .text = "  (", .in = core::report::kText}});
  q.keyed = true;
  const auto quantity = [&](const char* key, const char* label, const core::Estimate& e, double x) {
    q.row({key, label, e, x, se_distance(e.mean, e.se, x) + " SE)"});
  };
  quantity("own_change", "own balance change   ", own, exact.own_change);
  quantity("next_loss", "next player's loss   ", next, exact.next_loss);
  quantity("own_plus_next", "own change + next loss", both, exact.value(eg::Objective::OwnPlusNext));
  quantity("p_phase2", "P(phase 2)           ", phase2, exact.p_phase2);
  r.field("throws_per_turn", static_cast<double>(t.throws) / n);
  const std::string text = r.render(format);
  return finish(vm, format, done, text);
}

int en_gingg_tournament_command(int argc, const char* const* argv) {
  const core::OptionTable own = {
      core::words_option("seat", "a seat's policy (keep-from:F, optimal:own, optimal:own+next, guarded:own+next or a "
                                 "policy file); repeat 2..8 times, the first begins"),
      core::count_option("games", 100000, 1, std::uint64_t{1} << 40, "games to play")};
  po::variables_map vm;
  if (!parse(argc, argv, "tournament --game en-gingg options",
             en_gingg_rules_options() + own + sampling_options() + output_options(kFormats),
             "usage: verflixt tournament --game en-gingg --seat P --seat P [...] [--games N] [--seed S]\n"
             "Plays N whole games of En Gingg as Bei (everyone starts at 37; the first balance at 0 or\n"
             "less loses) and prints each seat's P(losing) ± SE and the game length.",
             vm))
    return 0;
  const std::vector<std::string> specs = seat_specs(vm, eg::kMaxPlayers);
  eg::EnGinggRules rules = en_gingg_rules_from(vm);
  rules.players = static_cast<int>(specs.size());  // the table seats one player per --seat
  const std::string format = format_from(vm, kFormats);
  const auto table = make_seats(specs, [&](const std::string& spec) { return eg::make_policy(spec, rules); });
  std::vector<std::string> names;  // a table names a seat by its spec, as display_name shows it
  for (const auto& spec : specs) names.push_back(display_name(spec));
  const std::uint64_t games = count_from(vm, "games"), seed = seed_from(vm);
  const int threads = threads_from(vm);
  const eg::GameRun run = with_progress("tournament en-gingg games", [&](const core::RunControl& control) {
    return eg::play_games(rules, table.seats, games, seed, threads, control);
  });
  const Completion done = completion(run.tally.games, games, "games", run.interrupted);
  const eg::GameTally& t = run.tally;
  const core::Estimate length = t.length();

  const double throws_per_game = t.games ? static_cast<double>(t.throws) / static_cast<double>(t.games) : 0.0;
  core::report::Report r = en_gingg_report(rules);
  r.field("policy", names).field("seed", seed).field("threads", threads).field("games", t.games).field("requested_games", games);
  mark(r, done);
  r.field("seconds", run.seconds).field("mean_turns", length).field("throws_per_game", throws_per_game);
  r.line("tournament: " + std::to_string(t.games) + " games, seed " + std::to_string(seed) +
         ", seat 1 begins, Monte Carlo (± 1 SE)");
  core::report::Table& seats = r.table("seats", {{.name = "seat", .text = "  seat "},
                                           {.name = "policy", .text = "  ", .width = 18, .min_gap = 1},
                                           {.name = "games", .in = core::report::kCsv},
                                           {.name = "losses", .in = core::report::kJsonCsv},
                                           {.name = "p_lose", .text = "P(losing) ", .se_name = "stderr"}});
  for (int k = 0; k < rules.players; ++k) {
    const auto s = static_cast<size_t>(k);
    seats.row({k + 1, names[s], t.games, t.losses[s], t.p_lose(k)});
  }
  r.line("game length: " + core::report::plus_minus(length, "%.2f") + " turns, " + fmt("%.1f", throws_per_game) +
         " throws per game");
  const std::string text = r.render(format);
  return finish(vm, format, done, text);
}

core::OptionTable en_gingg_advise_options() {
  // The objective is read by parse_objective (its own message); its names feed the completion.
  core::Option objective_option = core::word_option("objective", "own+next", "own or own+next");
  objective_option.choices = {"own", "own+next"};
  const core::OptionTable own = {
      core::word_option("dice", "the dice just thrown, e.g. 6,6,5,3,2,1"),
      core::word_option("aside", "", "the dice already set aside this turn, e.g. 6,6"),
      // A word, not a number: without --dice it is the dice, as --throw was once spelled here.
      core::word_option("throw", "which throw this is (1 = the first; default: 1 with nothing aside, else 2)"),
      core::integer_option("throws", 0, eg::kMaxDice - 1, "the throws made before this one (the same as --throw N+1)"),
      objective_option,
      core::count_option("top", 10, 1, 1000, "set-asides to list")};
  return en_gingg_rules_options() + own;
}

int en_gingg_advise_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "advise --game en-gingg options", en_gingg_advise_options() + output_options(kFormats),
             "usage: verflixt advise --game en-gingg --dice 6,6,5,3,2,1 [--aside FACES] [--throw N]\n"
             "                       [--objective own|own+next]\n"
             "Ranks every legal set-aside of a phase-1 throw by its exact value: the expected change of\n"
             "the own balance (own) or that plus the next player's phase-2 loss (own+next).\n"
             "example: verflixt advise --game en-gingg --dice 5,4,4,2 --aside 6,6",
             vm))
    return 0;
  const eg::EnGinggRules rules = en_gingg_rules_from(vm);
  const std::string format = format_from(vm, kFormats);
  // --throw FACES without --dice is how the dice were once given here: read so, with a note.
  const bool dice_as_throw = !vm.count("dice") && vm.count("throw");
  if (dice_as_throw) std::fprintf(stderr, "verflixt: note: the dice are now given with --dice; --throw N is which throw this is\n");
  if (!vm.count("dice") && !dice_as_throw)
    throw core::InputError("advise --game en-gingg needs --dice FACES, e.g. --dice 6,6,5,3,2,1");
  const std::string dice_key = dice_as_throw ? "throw" : "dice";
  const eg::DiceCounts thrown =
      eg::counts_of(faces_list(vm[dice_key].as<std::string>(), ("--" + dice_key).c_str(), rules.faces), rules.faces);
  const eg::DiceCounts aside = eg::counts_of(faces_list(vm["aside"].as<std::string>(), "--aside", rules.faces), rules.faces);
  const int left = eg::dice_in(thrown), done = eg::dice_in(aside);
  if (left == 0 || left + done != rules.dice)
    throw core::InputError("--" + dice_key + " has " + std::to_string(left) + " dice and --aside " + std::to_string(done) +
                     "; together they must be the " + std::to_string(rules.dice) + " dice, at least one thrown");
  const bool throw_given = vm.count("throw") && !dice_as_throw;
  if (throw_given && vm.count("throws")) throw core::InputError("give one of --throw and --throws, not both");
  const int lo = done > 0 ? 1 : 0, hi = std::min(done, rules.max_throws - 1);  // throws before this one
  const auto range = [&](int shift) {
    return "is out of range; valid: " + std::to_string(lo + shift) + ".." + std::to_string(hi + shift) + " with " +
           std::to_string(done) + " dice aside";
  };
  int throws = lo;
  if (throw_given) {
    const int n = core::parse_int(vm["throw"].as<std::string>(), "--throw", "advise", 1, eg::kMaxDice);
    if (n - 1 < lo || n - 1 > hi) throw core::InputError("--throw " + std::to_string(n) + " " + range(1));
    throws = n - 1;
  } else if (vm.count("throws")) {
    throws = vm["throws"].as<int>();
    if (throws < lo || throws > hi) throw core::InputError("--throws " + std::to_string(throws) + " " + range(0));
  }
  const eg::Objective objective = eg::parse_objective(vm["objective"].as<std::string>());
  const eg::Phase1State state{left, eg::pips(aside), throws};
  const eg::Phase1Solution sol(rules, objective);
  const auto ranked = sol.rank(state, thrown);
  const size_t top = std::min<size_t>(ranked.size(), vm["top"].as<std::uint64_t>());

  const std::string objective_name = eg::objective_names()[static_cast<size_t>(objective)];
  core::report::Report r = en_gingg_report(rules);
  std::vector<RankedChoice> said;
  for (const auto& choice : ranked) said.push_back({"set aside " + eg::dice_text(choice.aside), choice.value});
  r.headline(advice_headline(said,
                             objective == eg::Objective::Own ? "expected change of your balance"
                                                             : "expected change of your balance plus the next player's loss",
                             false, "exact"));
  r.field("exact", true)
      .field("objective", objective_name)
      .field("dice", eg::dice_text(thrown))
      .field("aside", eg::dice_text(aside))
      .field("throw", throws + 1)
      .field("legal_set_asides", ranked.size());
  r.line("throw " + eg::dice_text(thrown) + ", aside " + eg::dice_text(aside) + " (" + std::to_string(state.aside_sum) +
         "), objective " + objective_name + ": " + std::to_string(ranked.size()) +
         " legal set-asides, exact values (expected " +
         (objective == eg::Objective::Own ? "change of the own balance" : "own change + the next player's loss") + ")");
  // The text writes the rank as "%4.0f." and the loss only below the best: text-only columns.
  core::report::Table& rows = r.table("ranking", {{.name = "rank", .in = core::report::kJsonCsv},
                                            {.name = "rank_text", .in = core::report::kText},
                                            {.name = "set_aside", .text = ". set aside ", .width = 12, .min_gap = 1},
                                            {.name = "value", .text_format = "%+.6f", .csv_format = "%.10f"},
                                            {.name = "loss_against_best", .csv_format = "%.10f", .in = core::report::kJsonCsv},
                                            {.name = "loss_text", .in = core::report::kText}});
  for (size_t k = 0; k < top; ++k) {
    const double loss = ranked.front().value - ranked[k].value;
    rows.row({k + 1, fmt("%4.0f", static_cast<double>(k + 1)), eg::dice_text(ranked[k].aside), ranked[k].value, loss,
              k > 0 ? "   (" + fmt("%.6f", -loss) + ")" : std::string()});
  }
  const std::string text = r.render(format);
  emit(vm, text);
  return 0;
}

int en_gingg_balance_command(int argc, const char* const* argv) {
  // P(losing), as the tournament measures it: the first balance at 0 or less loses.
  BalanceGame<eg::EnGinggRules> g{"en-gingg", &eg::rule_table(), {"p_lose", "P(losing)", "one player loses a game", true}, 20000,
                                  "keep-from:F, optimal:own, optimal:own+next, guarded:own+next or a policy file", "optimal:own", {}, {}};
  // optimal:own loses least at a mixed table (docs/games/en-gingg.md).
  g.strongest = [](const eg::EnGinggRules&) { return std::string("optimal:own"); };
  g.play = [](const eg::EnGinggRules& r, const std::vector<std::string>& specs, const BalanceSampling& s,
              const core::RunControl& control) {
    const auto table = make_seats(specs, [&](const std::string& spec) { return eg::make_policy(spec, r); });
    std::vector<std::string> names;  // a table names a seat by its spec, as the tournament does
    for (const auto& spec : specs) names.push_back(display_name(spec));
    return balance_play(eg::play_games(r, table.seats, s.games, s.seed, s.threads, control), names,
                        [](const eg::GameTally& t, int seat) { return t.p_lose(seat); });
  };
  return balance_command(argc, argv, g);
}

// Every command with the options of a quick run (core/command.h).
std::vector<core::Command> en_gingg_commands() {
  return {
      {"rules", en_gingg_rules_command, "", ""},
      {"solve", en_gingg_solve_command, "", "", ""},
      {"evaluate", en_gingg_evaluate_command, "", "--turns 2000"},
      {"tournament", en_gingg_tournament_command, "", "--seat optimal:own --seat keep-from:4 --games 200"},
      {"advise", en_gingg_advise_command, "", "--dice 665321", nullptr, en_gingg_advise_options},
      {"balance", en_gingg_balance_command, "", "--set start=20 --games 200"},
  };
}

}  // namespace verflixt::cli
