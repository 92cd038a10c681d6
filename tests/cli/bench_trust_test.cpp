// `verflixt bench` rates per CPU-second measure the work: OpenMP's idle threads do not spin
// (bench runs itself with a passive wait policy), so a one-thread run uses at most one
// CPU-second per wall-second — and, on an idle core, within 5% of one — whatever ran with more
// threads before it; and a run too short to time is warned about.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <iostream>
#include <string>

#include "binary.h"

namespace {

using verflixt::testing::run;

TEST(BenchTrust, OneThreadCpuSecondRateMatchesItsWallRate) {
  // Two threads first in every section, then one thread in the next: the order in which
  // spinning workers of the two-thread runs would have been counted in one-thread runs.
  const auto r = run("bench --turns 20000000 --baseline-turns 20000 --table-turns 24000 --seed 7 --threads 2 "
                     "--repeats 2 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["context"]["omp_wait_policy"], "PASSIVE");
  const bool idle = !j["context"]["machine_busy"].get<bool>();
  int checked = 0;
  for (const char* section : {"rows", "pass_rows"})
    for (const auto& row : j[section]) {
      if (row["threads"] != 1) continue;
      const auto& per_wall = row["kernel_cpu_per_wall_per_thread"]["values"];
      const auto& wall = row["kernel_turns_per_second"]["values"];
      const auto& cpu = row["kernel_turns_per_cpu_second"]["values"];
      ASSERT_EQ(per_wall.size(), 2u);
      for (size_t k = 0; k < per_wall.size(); ++k) {
        const double u = per_wall[k].get<double>();
        // The same run's CPU time against its wall time: never above (timer noise aside).
        EXPECT_LE(u, 1.05) << section << " " << row["workload"];
        // Its CPU-second rate is its wall rate over that ratio: the two rates of one run.
        EXPECT_NEAR(cpu[k].get<double>(), wall[k].get<double>() / u, 1e-6 * cpu[k].get<double>());
        // On an idle core nothing takes the core away: within 5% of one CPU-second per second.
        if (idle && row["workload"] == "threshold:17" && std::string(section) == "rows") {
          EXPECT_GE(u, 0.95);
        }
        ++checked;
      }
    }
  EXPECT_EQ(checked, 8);  // two workloads in two sections, two repeats each
  if (!idle) std::cout << "machine busy: the 5% lower bound on an idle core was not checked\n";
}

TEST(BenchTrust, RunsTooShortToTimeAreWarnedAbout) {
  const auto r = run("bench --turns 20000 --baseline-turns 2000 --table-turns 6000 --threads 1 --repeats 1 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_FALSE(j["context"]["trust_warnings"].empty());
  EXPECT_NE(j["context"]["trust_warnings"][0].get<std::string>().find("too short to trust"), std::string::npos);
  EXPECT_NE(r.err.find("too short to trust"), std::string::npos);
}

}  // namespace

namespace {

// `bench --solvers` times the solves each game names, on 1, 2, ... threads: every row has its
// runs' wall and CPU seconds, and the answer is the same on every thread count (Kniffel's
// sheets are solved in parallel; Schocken's equilibrium alone).
TEST(BenchSolvers, EveryRowHasItsTimesAndTheSameAnswerOnEveryThreadCount) {
  for (const char* game : {"schocken", "en-gingg"}) {
    const auto r = verflixt::testing::run(std::string("bench --solvers --game ") + game + " --threads 2 --repeats 2 --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_FALSE(j["solvers"].empty()) << game;
    EXPECT_EQ(j["interrupted"], false);
    for (const auto& row : j["solvers"]) {
      EXPECT_EQ(row["game"], game);
      EXPECT_TRUE(row["threads"] == 1 || row["threads"] == 2) << row;
      EXPECT_EQ(row["real_seconds_runs"].size(), 2u) << row;
      EXPECT_EQ(row["cpu_seconds_runs"].size(), 2u) << row;
      EXPECT_GT(row["real_seconds"].get<double>(), 0.0) << row;
      EXPECT_EQ(row["same_result"], true) << row;
    }
  }
  const auto bad = verflixt::testing::run("bench --solvers --game pigg");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("did you mean"), std::string::npos) << bad.err;
}

}  // namespace
