#include "games/kniffel/commands/solution_cache.h"

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>

#include "verflixt/core/file_io.h"
#include "verflixt/version.h"

namespace verflixt::cli::kniffel_cli {

namespace fs = std::filesystem;

void add_cache_options(po::options_description& desc) {
  desc.add_options()
      ("cache", po::value<std::string>(), "directory of the solved values (default: $VERFLIXT_CACHE_DIR, $XDG_CACHE_HOME/verflixt or ~/.cache/verflixt)")
      ("no-cache", po::bool_switch(), "solve afresh and keep nothing");
}

namespace {

std::string cache_dir(const po::variables_map& vm) {
  if (vm.count("cache")) return vm["cache"].as<std::string>();
  if (const char* d = std::getenv("VERFLIXT_CACHE_DIR"); d && *d) return d;
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d) return std::string(d) + "/verflixt";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/verflixt";
  return "";
}

// The first lines of a cache file: what it was solved under. A file whose head differs is
// not this ruleset's.
std::string head_of(const kniffel::KniffelRules& rules, std::size_t values) {
  return "verflixt kniffel solution\nversion " + std::string(kVersion) + "\nrules " + kniffel::rules_summary(rules) +
         "\nvalues " + std::to_string(values) + "\n";
}

}  // namespace

CachedSolution solution_for(const po::variables_map& vm, const kniffel::KniffelRules& rules) {
  CachedSolution out;
  const bool use = !vm["no-cache"].as<bool>();
  const std::string dir = use ? cache_dir(vm) : "";
  const std::size_t n = (std::size_t{1} << kniffel::kCategories) * static_cast<std::size_t>(rules.bonus_threshold + 1) * 2;
  const std::string head = head_of(rules, n);
  if (!dir.empty()) {
    out.file = dir + "/kniffel-" + std::to_string(std::hash<std::string>{}(head)) + ".bin";
    std::ifstream in(out.file, std::ios::binary);
    std::string got(head.size(), '\0');
    if (in && in.read(got.data(), static_cast<std::streamsize>(got.size())) && got == head) {
      std::vector<double> values(n);
      if (in.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(n * sizeof(double))) &&
          in.peek() == std::char_traits<char>::eof()) {
        out.solution = std::make_shared<const kniffel::KniffelSolution>(rules, std::move(values));
        out.from_cache = true;
        return out;
      }
    }
  }
  out.solution = with_progress("solve kniffel", [&](const core::RunControl&) {
    return std::make_shared<const kniffel::KniffelSolution>(rules);
  });
  if (!dir.empty()) {
    std::string text = head;
    const auto& v = out.solution->values();
    text.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(double));
    try {
      std::error_code ec;
      fs::create_directories(dir, ec);
      core::write_file_atomic(out.file, text, "the kniffel cache");
    } catch (const std::exception& e) {
      std::cerr << "verflixt: warning: the solution is not cached (" << e.what() << ")\n";
      out.file.clear();
    }
  }
  return out;
}

}  // namespace verflixt::cli::kniffel_cli
