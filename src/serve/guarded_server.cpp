#include "serve/guarded_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

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

// One try to send `data` without waiting: the reception thread never waits on a client. What
// it sends (a refusal, "100 Continue") is small, and a client that does not take it loses it.
void send_now(int fd, std::string_view data) { (void)::send(fd, data.data(), data.size(), MSG_NOSIGNAL | MSG_DONTWAIT); }

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

  // The address text of `fd`'s peer ("" when unknown); an IPv4 client of an IPv6 socket as
  // its IPv4 address, so one client is one address whichever way it came.
  static std::string peer(int fd) {
    std::string ip;
    int port = 0;
    address_of(fd, &::getpeername, ip, port);
    if (ip.rfind("::ffff:", 0) == 0 && ip.find('.') != std::string::npos) ip = ip.substr(7);
    return ip;
  }

 private:
  void address(int (*get)(int, sockaddr*, socklen_t*), std::string& ip, int& port) const {
    address_of(fd_, get, ip, port);
  }
  static void address_of(int fd, int (*get)(int, sockaddr*, socklen_t*), std::string& ip, int& port) {
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    ip.clear();
    port = 0;
    if (get(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) return;
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
std::string refusal(int status, const char* reason, const std::string& message) {
  nlohmann::json j;
  j["error"] = core::printable(message, 4000);
  const std::string body = j.dump(2) + "\n";
  return "HTTP/1.1 " + std::to_string(status) + " " + reason +
         "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
         "\r\nConnection: close\r\n\r\n" + body;
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

// `head` without its Expect lines (the guard has answered "100 Continue" itself, and httplib
// would answer it a second time into the response) and its Accept-Encoding lines (httplib
// would compress the answer anew for each request).
std::string without_guarded_headers(std::string_view head) {
  std::string out;
  std::size_t start = 0;
  while (start < head.size()) {
    std::size_t end = head.find('\n', start);
    end = end == std::string_view::npos ? head.size() : end + 1;
    const std::string_view line = head.substr(start, end - start);
    const std::string lower = core::ascii_lower(line.substr(0, 16));
    const bool drop = start > 0 && (lower.rfind("expect:", 0) == 0 || lower.rfind("accept-encoding:", 0) == 0);
    if (!drop) out.append(line);
    start = end;
  }
  return out;
}

// One client connection while its request arrives.
struct Connection {
  int fd = -1;
  std::string peer;
  Clock::time_point accepted;
  std::string in;
  std::size_t head_end = std::string::npos, body_start = 0, length = 0;
  std::string head;  // the request line and headers as httplib gets them
  std::string request() const { return head + "\r\n" + in.substr(body_start, length); }
};

}  // namespace

class GuardedServer::Reception {
 public:
  Reception(GuardedServer& server, const ConnectionLimits& limits) : server_(server), limits_(limits) {
    wake_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    reader_ = std::thread([this] { read_loop(); });
    for (std::size_t k = 0; k < std::max<std::size_t>(1, limits_.workers); ++k)
      workers_.emplace_back([this] { work_loop(); });
  }

  ~Reception() {
    {
      const std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake();
    ready_cv_.notify_all();
    if (reader_.joinable()) reader_.join();
    for (auto& w : workers_) w.join();
    for (const Connection& c : ready_) close_connection(c);
    for (const Connection& c : incoming_) close_connection(c);
    if (wake_ >= 0) ::close(wake_);
  }

  // A new connection (on httplib's listening thread): refused at once past the limits of its
  // address or of all connections, else handed to the reading thread.
  void admit(int fd) {
    Connection c;
    c.fd = fd;
    c.peer = BufferedRequest::peer(fd);
    c.accepted = Clock::now();
    {
      const std::lock_guard lock(mutex_);
      std::size_t& mine = per_address_[c.peer];
      if (stopping_ || mine >= limits_.per_address || open_ >= limits_.max_connections) {
        if (mine == 0) per_address_.erase(c.peer);
        send_now(fd, refusal(503, "Service Unavailable",
                             stopping_ ? "the server is stopping"
                                       : "too many connections from this address; close some and retry"));
        ::shutdown(fd, SHUT_RDWR);
        ::close(fd);
        return;
      }
      ++mine;
      ++open_;
      incoming_.push_back(std::move(c));
    }
    wake();
  }

 private:
  enum class Step { More, Ready, Done };

  void wake() const {
    const std::uint64_t one = 1;
    if (wake_ >= 0) (void)!::write(wake_, &one, sizeof one);
  }

  void close_connection(const Connection& c) {
    ::shutdown(c.fd, SHUT_RDWR);
    ::close(c.fd);
    const std::lock_guard lock(mutex_);
    if (auto it = per_address_.find(c.peer); it != per_address_.end() && --it->second == 0) per_address_.erase(it);
    --open_;
  }

  // Refuses headers past the limits (the first `size` bytes of `in` are all header).
  bool too_large(const Connection& c, std::size_t size) const {
    const auto lines = static_cast<std::size_t>(std::count(c.in.begin(), c.in.begin() + static_cast<std::ptrdiff_t>(size), '\n'));
    if (size <= limits_.max_header_bytes && lines <= limits_.max_header_lines + 1) return false;
    send_now(c.fd, refusal(431, "Request Header Fields Too Large",
                           "the request's headers are too large; valid: at most " +
                               std::to_string(limits_.max_header_lines) + " lines and " +
                               std::to_string(limits_.max_header_bytes) + " bytes"));
    return true;
  }

  // What the bytes read so far make of the request.
  Step advance(Connection& c) const {
    if (c.head_end == std::string::npos) {
      if (const std::size_t crlf = c.in.find("\r\n\r\n"); crlf != std::string::npos) {
        c.head_end = crlf + 2, c.body_start = crlf + 4;
      } else if (const std::size_t lf = c.in.find("\n\n"); lf != std::string::npos) {
        c.head_end = lf + 1, c.body_start = lf + 2;
      } else {
        return too_large(c, c.in.size()) ? Step::Done : Step::More;
      }
      if (too_large(c, c.head_end)) return Step::Done;
      const std::string_view head(c.in.data(), c.head_end);
      int count = 0;
      if (header_value(head, "Transfer-Encoding", count)) {
        send_now(c.fd, refusal(411, "Length Required", "send the body with a Content-Length, not chunked"));
        return Step::Done;
      }
      if (const auto cl = header_value(head, "Content-Length", count)) {
        const bool digits = !cl->empty() && cl->size() <= 12 &&
                            std::all_of(cl->begin(), cl->end(), [](char d) { return d >= '0' && d <= '9'; });
        if (count > 1 || !digits) {
          send_now(c.fd, refusal(400, "Bad Request", "the Content-Length header is not one whole number"));
          return Step::Done;
        }
        c.length = std::stoull(*cl);
      }
      if (c.length > limits_.max_body) {
        send_now(c.fd, refusal(400, "Bad Request",
                               "the request body is larger than this server's cap; valid: up to " +
                                   std::to_string(limits_.max_body) + " bytes"));
        return Step::Done;
      }
      if (const auto expect = header_value(head, "Expect", count);
          expect && core::ascii_lower(*expect) == "100-continue" && c.length > c.in.size() - c.body_start)
        send_now(c.fd, "HTTP/1.1 100 Continue\r\n\r\n");
      c.head = without_guarded_headers(head);
    }
    return c.in.size() - c.body_start < c.length ? Step::More : Step::Ready;
  }

  // Reads what `c` has sent; false when the client closed or failed.
  bool receive(Connection& c) const {
    char buf[8192];
    // At most what a whole request may hold: a client that sends more gains nothing.
    const std::size_t cap = limits_.max_header_bytes + limits_.max_body + 8;
    while (c.in.size() < cap) {
      const ssize_t n = ::recv(c.fd, buf, std::min(sizeof buf, cap - c.in.size()), MSG_DONTWAIT);
      if (n > 0) {
        c.in.append(buf, static_cast<std::size_t>(n));
        continue;
      }
      return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR);
    }
    return true;
  }

  void read_loop() {
    std::vector<Connection> conns;
    std::vector<pollfd> polled;
    for (;;) {
      {
        const std::lock_guard lock(mutex_);
        if (stopping_) break;
        for (auto& c : incoming_) conns.push_back(std::move(c));
        incoming_.clear();
      }
      Clock::time_point next = Clock::now() + std::chrono::milliseconds(500);
      polled.assign(1, pollfd{wake_, POLLIN, 0});
      for (const Connection& c : conns) {
        polled.push_back(pollfd{c.fd, POLLIN, 0});
        next = std::min(next, c.accepted + (c.in.empty() ? limits_.idle_time : limits_.request_time));
      }
      ::poll(polled.data(), polled.size(), std::max(1, remaining_ms(next)));
      if (polled[0].revents & POLLIN) {
        std::uint64_t count = 0;
        (void)!::read(wake_, &count, sizeof count);
      }
      const Clock::time_point now = Clock::now();
      std::vector<Connection> kept;
      for (std::size_t k = 0; k < conns.size(); ++k) {
        Connection& c = conns[k];
        Step step = Step::More;
        if (polled[k + 1].revents & (POLLIN | POLLHUP | POLLERR)) {
          const bool open = receive(c);
          step = advance(c);
          if (step == Step::More && !open) step = Step::Done;
        }
        if (step == Step::More) {
          if (c.in.empty() && now >= c.accepted + limits_.idle_time) {
            step = Step::Done;  // connected and silent: nothing to answer
          } else if (now >= c.accepted + limits_.request_time) {
            send_now(c.fd, refusal(408, "Request Timeout",
                                   "the request did not arrive whole within " +
                                       std::to_string(limits_.request_time.count() / 1000) + " s; send it at once"));
            step = Step::Done;
          }
        }
        if (step == Step::More) {
          kept.push_back(std::move(c));
        } else if (step == Step::Ready) {
          {
            const std::lock_guard lock(mutex_);
            ready_.push_back(std::move(c));
          }
          ready_cv_.notify_one();
        } else {
          close_connection(c);
        }
      }
      conns.swap(kept);
    }
    for (const Connection& c : conns) close_connection(c);
  }

  void work_loop() {
    for (;;) {
      Connection c;
      {
        std::unique_lock lock(mutex_);
        ready_cv_.wait(lock, [&] { return stopping_ || !ready_.empty(); });
        if (stopping_) return;
        c = std::move(ready_.front());
        ready_.pop_front();
      }
      // httplib parses the request from memory (the blank line and exactly the body; anything
      // a client sent after it is not read: the connection closes with the answer).
      BufferedRequest stream(c.fd, c.request(), Clock::now() + limits_.response_time);
      bool closed = true;
      server_.process_request(stream, true, closed, [](httplib::Request&) {});
      close_connection(c);
    }
  }

  GuardedServer& server_;
  const ConnectionLimits limits_;
  int wake_ = -1;
  std::mutex mutex_;
  std::condition_variable ready_cv_;
  bool stopping_ = false;
  std::vector<Connection> incoming_;             // admitted, not yet seen by the reader
  std::deque<Connection> ready_;                 // whole requests for the workers
  std::map<std::string, std::size_t> per_address_;  // open connections by client address
  std::size_t open_ = 0;                         // open connections in all
  std::thread reader_;
  std::vector<std::thread> workers_;
};

namespace {

// httplib's listening thread calls the task queue with each accepted connection; the guard's
// task is only to hand it on, so it runs at once on that thread.
class AtOnce final : public httplib::TaskQueue {
 public:
  void enqueue(std::function<void()> fn) override { fn(); }
  void shutdown() override {}
};

}  // namespace

GuardedServer::GuardedServer(const ConnectionLimits& limits)
    : reception_(std::make_unique<Reception>(*this, limits)) {
  new_task_queue = [] { return new AtOnce; };
  set_payload_max_length(limits.max_body);
}

GuardedServer::~GuardedServer() = default;

bool GuardedServer::process_and_close_socket(socket_t sock) {
  reception_->admit(sock);
  return true;
}

}  // namespace verflixt::cli
