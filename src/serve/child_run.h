#pragma once
// A command of this very executable run as a child process, for the page's server: another
// game's advise runs as `verflixt GAME advise ... --format json` would from a shell, so its
// answer is the command line's to the last bit, and the server holds it to the request's limits
// from outside: a child past the deadline, or holding more memory than allowed, is killed (a
// loop that checks no budget cannot outlast the request), and a crash in it ends the child, not
// the server.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace verflixt::cli {

struct ChildLimits {
  std::chrono::milliseconds time{5000};   // from the start; then the child is killed
  std::size_t memory = 0;                  // resident bytes; past it the child is killed (0: none)
  std::size_t output = 16u << 20;          // bytes of stdout kept; more and the child is killed
};

struct ChildRun {
  int code = -1;              // the exit code; -1 when killed or ended by a signal
  std::string out, err;       // what it printed on stdout and on stderr
  bool out_of_time = false;   // killed at the deadline
  bool out_of_memory = false; // killed past the memory
  bool stopped = false;       // killed because `stop` was raised (the server stops)
};

// The path this process was started from (/proc/self/exe), read once.
const std::string& own_executable();

// Runs own_executable() with `args` (argv[1..]) and waits for it within `limits`, polling
// `stop` (may be null). The child dies with this process (PR_SET_PDEATHSIG).
ChildRun run_child(const std::vector<std::string>& args, const ChildLimits& limits, const std::atomic<bool>* stop);

}  // namespace verflixt::cli
