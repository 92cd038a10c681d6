#include "verflixt/ini.h"

#include <boost/program_options.hpp>
#include <charconv>
#include <istream>
#include <set>

#include "verflixt/error.h"

namespace po = boost::program_options;

namespace verflixt {

std::string join(const std::vector<std::string>& items, std::string_view sep) {
  std::string out;
  for (size_t k = 0; k < items.size(); ++k) {
    if (k) out += sep;
    out += items[k];
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> read_ini(
    std::istream& in, std::string_view source, const std::vector<std::string>& known) {
  po::options_description desc;
  for (const auto& key : known) desc.add_options()(key.c_str(), po::value<std::string>());
  po::parsed_options parsed(&desc);
  try {
    parsed = po::parse_config_file(in, desc, /*allow_unregistered=*/false);
  } catch (const po::unknown_option& e) {
    throw InputError(std::string(source) + ": unknown key '" + e.get_option_name() +
                     "'; valid keys: " + join(known));
  } catch (const po::error& e) {
    throw InputError(std::string(source) + ": " + e.what() +
                     " (expected 'key = value' lines under '[section]' headers)");
  }
  std::vector<std::pair<std::string, std::string>> out;
  std::set<std::string> seen;
  for (const auto& opt : parsed.options) {
    if (!seen.insert(opt.string_key).second)
      throw InputError(std::string(source) + ": key '" + opt.string_key + "' is given twice");
    out.emplace_back(opt.string_key, opt.value.empty() ? std::string() : opt.value.front());
  }
  return out;
}

int parse_int(std::string_view value, std::string_view key, std::string_view source, int lo, int hi) {
  int v = 0;
  auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  const bool ok = ec == std::errc() && ptr == value.data() + value.size() && !value.empty();
  if (!ok || v < lo || v > hi)
    throw InputError(std::string(source) + ": " + std::string(key) + " = '" + std::string(value) +
                     "' is not an integer in " + std::to_string(lo) + ".." + std::to_string(hi));
  return v;
}

bool parse_bool(std::string_view value, std::string_view key, std::string_view source) {
  if (value == "true") return true;
  if (value == "false") return false;
  throw InputError(std::string(source) + ": " + std::string(key) + " = '" + std::string(value) +
                   "'; valid: true, false");
}

size_t parse_choice(std::string_view value, std::string_view key, std::string_view source,
                    const std::vector<std::string>& choices) {
  for (size_t k = 0; k < choices.size(); ++k)
    if (value == choices[k]) return k;
  throw InputError(std::string(source) + ": " + std::string(key) + " = '" + std::string(value) +
                   "'; valid: " + join(choices));
}

}  // namespace verflixt
