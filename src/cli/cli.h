#pragma once
// Shared plumbing of the verflixt subcommands: option parsing with --help (option_parser.h),
// the sampling options, warnings and notes, output formats, atomic output files, progress and
// Ctrl-C.
// Private to the executable; the library never prints.
#include <boost/program_options.hpp>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "cli/option_parser.h"
#include "verflixt/core/answer.h"
#include "verflixt/core/option.h"
#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"

namespace verflixt::cli {

namespace po = boost::program_options;

// "verflixt: warning: TEXT" on stderr: an input given in vain, or an answer to trust less than
// it looks. The one place a warning is worded, so that every command words it alike.
void warning(const std::string& text);
// "verflixt: note: TEXT" on stderr: how an input was read (an option's earlier name), or what
// this machine could not keep (a cache it could not write); never in an answer.
void note(const std::string& text);
// While WarningScopes are installed on the calling thread, warning() adds its TEXT to each:
// a JSON answer lists them (core::report::with_warnings), and a command run in-process
// (cli/in_process.h) hands them to its host, which shows them its own way (a Python warning,
// the page's answer). `print`: on stderr as well, as the command line says them, unless a
// scope around this one prints none (an in-process run's).
class WarningScope {
 public:
  explicit WarningScope(std::vector<std::string>& into, bool print = false) noexcept;
  ~WarningScope();
  WarningScope(const WarningScope&) = delete;
  WarningScope& operator=(const WarningScope&) = delete;

 private:
  friend void warning(const std::string& text);
  std::vector<std::string>& into_;
  bool print_;
  WarningScope* previous_;
};

// --seed (default 1) and --threads (default: one per core) for sampling commands; the seed
// changes nothing when one of `idle_with` is given (a switch that answers exactly, sampling
// nothing; the threads may still share the exact work), or unless one of `only_with` is (what
// there is to sample: the others an advice plays against).
core::OptionTable sampling_options(const std::vector<std::string>& idle_with = {},
                                   const std::vector<std::string>& only_with = {});
// --seed alone (1 by default, any 64-bit value), for a command whose --threads is another's.
core::Option seed_option(const std::string& help);
// --threads alone (one per core by default, 1..1024; not a key of the page's requests), for a
// command that samples nothing but runs on threads (an exact solve).
core::Option threads_option();
std::uint64_t seed_from(const po::variables_map& vm);
// --threads, checked to be within 1..1024, and at most thread_cap() (said once on stderr).
int threads_from(const po::variables_map& vm);
// The most threads a command starts: 8 per core, at least 64.
int thread_cap();
// For a solver whose --threads may be 0 (every core): 0 where it is 0 or absent, else
// threads_from.
int threads_or_every_core(const po::variables_map& vm);

// One number in printf notation ("%.4f"; the format holds one conversion of a double), for
// table cells, CSV and markdown. Every number verflixt prints as text goes through here: a
// value that rounds to zero at the printed precision prints as +0 ("0.000", "+0.000"), never
// "-0.000", so a last-bit difference or a -0.0 never shows as a sign.
std::string fmt(const char* format, double value);

// A JSON document as verflixt writes it (indent 2, a final newline). A -0.0 anywhere in it is
// written as 0.0: JSON results never carry a negative zero.
std::string json_text(nlohmann::ordered_json doc);

// --format (one of `formats`, the first is the default) and --output FILE.
core::OptionTable output_options(const std::vector<std::string>& formats);
// The chosen format, checked against `formats`.
std::string format_from(const po::variables_map& vm, const std::vector<std::string>& formats);
// Writes `text` to the standard output (also for --output -), or to --output atomically (a temporary file renamed into place),
// so a failed or interrupted run never leaves a half-written file.
void emit(const po::variables_map& vm, const std::string& text);

// The calling thread's standard output, where a command writes its result and its --help:
// std::cout, or the stream an OutputScope installs (an in-process run's capture, the help
// text the manual reads back). Per thread, so that commands run in-process on several threads
// at once each keep their own output.
std::ostream& standard_output();
// The exit code once the standard output is flushed: `code`, or 2 with one line on stderr
// when output was lost (a full disk, a closed descriptor), which would else pass as a success.
int flush_standard_output(int code);
class OutputScope {
 public:
  explicit OutputScope(std::ostream& to) noexcept;
  ~OutputScope();
  OutputScope(const OutputScope&) = delete;
  OutputScope& operator=(const OutputScope&) = delete;

