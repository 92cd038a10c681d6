#pragma once
// advise and solve as functions that the command line and `verflixt serve` both call:
// the command's options (one option table, core/option.h, so one set of checks and one-line
// errors), a report computed from the parsed options, and the report as the command's JSON
// (`--format json`), both described once on core/report.h. The command line renders that
// description in the format asked; the server sends its JSON. There is one advise and one
// solve.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cli/cli.h"
#include "verflixt/core/report.h"
#include "verflixt/games/verflixte6/answers/advise.h"
#include "verflixt/games/verflixte6/answers/solve.h"
#include "verflixt/games/verflixte6/exact/solver.h"

namespace verflixt::cli {

// What one answer may spend on exact work. The command line allows the solver's own limit;
// the server gives each request far less, so one request cannot take the machine's memory.
struct Budget {
  std::size_t max_solver_states = verflixte6::SolverOptions{}.max_states;
};

// ---- advise ----
// `verflixt advise`'s own options plus the sampling and rules options (not the output ones).
core::OptionTable advise_options();

// Reads advise's question from `vm` and answers it (answers/advise.h: checked, with an
// InputError as the command line reports it, then ranked, its inputs echoed), marked
// interrupted after a Ctrl-C and timed; `control` stops the Monte Carlo samples early
// (Ctrl-C, a cap).
verflixte6::AdviseAnswer advise_report(const po::variables_map& vm, const core::RunControl& control,
                                       const Budget& budget = {});
std::string advise_json(const verflixte6::AdviseAnswer& answer);

// ---- solve ----
core::OptionTable solve_options();

// Solves what `vm` asks (answers/solve.h; --write-policy is the command line's business, not
// done here).
verflixte6::SolveAnswer solve_report(const po::variables_map& vm, const core::RunControl& control,
                                     const Budget& budget = {});
std::string solve_json(const verflixte6::SolveAnswer& answer);

}  // namespace verflixt::cli
