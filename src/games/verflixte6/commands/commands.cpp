// Die verflixte 6's command list, for the registry (src/games/registry.cpp).
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/serve_command.h"

namespace verflixt::cli {

std::vector<core::Command> verflixte6_commands() {
  return {
      {"rules", rules_command, "print a ruleset as a commented INI file, or check one"},
      {"evaluate", evaluate_command, "play solo turns or passes under a policy; mean, error, bust rate"},
      {"sweep", sweep_command, "Monte Carlo EV and bust rate over a range of stop thresholds"},
      {"solve", solve_command, "exact optimal solo policy: EV, bust probability, thresholds, joker values"},
      {"bench", bench_command, "turns/s of the sampling kernel vs naive loops; a deterministic signature"},
      {"tournament", tournament_command, "evenings at a table of policies: P(win), P(loser), rank, eyes with errors"},
      {"advise", advise_command, "rank stop, roll and each joker in a table situation by P(win)/P(not loser)/eyes"},
      {"balance", balance_command, "each joker's P(win) lift at a table; a changed ruleset against its preset"},
      {"serve", serve_command, "the player's page in a browser: advice at the table, when to stop (local web server)"},
      {"tune", tune_command, "improve a position policy's parameters (and loadout) against a field, paired"},
      {"strength", strength_command, "how much a best response gains against a policy, iterated (strong family)"},
  };
}

}  // namespace verflixt::cli
