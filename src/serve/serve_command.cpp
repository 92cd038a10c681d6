// `verflixt serve`: the player's page and a JSON API on a local web server (cpp-httplib), for
// every game of the registry: a request's "game" picks one (serve/game_api.h; the default game
// without it). POST /api/advise, /api/solve and /api/rules take a JSON object of the command's
// options by their long names ({"turn-total": 9, "other": ["14:p", "0:j"]}); the keys each
// command takes and their JSON types come from its request options (serve/request_schema.h),
// and an accepted request becomes the argument list the command line parses, so it gets the
// command's checks, its one-line error ({"error": "..."}, status 400) and its `--format json`
// answer. A command that answers in this process (core::Command::serve) computes under the
// request's budget; any other runs as a child process held to the same limits. GET / is the
// page (serve/page/, compiled in as one document).
//
// Nothing a request sends can stop the server, stall it or take its memory: connections are
// read by one thread and must deliver their request within seconds and within size limits,
// a few per client address (serve/guarded_server.h); the Host, the content type and, beyond
// loopback, a token are checked before routing (serve/client_access.h); the heavy requests
// (advise, solve) compute on a few threads of their own and the rest are told to retry; each
// runs under one budget (core/budget.h): a deadline that cuts its Monte Carlo (marked
// interrupted) and refuses exact work that would not finish in time, and a ceiling on the
// memory the server holds. After each, the memory it used is given back. No file a request
// names is read or written.
#include <malloc.h>
#include <omp.h>
#include <sys/socket.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <functional>
#include <future>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli/cli.h"
#include "serve/client_access.h"
#include "serve/game_api.h"
#include "serve/guarded_server.h"
#include "serve/request_schema.h"
#include "serve/serve_command.h"
#include "page/index_html.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/json_text.h"
#include "verflixt/core/data_path.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/names.h"
#include "verflixt/core/thread_cache.h"
#include "verflixt/version.h"

