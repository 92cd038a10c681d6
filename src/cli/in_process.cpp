#include "cli/in_process.h"

#include <sstream>

#include "cli/cli.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/core/names.h"

namespace verflixt::cli {

InProcessRun run_in_process(core::CommandFn fn, const std::vector<std::string>& argv, const std::atomic<bool>& stop) {
  InProcessRun r;
  std::vector<const char*> args;
  for (const auto& a : argv) args.push_back(a.c_str());
  args.push_back(nullptr);
  std::ostringstream captured;
  {
    const OutputScope into(captured);
    const StopScope stops_at(stop);
    try {
      r.code = fn(static_cast<int>(argv.size()), args.data());
    } catch (const core::InputError& e) {
      r.input_error = core::printable(e.what(), 4000);
    } catch (const core::Interrupted&) {
      r.stopped = true;
    } catch (const std::exception& e) {
      r.failure = std::string("internal error: ") + e.what();
    }
  }
  r.out = captured.str();
  return r;
}

}  // namespace verflixt::cli
