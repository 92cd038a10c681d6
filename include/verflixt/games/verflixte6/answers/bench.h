#pragma once
// bench's answer: turns per second of the sampling kernel against the naive loops a user writes
// first (solo turns: no jokers at threshold:17, and a joker loadout under a policy), then of the
// pass kernel against the reference engine (6-player passes, 4-player evenings) and, under
// mpirun, of all ranks against rank 0 alone; on 1..T threads, every repeat kept, with the
// context the numbers depend on. The signature (the kernel's tally for the seed) is
// deterministic, so a change that alters results shows up in it.
//
// How it measures (as hyperfine and Google Benchmark do): every workload x thread count is
// timed `repeats` times and every repeat is kept; each figure is reported as mean ± sample
// standard deviation (n - 1), min and max over the repeats. Within a repeat the kernel and its
// baseline run back to back, kernel first in odd repeats and baseline first in even ones, so
// drift of the machine's speed hits both alike; a ratio is taken per repeat, from the kernel
// and the baseline of that same repeat, and then summarized. Wall-clock rates (steady_clock)
// and rates per CPU-second (std::clock, all threads of the process) are both kept: on a shared
// machine the second is the one the neighbours skew less, provided OpenMP's idle threads do
// not spin (that spin is process CPU time), which the CPU time per wall second per thread
// shows: it must not exceed 1 (within timer noise).
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "verflixt/core/answer.h"
#include "verflixt/core/kernel.h"
#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/core/stats.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/seat.h"

