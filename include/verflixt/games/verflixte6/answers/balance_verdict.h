#pragma once
// balance's verdict words (answers/balance.h): the decided line a designer reads first, the
// strongest family's verdict with every family's as a robustness check, and how a sequential
// run ended; as reported values and as text.
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "verflixt/core/report.h"
#include "verflixt/core/stats.h"
#include "verflixt/games/verflixte6/analyses/balance.h"

namespace verflixt::verflixte6 {

// The one decided line of the joker table: which joker is too strong or too weak, or that
// none is, under the headline family, with whether every family agrees. Empty without a
// verdict (fewer than two jokers, no base). `families`: the families' names, in column order.
std::string joker_decision(const JokerTable& t, const std::vector<std::string>& families);
// The decided line of a rule change: what it did to the tested player's P(win) and P(loser)
// (rules − preset, paired), stronger or weaker where one moves beyond `z` paired SE, under
// `family`.
std::string change_decision(const core::Estimate& win, const core::Estimate& loser, const std::string& loadout,
                            const std::string& family, double z);
// `decision`: the line above, the verdict object's first member.
core::report::Nested verdict_json(const JokerTable& t, const std::vector<std::string>& families,
                                  const std::string& decision);
void verdict_text(std::ostringstream& o, const JokerTable& t, const std::vector<std::string>& families);
// --until-verdict: how the sequential run ended, its rule and its error rate; `block`: the
// evenings per run of one block.
core::report::Nested sequential_json(const SequentialRun& s, std::uint64_t block);
std::string sequential_text(const SequentialRun& s, std::uint64_t block);

}  // namespace verflixt::verflixte6
