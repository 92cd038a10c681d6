#pragma once
// What the commands of every game behind `--game NAME` (game_dispatch.h) do alike: read the
// rules options, print the rules, head a result, check the seats of a table, and run a sampler
// under the Ctrl-C convention (cli.h). A game declares its rules once (GameRules) for all its
// commands; its command file keeps only what is its own: its options, its usage lines and the
// mapping of its options onto the library's questions. Private to the executable.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "cli/answer_command.h"
#include "cli/cli.h"
#include "verflixt/core/answer.h"
#include "verflixt/core/report.h"
#include "verflixt/core/rule_table.h"
#include "verflixt/version.h"

namespace verflixt::cli {

// The rules options of every game: --preset NAME (the game's presets, described in the help),
// --rules FILE (read over the preset), --rules-text TEXT (the same as INI text) and --set
// key=value (repeatable, over both).
core::OptionTable game_rules_options(const std::string& game, const std::vector<std::string>& presets,
                                     const std::vector<std::string>& descriptions);
template <class R>
core::OptionTable game_rules_options(const std::string& game, const core::RuleTable<R>& table) {
  std::vector<std::string> descriptions;
  for (const auto& p : table.presets) descriptions.push_back(p.description);
  return game_rules_options(game, table.preset_names(), descriptions);
}

// --game NAME, then the rules options: the head of the option table of every command of a
// game behind --game. The default game's table names no game and its commands take no --game
// (game_dispatch.h): the rules options alone.
template <class R>
core::OptionTable game_options(const core::RuleTable<R>& table) {
  const core::OptionTable rules = game_rules_options(table.game, table);
  if (table.game.empty()) return rules;
  return core::OptionTable{core::word_option("game", table.game, "the game: " + table.game + " here")} + rules;
}

// What the rules options of `vm` say, in the order they apply: the preset (and whether it was
// given), then the text of --rules FILE or --rules-text TEXT with its name for messages, then
// each --set.
// A `--set preset=NAME` names the preset the rules start from, as `preset = NAME` does in a
// rules file, wherever it stands: it is not read in turn with the other --set, where it would
// silently undo the file, the shorthands and every --set before it.
struct RuleSources {
  std::string preset;
  bool preset_given = false;
  std::string preset_words;  // how the preset was given, for messages ("--set preset=NAME")
  std::optional<std::pair<std::string, std::string>> text;  // the INI text and its source
  std::vector<std::string> sets;         // without preset=
  std::vector<std::string> set_presets;  // the NAME of each --set preset=NAME
};
RuleSources rule_sources(const po::variables_map& vm);
// "GIVEN contradicts preset = B in SOURCE; give one of them".
[[noreturn]] void throw_preset_contradiction(const std::string& given, const std::string& named,
                                             const std::string& source);

// The preset the rules start from: --preset, or --set preset=NAME, which may not name another
// preset than an explicit --preset or another --set preset.
template <class R>
const core::RulePreset<R>& start_preset(const core::RuleTable<R>& table, RuleSources& sources) {
  const core::RulePreset<R>* start = &table.find(sources.preset);
  sources.preset_words = "--preset " + start->name;
  for (const std::string& name : sources.set_presets) {
    const core::RulePreset<R>& named = table.find(name);
    if (sources.preset_given && &named != start)
      throw core::InputError(sources.preset_words + " contradicts --set preset=" + name + "; give one of them");
    start = &named;
    sources.preset_given = true;
    sources.preset_words = "--set preset=" + name;
  }
  return *start;
}

// The ruleset of a game's rules options, for every game alike: the preset, then the rules file
// read over it, then `shorthands` (a game's own options that act as --set, such as Pig's
// --goal), then each --set in order; validated once, at the end. A file that names a preset
// other than an explicitly given --preset is an error.
template <class R>
R game_rules_from(const po::variables_map& vm, const core::RuleTable<R>& table,
                  const std::vector<std::string>& shorthands = {}) {
  RuleSources sources = rule_sources(vm);
  const auto& start = start_preset(table, sources);
  R r = start.rules;
  if (sources.text) {
    std::string named;
    r = table.read(sources.text->first, sources.text->second, r, &named);
    if (sources.preset_given && !named.empty() && named != start.name)
      throw_preset_contradiction(sources.preset_words, named, sources.text->second);
  }
  for (const auto& s : shorthands) table.apply(r, s);
  for (const auto& s : sources.sets) table.apply(r, s);
  table.validate(r);
  return r;
}

// The name of the preset the rules of `sources` (of `vm`) start from: --preset or --set
// preset=, or the one their rules file names (what a result records as its "preset").
template <class R>
std::string rules_preset(const core::RuleTable<R>& table, RuleSources sources) {
  const core::RulePreset<R>& start = start_preset(table, sources);
  if (sources.text) {
    std::string named;
    table.read(sources.text->first, sources.text->second, start.rules, &named);
    if (!named.empty()) return named;
  }
  return start.name;
}
template <class R>
std::string rules_preset(const po::variables_map& vm, const core::RuleTable<R>& table) {
  return rules_preset(table, rule_sources(vm));
}

// Warns of each --set that asks for another player count than the `players` a command seats
// (one per --seat, or the two a solve plays): the count is the command's, so such a --set
// changes nothing. `why` says what decides.
template <class R>
void warn_players_set(const po::variables_map& vm, const core::RuleTable<R>& table, R r, int players,
                      const std::string& why) {
  r.players = players;
  for (const auto& s : rule_sources(vm).sets) {
    R probe = r;
    table.apply(probe, s);
    if (probe.players != players)
      warning("--set " + s + " changes nothing: " + why);
  }
}

// The formats of `verflixt rules --game NAME`.
inline const std::vector<std::string>& rules_formats() {
  static const std::vector<std::string> formats = {"ini", "json"};
  return formats;
}
// A ruleset as JSON: the INI text --rules reads back and one row per parameter (key as --set
// takes it, value, default, valid values, rule id, help), for a form or a script.
template <class R>
core::report::Report rules_report(const core::RuleTable<R>& table, const R& r) {
  core::report::Report out({kVersion, table.game, table.summary(r), ""});
  out.field("ini", table.ini(r));
  core::add_parameters(out, table, r);
  return out;
}
// A whole-number rule of `table` as an option of its own that acts as --set (Pig's --goal N is
// --set goal=N, GameRules::shorthands): its range and help are the rule's, written once in
// the rule table; `label` names it on the page.
template <class R>
core::Option rule_shorthand(const core::RuleTable<R>& table, const std::string& key, std::string label) {
  for (const auto& p : table.params)
    if (table.set_name(p) == key && p.kind == core::RuleKind::Integer) {
      std::string name = key;
      std::replace(name.begin(), name.end(), '_', '-');
      const std::string help = p.id.help + " (" + table.domain(p) + "), as --set " + key + "=N";
      return core::labelled(core::integer_option(name, p.low, p.high, help), std::move(label));
    }
  throw std::logic_error(table.game + " has no whole-number rule " + key);
}

// A game's rules as every one of its commands reads them: the table (which names the game
// for --game), the title `rules --help` gives it, whole-number options of its own that act
// as --set (Pig's --bust-face N is --set bust_face=N), the seats where a command fixes them
// (Pig's solve and evaluate: two), and how they are read where a game reads more.
template <class R>
struct GameRules {
  const core::RuleTable<R>* table = nullptr;
  std::string title{};
  core::OptionTable shorthands{};
  std::optional<int> players{};
  std::function<R(const po::variables_map&)> read{};
  // The ruleset as `rules --format json` and the page give it, where a game says more than its
  // parameters (Die verflixte 6 describes each joker); empty: rules_report.
  std::function<core::report::Report(const R&)> report{};
  // The name of its rules page, docs/rules/NAME.md, where the table names no game: the
  // registry's first game, whose commands take no --game (game_dispatch.h).
  std::string page{};

