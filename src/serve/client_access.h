#pragma once
// Who may use `verflixt serve`, checked on every request before it is routed:
// - the Host header must name this server (its bound address, a loopback name, one of the
//   machine's own addresses when bound to every interface, or a name given with
//   --allow-host), so a web page whose domain is re-pointed at this machine (DNS rebinding)
//   is refused;
// - a POST must be application/json: a cross-site form or text/plain POST, which a browser
//   sends without asking first, is refused;
// - when the server listens beyond loopback (or is given a token), every API request must
//   carry the token, as "Authorization: Bearer TOKEN" or "?token=TOKEN"; the page itself
//   holds no data and is served without it, and passes the token of its own address on.
#include <httplib.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace verflixt::cli {

struct Refusal {
  int status;
  std::string message;
};

class ClientAccess {
 public:
  // `bind` as given to --bind; `extra_hosts` from --allow-host; `token` empty for none.
  ClientAccess(const std::string& bind, const std::vector<std::string>& extra_hosts, std::string token);

  // Why the request is refused, or nullopt when it may go on.
  std::optional<Refusal> check(const httplib::Request& req) const;

  // Whether `bind` is a loopback address (127.0.0.0/8, ::1, localhost).
  static bool loopback(const std::string& bind);
  // A new random token (128 bits, hex).
  static std::string new_token();
  // The machine's own IPv4 addresses but loopback (for the URLs printed at start).
  static std::vector<std::string> own_addresses();

  const std::string& token() const { return token_; }

 private:
  bool host_allowed(const std::string& host_header) const;

  std::set<std::string> hosts_;  // lower case, without port or brackets
  std::string token_;
};

}  // namespace verflixt::cli
