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
#include "games/verflixte6/rules/model.h"
#include "games/verflixte6/rules/pass_model.h"
#include "games/zehntausend/commands/commands.h"
#include "games/zehntausend/table_model.h"
#include "verflixt/core/rule_table.h"

namespace verflixt::games {

namespace {

// The rules an INI text gives, read by the game's own rule table over the defaults.
template <class R>
R read_rules(const core::RuleTable<R>& table, std::string_view ini, std::string_view source) {
  return table.read(ini, source, table.presets.front().rules);
}

// Those rules as data, row by row as rules_report (src/cli/game_command.h) lists them.
template <class R>
RulesView view_of(const core::RuleTable<R>& table, std::string_view ini, std::string_view source) {
  const R r = read_rules(table, ini, source);
  RulesView v{table.ini(r), table.summary(r), {}};
  for (const auto& p : table.params)
    v.rows.push_back({table.set_name(p), p.get(r), table.default_value(p), table.domain(p), p.id.rule, p.id.help});
  return v;
}

// The two functions of a game's entry (registry.h), for a game whose model is made from its
// rules alone: `Table` is the game's rule_table.
template <auto Table, class Model>
core::AnyGame model_from_ini(std::string_view ini, std::string_view source) {
  return core::AnyGame(Model(read_rules(Table(), ini, source)));
}
template <auto Table>
RulesView rules_from_ini(std::string_view ini, std::string_view source) {
  return view_of(Table(), ini, source);
}

core::AnyGame verflixte6_from_ini(std::string_view ini, std::string_view source) {
  // The seats and the loadout of the registry's model (Verflixte6PassModel()), under these rules.
  return core::AnyGame(verflixte6::Verflixte6PassModel(read_rules(verflixte6::rule_table(), ini, source), 4,
                                                       verflixte6::Verflixte6Model::default_loadout()));
}

}  // namespace

const std::vector<GameEntry>& registry() {
  // One line per game, the default first. What each model covers: docs/game-model.md.
  static const std::vector<GameEntry> kGames = {
      {"verflixte6", "Die verflixte 6: push your luck against the 6, with jokers",
       core::AnyGame(verflixte6::Verflixte6PassModel()), cli::verflixte6_commands(), &verflixte6_from_ini,
       &rules_from_ini<&verflixte6::rule_table>},
      {"pig", "Pig, the classic benchmark (Neller & Presser)", core::AnyGame(pig::PigModel()), cli::pig_commands(),
       &model_from_ini<&pig::rule_table, pig::PigModel>, &rules_from_ini<&pig::rule_table>},
      {"schocken", "Schocken, the pub game: the worst hand pays", core::AnyGame(schocken::SchockenTableModel()),
       cli::schocken_commands(), &model_from_ini<&schocken::rule_table, schocken::SchockenTableModel>,
       &rules_from_ini<&schocken::rule_table>},
      {"en-gingg", "En Gingg as Bei, the Swiss bonus-malus dice game", core::AnyGame(en_gingg::EnGinggTableModel()),
       cli::en_gingg_commands(), &model_from_ini<&en_gingg::rule_table, en_gingg::EnGinggTableModel>,
       &rules_from_ini<&en_gingg::rule_table>},
      {"zehntausend", "Zehntausend: six dice, set scoring dice aside, bank from 400",
       core::AnyGame(zehntausend::ZehntausendTableModel()), cli::zehntausend_commands(),
       &model_from_ini<&zehntausend::rule_table, zehntausend::ZehntausendTableModel>,
       &rules_from_ini<&zehntausend::rule_table>},
      {"kniffel", "Kniffel (Yahtzee): five dice, three throws, thirteen categories", core::AnyGame(kniffel::KniffelModel()),
       cli::kniffel_commands(), &model_from_ini<&kniffel::rule_table, kniffel::KniffelModel>,
       &rules_from_ini<&kniffel::rule_table>},
  };
  return kGames;
}

const GameEntry* find_game(std::string_view name) {
  for (const auto& g : registry())
    if (g.name == name) return &g;
  return nullptr;
}

}  // namespace verflixt::games
