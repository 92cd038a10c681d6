#include "cli/game_command.h"

#include <algorithm>
#include <cmath>

#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"
#include "verflixt/version.h"

namespace verflixt::cli {

core::OptionTable game_rules_options(const std::string& game, const std::vector<std::string>& presets,
                                     const std::vector<std::string>& descriptions) {
  std::string help = "rules preset: ";
  for (size_t k = 0; k < presets.size(); ++k)
    help += (k ? ", " : "") + presets[k] + " (" + descriptions[k] + ")";
  // The preset is checked by the game's rule table; its names feed the completion.
  core::Option preset = core::labelled(core::word_option("preset", presets.front(), help), "Rules preset");
  preset.choices = presets;
  const std::string rules = game.empty() ? "`verflixt rules`" : "`verflixt rules --game " + game + "`";
  return {preset, core::file_option("rules", "rules INI file (as " + rules + " prints), read over the preset"),
          core::text_option("rules-text", "the rules as INI text, what a --rules file holds"),
          core::labelled(core::words_option("set", "one rule key=value over preset and file (repeatable)"),
                         "Rule changes (key=value, one per line)")};
}

RuleSources rule_sources(const po::variables_map& vm) {
  RuleSources s;
  s.preset = vm["preset"].as<std::string>();
  s.preset_given = !vm["preset"].defaulted();
  if (vm.count("rules-text") && vm.count("rules"))
    throw core::InputError("give one of --rules FILE and --rules-text TEXT, not both");
  if (vm.count("rules")) {
    const std::string& path = vm["rules"].as<std::string>();
    s.text.emplace(core::read_text_file(path, "rules file"), path);
  }
  if (vm.count("rules-text")) s.text.emplace(vm["rules-text"].as<std::string>(), "--rules-text");
  if (vm.count("set"))
    for (const std::string& set : vm["set"].as<std::vector<std::string>>()) {
      if (set.find('=') != std::string::npos) {
        const auto [key, value] = core::split_assignment(set, {});
        if (core::ascii_lower(key) == "preset") {
          s.set_presets.push_back(value);
          continue;
        }
      }
      s.sets.push_back(set);
    }
  return s;
}

void throw_preset_contradiction(const std::string& given, const std::string& named, const std::string& source) {
  throw core::InputError(given + " contradicts preset = " + named + " in " + source + "; give one of them");
}

std::uint64_t count_from(const po::variables_map& vm, const char* key) {
  const std::uint64_t n = vm[key].as<std::uint64_t>();
  if (n == 0 || n > (std::uint64_t{1} << 40))
    throw core::InputError(std::string("--") + key + " " + std::to_string(n) + " is out of range; valid: 1..2^40");
  return n;
}

std::vector<std::string> seat_specs(const po::variables_map& vm, int max_players) {
  std::vector<std::string> specs =
      vm.count("seat") ? vm["seat"].as<std::vector<std::string>>() : std::vector<std::string>{};
  core::check_seat_count(specs.size(), max_players);
  return specs;
}

}  // namespace verflixt::cli
