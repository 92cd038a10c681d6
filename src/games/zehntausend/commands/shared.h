#pragma once
// What the `--game zehntausend` commands share (commands.cpp, advise.cpp, race*.cpp): the game
// and rules options, the rules they give, and the solved race they read or solve.
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/game_command.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/report.h"
#include "verflixt/games/zehntausend/answers.h"
#include "verflixt/games/zehntausend/policy.h"
#include "verflixt/games/zehntausend/race.h"
#include "verflixt/games/zehntausend/rules.h"

namespace verflixt::cli::zehntausend_cli {

using namespace verflixt::zehntausend;

inline const std::vector<std::string> kFormats = {"table", "json", "csv"};

// --game, then the rules options; every command's table starts with these.
inline core::OptionTable game_options() {
  return core::OptionTable{core::word_option("game", "zehntausend", "the game: zehntausend here")} +
         game_rules_options("zehntausend", zehntausend::rule_table());
}

inline ZehntausendRules game_rules(const po::variables_map& vm) { return game_rules_from(vm, zehntausend::rule_table()); }

// `solve --race` (race.cpp): its options, and the command once they are parsed.
core::OptionTable race_options();
int race_command(const po::variables_map& vm);

// `evaluate --policy exact[:FILE]` (race_evaluate.cpp), once its options are parsed.
int race_evaluate(const po::variables_map& vm);

// The solved two-player race (race_cache.cpp): from `file` when named (written by solve
// --race --save), else from the cache (--cache, --no-cache), else the shipped solution of the
// preset (kShippedRace, when the rules are the preset's), else solved and cached.
// `verflixt zehntausend solve --race --no-cache --save FILE` writes the shipped one.
inline constexpr const char* kShippedRace = "strategies/zehntausend/exact-race.values";
struct SolvedRace {
  std::shared_ptr<const Race> race;
  std::string source;  // file, cache, shipped or solved
  double seconds = 0;  // the solve's, when solved
};
// Ctrl-C during the solve exits 130 at once unless `partial` (solve --race reports it).
SolvedRace race_for(const po::variables_map& vm, const ZehntausendRules& r, const std::string& file = "", bool partial = false);
void save_race(const std::string& path, const Race& race);
// The seats exact and exact:FILE (policy.h) through race_for.
RaceSource race_source(const po::variables_map& vm, const ZehntausendRules& r);

}  // namespace verflixt::cli::zehntausend_cli
