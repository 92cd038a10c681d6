#pragma once
// The subcommands of the verflixt executable. Each takes argv with argv[0] = its name,
// returns the exit code, and throws InputError for bad input (main prints it, exits 2).
namespace verflixt::cli {

int rules_command(int argc, const char* const* argv);     // print/validate a ruleset
int evaluate_command(int argc, const char* const* argv);  // play M turns or passes
int sweep_command(int argc, const char* const* argv);     // EV over stop thresholds
int solve_command(int argc, const char* const* argv);     // exact optimal solo policy
int bench_command(int argc, const char* const* argv);     // kernel vs naive turns/s
int tournament_command(int argc, const char* const* argv);  // evenings at a table: P(win), P(loser)
int advise_command(int argc, const char* const* argv);      // rank the actions of a situation
int balance_command(int argc, const char* const* argv);     // joker lifts; a ruleset side by side
int tune_command(int argc, const char* const* argv);        // improve a position policy against a field
int strength_command(int argc, const char* const* argv);    // best-response gains against a policy

}  // namespace verflixt::cli
