#pragma once
// A `verflixt serve` child process for the HTTP tests, and a JSON POST to it with cpp-httplib's
// client. VERFLIXT_SERVE_BINARY in the environment runs another build's executable instead
// (scripts/fuzz-serve runs the request fuzzer against a sanitizer build this way).
#include <gtest/gtest.h>
#include <httplib.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace verflixt {

// A `verflixt serve --port 0` child; the port is read from its first line.
class ServerProcess {
 public:
  // `environment`: NAME=VALUE added to the server's environment (or "").
  explicit ServerProcess(const std::string& extra = "", const std::string& environment = "") {
    int fds[2];
    if (::pipe(fds) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) {
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive a test process that dies
      ::dup2(fds[1], STDOUT_FILENO);
      ::close(fds[0]);
      ::close(fds[1]);
      const char* other = std::getenv("VERFLIXT_SERVE_BINARY");
      const std::string cmd = (environment.empty() ? "" : "export " + environment + "; ") + "exec " +
                              (other && *other ? other : VERFLIXT_BINARY) + " serve --port 0 " + extra;
      ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(fds[1]);
    std::string line;
    char c;
    while (::read(fds[0], &c, 1) == 1 && c != '\n') line += c;
    ::close(fds[0]);
    first_line_ = line;
    // "verflixt serve: http://HOST:PORT/[?token=T]  (Ctrl-C stops)"
    const size_t slash = line.find('/', line.find("://") + 3);
    const size_t colon = slash == std::string::npos ? slash : line.rfind(':', slash);
    if (colon != std::string::npos) port_ = std::atoi(line.c_str() + colon + 1);
    const size_t token = line.find("?token=");
    if (token != std::string::npos) token_ = line.substr(token + 7, line.find(' ', token) - token - 7);
  }
  ~ServerProcess() {
    if (pid_ > 0 && !stopped_) {
      ::kill(pid_, SIGINT);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  int port() const { return port_; }
  const std::string& token() const { return token_; }
  const std::string& first_line() const { return first_line_; }
  // A line of /proc/PID/status in kB (VmRSS: resident now, VmHWM: the most resident so far).
  long status_kb(const std::string& field) const {
    std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
    std::string line;
    while (std::getline(in, line))
      if (line.rfind(field + ":", 0) == 0) return std::atol(line.c_str() + field.size() + 1);
    return -1;
  }
  pid_t pid() const { return pid_; }
  // Ctrl-C; returns the exit code.
  int interrupt() {
    ::kill(pid_, SIGINT);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    stopped_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  std::string token_, first_line_;
  bool stopped_ = false;
};

// A test suite that shares one server: started before its first test with the options its
// SetUpTestSuite passes to start(), stopped after its last.
class SharedServer : public ::testing::Test {
 protected:
  static void start(const std::string& options) { server_ = new ServerProcess(options); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  static int port() { return server_->port(); }
  static inline ServerProcess* server_ = nullptr;
};

struct Reply {
  int status = 0;          // -1: no answer (then `error` says why)
  nlohmann::json body;     // an object whenever there was an answer in JSON
  std::string error;
};

// Runs `write` with SIGPIPE blocked on this thread. httplib's client (0.11) sends with no
// MSG_NOSIGNAL and writes a request's head and body apart, so a server that refuses the
// connection before the body (a 503 at its per-address limit) raises SIGPIPE in the test
// process, whose default action ends every test at once. A SIGPIPE raised meanwhile is taken
// off before the mask comes back, leaving only the write's EPIPE. The disposition stays the
// default, so the server and the commands the tests start keep their own handling of SIGPIPE.
template <class Write>
auto without_sigpipe(Write&& write) {
  sigset_t pipe, before;
  ::sigemptyset(&pipe);
  ::sigaddset(&pipe, SIGPIPE);
  ::pthread_sigmask(SIG_BLOCK, &pipe, &before);
  auto result = write();
  const timespec now{0, 0};
  while (::sigtimedwait(&pipe, nullptr, &now) == SIGPIPE) {
  }
  ::pthread_sigmask(SIG_SETMASK, &before, nullptr);
  return result;
}

inline Reply post(int port, const std::string& path, const std::string& body) {
  httplib::Client client("127.0.0.1", port);
  client.set_read_timeout(60, 0);
  client.set_write_timeout(60, 0);
  const auto res = without_sigpipe([&] { return client.Post(path.c_str(), body, "application/json"); });
  if (!res) return {-1, nlohmann::json::object(), "no answer: " + httplib::to_string(res.error())};
  nlohmann::json j = nlohmann::json::parse(res->body, nullptr, false);
  if (!j.is_object()) return {res->status, nlohmann::json::object(), "not a JSON object: " + res->body.substr(0, 200)};
  return {res->status, j, ""};
}

}  // namespace verflixt
