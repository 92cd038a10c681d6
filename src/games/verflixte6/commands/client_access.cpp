#include "games/verflixte6/commands/client_access.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>

#include <algorithm>
#include <cstdio>
#include <random>

#include "verflixt/core/names.h"

namespace verflixt::cli {
namespace {

// The host of a Host header value: "[::1]:8066" -> "::1", "Name:80" -> "name".
std::string host_of(const std::string& header) {
  std::string h = core::ascii_lower(header);
  if (!h.empty() && h.front() == '[') {
    const std::size_t close = h.find(']');
    return close == std::string::npos ? h : h.substr(1, close - 1);
  }
  const std::size_t colon = h.find(':');
  if (colon != std::string::npos && h.find(':', colon + 1) == std::string::npos) h.resize(colon);
  return h;
}

// Compares in time independent of where the strings differ, so response times tell nothing
// about how much of a guessed token was right.
bool same_secret(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t k = 0; k < a.size(); ++k) diff |= static_cast<unsigned char>(a[k] ^ b[k]);
  return diff == 0;
}

bool every_interface(const std::string& bind) { return bind == "0.0.0.0" || bind == "::" || bind == "[::]"; }

}  // namespace

bool ClientAccess::loopback(const std::string& bind) {
  if (bind == "localhost" || bind == "::1" || bind == "[::1]") return true;
  in_addr a{};
  return ::inet_pton(AF_INET, bind.c_str(), &a) == 1 && (ntohl(a.s_addr) >> 24) == 127;
}

std::string ClientAccess::new_token() {
  std::random_device device;  // the kernel's random source
  std::string hex;
  for (int k = 0; k < 4; ++k) {
    char part[9];
    std::snprintf(part, sizeof part, "%08x", static_cast<unsigned>(device()));
    hex += part;
  }
  return hex;
}

std::vector<std::string> ClientAccess::own_addresses() {
  std::vector<std::string> out;
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) != 0) return out;
  for (const ifaddrs* i = list; i; i = i->ifa_next) {
    if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET) continue;
    char text[INET_ADDRSTRLEN] = {};
    ::inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(i->ifa_addr)->sin_addr, text, sizeof text);
    if (!loopback(text) && std::find(out.begin(), out.end(), text) == out.end()) out.emplace_back(text);
  }
  ::freeifaddrs(list);
  return out;
}

ClientAccess::ClientAccess(const std::string& bind, const std::vector<std::string>& extra_hosts, std::string token)
    : token_(std::move(token)) {
  // Loopback names always reach the machine itself; so does a bound address by its number.
  hosts_ = {"localhost", "127.0.0.1", "::1"};
  hosts_.insert(host_of(bind));
  if (every_interface(bind))
    for (const auto& a : own_addresses()) hosts_.insert(a);
  for (const auto& h : extra_hosts) hosts_.insert(host_of(h));
}

bool ClientAccess::host_allowed(const std::string& host_header) const {
  if (host_header.empty()) return false;
  const std::string host = host_of(host_header);
  // Any loopback number (127.0.0.2 ...) is this machine too.
  return hosts_.count(host) || loopback(host);
}

std::optional<Refusal> ClientAccess::check(const httplib::Request& req) const {
  const std::string host = req.get_header_value("Host");
  if (!host_allowed(host))
    return Refusal{403, "the Host header " + std::string(host.empty() ? "is missing" : "'" + host.substr(0, 100) + "'") +
                            " does not name this server; if that name is meant to reach it, start the server with "
                            "--allow-host NAME"};
  if (req.method == "POST") {
    const std::string type = core::ascii_lower(req.get_header_value("Content-Type"));
    if (type.substr(0, type.find(';')) != "application/json")
      return Refusal{415, "the request must be sent as Content-Type: application/json"};
  }
  const bool api = req.path.rfind("/api/", 0) == 0;
  if (!api || token_.empty()) return std::nullopt;
  std::string given = req.get_param_value("token");
  const std::string auth = req.get_header_value("Authorization");
  if (auth.rfind("Bearer ", 0) == 0) given = auth.substr(7);
  if (!same_secret(given, token_))
    return Refusal{401, given.empty() ? "this server needs its token: open the address it printed at start (.../?token=...)"
                                      : "the token is not this server's: open the address it printed at start"};
  return std::nullopt;
}

}  // namespace verflixt::cli
