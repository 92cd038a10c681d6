#pragma once
// The man page and the bash completion, generated from the commands' own --help texts, so
// neither can drift from the options the commands parse. `verflixt --man` and
// `verflixt completion bash` print them; the install step writes them into share/.
// Private to the executable.
#include <string>
#include <vector>

#include "cli/game_dispatch.h"

namespace verflixt::cli {

// The end of the help of the Die verflixte 6 commands that cite rule ids, so a reader of
// "(P3)" knows where to look it up.
inline constexpr const char* kRuleIdsNote =
    "\n\nRule ids in parentheses (T4, J1, P3, ...) are those of docs/rules/verflixte6.md; `verflixt rules`\n"
    "prints each next to its parameter.";

struct ManualCommand {
  const char* name;
  CommandFn run;
  const char* summary;  // the line `verflixt --help` prints
};

// What `COMMAND --help` prints (captured from std::cout), for the default game (game
// nullptr) or for one of games().
std::string help_text(CommandFn run, const char* name);

// The long options (`--turns`) a help text lists, in order.
std::vector<std::string> options_in(const std::string& help);

// verflixt(1) in roff (man -l renders it): synopsis, every command with its full help, the
// games and their commands, where the strategies are, examples.
std::string man_page(const std::vector<ManualCommand>& commands);

// A bash completion script: commands, --game values, each game's commands, each command's
// options, and file names after the options that take files.
std::string bash_completion(const std::vector<ManualCommand>& commands);

}  // namespace verflixt::cli
