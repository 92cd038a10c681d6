// One run, many workers: tournament and balance give the same bits on 1, 2 and 3 threads,
// and — when scripts/test built the MPI executable (VERFLIXT_MPI_BINARY, build-mpi/) — on
// 1, 2 and 3 MPI ranks under mpirun, against the single process of this build. Under mpirun
// only rank 0 writes (stdout, --output), a bad input ends every rank with exit code 2 and one
// line, and a Ctrl-C on any one rank stops the whole run with exit code 130.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "binary.h"

#ifndef VERFLIXT_MPI_BINARY
#define VERFLIXT_MPI_BINARY ""
#endif

namespace {

namespace fs = std::filesystem;
using verflixt::testing::Result;
using verflixt::testing::run;
using verflixt::testing::scratch;
using verflixt::testing::slurp;

const std::string kDir = std::string(VERFLIXT_SOURCE_DIR) + "/strategies/";
// The table workload of the bench: a position policy with jokers against three heuristics.
const std::string kTournament = "tournament --seat " + kDir + "position-jokers.ini --seat " + kDir +
                                "heuristic.ini --seat " + kDir + "heuristic.ini --seat " + kDir +
                                "heuristic.ini --evenings 3000 --seed 11 --format csv";
const std::string kBalance = "balance --evenings 1500 --jokers runkelrueb,pony --policy " + kDir +
                             "heuristic.ini --field " + kDir + "heuristic.ini --seed 5 --format csv";

TEST(ClusterRun, ThreadsGiveTheSameBits) {
  for (const std::string& args : {kTournament, kBalance}) {
    const Result one = run(args + " --threads 1");
    ASSERT_EQ(one.code, 0) << one.err;
    ASSERT_GT(one.out.size(), 100u);
    for (int t : {2, 3}) EXPECT_EQ(run(args + " --threads " + std::to_string(t)).out, one.out) << args << " " << t;
  }
}

// `mpirun -n RANKS <MPI build> ARGS`, as root on a 2-core CI machine too; -q: mpirun adds no
// banner of its own when a rank exits non-zero.
// stderr without the MPI runtime's own notes: Open MPI's hwloc prints "[hwloc/linux] failed to
// find sysfs cpu topology directory ..." where /sys is not mounted (a chroot such as the
// fresh-Debian check). Those lines are not the program's; everything else is kept.
std::string without_runtime_notes(const std::string& err) {
  std::string kept, line;
  std::istringstream in(err);
  while (std::getline(in, line))
    if (line.rfind("[hwloc/", 0) != 0) kept += line + "\n";
  return kept;
}

// `mpirun <apps>`: apps is "-n RANKS BINARY ARGS", or several joined by " : " (MPMD).
Result mpirun_apps(const std::string& apps) {
  const auto dir = scratch();
  const auto out = dir / "mpi-stdout", err = dir / "mpi-stderr";
  const std::string cmd =
      "mpirun -q --oversubscribe --allow-run-as-root " + apps + " >" + out.string() + " 2>" + err.string();
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), without_runtime_notes(slurp(err))};
}

Result mpirun(int ranks, const std::string& args) {
  return mpirun_apps("-n " + std::to_string(ranks) + " " + VERFLIXT_MPI_BINARY + " " + args);
}

class ClusterMpi : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::string(VERFLIXT_MPI_BINARY).empty())
      GTEST_SKIP() << "no MPI build: configure with -DVERFLIXT_MPI_BINARY=<path> (scripts/test does, from build-mpi/)";
    ASSERT_TRUE(fs::exists(VERFLIXT_MPI_BINARY)) << VERFLIXT_MPI_BINARY;
  }
};

