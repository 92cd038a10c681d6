#pragma once
// rules' answer: the ruleset as a form needs it — preset, the rules' summary (rules), jokers per pass,
// Frostschutz uses and the Fumo kind, each joker of the ruleset described in one line with
// this ruleset's numbers (so a --set shows in the description), and the whole ruleset as the
// INI text `verflixt rules` prints.
#include <string>

#include "verflixt/core/report.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6 {

// One line for joker `j` under `rules` (docs/rules/verflixte6.md J1..J15, the ruleset's
// parameters filled in); empty for JOKER_NB.
std::string joker_description(Joker j, const Rules& rules);
// The ruleset as the report `verflixt rules --format json` and the page read.
core::report::Report rules_report(const Rules& rules);

}  // namespace verflixt::verflixte6
