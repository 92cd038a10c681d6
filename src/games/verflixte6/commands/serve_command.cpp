// `verflixt serve`: the player's page and a JSON API on a local web server (cpp-httplib).
// POST /api/advise, /api/solve and /api/rules take a JSON object of the command's options
// by their long names ({"eyes": 9, "other": ["14:p", "0:j"]}); the keys each endpoint takes
// and their JSON types are listed exactly (cli/request_schema.h), and an accepted request
// becomes the argument list the command line parses, so it gets the command's checks, its
// one-line error ({"error": "..."}, status 400) and its `--format json` answer from the same
// functions (cli/api.h). GET / is the page (cli/page/index.html, compiled in).
//
// Nothing a request sends can stop the server, stall it or take its memory: every
// connection must deliver its request within seconds and within size limits
// (cli/guarded_server.h); the Host, the content type and, beyond loopback, a token are
// checked before routing (cli/client_access.h); at most a few heavy requests (advise, solve)
// run at once and the rest are told to retry; each has a cap on its Monte Carlo samples and
// time and a budget of solver states; no file a request names is read or written.
#include <omp.h>
#include <sys/socket.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <chrono>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "games/verflixte6/commands/api.h"
#include "cli/cli.h"
#include "games/verflixte6/commands/client_access.h"
#include "games/verflixte6/commands/guarded_server.h"
#include "games/verflixte6/commands/request_schema.h"
#include "games/verflixte6/commands/serve_command.h"
#include "page/index_html.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/error.h"
#include "verflixt/core/names.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/version.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;
namespace {


// What one request may ask for. The page says so too.
struct Limits {
  std::size_t max_body = 64 * 1024;      // bytes of a request body
  std::uint64_t max_samples = 200000;    // Monte Carlo samples per action (advise)
  double max_seconds = 10;               // Monte Carlo run time; a cut run is marked interrupted
  std::uint64_t max_states = 1'500'000;  // solver states of one request (about 90 bytes each)
  std::uint64_t max_heavy = 2;           // advise and solve requests computing at once
  int threads = 1;                       // worker threads per request (results do not depend on it)
};

// At most `running` heavy requests compute at once; up to `waiting` more wait for a slot (at
// most `patience`), and any beyond are turned away at once, so light requests (the page, the
// rules) always find a worker and a heavy one never waits without end.
class HeavyGate {
 public:
  HeavyGate(std::uint64_t running, std::uint64_t waiting, std::chrono::milliseconds patience)
      : running_(running), waiting_(waiting), patience_(patience) {}
  bool enter() {
    std::unique_lock lock(mutex_);
    if (busy_ >= running_ && queued_ >= waiting_) return false;
    ++queued_;
    const bool got = free_.wait_for(lock, patience_, [&] { return busy_ < running_; });
    --queued_;
    if (got) ++busy_;
    return got;
  }
  // Leaves the gate when it goes out of scope (after a successful enter()).
  struct Slot {
    HeavyGate* gate;
    ~Slot() {
      if (gate) gate->leave();
    }
  };

 private:
  void leave() {
    {
      std::lock_guard lock(mutex_);
      --busy_;
    }
    free_.notify_one();
  }

  std::mutex mutex_;
  std::condition_variable free_;
  std::uint64_t busy_ = 0, queued_ = 0;
  const std::uint64_t running_, waiting_;
  const std::chrono::milliseconds patience_;
};

void parse_request(const std::vector<std::string>& args, const po::options_description& desc, po::variables_map& vm) {
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  parse(static_cast<int>(argv.size()), argv.data(), desc, "", vm);
}

// Stops a request's Monte Carlo at the next chunk once its time is up or the server stops.
struct Deadline {
  std::atomic<bool> stop{false};
  std::chrono::steady_clock::time_point end;
  explicit Deadline(double seconds)
      : end(std::chrono::steady_clock::now() +
            std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds))) {}
  core::RunControl control() {
    core::RunControl rc;
    rc.stop = &stop;
    rc.progress = [this](std::uint64_t, std::uint64_t) {
      if (interrupt_flag().load() || std::chrono::steady_clock::now() > end) stop = true;
    };
    return rc;
  }
};

