// Kniffel's exact values per sheet as a NumPy array: the solution the game's solve finds (or
// reads from the value cache it fills), every sheet at once, for a notebook that studies the
// optimum beyond its one headline number. The array is the solver's own layout, [filled
// categories][upper total capped at the bonus threshold][Kniffel box holds its score], with
// NaN where no game gets to.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "cli/answer_command.h"
#include "cli/cli.h"
#include "cli/value_cache.h"
#include "python/bridge.h"
#include "verflixt/core/error.h"
#include "verflixt/core/names.h"
#include "verflixt/core/rule_table.h"
#include "verflixt/games/kniffel/rules.h"
#include "verflixt/games/kniffel/solution_store.h"
#include "verflixt/games/kniffel/solver.h"

namespace verflixt::python {

namespace {

// Only Kniffel keeps a score sheet; any other game is refused in one line.
void require_sheet(const Game& g, const std::string& method) {
  if (g.entry->name != "kniffel") raise_input_error(g.entry->name + " has no " + method + ": only kniffel has a score sheet");
}

// The Game's rules as Kniffel's (the INI text every Game keeps, read as the registry reads it).
kniffel::KniffelRules kniffel_rules(const Game& g) {
  const auto& table = kniffel::rule_table();
  return table.read(g.rules.ini, "the rules", table.presets.front().rules);
}

// The solution of the Game's rules under the options of its solve that choose how to get it
// (threads=, cache=, no_cache=), as the solve command gets it: from the value cache, else
// solved with the GIL released and stored there.
std::shared_ptr<const kniffel::KniffelSolution> solution_of(const Game& g, const py::kwargs& options) {
  // Named here rather than by the parser, whose messages speak of a command line.
  const std::vector<std::string> known = {"threads", "cache", "no_cache"};
  for (const auto& [key, value] : options) {
    const std::string name = py::str(key).cast<std::string>();
    if (std::find(known.begin(), known.end(), name) == known.end())
      raise_input_error("sheet_values has no option " + core::quoted(name) + core::suggest(name, known, "threads, cache, no_cache"));
  }
  // threads= as solve's --threads: the threads solving the sheets, 0 for every core.
  const core::OptionTable table =
      core::OptionTable{core::integer_option("threads", 0, 0, 1024, "threads solving the sheets")} + cli::cache_options();
  std::vector<std::string> argv = {"sheet_values"};
  for (auto& word : cli::option_words(table, option_values(options))) argv.push_back(std::move(word));
  std::vector<const char*> args;
  for (const auto& a : argv) args.push_back(a.c_str());
  cli::po::variables_map vm;
  if (!cli::parse(static_cast<int>(args.size()), args.data(), "sheet_values options", table,
                  "usage: Game.sheet_values(threads=0, cache=DIR, no_cache=False)", vm))
    raise_input_error("sheet_values takes threads=, cache= and no_cache=");  // --help, which no key above gives
  const kniffel::KniffelRules rules = kniffel_rules(g);
  const std::string dir = cli::cache_dir_from(vm);
  if (auto cached = kniffel::cached_solution(rules, dir)) return cached->solution;
  std::shared_ptr<const kniffel::KniffelSolution> solution;
  run_budgeted([&] {
    const kniffel::StoredSolution solved = kniffel::solve_and_store(rules, dir, cli::threads_or_every_core(vm));
    cli::warn_not_cached(solved.not_cached);
    solution = solved.solution;
  });
  return solution;
}

py::array_t<double> sheet_values(const Game& g, const py::kwargs& options) {
  require_sheet(g, "sheet_values");
  py::module_::import("numpy");  // before the solve: a missing NumPy fails at once
  const auto solution = solution_of(g, options);
  const kniffel::KniffelRules& r = solution->rules();
  const int uppers = r.bonus_threshold + 1;
  constexpr unsigned kSheets = 1u << kniffel::kCategories;
  py::array_t<double> out({static_cast<py::ssize_t>(kSheets), static_cast<py::ssize_t>(uppers), py::ssize_t{2}});
  double* v = out.mutable_data();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  // The upper totals depend only on the upper boxes filled: 64 sets.
  std::vector<std::vector<bool>> can(1u << kniffel::kFaces);
  for (unsigned upper = 0; upper < can.size(); ++upper) can[upper] = kniffel::reachable_uppers(upper, r.bonus_threshold);
  for (unsigned mask = 0; mask < kSheets; ++mask) {
    const std::vector<bool>& reachable = can[mask & ((1u << kniffel::kFaces) - 1)];
    // The box holds its score once filled with a five of a kind, which scores only if the
    // rules give it points.
    const bool can_hold = (mask >> kniffel::Kniffel & 1) && r.kniffel > 0;
    for (int u = 0; u < uppers; ++u)
      for (int held = 0; held <= 1; ++held, ++v) {
        const bool occurs = reachable[static_cast<std::size_t>(u)] && (held == 0 || can_hold);
        *v = occurs ? solution->value(kniffel::Sheet{static_cast<std::uint16_t>(mask), u, held == 1}) : nan;
      }
  }
  return out;
}

std::vector<std::string> sheet_categories(const Game& g) {
  require_sheet(g, "sheet_categories");
  std::vector<std::string> names;
  for (const auto name : kniffel::category_names()) names.emplace_back(name);
  return names;
}

}  // namespace

void bind_sheets(GameClass& game) {
  game.def("sheet_values", &sheet_values,
           "Kniffel's exact value of every sheet under this game's rules: a NumPy float64 array v of shape "
           "(2**13, bonus_threshold + 1, 2), v[filled, upper, held] the expected points still to come between "
           "turns under optimal play. filled: the categories filled, bit c for sheet_categories()[c]; upper: "
           "the upper section's total, capped at bonus_threshold; held: 1 when the Kniffel box holds its score "
           "(what kniffel_bonus needs), else 0. NaN marks a sheet no game reaches: an upper total the filled "
           "upper boxes cannot make, or held=1 with the Kniffel box open (or rules whose Kniffel scores nothing). v[0, 0, 0] is solve()'s "
           "expected_score; a full sheet is worth 0. Options as solve's: threads=, cache=, no_cache= (the "
           "solution is read from the value cache solve fills, else solved and stored there). The GIL is "
           "released while it solves; Ctrl-C raises KeyboardInterrupt. Other games raise InputError.")
      .def("sheet_categories", &sheet_categories,
           "Kniffel's categories in bit order ('ones', ..., 'chance'): bit c of sheet_values()'s first index "
           "is category c. Other games raise InputError.");
}

}  // namespace verflixt::python
