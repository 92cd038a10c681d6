// `verflixt bench` is a regression check: its signature is the kernel's tally, the same on
// any number of threads; its CSV and table keep every repeat and its context.
#include <gtest/gtest.h>
#include <sys/types.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "binary.h"
#include "verflixt/core/kernel.h"
#include "verflixt/games/verflixte6/analyses/yardstick.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"
#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::verflixte6 {
namespace {

std::string bench_json(const std::string& args) {
  const auto dir = std::filesystem::temp_directory_path() / ("verflixt_kernel_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto out = dir / "bench.json";
  const std::string cmd = std::string(VERFLIXT_BINARY) + " bench " + args + " --output " + out.string() + " 2>/dev/null";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::ifstream in(out);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Every kept repeat of one measure, and the summary computed from them (sample SD, n - 1).
void expect_summary_of(const std::vector<double>& v, double mean, double sd, double min, double max,
                       double rel, const std::string& what) {
  SCOPED_TRACE(what);
  ASSERT_FALSE(v.empty());
  double m = 0;
  for (double x : v) m += x;
  m /= static_cast<double>(v.size());
  double ss = 0;
  for (double x : v) ss += (x - m) * (x - m);
  const double s = v.size() > 1 ? std::sqrt(ss / static_cast<double>(v.size() - 1)) : 0.0;
  EXPECT_NEAR(mean, m, rel * std::fabs(m));
  EXPECT_NEAR(sd, s, rel * std::fabs(m));
  EXPECT_NEAR(min, *std::min_element(v.begin(), v.end()), rel * std::fabs(m));
  EXPECT_NEAR(max, *std::max_element(v.begin(), v.end()), rel * std::fabs(m));
}

std::string expected_signature() {
  const Rules rules = preset("tournament-2019");
  const core::Tally t = sample_chain(compile_chain(rules, JokerSet{}, ThresholdPolicy(17)), 200000, 7, 1);
  char expect[64];
  std::snprintf(expect, sizeof expect, "%.9f/200000", t.mean());
  return expect;
}

const char* const kBenchArgs = "--turns 200000 --baseline-turns 2000 --table-turns 24000 --seed 7 --threads 2 --repeats 2 --policy "
                               VERFLIXT_SOURCE_DIR "/strategies/heuristic.ini --table-policy " VERFLIXT_SOURCE_DIR
                               "/strategies/position-jokers.ini --table-field " VERFLIXT_SOURCE_DIR
                               "/strategies/heuristic.ini";

TEST(BenchCommand, SignatureIsTheKernelTallyAndIndependentOfThreads) {
  const auto j = nlohmann::json::parse(bench_json(std::string(kBenchArgs) + " --format json"));
  ASSERT_EQ(j["rows"].size(), 4u);  // two workloads, 1 and 2 threads
  const std::string expect = expected_signature();
  EXPECT_EQ(j["repeats"], 2);
  for (const auto& row : j["rows"]) {
    EXPECT_TRUE(row["same_as_one_thread"].get<bool>());
    const auto& k = row["kernel_turns_per_second"]["values"];
    const auto& b = row["baseline_turns_per_second"]["values"];
    const auto& ratio = row["kernel_to_baseline_ratio"]["values"];
    ASSERT_EQ(k.size(), 2u);  // every repeat kept
    ASSERT_EQ(b.size(), 2u);
    ASSERT_EQ(ratio.size(), 2u);
    for (size_t r = 0; r < 2; ++r) {
      EXPECT_GT(k[r].get<double>(), 0.0);
      EXPECT_GT(b[r].get<double>(), 0.0);
      // The ratio of a repeat is its own kernel over its own baseline.
      EXPECT_NEAR(ratio[r].get<double>(), k[r].get<double>() / b[r].get<double>(), 1e-9 * ratio[r].get<double>());
    }
  }
  EXPECT_EQ(j["rows"][0]["workload"], "threshold:17");
  EXPECT_EQ(j["rows"][0]["signature"], expect);
  EXPECT_EQ(j["rows"][1]["signature"], expect);
  // 6-player passes: the pass kernel against the reference engine on the same passes; the
  // two seat-1 means are independent samples of one distribution.
  ASSERT_EQ(j["pass_rows"].size(), 4u);
  EXPECT_EQ(j["table_turns"], 24000);
  for (const auto& row : j["pass_rows"]) {
    EXPECT_EQ(row["turns"], 24000);         // 4000 passes of 6
    EXPECT_EQ(row["baseline_turns"], 1998);  // 333 passes of 6
    EXPECT_TRUE(row["same_as_one_thread"].get<bool>());
    EXPECT_EQ(row["kernel_to_baseline_ratio"]["values"].size(), 2u);
    EXPECT_GT(row["kernel_to_baseline_ratio"]["mean"].get<double>(), 0.0);
    EXPECT_LE(std::fabs(row["mean"].get<double>() - row["baseline_mean"].get<double>()),
              4 * std::hypot(row["stderr"].get<double>(), row["baseline_stderr"].get<double>()));
  }
  // 4-player evenings: pass kernel against reference engine, 1 and 2 threads; the kernel's
  // result (hashed into its tally) is the same on 2 threads as on 1.
  ASSERT_EQ(j["evening_rows"].size(), 2u);
  for (const auto& row : j["evening_rows"]) {
    EXPECT_EQ(row["players"], 4);
    EXPECT_TRUE(row["same_as_one_thread"].get<bool>());
    EXPECT_GT(row["evenings"].get<int>(), 0);
    EXPECT_EQ(row["turns"].get<std::uint64_t>(), row["evenings"].get<std::uint64_t>() * 4 * 3);  // 3 passes (P2)
    // The kernel plays --table-turns, the engine --baseline-turns.
    EXPECT_EQ(row["evenings"], 24000 / 12);
    EXPECT_EQ(row["baseline_evenings"], 2000 / 12);
    EXPECT_EQ(row["baseline_turns"].get<std::uint64_t>(), row["baseline_evenings"].get<std::uint64_t>() * 4 * 3);
    EXPECT_GT(row["kernel_to_baseline_ratio"]["mean"].get<double>(), 0.0);
  }
  EXPECT_FALSE(j.contains("mpi_rows"));  // not under mpirun
  EXPECT_EQ(j["context"]["mpi_ranks"], 1);
  // Every summary is the mean, sample SD, min and max of the repeats it keeps.
  for (const char* section : {"rows", "pass_rows", "evening_rows"})
    for (const auto& row : j[section])
      for (const auto& [key, value] : row.items())
        if (value.is_object()) {
          ASSERT_TRUE(value.contains("values")) << key;
          EXPECT_EQ(value["values"].size(), 2u) << key;
          expect_summary_of(value["values"].get<std::vector<double>>(), value["mean"], value["sd"], value["min"],
                            value["max"], 1e-12, std::string(section) + " " + key);
        }
  // The context: what the numbers depend on.
  const auto& c = j["context"];
  for (const char* key : {"date_utc", "verflixt_version", "cpu_model", "logical_cores", "threads_measured", "isa",
                          "isa_features", "native_build", "compiler", "build_type", "build_flags", "assertions",
                          "load_average", "load_average_after", "busy_threshold", "machine_busy", "warning"})
    EXPECT_TRUE(c.contains(key)) << key;
  EXPECT_FALSE(c["cpu_model"].get<std::string>().empty());
  EXPECT_EQ(c["threads_measured"], "1..2");
  EXPECT_GE(c["logical_cores"].get<int>(), 1);
  EXPECT_EQ(c["load_average"].size(), 3u);
  EXPECT_EQ(c["machine_busy"].get<bool>(), c["warning"].is_string());
  EXPECT_EQ(c["machine_busy"].get<bool>(), c["load_average"][0].get<double>() > c["busy_threshold"].get<double>());
#ifdef NDEBUG
  EXPECT_FALSE(c["assertions"].get<bool>());
#endif
}

// Splits one CSV line (RFC 4180 quoting).
std::vector<std::string> csv_cells(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    if (quoted) {
      if (ch == '"' && i + 1 < line.size() && line[i + 1] == '"') out.back() += '"', ++i;
      else if (ch == '"') quoted = false;
      else out.back() += ch;
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == ',') {
      out.emplace_back();
    } else {
      out.back() += ch;
    }
  }
  return out;
}

TEST(BenchCommand, CsvKeepsEveryRepeatAndItsSummaryUnderDistinctColumns) {
  std::istringstream text(verflixt::testing::csv_rows(bench_json(std::string(kBenchArgs) + " --format csv")));
  std::string line;
  ASSERT_TRUE(std::getline(text, line));
  const auto header = csv_cells(line);
  std::map<std::string, size_t> col;
  for (size_t i = 0; i < header.size(); ++i) EXPECT_TRUE(col.emplace(header[i], i).second) << "duplicate " << header[i];
  for (const char* key : {"section", "workload", "threads", "stat", "repeat", "kernel_turns_per_second",
                          "baseline_turns_per_second", "kernel_to_baseline_ratio", "signature"})
    ASSERT_TRUE(col.count(key)) << key;
  // Group the lines by section x workload x threads.
  std::map<std::string, std::vector<std::vector<std::string>>> groups;
  while (std::getline(text, line)) {
    const auto cells = csv_cells(line);
    ASSERT_EQ(cells.size(), header.size()) << line;
    groups[cells[col["section"]] + "|" + cells[col["workload"]] + "|" + cells[col["threads"]]].push_back(cells);
  }
  ASSERT_EQ(groups.size(), 10u);  // solo and passes x two workloads, evenings x one, x 1, 2 threads
  const std::string expect = expected_signature();
  for (const auto& [name, lines] : groups) {
    SCOPED_TRACE(name);
    ASSERT_EQ(lines.size(), 6u);  // 2 repeats, then mean, sd, min, max
    EXPECT_EQ(lines[0][col["stat"]], "repeat");
    EXPECT_EQ(lines[0][col["repeat"]], "1");
    EXPECT_EQ(lines[1][col["repeat"]], "2");
    const char* stats[] = {"mean", "sd", "min", "max"};
    for (int s = 0; s < 4; ++s) EXPECT_EQ(lines[2 + s][col["stat"]], stats[s]);
    if (name.rfind("solo|threshold:17|", 0) == 0) {
      EXPECT_EQ(lines[0][col["signature"]], expect);
    }
    for (size_t c = col["repeat"] + 1; c < col["turns"]; ++c) {
      if (lines[0][c].empty()) continue;  // a measure this section does not have
      std::vector<double> v = {std::stod(lines[0][c]), std::stod(lines[1][c])};
      expect_summary_of(v, std::stod(lines[2][c]), std::stod(lines[3][c]), std::stod(lines[4][c]),
                        std::stod(lines[5][c]), 1e-8, header[c]);
    }
    const size_t k = col["kernel_turns_per_second"], b = col["baseline_turns_per_second"],
                 r = col["kernel_to_baseline_ratio"];
    for (int rep = 0; rep < 2; ++rep)
      EXPECT_NEAR(std::stod(lines[rep][r]), std::stod(lines[rep][k]) / std::stod(lines[rep][b]),
                  1e-8 * std::stod(lines[rep][r]));
  }
}

TEST(BenchCommand, TableHasAContextBlockAndDistinctMeasures) {
  const std::string t = bench_json("--turns 20000 --baseline-turns 600 --threads 1 --repeats 1 --policy "
                                   VERFLIXT_SOURCE_DIR "/strategies/heuristic.ini");
  for (const char* key : {"\ndate ", "\ncpu ", "\nthreads ", "\nisa ", "\ncompiler ", "\nbuild ", "\nload average ",
                          "\nstatistics ", "threads  measure "})
    EXPECT_NE(t.find(key), std::string::npos) << key;
  // Within one block every measure label appears once.
  const auto block = t.substr(t.find("threads  measure"), t.find("signature") - t.find("threads  measure"));
  std::set<std::string> labels;
  std::istringstream in(block);
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) EXPECT_TRUE(labels.insert(line.substr(9, 28)).second) << line;
  EXPECT_GE(labels.size(), 8u);
}

}  // namespace
}  // namespace verflixt::verflixte6
