#pragma once
// En Gingg as Bei's commands (`verflixt en-gingg COMMAND`), listed by the registry
// (en_gingg_commands).
#include <vector>

#include "verflixt/core/command.h"

namespace verflixt::cli {

// Every en_gingg command, in the order `verflixt en-gingg --help` lists them (the registry's entry).
std::vector<core::Command> en_gingg_commands();

}  // namespace verflixt::cli
