#pragma once
// `verflixt balance --game NAME`: how a rule change shifts a game between the seats, written
// once for every game with a rule table. A game supplies only what is its own (BalanceGame):
// the outcome it measures per seat, its strongest policy for the default seats, and how a
// table of seat specs plays under one ruleset. Everything else — the rules options, the
// rulesets of the rows (--vary KEY=A..B[:STEP] or KEY=v1,v2,..., else the given rules against
// their preset), the same seed for every row, progress, Ctrl-C and the three formats — is
// here and in game_balance.cpp. Private to the executable.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/answer_command.h"
#include "cli/cli.h"
#include "cli/game_command.h"
#include "verflixt/core/error.h"
#include "verflixt/core/rule_table.h"
#include "verflixt/core/run_control.h"
#include "verflixt/core/sampling.h"
#include "verflixt/core/stats.h"

namespace verflixt::cli {

// What one row's table played: each seat's policy and outcome measure ± SE, how many games
// the finished chunks hold and, where the game can compute it, seat 1's exact measure.
struct BalancePlay {
  std::vector<std::string> names;
  std::vector<core::Estimate> measure;  // per seat
  std::uint64_t games = 0;
  bool interrupted = false;
  std::optional<double> exact;  // seat 1's exact measure
  double exact_residual = 0;
};

// A game's Monte Carlo run as a BalancePlay: `measure(tally, seat)` is the seat's estimate.
template <class Tally, class Measure>
BalancePlay balance_play(const core::SampledRun<Tally>& run, std::vector<std::string> names, Measure measure) {
  BalancePlay p;
  p.names = std::move(names);
  p.games = run.tally.games;
  p.interrupted = run.interrupted;
  for (size_t s = 0; s < p.names.size(); ++s) p.measure.push_back(measure(run.tally, static_cast<int>(s)));
  return p;
}

// The outcome a game measures, as its tournament names it: the JSON key ("p_win"), the text
// label ("P(win)") and why the seats' measures sum to 1 ("ties shared", "one player pays").
struct BalanceMeasure {
  BalanceMeasure() = default;
  BalanceMeasure(std::string key_, std::string label_, std::string sum_note_, bool is_loss_)
      : key(std::move(key_)), label(std::move(label_)), sum_note(std::move(sum_note_)), is_loss(is_loss_) {}
  std::string key, label, sum_note;
  bool is_loss = false;  // a seat wants less of it (losing, paying): a negative edge favours it
};

struct BalanceSampling {
  std::uint64_t games = 0, seed = 0;
  int threads = 1;
};

template <class R>
struct BalanceGame {
  GameRules<R> rules;  // the game, its rules options and how they are read
  BalanceMeasure measure;
  std::uint64_t default_games = 100000;
  std::string seat_help;  // the policies --seat takes
  std::string strongest_help;  // the default seats' policy, as the help names it
  // The spec of the game's strongest shipped policy at a table under `rules`.
  std::function<std::string(const R& rules)> strongest;
  // Plays `rules` (rules.players == specs.size()) with seat s playing specs[s].
  std::function<BalancePlay(const R& rules, const std::vector<std::string>& specs, const BalanceSampling&,
                            const core::RunControl&)>
      play;
};

// ---- the parts that do not depend on the rules type (game_balance.cpp) ----

// --seat, --games, --vary and the sampling options.
core::OptionTable balance_options(const std::string& seat_help, const std::string& strongest_help,
                                  std::uint64_t default_games);
std::string balance_usage(const std::string& game, const BalanceMeasure& measure);

// The values of --vary KEY=A..B[:STEP] or KEY=v1,v2,...; `key` is the table's name of the
// parameter; a range needs an integer parameter (`integer`), else the message shows the
// list form with the parameter's valid values (`domain`).
struct VarySpec {
  std::string key;  // as given
  std::string values_text;
};
VarySpec split_vary(const std::string& spec);
std::vector<std::string> vary_values(const VarySpec& spec, const std::string& key, bool integer,
                                     const std::string& domain);

// One row: its label (the varied value, or "preset"/"rules"), its ruleset's summary and
// whether it is distinct from earlier rows, and what its table played.
struct BalanceRow {
  std::string label, rules;
  BalancePlay play;
};
// What a run was: --vary KEY (empty: the rules against their preset NAME), the sampling.
struct BalanceRunInfo {
  std::string game, rules_summary, vary_key, preset;
  BalanceMeasure measure;
  BalanceSampling sampling;
  std::size_t planned_rows = 0;
};
// The completed rows' one description and how far the run got.
AnswerResult balance_result(const BalanceRunInfo& info, const std::vector<BalanceRow>& rows, bool interrupted);

// ---- the command, over the game's rules type ----

// The parameter `key` names (the --set spelling), with did-you-mean from the table.
template <class R>
const core::RuleParam<R>& balance_param(const core::RuleTable<R>& table, const std::string& key) {
  std::vector<std::string> full, shorts, offered;
  for (const auto& p : table.params) {
    full.push_back(p.full_key());
    shorts.push_back(table.layout.short_keys ? p.id.key : p.full_key());
    offered.push_back(table.set_name(p));
  }
  const std::string what = table.game.empty() ? "key" : table.game + " rule";
  return table.params[core::find_rule_key(table.canonical_key(key), full, shorts, offered, what, "--vary")];
}

// The seats of a row: the --seat specs (the table then seats that many players) or the
// game's strongest policy at each of the ruleset's players seats; the ruleset validated.
template <class R>
std::vector<std::string> balance_seats(const BalanceGame<R>& g, R& r, const std::vector<std::string>& given) {
  if (!given.empty()) r.players = static_cast<int>(given.size());
  g.rules.table->validate(r);
  return given.empty() ? std::vector<std::string>(static_cast<size_t>(r.players), g.strongest(r)) : given;
}

// The balance the parsed options ask for: --format first, then the seats, the rulesets of
// every row (each checked before anything is played), the rows played, and their description.
template <class R>
AnswerResult balance_rows(const po::variables_map& vm, const BalanceGame<R>& g) {
  const core::RuleTable<R>& table = *g.rules.table;
  const std::string& game = g.rules.game();
  format_from(vm, {"table", "json", "csv"});
  std::vector<std::string> given;
  if (vm.count("seat")) given = seat_specs(vm, 8);
  const R rules = g.rules(vm);
  if (!given.empty())
    warn_players_set(vm, table, rules, static_cast<int>(given.size()),
                     "the table seats one player per --seat (" + std::to_string(given.size()) + ")");
  const RuleSources sources = rule_sources(vm);
  const std::string preset = rules_preset(table, sources);
  std::vector<std::pair<std::string, R>> rulesets;  // label, rules
  std::string vary_key;
  if (vm.count("vary")) {
    const VarySpec spec = split_vary(vm["vary"].as<std::string>());
    const core::RuleParam<R>& p = balance_param(table, spec.key);
    vary_key = table.set_name(p);
    // Every row sets the varied rule itself: a --set of it is overwritten in each.
    for (const std::string& set : sources.sets)
      if (&balance_param(table, set.substr(0, set.find('='))) == &p)
        warning("--set " + set + " changes nothing: --vary " + vary_key + " sets it in every row");
    for (const auto& v : vary_values(spec, vary_key, p.kind == core::RuleKind::Integer, table.domain(p))) {
      R r = rules;
      table.apply(r, vary_key + "=" + v, "--vary");
      rulesets.emplace_back(v, r);
    }
  } else {
    rulesets.emplace_back("preset", table.find(preset).rules);
    rulesets.emplace_back("rules", rules);
  }
  // Every row's seats and ruleset checked before anything is played.
  std::vector<std::vector<std::string>> seats;
  for (auto& [label, r] : rulesets) try {
      seats.push_back(balance_seats(g, r, given));
    } catch (const core::InputError& e) {
      throw core::InputError((vary_key.empty() ? "the " + label : "--vary " + vary_key + "=" + label) + ": " + e.what());
    }
  for (size_t a = 0; a < rulesets.size(); ++a)
    for (size_t b = a + 1; b < rulesets.size(); ++b)
      if (table.ini(rulesets[a].second) == table.ini(rulesets[b].second) && seats[a] == seats[b])
        warning(vary_key.empty()
                    ? "the rules equal their preset " + preset + ": the two rows are one ruleset, nothing changes"
                    : "--vary " + vary_key + "=" + rulesets[a].first + " and =" + rulesets[b].first +
                          " give the same rules and seats: those rows differ by nothing");
  // The head names the rules played: a table of --seat players seats that many, whatever
  // --set players said (warned about above).
  R head_rules = rules;
  if (!given.empty()) head_rules.players = static_cast<int>(given.size());
  BalanceRunInfo info{game, table.summary(head_rules), vary_key, preset, g.measure, {}, rulesets.size()};
  info.sampling = {count_from(vm, "games"), seed_from(vm), threads_from(vm)};
  bool interrupted = false;
  const std::vector<BalanceRow> rows = with_progress("balance " + game + " games", [&](const core::RunControl& control) {
    std::vector<BalanceRow> done;
    const std::uint64_t n = info.sampling.games, total = n * rulesets.size();
    for (size_t k = 0; k < rulesets.size() && !interrupted; ++k) {
      core::RunControl row = control;  // progress over every row's games
      row.progress = [&control, k, n, total](std::uint64_t d, std::uint64_t) { control.report(k * n + d, total); };
      BalancePlay played = g.play(rulesets[k].second, seats[k], info.sampling, row);
      interrupted = played.interrupted || control.stopped();
      if (!interrupted) done.push_back({rulesets[k].first, table.summary(rulesets[k].second), std::move(played)});
    }
    return done;
  });
  return balance_result(info, rows, interrupted);
}

// The command as an AnswerSpec (its options' defaults are the game's).
template <class R>
AnswerSpec balance_spec(const BalanceGame<R>& g) {
  const std::string& game = g.rules.game();
  return {"balance", "balance --game " + game + " options",
          g.rules.options() + balance_options(g.seat_help, g.strongest_help, g.default_games),
          {"table", "json", "csv"}, balance_usage(game, g.measure),
          [g](const po::variables_map& vm) { return balance_rows(vm, g); }};
}
// The same as an entry of a game's command list: `game` gives the BalanceGame.
template <auto game>
AnswerSpec balance_spec_of() {
  return balance_spec(game());
}
template <auto game>
core::Command balance_entry(const char* quick) {
  return answer_spec_entry<balance_spec_of<game>>("balance", "", quick);
}

}  // namespace verflixt::cli
