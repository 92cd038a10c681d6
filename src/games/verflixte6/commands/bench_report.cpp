// The report of a `verflixt bench` run (bench_run.h): the table with its context block, JSON
// with every repeat, or CSV with one line per section x workload x threads and statistic.
#include <string>
#include <vector>

#include "games/verflixte6/commands/bench_context.h"
#include "games/verflixte6/commands/bench_run.h"
#include "verflixt/core/ini.h"
#include "verflixt/version.h"

// VERFLIXT_BUILD_TYPE, VERFLIXT_BUILD_FLAGS, VERFLIXT_NATIVE_BUILD: CMake (verflixt_build_info).

namespace verflixt::cli::bench_run {

using namespace verflixt::verflixte6;
namespace {

using namespace bench_context;
using namespace bench_measure;


std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

}  // namespace

int Bench::report(const po::variables_map& vm, const Completion& done,
                  const std::vector<std::string>& trust) const {
  if (format == "json") {
    nlohmann::ordered_json j;
    j["version"] = kVersion;
    j["seed"] = seed;
    j["rules"] = rules_summary(rules);
    j["turns"] = turns;
    j["baseline_turns"] = baseline_turns;
    j["table_turns"] = table_turns;
    j["repeats"] = repeats;
    j["statistics"] =
        "per measure: every repeat (values), mean, sample standard deviation (n-1), min, max; ratios per repeat";
    j["context"] = context;
    j["warning"] = context["warning"];
    j["rows"] = solo_json;
    j["pass_rows"] = pass_json;
    j["evening_rows"] = evening_json;
    if (ranks > 1) j["mpi_rows"] = mpi_json;
    mark_json(j, done);
    return finish(vm, format, done, json_text(j));
  } else if (format == "csv") {
    // One line per section x workload x threads and stat: each repeat (stat "repeat", with
    // its number), then the summaries "mean", "sd", "min", "max" of those repeats.
    std::string text = "section,workload,players,threads,baseline,stat,repeat";
    for (const auto& m : kMeasures) text += std::string(",") + m.key;
    text += ",kernel_turns,baseline_turns,signature\n";
    for (const auto& row : rows) {
      const std::string head = row.section + "," + csv_field(row.workload) + "," + std::to_string(row.players) + "," +
                               std::to_string(row.threads) + "," + csv_field(row.baseline) + ",";
      const std::string tail = "," + std::to_string(row.kernel_turns) + "," + std::to_string(row.baseline_turns) +
                               "," + row.signature + "\n";
      auto cells = [&](auto value_of) {
        std::string c;
        for (int m = 0; m < kMeasureCount; ++m)
          c += "," + (row.series[m].values.empty() ? std::string() : fmt("%.10g", value_of(row.series[m])));
        return c;
      };
      for (int r = 0; r < repeats; ++r)
        text += head + "repeat," + std::to_string(r + 1) +
                cells([&](const Series& s) { return s.values[static_cast<size_t>(r)]; }) + tail;
      text += head + "mean," + cells([](const Series& s) { return s.mean(); }) + tail;
      text += head + "sd," + cells([](const Series& s) { return s.sd(); }) + tail;
      text += head + "min," + cells([](const Series& s) { return s.min(); }) + tail;
      text += head + "max," + cells([](const Series& s) { return s.max(); }) + tail;
    }
    return finish(vm, format, done, text);
  } else {
    std::ostringstream table;
    table << "verflixt " << kVersion << " bench  rules " << rules_summary(rules) << "  seed " << seed
          << "  kernel turns " << turns << "  baseline turns " << baseline_turns << "  table turns " << table_turns
          << "  repeats " << repeats << "\n";
    auto loads = [](const nlohmann::ordered_json& l) {
      return l.size() == 3 ? fmt("%.2f", l[0].get<double>()) + " " + fmt("%.2f", l[1].get<double>()) + " " +
                                 fmt("%.2f", l[2].get<double>())
                           : std::string("unavailable");
    };
    table << "date           " << context["date_utc"].get<std::string>() << "\n"
          << "cpu            " << context["cpu_model"].get<std::string>() << ", " << cores << " logical cores\n"
          << "threads        " << context["threads_measured"].get<std::string>()
          << (ranks > 1 ? " per rank, on " + std::to_string(ranks) + " MPI ranks" : std::string()) << "\n"
          << "isa            " << context["isa"].get<std::string>() << " ("
          << (VERFLIXT_NATIVE_BUILD ? "-march=native" : "portable build") << ": " << core::join(isa_features(), " ")
          << ")\n"
          << "compiler       " << context["compiler"].get<std::string>() << "\n"
          << "build          " << VERFLIXT_BUILD_TYPE << " " << VERFLIXT_BUILD_FLAGS
#ifdef NDEBUG
          << " (assertions off)\n"
#else
          << " (assertions ON: not a release build)\n"
#endif
          << "load average   " << loads(context["load_average"]) << " (1/5/15 min) before, "
          << loads(context["load_average_after"]) << " after (includes this run)\n";
    if (busy) table << "WARNING        " << warning << "\n";
    for (const auto& w : trust) table << "WARNING        " << w << "\n";
    table << "openmp wait    " << context["omp_wait_policy"].get<std::string>()
          << "; CPU-s rates count process CPU time, checked against wall time per thread\n";
    table << "statistics     per measure over " << repeats
          << " repeats: mean, sample standard deviation (n-1), min, max; kernel and baseline timed back to back in "
             "alternating order, ratios per repeat\n";
    table << body.str();
    return finish(vm, format, done, table.str());
  }
  return 0;
}

}  // namespace verflixt::cli::bench_run
