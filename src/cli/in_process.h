#pragma once
// A command run inside this process instead of as a new one: what the Python module and the
// page's server do to answer with the very command a user would type, so that their numbers
// are the command line's to the last bit. The command prints to std::cout, which is swapped
// for a string while it runs; commands share that stream (and the stop request), so one runs
// at a time in a process. The caller chooses the budget the command's exact work checks
// (core/budget.h) by opening its scope around the call.
#include <string>
#include <vector>

#include "verflixt/core/command.h"

namespace verflixt::cli {

struct InProcessRun {
  int code = 0;             // the command's exit code
  std::string out;          // what it printed on stdout
  std::string input_error;  // non-empty: the one-line message of core::InputError (a refusal of the budget included)
  std::string failure;      // non-empty: any other exception, as "internal error: ..."
  bool stopped = false;     // core::Interrupted: stopped (Ctrl-C) before it had a result
};

// Runs `fn` with `argv` (argv[0] the command's name), waiting for any other in-process run
// to end first.
InProcessRun run_in_process(core::CommandFn fn, const std::vector<std::string>& argv);

}  // namespace verflixt::cli
