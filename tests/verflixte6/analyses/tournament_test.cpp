// `verflixt tournament` through the binary: what the JSON records, the same bits on 1 and 2
// threads, the significance note, and bad input as one line with exit code 2.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <filesystem>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "binary.h"

namespace {

using verflixt::testing::Result;
using verflixt::testing::run;
using verflixt::testing::scratch;
using verflixt::testing::slurp;

const std::string kSafe = std::string(VERFLIXT_SOURCE_DIR) + "/strategies/position-safe.ini";

TEST(TournamentCli, JsonRecordsWhatMadeItAndThreadsDoNotMatter) {
  const std::string args = "tournament --seat threshold:20 --seat " + kSafe +
                           " --seat threshold:20@hirtenschutz,pony --seat threshold:14 --evenings 3000 --seed 4";
  const Result j = run(args + " --format json");
  ASSERT_EQ(j.code, 0) << j.err;
  const auto doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["seed"], 4);
  EXPECT_EQ(doc["evenings"], 3000);
  EXPECT_EQ(doc["rules"], "tournament-2019");
  EXPECT_EQ(doc["engine"], "kernel");  // auto: the pass kernel plays every shipped policy
  EXPECT_EQ(doc["policies"].size(), 4u);
  EXPECT_EQ(doc["by_seat"].size(), 4u);
  EXPECT_TRUE(doc.contains("version"));
  EXPECT_TRUE(doc["best_policy"].contains("z"));
  double wins = 0;
  for (const auto& r : doc["by_seat"]) wins += r["p_win"]["mean"].get<double>();
  EXPECT_NEAR(wins, 1.0, 1e-9);  // split ties: the shares of an evening sum to one
  const Result one = run(args + " --format csv --threads 1");
  const Result two = run(args + " --format csv --threads 2");
  EXPECT_EQ(one.out, two.out);
  const Result table = run(args);
  EXPECT_NE(table.out.find("z = "), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("paired SE"), std::string::npos);
}

TEST(TournamentCli, BadInputIsOneLineExitTwo) {
  std::ofstream(scratch() / "bad.ini") << "[policy]\nkind = position\n[position]\nflor = 3\n";
  const std::string bad = (scratch() / "bad.ini").string();
  for (const std::string& args :
       {std::string("tournament --seat threshold:20"), std::string("tournament --seats 13"),
        std::string("tournament --seat threshold:20@ponny --seat threshold:20"),
        std::string("tournament --seats 3 --evenings 0"), "tournament --seat " + bad + " --seat threshold:20",
        std::string("tournament --seats 3 --policy greedy"),
        std::string("tournament --seats 3 --engine turbo"),
        std::string("tournament --preset classic --seat threshold:20@tentakel --seat threshold:20")}) {
    const Result r = run(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  }
  const Result r = run("tournament --seat " + bad + " --seat threshold:20");
  EXPECT_NE(r.err.find("flor"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("position.floor"), std::string::npos) << r.err;
  const Result engine = run("tournament --seats 3 --engine turbo");
  EXPECT_NE(engine.err.find("turbo"), std::string::npos) << engine.err;
  EXPECT_NE(engine.err.find("reference"), std::string::npos) << engine.err;
}

TEST(TournamentCli, ReferenceEngineIsRecordedAndAgrees) {
  // The reference engine on request; both engines' P(win) of the same table agree within
  // 4 standard errors (the seat-by-seat comparison lives in pass_kernel_test.cpp).
  const std::string args = "tournament --seat threshold:20 --seat threshold:14 --evenings 20000 --seed 7 --format json";
  const Result k = run(args);
  const Result r = run(args + " --engine reference");
  ASSERT_EQ(k.code, 0) << k.err;
  ASSERT_EQ(r.code, 0) << r.err;
  const auto dk = nlohmann::json::parse(k.out), dr = nlohmann::json::parse(r.out);
  EXPECT_EQ(dr["engine"], "reference");
  const auto& a = dk["by_seat"][0]["p_win"];
  const auto& b = dr["by_seat"][0]["p_win"];
  EXPECT_LE(std::fabs(a["mean"].get<double>() - b["mean"].get<double>()),
            4 * std::hypot(a["stderr"].get<double>(), b["stderr"].get<double>()));
}

}  // namespace
