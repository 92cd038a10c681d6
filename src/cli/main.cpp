// verflixt: the command-line front end. Thin by design: it dispatches to a subcommand and
// turns bad input into one line on stderr and exit code 2.
#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <limits>
#include <csignal>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "cli/game_dispatch.h"
#include "cli/manual.h"
#include "cli/openmp_wait.h"
#include "cli/solver_bench.h"
#include "games/registry.h"
#include "serve/serve_command.h"
#include "cli/cli.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/core/names.h"
#include "verflixt/core/cluster.h"
#include "verflixt/version.h"

namespace {

// `verflixt COMMAND`: the default game's commands (Die verflixte 6, the registry's first game)
// and, after its balance, serve, which is no game's: its page and API offer every game.
const std::vector<verflixt::core::Command>& default_commands() {
  static const std::vector<verflixt::core::Command> all = [] {
    std::vector<verflixt::core::Command> c = verflixt::games::registry().front().commands;
    const auto after = std::find_if(c.begin(), c.end(), [](const auto& k) { return std::strcmp(k.name, "balance") == 0; });
    c.insert(after == c.end() ? c.end() : after + 1,
             {"serve", verflixt::cli::serve_command,
              "the player's page in a browser: advice at the table for every game (local web server)"});
    return c;
  }();
  return all;
}

void usage(std::ostream& out) {
  out << "verflixt " << verflixt::kVersion
      << " — strategy lab for push-your-luck dice games\n\n"
         "usage: verflixt COMMAND [options]   (verflixt help COMMAND for its options)\n"
         "       verflixt GAME COMMAND [options], or COMMAND --game GAME: another game's command\n\ncommands:\n";
  for (const auto& c : default_commands()) out << "  " << c.name << std::string(12 - std::strlen(c.name), ' ') << c.summary << "\n";
  out << "\ngames (--game NAME; the default is verflixte6, Die verflixte 6):\n";
  for (const auto& g : verflixt::cli::games()) {
    out << "  " << g.name << std::string(12 - std::min<size_t>(11, g.name.size()), ' ') << g.description << ":";
    for (const auto& c : g.commands) out << " " << c.name;
    out << "\n";
  }
  out << "\nverflixt completion bash   the bash completion (source <(verflixt completion bash))\n"
         "verflixt --man             the manual page as roff (man -l <(verflixt --man))\n";
}

int run(int argc, char** argv);

}  // namespace

int main(int argc, char** argv) { return verflixt::cli::flush_standard_output(run(argc, argv)); }

