#pragma once
// Schocken's commands (`verflixt schocken COMMAND`), listed by the registry (schocken_commands).
#include <vector>

#include "verflixt/core/command.h"

namespace verflixt::cli {

// Every schocken command, in the order `verflixt schocken --help` lists them (the registry's entry).
std::vector<core::Command> schocken_commands();

}  // namespace verflixt::cli
