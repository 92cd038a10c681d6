// The answers of the Python module: a game's commands (solve, evaluate, tournament, advise,
// balance, rules, ...) asked in-process with their options as values (core::Command::answer):
// the command checks them as its command line does and answers with the typed result its
// command line prints, described once (each game's answers.h); the module reads that
// description's JSON form rather than binding every answer's struct, so a seed gives the
// command line's exact numbers. The rules go with the question as values too (the preset, the
// INI text, each set). Only command-line words (Game.run's positional arguments) and a command
// that gives no answer as a value run the command itself, its output captured.
//
// Each command runs on a worker thread of its own (run_released) and honours a stop request
// of its own (cli/in_process.h), so two Python threads' commands compute at once, and Python's
// own output goes through its file objects, untouched. The calling thread waits with the GIL
// released, in short slices, and asks Python whether a signal came (PyErr_CheckSignals); on
// Ctrl-C it raises that command's stop request, waits for it to stop at its next checkpoint,
// and re-raises KeyboardInterrupt.
#include <unistd.h>

#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <limits>
#include <mutex>
#include <sstream>
#include <thread>

#include "cli/answer_command.h"
#include "cli/cli.h"
#include "cli/in_process.h"
#include "python/bridge.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/core/json_text.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"

namespace verflixt::python {

namespace {

// What the worker thread hands back.
struct WorkerResult {
  CommandRun run;
  std::string input_error;  // non-empty: core::InputError's message (one line)
  std::string failure;      // non-empty: any other exception
  bool stopped = false;     // core::Interrupted: stopped before it had a result
  std::vector<std::string> warnings;  // the command line's "verflixt: warning: ..." lines
};

WorkerResult run_command(core::CommandFn fn, const std::vector<std::string>& argv, const std::atomic<bool>& stop) {
  WorkerResult r;
  // As main.cpp: exact work checks this budget (Ctrl-C stops it there).
  const core::Budget budget(memory_limits(), &stop);
  const core::Budget::Scope scope(&budget);
  const cli::InProcessRun run = cli::run_in_process(fn, argv, stop);
  r.run = {run.code, run.out};
  r.input_error = run.input_error;
  r.failure = run.failure;
  r.stopped = run.stopped;
  r.warnings = run.warnings;
  return r;
}

// A command off the calling thread (run_released): Ctrl-C raises its stop request.
WorkerResult run_command_released(core::CommandFn fn, const std::vector<std::string>& argv) {
  std::atomic<bool> stop{false};
  WorkerResult result;
  run_released([&] { result = run_command(fn, argv, stop); }, [&] { stop = true; });
  return result;
}

// The same for a command asked with values, under the command line's budget.
cli::InProcessAnswer answer_released(core::AnswerFn fn, const core::OptionValues& values) {
  std::atomic<bool> stop{false};
  cli::InProcessAnswer result;
  run_released(
      [&] {
        const core::Budget budget(memory_limits(), &stop);
        const core::Budget::Scope scope(&budget);
        result = cli::answer_in_process(fn, values, stop);
      },
      [&] { stop = true; });
  return result;
}

// A value as the command line's words write it: Python's True/False as the rules files do.
std::string word_of(const py::handle& v) {
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>() ? "true" : "false";
  return py::str(v).cast<std::string>();
}

// The option a keyword names: `no_cache` is --no-cache.
std::string option_name(const py::handle& key) {
  std::string name = py::str(key).cast<std::string>();
  for (char& c : name)
    if (c == '_') c = '-';
  return name;
}

// A command's warnings (an option that changes nothing, an answer to trust less) as Python
// warnings: a notebook shows them under the cell, and a filter may silence them or make them
// errors, where a line on the process's stderr would reach neither.
void warn(const std::vector<std::string>& warnings) {
  for (const std::string& w : warnings)
    if (PyErr_WarnEx(PyExc_UserWarning, w.c_str(), 1) < 0) throw py::error_already_set();
}

[[noreturn]] void keyboard_interrupt() {
  PyErr_SetNone(PyExc_KeyboardInterrupt);
  throw py::error_already_set();
}

const core::Command& command_of(const Game& game, const std::string& command) {
  std::vector<std::string> names;
  for (const auto& c : game.entry->commands) {
    if (command == c.name) return c;
    names.emplace_back(c.name);
  }
  raise_input_error(game.entry->name + " has no command " + core::quoted(command) +
                    core::suggest(command, names, core::join(names, ", ")));
}

}  // namespace

py::handle& input_error_type() {
  // A borrowed handle: the module's attribute keeps the type alive, and a static py::object
  // would be released after the interpreter has gone.
  static py::handle type;
  return type;
}

void raise_input_error(const std::string& message) {
  PyErr_SetString(input_error_type().ptr(), message.c_str());
  throw py::error_already_set();
}

void run_released(const std::function<void()>& work, const std::function<void()>& stop) {
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  std::exception_ptr crashed;
  std::unique_ptr<py::error_already_set> signal;  // the KeyboardInterrupt (or another signal's error)
  {
    py::gil_scoped_release release;
    std::thread worker([&] {
      try {
        work();
      } catch (...) {
        crashed = std::current_exception();
      }
      const std::lock_guard<std::mutex> lock(m);
      done = true;
      cv.notify_one();
    });
    std::unique_lock<std::mutex> lock(m);
    while (!cv.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; })) {
      if (signal) continue;  // already stopping: wait for the work to reach its next check
      lock.unlock();
      {
        py::gil_scoped_acquire acquire;
        if (PyErr_CheckSignals() != 0) signal = std::make_unique<py::error_already_set>();
      }
      if (signal) stop();
      lock.lock();
    }
    lock.unlock();
    worker.join();
  }
  if (signal) throw *signal;
  if (crashed) std::rethrow_exception(crashed);
}

