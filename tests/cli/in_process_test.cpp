// Commands run in-process (the Python module's answers) on several threads at once: each
// keeps its own standard output and its own stop request, and none waits for another.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "cli/cli.h"
#include "cli/in_process.h"
#include "games/registry.h"

namespace verflixt::cli {
namespace {

std::atomic<bool> g_first_started{false}, g_second_started{false};

// Whether `flag` was raised within 20 s (a run that waits for the other's end never sees it).
bool raised_soon(const std::atomic<bool>& flag) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!flag.load()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

// Each prints its name and ends only once the other has started: run one after the other,
// the first gives up after its wait and fails.
int first_command(int, const char* const*) {
  standard_output() << "first";
  g_first_started = true;
  return raised_soon(g_second_started) ? 0 : 1;
}
int second_command(int, const char* const*) {
  g_second_started = true;
  standard_output() << "second";
  return raised_soon(g_first_started) ? 0 : 1;
}

int stop_reader(int, const char* const*) {
  standard_output() << (interrupt_flag().load() ? "stopped" : "running");
  return 0;
}

const core::Command& pig_command(const std::string& name) {
  for (const auto& c : games::find_game("pig")->commands)
    if (name == c.name) return c;
  throw std::logic_error("pig has no " + name);
}

TEST(InProcess, TwoRunsComputeAtOnceEachWithItsOwnOutput) {
  const std::atomic<bool> no_stop{false};
  InProcessRun first;
  std::thread t([&] { first = run_in_process(first_command, {"first"}, no_stop); });
  const InProcessRun second = run_in_process(second_command, {"second"}, no_stop);
  t.join();
  EXPECT_EQ(first.code, 0);
  EXPECT_EQ(second.code, 0);
  EXPECT_EQ(first.out, "first");
  EXPECT_EQ(second.out, "second");
}

TEST(InProcess, AStopRequestStopsItsOwnRunAlone) {
  const std::atomic<bool> stop{true}, no_stop{false};
  EXPECT_EQ(run_in_process(stop_reader, {"stop"}, stop).out, "stopped");
  EXPECT_EQ(run_in_process(stop_reader, {"stop"}, no_stop).out, "running");
  EXPECT_FALSE(interrupt_flag().load());  // the process's own request is untouched
  // A real sampler stopped from the start reports nothing but the mark, and exits with 130.
  const InProcessRun r = run_in_process(pig_command("evaluate").run,
                                        {"evaluate", "--games", "100000000", "--exact", "false", "--format", "json"}, stop);
  EXPECT_EQ(r.code, kExitInterrupted);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["interrupted"].get<bool>());
  EXPECT_EQ(j["games"].get<std::uint64_t>(), 0u);
}

TEST(InProcess, RunsAtOnceGiveTheBytesOfARunAlone) {
  const std::atomic<bool> no_stop{false};
  const std::vector<std::string> solve = {"solve", "--goal", "40", "--format", "json"};
  const std::vector<std::string> evaluate = {"evaluate", "--goal", "40", "--games", "20000", "--seed", "3",
                                             "--threads", "2", "--format", "json"};
  const InProcessRun solve_alone = run_in_process(pig_command("solve").run, solve, no_stop);
  const InProcessRun evaluate_alone = run_in_process(pig_command("evaluate").run, evaluate, no_stop);
  ASSERT_EQ(solve_alone.code, 0);
  ASSERT_EQ(evaluate_alone.code, 0);
  std::vector<InProcessRun> runs(4);
  std::vector<std::thread> threads;
  for (std::size_t k = 0; k < runs.size(); ++k)
    threads.emplace_back([&, k] {
      runs[k] = run_in_process(pig_command(k % 2 ? "evaluate" : "solve").run, k % 2 ? evaluate : solve, no_stop);
    });
  for (auto& t : threads) t.join();
  // The seconds a run took are the one field that may differ.
  const auto without_seconds = [](const std::string& out) {
    auto j = nlohmann::json::parse(out);
    j.erase("seconds");
    return j.dump();
  };
  for (std::size_t k = 0; k < runs.size(); ++k) {
    ASSERT_EQ(runs[k].code, 0) << runs[k].input_error << runs[k].failure;
    EXPECT_EQ(without_seconds(runs[k].out), without_seconds(k % 2 ? evaluate_alone.out : solve_alone.out)) << k;
  }
}

}  // namespace
}  // namespace verflixt::cli
