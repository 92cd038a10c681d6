#include "cli/cli.h"

#include <omp.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <limits>
#include <cstdio>
#include <iostream>
#include <memory>
#include <mutex>
#include <thread>
#include <unistd.h>

#include "cli/game_command.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/json_text.h"
#include "verflixt/core/names.h"
#include "verflixt/core/report.h"
#include "verflixt/version.h"
#include "verflixt/core/cluster.h"

namespace verflixt::cli {

namespace {

std::atomic<bool> g_interrupted{false};
std::atomic<bool> g_host_owns_interrupts{false};
// Whether a progress line stands unended on a terminal: one flag per command's thread, which
// the controls it makes share (any of a run's threads may report through them).
std::shared_ptr<std::atomic<bool>> progress_shown() {
  thread_local const auto shown = std::make_shared<std::atomic<bool>>(false);
  return shown;
}
thread_local std::ostream* t_output = nullptr;                // null: std::cout
thread_local const std::atomic<bool>* t_stop = nullptr;       // null: the process's Ctrl-C

// When the first SIGINT came (CLOCK_MONOTONIC, nanoseconds; 0: none yet).
std::atomic<std::int64_t> g_first_sigint_ns{0};

std::int64_t monotonic_ns() {
  timespec t{};
  ::clock_gettime(CLOCK_MONOTONIC, &t);  // async-signal-safe, unlike std::chrono's clocks
  return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

// The first Ctrl-C asks the run to stop at the next chunk; a second one, for a user who will
// not wait for the unit under way, kills the process as SIGINT normally does. A second
// signal within half a second is the same stop delivered twice — timeout(1) and job
// supervisors signal the process and then its process group — and is ignored.
extern "C" void on_sigint(int) {
  const std::int64_t now = monotonic_ns();
  if (!g_interrupted.exchange(true)) {
    g_first_sigint_ns = now;
    return;
  }
  const std::int64_t first = g_first_sigint_ns.load();
  if (first != 0 && now - first < 500'000'000) return;
  std::signal(SIGINT, SIG_DFL);
  std::raise(SIGINT);
}

}  // namespace

core::Option seed_option(const std::string& help) {
  return core::labelled(core::count_option("seed", 1, 0, std::numeric_limits<std::uint64_t>::max(), help), "Seed");
}

core::Option threads_option() {
  core::Option threads = core::integer_option("threads", omp_get_max_threads(), 1, 1024,
                                              "worker threads (results do not depend on it)");
  threads.web = false;  // the server sets its own
  return threads;
}

core::OptionTable sampling_options(const std::vector<std::string>& idle_with,
                                   const std::vector<std::string>& only_with) {
  return {core::only_with(core::idle_with(seed_option("random seed; fixes every result bit for bit"), idle_with),
                          only_with),
          threads_option()};
}

std::uint64_t seed_from(const po::variables_map& vm) { return vm["seed"].as<std::uint64_t>(); }

int thread_cap() {
  // Far more threads than cores only wait on each other, and each costs a stack and a malloc
  // arena: a thousand of them can exhaust a small machine's address space, and OpenMP ends
  // the process when it cannot start one. Every result is the same on any count.
  return static_cast<int>(std::max(64u, 8 * std::thread::hardware_concurrency()));
}

// One write each, so that lines from two threads never interleave.
thread_local WarningScope* t_warning_scope = nullptr;
void warning(const std::string& text) {
  for (WarningScope* s = t_warning_scope; s; s = s->previous_) s->into_.push_back(text);
  if (!t_warning_scope || t_warning_scope->print_) std::cerr << ("verflixt: warning: " + text + "\n");
}
WarningScope::WarningScope(std::vector<std::string>& into, bool print) noexcept
    : into_(into), print_(print && (!t_warning_scope || t_warning_scope->print_)), previous_(t_warning_scope) {
  t_warning_scope = this;
}
WarningScope::~WarningScope() { t_warning_scope = previous_; }
void note(const std::string& text) { std::cerr << ("verflixt: note: " + text + "\n"); }

int threads_from(const po::variables_map& vm) {
  const int threads = vm["threads"].as<int>();
  if (threads < 1 || threads > 1024)
    throw core::InputError("--threads " + std::to_string(threads) + " is out of range; valid: 1..1024");
  const int cap = thread_cap();
  if (threads <= cap) return threads;
  static std::once_flag said;
  std::call_once(said, [&] {
    warning("--threads " + std::to_string(threads) + " is more than this machine runs well; running " +
            std::to_string(cap) + " (results do not depend on it)");
  });
  return cap;
}

int threads_or_every_core(const po::variables_map& vm) {
  return !vm.count("threads") || vm["threads"].as<int>() == 0 ? 0 : threads_from(vm);
}

// Written once, with the reporter's rules for -0 (core/report.h, core/json_text.h).
std::string fmt(const char* format, double value) { return core::report::number(format, value); }

std::string json_text(nlohmann::ordered_json doc) { return core::report::json_text(std::move(doc)); }

core::OptionTable output_options(const std::vector<std::string>& formats) {
  // --format is checked by format_from (with "did you mean"); its choices feed the completion.
  core::Option format = core::word_option("format", formats.front(), "output format: " + core::join(formats, ", "));
  format.choices = formats;
  format.web = false;
  core::Option output = core::file_option("output", "write to this file instead of stdout");
  output.short_name = 'o';
  return {format, output};
}

std::string format_from(const po::variables_map& vm, const std::vector<std::string>& formats) {
  if (vm.count("output")) core::check_output_target(vm["output"].as<std::string>(), "--output");  // before a long run
  return formats[core::choose_name(vm["format"].as<std::string>(), formats, "--format")];
}

void emit(const po::variables_map& vm, const std::string& text) {
  if (!vm.count("output") || vm["output"].as<std::string>() == "-") {  // --output - is stdout
    standard_output() << text << std::flush;
    return;
  }
  core::write_file_atomic(vm["output"].as<std::string>(), text, "--output");
}

void host_owns_interrupts() { g_host_owns_interrupts = true; }

void set_interrupt(bool requested) { g_interrupted = requested; }

void install_interrupt_handler() {
  if (g_host_owns_interrupts) return;
  std::signal(SIGINT, on_sigint);
  // mpirun answers Ctrl-C by sending SIGTERM to every rank (and SIGKILL a little later): as
  // a rank, take it as the stop request, so the finished chunks are still reported.
  if (core::cluster::size() > 1) std::signal(SIGTERM, on_sigint);
}

const std::atomic<bool>& interrupt_flag() { return t_stop ? *t_stop : g_interrupted; }

StopScope::StopScope(const std::atomic<bool>& stop) noexcept : previous_(t_stop) { t_stop = &stop; }
StopScope::~StopScope() { t_stop = previous_; }

std::ostream& standard_output() { return t_output ? *t_output : std::cout; }

int flush_standard_output(int code) {
  std::cout.flush();
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  if (flushed && !std::ferror(stdout) && !std::cout.fail()) return code;
  const int error = flushed ? 0 : errno;
  std::cerr << "verflixt: cannot write the standard output" << (error ? std::string(": ") + std::strerror(error) : "")
            << "\n";
  return code == 0 ? 2 : code;
}

OutputScope::OutputScope(std::ostream& to) noexcept : previous_(t_output) { t_output = &to; }
OutputScope::~OutputScope() { t_output = previous_; }

core::RunControl stop_control() {
  install_interrupt_handler();
  core::RunControl rc;
  rc.stop = &interrupt_flag();
  return rc;
}

core::RunControl progress_control(const std::string& label) {
  core::RunControl rc;
  rc.stop = &interrupt_flag();
  const auto start = std::chrono::steady_clock::now();
  auto last = std::make_shared<std::chrono::steady_clock::time_point>(start);
  // On a terminal the line is redrawn four times a second; into a log file (CI, a pipe)
  // a plain line goes every ten seconds instead, so logs stay readable.
  const bool tty = ::isatty(STDERR_FILENO);
  auto stage = std::make_shared<std::string>();
  rc.stage = [stage](const std::string& what) { *stage = what; };
  rc.progress = [label, start, last, tty, stage, shown = progress_shown()](std::uint64_t done, std::uint64_t total) {
    const auto now = std::chrono::steady_clock::now();
    if (now - start < std::chrono::seconds(1)) return;
    if (now - *last < (tty ? std::chrono::milliseconds(250) : std::chrono::milliseconds(10000)) && done < total) return;
    if (!tty && done >= total) return;
    *last = now;
    shown->store(tty);
    const double pct = total ? 100.0 * static_cast<double>(done) / static_cast<double>(total) : 100.0;
    // A stage's text may be shorter than the last one's: a terminal clears the rest of the line.
    std::fprintf(stderr, "%s%s%s%s: %5.1f%% (%llu/%llu)%s", tty ? "\r" : "", label.c_str(), stage->empty() ? "" : ", ",
                 stage->c_str(), pct, static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
                 tty ? "\x1b[K" : "\n");
    std::fflush(stderr);
  };
  return rc;
}

void progress_done() {
  if (progress_shown()->exchange(false)) std::fprintf(stderr, "\n");
}

Completion completion(std::uint64_t completed, std::uint64_t total, std::string unit, bool cut_short) {
  return {cut_short || interrupt_flag().load(), completed, total, std::move(unit)};
}

std::string completion_text(const Completion& c) {
  return std::to_string(c.completed) + (c.total ? " of " + std::to_string(c.total) : std::string()) + " " + c.unit +
         " completed";
}

std::string interrupted_mark(const Completion& c, const std::string& format) {
  if (!c.interrupted || format == "json") return "";
  const std::string what = completion_text(c) + "; results below cover only completed work\n";
  if (format == "csv") return "# interrupted: " + what;
  if (format == "markdown") return "**INTERRUPTED**: " + what + "\n";
  return "INTERRUPTED: " + what;
}

int finish(const po::variables_map& vm, const std::string& format, const Completion& c, const std::string& text) {
  emit(vm, interrupted_mark(c, format) + text);
  if (!c.interrupted) return 0;
  std::fprintf(stderr, "verflixt: interrupted: %s; only completed work was reported\n", completion_text(c).c_str());
  return kExitInterrupted;
}

int finish_unstarted(const std::vector<std::string>& args, const std::string& stage, const std::string& game,
                     bool default_game) {
  std::string format = "table", output;
  for (std::size_t k = 1; k < args.size(); ++k) {
    const auto value = [&](const std::string& name, std::string& to) {
      if (args[k] == name && k + 1 < args.size()) to = args[k + 1];
      else if (args[k].rfind(name + "=", 0) == 0) to = args[k].substr(name.size() + 1);
    };
    value("--format", format);
    value("--output", output);
  }
  if (format == "text") format = "table";
  if (format != "json" && format != "csv" && format != "markdown") format = "table";
  const Completion c{true, 0, 1, "results"};
  core::report::Report out({kVersion, default_game ? "" : game, "", ""});
  if (default_game) out.field("game", game, core::report::kJsonHead);
  out.field("command", args.empty() ? std::string() : args.front());
  mark(out, c);
  out.field("stopped_while", stage).line("stopped while " + stage + ": nothing was finished");
  const std::string text = interrupted_mark(c, format) + out.render(format);
  if (output.empty() || output == "-") standard_output() << text << std::flush;
  else core::write_file_atomic(output, text, "--output");
  std::fprintf(stderr, "verflixt: interrupted while %s: nothing was finished\n", stage.c_str());
  return kExitInterrupted;
}

}  // namespace verflixt::cli
