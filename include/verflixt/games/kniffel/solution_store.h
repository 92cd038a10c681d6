#pragma once
// The solved values of a ruleset, kept between runs (core/value_cache.h): the full solve
// takes seconds, an answer of advise must take less than one. One file per ruleset and
// version in the cache directory the caller chooses; a file of other rules, another version
// or damaged is solved again.
#include <memory>
#include <optional>
#include <string>

#include "verflixt/games/kniffel/solver.h"

namespace verflixt::kniffel {

struct StoredSolution {
  std::shared_ptr<const KniffelSolution> solution;
  bool from_cache = false;
  std::string file;        // the cache file read or written, empty without one
  std::string not_cached;  // why a solved solution could not be stored (core::ValueCache::write)
};

// The solution of `rules` in the cache directory `dir` (empty: none), if it is there.
std::optional<StoredSolution> cached_solution(const KniffelRules& rules, const std::string& dir);
// The solution of `rules` solved on `threads` (0: every core) and stored in `dir`.
StoredSolution solve_and_store(const KniffelRules& rules, const std::string& dir, int threads);

}  // namespace verflixt::kniffel
