#pragma once
// cpp-httplib's server with a guard in front of every connection, so that no client can
// stall it or make it grow. httplib (0.11, compiled into Debian's library) reads a request
// with a timeout per read only: a client that sends a header line every few seconds keeps a
// worker for as long as it likes, and the number and size of header lines are not bounded
// (110,000 lines took 1.3 GB). Here each connection must deliver its whole request — request
// line, at most `max_header_lines` lines of at most `max_header_bytes` bytes in all, and a
// body of at most `max_body` bytes with a Content-Length — within `request_time` of being
// accepted; only then does httplib parse and route it, from memory. The answer must be taken
// within `response_time`. One request per connection (the answer closes it).
#include <httplib.h>

#include <chrono>
#include <cstddef>

namespace verflixt::cli {

struct ConnectionLimits {
  std::chrono::milliseconds request_time{5000};
  std::chrono::milliseconds response_time{10000};
  std::size_t max_header_bytes = 16 * 1024;
  std::size_t max_header_lines = 64;
  std::size_t max_body = 64 * 1024;
  // Connections served at once: slow clients hold a worker for at most request_time, so a
  // few dozen of them never leave a normal request waiting.
  std::size_t workers = 64;
};

class GuardedServer : public httplib::Server {
 public:
  explicit GuardedServer(const ConnectionLimits& limits);

 private:
  // httplib calls this (a virtual function) for every accepted connection.
  bool process_and_close_socket(socket_t sock) override;

  ConnectionLimits limits_;
};

}  // namespace verflixt::cli
