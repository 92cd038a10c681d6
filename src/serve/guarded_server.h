#pragma once
// cpp-httplib's server with a guard in front of every connection, so that no client can
// stall it, fill its workers or make it grow. httplib (0.11, compiled into Debian's library)
// gives each accepted connection a worker thread that then waits for the request with a
// timeout per read only: 64 clients that connect and send nothing hold all 64 workers, and a
// client that trickles a header line every few seconds keeps one as long as it likes.
//
// Here no worker waits on a client. One reception thread reads every connection at once
// (poll) until its request is whole — request line, at most `max_header_lines` lines of at
// most `max_header_bytes` bytes in all, a body of at most `max_body` bytes with a
// Content-Length — and only then hands it to a worker, which lets httplib parse and route it
// from memory and writes the answer within `response_time`. A connection that sends nothing
// within `idle_time`, or not its whole request within `request_time`, is closed; one client
// address holds at most `per_address` connections and all clients `max_connections`, so
// neither idle, slow nor flooding clients can keep a request of another address waiting.
// One request per connection (the answer closes it). The page's compression by httplib is
// off (an Accept-Encoding: br costs ~90 ms of CPU per page; the page is small).
#include <httplib.h>

#include <chrono>
#include <cstddef>
#include <memory>

namespace verflixt::cli {

struct ConnectionLimits {
  std::chrono::milliseconds idle_time{3000};      // to the first byte of a request
  std::chrono::milliseconds request_time{5000};   // to the whole request
  std::chrono::milliseconds response_time{5000};  // to take the whole answer
  std::size_t max_header_bytes = 16 * 1024;
  std::size_t max_header_lines = 64;
  std::size_t max_body = 64 * 1024;
  std::size_t per_address = 32;                   // open connections of one client address
  std::size_t max_connections = 512;              // open connections in all
  // Requests answered at once. Slow readers of an answer hold one for at most
  // response_time, and one address holds at most per_address of them.
  std::size_t workers = 64;
};

class GuardedServer : public httplib::Server {
 public:
  explicit GuardedServer(const ConnectionLimits& limits);
  ~GuardedServer() override;

 private:
  // httplib's listening thread calls this (a virtual function) for every accepted
  // connection; it only hands the socket to the reception.
  bool process_and_close_socket(socket_t sock) override;

  class Reception;
  friend class Reception;
  std::unique_ptr<Reception> reception_;
};

}  // namespace verflixt::cli
