// `verflixt serve` within its limits whatever a client sends: the inputs that once killed it
// or ran away with its time and memory are refused within the deadline, strangers' idle and
// slow connections leave other clients answered, and the memory heavy requests took is given
// back. Every check ends with a normal request answered.
#include <gtest/gtest.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "binary.h"
#include "cli/server_process.h"

namespace verflixt {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// A connection to the server from the loopback address `from` (127.0.0.1, or another
// address of 127.0.0.0/8: another client to the server).
int connect_from(const char* from, int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in local{};
  local.sin_family = AF_INET;
  ::inet_pton(AF_INET, from, &local.sin_addr);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::bind(fd, reinterpret_cast<const sockaddr*>(&local), sizeof local) != 0 ||
      ::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// The status of a whole request sent from `from`, or -1 without an answer.
int status_from(const char* from, int port, const std::string& body) {
  const int fd = connect_from(from, port);
  if (fd < 0) return -1;
  const std::string request = "POST /api/rules HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                              "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
  ::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
  timeval tv{10, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  char head[16] = {};
  const ssize_t got = ::recv(fd, head, sizeof head - 1, MSG_WAITALL);
  ::close(fd);
  return got >= 12 && std::string(head, 9) == "HTTP/1.1 " ? std::atoi(head + 9) : -1;
}

void expect_serving(int port) {
  const auto t0 = Clock::now();
  const Reply ok = post(port, "/api/rules", R"({"preset": "classic"})");
  EXPECT_EQ(ok.status, 200) << ok.error;
  EXPECT_LT(seconds_since(t0), 2.0);
}

// The requests of the audit, as written: an evening total that overflowed the last seat's
// recursion (the process died), and a strong policy whose solve ran 110 s and took 3.7 GB.
// Each is a clean 400 within the deadline, and the server answers right after.
TEST(ServeLimits, TheAuditsRequestsAreRefusedWithinTheDeadline) {
  ServerProcess server("--threads 1");
  ASSERT_GT(server.port(), 0);
  const std::vector<std::string> bodies = {
      R"({"eyes":0,"other":["0:z:9500"]})",
      R"({"eyes":0,"other":["0:p:34900"]})",
      R"({"eyes":9,"other":["0:j","14:p"],"policy":"strong","set":["runkelrueb.face=2","runkelrueb.throws=5"]})",
      R"({"eyes":9,"other":["0:j","14:p"],"others-policy-text":"[policy]\nkind = strong\n",)"
      R"("set":["runkelrueb.face=2","runkelrueb.throws=5"]})",
  };
  for (const auto& body : bodies) {
    const auto t0 = Clock::now();
    const Reply r = post(server.port(), "/api/advise", body);
    EXPECT_EQ(r.status, 400) << body << " -> " << r.body.dump();
    // The 5 s deadline, plus the stop at the next checkpoint and the reply on a loaded 2-core
    // machine; the work itself, unbounded, would run for minutes.
    EXPECT_LT(seconds_since(t0), 5.0 + 1.5) << body;
    expect_serving(server.port());
  }
  const Reply solve = post(server.port(), "/api/solve", R"({"jokers":"frostschutz,runkelrueb,fumo","risk-cap":0,"set":["fumo.factor=8"]})");
  EXPECT_EQ(solve.status, 400) << solve.body.dump();
  EXPECT_NE(solve.body.value("error", "").find("command line"), std::string::npos) << solve.body.dump();
  expect_serving(server.port());
}

// Whichever limit a request meets first (here this server's state cap, met long before the
// deadline), the refusal names the command line that answers it.
TEST(ServeLimits, ARefusalByTheStateCapNamesTheCommandLine) {
  ServerProcess server("--threads 1 --max-states 1000 --max-seconds 60");
  ASSERT_GT(server.port(), 0);
  const Reply solve = post(server.port(), "/api/solve", R"({"jokers":"frostschutz,runkelrueb"})");
  EXPECT_EQ(solve.status, 400) << solve.body.dump();
  const std::string error = solve.body.value("error", "");
  EXPECT_NE(error.find("1000 states"), std::string::npos) << error;
  EXPECT_NE(error.find("run `verflixt solve --jokers=frostschutz,runkelrueb"), std::string::npos) << error;
  EXPECT_NE(error.find("` on the command line"), std::string::npos) << error;
  expect_serving(server.port());
}

// The heaviest requests found, each within its deadline (here 2 s) and the server within
// 1 GB: exact work that would take longer is refused, Monte Carlo is cut and marked.
TEST(ServeLimits, HeavyRequestsStayWithinTheirDeadlineAndTheMemory) {
  ServerProcess server("--threads 2 --max-seconds 2");
  ASSERT_GT(server.port(), 0);
  const std::vector<std::pair<std::string, std::string>> heavy = {
      {"/api/advise", R"({"eyes":9,"other":["0:j","14:p"],"policy":"strong","set":["runkelrueb.face=2","runkelrueb.throws=5"]})"},
      {"/api/advise", R"({"eyes":9,"other":["0:j","14:p","0:j","0:j","0:j","0:j","0:j","0:j","0:j","0:j","0:j"],"passes-left":50,"samples":200000})"},
      {"/api/advise", R"({"eyes":5,"other":["0:j"],"jokers":"runkelrueb,fumo,all-in","set":["runkelrueb.face=2","runkelrueb.throws=5"]})"},
      {"/api/advise", R"({"eyes":0,"jokers":"frostschutz,senigma,runkelrueb","other":["0:p:1200","0:p:1199","3:z:1150"]})"},
      {"/api/advise", R"({"eyes":3,"other":["0:j","0:j","0:j"],"others-policy":"strong","policy":"strong","objective":"win"})"},
      {"/api/solve", R"({"jokers":"frostschutz,runkelrueb,fumo","risk-cap":0,"set":["fumo.factor=8"]})"},
      {"/api/solve", R"({"jokers":"runkelrueb,senigma,fumo","runkel-risk-cap":5000})"},
      {"/api/solve", R"({"jokers":"runkelrueb,fumo,all-in"})"},
  };
  for (const auto& [path, body] : heavy) {
    const auto t0 = Clock::now();
    const Reply r = post(server.port(), path, body);
    EXPECT_TRUE(r.status == 200 || r.status == 400) << body << " -> " << r.status << " " << r.error;
    EXPECT_LT(seconds_since(t0), 2.0 + 1.0) << body;
    if (r.status == 200 && path == "/api/advise" && r.body.value("interrupted", false)) {
      EXPECT_LT(r.body["completed"].get<std::uint64_t>(), r.body["total"].get<std::uint64_t>());
    }
  }
  EXPECT_LT(server.status_kb("VmHWM"), 1024 * 1024);
  std::printf("%zu heavy requests: at most %ld kB resident\n", heavy.size(), server.status_kb("VmHWM"));
  expect_serving(server.port());
}

// Idle RSS after many heavy requests comes back to near where it started: each request's
// memo tables are emptied and freed memory goes back to the system after it.
TEST(ServeLimits, MemoryOfHeavyRequestsIsGivenBack) {
  ServerProcess server("--threads 2 --max-seconds 0.5");
  ASSERT_GT(server.port(), 0);
  expect_serving(server.port());
  const long start = server.status_kb("VmRSS");
  // Solves, and Monte Carlo whose players play the strong policy: its last-seat solvers are
  // memo tables each thread keeps (a new set for each request's policy).
  const std::vector<std::pair<std::string, std::string>> heavy = {
      {"/api/solve", R"({"jokers":"runkelrueb,fumo"})"},
      {"/api/advise", R"({"eyes":3,"other":["0:j","0:j","14:p"],"others-policy":"strong","samples":20000})"},
      {"/api/advise", R"({"eyes":7,"other":["0:j","0:j","0:j","9:p"],"others-policy":"strong","samples":20000})"},
      {"/api/advise", R"({"eyes":0,"jokers":"frostschutz,senigma,runkelrueb","other":["0:p:1200","3:z:1150"]})"},
      {"/api/advise", R"({"eyes":12,"other":["0:j","0:j","20:p"],"others-policy":"strong","samples":20000})"},
  };
  for (int k = 0; k < 50; ++k) {
    const auto& [path, body] = heavy[static_cast<std::size_t>(k) % heavy.size()];
    const Reply r = post(server.port(), path, body);
    ASSERT_TRUE(r.status == 200 || r.status == 400) << body << " -> " << r.status << " " << r.error;
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const long idle = server.status_kb("VmRSS");
  ASSERT_GT(start, 0);
  EXPECT_LT(idle - start, 200 * 1024) << start << " kB at the start, " << idle << " kB after 50 heavy requests";
  std::printf("resident: %ld kB at the start, %ld kB idle after 50 heavy requests, %ld kB at most\n", start, idle,
              server.status_kb("VmHWM"));
  expect_serving(server.port());
}

// 300 connections that send nothing and 64 that trickle their request, all from one
// address, hold no worker: a client of another address is answered within 2 s meanwhile.
// The address's slots (32 by default) go to both kinds: 16 idle connections first, then the
// slow ones (16 of them get in), then the rest of the idle ones, all refused.
TEST(ServeLimits, IdleAndSlowConnectionsOfOneAddressLeaveOthersAnswered) {
  ServerProcess server("--threads 1");
  ASSERT_GT(server.port(), 0);
  std::vector<int> idle;
  const auto connect_idle = [&](int count) {
    for (int k = 0; k < count; ++k)
      if (const int fd = connect_from("127.0.0.1", server.port()); fd >= 0) idle.push_back(fd);
  };
  connect_idle(16);
  std::atomic<bool> stop{false};
  std::atomic<int> connected{0};
  std::vector<std::thread> slow;
  for (int k = 0; k < 64; ++k)
    slow.emplace_back([&] {
      const int fd = connect_from("127.0.0.1", server.port());
      ++connected;
      if (fd < 0) return;
      const std::string head = "POST /api/rules HTTP/1.1\r\nHost: 127.0.0.1\r\n";
      for (std::size_t at = 0; at < head.size() && !stop; ++at) {
        if (::send(fd, head.data() + at, 1, MSG_NOSIGNAL) < 0) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
      ::close(fd);
    });
  const auto started = Clock::now();
  while (connected < 64 && seconds_since(started) < 10) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  connect_idle(284);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  for (int k = 0; k < 3; ++k) {
    const auto t0 = Clock::now();
    EXPECT_EQ(status_from("127.0.0.2", server.port(), "{}"), 200);
    EXPECT_LT(seconds_since(t0), 2.0);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
  }
  stop = true;
  for (auto& t : slow) t.join();
  for (const int fd : idle) ::close(fd);
  // The server learns of the closes on its next pass over its connections; a connection of
  // the same address that comes first still finds the address at its limit and gets a 503.
  // Once they are seen, the address is answered again.
  const auto closed = Clock::now();
  int status = status_from("127.0.0.1", server.port(), "{}");
  while (status == 503 && seconds_since(closed) < 2.0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    status = status_from("127.0.0.1", server.port(), "{}");
  }
  EXPECT_EQ(status, 200);
  expect_serving(server.port());
}

}  // namespace
}  // namespace verflixt
