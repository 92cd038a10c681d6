#pragma once
// What the `--game zehntausend` commands share (commands.cpp, race.cpp): the rules they
// read, and the solved race they read or solve.
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/game_command.h"
#include "verflixt/games/zehntausend/answers.h"
#include "verflixt/games/zehntausend/policy.h"
#include "verflixt/games/zehntausend/rules.h"

namespace verflixt::cli::zehntausend_cli {

using namespace verflixt::zehntausend;

inline const std::vector<std::string> kFormats = {"table", "json", "csv"};

// The rules every zehntausend command reads.
inline GameRules<ZehntausendRules> rules() { return {.table = &zehntausend::rule_table(), .title = "Zehntausend"}; }

// `solve --race` (race.cpp): its options, and its answer once they are parsed.
core::OptionTable race_options();
AnswerResult race_command(const po::variables_map& vm);

// `evaluate --policy exact[:FILE]` (race.cpp): its answer once the options are parsed.
AnswerResult race_evaluate(const po::variables_map& vm);

// The seats exact and exact:FILE (policy.h): the race of `file` (written by solve --race
// --save), else of the cache (--cache, --no-cache, --overshoot), else the shipped solution of
// the preset, else solved and cached.
RaceSource race_source(const po::variables_map& vm, const ZehntausendRules& r);

}  // namespace verflixt::cli::zehntausend_cli
