#pragma once
// Kniffel's commands (`verflixt kniffel COMMAND`), listed by the registry (kniffel_commands).
#include <vector>

#include "verflixt/core/command.h"

namespace verflixt::cli {

// Every kniffel command, in the order `verflixt kniffel --help` lists them (the registry's entry).
std::vector<core::Command> kniffel_commands();

}  // namespace verflixt::cli
