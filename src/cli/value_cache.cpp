#include "cli/value_cache.h"

namespace verflixt::cli {

core::OptionTable cache_options() {
  // No request chooses the cache: --no-cache is for a person who wants a fresh solve.
  core::Option no_cache = core::switch_option("no-cache", "solve afresh and keep nothing");
  no_cache.web = false;
  return {core::idle_with(core::file_option("cache", "directory of the solved values (default: $VERFLIXT_CACHE_DIR, "
                                                     "$XDG_CACHE_HOME/verflixt or ~/.cache/verflixt)"),
                          {"no-cache"}),
          no_cache};
}

std::string cache_dir_from(const po::variables_map& vm) {
  if (vm["no-cache"].as<bool>()) return "";
  if (vm.count("cache")) return vm["cache"].as<std::string>();
  return core::default_cache_dir();
}

void warn_not_cached(const std::string& why) {
  if (!why.empty()) note("the solution is not cached (" + why + ")");
}

}  // namespace verflixt::cli