// The answer to POST /api/<command>: the command's JSON, or an InputError's one line.
std::string answer(const std::string& command, const std::string& body, const Limits& limits,
                              const PolicyCatalog& catalog) {
  std::vector<std::string> args = request_arguments(command, body, catalog);
  po::variables_map vm;
  Budget budget;
  budget.max_solver_states = limits.max_states;
  if (command == "advise") {
    args.push_back("--threads=" + std::to_string(limits.threads));
    parse_request(args, advise_options(), vm);
    if (vm["samples"].defaulted() && vm["samples"].as<std::uint64_t>() > limits.max_samples) {
      // Not asked for: the command's default becomes this server's cap instead of an error.
      vm.at("samples").value() = limits.max_samples;
    }
    const std::uint64_t samples = vm["samples"].as<std::uint64_t>();
    if (samples > limits.max_samples)
      throw core::InputError("--samples " + std::to_string(samples) + " is above this server's cap; valid: 2.." +
                       std::to_string(limits.max_samples));
    Deadline deadline(limits.max_seconds);
    return advise_json(advise_report(vm, deadline.control(), budget));
  }
  if (command == "solve") {
    args.push_back("--threads=" + std::to_string(limits.threads));
    parse_request(args, solve_options(), vm);
    // Exact and bounded by the state budget, so not cut by the time cap: a cut would drop
    // marginal values depending on the machine's load. Only Ctrl-C stops it (between the
    // solves of a loadout without each joker).
    core::RunControl stop_only;
    stop_only.stop = &interrupt_flag();
    return solve_json(solve_report(vm, stop_only, budget));
  }
  po::options_description desc("rules options");
  add_rules_options(desc);
  parse_request(args, desc, vm);
  return rules_json(rules_from(vm));
}

void send_json(httplib::Response& res, int status, const std::string& text) {
  res.status = status;
  res.set_content(text, "application/json");
}

std::string error_json(const std::string& message) {
  nlohmann::ordered_json j;
  j["error"] = core::printable(message, 4000);  // one line, as the command line prints it
  return json_text(j);
}

// The page with the caps filled in, so it states what this server allows.
std::string page_html(const Limits& limits) {
  std::string page(kIndexHtml);
  auto fill = [&](const std::string& key, const std::string& value) {
    for (size_t at = page.find(key); at != std::string::npos; at = page.find(key, at + value.size()))
      page.replace(at, key.size(), value);
  };
  fill("@MAX_BODY@", std::to_string(limits.max_body / 1024) + " KiB");
  fill("@MAX_SAMPLES@", std::to_string(limits.max_samples));
  fill("@MAX_SECONDS@", fmt("%g", limits.max_seconds));
  fill("@VERSION@", kVersion);
  return page;
}

}  // namespace

