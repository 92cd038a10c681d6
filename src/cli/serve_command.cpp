// `verflixt serve`: the player's page and a JSON API on a local web server (cpp-httplib).
// POST /api/advise, /api/solve and /api/rules take a JSON object whose keys are the
// command's long options without "--" ({"eyes": 9, "other": ["14:p", "0:j"]}): the object
// becomes the same argument list the command line parses, so a request gets the command's
// checks, its one-line error ({"error": "..."}, status 400) and its `--format json` answer
// from the same functions (cli/api.h). GET / is the page (cli/page/index.html, compiled in).
//
// Nothing a request sends can stop the server: every error is caught per request, the body,
// the Monte Carlo samples and the run time of a request are capped, files are neither
// written nor read beyond the strategies/ folder, and requests run in parallel on a pool
// of threads — each result depends only on its request (a seed fixes every number).
#include <httplib.h>
#include <omp.h>
#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "cli/cli.h"
#include "cli/api.h"
#include "cli/serve_command.h"
#include "verflixt/core/error.h"
#include "verflixt/core/names.h"
#include "page/index_html.h"
#include "verflixt/version.h"

namespace verflixt {
namespace {

namespace po = cli::po;

// What one request may ask for. The page says so too.
struct Limits {
  std::size_t max_body = 64 * 1024;      // bytes of a request body
  std::uint64_t max_samples = 200000;    // Monte Carlo samples per action (advise)
  double max_seconds = 10;               // Monte Carlo run time; a cut run is marked interrupted
  int threads = 1;                       // worker threads per request (results do not depend on it)
};

// Options a request may not give: the server decides where output goes (nowhere), which
// files are read and how many threads a request gets.
const std::set<std::string> kServerOnly = {"output", "o", "format", "write-policy", "rules", "threads", "help", "h"};

class BadRequest : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A policy spec from a request: threshold:N or a file under strategies/ (no way out of it).
void check_policy(const std::string& key, const std::string& spec) {
  if (spec.rfind("threshold:", 0) == 0) return;
  if (spec.rfind("strategies/", 0) == 0 && spec.find("..") == std::string::npos) return;
  throw InputError("--" + key + " '" + spec + "': over HTTP valid: threshold:N or a file strategies/NAME");
}

std::string scalar_text(const std::string& key, const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_integer() || v.is_number_unsigned() || v.is_number_float()) return v.dump();
  throw InputError("\"" + key + "\": expected a string or a number, not " + std::string(v.type_name()));
}

// The request object as the argument list of `verflixt <command>`: "key": value becomes
// --key=value, true a bare --key (a switch), false and null nothing, an array the option
// repeated. The "--key=value" form keeps a negative number a value.
std::vector<std::string> arguments(const std::string& command, const std::string& body, const Limits& limits) {
  nlohmann::json req;
  if (body.find_first_not_of(" \t\r\n") == std::string::npos) {
    req = nlohmann::json::object();
  } else {
    try {
      req = nlohmann::json::parse(body);
    } catch (const nlohmann::json::parse_error& e) {
      throw InputError(std::string("the request is not JSON: ") + e.what());
    }
  }
  if (!req.is_object()) throw InputError("the request must be a JSON object of options, e.g. {\"eyes\": 9}");
  std::vector<std::string> args = {command};
  for (const auto& [key, value] : req.items()) {
    if (kServerOnly.count(key))
      throw InputError("\"" + key + "\" is not available over HTTP (the server sets output, files and threads)");
    std::vector<std::string> texts;
    if (value.is_null() || (value.is_boolean() && !value.get<bool>())) continue;
    if (value.is_boolean()) {
      args.push_back("--" + key);
      continue;
    }
    if (value.is_array()) {
      for (const auto& v : value) texts.push_back(scalar_text(key, v));
    } else {
      texts.push_back(scalar_text(key, value));
    }
    for (const auto& t : texts) {
      if (key == "policy" || key == "others-policy") check_policy(key, t);
      args.push_back("--" + key + "=" + t);
    }
  }
  args.push_back("--threads=" + std::to_string(limits.threads));
  return args;
}

void parse_request(const std::vector<std::string>& args, const po::options_description& desc, po::variables_map& vm) {
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  if (!cli::parse(static_cast<int>(argv.size()), argv.data(), desc, "", vm))
    throw InputError("--help is not available over HTTP");
}

// Stops a request's Monte Carlo at the next chunk once its time is up or the server stops.
struct Deadline {
  std::atomic<bool> stop{false};
  std::chrono::steady_clock::time_point end;
  explicit Deadline(double seconds)
      : end(std::chrono::steady_clock::now() +
            std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds))) {}
  RunControl control() {
    RunControl rc;
    rc.stop = &stop;
    rc.progress = [this](std::uint64_t, std::uint64_t) {
      if (cli::interrupt_flag().load() || std::chrono::steady_clock::now() > end) stop = true;
    };
    return rc;
  }
};

