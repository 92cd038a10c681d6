// bench's report (answers/bench.h): the table with its context block, JSON with every repeat,
// or CSV with one line per section x workload x threads and statistic.
#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "verflixt/core/ini.h"
#include "verflixt/core/kernel.h"
#include "verflixt/games/verflixte6/answers/bench.h"
#include "verflixt/version.h"

namespace verflixt::verflixte6 {

namespace {

namespace rp = core::report;
using core::report::number;
using M = BenchRow::Measure;

constexpr const char* kHeader =
    "threads  measure                             mean       ± sd sd/mean         min         max\n";

// A measure in JSON: {"mean", "sd", "min", "max", "values"}.
rp::Nested series_json(const BenchSeries& s) {
  rp::Table t{.columns = {{.name = "mean"}, {.name = "sd"}, {.name = "min"}, {.name = "max"}, {.name = "values"}},
              .json = rp::Table::Object};
  return t.row({s.mean(), s.sd(), s.min(), s.max(), s.values}).nested();
}

// A solo row's signature: the kernel's mean and turns for the seed.
std::string signature(const core::Tally& t) { return number("%.9f", t.mean()) + "/" + std::to_string(t.turns()); }

// A row's measures in the table, one line each.
void print_row(std::ostream& body, const BenchRow& row) {
  for (int m = 0; m < kBenchMeasureCount; ++m) {
    const BenchSeries& s = row.series[m];
    if (s.values.empty() || (m == M::SCALING && row.threads == 1)) continue;
    char line[256];
    const double mean = s.mean();
    std::snprintf(line, sizeof line, "%7d  %-28s %11.4g %10.2g %6.1f%% %11.4g %11.4g\n", row.threads,
                  kBenchMeasures[m].label, mean, s.sd(), mean != 0 ? 100 * s.sd() / std::fabs(mean) : 0.0, s.min(),
                  s.max());
    body << line;
  }
}

// The measurements of every section, as the table shows them below its context block.
std::string measurements(const BenchAnswer& a) {
  const std::uint64_t baseline_turns = a.settings.baseline_turns;
  std::ostringstream body;
  for (const BenchWorkload& w : a.solo.workloads) {
    body << "\n" << w.name << ": " << w.chain_states << " chain states, " << w.alias_buckets
         << " alias buckets (rows of up to " << w.max_row_steps << " steps), compiled in "
         << number("%.3f", w.compile_seconds) << " s; baseline: " << w.baseline << " (" << baseline_turns
         << " turns/run)\n"
         << kHeader;
    for (const BenchRow& row : w.rows) {
      print_row(body, row);
      body << "         signature (mean/turns) " << signature(row.kernel_tally)
           << (row.same_as_one_thread ? "" : "  (DIFFERS between repeats or from 1 thread!)") << "\n";
    }
    // The one-thread kernel against the last row's baseline.
    const core::Tally& t = w.rows.front().kernel_tally;
    const core::Tally& bt = w.rows.back().baseline_tally;
    body << "kernel mean " << number("%.5f", t.mean()) << " ± " << number("%.5f", t.stderr_mean())
         << "; baseline mean (" << baseline_turns << " turns) agrees within "
         << number("%.1f", std::abs(bt.mean() - t.mean()) / std::hypot(t.stderr_mean(), bt.stderr_mean()))
         << " combined SE\n";
  }
  if (a.passes.begun)
    body << "\npasses of 6 players (" << a.pass_count << " per kernel run, " << a.baseline_pass_count
         << " per engine run): pass kernel in lanes vs reference engine (the baseline)\n";
  for (const BenchWorkload& w : a.passes.workloads) {
    body << w.name << (w.lane_block ? "  (in a lane block)" : "") << "\n" << kHeader;
    for (const BenchRow& row : w.rows) {
      const core::Tally &k = row.kernel_tally, &e = row.baseline_tally;
      print_row(body, row);
      body << "         mean eyes (seat 1): pass kernel " << number("%.4f", k.mean()) << " ± "
           << number("%.4f", k.stderr_mean()) << ", reference engine " << number("%.4f", e.mean()) << " ± "
           << number("%.4f", e.stderr_mean())
           << (row.same_as_one_thread ? "" : "  (pass kernel DIFFERS between repeats or from 1 thread!)") << "\n";
    }
  }
  for (const BenchWorkload& w : a.evenings.workloads) {
    body << "\nevenings of 4 players (" << a.evening_count << " per kernel run, " << a.baseline_evening_count
         << " per engine run, series of " << a.series_length
         << "): pass kernel in lanes vs reference engine (the baseline)\n"
         << w.name << (w.lane_block ? "  (in a lane block)" : "") << "\n"
         << kHeader;
    for (const BenchRow& row : w.rows) {
      print_row(body, row);
      if (!row.same_as_one_thread) body << "         (pass kernel DIFFERS between repeats or from 1 thread!)\n";
    }
  }
  if (a.mpi.begun)
    body << "\nMPI: " << a.ranks << " ranks x 1 thread (\"kernel\") vs rank 0 alone x 1 thread (\"baseline\"), "
         << "pass kernel; the ratio is the ranks' speed-up\n";
  for (const BenchWorkload& w : a.mpi.workloads)
    for (const BenchRow& row : w.rows) {
      body << w.name << "\n" << kHeader;
      print_row(body, row);
      body << "         " << a.ranks << " ranks give the same result as rank 0 alone: "
           << (row.kernel_tally == row.baseline_tally ? "yes" : "NO") << "\n";
    }
  return body.str();
}

// A section's rows as JSON: the columns every row has (with the players where a table plays),
// then the section's own, `extra`, whose values `own` gives per workload and row.
template <class Own>
rp::Nested section_json(const BenchAnswer& a, const BenchSection& section, bool players,
                        std::initializer_list<const char*> extra, Own own) {
  rp::Table t{.columns = {{.name = "workload"}}};
  if (players) t.columns.push_back({.name = "players"});
  for (const char* name : {"threads", "baseline", "repeats", "turns", "baseline_turns"})
    t.columns.push_back({.name = name});
  for (const auto& m : kBenchMeasures) t.columns.push_back({.name = m.key});
  for (const char* name : extra) t.columns.push_back({.name = name});
  for (const BenchWorkload& w : section.workloads)
    for (const BenchRow& row : w.rows) {
      std::vector<rp::Value> r = {w.name};
      if (players) r.push_back(static_cast<std::int64_t>(w.players));
      r.insert(r.end(), {static_cast<std::int64_t>(row.threads), w.baseline,
                         static_cast<std::int64_t>(a.settings.repeats), row.kernel_tally.turns(),
                         row.baseline_tally.turns()});
      for (int m = 0; m < kBenchMeasureCount; ++m)
        r.push_back(row.series[m].values.empty() ? rp::Value(rp::Absent{}) : rp::Value(series_json(row.series[m])));
      const std::vector<rp::Value> more = own(w, row);
      r.insert(r.end(), more.begin(), more.end());
      t.row(std::move(r));
    }
  return t.nested();
}

}  // namespace

core::report::Report describe(const BenchAnswer& a) {
  const BenchSettings& s = a.settings;
  rp::Report out({});
  out.field("version", std::string(kVersion), rp::kJsonHead)
      .field("game", std::string(kGame), rp::kJsonHead)
      .field("seed", s.seed, rp::kJsonHead)
      .field("rules", rules_summary(s.rules), rp::kJsonHead)
      .field("turns", s.turns, rp::kJsonHead)
      .field("baseline_turns", s.baseline_turns)
      .field("table_turns", s.table_turns)
      .field("repeats", s.repeats)
      .field("statistics", std::string("per measure: every repeat (values), mean, sample standard deviation (n-1), min, "
                                       "max; ratios per repeat"));
  const BenchContext& c = a.context;
  const std::string warning = busy_warning(c, s.max_threads);
  const bool busy = !warning.empty();
  const rp::Value warned = busy ? rp::Value(warning) : rp::Value(nullptr);
  const std::string threads_measured = "1.." + std::to_string(s.max_threads);
  rp::Table ctx{.columns = {{.name = "date_utc"}, {.name = "verflixt_version"}, {.name = "cpu_model"},
                            {.name = "logical_cores"}, {.name = "threads_measured"}, {.name = "isa"},
                            {.name = "isa_features"}, {.name = "kernel_level"}, {.name = "native_build"}, {.name = "compiler"},
                            {.name = "build_type"}, {.name = "build_flags"}, {.name = "assertions"},
                            {.name = "load_average"}, {.name = "omp_wait_policy"}, {.name = "busy_threshold"},
                            {.name = "machine_busy"}, {.name = "warning"}, {.name = "mpi_ranks"},
                            {.name = "load_average_after"}, {.name = "trust_warnings"}},
                .json = rp::Table::Object};
  ctx.row({c.date_utc, std::string(kVersion), c.cpu_model, static_cast<std::int64_t>(c.cores), threads_measured, c.isa,
           c.isa_features, core::kernel_level(), c.native_build, c.compiler, c.build_type, c.build_flags, c.assertions,
           c.load_average, c.omp_wait_policy, c.busy_threshold, busy, warned, static_cast<std::int64_t>(a.ranks),
           c.load_average_after, a.trust_warnings});
  const auto same = [](const BenchRow& row) { return rp::Value(row.same_as_one_thread); };
  out.field("context", ctx.nested())
      .field("warning", warned)
      .field("rows", section_json(a, a.solo, false,
                                  {"chain_states", "compile_seconds", "alias_buckets", "mean", "stderr", "baseline_mean",
                                   "baseline_stderr", "signature", "one_step_signature", "same_as_one_thread"},
                                  [&](const BenchWorkload& w, const BenchRow& row) {
                                    const core::Tally &k = row.kernel_tally, &b = row.baseline_tally;
                                    return std::vector<rp::Value>{
                                        w.chain_states, w.compile_seconds, w.alias_buckets, k.mean(), k.stderr_mean(),
                                        b.mean(), b.stderr_mean(), signature(k), signature(row.one_step_tally),
                                        same(row)};
                                  }))
      .field("pass_rows", section_json(a, a.passes, true,
                                       {"mean", "stderr", "baseline_mean", "baseline_stderr", "same_as_one_thread",
                                        "lane_block"},
                                       [&](const BenchWorkload& w, const BenchRow& row) {
                                         const core::Tally &k = row.kernel_tally, &e = row.baseline_tally;
                                         return std::vector<rp::Value>{k.mean(), k.stderr_mean(), e.mean(),
                                                                       e.stderr_mean(), same(row), w.lane_block};
                                       }))
      .field("evening_rows", section_json(a, a.evenings, true,
                                          {"evenings", "baseline_evenings", "same_as_one_thread", "lane_block"},
                                          [&](const BenchWorkload& w, const BenchRow& row) {
                                            return std::vector<rp::Value>{a.evening_count, a.baseline_evening_count,
                                                                          same(row), w.lane_block};
                                          }));
  if (a.ranks > 1)
    out.field("mpi_rows", section_json(a, a.mpi, false, {"ranks", "same_as_rank_0_alone"},
                                       [&](const BenchWorkload&, const BenchRow& row) {
                                         return std::vector<rp::Value>{static_cast<std::int64_t>(a.ranks),
                                                                       row.kernel_tally == row.baseline_tally};
                                       }));
  core::mark(out, a.done);

  // CSV: one line per section x workload x threads and stat: each repeat (stat "repeat", with
  // its number), then the summaries "mean", "sd", "min", "max" of those repeats.
  std::vector<rp::Column> columns = {{.name = "section"}, {.name = "workload", .csv_escaped = true},
                                     {.name = "players"}, {.name = "threads"},
                                     {.name = "baseline", .csv_escaped = true}, {.name = "stat"}, {.name = "repeat"}};
  for (const auto& m : kBenchMeasures) columns.push_back({.name = m.key, .csv_format = "%.10g"});
  for (const char* name : {"turns", "baseline_turns", "signature"}) columns.push_back({.name = name});
  rp::Table& csv = out.table("", columns, rp::kCsv);
  for (const BenchSection* section : {&a.solo, &a.passes, &a.evenings, &a.mpi})
    for (const BenchWorkload& w : section->workloads)
      for (const BenchRow& row : w.rows) {
        const std::string sig = section == &a.solo ? signature(row.kernel_tally) : std::string();
        const auto line = [&](const char* stat, rp::Value repeat, auto value_of) {
          std::vector<rp::Value> v = {section->name, w.name, static_cast<std::int64_t>(w.players),
                                      static_cast<std::int64_t>(row.threads), w.baseline, std::string(stat), repeat};
          for (int m = 0; m < kBenchMeasureCount; ++m)
            v.push_back(row.series[m].values.empty() ? rp::Value(rp::Absent{}) : rp::Value(value_of(row.series[m])));
          v.insert(v.end(), {row.kernel_tally.turns(), row.baseline_tally.turns(), sig});
          csv.row(std::move(v));
        };
        for (int r = 0; r < s.repeats; ++r)
          line("repeat", static_cast<std::int64_t>(r + 1),
               [&](const BenchSeries& x) { return x.values[static_cast<size_t>(r)]; });
        line("mean", rp::Absent{}, [](const BenchSeries& x) { return x.mean(); });
        line("sd", rp::Absent{}, [](const BenchSeries& x) { return x.sd(); });
        line("min", rp::Absent{}, [](const BenchSeries& x) { return x.min(); });
        line("max", rp::Absent{}, [](const BenchSeries& x) { return x.max(); });
      }

  // The table: the context block, then the measurements as they were taken.
  std::ostringstream table;
  table << "verflixt " << kVersion << " bench  rules " << rules_summary(s.rules) << "  seed " << s.seed
        << "  kernel turns " << s.turns << "  baseline turns " << s.baseline_turns << "  table turns " << s.table_turns
        << "  repeats " << s.repeats << "\n";
  auto loads = [](const std::vector<double>& l) {
    return l.size() == 3 ? number("%.2f", l[0]) + " " + number("%.2f", l[1]) + " " + number("%.2f", l[2])
                         : std::string("unavailable");
  };
  table << "date           " << c.date_utc << "\n"
        << "cpu            " << c.cpu_model << ", " << c.cores << " logical cores\n"
        << "threads        " << threads_measured
        << (a.ranks > 1 ? " per rank, on " + std::to_string(a.ranks) + " MPI ranks" : std::string()) << "\n"
        << "isa            " << c.isa << " (" << (c.native_build ? "-march=native" : "portable build") << ": "
        << core::join(c.isa_features, " ") << ")\n"
        << "kernel level   " << core::kernel_level() << "\n"
        << "compiler       " << c.compiler << "\n"
        << "build          " << c.build_type << " " << c.build_flags
        << (c.assertions ? " (assertions ON: not a release build)\n" : " (assertions off)\n")
        << "load average   " << loads(c.load_average) << " (1/5/15 min) before, " << loads(c.load_average_after)
        << " after (includes this run)\n";
  if (busy) table << "WARNING        " << warning << "\n";
  for (const auto& w : a.trust_warnings) table << "WARNING        " << w << "\n";
  table << "openmp wait    " << c.omp_wait_policy
        << "; CPU-s rates count process CPU time, checked against wall time per thread\n";
  table << "statistics     per measure over " << s.repeats
        << " repeats: mean, sample standard deviation (n-1), min, max; kernel and baseline timed back to back in "
           "alternating order, ratios per repeat\n";
  table << measurements(a);
  const std::string text = table.str();
  out.line(text.substr(0, text.size() - 1));
  return out;
}

}  // namespace verflixt::verflixte6
