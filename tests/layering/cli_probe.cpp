// The layering probe: a program that uses the command line's code. tests/CMakeLists.txt
// builds it against one game's target alone, where it must fail (a game cannot reach the
// CLI), and against verflixt::cli, where it must build (so the probe itself is sound).
#include "cli/cli.h"

int main() { return verflixt::cli::fmt("%.1f", 1.0) == "1.0" ? 0 : 1; }