// The answer to POST /api/<command>: the command's JSON, or an InputError's one line.
nlohmann::ordered_json answer(const std::string& command, const std::string& body, const Limits& limits) {
  const std::vector<std::string> args = arguments(command, body, limits);
  po::variables_map vm;
  if (command == "advise") {
    parse_request(args, cli::advise_options(), vm);
    const std::uint64_t samples = vm["samples"].as<std::uint64_t>();
    if (samples > limits.max_samples)
      throw InputError("--samples " + std::to_string(samples) + " is above this server's cap; valid: 2.." +
                       std::to_string(limits.max_samples));
    Deadline deadline(limits.max_seconds);
    return cli::advise_json(cli::advise_report(vm, deadline.control()));
  }
  if (command == "solve") {
    parse_request(args, cli::solve_options(), vm);
    if (vm.count("loadouts")) throw InputError("over HTTP solve takes one loadout (--jokers), not --loadouts");
    // A preset's loadout with the automatic caps solves in at most a few seconds; a changed
    // ruleset or a raised cap can need 40 million states, a minute and gigabytes (e.g.
    // runkelrueb.face=2 with All In and Fumo), which one request must not take from the others.
    for (const char* key : {"set", "risk-cap", "runkel-risk-cap"})
      if (!vm[key].empty() && !vm[key].defaulted())
        throw InputError(std::string("over HTTP solve takes a preset's rules with the automatic caps, not --") + key +
                         " (a changed ruleset can need minutes: use `verflixt solve`)");
    // Exact and bounded (one loadout, at most a few seconds with Runkelrüb), so not cut by
    // the time cap: a cut would drop marginal values depending on the machine's load. Only
    // Ctrl-C stops it (between the solves of a loadout without each joker).
    RunControl stop_only;
    stop_only.stop = &cli::interrupt_flag();
    return cli::solve_json(cli::solve_report(vm, stop_only));
  }
  po::options_description desc("rules options");
  cli::add_rules_options(desc);
  desc.add_options()("threads", po::value<int>(), "ignored");
  parse_request(args, desc, vm);
  return cli::rules_json(cli::rules_from(vm));
}

void send_json(httplib::Response& res, int status, const nlohmann::ordered_json& j) {
  res.status = status;
  res.set_content(cli::json_text(j), "application/json");
}

nlohmann::ordered_json error_json(const std::string& message) {
  nlohmann::ordered_json j;
  j["error"] = printable(message, 4000);  // one line, as the command line prints it
  return j;
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
  fill("@MAX_SECONDS@", cli::fmt("%g", limits.max_seconds));
  fill("@VERSION@", kVersion);
  return page;
}

}  // namespace

