// The report of a `verflixt bench` run (bench_run.h): the table with its context block, JSON
// with every repeat, or CSV with one line per section x workload x threads and statistic.
#include <string>
#include <vector>

#include "cli/bench_context.h"
#include "games/verflixte6/commands/bench_run.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/kernel.h"
#include "verflixt/version.h"

// VERFLIXT_BUILD_TYPE, VERFLIXT_BUILD_FLAGS, VERFLIXT_NATIVE_BUILD: CMake (verflixt_build_info).

namespace verflixt::cli::bench_run {

using namespace verflixt::verflixte6;
namespace {

using namespace bench_context;
using namespace bench_measure;


}  // namespace

int Bench::report(const po::variables_map& vm, const Completion& done,
                  const std::vector<std::string>& trust) const {
  namespace rp = core::report;
  rp::Report out({});
  out.field("version", std::string(kVersion))
      .field("seed", seed)
      .field("rules", rules_summary(rules))
      .field("turns", turns)
      .field("baseline_turns", baseline_turns)
      .field("table_turns", table_turns)
      .field("repeats", repeats)
      .field("statistics", std::string("per measure: every repeat (values), mean, sample standard deviation (n-1), min, "
                                       "max; ratios per repeat"));
  const rp::Value warned = busy ? rp::Value(warning) : rp::Value(nullptr);
  rp::Table ctx{.columns = {{.name = "date_utc"}, {.name = "verflixt_version"}, {.name = "cpu_model"},
                            {.name = "logical_cores"}, {.name = "threads_measured"}, {.name = "isa"},
                            {.name = "isa_features"}, {.name = "kernel_level"}, {.name = "native_build"}, {.name = "compiler"},
                            {.name = "build_type"}, {.name = "build_flags"}, {.name = "assertions"},
                            {.name = "load_average"}, {.name = "omp_wait_policy"}, {.name = "busy_threshold"},
                            {.name = "machine_busy"}, {.name = "warning"}, {.name = "mpi_ranks"},
                            {.name = "load_average_after"}, {.name = "trust_warnings"}},
                .json = rp::Table::Object};
#ifdef NDEBUG
  const bool assertions = false;
#else
  const bool assertions = true;
#endif
  ctx.row({context.date_utc, std::string(kVersion), context.cpu_model, static_cast<std::int64_t>(cores),
           context.threads_measured, context.isa, context.isa_features, core::kernel_level(), VERFLIXT_NATIVE_BUILD != 0,
           context.compiler, std::string(VERFLIXT_BUILD_TYPE), std::string(VERFLIXT_BUILD_FLAGS), assertions,
           context.load_average, context.omp_wait_policy, context.busy_threshold, busy, warned,
           static_cast<std::int64_t>(ranks), context.load_average_after, context.trust_warnings});
  out.field("context", ctx.nested())
      .field("warning", warned)
      .field("rows", solo_json.nested())
      .field("pass_rows", pass_json.nested())
      .field("evening_rows", evening_json.nested());
  if (ranks > 1) out.field("mpi_rows", mpi_json.nested());
  mark(out, done);

  // CSV: one line per section x workload x threads and stat: each repeat (stat "repeat", with
  // its number), then the summaries "mean", "sd", "min", "max" of those repeats.
  std::vector<rp::Column> columns = {{.name = "section"}, {.name = "workload", .csv_escaped = true},
                                     {.name = "players"}, {.name = "threads"},
                                     {.name = "baseline", .csv_escaped = true}, {.name = "stat"}, {.name = "repeat"}};
  for (const auto& m : kMeasures) columns.push_back({.name = m.key, .csv_format = "%.10g"});
  for (const char* name : {"kernel_turns", "baseline_turns", "signature"}) columns.push_back({.name = name});
  rp::Table& csv = out.table("", columns, rp::kCsv);
  for (const auto& row : rows) {
    const auto line = [&](const char* stat, rp::Value repeat, auto value_of) {
      std::vector<rp::Value> v = {row.section, row.workload, static_cast<std::int64_t>(row.players),
                                  static_cast<std::int64_t>(row.threads), row.baseline, std::string(stat), repeat};
      for (int m = 0; m < kMeasureCount; ++m)
        v.push_back(row.series[m].values.empty() ? rp::Value(rp::Absent{}) : rp::Value(value_of(row.series[m])));
      v.insert(v.end(), {row.kernel_turns, row.baseline_turns, row.signature});
      csv.row(std::move(v));
    };
    for (int r = 0; r < repeats; ++r)
      line("repeat", static_cast<std::int64_t>(r + 1), [&](const Series& s) { return s.values[static_cast<size_t>(r)]; });
    line("mean", rp::Absent{}, [](const Series& s) { return s.mean(); });
    line("sd", rp::Absent{}, [](const Series& s) { return s.sd(); });
    line("min", rp::Absent{}, [](const Series& s) { return s.min(); });
    line("max", rp::Absent{}, [](const Series& s) { return s.max(); });
  }

  // The table: the context block, then the measurements as they were printed.
  std::ostringstream table;
  table << "verflixt " << kVersion << " bench  rules " << rules_summary(rules) << "  seed " << seed
        << "  kernel turns " << turns << "  baseline turns " << baseline_turns << "  table turns " << table_turns
        << "  repeats " << repeats << "\n";
  auto loads = [](const std::vector<double>& l) {
    return l.size() == 3 ? fmt("%.2f", l[0]) + " " + fmt("%.2f", l[1]) + " " + fmt("%.2f", l[2]) : std::string("unavailable");
  };
  table << "date           " << context.date_utc << "\n"
        << "cpu            " << context.cpu_model << ", " << cores << " logical cores\n"
        << "threads        " << context.threads_measured
        << (ranks > 1 ? " per rank, on " + std::to_string(ranks) + " MPI ranks" : std::string()) << "\n"
        << "isa            " << context.isa << " (" << (VERFLIXT_NATIVE_BUILD ? "-march=native" : "portable build")
        << ": " << core::join(context.isa_features, " ") << ")\n"
        << "kernel level   " << core::kernel_level() << "\n"
        << "compiler       " << context.compiler << "\n"
        << "build          " << VERFLIXT_BUILD_TYPE << " " << VERFLIXT_BUILD_FLAGS
        << (assertions ? " (assertions ON: not a release build)\n" : " (assertions off)\n")
        << "load average   " << loads(context.load_average) << " (1/5/15 min) before, "
        << loads(context.load_average_after) << " after (includes this run)\n";
  if (busy) table << "WARNING        " << warning << "\n";
  for (const auto& w : trust) table << "WARNING        " << w << "\n";
  table << "openmp wait    " << context.omp_wait_policy
        << "; CPU-s rates count process CPU time, checked against wall time per thread\n";
  table << "statistics     per measure over " << repeats
        << " repeats: mean, sample standard deviation (n-1), min, max; kernel and baseline timed back to back in "
           "alternating order, ratios per repeat\n";
  table << body.str();
  const std::string text = table.str();
  out.line(text.substr(0, text.size() - 1));
  return finish(vm, format, done, out.render(format));
}

}  // namespace verflixt::cli::bench_run
