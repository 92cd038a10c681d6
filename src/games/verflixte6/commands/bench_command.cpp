// `verflixt bench`: turns per second of the sampling kernel (kernel.h) against the naive
// loops a user writes first, for 1..nproc threads, on two workloads — no jokers at
// threshold:17, and a 3-joker loadout under the heuristic policy; then 6-player passes, the
// pass kernel against the reference engine. Like `stockfish bench` it also prints a
// deterministic signature (the tally's mean and turn count for the fixed seed), so a change
// that alters results shows up as a changed signature.
//
// How it measures (as hyperfine and Google Benchmark do): every workload × thread count is
// timed --repeats times and every repeat is kept; each figure is reported as mean ± sample
// standard deviation (n − 1), min and max over the repeats. Within a repeat the kernel and
// its baseline run back to back, kernel first in odd repeats and baseline first in even
// ones, so drift of the machine's speed hits both alike; a ratio is taken per repeat, from
// the kernel and the baseline of that same repeat, and then summarized. Wall-clock rates
// (steady_clock) and rates per CPU-second (std::clock, all threads of the process) are both
// kept: on a shared machine the second is the one the neighbours skew less. OpenMP's idle
// threads would spin between parallel regions and that spin is process CPU time, so bench
// runs, as every command, with a passive wait policy (cli/openmp_wait.h) and reports CPU
// time per wall second per thread, which must not exceed 1 (within timer noise). A context block
// records what the numbers depend on — CPU, the ISA the build targets, compiler, build type,
// threads, the load average — and a warning says when the machine was busy.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <ctime>
#include <fstream>
#include <functional>
#include <iterator>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/bench_context.h"
#include "games/verflixte6/commands/bench_measure.h"
#include "games/verflixte6/commands/bench_run.h"
#include "cli/cli.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/analyses/evaluate.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/kernel.h"
#include "verflixt/games/verflixte6/analyses/yardstick.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"
#include "games/verflixte6/commands/seat_spec.h"
#include "verflixt/core/cluster.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/kernels/pass_kernel.h"
#include "verflixt/version.h"

// VERFLIXT_BUILD_TYPE, VERFLIXT_BUILD_FLAGS, VERFLIXT_NATIVE_BUILD: CMake (verflixt_build_info).

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {

using namespace bench_context;
using namespace bench_measure;
using bench_run::Workload;

const std::vector<std::string> kFormats = {"table", "json", "csv"};

// Ctrl-C: the measurement under way stops at its next chunk and is dropped (a cut run would
// time fewer turns and change the signature); the finished rows are printed, marked.
bool stopped() { return interrupt_flag().load(); }

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
    "       verflixt bench --solvers [--game G] [--threads T]   (every game's exact solvers: see its --help)\n"
    "                      [--threads T] [--repeats N] [--policy P] [--jokers LIST]\n"
    "                      [--format table|json|csv]\n"
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

}  // namespace