namespace verflixt::cli {

namespace {


// What one request may ask for. The page says so too.
struct Limits {
  std::size_t max_body = 64 * 1024;      // bytes of a request body
  std::uint64_t max_samples = 200000;    // Monte Carlo samples per action (advise)
  double max_seconds = 5;                // a heavy request's deadline
  std::uint64_t max_states = 1'500'000;  // solver states of one solve (about 90 bytes each)
  std::uint64_t max_memory_mb = 600;     // memory the server may hold while it computes
  std::uint64_t max_heavy = 2;           // advise and solve requests computing at once
  int threads = 1;                       // worker threads per request (results do not depend on it)
};

// The heavy requests compute here, on `running` threads of their own, so that the threads of
// their OpenMP teams (and the memo tables those keep) are a few, not one set per connection.
// Up to `waiting` more wait for a thread (at most `patience`); any beyond are turned away at
// once, so light requests (the page, the rules) are answered meanwhile and a heavy one never
// waits without end. After each task the threads' caches are emptied and the allocator gives
// freed memory back to the system, so the server's memory returns to where it was.
class ComputeQueue {
 public:
  ComputeQueue(std::uint64_t running, std::uint64_t waiting, std::chrono::milliseconds patience, int team)
      : waiting_(waiting), patience_(patience), team_(team) {
    for (std::uint64_t k = 0; k < running; ++k) threads_.emplace_back([this] { work(); });
  }
  ~ComputeQueue() {
    {
      const std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
  }
  // Runs `task` on a compute thread and returns its answer; nullopt when the queue is full or
  // no thread took it within the patience.
  std::optional<std::string> run(std::function<std::string()> task) {
    auto job = std::make_shared<Job>();
    job->task = std::move(task);
    std::future<std::string> answer = job->result.get_future();
    {
      const std::lock_guard lock(mutex_);
      if (stopping_ || queue_.size() >= waiting_) return std::nullopt;
      queue_.push_back(job);
    }
    wake_.notify_one();
    {
      std::unique_lock lock(mutex_);
      if (!started_.wait_for(lock, patience_, [&] { return job->started; })) {
        std::erase(queue_, job);  // still waiting: it never runs
        return std::nullopt;
      }
    }
    return answer.get();  // rethrows what the task threw
  }

 private:
  struct Job {
    std::function<std::string()> task;
    std::promise<std::string> result;
    bool started = false;
  };
  void work() {
    for (;;) {
      std::shared_ptr<Job> job;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
        if (stopping_ && queue_.empty()) return;
        job = queue_.front();
        queue_.pop_front();
        job->started = true;
      }
      started_.notify_all();
      try {
        job->result.set_value(job->task());
      } catch (...) {
        job->result.set_exception(std::current_exception());
      }
      job.reset();
      core::clear_thread_caches(team_);
      ::malloc_trim(0);
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_, started_;
  std::deque<std::shared_ptr<Job>> queue_;
  bool stopping_ = false;
  const std::uint64_t waiting_;
  const std::chrono::milliseconds patience_;
  const int team_;
  std::vector<std::thread> threads_;
};

// A request's Monte Carlo stops at the next chunk once its deadline has passed or the
// server stops; its exact work is refused then (the budget, core/budget.h).
core::RunControl deadline_control(const core::Budget& budget, std::atomic<bool>& stop) {
  core::RunControl rc;
  rc.stop = &stop;
  rc.progress = [&budget, &stop](std::uint64_t, std::uint64_t) {
    if (budget.spent()) stop = true;
  };
  return rc;
}

// The command line that answers what a request asked, for a refusal to point to: the
// request's arguments, quoted for a shell where needed.
std::string command_line(const std::vector<std::string>& args) {
  std::string out = "verflixt";
  for (const auto& a : args) {
    const bool plain = !a.empty() && a.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                         "0123456789-_=:,./+") == std::string::npos;
    std::string quoted = a;
    if (!plain) {
      quoted = "'";
      for (char c : a) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
      quoted += "'";
    }
    out += " " + quoted;
  }
  return out;
}

// A command that answers in this process: its work under the request's budget, and the
// warnings the command line would say on stderr in its answer.
std::string answer_within(const ServedCommand& served, std::vector<std::string> args, const Limits& limits,
                          const core::Budget& budget) {
  const core::Budget::Scope scope(&budget);
  std::atomic<bool> stop{false};
  core::ServedRequest request{.args = std::move(args), .threads = limits.threads, .max_samples = limits.max_samples,
                              .max_states = limits.max_states, .deadline = deadline_control(budget, stop),
                              .stop_only = {}};
  request.stop_only.stop = &interrupt_flag();
  std::vector<std::string> warnings;
  const WarningScope warned(warnings);
  const std::string json = served.command->serve(request);
  return core::report::with_warnings(json, warnings);
}

// Any other command: the request's Monte Carlo games or samples capped as those of a command
// in this process are, then the command itself as a child process, killed at the deadline or
// past the memory (its own loops need not check a budget for the request to stay bounded).
std::string game_answer_within(const ServedCommand& served, const std::vector<std::string>& args, const Limits& limits,
                               double seconds) {
  po::variables_map vm;
  {
    // The command's checks first, and the values the caps read; its warnings are the child's
    // to give, in the answer.
    std::vector<std::string> said_by_the_child;
    const WarningScope warned(said_by_the_child);
    parse_request(args, served.options, vm);
  }
  for (const char* count : {"games", "samples"})
    if (vm.count(count) && vm[count].as<std::uint64_t>() > limits.max_samples)
      throw core::InputError("--" + std::string(count) + " " + std::to_string(vm[count].as<std::uint64_t>()) +
                             " is above this server's cap; valid: 1.." + std::to_string(limits.max_samples));
  ServeLimits child;
  child.time = std::chrono::milliseconds(static_cast<long long>(1000 * seconds));
  child.memory = limits.max_memory_mb * 1'000'000;
  child.threads = limits.threads;
  return run_served(served, args, child, &interrupt_flag());
}

// The answer to POST /api/<command>: the command's JSON, or an InputError's one line. A request
// names its game with "game" (the default game without it).
std::string answer(const std::string& command, const std::string& body, const Limits& limits,
                   const PolicyCatalog& catalog) {
  const std::vector<std::string> games = served_games();
  const std::string game = request_game(body, games);
  const ServedCommand served = served_command(game, command);
  std::vector<std::string> args = request_arguments(command, served.options, body, catalog);
  std::vector<std::string> typed = args;  // as a user types it: another game first
  if (game != games.front()) typed.insert(typed.begin(), game);
  // The computation ends a little before the deadline, so that the answer (an estimate cut
  // short, or the refusal) is written by then.
  const double compute = limits.max_seconds - std::min(0.25, 0.1 * limits.max_seconds);
  const std::string remedy = "run `" + core::printable(command_line(typed), 300) + "` on the command line";
  const core::Budget budget(
      {.time = std::chrono::duration_cast<core::Budget::Clock::duration>(std::chrono::duration<double>(compute)),
       .memory = limits.max_memory_mb * 1'000'000},
      &interrupt_flag(), remedy);
  try {
    return served.command->serve ? answer_within(served, std::move(args), limits, budget)
                                 : game_answer_within(served, args, limits, compute);
  } catch (const core::BudgetExceeded& e) {
    // Every refusal points to the command line, whichever limit was met first: the deadline
    // and the memory say so through the budget, this server's state cap through the solver.
    const std::string message = e.what();
    if (message.find(remedy) != std::string::npos) throw;
    throw core::BudgetExceeded(message + "; " + remedy);
  }
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

// The API token: from --token-file (its first line), --token or VERFLIXT_TOKEN; empty for
// none. A token on the command line shows in `ps` to every user of the machine, so it is
// taken with a warning.
std::string token_from(const po::variables_map& vm) {
  if (vm.count("token") && vm.count("token-file")) throw core::InputError("give one of --token and --token-file, not both");
  std::string token, source = "--token";
  if (vm.count("token-file")) {
    source = "--token-file";
    const std::string path = vm["token-file"].as<std::string>();
    // Read as every file verflixt reads: a regular file only (a FIFO would wait for a writer).
    const std::string text = core::read_text_file(path, "--token-file", 4096);
    token = text.substr(0, text.find('\n'));
    if (token.empty()) throw core::InputError("--token-file " + core::quoted(path) + ": cannot read a token from it");
    while (!token.empty() && (token.back() == '\r' || token.back() == ' ')) token.pop_back();
  } else if (vm.count("token")) {
    token = vm["token"].as<std::string>();
    warning("--token is visible to every user of this machine (ps); prefer --token-file FILE or VERFLIXT_TOKEN");
  } else if (const char* env = std::getenv("VERFLIXT_TOKEN"); env && *env) {
    token = env;
    source = "VERFLIXT_TOKEN";
  } else {
    return "";
  }
  if (token.size() < 16 || token.size() > 128 ||
      token.find_first_not_of("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_") != std::string::npos)
    throw core::InputError(source + ": the token is not valid; valid: 16..128 letters, digits, '-' or '_'");
  return token;
}

// serve's options: the server's own settings, which no request may change (web = false
// throughout); the defaults are those of `limits`.
core::OptionTable serve_options(const Limits& limits) {
  core::OptionTable table = {
      core::count_option("port", 8066, 0, 65535, "TCP port (0: any free port, printed at start)"),
      core::word_option("bind", "127.0.0.1",
                        "address to listen on; 127.0.0.1 = this machine only, 0.0.0.0 = every network (the table's "
                        "phones: then every API request needs the token printed at start)"),
      core::file_option("token-file",
                        "read the token API requests must carry from FILE (its first line); or set VERFLIXT_TOKEN "
                        "(default: a new random one when --bind is beyond loopback, none on loopback)"),
      core::word_option("token", "the token itself (visible to every user of this machine in `ps`: prefer "
                                 "--token-file or VERFLIXT_TOKEN)"),
      core::words_option("allow-host", "a further name the page may be opened by (e.g. mylaptop.local); repeatable"),
      core::integer_option("threads", omp_get_max_threads(), 1, 1024,
                           "worker threads per request (results do not depend on it)"),
      core::count_option("max-samples", limits.max_samples, 2, 100000000, "cap on Monte Carlo samples per action"),
      core::real_option("max-seconds", fmt("%g", limits.max_seconds), 0.001, 3600,
                        "deadline of an advise or solve request: its Monte Carlo is cut there and marked interrupted, "
                        "exact work that would take longer is refused"),
      core::count_option("max-states", limits.max_states, 1000, 40'000'000,
                         "cap on the states of one solve (about 90 bytes each); a situation that needs more is refused"),
      core::count_option("max-memory", limits.max_memory_mb, 64, 1'000'000,
                         "megabytes the server may hold while it computes; a request that would need more is refused"),
      core::count_option("max-heavy", limits.max_heavy, 1, 64,
                         "advise and solve requests computing at once; more wait briefly, then get 503 and retry")};
  for (core::Option& o : table) o.web = false;
  return table;
}

}  // namespace

int serve_command(int argc, const char* const* argv) {
  Limits limits;
  po::variables_map vm;
  if (!parse(argc, argv, "serve options", serve_options(limits),
                  "usage: verflixt serve [--port N] [--bind ADDR] [--token-file FILE] [--allow-host NAME]\n"
                  "Serves the player's page (advice at the table for every game, when to stop) at\n"
                  "http://ADDR:N/ and a JSON API: POST /api/advise, /api/solve, /api/rules with the command's\n"
                  "options as a JSON object, e.g. {\"turn-total\": 9, \"other\": [\"14:p\", \"0:j\"]}, and \"game\" for\n"
                  "another game's advise or rules ({\"game\": \"pig\", \"score\": 40, \"other\": 60}); GET /api/games lists\n"
                  "each game's keys. Answers are the commands' --format json.\n"
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
  limits.max_memory_mb = vm["max-memory"].as<std::uint64_t>();
  std::string token = token_from(vm);
  const bool local = ClientAccess::loopback(bind);
  if (!local && token.empty()) token = ClientAccess::new_token();
  const ClientAccess access(
      bind, vm.count("allow-host") ? vm["allow-host"].as<std::vector<std::string>>() : std::vector<std::string>{},
      token);
  // The strategies a request may name, listed once: a request names one, never a path.
  // The shipped folder is where the data lookup finds the shipped heuristic (installed data,
  // or the source tree of a build).
  const PolicyCatalog catalog = PolicyCatalog::from_folder(
      std::filesystem::path(core::find_data_file("strategies/heuristic.ini")).parent_path().string());

  // A few malloc arenas, not eight per core: freed memory then collects where malloc_trim
  // can give it back (ComputeQueue), instead of staying in arenas of threads long idle.
  ::mallopt(M_ARENA_MAX, 2);
  ConnectionLimits connection;
  connection.max_body = limits.max_body;
  GuardedServer server(connection);
  ComputeQueue heavy(limits.max_heavy, 16 * limits.max_heavy,
                     std::chrono::milliseconds(static_cast<long long>(1000 * limits.max_seconds) + 5000), limits.threads);
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
      try {
        const auto task = [&] { return answer(command, req.body, limits, catalog); };
        if (command == "rules") {
          send_json(res, 200, task());
        } else if (const auto text = heavy.run(task)) {
          send_json(res, 200, *text);
        } else {
          res.set_header("Retry-After", "5");
          send_json(res, 503, error_json("the server is busy with other requests; retry in a few seconds"));
        }
      } catch (const core::InputError& e) {
        send_json(res, 400, error_json(e.what()));
      } catch (const core::Interrupted&) {
        send_json(res, 503, error_json("the server is stopping"));
      } catch (const std::exception& e) {
        send_json(res, 500, error_json(std::string("internal error: ") + e.what()));
      }
    };
  };
  for (const std::string command : {"advise", "solve", "rules"}) server.Post("/api/" + command, api(command));
  server.Get("/api/rules", api("rules"));
  const std::string games = games_json();
  server.Get("/api/games", [&](const httplib::Request&, httplib::Response& res) { send_json(res, 200, games); });
  // httplib's own errors (no such page, a malformed request) as JSON in the same form. A page
  // asked by a method it does not answer is a 405 that says which it answers (httplib routes by
  // method and path, so it reaches here as a 404).
  const std::vector<std::pair<std::string, std::string>> methods = {
      {"/", "GET"}, {"/api/advise", "POST"}, {"/api/solve", "POST"}, {"/api/rules", "GET, POST"}, {"/api/games", "GET"}};
  server.set_error_handler([&](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    const auto route = std::find_if(methods.begin(), methods.end(), [&](const auto& m) { return m.first == req.path; });
    if (res.status == 404 && route != methods.end()) {
      res.set_header("Allow", route->second);
      send_json(res, 405, error_json(route->first + " answers " + route->second + ", not " + core::printable(req.method, 20)));
    } else if (res.status == 404) {
      send_json(res, 404, error_json("no such page " + verflixt::core::quoted(req.path) + "; valid: /, /api/advise, /api/solve, /api/rules, /api/games"));
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