void run_budgeted(const std::function<void()>& work) {
  std::atomic<bool> stop{false};
  run_released(
      [&] {
        const core::Budget budget(memory_limits(), &stop);
        const core::Budget::Scope scope(&budget);
        work();
      },
      [&] { stop = true; });
}

std::uint64_t whole_number(const py::handle& value, const std::string& name, std::uint64_t lo, std::uint64_t hi) {
  const std::string range = ": " + std::to_string(lo) + ".." + std::to_string(hi);
  if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
    raise_input_error(name + "=" + py::repr(value).cast<std::string>() + range);
  const py::int_ low(lo), high(hi);
  if (PyObject_RichCompareBool(value.ptr(), low.ptr(), Py_LT) == 1 ||
      PyObject_RichCompareBool(value.ptr(), high.ptr(), Py_GT) == 1)
    raise_input_error(name + "=" + py::repr(value).cast<std::string>() + range);
  return value.cast<std::uint64_t>();
}

core::Budget::Limits memory_limits() {
  // Nothing may take more memory than the machine has (as main.cpp's budget).
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
  return {.memory = pages > 0 && page > 0 ? static_cast<std::size_t>(pages) / 10 * 9 * static_cast<std::size_t>(page)
                                          : std::numeric_limits<std::size_t>::max()};
}

std::vector<std::string> options_argv(const py::kwargs& options) {
  // No option table: every bool is a flag, on or left out.
  return cli::option_words({}, option_values(options));
}

core::OptionValues option_values(const py::kwargs& options) {
  core::OptionValues values;
  for (const auto& [key, value] : options) {
    const std::string name = option_name(key);
    if (name == "format" || name == "output")
      raise_input_error("--" + name + " is the module's: an answer is always a Result");
    if (value.is_none()) continue;
    if (py::isinstance<py::bool_>(value)) {
      values.emplace_back(name, value.cast<bool>());
    } else if (py::isinstance<py::int_>(value)) {
      const long long n = PyLong_AsLongLong(value.ptr());
      if (n == -1 && PyErr_Occurred()) {
        // Past 64 bits: the text, which the option's check reports as out of range.
        PyErr_Clear();
        values.emplace_back(name, py::str(value).cast<std::string>());
      } else {
        values.emplace_back(name, static_cast<std::int64_t>(n));
      }
    } else if (py::isinstance<py::float_>(value)) {
      values.emplace_back(name, value.cast<double>());
    } else if (py::isinstance<py::dict>(value)) {
      std::vector<std::string> items;
      for (const auto& [k, v] : value.cast<py::dict>()) items.push_back(py::str(k).cast<std::string>() + "=" + word_of(v));
      values.emplace_back(name, items);
    } else if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
      std::vector<std::string> items;
      for (const auto& v : value) items.push_back(word_of(v));
      values.emplace_back(name, items);
    } else {
      values.emplace_back(name, py::str(value).cast<std::string>());
    }
  }
  return values;
}

py::object answer_json(const Game& game, const std::string& command, const py::kwargs& options) {
  const core::Command& cmd = command_of(game, command);
  if (!cmd.answer) return run_json(game, command, options_argv(options));
  // The rules first, as the command line reads them: the preset, the INI text over it, each set.
  core::OptionValues values;
  if (!game.preset.empty()) values.emplace_back("preset", game.preset);
  if (game.ini) values.emplace_back("rules-text", *game.ini);
  if (!game.sets.empty()) values.emplace_back("set", game.sets);
  for (auto& v : option_values(options)) values.push_back(std::move(v));
  const cli::InProcessAnswer r = answer_released(cmd.answer, values);
  if (!r.input_error.empty()) raise_input_error(r.input_error);
  if (!r.failure.empty()) throw std::runtime_error(r.failure);
  // Stopped without a Python signal (a stop request from elsewhere): as Ctrl-C.
  if (r.stopped || r.answered->done.interrupted) keyboard_interrupt();
  warn(r.warnings);
  return py::module_::import("json").attr("loads")(core::report::with_warnings(r.answered->report.render_json(), r.warnings));
}

py::object run_json(const Game& game, const std::string& command, const std::vector<std::string>& args) {
  const core::Command& cmd = command_of(game, command);
  std::vector<std::string> argv = {command};
  if (!game.preset.empty()) argv.insert(argv.end(), {"--preset", game.preset});
  if (game.ini) argv.insert(argv.end(), {"--rules-text", *game.ini});
  for (const auto& s : game.sets) argv.insert(argv.end(), {"--set", s});
  // --format before the caller's words: after them it would be the value of a last option
  // given without one (`run("evaluate", "--policy")` read the policy "--format").
  argv.insert(argv.end(), {"--format", "json"});
  argv.insert(argv.end(), args.begin(), args.end());
  const WorkerResult r = run_command_released(cmd.run, argv);
  if (!r.input_error.empty()) raise_input_error(r.input_error);
  if (!r.failure.empty()) throw std::runtime_error(r.failure);
  if (r.stopped || r.run.code == cli::kExitInterrupted) keyboard_interrupt();
  if (r.run.code != 0)
    raise_input_error(game.entry->name + " " + command + " failed (exit code " + std::to_string(r.run.code) + ")");
  warn(r.warnings);
  return py::module_::import("json").attr("loads")(r.run.out);
}

}  // namespace verflixt::python
