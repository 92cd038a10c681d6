#pragma once
// One command line of verflixt run as a user would type it, but fenced in: in a scratch
// directory of its own (HOME, TMPDIR and the value cache there too), with stdin empty, a
// wall-clock limit after which it gets Ctrl-C and a few seconds to exit, a memory limit
// (an address-space limit, and resident memory watched through /proc), no core files and
// a cap on the size of files it writes. The command-line fuzzer (fuzz_cli_test.cpp) runs
// its lines through here, as many at once as there are cores.
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

extern char** environ;

namespace verflixt::testing::fuzz {

namespace fs = std::filesystem;
using Words = std::vector<std::string>;
using Clock = std::chrono::steady_clock;

inline long env_number(const char* name, long fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::atol(v) : fallback;
}

// One command line and the files it names in its scratch directory.
struct Line {
  std::string game, command;  // what it exercises (for grouping failures)
  Words args;
  std::vector<std::pair<std::string, std::string>> files;  // name, content: made where args name them
  double wall_s = 0;         // a shorter wall-clock limit (a server's), or 0
  bool keep_output = false;  // the first megabyte of stdout comes back in Outcome::out
};

// The wall-clock limit (then Ctrl-C, and `grace_s` to exit) and the memory limit of a line.
struct Limits {
  double wall_s = 20, grace_s = 5;
  long memory_kb = 3L << 20;
  bool address_limit = true;
};

// What one process did.
struct Outcome {
  int code = -1, signal = 0;
  bool interrupted = false, hung = false, over_memory = false, sanitizer = false;
  bool marked = false;  // stdout says "interrupted" (what an interrupted run prints)
  long peak_kb = 0;
  double seconds = 0;
  std::string err;  // the head of stderr, or the part around a sanitizer report
  std::string out;  // with Line::keep_output
};

inline long status_kb(pid_t pid, const char* field) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string l; std::getline(in, l);)
    if (l.rfind(field, 0) == 0) return std::atol(l.c_str() + std::strlen(field));
  return 0;
}

// Files a line may name: made only when it names them, so most lines create nothing.
inline void make_fixtures(const Line& line, const fs::path& dir) {
  std::string all;
  for (const auto& a : line.args) all += a + '\n';
  const auto named = [&](const char* name) { return all.find(name) != std::string::npos; };
  if (named("fz-dir")) fs::create_directories(dir / "fz-dir");
  if (named("fz-fifo")) ::mkfifo((dir / "fz-fifo").c_str(), 0644);
  if (named("fz-loop")) fs::create_symlink("fz-loop", dir / "fz-loop");
  if (named("fz-sparse.ini")) std::ofstream(dir / "fz-sparse.ini"), fs::resize_file(dir / "fz-sparse.ini", 1ULL << 30);
  for (const auto& [name, text] : line.files)
    if (named(name.c_str())) std::ofstream(dir / name, std::ios::binary) << text;
}

