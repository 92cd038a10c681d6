#pragma once
// The page's API for every game of the registry (games/registry.h): the games a request may
// name ("game": NAME, serve/request_schema.h), each game's commands as a request may give
// them, GET /api/games for the page's forms, and the answer of a command that does not answer
// in the server's process (core::Command::serve) run as the command line itself, in a child
// process (serve/child_run.h), so that the page's numbers are the command line's.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "verflixt/core/command.h"
#include "verflixt/core/option.h"

namespace verflixt::cli {

// The games a request may name, the default (the registry's first) first.
std::vector<std::string> served_games();

// A game's command that the page offers, with the options a request may give it: its
// request_options (core/command.h), less what only the command line may name (a policy file,
// the threads, a cache folder) where it runs as a child process. Throws InputError naming the
// commands the page offers.
struct ServedCommand {
  std::string game;
  const core::Command* command;
  core::OptionTable options;
};
ServedCommand served_command(const std::string& game, const std::string& command);

// GET /api/games: every game, its description and its advise's keys (name, JSON type, help,
// default, range or choices): what the page builds its forms from.
std::string games_json();

// What one answer of another game may take: its deadline, the memory it may hold and its
// worker threads.
struct ServeLimits {
  std::chrono::milliseconds time{5000};
  std::size_t memory = 0;
  int threads = 1;
};

// The JSON text of `args` (a request's argument list, args[0] the command) run as `served`'s
// command — `verflixt GAME COMMAND ARGS --format json`, with the server's threads where it takes
// them — in a child process held to `limits` (serve/child_run.h). Throws InputError with the
// command's one line, BudgetExceeded past the deadline or the memory, Interrupted once `stop`
// is raised.
std::string run_served(const ServedCommand& served, std::vector<std::string> args, const ServeLimits& limits,
                       const std::atomic<bool>* stop);

}  // namespace verflixt::cli
