#pragma once
// `verflixt bench --solvers`: every game's exact solvers, timed on 1, 2, 4, ... threads.
// Each game names the solves worth timing in its command list (core::Command::bench: the
// options of a solve, ';' between cases); this runs each through the command itself, in this
// process, with --format json on each thread count, and reports per run the wall-clock and
// CPU seconds (as Google Benchmark's reporters do), the speed-up over one thread, and whether
// the result is the same on every thread count (the JSON answer with its times left out).
// A regression in any solver shows here beside the kernels' `verflixt bench`.
namespace verflixt::cli {

int solver_bench_command(int argc, const char* const* argv);

}  // namespace verflixt::cli
