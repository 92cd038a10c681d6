#include "games/kniffel/commands/solution_cache.h"

#include "cli/value_cache.h"
#include "verflixt/version.h"

namespace verflixt::cli::kniffel_cli {

core::Option solve_threads_option() {
  core::Option threads = core::integer_option("threads", 0, 0, 1024,
                                              "threads solving the sheets (0: every core; the values do not depend on it)");
  threads.web = false;  // a server sets its own
  return threads;
}

CachedSolution solution_for(const po::variables_map& vm, const kniffel::KniffelRules& rules) {
  CachedSolution out;
  const std::size_t n = (std::size_t{1} << kniffel::kCategories) * static_cast<std::size_t>(rules.bonus_threshold + 1) * 2;
  // What the values were solved under: a file whose head differs is not this ruleset's.
  const ValueCache cache(vm, "kniffel",
                         "verflixt kniffel solution\nversion " + std::string(kVersion) + "\nrules " +
                             kniffel::rules_summary(rules) + "\nvalues " + std::to_string(n) + "\n");
  if (auto values = cache.read(n)) {
    out.solution = std::make_shared<const kniffel::KniffelSolution>(rules, std::move(*values));
    out.from_cache = true;
    out.file = cache.file();
    return out;
  }
  const int threads = threads_or_every_core(vm);
  out.solution = with_progress("solve kniffel", [&](const core::RunControl&) {
    return std::make_shared<const kniffel::KniffelSolution>(rules, threads);
  });
  cache.write(out.solution->values());
  out.file = cache.file();
  return out;
}

}  // namespace verflixt::cli::kniffel_cli
