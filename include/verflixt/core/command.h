#pragma once
// A command as a game offers it to the executable: its name, the function that runs it and a
// one-line summary. The function takes argv with argv[0] = the command's name, returns the
// exit code, and throws core::InputError for bad input (the executable prints it on one line
// and exits with 2). A game lists its commands once (src/games/<game>/commands/); the
// registry (src/games/registry.h) holds the lists, and the command surface reads them for
// dispatch, `--help`, the manual page and the completion. No game lives here.
#include <cstdint>
#include <string>
#include <vector>

#include "verflixt/core/answer.h"
#include "verflixt/core/option.h"
#include "verflixt/core/run_control.h"

namespace verflixt::core {

using CommandFn = int (*)(int argc, const char* const* argv);

// A request of the page's server (`verflixt serve`) for a command that answers inside the
// server's own process: the request's options as the command line reads them (args[0] is the
// command's name) and this server's caps. The request's budget (core/budget.h) is the calling
// thread's.
struct ServedRequest {
  std::vector<std::string> args;
  int threads = 1;                 // worker threads (no result depends on them)
  std::uint64_t max_samples = 0;   // Monte Carlo samples a request may ask for
  std::uint64_t max_states = 0;    // states of one exact solve
  RunControl deadline;             // stops Monte Carlo at the deadline or when the server stops
  RunControl stop_only;            // stops only when the server stops (exact work has no part to show)
};
// Its answer: the command's `--format json` document. Throws InputError as the command does.
using ServedFn = std::string (*)(const ServedRequest& request);
// A command asked with its options as values instead of a command line, answering on the
// calling thread under the stop request the command line's Ctrl-C would set (cli/cli.h's
// StopScope): the values are checked as the command line checks its options, the answer is
// the one the command prints, and nothing is printed. Throws InputError with the command
// line's message, and Interrupted where the command stops before it has an answer.
using AnswerFn = Answered (*)(const OptionValues& values);

struct Command {
  const char* name;          // evaluate, solve, tournament, advise, ...
  CommandFn run;
  const char* summary = "";  // the line `verflixt --help` prints for it; empty: the name alone
  // The options of a quick run (a second or so, nothing written): the tests run every command
  // of every game with them. nullptr: a command that does not end by itself (a server).
  const char* quick = nullptr;
  // The options of the exact solves `verflixt bench --solvers` times with this command, ';'
  // between them (it adds --format, --threads and --no-cache). nullptr: none.
  const char* bench = nullptr;
  // The options a request to the page's server (`verflixt serve`) may give this command: its
  // own and the rules', as the command line reads them (the server adds the output's). The
  // API's keys and the page's form come from it. nullptr: the page does not offer it.
  OptionTable (*request_options)() = nullptr;
  // How the server answers a request of it in its own process, under the request's budget.
  // nullptr: the server runs the command itself as a child process, held to the request's
  // deadline and memory from outside (its loops need not check a budget).
  ServedFn serve = nullptr;
  // The command's answer to options given as values (the Python module asks this way).
  // nullptr: a command with no answer to give as a value (a server, a bench of the machine).
  AnswerFn answer = nullptr;
};

// The names of `commands`, in their order: what a command name is matched against and what
// a "valid: ..." list offers.
inline std::vector<std::string> command_names(const std::vector<Command>& commands) {
  std::vector<std::string> names;
  for (const Command& c : commands) names.emplace_back(c.name);
  return names;
}

}  // namespace verflixt::core
