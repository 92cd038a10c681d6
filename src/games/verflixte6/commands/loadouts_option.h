#pragma once
// The --loadouts option of the commands that compare loadouts (solve, sweep, tune); its value
// is read by the library (joker.h named_loadouts, parse_loadouts), with "did you mean".
#include <string>

#include "verflixt/core/option.h"

namespace verflixt::cli {

// `what` says what the command does with the loadouts; the named ones feed the completion.
inline core::Option loadouts_option(const std::string& what) {
  core::Option loadouts = core::word_option(
      "loadouts", what +
                      ": all (every loadout of 0..jokers_per_pass jokers), singles (none and each joker alone), "
                      "pairs (none and each two jokers) or loadouts separated by ';' (e.g. 'pony;fumo,cherry;none')");
  loadouts.choices = {"all", "singles", "pairs"};
  return loadouts;
}

}  // namespace verflixt::cli
