#pragma once
// Where the shipped strategies are found. A user types `--policy heuristic` or
// `--policy strategies/schocken/chase.ini` from any directory, whether verflixt was installed
// (bin/verflixt next to share/verflixt/strategies/) or runs from a build tree.
#include <string>

namespace verflixt::core {

// The file a policy (or other data) argument names. In this order, the first that exists:
//   1. the path as given (relative to the working directory), or any absolute path;
//   2. the path below each data root: share/verflixt next to the running executable's
//      bin/ (an installed or relocated tree), the data directory compiled in at build time
//      (CMAKE_INSTALL_FULL_DATADIR/verflixt), and the source tree the binary was built from;
//   3. for a bare name without a '/' (`heuristic`, `chase.ini`): strategies/GAME_DIR/NAME
//      below each root, with `.ini` or `.policy` appended when NAME has no extension.
// `game_dir` is "" for Die verflixte 6 and the game's folder otherwise ("schocken").
// Nothing found: the argument unchanged, so the reader's error names what the user typed.
std::string find_data_file(const std::string& path, const std::string& game_dir = "");

// How output names a file find_data_file found: the path as the user gave it when it was
// found as given, else its path from the data root on ("strategies/heuristic.ini"), the same
// on every machine — a result never carries this machine's own folders.
std::string data_file_label(const std::string& given, const std::string& found);

}  // namespace verflixt::core