TEST_F(ClusterMpi, RanksGiveTheSameBitsAsOneProcess) {
  for (const std::string& args : {kTournament, kBalance}) {
    const Result single = run(args + " --threads 1");
    ASSERT_EQ(single.code, 0) << single.err;
    for (int ranks : {1, 2, 3}) {
      const Result r = mpirun(ranks, args + " --threads 1");
      EXPECT_EQ(r.code, 0) << r.err;
      EXPECT_EQ(r.out, single.out) << ranks << " ranks: " << args;  // written once, by rank 0
    }
  }
  // Ranks and threads together, and the solo kernel's own chunk loop (evaluate, sweep).
  EXPECT_EQ(mpirun(2, kTournament + " --threads 2").out, run(kTournament).out);
  for (const std::string& args : {std::string("evaluate --policy threshold:17 --turns 3000000 --seed 3 --format csv"),
                                  std::string("sweep --from 12 --to 24 --turns 300000 --seed 3 --format csv")}) {
    const Result single = run(args);
    ASSERT_EQ(single.code, 0) << single.err;
    EXPECT_EQ(mpirun(3, args).out, single.out) << args;
  }
  // tune: its paired series values travel as parts too (JSON: the timing and ranks aside).
  const std::string tune = "tune --evenings 1000 --rounds 1 --param margin=0..4:2 --seed 3 --format json --policy " +
                           kDir + "position-safe.ini --field-policy " + kDir + "heuristic.ini";
  auto strip = [](const std::string& text) {
    auto j = nlohmann::json::parse(text);
    for (const char* key : {"ranks", "seconds"}) j.erase(key);
    return j;
  };
  const Result single = run(tune);
  ASSERT_EQ(single.code, 0) << single.err;
  const Result three = mpirun(3, tune);
  ASSERT_EQ(three.code, 0) << three.err;
  EXPECT_EQ(strip(three.out), strip(single.out));
}

// Ranks of unequal speed: rank 0 with three threads, rank 1 with one (mpirun's MPMD form).
// On a machine of two cores rank 0 typically plays its share first and takes over part of
// rank 1's (cluster::hand_over; whether and where depends on timing), and a chunk both
// played is kept once. Whatever the timing: the same bits as one process. The tournament is
// longer than kTournament (80 chunks, not 12) so that there is a rest to hand over.
TEST_F(ClusterMpi, UnequalRanksShareTheWorkAndGiveTheSameBits) {
  const std::string longer = kTournament.substr(0, kTournament.find(" --evenings")) +
                             " --evenings 20000 --seed 11 --format csv";
  for (const std::string& args : {longer, kBalance}) {
    const Result single = run(args + " --threads 1");
    ASSERT_EQ(single.code, 0) << single.err;
    const std::string bin = VERFLIXT_MPI_BINARY;
    const Result r = mpirun_apps("-n 1 " + bin + " " + args + " --threads 3 : -n 1 " + bin + " " + args + " --threads 1");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, single.out) << args;
  }
}

TEST_F(ClusterMpi, JsonRecordsTheRanksAsMetadataAndOutputIsWrittenOnce) {
  const std::string args = kTournament.substr(0, kTournament.find(" --format")) + " --format json";
  const fs::path file = scratch() / "mpi-tournament.json";
  fs::remove(file);
  const Result r = mpirun(3, args + " --output " + file.string());
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  auto many = nlohmann::json::parse(slurp(file));
  auto one = nlohmann::json::parse(run(args).out);
  EXPECT_EQ(many["ranks"], 3);
  EXPECT_EQ(one["ranks"], 1);
  for (auto* j : {&many, &one})
    for (const char* key : {"ranks", "seconds"}) j->erase(key);
  EXPECT_EQ(many, one);
  // No temporary file of another rank left next to it.
  int files = 0;
  for (const auto& e : fs::directory_iterator(scratch()))
    files += e.path().filename().string().find("mpi-tournament") != std::string::npos;
  EXPECT_EQ(files, 1);
}

TEST_F(ClusterMpi, BadInputEndsEveryRankWithExitTwoAndOneLine) {
  for (const std::string& args : {std::string("tournament --seats 3 --policy greedy"),
                                  std::string("balance --evenings 0"), std::string("tournament --seat nosuch.ini --seat threshold:20")}) {
    const Result r = mpirun(2, args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
    EXPECT_EQ(r.err.rfind("verflixt: ", 0), 0u) << r.err;
  }
}

TEST_F(ClusterMpi, CtrlCOnOneRankStopsTheWholeRun) {
  // A run far too long to finish; SIGINT goes to the last rank only (not to mpirun, not to
  // rank 0): every rank stops after its chunk in hand, rank 0 prints the finished part.
  const auto dir = scratch();
  const std::string out = (dir / "int-stdout").string(), err = (dir / "int-stderr").string();
  const std::string cmd = "mpirun -q --oversubscribe --allow-run-as-root -n 2 " + std::string(VERFLIXT_MPI_BINARY) + " " +
                          kTournament.substr(0, kTournament.find(" --evenings")) +
                          " --evenings 200000000 --threads 1 --format csv >" + out + " 2>" + err +
                          " & pid=$!; sleep 2; kill -INT $(pgrep -n -P $pid verflixt); wait $pid";
  const int status = std::system(("bash -c '" + cmd + "'").c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130) << slurp(err);
  const std::string text = slurp(out);
  EXPECT_EQ(text.rfind("# interrupted: ", 0), 0u) << text;
}

}  // namespace
