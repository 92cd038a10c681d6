#pragma once
// Die verflixte 6's commands, the default game's: `verflixt COMMAND`. Each takes argv with
// argv[0] = its name, returns the exit code, and throws InputError for bad input (main prints
// it, exits 2); those that give one answer give it to options as values too. The registry
// lists them (verflixte6_commands).
#include <string>
#include <vector>

#include "cli/answer_command.h"
#include "cli/cli.h"
#include "verflixt/core/command.h"
#include "verflixt/core/option.h"

namespace verflixt::cli {

// Each command that gives one answer, as the command line and the Python module ask it
// (cli/answer_command.h).
AnswerSpec evaluate_spec();    // play M turns or passes
AnswerSpec sweep_spec();       // EV over stop thresholds
AnswerSpec solve_spec();       // exact optimal solo policy
AnswerSpec tournament_spec();  // evenings at a table: P(win), P(loser)
AnswerSpec advise_spec();      // rank the actions of a situation
AnswerSpec balance_spec();     // joker lifts; a ruleset side by side
AnswerSpec tune_spec();        // improve a position policy against a field
AnswerSpec strength_spec();    // best-response gains against a policy
int bench_command(int argc, const char* const* argv);    // kernel vs naive turns/s
core::OptionTable advise_options();                      // advise's options (api.h), for the page

// The answers the page's server computes in its own process (served.cpp, core/command.h).
std::string served_advise(const core::ServedRequest& request);
std::string served_solve(const core::ServedRequest& request);

// Every command with the line `verflixt --help` prints for it, in that order.
std::vector<core::Command> verflixte6_commands();

// The end of the help of the commands that cite rule ids, so a reader of "(P3)" knows where
// to look it up.
inline constexpr const char* kRuleIdsNote =
    "\n\nRule ids in parentheses (T4, J1, P3, ...) are those of docs/rules/verflixte6.md; `verflixt rules`\n"
    "prints each next to its parameter.";

}  // namespace verflixt::cli
