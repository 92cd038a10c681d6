#pragma once
// `verflixt serve`: the player's page and the JSON API (advise, solve, rules) on a local
// web server. Takes argv with argv[0] = "serve", returns the exit code (130 after Ctrl-C).
namespace verflixt::cli {

int serve_command(int argc, const char* const* argv);

}  // namespace verflixt::cli
