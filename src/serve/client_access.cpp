#include "serve/client_access.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>

#include <algorithm>
#include <cstdio>
#include <random>

#include "verflixt/core/error.h"
#include "verflixt/core/names.h"

namespace verflixt::cli {
namespace {

// A name as the server keeps it: lower case, an IPv6 address without its brackets.
std::string normal_host(const std::string& name) {
  std::string h = core::ascii_lower(name);
  if (h.size() >= 2 && h.front() == '[' && h.back() == ']') h = h.substr(1, h.size() - 2);
  return h;
}

// The host a Host header names, or "" when the header is no host[:port] (RFC 9110 7.2): a
// name or IPv4 address of letters, digits, '.' and '-', or an IPv6 address in brackets; a
// port of at most five digits, 0..65535. So "127.0.0.1:evil" or "a b" name no host.
std::string host_of(const std::string& header) {
  const std::string h = core::ascii_lower(header);
  std::string host, port;
  if (!h.empty() && h.front() == '[') {
    const std::size_t close = h.find(']');
    if (close == std::string::npos) return "";
    host = h.substr(1, close - 1);
    if (host.empty() || host.find_first_not_of("0123456789abcdef:.") != std::string::npos) return "";
    const std::string rest = h.substr(close + 1);
    if (!rest.empty() && rest.front() != ':') return "";
    if (!rest.empty()) port = rest.substr(1);
  } else {
    const std::size_t colon = h.find(':');
    host = h.substr(0, colon);
    if (colon != std::string::npos) port = h.substr(colon + 1);
    if (host.empty() || host.size() > 253 || host.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789.-") != std::string::npos)
      return "";
  }
  if (h.find(':') != std::string::npos && h.back() == ':') return "";  // "name:" has an empty port
  if (!port.empty() && (port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos ||
                        std::stoi(port) > 65535))
    return "";
  return host;
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
  hosts_.insert(normal_host(bind));
  if (every_interface(bind))
    for (const auto& a : own_addresses()) hosts_.insert(a);
  for (const auto& h : extra_hosts) {
    const std::string name = normal_host(h);
    if (host_of(name.find(':') != std::string::npos ? "[" + name + "]" : name) != name)
      throw core::InputError("--allow-host " + core::quoted(h) + " is not a host name; valid: a name or address, e.g. "
                             "mylaptop.local");
    hosts_.insert(name);
  }
}

bool ClientAccess::host_allowed(const std::string& host_header) const {
  const std::string host = host_of(host_header);
  if (host.empty()) return false;
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