namespace {

int run(int argc, char** argv) {
  // Ctrl-C is a stop request from the first instruction on, so that a run stopped at any
  // moment — while it still reads its input, or before its first unit of work is done —
  // prints its result marked interrupted (empty if nothing was finished) and exits 130. Until
  // the handler is installed below (past the restart and the cluster's set-up) SIGINT is held
  // blocked: exec keeps the mask and a pending signal, which then reaches the handler.
  sigset_t interrupt;
  sigemptyset(&interrupt);
  sigaddset(&interrupt, SIGINT);
  pthread_sigmask(SIG_BLOCK, &interrupt, nullptr);
  // Under mpirun/srun every rank runs the same command on its share of the chunks; only
  // rank 0 prints, and all ranks end with one agreed exit code (core/cluster.h).
  verflixt::cli::restart_with_passive_openmp(argv);
  verflixt::core::cluster::Session session(argc, argv);
  // Past a file size limit (ulimit -f) a write then fails with EFBIG, which write_file_atomic
  // reports as one line and cleans up after, instead of the signal killing the process.
  std::signal(SIGXFSZ, SIG_IGN);
  verflixt::cli::install_interrupt_handler();
  pthread_sigmask(SIG_UNBLOCK, &interrupt, nullptr);  // this thread's: MPI's own threads keep it blocked
  // Exact work checks this budget where it spends (core/budget.h): Ctrl-C stops it there, and
  // nothing a command line asks for may take more memory than the machine has.
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
  const verflixt::core::Budget budget(
      {.memory = pages > 0 && page > 0 ? static_cast<std::size_t>(pages) / 10 * 9 * static_cast<std::size_t>(page)
                                       : std::numeric_limits<std::size_t>::max()},
      &verflixt::cli::interrupt_flag());
  const verflixt::core::Budget::Scope budget_scope(&budget);
  if (argc < 2) {
    usage(std::cerr);
    return 2;
  }
  std::string cmd = argv[1];
  // `verflixt help COMMAND [--game G]` is `verflixt COMMAND [--game G] --help`.
  std::vector<char*> help_argv;
  if (cmd == "help" && argc > 2) {
    help_argv.assign(argv, argv + argc + 1);
    verflixt::cli::help_request(help_argv, 1);
    argc = static_cast<int>(help_argv.size()) - 1;
    argv = help_argv.data();
    cmd = argv[1];
  }
  // `verflixt pig solve` and `verflixt --game pig solve` are `verflixt solve --game pig`
  // (after help's rewrite, so `verflixt help pig solve` is pig's solve --help).
  std::vector<char*> game_argv(argv, argv + argc + 1);
  if (const int code = verflixt::cli::game_first(game_argv); code >= 0) return code;
  argc = static_cast<int>(game_argv.size()) - 1;
  argv = game_argv.data();
  cmd = argv[1];
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    usage(std::cout);
    return 0;
  }
  // The man page and the completion come from the commands' own help texts (cli/manual.h).
  const std::vector<verflixt::core::Command>& commands = default_commands();
  if (cmd == "--man") {
    std::cout << verflixt::cli::man_page(commands);
    return 0;
  }
  if (cmd == "completion") {
    if (argc != 3 || std::strcmp(argv[2], "bash") != 0) {
      std::cerr << "verflixt: completion takes one shell; valid: bash\n";
      return 2;
    }
    std::cout << verflixt::cli::bash_completion(commands);
    return 0;
  }
  if (cmd == "--version" || cmd == "-v" || cmd == "-V" || cmd == "version") {
    std::cout << "verflixt " << verflixt::kVersion << "\n";
    return 0;
  }
  // `bench --solvers` times every game's solvers (cli/solver_bench.h); `bench` alone, the kernels.
  if (cmd == "bench" && std::any_of(argv + 2, argv + argc, [](const char* a) { return std::strcmp(a, "--solvers") == 0; })) {
    try {
      return verflixt::cli::solver_bench_command(argc - 1, argv + 1);
    } catch (const verflixt::core::InputError& e) {
      std::cerr << "verflixt: " << verflixt::core::printable(e.what(), 4000) << "\n";
      return 2;
    }
  }
  const std::vector<std::string> names = verflixt::core::command_names(default_commands());
  if (const auto k = verflixt::core::match_name(cmd, names)) {
    argv[1] = const_cast<char*>(default_commands()[*k].name);  // "Evaluate" is evaluate from here on
    try {
      // --game NAME goes to that game's commands; --game verflixte6 (the default) is taken out of argv.
      if (const int code = verflixt::cli::dispatch_game(argc, argv); code >= 0) return session.agree_exit(code);
      return session.agree_exit(default_commands()[*k].run(argc - 1, argv + 1));
    } catch (const verflixt::core::InputError& e) {
      // One line whatever the input held: control bytes escaped, an absurd echo cut.
      return session.agree_exit(2, "verflixt: " + verflixt::core::printable(e.what(), 4000));
    } catch (const verflixt::core::Interrupted& e) {
      const std::vector<std::string> args(argv + 1, argv + argc);
      // Its marked result goes where the output was asked for, which can fail as any write
      // (--output /dev/full): one line and exit 2, as for a run that was not stopped.
      try {
        return session.agree_exit(
            verflixt::cli::finish_unstarted(args, e.what(), verflixt::games::registry().front().name, true));
      } catch (const verflixt::core::InputError& w) {
        return session.agree_exit(2, "verflixt: " + verflixt::core::printable(w.what(), 4000));
      }
    } catch (const std::exception& e) {
      return session.agree_exit(1, std::string("verflixt: internal error: ") + e.what());
    }
  }
  std::cerr << "verflixt: " << verflixt::cli::unknown_command(argc, argv, names) << "\n";
  return 2;
}

}  // namespace
