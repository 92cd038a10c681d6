#pragma once
// What the commands of every game behind `--game NAME` (game_dispatch.h) do alike: read the
// rules options, print the rules, head a result, check the seats of a table, and run a sampler
// under the Ctrl-C convention (cli.h). Each game's command file keeps only what is its own:
// its options' help texts, its usage lines and its output. Private to the executable.
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "cli/cli.h"

namespace verflixt::cli {

// The ruleset of a game's --preset NAME, --rules FILE and --set key=value (repeatable): the
// preset, then the file, then each --set in order, validated. `read_file(path)` reads a rules
// file; a game whose files are read over the preset takes `read_file(path, preset_rules)`.
template <class Preset, class ReadFile, class SetRule, class Validate>
auto game_rules_from(const po::variables_map& vm, Preset preset, ReadFile read_file, SetRule set_rule,
                     Validate validate) {
  auto r = preset(vm["preset"].as<std::string>());
  if (vm.count("rules")) {
    const std::string& path = vm["rules"].as<std::string>();
    if constexpr (std::is_invocable_v<ReadFile, const std::string&, decltype(r)>) r = read_file(path, r);
    else r = read_file(path);
  }
  if (vm.count("set"))
    for (const auto& s : vm["set"].as<std::vector<std::string>>()) set_rule(r, s);
  validate(r);
  return r;
}

// `verflixt rules --game NAME`: parses argv against `desc` (the game's rules options) plus
// --output, and prints `ini(vm)`, the ruleset as the INI file --rules reads back. Returns the
// exit code.
template <class Ini>
int print_rules(int argc, const char* const* argv, po::options_description& desc, const std::string& usage,
                Ini ini) {
  desc.add_options()("output,o", po::value<std::string>(), "write to this file instead of stdout");
  po::variables_map vm;
  if (!parse(argc, argv, desc, usage, vm)) return 0;
  emit(vm, ini(vm));
  return 0;
}

// The head of every JSON result of a game: version, game, the preset when given, and the rules
// summary (what the result was computed under).
nlohmann::ordered_json game_meta(const std::string& game, const std::string& rules_summary,
                                 const std::string& preset = "");
// The first line of every table of a game: "verflixt VERSION  game NAME  rules SUMMARY\n".
std::string game_header(const std::string& game, const std::string& rules_summary);

// How far a Monte Carlo estimate lies from the exact value, in standard errors, as every
// table prints it next to the two ("+0.53"); a zero SE counts as the smallest positive one.
std::string se_distance(double estimate, double se, double exact);

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
