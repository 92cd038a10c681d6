#include "cli/in_process.h"

#include <iostream>
#include <mutex>
#include <sstream>

#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/core/names.h"

namespace verflixt::cli {

namespace {
std::mutex g_run_mutex;  // one in-process command at a time: they share std::cout
}  // namespace

InProcessRun run_in_process(core::CommandFn fn, const std::vector<std::string>& argv) {
  InProcessRun r;
  const std::lock_guard<std::mutex> lock(g_run_mutex);
  std::vector<const char*> args;
  for (const auto& a : argv) args.push_back(a.c_str());
  args.push_back(nullptr);
  std::ostringstream captured;
  std::streambuf* const previous = std::cout.rdbuf(captured.rdbuf());
  try {
    r.code = fn(static_cast<int>(argv.size()), args.data());
  } catch (const core::InputError& e) {
    r.input_error = core::printable(e.what(), 4000);
  } catch (const core::Interrupted&) {
    r.stopped = true;
  } catch (const std::exception& e) {
    r.failure = std::string("internal error: ") + e.what();
  }
  std::cout.flush();
  std::cout.rdbuf(previous);
  r.out = captured.str();
  return r;
}

}  // namespace verflixt::cli
