// Die verflixte 6's command list, for the registry (src/games/registry.cpp).
#include "games/verflixte6/commands/command.h"

#include "games/verflixte6/commands/api.h"
#include "games/verflixte6/commands/rules_options.h"

namespace verflixt::cli {

// Every command with its summary for `verflixt --help` and the options of a quick run
// (core/command.h).
std::vector<core::Command> verflixte6_commands() {
  return {
      rules_entry<verflixte6_rules>("print a ruleset as a commented INI file, or check one"),
      answer_spec_entry<evaluate_spec>("evaluate", "play solo turns or passes under a policy; mean, error, bust rate",
                                       "--turns 2000"),
      answer_spec_entry<sweep_spec>("sweep", "Monte Carlo EV and bust rate over a range of stop thresholds",
                                    "--from 15 --to 16 --turns 2000"),
      answer_spec_entry<solve_spec>(
          "solve", "exact optimal solo policy: EV, bust probability, thresholds, joker values", "--jokers none",
          "--loadouts all --preset classic;--loadouts all;--jokers frostschutz,fumo,runkelrueb", solve_options,
          served_solve),
      {"bench", bench_command, "turns/s of the sampling kernel vs naive loops; a deterministic signature",
       "--turns 20000 --baseline-turns 20000 --table-turns 20000 --repeats 1 --threads 1"},
      answer_spec_entry<tournament_spec>("tournament",
                                         "evenings at a table of policies: P(win), P(loser), rank, eyes with errors",
                                         "--seats 2 --evenings 20"),
      answer_spec_entry<advise_spec>(
          "advise", "rank stop, roll and each joker in a table situation by P(win)/P(not loser)/eyes",
          "--turn-total 18 --other 20:p",
          "--turn-total 5 --other 22:p --other 14:p --other 9:z --jokers hirtenschutz,pony,ventil --objective win",
          advise_options, served_advise),
      answer_spec_entry<balance_spec>("balance", "each joker's P(win) lift at a table; a changed ruleset against its preset",
                                      "--players 2 --evenings 20 --jokers pony --no-solver-family"),
      answer_spec_entry<tune_spec>("tune", "improve a position policy's parameters (and loadout) against a field, paired",
                                   "--field threshold:20 --evenings 20 --rounds 1 --param margin=0..2"),
      answer_spec_entry<strength_spec>("strength",
                                       "how much a best response gains against a policy, iterated (strong family)",
                                       "--policy threshold:20 --players 2 --rounds 1 --evenings 20"),
  };
}

}  // namespace verflixt::cli
