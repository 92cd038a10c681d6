// Die verflixte 6's answers to the page's server (core::ServedRequest), computed in the
// server's own process on the same functions as the command line (api.h): advise with its
// Monte Carlo cut at the request's deadline, and solve refused by the budget rather than cut
// (the rules are the kit's, cli/game_command.h). The server's caps are applied here, where the
// options they cap are read.
#include <cstdint>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "games/verflixte6/commands/api.h"
#include "games/verflixte6/commands/command.h"
#include "verflixt/core/error.h"

namespace verflixt::cli {

namespace {

// The request's options with the server's worker threads.
std::vector<std::string> with_threads(const core::ServedRequest& request) {
  std::vector<std::string> args = request.args;
  args.push_back("--threads=" + std::to_string(request.threads));
  return args;
}

Budget states_of(const core::ServedRequest& request) {
  Budget states;
  states.max_solver_states = request.max_states;
  return states;
}

}  // namespace

std::string served_advise(const core::ServedRequest& request) {
  po::variables_map vm;
  parse_request(with_threads(request), advise_options(), vm);
  if (vm["samples"].defaulted() && vm["samples"].as<std::uint64_t>() > request.max_samples) {
    // Not asked for: the command's default becomes this server's cap instead of an error.
    vm.at("samples").value() = request.max_samples;
  }
  const std::uint64_t samples = vm["samples"].as<std::uint64_t>();
  if (samples > request.max_samples)
    throw core::InputError("--samples " + std::to_string(samples) + " is above this server's cap; valid: 2.." +
                           std::to_string(request.max_samples));
  return advise_json(advise_report(vm, request.deadline, states_of(request)));
}

std::string served_solve(const core::ServedRequest& request) {
  po::variables_map vm;
  parse_request(with_threads(request), solve_options(), vm);
  // Exact: a solve the deadline would cut is refused by the budget, never shown in part.
  return solve_json(solve_report(vm, request.stop_only, states_of(request)));
}

}  // namespace verflixt::cli
