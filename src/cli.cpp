#include "cli.h"

#include <omp.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <unistd.h>

#include "verflixt/error.h"
#include "verflixt/file_io.h"
#include "verflixt/ini.h"

namespace verflixt::cli {
namespace {

std::atomic<bool> g_interrupted{false};
bool g_progress_shown = false;

extern "C" void on_sigint(int) { g_interrupted.store(true); }

}  // namespace

void add_rules_options(po::options_description& desc) {
  desc.add_options()
      ("preset", po::value<std::string>()->default_value("tournament-2019"),
       "ruleset preset: tournament-2019 or classic")
      ("rules", po::value<std::string>(), "rules INI file (see `verflixt rules`)")
      ("set", po::value<std::vector<std::string>>()->composing(),
       "override one rule, key=value (repeatable)");
}

Rules rules_from(const po::variables_map& vm) {
  Rules r = preset(vm["preset"].as<std::string>());
  if (vm.count("rules")) {
    Rules from_file = read_rules_file(vm["rules"].as<std::string>());
    if (!vm["preset"].defaulted() && from_file.preset != r.preset)
      throw InputError("--preset " + r.preset + " contradicts preset = " + from_file.preset +
                       " in " + vm["rules"].as<std::string>() + "; give one of them");
    r = from_file;
  }
  if (vm.count("set"))
    for (const auto& s : vm["set"].as<std::vector<std::string>>()) set_rule(r, s);
  validate(r);
  return r;
}

void add_sampling_options(po::options_description& desc) {
  desc.add_options()
      ("seed", po::value<std::uint64_t>()->default_value(1), "random seed; fixes every result bit for bit")
      ("threads", po::value<int>()->default_value(omp_get_max_threads()),
       "worker threads (results do not depend on it)");
}

std::uint64_t seed_from(const po::variables_map& vm) { return vm["seed"].as<std::uint64_t>(); }

int threads_from(const po::variables_map& vm) {
  const int threads = vm["threads"].as<int>();
  if (threads < 1 || threads > 1024)
    throw InputError("--threads " + std::to_string(threads) + " is out of range; valid: 1..1024");
  return threads;
}

std::string fmt(const char* format, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

void add_output_options(po::options_description& desc, const std::vector<std::string>& formats) {
  desc.add_options()
      ("format", po::value<std::string>()->default_value(formats.front()),
       ("output format: " + join(formats, ", ")).c_str())
      ("output,o", po::value<std::string>(), "write to this file instead of stdout");
}

std::string format_from(const po::variables_map& vm, const std::vector<std::string>& formats) {
  if (vm.count("output")) check_output_target(vm["output"].as<std::string>(), "--output");  // before a long run
  const std::string f = vm["format"].as<std::string>();
  for (const auto& g : formats)
    if (f == g) return f;
  throw InputError("unknown --format '" + f + "'; valid: " + join(formats));
}

void emit(const po::variables_map& vm, const std::string& text) {
  if (!vm.count("output")) {
    std::cout << text << std::flush;
    return;
  }
  write_file_atomic(vm["output"].as<std::string>(), text, "--output");
}

bool parse(int argc, const char* const* argv, const po::options_description& desc,
           const std::string& usage, po::variables_map& vm,
           const po::positional_options_description* positional) {
  po::options_description all;
  all.add(desc);
  all.add_options()("help,h", "show this help");
  try {
    po::command_line_parser parser(argc, argv);
    parser.options(all);
    if (positional) parser.positional(*positional);
    po::store(parser.run(), vm);
    if (vm.count("help")) {
      std::cout << usage << "\n\n" << all << "\n";
      return false;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    throw InputError(std::string(argv[0]) + ": " + e.what() + " (see `verflixt " + argv[0] + " --help`)");
  }
  return true;
}

void install_interrupt_handler() { std::signal(SIGINT, on_sigint); }

const std::atomic<bool>& interrupt_flag() { return g_interrupted; }

RunControl progress_control(const std::string& label) {
  RunControl rc;
  rc.stop = &g_interrupted;
  const auto start = std::chrono::steady_clock::now();
  auto last = std::make_shared<std::chrono::steady_clock::time_point>(start);
  // On a terminal the line is redrawn four times a second; into a log file (CI, a pipe)
  // a plain line goes every ten seconds instead, so logs stay readable.
  const bool tty = ::isatty(STDERR_FILENO);
  rc.progress = [label, start, last, tty](std::uint64_t done, std::uint64_t total) {
    const auto now = std::chrono::steady_clock::now();
    if (now - start < std::chrono::seconds(1)) return;
    if (now - *last < (tty ? std::chrono::milliseconds(250) : std::chrono::milliseconds(10000)) && done < total) return;
    if (!tty && done >= total) return;
    *last = now;
    g_progress_shown = tty;
    const double pct = total ? 100.0 * static_cast<double>(done) / static_cast<double>(total) : 100.0;
    std::fprintf(stderr, "%s%s: %5.1f%% (%llu/%llu)%s", tty ? "\r" : "", label.c_str(), pct,
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(total), tty ? "" : "\n");
    std::fflush(stderr);
  };
  return rc;
}

void progress_done() {
  if (g_progress_shown) std::fprintf(stderr, "\n");
  g_progress_shown = false;
}

}  // namespace verflixt::cli
