#include "serve/child_run.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <thread>

namespace verflixt::cli {
namespace {

// Resident bytes of a process (its /proc statm), 0 when unreadable.
std::size_t resident(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/statm");
  std::size_t size = 0, pages = 0;
  if (!(in >> size >> pages)) return 0;
  return pages * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

// Both ends of a pipe, closed when it goes out of scope.
struct Pipe {
  std::array<int, 2> fd{-1, -1};
  Pipe() {
    if (::pipe2(fd.data(), O_CLOEXEC) != 0) throw std::runtime_error("cannot create a pipe for a child process");
  }
  ~Pipe() {
    for (int f : fd)
      if (f >= 0) ::close(f);
  }
  void close_end(int k) {
    if (fd[k] >= 0) ::close(fd[k]);
    fd[k] = -1;
  }
};

}  // namespace

const std::string& own_executable() {
  static const std::string path = [] {
    std::array<char, PATH_MAX> buf{};
    const ssize_t n = ::readlink("/proc/self/exe", buf.data(), buf.size() - 1);
    if (n <= 0) throw std::runtime_error("cannot read /proc/self/exe");
    return std::string(buf.data(), static_cast<std::size_t>(n));
  }();
  return path;
}

ChildRun run_child(const std::vector<std::string>& args, const ChildLimits& limits, const std::atomic<bool>* stop) {
  // Everything the child needs is made before fork: after it, in a process of many threads,
  // the child may only call what is async-signal-safe until it execs.
  const std::string& exe = own_executable();
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(exe.c_str()));
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  Pipe out, err;
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("cannot start a child process");
  if (pid == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);  // the server ended before the line above
    ::dup2(out.fd[1], STDOUT_FILENO);
    ::dup2(err.fd[1], STDERR_FILENO);
    const int null = ::open("/dev/null", O_RDONLY);
    if (null >= 0) ::dup2(null, STDIN_FILENO);
    // Nothing else of the server's goes with it: its listening socket and its clients'
    // connections would stay open for as long as the child runs.
    ::close_range(3, ~0U, 0);
    ::execv(exe.c_str(), argv.data());
    ::_exit(127);
  }
  out.close_end(1);
  err.close_end(1);
  ChildRun r;
  const auto start = std::chrono::steady_clock::now();
  bool open_out = true, open_err = true;
  std::array<char, 65536> buf{};
  const auto kill_for = [&](bool& why) {
    why = true;
    ::kill(pid, SIGKILL);
  };
  while (open_out || open_err) {
    std::array<pollfd, 2> fds{pollfd{open_out ? out.fd[0] : -1, POLLIN, 0}, pollfd{open_err ? err.fd[0] : -1, POLLIN, 0}};
    ::poll(fds.data(), fds.size(), 50);
    for (int k = 0; k < 2; ++k) {
      if (!(fds[static_cast<std::size_t>(k)].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t n = ::read(fds[static_cast<std::size_t>(k)].fd, buf.data(), buf.size());
      if (n <= 0) {
        (k == 0 ? open_out : open_err) = false;
        continue;
      }
      std::string& to = k == 0 ? r.out : r.err;
      // stderr keeps its last bytes (the one-line error comes last); stdout is the answer.
      to.append(buf.data(), static_cast<std::size_t>(n));
      if (k == 1 && to.size() > 65536) to.erase(0, to.size() - 65536);
    }
    if (r.out.size() > limits.output && !r.stopped && !r.out_of_time && !r.out_of_memory) kill_for(r.out_of_memory);
    if (r.out_of_time || r.out_of_memory || r.stopped) continue;  // killed: read to the end
    if (stop && stop->load()) kill_for(r.stopped);
    else if (std::chrono::steady_clock::now() - start > limits.time) kill_for(r.out_of_time);
    else if (limits.memory && resident(pid) > limits.memory) kill_for(r.out_of_memory);
  }
  // Both streams are closed; a child that closed them itself and runs on is still held to
  // the same limits.
  int status = 0;
  for (;;) {
    const pid_t w = ::waitpid(pid, &status, WNOHANG);
    if (w == pid || (w < 0 && errno != EINTR)) break;
    if (!r.out_of_time && !r.out_of_memory && !r.stopped) {
      if (stop && stop->load()) kill_for(r.stopped);
      else if (std::chrono::steady_clock::now() - start > limits.time) kill_for(r.out_of_time);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace verflixt::cli
