// `verflixt bench`: turns per second of the sampling kernel (kernel.h) against the naive
// loops a user writes first, and of the pass kernel against the reference engine, for
// 1..nproc threads, with a deterministic signature, as `stockfish bench` prints one
// (answers/bench.h says what is measured and how). The command reads the options and what the
// numbers depend on: the machine (cli/bench_context.h) and the build's flags, which only the
// executable is compiled with. Like every command it runs with a passive OpenMP wait policy
// (cli/openmp_wait.h), so that idle threads do not spin and the rates per CPU-second hold.
#include <omp.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "cli/bench_context.h"
#include "cli/cli.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/kernel.h"
#include "verflixt/games/verflixte6/answers/bench.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/seat.h"

// VERFLIXT_BUILD_TYPE, VERFLIXT_BUILD_FLAGS, VERFLIXT_NATIVE_BUILD: CMake (verflixt_build_info).

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// bench's options, then the rules and output ones. Its --seed and --threads are its own: the
// seed fixes the signature, and the threads are the most a row measures.
core::OptionTable bench_options() {
  core::Option threads = core::integer_option("threads", omp_get_num_procs(), 1, 1024, "measure 1..T threads");
  threads.web = false;
  const core::OptionTable own = {
      core::count_option("turns", 30'000'000, 1, std::uint64_t{1} << 50, "kernel turns per run"),
      core::count_option("baseline-turns", 1'500'000, 1, std::uint64_t{1} << 50,
                         "naive turns per run (and reference-engine turns per table run)"),
      core::count_option("table-turns", 15'000'000, 1, std::uint64_t{1} << 50,
                         "pass-kernel turns per table run (6-player passes, 4-player evenings, MPI)"),
      seed_option("random seed (the signature depends on it)"),
      threads,
      core::integer_option("repeats", 5, 1, 1000,
                           "time every workload x thread count this often (kernel and baseline interleaved); all are "
                           "kept"),
      core::integer_option("row-steps", core::AliasOptions{}.max_steps, 1, 16,
                           "kernel tuning: chain steps one alias row may play"),
      core::integer_option("row-outcomes", core::AliasOptions{}.max_composed_outcomes, 2, 4096,
                           "kernel tuning: most outcomes of a composed row"),
      core::policy_option("policy", "strategies/heuristic.ini", "policy of the joker workload"),
      core::word_option("jokers", "hirtenschutz,rattenlord,spelunkenbold", "loadout of the joker workload"),
      core::policy_option("table-policy", "strategies/position-jokers.ini",
                          "seat 1 of the 4-player evening workload (POLICY[@JOKERS], as tournament --seat)"),
      core::policy_option("table-field", "strategies/heuristic.ini", "seats 2-4 of the 4-player evening workload")};
  return own + rules_options() + output_options(kFormats);
}

constexpr const char* kUsage =
    "usage: verflixt bench [--turns M] [--baseline-turns B] [--table-turns K] [--seed S]\n"
    "                      [--threads T] [--repeats N] [--policy P] [--jokers LIST]\n"
    "                      [--format table|json|csv]\n"
    "       verflixt bench --solvers [--game G] [--threads T]   (every game's exact solvers: see its --help)\n"
    "Measures turns/s of the sampling kernel and of the naive loops (std::mt19937_64,\n"
    "std::uniform_int_distribution, a branching loop per turn) on 1..T threads, for\n"
    "no jokers at threshold:17 and for a joker loadout under a policy; then 6-player\n"
    "passes, then 4-player evenings (--table-policy against 3 x --table-field), pass\n"
    "kernel (--table-turns) against reference engine (--baseline-turns): a kernel run\n"
    "compiles its tables first (a fixed cost per thread), and a run long enough to be\n"
    "mostly play measures its rate, as the solo kernel's --turns. Under mpirun every row\n"
    "runs on all ranks, and an MPI section times all ranks against rank 0 alone. Each\n"
    "workload x thread count runs N times, kernel and baseline back to back in\n"
    "alternating order; every repeat is kept and summarized as mean ± sample standard\n"
    "deviation, min and max (a ratio per repeat, from the kernel and baseline of that\n"
    "repeat). A context block names the CPU, the ISA the build targets, compiler, build\n"
    "type, threads and load average, and a warning (stderr, JSON \"warning\") says when\n"
    "the machine is busy. --format csv: one row per section x workload x threads and\n"
    "stat (each repeat, then mean, sd, min, max). The signature (mean and turns for the\n"
    "seed) is deterministic: compare it across builds. Google Benchmark micro-benchmarks:\n"
    "build/bin/verflixt_bench.";

// The settings and the output format, checked before anything is timed.
BenchSettings read_settings(const po::variables_map& vm, std::string& format) {
  BenchSettings s;
  s.rules = rules_from(vm);
  format = format_from(vm, kFormats);
  s.turns = vm["turns"].as<std::uint64_t>();
  s.baseline_turns = vm["baseline-turns"].as<std::uint64_t>();
  s.table_turns = vm["table-turns"].as<std::uint64_t>();
  s.seed = vm["seed"].as<std::uint64_t>();
  s.max_threads = threads_from(vm);
  s.repeats = vm["repeats"].as<int>();
  core::AliasOptions& alias = s.alias_options;
  alias.max_steps = vm["row-steps"].as<int>();
  alias.max_composed_outcomes = vm["row-outcomes"].as<int>();
  return s;
}

// What the numbers depend on, with the load average before this run adds its own.
BenchContext read_context(int max_threads) {
  BenchContext c;
  c.cores = omp_get_num_procs();
  c.load_average = bench_context::load_average();
  c.date_utc = bench_context::utc_now();
  c.cpu_model = bench_context::cpu_model();
  c.isa = bench_context::isa_summary();
  c.isa_features = bench_context::isa_features();
  c.compiler = bench_context::compiler();
  c.build_type = VERFLIXT_BUILD_TYPE;
  c.build_flags = VERFLIXT_BUILD_FLAGS;
  c.native_build = VERFLIXT_NATIVE_BUILD != 0;
#ifdef NDEBUG
  c.assertions = false;
#else
  c.assertions = true;
#endif
  const char* wait_policy = std::getenv("OMP_WAIT_POLICY");
  c.omp_wait_policy = wait_policy ? wait_policy : "runtime default (idle threads spin)";
  c.busy_threshold = bench_context::busy_threshold(c.cores, max_threads);
  return c;
}

}  // namespace

int bench_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "bench options", bench_options(), kUsage, vm)) return 0;
  std::string format;
  BenchQuestion q;
  q.settings = read_settings(vm, format);
  // The evening seats' policies, read before anything is timed (a bad file exits 2 at once).
  const std::vector<SeatPlayer> evening_players =
      seat_bench_evening(q, vm["table-policy"].as<std::string>(), vm["table-field"].as<std::string>());
  const auto policy = make_policy(vm["policy"].as<std::string>(), q.settings.rules);
  q.policy = policy.get();
  q.jokers = parse_loadout(vm["jokers"].as<std::string>(), q.settings.rules);
  const BenchContext context = read_context(q.settings.max_threads);
  const std::string busy = busy_warning(context, q.settings.max_threads);
  if (!busy.empty()) warning(busy);

  const core::RunControl control = stop_control();
  BenchAnswer answer = bench_answer(q, context, control);
  answer.context.load_average_after = bench_context::load_average();  // includes this run's own threads
  for (const auto& w : answer.trust_warnings) warning(w);
  return finish(vm, format, answer.done, describe(answer).render(format));
}

}  // namespace verflixt::cli