// Runs one line in `dir` (made fresh) under the limits, and removes the directory after.
inline Outcome run_line(const std::string& binary, const Line& line, const fs::path& dir, const Limits& limits) {
  fs::remove_all(dir);
  fs::create_directories(dir / ".cache");
  make_fixtures(line, dir);
  Words env_words;
  const auto replaced = [](const std::string& v) {
    for (const char* name : {"HOME=", "XDG_CACHE_HOME=", "VERFLIXT_CACHE_DIR=", "VERFLIXT_TOKEN=", "TMPDIR="})
      if (v.rfind(name, 0) == 0) return true;
    return false;
  };
  for (char** e = environ; *e; ++e)
    if (!replaced(*e)) env_words.push_back(*e);
  for (const char* key : {"HOME=", "TMPDIR="}) env_words.push_back(key + dir.string());
  // Idle OpenMP threads sleep instead of spinning: a line asking for 1024 threads must not
  // take the machine from the lines running beside it (nor from anyone else).
  if (!std::getenv("OMP_WAIT_POLICY")) env_words.push_back("OMP_WAIT_POLICY=passive");
  env_words.push_back("XDG_CACHE_HOME=" + (dir / ".cache").string());
  env_words.push_back("VERFLIXT_CACHE_DIR=" + (dir / ".cache/verflixt").string());
  std::vector<char*> argv{const_cast<char*>(binary.c_str())}, envp;
  for (const auto& a : line.args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  for (auto& e : env_words) envp.push_back(e.data());
  envp.push_back(nullptr);
  const std::string err_path = (dir / "fz.stderr").string(), out_path = (dir / "fz.stdout").string();
  const auto start = Clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {  // only async-signal-safe calls from here: the parent has threads
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::chdir(dir.c_str()) != 0) ::_exit(126);
    const int in = ::open("/dev/null", O_RDONLY), out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644),
              err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(in, 0), ::dup2(out, 1), ::dup2(err, 2);
    struct rlimit none {0, 0}, file {256L << 20, 256L << 20};
    ::setrlimit(RLIMIT_CORE, &none);
    ::setrlimit(RLIMIT_FSIZE, &file);
    if (limits.address_limit) {
      struct rlimit as {static_cast<rlim_t>(limits.memory_kb) << 10, static_cast<rlim_t>(limits.memory_kb) << 10};
      ::setrlimit(RLIMIT_AS, &as);
    }
    ::execve(argv[0], argv.data(), envp.data());
    ::_exit(127);
  }
  Outcome r;
  int status = 0;
  Clock::time_point asked;
  // The child is only waited for (not reaped) until its group has been killed, so that its
  // process id, which names the group, cannot have gone to another process by then.
  for (int polls = 0;; ++polls) {
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid) break;
    const double now = std::chrono::duration<double>(Clock::now() - start).count();
    r.peak_kb = std::max({r.peak_kb, status_kb(pid, "VmHWM:"), status_kb(pid, "VmRSS:")});
    const bool stop = r.peak_kb > limits.memory_kb ||
                      (r.interrupted && std::chrono::duration<double>(Clock::now() - asked).count() > limits.grace_s);
    if (stop) {
      (r.peak_kb > limits.memory_kb ? r.over_memory : r.hung) = true;
      ::kill(-pid, SIGKILL);
      break;
    }
    if (!r.interrupted && now > limits.wall_s) {
      ::kill(pid, SIGINT);  // Ctrl-C reaches the process, not the runner
      r.interrupted = true;
      asked = Clock::now();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(polls < 20 ? 5 : 40));
  }
  ::kill(-pid, SIGKILL);  // anything it left running in its group
  ::waitpid(pid, &status, 0);
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (WIFEXITED(status)) r.code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  const auto head = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::string text(1 << 20, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<size_t>(in.gcount()));
    return text;
  };
  const std::string text = head(err_path);
  if (line.keep_output || r.interrupted) r.out = head(out_path);
  r.marked = r.out.find("interrupted") != std::string::npos || r.out.find("INTERRUPTED") != std::string::npos;
  if (!line.keep_output) r.out.clear();
  size_t at = std::string::npos;
  for (const char* mark : {"runtime error", "AddressSanitizer", "LeakSanitizer"}) at = std::min(at, text.find(mark));
  r.sanitizer = at != std::string::npos;
  r.err = r.sanitizer ? text.substr(at < 300 ? 0 : at - 300, 6000) : text.substr(0, 2000);
  std::error_code ignored;
  fs::remove_all(dir, ignored);
  return r;
}

// Runs lines 0..count-1, each made when its turn comes, on as many processes at once as there
// are cores (VERFLIXT_FUZZ_JOBS: another number); `done` sees each result as it comes.
inline std::vector<Outcome> run_all(const std::string& binary, size_t count, const std::function<Line(size_t)>& make,
                         const fs::path& root, const Limits& limits,
                         const std::function<void(size_t, const Line&, const Outcome&)>& done = {}) {
  std::vector<Outcome> runs(count);
  std::atomic<size_t> next{0};
  std::mutex report;
  const auto jobs = static_cast<unsigned>(env_number("VERFLIXT_FUZZ_JOBS", std::max(1u, std::thread::hardware_concurrency())));
  std::vector<std::thread> workers;
  for (unsigned w = 0; w < jobs; ++w)
    workers.emplace_back([&, w] {
      for (size_t k; (k = next++) < count;) {
        const Line line = make(k);
        Limits mine = limits;
        if (line.wall_s > 0) mine.wall_s = std::min(mine.wall_s, line.wall_s);
        runs[k] = run_line(binary, line, root / ("w" + std::to_string(w)), mine);
        const std::lock_guard<std::mutex> lock(report);
        if (done) done(k, line, runs[k]);
      }
    });
  for (auto& t : workers) t.join();
  return runs;
}

}  // namespace verflixt::testing::fuzz
