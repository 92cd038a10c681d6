#include "games/verflixte6/commands/guarded_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "verflixt/core/error.h"
#include "verflixt/core/names.h"

namespace verflixt::cli {
namespace {

using Clock = std::chrono::steady_clock;

int remaining_ms(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left > 0 ? static_cast<int>(std::min<long long>(left, 60000)) : 0;
}

// Sends all of `data` before `deadline`; false if the client does not take it in time.
bool send_all(int fd, std::string_view data, Clock::time_point deadline) {
  while (!data.empty()) {
    const ssize_t n = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n > 0) {
      data.remove_prefix(static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) return false;
    pollfd p{fd, POLLOUT, 0};
    const int wait = remaining_ms(deadline);
    if (wait == 0 || ::poll(&p, 1, wait) <= 0) return false;
  }
  return true;
}

// The request, already read whole, as httplib's Stream; the answer goes to the socket under
// the response deadline.
class BufferedRequest final : public httplib::Stream {
 public:
  BufferedRequest(int fd, std::string request, Clock::time_point write_deadline)
      : fd_(fd), in_(std::move(request)), deadline_(write_deadline) {}
  bool is_readable() const override { return pos_ < in_.size(); }
  bool is_writable() const override { return remaining_ms(deadline_) > 0; }
  ssize_t read(char* ptr, size_t size) override {
    const size_t n = std::min(size, in_.size() - pos_);
    std::memcpy(ptr, in_.data() + pos_, n);
    pos_ += n;
    return static_cast<ssize_t>(n);
  }
  ssize_t write(const char* ptr, size_t size) override {
    return send_all(fd_, std::string_view(ptr, size), deadline_) ? static_cast<ssize_t>(size) : -1;
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override { address(&::getpeername, ip, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override { address(&::getsockname, ip, port); }
  socket_t socket() const override { return fd_; }

 private:
  void address(int (*get)(int, sockaddr*, socklen_t*), std::string& ip, int& port) const {
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    ip.clear();
    port = 0;
    if (get(fd_, reinterpret_cast<sockaddr*>(&addr), &len) != 0) return;
    char text[INET6_ADDRSTRLEN] = {};
    if (addr.ss_family == AF_INET) {
      const auto* a = reinterpret_cast<const sockaddr_in*>(&addr);
      ::inet_ntop(AF_INET, &a->sin_addr, text, sizeof text);
      port = ntohs(a->sin_port);
    } else if (addr.ss_family == AF_INET6) {
      const auto* a = reinterpret_cast<const sockaddr_in6*>(&addr);
      ::inet_ntop(AF_INET6, &a->sin6_addr, text, sizeof text);
      port = ntohs(a->sin6_port);
    }
    ip = text;
  }

  int fd_;
  std::string in_;
  std::size_t pos_ = 0;
  Clock::time_point deadline_;
};

// An answer the guard gives itself (the request never reached httplib): JSON like every
// other error of the server.
void refuse(int fd, int status, const char* reason, const std::string& message, Clock::time_point deadline) {
  nlohmann::json j;
  j["error"] = core::printable(message, 4000);
  const std::string body = j.dump(2) + "\n";
  const std::string head = "HTTP/1.1 " + std::to_string(status) + " " + reason +
                           "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
                           "\r\nConnection: close\r\n\r\n";
  send_all(fd, head + body, deadline);
}

// A header's value in the block `head` (one header a line, name case-insensitive), trimmed;
// nullopt when absent. `count` gets how many times the header appears.
std::optional<std::string> header_value(std::string_view head, std::string_view name, int& count) {
  std::optional<std::string> value;
  count = 0;
  const std::string want = core::ascii_lower(name) + ":";
  std::size_t at = head.find('\n');  // skip the request line
  while (at != std::string_view::npos && at + 1 < head.size()) {
    const std::size_t start = at + 1;
    at = head.find('\n', start);
    const std::string_view line = head.substr(start, (at == std::string_view::npos ? head.size() : at) - start);
    if (line.size() >= want.size() && core::ascii_lower(line.substr(0, want.size())) == want) {
      ++count;
      std::string_view v = line.substr(want.size());
      while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
      while (!v.empty() && (v.back() == '\r' || v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
      value = std::string(v);
    }
  }
  return value;
}

// `head` without its Expect lines: the guard has answered "100 Continue" itself, and httplib
// would answer it a second time into the response.
std::string without_expect(std::string_view head) {
  std::string out;
  std::size_t start = 0;
  while (start < head.size()) {
    std::size_t end = head.find('\n', start);
    end = end == std::string_view::npos ? head.size() : end + 1;
    const std::string_view line = head.substr(start, end - start);
    if (!(start > 0 && line.size() >= 7 && core::ascii_lower(line.substr(0, 7)) == "expect:")) out.append(line);
    start = end;
  }
  return out;
}

}  // namespace

GuardedServer::GuardedServer(const ConnectionLimits& limits) : limits_(limits) {
  new_task_queue = [n = limits.workers] { return new httplib::ThreadPool(n); };
  set_payload_max_length(limits.max_body);
}

bool GuardedServer::process_and_close_socket(socket_t sock) {
  const Clock::time_point deadline = Clock::now() + limits_.request_time;
  const auto finish = [sock](bool ok) {
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    return ok;
  };
  const auto answer_by = [&] { return Clock::now() + limits_.response_time; };
  std::string in;
  char buf[4096];
  // Reads what is there before the deadline; false on timeout, end of stream or an error.
  const auto receive = [&] {
    pollfd p{sock, POLLIN, 0};
    const int wait = remaining_ms(deadline);
    if (wait == 0 || ::poll(&p, 1, wait) <= 0) return false;
    const ssize_t n = ::recv(sock, buf, sizeof buf, MSG_DONTWAIT);
    if (n <= 0) return n < 0 && (errno == EAGAIN || errno == EINTR);
    in.append(buf, static_cast<std::size_t>(n));
    return true;
  };
  // Refuses headers past the limits (the first `size` bytes of `in` are all header).
  const auto too_large = [&](std::size_t size) {
    const auto lines = static_cast<std::size_t>(std::count(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(size), '\n'));
    if (size <= limits_.max_header_bytes && lines <= limits_.max_header_lines + 1) return false;
    refuse(sock, 431, "Request Header Fields Too Large",
           "the request's headers are too large; valid: at most " + std::to_string(limits_.max_header_lines) +
               " lines and " + std::to_string(limits_.max_header_bytes) + " bytes",
           answer_by());
    return true;
  };
  // The request line and headers, up to the blank line.
  std::size_t head_end = std::string::npos, body_start = 0;
  for (;;) {
    if (const std::size_t crlf = in.find("\r\n\r\n"); crlf != std::string::npos) {
      head_end = crlf + 2, body_start = crlf + 4;
      break;
    }
    if (const std::size_t lf = in.find("\n\n"); lf != std::string::npos) {
      head_end = lf + 1, body_start = lf + 2;
      break;
    }
    if (too_large(in.size())) return finish(false);
    if (!receive()) {
      if (!in.empty() && remaining_ms(deadline) == 0)
        refuse(sock, 408, "Request Timeout",
               "the request did not arrive whole within " + std::to_string(limits_.request_time.count() / 1000) +
                   " s; send it at once",
               answer_by());
      return finish(false);
    }
  }
  if (too_large(head_end)) return finish(false);
  std::string head = in.substr(0, head_end);
  int count = 0;
  if (header_value(head, "Transfer-Encoding", count)) {
    refuse(sock, 411, "Length Required", "send the body with a Content-Length, not chunked", answer_by());
    return finish(false);
  }
  std::size_t length = 0;
  if (const auto cl = header_value(head, "Content-Length", count)) {
    const bool digits = !cl->empty() && cl->size() <= 12 &&
                        std::all_of(cl->begin(), cl->end(), [](char c) { return c >= '0' && c <= '9'; });
    if (count > 1 || !digits) {
      refuse(sock, 400, "Bad Request", "the Content-Length header is not one whole number", answer_by());
      return finish(false);
    }
    length = std::stoull(*cl);
  }
  if (length > limits_.max_body) {
    refuse(sock, 400, "Bad Request",
           "the request body is larger than this server's cap; valid: up to " + std::to_string(limits_.max_body) +
               " bytes",
           answer_by());
    return finish(false);
  }
  if (const auto expect = header_value(head, "Expect", count)) {
    if (core::ascii_lower(*expect) == "100-continue" && length > in.size() - body_start &&
        !send_all(sock, "HTTP/1.1 100 Continue\r\n\r\n", answer_by()))
      return finish(false);
    head = without_expect(head);
  }
  while (in.size() - body_start < length) {
    if (!receive()) {
      if (remaining_ms(deadline) == 0)
        refuse(sock, 408, "Request Timeout",
               "the request body did not arrive whole within " +
                   std::to_string(limits_.request_time.count() / 1000) + " s; send it at once",
               answer_by());
      return finish(false);
    }
  }
  // httplib parses the request from memory (the blank line and exactly the body; anything a
  // client sent after it is not read: the connection closes with the answer).
  BufferedRequest stream(sock, head + "\r\n" + in.substr(body_start, length), answer_by());
  bool closed = true;
  const bool ok = process_request(stream, true, closed, [](httplib::Request&) {});
  return finish(ok);
}

}  // namespace verflixt::cli