int serve_command(int argc, const char* const* argv) {
  Limits limits;
  po::options_description desc("serve options");
  desc.add_options()
      ("port", cli::count_value(8066, 0, 65535), "TCP port (0: any free port, printed at start)")
      ("bind", po::value<std::string>()->default_value("127.0.0.1"),
       "address to listen on; 127.0.0.1 = this machine only, 0.0.0.0 = every network (the table's LAN)")
      ("threads", po::value<int>()->default_value(omp_get_max_threads()),
       "worker threads per request (results do not depend on it)")
      ("max-samples", cli::count_value(limits.max_samples, 2, 100000000), "cap on Monte Carlo samples per action")
      ("max-seconds", po::value<double>()->default_value(limits.max_seconds),
       "cap on a request's Monte Carlo run time; a cut run is marked interrupted");
  po::variables_map vm;
  if (!cli::parse(argc, argv, desc,
                  "usage: verflixt serve [--port N] [--bind ADDR]\n"
                  "Serves the player's page (advice at the table, when to stop) at http://ADDR:N/ and a JSON\n"
                  "API: POST /api/advise, /api/solve, /api/rules with the command's options as a JSON object,\n"
                  "e.g. {\"eyes\": 9, \"other\": [\"14:p\", \"0:j\"]}; answers are the commands' --format json.\n"
                  "Ctrl-C stops the server (exit code 130, as for every interrupted command).",
                  vm))
    return 0;
  const auto port = static_cast<int>(vm["port"].as<std::uint64_t>());
  const std::string bind = vm["bind"].as<std::string>();
  limits.threads = cli::threads_from(vm);
  limits.max_samples = vm["max-samples"].as<std::uint64_t>();
  limits.max_seconds = vm["max-seconds"].as<double>();
  if (!(limits.max_seconds > 0 && limits.max_seconds <= 3600))
    throw InputError("--max-seconds " + cli::fmt("%g", limits.max_seconds) + " is out of range; valid: 0..3600");

  httplib::Server server;
  server.new_task_queue = [] { return new httplib::ThreadPool(8); };
  server.set_payload_max_length(limits.max_body);
  // httplib (0.11) waits this long for every request of a connection, the first one included:
  // a client that has connected but not yet sent its request within it is closed unanswered.
  // One second dropped requests of a busy machine's own clients (tests/cli/serve_test.cpp, the
  // parallel case), so this is httplib's default of 5 s. An idle browser connection is closed
  // after it too, so Ctrl-C ends the server within about 5 s (a stop waits for its connections).
  server.set_keep_alive_timeout(5);
  const std::string page = page_html(limits);
  server.Get("/", [&](const httplib::Request&, httplib::Response& res) {
    res.set_content(page, "text/html; charset=utf-8");
  });
  auto api = [&](const std::string& command) {
    return [&, command](const httplib::Request& req, httplib::Response& res) {
      try {
        send_json(res, 200, answer(command, req.body, limits));
      } catch (const InputError& e) {
        send_json(res, 400, error_json(e.what()));
      } catch (const std::exception& e) {
        send_json(res, 500, error_json(std::string("internal error: ") + e.what()));
      }
    };
  };
  for (const std::string command : {"advise", "solve", "rules"}) server.Post("/api/" + command, api(command));
  server.Get("/api/rules", api("rules"));
  // httplib's own errors (no such page, a body over the cap) as JSON in the same form; a
  // body over the cap is the client's mistake like any other: 400.
  server.set_error_handler([&](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    if (res.status == 413) {
      res.status = 400;
      send_json(res, 400,
                error_json("the request body is larger than this server's cap; valid: up to " +
                           std::to_string(limits.max_body) + " bytes"));
    } else if (res.status == 404) {
      send_json(res, 404, error_json("no such page " + verflixt::quoted(req.path) + "; valid: /, /api/advise, /api/solve, /api/rules"));
    } else {
      send_json(res, res.status, error_json("HTTP " + std::to_string(res.status)));
    }
  });

  // httplib (0.11, compiled into Debian's library) listens with a backlog of 5: a burst of more
  // simultaneous connections than that overflowed the accept queue, and under load the
  // kernel answered some of them with a reset ("no answer: Read" in the parallel serve test;
  // nstat's ListenOverflows and SyncookiesFailed counted them). So the listening socket is
  // remembered here (this hook runs on it before bind) and listens again with the system's
  // maximum after the bind; Linux lets listen() raise the backlog of a listening socket. The
  // hook replaces httplib's default, which set SO_REUSEPORT — that would let another process
  // of the same user bind the same port and take half the connections; SO_REUSEADDR only
  // allows a restart while old connections linger.
  int listening = -1;
  server.set_socket_options([&listening](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    listening = sock;
  });
  const int bound = port == 0 ? server.bind_to_any_port(bind) : (server.bind_to_port(bind, port) ? port : -1);
  if (bound < 0)
    throw InputError("cannot listen on " + bind + ":" + std::to_string(port) +
                     " (address not local, or the port is taken); try another --port or --bind");
  if (listening >= 0) ::listen(listening, SOMAXCONN);
  cli::install_interrupt_handler();
  // Ctrl-C: stop accepting, let the requests under way end (their Monte Carlo stops at the
  // next chunk), then exit 130 as every interrupted command does.
  std::atomic<bool> done{false};
  std::thread watcher([&] {
    while (!done.load() && !cli::interrupt_flag().load()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    server.stop();
  });
  std::cout << "verflixt serve: http://" << (bind == "0.0.0.0" ? "127.0.0.1" : bind) << ":" << bound
            << "/  (Ctrl-C stops)" << std::endl;
  const bool ok = server.listen_after_bind();
  done = true;
  watcher.join();
  if (cli::interrupt_flag().load()) {
    std::cerr << "verflixt serve: stopped (Ctrl-C)\n";
    return cli::kExitInterrupted;
  }
  if (!ok) throw std::runtime_error("the server stopped unexpectedly");
  return 0;
}

}  // namespace verflixt
