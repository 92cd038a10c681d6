#pragma once
// Pig's commands (`verflixt pig COMMAND`), listed by the registry (pig_commands).
#include <vector>

#include "verflixt/core/command.h"

namespace verflixt::cli {

// Every pig command, in the order `verflixt pig --help` lists them (the registry's entry).
std::vector<core::Command> pig_commands();

}  // namespace verflixt::cli