  const std::string& game() const { return table->game; }
  core::OptionTable options() const { return game_options(*table) + shorthands; }
  core::report::Report json(const R& r) const { return report ? report(r) : rules_report(*table, r); }
  // `rules --game NAME` (`rules` for the default game), as --help and messages name it.
  std::string command(const std::string& name) const { return game().empty() ? name : name + " --game " + game(); }
  R operator()(const po::variables_map& vm) const {
    if (read) return read(vm);
    std::vector<std::string> sets;  // before every --set, which is read last
    for (const core::Option& o : shorthands)
      if (vm.count(o.name)) {
        std::string key = o.name;
        std::replace(key.begin(), key.end(), '-', '_');
        sets.push_back(key + "=" + std::to_string(vm[o.name].template as<int>()));
      }
    R r = game_rules_from(vm, *table, sets);
    if constexpr (requires { r.players; })
      if (players) {
        warn_players_set(vm, *table, r, *players, "this command plays " + std::to_string(*players) + " players");
        r.players = *players;
        table->validate(r);
      }
    return r;
  }
};

// `verflixt rules [--game NAME]` for every game, in the same words for each: its options are
// the game's (GameRules::options), and the title names the game in the help.
template <class R>
AnswerSpec rules_spec(const GameRules<R>& rules) {
  std::string presets;
  for (const auto& name : rules.table->preset_names()) presets += (presets.empty() ? "" : "|") + name;
  const std::string& game = rules.game();
  const std::string command = rules.command("rules");
  return {"rules", command + " options", rules.options(), rules_formats(),
          "usage: verflixt " + command + " [--preset " + presets + "] [--rules FILE] [--set key=value ...]\n" +
              "Prints every rule parameter of " + rules.title + " (docs/rules/" + (game.empty() ? rules.page : game) +
              ".md) as a\ncommented INI file that --rules FILE reads back on every " +
              (game.empty() ? std::string("command.") : "--game " + game + " command."),
          [rules](const po::variables_map& vm) { return AnswerResult{rules.json(rules(vm))}; }};
}
// The command line's `rules` prints the INI file --rules reads back, or the JSON.
template <auto rules>
int rules_command_of(int argc, const char* const* argv) {
  const auto g = rules();
  const AnswerSpec spec = rules_spec(g);
  po::variables_map vm;
  if (!parse(argc, argv, spec.caption, spec.options + output_options(rules_formats()), spec.usage, vm)) return 0;
  const std::string format = format_from(vm, rules_formats());
  const auto r = g(vm);
  emit(vm, format == "ini" ? g.table->ini(r) : g.json(r).render_json());
  return 0;
}
template <auto rules>
AnswerResult rules_values_of(const core::OptionValues& values) {
  return answer_values(values, rules_spec(rules()));
}
// The page's server asks the rules in its own process: they are read and described, no more.
template <auto rules>
std::string rules_served_of(const core::ServedRequest& request) {
  const auto g = rules();
  po::variables_map vm;
  parse_request(request.args, g.options(), vm);
  return g.json(g(vm)).render_json();
}
template <auto rules>
core::OptionTable rules_options_of() {
  return rules().options();
}
// The entry of a game's command list: `rules` is the function that gives the game's
// GameRules; `summary` as core::Command's. The page's server offers every game's rules (POST
// /api/rules with "game"): they are read and described in its own process, no more.
template <auto rules>
core::Command rules_entry(const char* summary = "") {
  return {"rules", rules_command_of<rules>, summary, "", nullptr, rules_options_of<rules>, rules_served_of<rules>,
          rules_values_of<rules>};
}

using core::advice_headline;
using core::RankedChoice;
using core::se_distance;

// An option's value, none where it was not given: a question's optional field.
template <class T>
std::optional<T> given(const po::variables_map& vm, const char* key) {
  return vm.count(key) ? std::optional<T>(vm[key].as<T>()) : std::nullopt;
}
// The same, none where the option holds the default its help shows: for an option whose true
// default the library reads from the rules (Schocken's --limit is the rules' max_throws).
template <class T>
std::optional<T> given_not_defaulted(const po::variables_map& vm, const char* key) {
  return vm.count(key) && !vm[key].defaulted() ? std::optional<T>(vm[key].as<T>()) : std::nullopt;
}

// A count option declared as po::value<std::uint64_t> (--games, --turns), checked to 1..2^40.
std::uint64_t count_from(const po::variables_map& vm, const char* key);

// The --seat options of a table, checked to be given 2..max_players times.
std::vector<std::string> seat_specs(const po::variables_map& vm, int max_players);

// The policies of a table, one per seat spec, as `make(spec)` builds them: owned here, seated
// (in spec order) and named by their name().
template <class Policy>
struct Seats {
  std::vector<std::unique_ptr<Policy>> owned;
  std::vector<const Policy*> seats;
  std::vector<std::string> names;
};
template <class Make>
auto make_seats(const std::vector<std::string>& specs, Make make) {
  Seats<typename std::invoke_result_t<Make, const std::string&>::element_type> t;
  for (const auto& spec : specs) {
    t.owned.push_back(make(spec));
    t.seats.push_back(t.owned.back().get());
    t.names.push_back(t.owned.back()->name());
  }
  return t;
}

}  // namespace verflixt::cli
