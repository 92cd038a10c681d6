#include "verflixt/games/kniffel/solution_store.h"

#include <cstddef>
#include <utility>

#include "verflixt/core/value_cache.h"
#include "verflixt/version.h"

namespace verflixt::kniffel {

namespace {

std::size_t value_count(const KniffelRules& rules) {
  return (std::size_t{1} << kCategories) * static_cast<std::size_t>(rules.bonus_threshold + 1) * 2;
}

// What the values were solved under: a file whose head differs is not this ruleset's.
core::ValueCache cache_of(const KniffelRules& rules, const std::string& dir) {
  return core::ValueCache(dir, "kniffel",
                          "verflixt kniffel solution\nversion " + std::string(kVersion) + "\nrules " +
                              rules_summary(rules) + "\nvalues " + std::to_string(value_count(rules)) + "\n");
}

}  // namespace

std::optional<StoredSolution> cached_solution(const KniffelRules& rules, const std::string& dir) {
  const core::ValueCache cache = cache_of(rules, dir);
  auto values = cache.read(value_count(rules));
  if (!values) return std::nullopt;
  return StoredSolution{.solution = std::make_shared<const KniffelSolution>(rules, std::move(*values)),
                        .from_cache = true, .file = cache.file(), .not_cached = ""};
}

StoredSolution solve_and_store(const KniffelRules& rules, const std::string& dir, int threads) {
  const core::ValueCache cache = cache_of(rules, dir);
  StoredSolution out{.solution = std::make_shared<const KniffelSolution>(rules, threads), .from_cache = false,
                     .file = cache.file(), .not_cached = ""};
  out.not_cached = cache.write(out.solution->values());
  return out;
}

}  // namespace verflixt::kniffel
