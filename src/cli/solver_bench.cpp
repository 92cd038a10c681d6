#include "cli/solver_bench.h"

#include <omp.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli/bench_context.h"
#include "cli/cli.h"
#include "cli/game_dispatch.h"
#include "cli/manual.h"
#include "games/registry.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"
#include "verflixt/core/report.h"
#include "verflixt/version.h"

namespace verflixt::cli {
namespace {

namespace rp = core::report;

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// One solve to time: a command of a game and its options (the command's `bench` entry).
struct Case {
  std::string game;
  const core::Command* command = nullptr;
  std::vector<std::string> options;
  bool takes_threads = false, takes_cache = false;
  std::string label() const {
    std::string s = std::string(command->name);
    for (const auto& o : options) s += " " + o;
    return s;
  }
};

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// Every game's bench cases, or `only` game's.
std::vector<Case> cases_of(const std::string& only) {
  std::vector<Case> out;
  for (const auto& g : games::registry()) {
    if (!only.empty() && g.name != only) continue;
    for (const auto& c : g.commands) {
      if (!c.bench) continue;
      const std::vector<std::string> opts = options_in(help_text(c.run, c.name));
      const auto has = [&](const char* o) { return std::find(opts.begin(), opts.end(), o) != opts.end(); };
      for (const std::string& options : core::split(c.bench, ';'))
        out.push_back({g.name, &c, words(options), has("--threads"), has("--no-cache")});
    }
  }
  return out;
}

double cpu_seconds() {
  timespec ts{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// The answer without what may differ between two runs of the same solve: times, rates and
// the thread count (a member, or said in a line of text: "seed 1, 2 threads").
void drop_times(nlohmann::json& j) {
  if (j.is_string()) {
    static const std::regex count(R"([0-9]+ threads?\b)");
    j = std::regex_replace(j.get<std::string>(), count, "T threads");
    return;
  }
  if (j.is_array()) {
    for (auto& e : j) drop_times(e);
    return;
  }
  if (!j.is_object()) return;
  for (auto it = j.begin(); it != j.end();) {
    const std::string k = it.key();
    if (k == "threads" || k.find("second") != std::string::npos || k.find("rate") != std::string::npos ||
        k.find("time") != std::string::npos) {
      it = j.erase(it);
    } else {
      drop_times(*it);
      ++it;
    }
  }
}

struct Run {
  double real = 0, cpu = 0;
  std::size_t signature = 0;
};

// Solves `c` once on `threads` threads, its answer captured.
Run run_once(const Case& c, int threads) {
  std::vector<std::string> args = {c.command->name};
  args.insert(args.end(), c.options.begin(), c.options.end());
  args.push_back("--format=json");
  if (c.game != games::registry().front().name) args.push_back("--game=" + c.game);
  if (c.takes_threads) args.push_back("--threads=" + std::to_string(threads));
  if (c.takes_cache) args.push_back("--no-cache");
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  argv.push_back(nullptr);
  omp_set_num_threads(threads);
  std::ostringstream captured;
  Run r;
  const double cpu0 = cpu_seconds();
  const auto t0 = std::chrono::steady_clock::now();
  int code = 0;
  {
    const OutputScope into(captured);
    code = c.command->run(static_cast<int>(args.size()), argv.data());
  }
  r.real = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.cpu = cpu_seconds() - cpu0;
  if (code == kExitInterrupted) throw core::Interrupted("timing " + c.game + " " + c.label());
  if (code != 0) throw std::logic_error("bench --solvers: " + c.game + " " + c.label() + " exited with " + std::to_string(code));
  nlohmann::json j = nlohmann::json::parse(captured.str(), nullptr, false);
  if (j.is_discarded()) throw std::logic_error("bench --solvers: " + c.game + " " + c.label() + " printed no JSON");
  drop_times(j);
  r.signature = std::hash<std::string>{}(j.dump());
  return r;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// 1, 2, 4, ... up to `most`, and `most` itself.
std::vector<int> thread_counts(int most) {
  std::vector<int> t;
  for (int k = 1; k < most; k *= 2) t.push_back(k);
  t.push_back(most);
  return t;
}

// The names of every game, as --game takes them.
std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const auto& g : games::registry()) names.push_back(g.name);
  return names;
}

// `bench --solvers`'s options, then the output ones.
core::OptionTable solver_bench_options() {
  // The game is read by the command itself (with "did you mean"); the names feed the completion.
  core::Option game = core::word_option("game", "only this game's solvers");
  game.choices = game_names();
  core::Option threads = core::integer_option("threads", omp_get_num_procs(), 1, 1024,
                                              "measure 1, 2, 4, ... up to T threads");
  threads.web = false;
  const core::OptionTable own = {core::switch_option("solvers", "time the exact solvers (this command)"), game, threads,
                                 core::integer_option("repeats", 1, 1, 100, "time every solve and thread count this often")};
  return own + output_options(kFormats);
}

}  // namespace

int solver_bench_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "bench --solvers options", solver_bench_options(),
             "usage: verflixt bench --solvers [--game G] [--threads T] [--repeats N] [--format table|json|csv]\n"
             "Times every game's exact solvers (the solves each game names for it) on 1, 2, 4, ... T threads:\n"
             "wall-clock and CPU seconds per run, the speed-up over one thread, and whether every thread count\n"
             "gives the same answer. Each solve runs as its command would, --no-cache where it caches.",
             vm))
    return 0;
  const std::string format = format_from(vm, kFormats);
  std::string only;
  if (vm.count("game")) {
    const std::vector<std::string> names = game_names();
    const auto k = core::match_name(vm["game"].as<std::string>(), names);
    if (!k) throw core::InputError("--game " + core::quoted(vm["game"].as<std::string>()) + " is not a game" +
                                   core::suggest(vm["game"].as<std::string>(), names));
    only = names[*k];
  }
  const int most = threads_from(vm);
  const int repeats = vm["repeats"].as<int>();
  const std::vector<Case> cases = cases_of(only);
  const std::vector<int> counts = thread_counts(most);

  rp::Report out({});
  const std::vector<double> load = bench_context::load_average();
  out.field("version", std::string(kVersion))
      .field("command", std::string("bench --solvers"))
      .field("date_utc", bench_context::utc_now())
      .field("cpu_model", bench_context::cpu_model())
      .field("logical_cores", static_cast<std::int64_t>(omp_get_num_procs()))
      .field("isa", bench_context::isa_summary())
      .field("compiler", bench_context::compiler())
      .field("load_average", load)
      .field("repeats", static_cast<std::int64_t>(repeats));
  out.line("verflixt " + std::string(kVersion) + "  bench --solvers  " + bench_context::cpu_model() + ", " +
           std::to_string(omp_get_num_procs()) + " logical cores" +
           (load.empty() ? std::string() : ", load " + fmt("%.2f", load[0])) + "; median of " +
           std::to_string(repeats) + (repeats == 1 ? " run" : " runs") + " per row");
  rp::Table& rows = out.table(
      "solvers", {{.name = "game", .width = 12},
                  {.name = "solve", .text = " ", .width = 48},
                  {.name = "threads", .text = " ", .text_format = "%3lld"},
                  {.name = "real_seconds", .text = "  real ", .text_format = "%8.3f s"},
                  {.name = "cpu_seconds", .text = "  cpu ", .text_format = "%8.3f s"},
                  {.name = "speedup", .text = "  ", .text_format = "x%5.2f"},
                  {.name = "same_result", .in = rp::kJsonCsv},
                  {.name = "same", .text = "  same answer as 1 thread: ", .in = rp::kText},
                  {.name = "real_seconds_runs", .in = rp::kJson},
                  {.name = "cpu_seconds_runs", .in = rp::kJson}});
  std::uint64_t done = 0;
  const std::uint64_t total = cases.size() * counts.size();
  bool interrupted = false;
  for (const Case& c : cases) {
    double one_thread = 0;
    std::size_t signature = 0;
    for (const int threads : counts) {
      std::vector<double> real, cpu;
      bool same = true;
      try {
        for (int r = 0; r < repeats; ++r) {
          std::fprintf(stderr, "bench --solvers: %s %s, %d thread%s, run %d of %d\n", c.game.c_str(), c.label().c_str(),
                       threads, threads == 1 ? "" : "s", r + 1, repeats);
          const Run run = run_once(c, threads);
          real.push_back(run.real);
          cpu.push_back(run.cpu);
          if (threads == counts.front() && r == 0) signature = run.signature;
          same = same && run.signature == signature;
        }
      } catch (const core::Interrupted&) {
        interrupted = true;
        break;
      }
      const double m = median(real);
      if (threads == counts.front()) one_thread = m;
      rows.row({c.game, c.label(), static_cast<std::int64_t>(threads), m, median(cpu), one_thread / std::max(m, 1e-9),
                same, std::string(same ? "yes" : "NO"), real, cpu});
      ++done;
    }
    if (interrupted) break;
  }
  const Completion completed = completion(done, total, "measurements", interrupted);
  mark(out, completed);
  return finish(vm, format, completed, out.render(format));
}

}  // namespace verflixt::cli
