#pragma once
// The man page and the bash completion, generated from the commands' own --help texts, so
// neither can drift from the options the commands parse. `verflixt --man` and
// `verflixt completion bash` print them; the install step writes them into share/.
// Private to the executable.
#include <string>
#include <vector>

#include "cli/game_dispatch.h"
#include "verflixt/core/command.h"

namespace verflixt::cli {

// What `COMMAND --help` prints (captured from its standard output, cli.h).
std::string help_text(core::CommandFn run, const char* name);

// The long options (`--turns`) a help text lists, in order.
std::vector<std::string> options_in(const std::string& help);

// verflixt(1) in roff (man -l renders it): synopsis, every command with its full help, the
// games and their commands, where the strategies are, examples.
std::string man_page(const std::vector<core::Command>& commands);

// A bash completion script: commands, --game values, each game's commands, each command's
// options, and file names after the options that take files.
std::string bash_completion(const std::vector<core::Command>& commands);

}  // namespace verflixt::cli