namespace bench_run {

using namespace bench_context;
using namespace bench_measure;

void Bench::read_settings(const po::variables_map& vm) {
  rules = rules_from(vm);
  format = format_from(vm, kFormats);
  turns = vm["turns"].as<std::uint64_t>();
  baseline_turns = vm["baseline-turns"].as<std::uint64_t>();
  table_turns = vm["table-turns"].as<std::uint64_t>();
  seed = vm["seed"].as<std::uint64_t>();
  max_threads = threads_from(vm);
  repeats = vm["repeats"].as<int>();
  if (repeats < 1 || repeats > 1000)
    throw core::InputError("--repeats " + std::to_string(repeats) + " is out of range; valid: 1..1000");
  alias_options.max_steps = vm["row-steps"].as<int>();
  alias_options.max_composed_outcomes = vm["row-outcomes"].as<int>();
  if (alias_options.max_steps < 1 || alias_options.max_steps > 16)
    throw core::InputError("--row-steps " + std::to_string(alias_options.max_steps) + " is out of range; valid: 1..16");
  if (alias_options.max_composed_outcomes < 2 || alias_options.max_composed_outcomes > 4096)
    throw core::InputError("--row-outcomes " + std::to_string(alias_options.max_composed_outcomes) +
                     " is out of range; valid: 2..4096");
}

void Bench::read_workloads(const po::variables_map& vm) {
  // The evening workload's table, read before anything is timed (a bad file exits 2 at once).
  // As tournament seats them: the three field seats share one policy (make_seat_players).
  const std::string field_spec = vm["table-field"].as<std::string>();
  evening_players =
      make_seat_players({vm["table-policy"].as<std::string>(), field_spec, field_spec, field_spec}, rules);
  evening_spec.series_length = default_series_length(rules);
  std::vector<const Policy*> evening_policies;
  for (const auto& p : evening_players) {
    const int group = p.label == evening_players.front().label ? 0 : 1;
    if (evening_spec.groups.size() <= static_cast<size_t>(group)) evening_spec.groups.push_back(p.label);
    evening_spec.seats.push_back(TableSeat{p.policy.get(), p.selector.get(), group});
    evening_policies.push_back(p.policy.get());
  }
  evening_spec.engine = resolve_engine(PassEngine::Kernel, evening_policies);  // throws if the kernel cannot play them
  turns_per_evening = 4 * static_cast<std::uint64_t>(rules.passes);
  // The kernel plays --table-turns, the reference engine --baseline-turns: rates count turns.
  evenings = std::max<std::uint64_t>(1, table_turns / turns_per_evening);
  baseline_evenings = std::max<std::uint64_t>(1, baseline_turns / turns_per_evening);
  evening_name = evening_players.front().label + " vs 3 x " + evening_players.back().label;

  workloads.push_back({"threshold:17", JokerSet{}, std::make_unique<ThresholdPolicy>(17)});
  {
    auto policy = make_policy(vm["policy"].as<std::string>(), rules);
    const JokerSet jokers = parse_loadout(vm["jokers"].as<std::string>(), rules);
    workloads.push_back({policy->name() + " " + loadout_name(jokers), jokers, std::move(policy)});
  }
}

void Bench::make_context() {
  // The context, with the load average before this run adds its own.
  cores = omp_get_num_procs();
  const std::vector<double> load_before = load_average();
  context.date_utc = utc_now();
  context.cpu_model = cpu_model();
  context.threads_measured = "1.." + std::to_string(max_threads);
  context.isa = isa_summary();
  context.isa_features = isa_features();
  context.compiler = compiler();
  context.load_average = load_before;
  const char* wait_policy = std::getenv("OMP_WAIT_POLICY");
  context.omp_wait_policy = wait_policy ? wait_policy : "runtime default (idle threads spin)";
  const double threshold = busy_threshold(cores, max_threads);
  busy = !load_before.empty() && load_before[0] > threshold;
  context.busy_threshold = threshold;
  if (busy)
    warning = "the machine is busy: 1-minute load average " + fmt("%.2f", load_before[0]) + " > " +
              fmt("%.1f", threshold) + " (" + std::to_string(cores) + " logical cores, up to " +
              std::to_string(max_threads) + (max_threads == 1 ? " thread" : " threads") +
              " measured); wall-clock rates include other processes' work — prefer the per-CPU-second "
              "rates and the min/max spread, or rerun on an idle machine";
  if (busy) std::cerr << "verflixt bench: warning: " << warning << "\n";
  // Each section's own columns after those of every row.
  const auto cols = [](std::initializer_list<const char*> names) {
    std::vector<core::report::Column> c;
    for (const char* n : names) c.push_back({.name = n});
    return c;
  };
  solo_json = section_table(false, cols({"chain_states", "compile_seconds", "alias_buckets", "mean", "stderr", "baseline_mean",
                                         "baseline_stderr", "signature", "one_step_signature", "same_as_one_thread"}));
  pass_json = section_table(true, cols({"mean", "stderr", "baseline_mean", "baseline_stderr", "same_as_one_thread",
                                        "lane_block"}));
  evening_json = section_table(true, cols({"evenings", "baseline_evenings", "same_as_one_thread", "lane_block"}));
  mpi_json = section_table(false, cols({"ranks", "same_as_rank_0_alone"}));
}

void Bench::print_row(const Row& row) {
  for (int m = 0; m < kMeasureCount; ++m) {
    const Series& s = row.series[m];
    if (s.values.empty() || (m == SCALING && row.threads == 1)) continue;
    char line[256];
    const double mean = s.mean();
    std::snprintf(line, sizeof line, "%7d  %-28s %11.4g %10.2g %6.1f%% %11.4g %11.4g\n", row.threads,
                  kMeasures[m].label, mean, s.sd(), mean != 0 ? 100 * s.sd() / std::fabs(mean) : 0.0, s.min(),
                  s.max());
    body << line;
  }
}

core::report::Table Bench::section_table(bool players, std::vector<core::report::Column> extra) const {
  core::report::Table t{.columns = {{.name = "workload"}}};
  if (players) t.columns.push_back({.name = "players"});
  for (const char* name : {"threads", "baseline", "repeats", "turns", "baseline_turns"}) t.columns.push_back({.name = name});
  for (const auto& m : kMeasures) t.columns.push_back({.name = m.key});
  for (auto& c : extra) t.columns.push_back(std::move(c));
  return t;
}

std::vector<core::report::Value> Bench::row_values(const Row& row, bool players) const {
  std::vector<core::report::Value> r = {row.workload};
  if (players) r.push_back(static_cast<std::int64_t>(row.players));
  r.insert(r.end(), {static_cast<std::int64_t>(row.threads), row.baseline, static_cast<std::int64_t>(repeats),
                     row.kernel_turns, row.baseline_turns});
  for (int m = 0; m < kMeasureCount; ++m)
    r.push_back(row.series[m].values.empty() ? core::report::Value(core::report::Absent{})
                                             : core::report::Value(series_json(row.series[m])));
  return r;
}

bool Bench::solo_rows(const Workload& w) {
  const auto t0 = std::chrono::steady_clock::now();
  const core::Chain chain = compile_chain(rules, w.jokers, *w.policy);
  const core::AliasChain alias = compile_alias(chain, alias_options);
  core::AliasOptions one_step_options = alias_options;
  one_step_options.max_steps = 1;
  const core::AliasChain one_step = compile_alias(chain, one_step_options);
  const double compile_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  double steps = 0;
  for (auto m : alias.row_steps) steps = std::max<double>(steps, m);
  // The baseline of the no-joker workload is the hand-written threshold loop; of a joker
  // workload, the reference engine turn by turn; both on std::mt19937_64 dice.
  const std::string baseline_name = w.jokers.empty() ? "naive threshold loop" : "naive engine loop";
  std::ostringstream head;  // printed with the workload's first finished row
  head << "\n" << w.name << ": " << chain.size() << " chain states, " << alias.threshold.size()
       << " alias buckets (rows of up to " << steps << " steps), compiled in " << fmt("%.3f", compile_s)
       << " s; baseline: " << baseline_name << " (" << baseline_turns << " turns/run)\n"
       << kHeader;
  bool any = false;
  std::vector<double> one_thread_kernel;
  core::Tally first;
  Timed last_baseline;
  for (int threads = 1; threads <= max_threads && !stopped(); ++threads) {
    core::KernelOptions options;
    options.threads = threads;
    Row row;
    row.section = "solo";
    row.workload = w.name;
    row.threads = threads;
    row.baseline = baseline_name;
    row.has_one_step = true;
    core::Tally one_step_first;
    const auto [k, b] = measure(
        row, repeats, one_thread_kernel, [&] { return core::sample_chain(alias, turns, seed, options, control); },
        // The same kernel with one chain step per row: every step one draw.
        [&] { return core::sample_chain(one_step, turns, seed, options, control); },
        [&] {
          return w.jokers.empty() ? naive_threshold(rules, 17, baseline_turns, seed, threads)
                                  : naive_engine_turns(rules, w.jokers, *w.policy, baseline_turns, seed, threads);
        },
        first);
    if (stopped()) break;
    ++rows_done;
    if (!any) body << head.str();
    any = true;
    if (threads == 1) one_thread_kernel = row.series[KERNEL].values;
    last_baseline = b;
    row.signature = fmt("%.9f", k.tally.mean()) + "/" + std::to_string(k.tally.turns());
    print_row(row);
    body << "         signature (mean/turns) " << row.signature
         << (row.same_as_one_thread ? "" : "  (DIFFERS between repeats or from 1 thread!)") << "\n";
    std::vector<core::report::Value> r = row_values(row, false);
    r.insert(r.end(), {std::uint64_t{chain.size()}, compile_s, std::uint64_t{alias.threshold.size()}, k.tally.mean(),
                       k.tally.stderr_mean(), b.tally.mean(), b.tally.stderr_mean(), row.signature,
                       fmt("%.9f", row.one_step_tally.mean()) + "/" + std::to_string(row.one_step_tally.turns()),
                       row.same_as_one_thread});
    solo_json.row(std::move(r));
    rows.push_back(std::move(row));
  }
  if (!any) return false;
  const core::Tally& t = first;
  const core::Tally& bt = last_baseline.tally;
  body << "kernel mean " << fmt("%.5f", t.mean()) << " ± " << fmt("%.5f", t.stderr_mean()) << "; baseline mean ("
       << baseline_turns << " turns) agrees within "
       << fmt("%.1f", std::abs(bt.mean() - t.mean()) / std::hypot(t.stderr_mean(), bt.stderr_mean()))
       << " combined SE\n";
  return true;
}

void Bench::pass_rows() {
  // Multiplayer: passes of 6 players, the pass kernel against the reference engine
  // on the same passes (evaluate_passes), per workload; rates count turns (6 per pass).
  passes = std::max<std::uint64_t>(1, table_turns / 6);
  baseline_passes = std::max<std::uint64_t>(1, baseline_turns / 6);
  if (!stopped())
    body << "\npasses of 6 players (" << passes << " per kernel run, " << baseline_passes
         << " per engine run): pass kernel in lanes vs reference engine (the baseline)\n";
  for (const auto& w : workloads) {
    if (stopped()) break;
    // Whether this build plays the workload in a lane block (pass_kernel.h: AVX-512 builds).
    PassKernel probe(rules);
    const bool block = probe.lane_block_plays(std::vector<PassSeat>(6, PassSeat{w.policy.get(), w.jokers, 0, 0}));
    body << w.name << (block ? "  (in a lane block)" : "") << "\n" << kHeader;
    std::vector<double> one_thread_kernel;
    core::Tally first;
    for (int threads = 1; threads <= max_threads && !stopped(); ++threads) {
      auto play = [&](bool kernel) {
        return evaluate_passes(rules, w.jokers, *w.policy, 6, kernel ? passes : baseline_passes, seed, threads, control,
                               kernel)
            .tally.all;
      };
      Row row;
      row.section = "passes";
      row.workload = w.name;
      row.players = 6;
      row.threads = threads;
      row.baseline = "reference engine";
      const auto [k, e] = measure(
          row, repeats, one_thread_kernel, [&] { return play(true); }, [] { return core::Tally{}; },
          [&] { return play(false); }, first);
      if (stopped()) break;
      ++rows_done;
      if (threads == 1) one_thread_kernel = row.series[KERNEL].values;
      print_row(row);
      body << "         mean eyes (seat 1): pass kernel " << fmt("%.4f", k.tally.mean()) << " ± "
           << fmt("%.4f", k.tally.stderr_mean()) << ", reference engine " << fmt("%.4f", e.tally.mean()) << " ± "
           << fmt("%.4f", e.tally.stderr_mean())
           << (row.same_as_one_thread ? "" : "  (pass kernel DIFFERS between repeats or from 1 thread!)") << "\n";
      std::vector<core::report::Value> r = row_values(row, true);
      r.insert(r.end(), {k.tally.mean(), k.tally.stderr_mean(), e.tally.mean(), e.tally.stderr_mean(),
                         row.same_as_one_thread, block});
      pass_json.row(std::move(r));
      rows.push_back(std::move(row));
    }
  }
}

core::Tally Bench::play_evenings(PassEngine engine, int threads) {
  ObjectiveSpec spec = evening_spec;
  spec.engine = engine;
  const std::uint64_t count = engine == PassEngine::Kernel ? evenings : baseline_evenings;
  return evening_tally(play_objectives(rules, spec, count, seed, threads, control), turns_per_evening);
}

void Bench::evening_rows() {
  // Evenings of 4 players: the table workload of tournament, balance and tune — a
  // position policy with jokers against three heuristics — the pass kernel against the
  // reference engine on the same evenings (play_objectives); rates count turns.
  std::vector<EveningPlayer> evening_seats;
  for (const auto& s : evening_spec.seats) evening_seats.push_back(EveningPlayer{s.policy, s.selector, 0});
  const bool evening_block = PassKernel(rules).lane_block_plays(evening_seats);  // as play_objectives' lanes
  if (!stopped())
    body << "\nevenings of 4 players (" << evenings << " per kernel run, " << baseline_evenings
         << " per engine run, series of " << evening_spec.series_length
         << "): pass kernel in lanes vs reference engine (the baseline)\n"
         << evening_name << (evening_block ? "  (in a lane block)" : "") << "\n"
         << kHeader;
  {
    std::vector<double> one_thread_kernel;
    core::Tally first;
    for (int threads = 1; threads <= max_threads && !stopped(); ++threads) {
      Row row;
      row.section = "evenings";
      row.workload = evening_name;
      row.players = 4;
      row.threads = threads;
      row.baseline = "reference engine";
      const auto [k, e] = measure(
          row, repeats, one_thread_kernel, [&] { return play_evenings(PassEngine::Kernel, threads); },
          [] { return core::Tally{}; }, [&] { return play_evenings(PassEngine::Reference, threads); }, first);
      if (stopped()) break;
      ++rows_done;
      if (threads == 1) one_thread_kernel = row.series[KERNEL].values;
      print_row(row);
      if (!row.same_as_one_thread) body << "         (pass kernel DIFFERS between repeats or from 1 thread!)\n";
      std::vector<core::report::Value> r = row_values(row, true);
      r.insert(r.end(), {evenings, baseline_evenings, row.same_as_one_thread, evening_block});
      evening_json.row(std::move(r));
      rows.push_back(std::move(row));
    }
  }

}

void Bench::mpi_rows() {
  // MPI: all ranks, one thread each, against rank 0 alone on one thread, on the
  // table workloads with the pass kernel; the ratio is the speed-up of the ranks. The other
  // ranks wait (sleeping) while rank 0 plays alone.
  if (ranks > 1 && !stopped()) {
    body << "\nMPI: " << ranks << " ranks x 1 thread (\"kernel\") vs rank 0 alone x 1 thread (\"baseline\"), "
         << "pass kernel; the ratio is the ranks' speed-up\n";
    struct MpiWorkload {
      std::string name;
      std::function<core::Tally()> play;
    };
    const Workload& plain = workloads.front();
    const std::vector<MpiWorkload> mpi_workloads = {
        {"passes of 6 players, " + plain.name,
         [&] { return evaluate_passes(rules, plain.jokers, *plain.policy, 6, passes, seed, 1, control, true).tally.all; }},
        {"evenings of 4 players, " + evening_name, [&] { return play_evenings(PassEngine::Kernel, 1); }},
    };
    for (const auto& w : mpi_workloads) {
      if (stopped()) break;
      Row row;
      row.section = "mpi";
      row.workload = w.name;
      row.threads = 1;
      row.baseline = "rank 0 alone";
      core::Tally first;
      auto alone = [&] {
        core::Tally t;
        if (core::cluster::root()) {
          const core::cluster::Alone scope;
          t = w.play();
        }
        core::cluster::barrier();
        return t;
      };
      const auto [k, b] = measure(row, repeats, {}, w.play, [] { return core::Tally{}; }, alone, first);
      if (stopped()) break;
      ++rows_done;
      body << w.name << "\n" << kHeader;
      print_row(row);
      const bool same = k.tally == b.tally;
      body << "         " << ranks << " ranks give the same result as rank 0 alone: " << (same ? "yes" : "NO") << "\n";
      std::vector<core::report::Value> r = row_values(row, false);
      r.insert(r.end(), {static_cast<std::int64_t>(ranks), same});
      mpi_json.row(std::move(r));
      rows.push_back(std::move(row));
    }
  }
}

}  // namespace bench_run

int bench_command(int argc, const char* const* argv) {
  po::variables_map vm;
  if (!parse(argc, argv, "bench options", bench_options(), kUsage, vm)) return 0;
  bench_run::Bench b;
  b.read_settings(vm);
  b.read_workloads(vm);
  b.make_context();

  install_interrupt_handler();
  b.control.stop = &interrupt_flag();
  b.ranks = core::cluster::size();
  b.total_rows = (2 * b.workloads.size() + 1) * static_cast<std::uint64_t>(b.max_threads) + (b.ranks > 1 ? 2 : 0);

  for (const auto& w : b.workloads) {
    if (stopped()) break;
    if (!b.solo_rows(w)) break;
  }
  b.pass_rows();
  b.evening_rows();
  b.mpi_rows();
  b.context.load_average_after = load_average();  // includes this run's own threads
  const std::vector<std::string> trust = trust_warnings(b.rows);
  for (const auto& w : trust) std::cerr << "verflixt bench: warning: " << w << "\n";
  b.context.trust_warnings = trust;
  const Completion done = completion(b.rows_done, b.total_rows, "measurements");
  return b.report(vm, done, trust);
}

}  // namespace verflixt::cli