namespace verflixt::verflixte6 {

// How much to measure: the turns of each run, the seed, the threads and the repeats.
struct BenchSettings {
  Rules rules;
  std::uint64_t turns = 0;           // kernel turns per solo run
  std::uint64_t baseline_turns = 0;  // naive turns per solo run, reference-engine turns per table run
  std::uint64_t table_turns = 0;     // pass-kernel turns per table run
  std::uint64_t seed = 0;
  int max_threads = 1;               // rows on 1..max_threads threads
  int repeats = 1;
  core::AliasOptions alias_options;  // the solo kernel's tuning
};

// What to measure, as the command's options give it.
struct BenchQuestion {
  BenchSettings settings;
  const Policy* policy = nullptr;    // the joker workload: this policy with this loadout
  JokerSet jokers;
  ObjectiveSpec evening;             // the 4-player evening table; its seats' policies are the caller's
  std::string evening_name;          // "P vs 3 x F"
};

// The 4-player evening workload as tournament seats it: `table_policy` (POLICY[@JOKERS]) at
// seat 1 against 3 x `table_field`, the field seats sharing one policy (make_seat_players).
// Fills question.evening (the pass kernel plays it) and evening_name; returns the seats, which
// own the policies the question points to. Throws InputError for a bad seat, or a policy the
// kernel cannot play.
std::vector<SeatPlayer> seat_bench_evening(BenchQuestion& question, const std::string& table_policy,
                                           const std::string& table_field);

// What the numbers depend on, read from the machine and the build by whoever runs the bench:
// the library knows neither the build's flags nor the machine it is asked on.
struct BenchContext {
  std::string date_utc, cpu_model, compiler;
  int cores = 1;                           // logical cores
  std::string isa;                         // the widest vector ISA the build targets
  std::vector<std::string> isa_features;   // every instruction set it may use
  std::string build_type, build_flags;
  bool native_build = false;               // -march=native
  bool assertions = false;
  std::string omp_wait_policy;
  std::vector<double> load_average, load_average_after;  // 1/5/15 min before and after the run; empty: unavailable
  double busy_threshold = 0;               // the 1-minute load above which the machine is busy
};
// Why the timings are suspect when the machine was busy as the run began, "" when it was not.
std::string busy_warning(const BenchContext& context, int max_threads);

// Every repeat of one measure, and its summary.
struct BenchSeries {
  std::vector<double> values;
  double mean() const;
  double sd() const;  // sample standard deviation (n - 1); 0 for a single repeat
  double min() const;
  double max() const;
};

// A measure of a row: its JSON key and CSV column, and the table's label.
struct BenchMeasure {
  const char* key;
  const char* label;
};
// The measures in report order (BenchRow::Measure indexes them).
inline constexpr BenchMeasure kBenchMeasures[] = {
    {"kernel_turns_per_second", "kernel turns/s"},
    {"one_step_kernel_turns_per_second", "one-step kernel turns/s"},
    {"baseline_turns_per_second", "baseline turns/s"},
    {"kernel_to_baseline_ratio", "kernel/baseline ratio"},
    {"one_step_to_baseline_ratio", "one-step/baseline ratio"},
    {"kernel_turns_per_cpu_second", "kernel turns/CPU-s"},
    {"one_step_kernel_turns_per_cpu_second", "one-step kernel turns/CPU-s"},
    {"baseline_turns_per_cpu_second", "baseline turns/CPU-s"},
    {"kernel_to_baseline_cpu_ratio", "kernel/baseline ratio, CPU"},
    {"kernel_scaling_vs_1_thread", "kernel scaling vs 1 thread"},
    {"kernel_cpu_per_wall_per_thread", "kernel CPU-s per wall-s per thread"},
};
inline constexpr int kBenchMeasureCount = static_cast<int>(std::size(kBenchMeasures));

// One workload on one thread count: every repeat of every measure, and what the first repeat
// played.
struct BenchRow {
  enum Measure {
    KERNEL, ONE_STEP, BASELINE, RATIO, ONE_STEP_RATIO, KERNEL_CPU, ONE_STEP_CPU, BASELINE_CPU, CPU_RATIO, SCALING,
    KERNEL_CPU_PER_WALL
  };
  int threads = 1;
  bool has_one_step = false;  // solo rows: the kernel with one chain step per alias row, timed too
  BenchSeries series[kBenchMeasureCount] = {};  // a measure the row has not: no values
  core::Tally kernel_tally{}, baseline_tally{}, one_step_tally{};  // of the first repeat
  // The kernel's tally depends on the seed only: every repeat and thread count agrees.
  bool same_as_one_thread = true;
};

// A workload's rows on 1, 2, ... threads, those a stop left finished.
struct BenchWorkload {
  std::string name;
  std::string baseline;     // what the kernel is measured against
  int players = 1;
  bool lane_block = false;  // table workloads: this build plays them in a lane block (pass_kernel.h)
  // Solo workloads: the compiled chain and alias table, and how long compiling them took.
  std::uint64_t chain_states = 0, alias_buckets = 0;
  int max_row_steps = 0;
  double compile_seconds = 0;
  std::vector<BenchRow> rows = {};
};

// A section of the bench: its workloads, each as far as it got.
struct BenchSection {
  std::string name;    // "solo", "passes", "evenings", "mpi": the CSV's section column
  bool begun = false;  // reached before a stop: its heading is shown even without a row
  std::vector<BenchWorkload> workloads = {};
};

struct BenchAnswer {
  BenchSettings settings;
  BenchContext context;
  int ranks = 1;  // MPI ranks
  // Solo turns (the workloads with a finished row), 6-player passes, 4-player evenings, and
  // all ranks against rank 0 alone (under mpirun only).
  BenchSection solo{.name = "solo"}, passes{.name = "passes"}, evenings{.name = "evenings"}, mpi{.name = "mpi"};
  std::uint64_t pass_count = 0, baseline_pass_count = 0;        // per kernel run, per engine run
  std::uint64_t evening_count = 0, baseline_evening_count = 0;  // per kernel run, per engine run
  int series_length = 1;
  // What the timings say about themselves: runs too short to time, CPU time not of the work.
  std::vector<std::string> trust_warnings;
  core::Completion done;  // measurements (rows) finished of all the sections'
};

// Times every section in turn on `context`'s machine. A stop (control.stop, Ctrl-C) drops the
// measurement under way (a cut run would time fewer turns and change the signature) and keeps
// the finished rows.
BenchAnswer bench_answer(const BenchQuestion& question, const BenchContext& context, const core::RunControl& control);
// The table (the context block, then every section's rows), JSON with every repeat, or CSV
// with one line per section x workload x threads and statistic.
core::report::Report describe(const BenchAnswer& answer);

}  // namespace verflixt::verflixte6
