#include "cli/game_command.h"

#include <algorithm>

#include "verflixt/core/error.h"
#include "verflixt/version.h"

namespace verflixt::cli {

nlohmann::ordered_json game_meta(const std::string& game, const std::string& rules_summary,
                                 const std::string& preset) {
  nlohmann::ordered_json j;
  j["version"] = kVersion;
  j["game"] = game;
  if (!preset.empty()) j["preset"] = preset;
  j["rules"] = rules_summary;
  return j;
}

std::string game_header(const std::string& game, const std::string& rules_summary) {
  return "verflixt " + std::string(kVersion) + "  game " + game + "  rules " + rules_summary + "\n";
}

std::string se_distance(double estimate, double se, double exact) {
  return fmt("%+.2f", (estimate - exact) / std::max(se, 1e-300));
}

std::uint64_t count_from(const po::variables_map& vm, const char* key) {
  const std::uint64_t n = vm[key].as<std::uint64_t>();
  if (n == 0 || n > (std::uint64_t{1} << 40))
    throw InputError(std::string("--") + key + " " + std::to_string(n) + " is out of range; valid: 1..2^40");
  return n;
}

std::vector<std::string> seat_specs(const po::variables_map& vm, int max_players) {
  std::vector<std::string> specs =
      vm.count("seat") ? vm["seat"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (specs.size() < 2 || specs.size() > static_cast<size_t>(max_players))
    throw InputError("--seat given " + std::to_string(specs.size()) + " times; valid: 2.." +
                     std::to_string(max_players) + " seats");
  return specs;
}

}  // namespace verflixt::cli
