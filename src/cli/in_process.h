#pragma once
// A command run or asked inside this process instead of as a new one: what the Python module
// does to answer with the very command a user would type, so that its numbers are the command
// line's to the last bit. The command's standard output is the caller's (an OutputScope, cli.h:
// captured, or dropped where the answer comes back as a value), its warnings come back to the
// caller rather than onto stderr (a WarningScope), and it honours its own stop
// request (a StopScope), both the calling thread's: runs on several threads at once each keep
// their own output and stop alone. The caller chooses the budget the command's exact work
// checks (core/budget.h) by opening its scope around the call.
#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "verflixt/core/command.h"

namespace verflixt::cli {

struct InProcessRun {
  int code = 0;             // the command's exit code
  std::string out;          // what it printed on its standard output
  std::string input_error;  // non-empty: the one-line message of core::InputError (a refusal of the budget included)
  std::string failure;      // non-empty: any other exception, as "internal error: ..."
  bool stopped = false;     // core::Interrupted: stopped (Ctrl-C) before it had a result
  std::vector<std::string> warnings;  // what the command line says on stderr as "verflixt: warning: ..."
};

// Runs `fn` with `argv` (argv[0] the command's name) on the calling thread; `stop` is the
// request it stops at, as the command line's Ctrl-C.
InProcessRun run_in_process(core::CommandFn fn, const std::vector<std::string>& argv, const std::atomic<bool>& stop);

// A command asked with its options as values (core::Command::answer): its answer, or why it
// has none, as InProcessRun says it (code and out unused). Anything the command would print
// on its standard output is dropped.
struct InProcessAnswer {
  std::optional<core::Answered> answered;
  std::string input_error;
  std::string failure;
  bool stopped = false;
  std::vector<std::string> warnings;
};
InProcessAnswer answer_in_process(core::AnswerFn fn, const core::OptionValues& values, const std::atomic<bool>& stop);

}  // namespace verflixt::cli
