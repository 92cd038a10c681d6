#pragma once
// The solved values of a ruleset, kept between runs: the full solve takes seconds, an answer
// of advise must take less than one. A file per ruleset and version in the cache directory
// (--cache DIR; else $VERFLIXT_CACHE_DIR, $XDG_CACHE_HOME/verflixt or ~/.cache/verflixt),
// written atomically; a file of other rules, another version or damaged is solved again.
#include <memory>
#include <string>

#include "cli/cli.h"
#include "cli/value_cache.h"  // cache_options: --cache, --no-cache
#include "verflixt/games/kniffel/solver.h"

namespace verflixt::cli::kniffel_cli {

struct CachedSolution {
  std::shared_ptr<const kniffel::KniffelSolution> solution;
  bool from_cache = false;
  std::string file;  // the cache file read or written, empty without one
};
// --threads for the commands whose work is the solve (solve, balance): the threads solving
// the sheets, 0 for every core. The other commands solve on their sampling --threads.
core::Option solve_threads_option();
// The solution of `rules`: from the cache when there, else solved (with a progress line) and
// stored. A cache that cannot be written is said on stderr once; the answer is the same.
CachedSolution solution_for(const po::variables_map& vm, const kniffel::KniffelRules& rules);

}  // namespace verflixt::cli::kniffel_cli
