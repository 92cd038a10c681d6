#pragma once
// A command as a game offers it to the executable: its name, the function that runs it and a
// one-line summary. The function takes argv with argv[0] = the command's name, returns the
// exit code, and throws core::InputError for bad input (the executable prints it on one line
// and exits with 2). A game lists its commands once (src/games/<game>/commands/); the
// registry (src/games/registry.h) holds the lists, and the command surface reads them for
// dispatch, `--help`, the manual page and the completion. No game lives here.
#include "verflixt/core/option.h"

namespace verflixt::core {

using CommandFn = int (*)(int argc, const char* const* argv);

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
};

}  // namespace verflixt::core
