#include "games/registry.h"

#include "games/en_gingg/commands/commands.h"
#include "games/en_gingg/table_model.h"
#include "games/kniffel/commands/commands.h"
#include "games/kniffel/model.h"
#include "games/pig/commands/commands.h"
#include "games/pig/model.h"
#include "games/schocken/commands/commands.h"
#include "games/schocken/table_model.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/rules/pass_model.h"
#include "games/zehntausend/commands/commands.h"
#include "games/zehntausend/table_model.h"

namespace verflixt::games {

const std::vector<GameEntry>& registry() {
  // One line per game, the default first. What each model covers: docs/game-model.md.
  static const std::vector<GameEntry> kGames = {
      {"verflixte6", "Die verflixte 6: push your luck against the 6, with jokers", core::AnyGame(verflixte6::Verflixte6PassModel()),
       cli::verflixte6_commands()},
      {"pig", "Pig, the classic benchmark (Neller & Presser)", core::AnyGame(pig::PigModel()), cli::pig_commands()},
      {"schocken", "Schocken, the pub game: the worst hand pays", core::AnyGame(schocken::SchockenTableModel()),
       cli::schocken_commands()},
      {"en-gingg", "En Gingg as Bei, the Swiss bonus-malus dice game", core::AnyGame(en_gingg::EnGinggTableModel()),
       cli::en_gingg_commands()},
      {"zehntausend", "Zehntausend: six dice, set scoring dice aside, bank from 400",
       core::AnyGame(zehntausend::ZehntausendTableModel()), cli::zehntausend_commands()},
      {"kniffel", "Kniffel (Yahtzee): five dice, three throws, thirteen categories", core::AnyGame(kniffel::KniffelModel()),
       cli::kniffel_commands()},
  };
  return kGames;
}

const GameEntry* find_game(std::string_view name) {
  for (const auto& g : registry())
    if (g.name == name) return &g;
  return nullptr;
}

}  // namespace verflixt::games
