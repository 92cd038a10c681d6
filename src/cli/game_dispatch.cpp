#include "cli/game_dispatch.h"

#include <cstring>
#include <exception>
#include <iostream>
#include <optional>

#include "cli/en_gingg_command.h"
#include "cli/pig_command.h"
#include "cli/schocken_command.h"
#include "cli/zehntausend_command.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"

namespace verflixt::cli {

const std::vector<Game>& games() {
  // One entry per game; a new game adds its line here and its commands in its own file.
  static const std::vector<Game> kGames = {
      {"pig", "Pig, the classic benchmark (Neller & Presser)",
       {{"evaluate", pig_evaluate_command}, {"solve", pig_solve_command}, {"tournament", pig_tournament_command}}},
      {"schocken", "Schocken, the pub game: the worst hand pays",
       {{"rules", schocken_rules_command}, {"solve", schocken_solve_command}, {"evaluate", schocken_evaluate_command},
        {"tournament", schocken_tournament_command}, {"advise", schocken_advise_command}}},
      {"en-gingg", "En Gingg as Bei, the Swiss bonus-malus dice game",
       {{"rules", en_gingg_rules_command},
        {"solve", en_gingg_solve_command},
        {"evaluate", en_gingg_evaluate_command},
        {"tournament", en_gingg_tournament_command},
        {"advise", en_gingg_advise_command}}},
      {"zehntausend", "Zehntausend: six dice, set scoring dice aside, bank from 400",
       {{"rules", zehntausend_rules_command}, {"solve", zehntausend_solve_command},
        {"evaluate", zehntausend_evaluate_command}, {"tournament", zehntausend_tournament_command},
        {"advise", zehntausend_advise_command}, {"bench", zehntausend_bench_command}}},
  };
  return kGames;
}

int dispatch_game(int& argc, char** argv) {
  std::vector<std::string> names = {"verflixte6"};
  for (const auto& g : games()) names.emplace_back(g.name);
  std::string game;
  int at = -1, width = 0;
  for (int a = 2; a < argc; ++a) {
    if (std::strcmp(argv[a], "--game") == 0) {
      if (a + 1 >= argc) {
        std::cerr << "verflixt: --game needs a value; valid: " << join(names) << "\n";
        return 2;
      }
      game = argv[a + 1], at = a, width = 2;
    } else if (std::strncmp(argv[a], "--game=", 7) == 0) {
      game = argv[a] + 7, at = a, width = 1;
    }
  }
  const auto k = at < 0 ? std::optional<size_t>(0) : match_name(game, names);
  if (!k) {
    std::cerr << "verflixt: unknown --game " << quoted(game) << suggest(game, names) << "\n";
    return 2;
  }
  if (*k == 0) {
    if (at >= 0) {  // the default game's commands do not know --game: take it out
      for (int a = at; a + width < argc; ++a) argv[a] = argv[a + width];
      argc -= width;
      argv[argc] = nullptr;
    }
    return -1;
  }
  const Game& g = games()[*k - 1];
  const std::string cmd = argv[1];
  std::vector<std::string> commands;
  for (const auto& c : g.commands) commands.emplace_back(c.name);
  const auto c = match_name(cmd, commands);
  if (!c) {
    std::cerr << "verflixt: " << cmd << " does not play --game " << g.name << "; " << g.name
              << " has: " << join(commands) << "\n";  // cmd is already a valid command name
    return 2;
  }
  try {
    return g.commands[*c].run(argc - 1, argv + 1);
  } catch (const InputError& e) {
    std::cerr << "verflixt: " << printable(e.what(), 4000) << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "verflixt: internal error: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace verflixt::cli
