#pragma once
// One run of `verflixt bench` (bench_command.cpp): its settings, its workloads, the context it
// ran in and every row it measured, kept for the report (bench_report.cpp: the table, JSON
// or CSV).
#include <cstdint>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "games/verflixte6/commands/bench_measure.h"
#include "cli/cli.h"
#include "games/verflixte6/commands/seat_spec.h"
#include "verflixt/core/kernel.h"
#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::cli::bench_run {

using bench_measure::Row;

// A solo workload: a loadout under a policy.
struct Workload {
  std::string name;
  verflixte6::JokerSet jokers;
  std::unique_ptr<verflixte6::Policy> policy;
};

inline constexpr const char* kHeader =
    "threads  measure                             mean       ± sd sd/mean         min         max\n";

struct Bench {
  verflixte6::Rules rules;
  std::string format;
  std::uint64_t turns = 0, baseline_turns = 0, table_turns = 0, seed = 0;
  int max_threads = 1, repeats = 1;
  core::AliasOptions alias_options;
  std::vector<Workload> workloads;
  std::vector<SeatPlayer> evening_players;
  verflixte6::ObjectiveSpec evening_spec;
  std::uint64_t turns_per_evening = 0, evenings = 0, baseline_evenings = 0;
  std::string evening_name;
  int cores = 1;
  // What the run ran on and in: the machine, the build, the load before and after.
  struct Context {
    std::string date_utc, cpu_model, threads_measured, isa, compiler, omp_wait_policy;
    std::vector<std::string> isa_features, trust_warnings;
    std::vector<double> load_average, load_average_after;
    double busy_threshold = 0;
  } context;
  bool busy = false;
  std::string warning;
  std::vector<Row> rows;  // every row, for CSV
  // The rows of each section as JSON: the columns every row has, then the section's own.
  core::report::Table solo_json, pass_json, evening_json, mpi_json;
  std::ostringstream body;  // the table's measurements
  core::RunControl control;
  int ranks = 1;
  std::uint64_t total_rows = 0, rows_done = 0;
  std::uint64_t passes = 0, baseline_passes = 0;  // per run of the 6-player passes

  // The options, checked before anything is timed.
  void read_settings(const po::variables_map& vm);
  // The workloads: the evening table (a bad file exits 2 at once), then the solo loadouts.
  void read_workloads(const po::variables_map& vm);
  // The context, with the load average before this run adds its own.
  void make_context();
  void print_row(const bench_measure::Row& row);
  // A section's rows: the columns of every row (with the players where a table plays), then
  // `extra`; a row's values in the same order.
  core::report::Table section_table(bool players, std::vector<core::report::Column> extra) const;
  std::vector<core::report::Value> row_values(const bench_measure::Row& row, bool players) const;
  // The solo kernel against its naive loop on `w`, 1..max_threads threads; false when
  // interrupted before its first row.
  bool solo_rows(const Workload& w);
  void pass_rows();
  core::Tally play_evenings(verflixte6::PassEngine engine, int threads);
  void evening_rows();
  void mpi_rows();
  // The table, JSON or CSV of every row (bench_report.cpp).
  int report(const po::variables_map& vm, const Completion& done, const std::vector<std::string>& trust) const;
};

}  // namespace verflixt::cli::bench_run
