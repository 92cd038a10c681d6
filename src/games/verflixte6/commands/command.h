#pragma once
// Die verflixte 6's commands, the default game's: `verflixt COMMAND`. Each takes argv with
// argv[0] = its name, returns the exit code, and throws InputError for bad input (main prints
// it, exits 2). The registry lists them (verflixte6_commands).
#include <string>
#include <vector>

#include "cli/cli.h"
#include "verflixt/core/command.h"
#include "verflixt/core/option.h"

namespace verflixt::cli {

int rules_command(int argc, const char* const* argv);     // print/validate a ruleset
int evaluate_command(int argc, const char* const* argv);  // play M turns or passes
int sweep_command(int argc, const char* const* argv);     // EV over stop thresholds
int solve_command(int argc, const char* const* argv);     // exact optimal solo policy
int bench_command(int argc, const char* const* argv);     // kernel vs naive turns/s
int tournament_command(int argc, const char* const* argv);  // evenings at a table: P(win), P(loser)
int advise_command(int argc, const char* const* argv);      // rank the actions of a situation
core::OptionTable advise_options();                         // its options (api.h), for the page
int balance_command(int argc, const char* const* argv);     // joker lifts; a ruleset side by side
int tune_command(int argc, const char* const* argv);        // improve a position policy against a field
int strength_command(int argc, const char* const* argv);    // best-response gains against a policy

// The answers the page's server computes in its own process (served.cpp, core/command.h).
std::string served_advise(const core::ServedRequest& request);
std::string served_solve(const core::ServedRequest& request);
std::string served_rules(const core::ServedRequest& request);

// Every command with the line `verflixt --help` prints for it, in that order.
std::vector<core::Command> verflixte6_commands();

// The end of the help of the commands that cite rule ids, so a reader of "(P3)" knows where
// to look it up.
inline constexpr const char* kRuleIdsNote =
    "\n\nRule ids in parentheses (T4, J1, P3, ...) are those of docs/rules/verflixte6.md; `verflixt rules`\n"
    "prints each next to its parameter.";

}  // namespace verflixt::cli