 private:
  std::ostream* previous_;
};

// Ctrl-C sets a flag instead of killing the process; loops stop at the next chunk (a second
// Ctrl-C kills the process at once).
void install_interrupt_handler();
// The stop request the calling thread's command honours: the process's (Ctrl-C), or the one
// a StopScope installs (an in-process run its host stops alone, leaving the others running).
// Read on the command's own thread: a parallel region's threads get it through the
// RunControl or a reference taken before the region.
const std::atomic<bool>& interrupt_flag();
class StopScope {
 public:
  explicit StopScope(const std::atomic<bool>& stop) noexcept;
  ~StopScope();
  StopScope(const StopScope&) = delete;
  StopScope& operator=(const StopScope&) = delete;

 private:
  const std::atomic<bool>* previous_;
};
// A host process that owns SIGINT itself (the Python module, whose interpreter turns Ctrl-C
// into KeyboardInterrupt) runs the commands in-process: after host_owns_interrupts() the
// commands leave the signal's handler alone, and the host stops each command through its own
// StopScope (set_interrupt() raises and clears the process's request), so a command stops
// exactly as it does on Ctrl-C.
void host_owns_interrupts();
void set_interrupt(bool requested);

// A RunControl that prints "label: 42% (done/total)" to stderr, but only once the run has
// taken longer than a second, and honours Ctrl-C.
core::RunControl progress_control(const std::string& label);
// A RunControl that honours Ctrl-C (its handler installed) and shows no progress: for work
// whose timings a progress line would disturb (a bench), or that runs many short samples one
// after another (an advice's choices), or reports its own stages.
core::RunControl stop_control();
// Ends the progress line (call once the run is over).
void progress_done();

// Runs `run(control)` under the Ctrl-C convention: Ctrl-C stops it at the next chunk (control
// carries the flag), a progress line `label: 42% (done/total)` shows on stderr once it takes
// longer than a second, and that line is ended afterwards. Returns what `run` returns.
template <class Run>
auto with_progress(const std::string& label, Run run) {
  install_interrupt_handler();
  const core::RunControl control = progress_control(label);
  auto result = run(control);
  progress_done();
  return result;
}

// ---- Ctrl-C: one convention for every command ----
// An interrupted command prints only completed work, with the same mark in every format:
//   table, markdown: a first line "INTERRUPTED: 12 of 40 turns completed; results below cover
//                    only completed work"
//   csv:             the same as a first comment line "# interrupted: 12 of 40 turns ..."
//   json:            "interrupted": true, "completed": 12, "total": 40, "unit": "turns"
//                    ("interrupted": false on a complete run)
// and exits with kExitInterrupted. --output gets the same, marked text (atomically).
inline constexpr int kExitInterrupted = 130;  // 128 + SIGINT, as a shell reports it

// How far a run got (core/answer.h).
using core::Completion;
// The completion of a run; interrupted when `cut_short` or Ctrl-C was pressed during it.
Completion completion(std::uint64_t completed, std::uint64_t total, std::string unit, bool cut_short = false);
// "12 of 40 turns completed" (or "12 turns completed" when open-ended).
std::string completion_text(const Completion& c);
// The mark for `format` (table, markdown, csv) as a first line, "" when not interrupted;
// json carries it inside the document (mark) and gets "".
std::string interrupted_mark(const Completion& c, const std::string& format);
// The result's "interrupted" and, when interrupted, its completed, total and unit.
using core::mark;
// Emits `text` with the mark in front (emit: stdout or --output), notes an interruption on
// stderr, and returns the exit code: kExitInterrupted when interrupted, else 0.
int finish(const po::variables_map& vm, const std::string& format, const Completion& c, const std::string& text);

// The result of a command stopped before it had finished anything (core::Interrupted from an
// exact computation that has no partial answer): the command, --format and --output read from
// `args` (the command first), a result of nothing but the mark ("0 of 1 results completed")
// and `stage` (what was under way), emitted as finish() would; returns kExitInterrupted.
// `game` is the game's name as the registry spells it; the default game's text names none,
// as its answers' text does, and its JSON names it as every answer's does.
int finish_unstarted(const std::vector<std::string>& args, const std::string& stage, const std::string& game,
                     bool default_game);

}  // namespace verflixt::cli
