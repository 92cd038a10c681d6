#pragma once
// Zehntausend's commands (`verflixt zehntausend COMMAND`), listed by the registry.
#include <vector>

#include "verflixt/core/command.h"

namespace verflixt::cli {

// Every zehntausend command, in the order `verflixt zehntausend --help` lists them (the registry's entry).
std::vector<core::Command> zehntausend_commands();

}  // namespace verflixt::cli
