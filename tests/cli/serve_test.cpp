// `verflixt serve` through HTTP on 127.0.0.1: the binary runs as a child on a free port and
// the tests talk to it with cpp-httplib's client. An exact last-seat answer is checked
// against a recursion written here from docs/rules/verflixte6.md alone; bad requests get 400 and a one-line
// message and the server answers afterwards; parallel requests give the sequential answers;
// Ctrl-C stops the server with exit code 130.
#include <gtest/gtest.h>
#include <httplib.h>
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "binary.h"
#include "cli/server_process.h"

namespace verflixt {
namespace {

class Serve : public SharedServer {
 protected:
  static void SetUpTestSuite() { start(""); }
};

// The last seat, no robbing 1s (turn.ones_rob=false), against a Prinzessin at 14 and a Zombie,
// evening totals 0, objective P(win): stopping at e wins outright above 14, splits the win at
// 14 (ties split) and loses below; a roll adds 1..5 or busts on the 6 (T3/T5: 0 eyes, a
// loss). W(e) = max(stop(e), (1/6) sum_{f=1..5} W(e + f)).
double win_stop(int e) { return e > 14 ? 1.0 : e == 14 ? 0.5 : 0.0; }
double win_value(int e, std::map<int, double>& memo) {
  if (e > 14) return 1.0;
  if (auto it = memo.find(e); it != memo.end()) return it->second;
  double roll = 0;
  for (int f = 1; f <= 5; ++f) roll += win_value(e + f, memo) / 6.0;
  return memo[e] = std::max(win_stop(e), roll);
}
double win_roll(int e) {
  std::map<int, double> memo;
  double roll = 0;
  for (int f = 1; f <= 5; ++f) roll += win_value(e + f, memo) / 6.0;
  return roll;
}

TEST_F(Serve, LastSeatIsExactAndMatchesAnIndependentRecursion) {
  ASSERT_GT(port(), 0);
  for (int eyes : {5, 9, 14}) {
    const std::string req = R"({"eyes": )" + std::to_string(eyes) +
                            R"(, "other": ["14:p", "0:z"], "objective": "win", "set": ["turn.ones_rob=false"]})";
    Reply r = post(port(), "/api/advise", req);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["method"], "exact (last-seat dynamic programming)");
    std::map<std::string, double> value;
    for (const auto& a : r.body["actions"]) {
      EXPECT_TRUE(a["exact"].get<bool>());
      value[a["action"].get<std::string>()] = a["value"].get<double>();
    }
    ASSERT_EQ(value.size(), 2u) << r.body.dump();
    EXPECT_NEAR(value["stop"], win_stop(eyes), 1e-12) << "eyes " << eyes;
    EXPECT_NEAR(value["roll"], win_roll(eyes), 1e-12) << "eyes " << eyes;
  }
}

TEST_F(Serve, BadRequestsGet400WithOneLineAndTheServerGoesOn) {
  ASSERT_GT(port(), 0);
  const std::vector<std::pair<std::string, std::string>> bad = {
      {R"({"eyes": 9, "other": )", "not JSON"},
      {R"({"eyes": 9, "other": ["0:z"], "jokers": "ponny"})", "ponny"},
      {R"({"eyes": 9, "other": ["5:p", "0:j"], "order": "2"})", "Prinzessin"},
      {R"({"eyes": 9, "other": ["0:z"], "samples": 100000000})", "cap"},
      {R"({"eyes": 9, "other": ["0:z"], "output": "/tmp/x"})", "unknown key 'output'"},
      {R"({"eyes": 9, "other": ["0:z"], "policy": "/etc/passwd.ini"})", "unknown policy"},
      {R"({"eyes": 9, "other": ["0:z"], "bogus": 1})", "unknown key 'bogus'"},
      {R"({"eyes": 9, "turn-total": 9, "other": ["0:z"]})", "give one of \"turn-total\" and \"eyes\""},
      {"[1, 2]", "JSON object"},
      {R"({"eyes": 9, "other": ["0:z"], "note": ")" + std::string(100000, 'x') + "\"}", "larger than"},
  };
  for (const auto& [body, expected] : bad) {
    Reply r = post(port(), "/api/advise", body);
    EXPECT_EQ(r.status, 400) << body.substr(0, 80);
    ASSERT_TRUE(r.body.is_object() && r.body.contains("error")) << body.substr(0, 80);
    const std::string msg = r.body["error"].get<std::string>();
    EXPECT_NE(msg.find(expected), std::string::npos) << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
    // Still serving.
    Reply ok = post(port(), "/api/rules", R"({"preset": "classic"})");
    EXPECT_EQ(ok.status, 200);
    EXPECT_EQ(ok.body["preset"], "classic");
  }
  Reply solve_bad = post(port(), "/api/solve", R"({"jokers": "hirtenschutz,hirtenschutz"})");
  EXPECT_EQ(solve_bad.status, 400);
  Reply solve_all = post(port(), "/api/solve", R"({"loadouts": "all"})");
  EXPECT_EQ(solve_all.status, 400);
  // A ruleset that needs 40 million states and a minute is refused at the server's state budget.
  Reply solve_heavy = post(port(), "/api/solve",
                           R"({"jokers": "runkelrueb,fumo,all-in", "set": ["runkelrueb.face=2", "runkelrueb.throws=5"]})");
  EXPECT_EQ(solve_heavy.status, 400);
  EXPECT_NE(solve_heavy.body["error"].get<std::string>().find("states"), std::string::npos);
}

