// Ctrl-C that comes while verflixt is still starting (its restart with the OpenMP wait policy,
// the cluster's set-up) stops the run as any other Ctrl-C does: exit 130, the result marked
// interrupted with nothing in it. The test holds a SIGINT pending and blocked across exec, as
// one that arrives in that window is, and checks it reaches the handler.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <string>
#include <vector>

#include "../binary.h"

namespace verflixt::testing {
namespace {

TEST(InterruptAtStart, ACtrlCHeldDuringStartUpStopsTheRun) {
  const auto out = scratch() / "start_stdout", err = scratch() / "start_stderr";
  // A solve that runs for seconds, so that only the held Ctrl-C can end it early.
  std::vector<std::string> args = {VERFLIXT_BINARY, "pig", "solve", "--goal", "200"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(o, 1), ::dup2(e, 2);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    ::sigprocmask(SIG_BLOCK, &set, nullptr);
    std::signal(SIGINT, SIG_DFL);
    ::raise(SIGINT);  // pending: it arrives once verflixt unblocks it
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << "ended by signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  EXPECT_EQ(WEXITSTATUS(status), 130) << slurp(err);
  EXPECT_EQ(slurp(out).rfind("INTERRUPTED: 0 of 1 results completed", 0), 0u) << slurp(out);
  EXPECT_NE(slurp(err).find("nothing was finished"), std::string::npos) << slurp(err);
}

}  // namespace
}  // namespace verflixt::testing