int serve_command(int argc, const char* const* argv) {
  Limits limits;
  po::options_description desc("serve options");
  desc.add_options()
      ("port", count_value(8066, 0, 65535), "TCP port (0: any free port, printed at start)")
      ("bind", po::value<std::string>()->default_value("127.0.0.1"),
       "address to listen on; 127.0.0.1 = this machine only, 0.0.0.0 = every network (the table's phones: "
       "then every API request needs the token printed at start)")
      ("token", po::value<std::string>(),
       "the token API requests must carry (default: a new random one when --bind is beyond loopback, none on "
       "loopback)")
      ("allow-host", po::value<std::vector<std::string>>()->composing(),
       "a further name the page may be opened by (e.g. mylaptop.local); repeatable")
      ("threads", int_value(omp_get_max_threads(), 1, 1024),
       "worker threads per request (results do not depend on it)")
      ("max-samples", count_value(limits.max_samples, 2, 100000000), "cap on Monte Carlo samples per action")
      ("max-seconds", real_value(limits.max_seconds, 0.001, 3600),
       "cap on a request's Monte Carlo run time; a cut run is marked interrupted")
      ("max-states", count_value(limits.max_states, 1000, 40'000'000),
       "cap on the solver states of one request (about 90 bytes each); a situation that needs more is refused")
      ("max-heavy", count_value(limits.max_heavy, 1, 64),
       "advise and solve requests computing at once; more wait briefly, then get 503 and retry");
  po::variables_map vm;
  if (!parse(argc, argv, desc,
                  "usage: verflixt serve [--port N] [--bind ADDR] [--token T] [--allow-host NAME]\n"
                  "Serves the player's page (advice at the table, when to stop) at http://ADDR:N/ and a JSON\n"
                  "API: POST /api/advise, /api/solve, /api/rules with the command's options as a JSON object,\n"
                  "e.g. {\"eyes\": 9, \"other\": [\"14:p\", \"0:j\"]}; answers are the commands' --format json.\n"
                  "Beyond loopback (--bind 0.0.0.0) the API asks for a token: open the address printed at start.\n"
                  "Ctrl-C stops the server (exit code 130, as for every interrupted command).",
                  vm))
    return 0;
  const auto port = static_cast<int>(vm["port"].as<std::uint64_t>());
  const std::string bind = vm["bind"].as<std::string>();
  limits.threads = threads_from(vm);
  limits.max_samples = vm["max-samples"].as<std::uint64_t>();
  limits.max_seconds = vm["max-seconds"].as<double>();
  limits.max_states = vm["max-states"].as<std::uint64_t>();
  limits.max_heavy = vm["max-heavy"].as<std::uint64_t>();
  std::string token = vm.count("token") ? vm["token"].as<std::string>() : "";
  if (vm.count("token") && (token.size() < 16 || token.size() > 128 ||
                            token.find_first_not_of("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_") !=
                                std::string::npos))
    throw core::InputError("--token: valid: 16..128 letters, digits, '-' or '_'");
  const bool local = ClientAccess::loopback(bind);
  if (!local && token.empty()) token = ClientAccess::new_token();
  const ClientAccess access(
      bind, vm.count("allow-host") ? vm["allow-host"].as<std::vector<std::string>>() : std::vector<std::string>{},
      token);
  // The strategies a request may name, listed once: a request names one, never a path.
  // The shipped folder is where the data lookup finds the shipped heuristic (installed data,
  // or the source tree of a build).
  const PolicyCatalog catalog = PolicyCatalog::from_folder(
      std::filesystem::path(resolve_policy_path("strategies/heuristic.ini")).parent_path().string());

  ConnectionLimits connection;
  connection.max_body = limits.max_body;
  GuardedServer server(connection);
  HeavyGate heavy(limits.max_heavy, 16 * limits.max_heavy,
                  std::chrono::milliseconds(static_cast<long long>(1000 * limits.max_seconds) + 5000));
  const std::string page = page_html(limits);
  server.set_pre_routing_handler([&](const httplib::Request& req, httplib::Response& res) {
    if (const auto refusal = access.check(req)) {
      send_json(res, refusal->status, error_json(refusal->message));
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });
  server.Get("/", [&](const httplib::Request&, httplib::Response& res) {
    res.set_content(page, "text/html; charset=utf-8");
  });
  auto api = [&](const std::string& command) {
    return [&, command](const httplib::Request& req, httplib::Response& res) {
      const bool gated = command != "rules";
      if (gated && !heavy.enter()) {
        res.set_header("Retry-After", "5");
        send_json(res, 503, error_json("the server is busy with other requests; retry in a few seconds"));
        return;
      }
      const HeavyGate::Slot slot{gated ? &heavy : nullptr};
      try {
        send_json(res, 200, answer(command, req.body, limits, catalog));
      } catch (const core::InputError& e) {
        send_json(res, 400, error_json(e.what()));
      } catch (const std::exception& e) {
        send_json(res, 500, error_json(std::string("internal error: ") + e.what()));
      }
    };
  };
  for (const std::string command : {"advise", "solve", "rules"}) server.Post("/api/" + command, api(command));
  server.Get("/api/rules", api("rules"));
  // httplib's own errors (no such page, a malformed request) as JSON in the same form.
  server.set_error_handler([&](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    if (res.status == 404) {
      send_json(res, 404, error_json("no such page " + verflixt::core::quoted(req.path) + "; valid: /, /api/advise, /api/solve, /api/rules"));
    } else {
      send_json(res, res.status, error_json("HTTP " + std::to_string(res.status)));
    }
  });

  // httplib (0.11, compiled into Debian's library) listens with a backlog of 5: a burst of more
  // simultaneous connections than that overflowed the accept queue, and under load the
  // kernel answered some of them with a reset. So the listening socket is remembered here
  // (this hook runs on it before bind) and listens again with the system's maximum after the
  // bind; Linux lets listen() raise the backlog of a listening socket. The hook replaces
  // httplib's default, which set SO_REUSEPORT — that would let another process of the same
  // user bind the same port and take half the connections; SO_REUSEADDR only allows a
  // restart while old connections linger.
  int listening = -1;
  server.set_socket_options([&listening](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    listening = sock;
  });
  const int bound = port == 0 ? server.bind_to_any_port(bind) : (server.bind_to_port(bind, port) ? port : -1);
  if (bound < 0)
    throw core::InputError("cannot listen on " + bind + ":" + std::to_string(port) +
                     " (address not local, or the port is taken); try another --port or --bind");
  if (listening >= 0) ::listen(listening, SOMAXCONN);
  install_interrupt_handler();
  // A client or a reader of the printed address that goes away must never end the server.
  std::signal(SIGPIPE, SIG_IGN);
  // Ctrl-C: stop accepting, let the requests under way end (their Monte Carlo stops at the
  // next chunk), then exit 130 as every interrupted command does.
  std::atomic<bool> done{false};
  std::thread watcher([&] {
    while (!done.load() && !interrupt_flag().load()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    server.stop();
  });
  const std::string query = token.empty() ? "" : "?token=" + token;
  const std::string shown = bind == "0.0.0.0" || bind == "::" ? "127.0.0.1" : bind;
  std::cout << "verflixt serve: http://" << shown << ":" << bound << "/" << query << "  (Ctrl-C stops)" << std::endl;
  if (!local) {
    for (const auto& a : ClientAccess::own_addresses())
      std::cout << "  on the table's network: http://" << a << ":" << bound << "/" << query << std::endl;
    std::cout << "  share this address only with the players: the token in it lets a browser use the API" << std::endl;
  }
  const bool ok = server.listen_after_bind();
  done = true;
  watcher.join();
  if (interrupt_flag().load()) {
    std::cerr << "verflixt serve: stopped (Ctrl-C)\n";
    return kExitInterrupted;
  }
  if (!ok) throw std::runtime_error("the server stopped unexpectedly");
  return 0;
}

}  // namespace verflixt::cli