TEST_F(Serve, ParallelRequestsGiveTheSequentialAnswers) {
  ASSERT_GT(port(), 0);
  std::vector<std::string> requests;
  for (int k = 0; k < 20; ++k)
    requests.push_back(R"({"eyes": )" + std::to_string(4 + k) + R"(, "other": ["12:p", "0:j", "7:p"], "seed": )" +
                       std::to_string(100 + k) + R"(, "samples": 1500, "others-policy": "threshold:15"})");
  auto key = [](const Reply& r) {
    return std::to_string(r.status) + r.error + (r.body.contains("actions") ? r.body.at("actions").dump() : "");
  };
  std::vector<std::string> sequential, parallel(requests.size());
  for (const auto& q : requests) {
    Reply r = post(port(), "/api/advise", q);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    ASSERT_FALSE(r.body["interrupted"].get<bool>());
    sequential.push_back(key(r));
  }
  std::vector<std::thread> threads;
  for (size_t k = 0; k < requests.size(); ++k)
    threads.emplace_back([&, k] { parallel[k] = key(post(port(), "/api/advise", requests[k])); });
  for (auto& t : threads) t.join();
  for (size_t k = 0; k < requests.size(); ++k) EXPECT_EQ(parallel[k], sequential[k]) << "request " << k;
  // Different seeds and eyes: the answers are not all the same (the comparison means something).
  EXPECT_NE(sequential.front(), sequential.back());
}

TEST_F(Serve, SolveAndRulesAnswerAsTheCommandLine) {
  ASSERT_GT(port(), 0);
  Reply s = post(port(), "/api/solve", R"({"jokers": "none", "curve": true})");
  ASSERT_EQ(s.status, 200) << s.body.dump();
  EXPECT_EQ(s.body["command"], "solve");
  EXPECT_EQ(s.body["loadouts"][0]["jokers"], "none");
  ASSERT_FALSE(s.body["curve"]["none"].empty());
  // The curve meets the stop line at the threshold: going on pays below it, not at it.
  const int threshold = s.body["loadouts"][0]["threshold"].get<int>();
  for (const auto& p : s.body["curve"]["none"]) {
    const int e = p["eyes"].get<int>();
    const double go_on = p["go_on"].get<double>();
    if (e >= 1 && e < threshold) {
      EXPECT_GT(go_on, e + 1e-12) << e;
    } else if (e >= threshold) {
      EXPECT_NEAR(go_on, e, 1e-9) << e;
    }
  }
  Reply r = post(port(), "/api/rules", "");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body["preset"], "tournament-2019");
  EXPECT_EQ(r.body["jokers"].size(), 15u);
}

// The API's answer is the command line's --format json, field for field (but the time taken).
TEST_F(Serve, AnswersAreTheCommandLinesJson) {
  ASSERT_GT(port(), 0);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"eyes": 9, "other": ["0:z", "14:p", "6:p", "0:j"], "seed": 3, "samples": 3000, "jokers": "pony"})",
       "advise --turn-total 9 --other 0:z --other 14:p --other 6:p --other 0:j --seed 3 --samples 3000 --jokers pony"},
      {R"({"turn-total": 18, "other": ["20:p", "12:p", "0:z"], "jokers": "pony"})",
       "advise --turn-total 18 --other 20:p --other 12:p --other 0:z --jokers pony"},
      {R"({"jokers": "hirtenschutz,pony", "preset": "classic"})", "solve --jokers hirtenschutz,pony --preset classic"},
  };
  for (const auto& [body, args] : cases) {
    const std::string command = args.substr(0, args.find(' '));
    Reply api = post(port(), "/api/" + command, body);
    ASSERT_EQ(api.status, 200) << api.body.dump();
    const verflixt::testing::Result cli = verflixt::testing::run(args + " --format json");
    ASSERT_EQ(cli.code, 0) << cli.err;
    nlohmann::json expected = nlohmann::json::parse(cli.out);
    api.body.erase("seconds");
    expected.erase("seconds");
    EXPECT_EQ(api.body, expected) << args;
  }
}

