#pragma once
// What a rule is worth in Kniffel: the exact optimal expected score under each ruleset of a
// sweep, each row's change from the rules' own, and how often optimal play reaches the upper
// bonus. Kniffel is solitaire but for who scores most: a rule moves every seat alike, so the
// measure is the score, not P(win).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "verflixt/core/answer.h"
#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/core/stats.h"
#include "verflixt/games/kniffel/answers.h"
#include "verflixt/games/kniffel/play.h"
#include "verflixt/games/kniffel/rules.h"

namespace verflixt::kniffel {

// What balance is asked, as its options give it.
struct BalanceQuestion {
  KniffelRules rules;
  std::string preset;               // the preset the rules were read over
  std::string vary;                 // the varied rule as --set names it; empty: the rules against their preset
  std::vector<std::string> values;  // the varied rule's values, in order
};
// The games of optimal play each row samples for how often the bonus is reached.
struct BalanceGames {
  std::uint64_t games = 10000;  // per row (0: none)
  std::uint64_t seed = 1;       // the same in every row: the same dice
  int threads = 0;              // 0: every core
};

struct BalanceRow {
  std::string value;  // the varied value, or "preset NAME" and "rules"
  KniffelRules rules;
  std::optional<double> expected_score;  // empty where the run stopped before the row was done
  core::Estimate bonus;                  // the share of the games reaching the upper bonus
};
struct BalanceAnswer {
  KniffelRules rules;
  std::string preset, vary;
  std::uint64_t games = 0, seed = 0;
  std::vector<BalanceRow> rows;
  std::size_t base = 0;          // the row every change is measured from: these rules' value, or the preset
  core::Completion completion;  // the rows done, of all
};

// The rows `question` asks for, nothing solved: the rules' own value is always a row, in its
// place among the others, so that "what if it were ..." is answered against what the table
// plays now. The asker's warn hears each row that is the same game as an earlier one; a value
// the rules refuse throws InputError.
BalanceAnswer balance_rows(const BalanceQuestion& question, const Asker& asker);
// Every row of `plan` solved, the base row first (so that every row shown has its change),
// then the others in order, each with its games of optimal play. A stop (`control`, or a solve
// or games cut short) keeps only the rows done before it.
BalanceAnswer balance(BalanceAnswer plan, const BalanceGames& sampling, const Asker& asker,
                      const core::RunControl& control);
core::report::Report describe(const BalanceAnswer& answer);

}  // namespace verflixt::kniffel
