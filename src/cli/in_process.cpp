#include "cli/in_process.h"

#include <sstream>

#include "cli/cli.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/core/names.h"

namespace verflixt::cli {

namespace {

// `run()` on the calling thread, its output into `captured` and its stop request `stop`, with
// what it threw kept in `r` (InProcessRun or InProcessAnswer).
template <class Outcome, class Run>
void run_caught(Outcome& r, std::ostringstream& captured, const std::atomic<bool>& stop, Run run) {
  const OutputScope into(captured);
  const WarningScope warned(r.warnings);
  const StopScope stops_at(stop);
  try {
    run();
  } catch (const core::InputError& e) {
    r.input_error = core::printable(e.what(), 4000);
  } catch (const core::Interrupted&) {
    r.stopped = true;
  } catch (const std::exception& e) {
    r.failure = std::string("internal error: ") + e.what();
  }
}

}  // namespace

InProcessRun run_in_process(core::CommandFn fn, const std::vector<std::string>& argv, const std::atomic<bool>& stop) {
  InProcessRun r;
  std::vector<const char*> args;
  for (const auto& a : argv) args.push_back(a.c_str());
  args.push_back(nullptr);
  std::ostringstream captured;
  run_caught(r, captured, stop, [&] { r.code = fn(static_cast<int>(argv.size()), args.data()); });
  r.out = captured.str();
  return r;
}

InProcessAnswer answer_in_process(core::AnswerFn fn, const core::OptionValues& values, const std::atomic<bool>& stop) {
  InProcessAnswer r;
  std::ostringstream dropped;
  run_caught(r, dropped, stop, [&] { r.answered.emplace(fn(values)); });
  return r;
}

}  // namespace verflixt::cli