// The time cap cuts a long Monte Carlo run after whole chunks and says so. (With a cap of a
// millisecond the first finished chunk already stops the run: far fewer than the 391 chunks.
// On a busy machine the millisecond may pass before any chunk ends: then no action is shown,
// as no unrun work ever is.)
TEST(ServeProcess, TimeCapCutsMonteCarloAndSaysSo) {
  ServerProcess server("--max-seconds 0.001 --threads 1");
  ASSERT_GT(server.port(), 0);
  Reply r = post(server.port(), "/api/advise",
                       R"({"eyes": 9, "other": ["0:z", "14:p", "6:p", "0:j"], "samples": 200000})");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_TRUE(r.body["interrupted"].get<bool>());
  EXPECT_LT(r.body["completed"].get<std::uint64_t>(), 200000u);
  EXPECT_EQ(r.body["total"].get<std::uint64_t>(), 200000u);
  EXPECT_EQ(r.body["samples_per_action"], r.body["completed"]);
  EXPECT_EQ(r.body["actions"].size(), r.body["completed"].get<std::uint64_t>() == 0 ? 0u : 2u);
}

// A client that connects and sends its request only later (a busy machine, a slow phone) is
// still answered: the server waits for a connection's first request as long as for the next.
TEST(ServeProcess, ARequestSentASecondAfterConnectingIsAnswered) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(server.port()));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(1600));
  const std::string request = "POST /api/rules HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}";
  ASSERT_EQ(::send(fd, request.data(), request.size(), MSG_NOSIGNAL), static_cast<ssize_t>(request.size()));
  char head[16] = {};
  const ssize_t got = ::recv(fd, head, sizeof head - 1, MSG_WAITALL);
  ::close(fd);
  EXPECT_EQ(std::string(head, got > 0 ? static_cast<size_t>(got) : 0), "HTTP/1.1 200 OK");
}

// A burst of connections while every server thread is busy waits in the kernel's accept
// queue, and is answered once the server gets to it. Debian's httplib listens with a backlog of
// 5: the connections beyond the sixth were not taken (their SYNs dropped, or reset under
// load: "no answer: Read" in the parallel test), so the server sets the system's maximum.
// Here the server is stopped (SIGSTOP) while 24 clients connect: with a backlog of 5 only 6
// handshakes complete within the half second, a retransmitted SYN comes after 1 s.
TEST(ServeProcess, ABurstOfConnectionsWaitsInTheAcceptQueue) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(server.port()));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::kill(server.pid(), SIGSTOP), 0);
  constexpr int kClients = 24;
  std::vector<int> fds;
  for (int k = 0; k < kClients; ++k) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    if (fd < 0) break;
    ::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr);  // EINPROGRESS
    fds.push_back(fd);
  }
  // Wait up to 0.5 s for the handshakes.
  int connected = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(500);
  std::vector<bool> done(fds.size(), false);
  while (connected < static_cast<int>(fds.size()) && std::chrono::steady_clock::now() < deadline) {
    for (size_t k = 0; k < fds.size(); ++k) {
      if (done[k]) continue;
      pollfd p{fds[k], POLLOUT, 0};
      int err = 0;
      socklen_t len = sizeof err;
      if (::poll(&p, 1, 0) == 1 && ::getsockopt(fds[k], SOL_SOCKET, SO_ERROR, &err, &len) == 0 && err == 0)
        done[k] = true, ++connected;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ::kill(server.pid(), SIGCONT);  // before any assertion: the destructor's Ctrl-C needs it running
  EXPECT_EQ(connected, kClients);
  // Every connection that was taken is answered.
  const std::string request = "POST /api/rules HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}";
  int answered = 0;
  for (size_t k = 0; k < fds.size(); ++k) {
    if (done[k]) {
      ::fcntl(fds[k], F_SETFL, 0);  // blocking again
      timeval tv{10, 0};
      ::setsockopt(fds[k], SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
      char head[16] = {};
      if (::send(fds[k], request.data(), request.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(request.size()) &&
          ::recv(fds[k], head, sizeof head - 1, MSG_WAITALL) == 15 && std::string(head) == "HTTP/1.1 200 OK")
        ++answered;
    }
    ::close(fds[k]);
  }
  EXPECT_EQ(answered, connected);
}

TEST(ServeProcess, CtrlCStopsWithExitCode130) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  EXPECT_EQ(post(server.port(), "/api/rules", "{}").status, 200);
  EXPECT_EQ(server.interrupt(), 130);
}

}  // namespace
}  // namespace verflixt
