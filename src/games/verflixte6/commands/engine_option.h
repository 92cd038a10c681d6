#pragma once
// The --engine option of the table commands (tournament, balance, tune); its value is read by
// the library's engine_named (objective.h), with "did you mean".
#include <string>

#include "verflixt/core/option.h"
#include "verflixt/games/verflixte6/analyses/objective.h"

namespace verflixt::cli {

// auto (the pass kernel when it can play every policy, else the reference engine), kernel or
// reference; `fallback` is the default and `note` ends the help.
inline core::Option engine_option(const std::string& fallback = "auto", const std::string& note = "") {
  core::Option engine = core::word_option("engine", fallback,
                                          "who plays the passes: auto, kernel (fast: every policy compiled into turn "
                                          "tables) or reference (the readable engine); auto is the kernel whenever it "
                                          "can play every policy" + note);
  engine.choices = verflixte6::engine_names();  // the completion's names
  return engine;
}

}  // namespace verflixt::cli
