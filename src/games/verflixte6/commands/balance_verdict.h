#pragma once
// `verflixt balance`'s verdict (the strongest family's, the others as robustness checks) as
// reported values and as text, and the small formatting helpers the balance command shares with it.
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "verflixt/core/report.h"
#include "verflixt/core/stats.h"
#include "verflixt/games/verflixte6/analyses/balance.h"

namespace verflixt::cli::balance_text {

// "+0.0123 ± 0.0045": an estimate with its standard error.
inline std::string pm(const core::Estimate& e, const char* f = "%+.4f") { return core::report::plus_minus(e, f, "%.4f"); }
inline std::string pad(const std::string& s, size_t width) {
  return s + std::string(s.size() < width ? width - s.size() : 1, ' ');
}
namespace rp = core::report;
// JSON's null for what is not there: no name, no number.
inline rp::Value name_or_null(const std::string& x) { return x.empty() ? rp::Value(nullptr) : rp::Value(x); }
inline rp::Value number_or_null(double x) { return std::isnan(x) ? rp::Value(nullptr) : rp::Value(x); }

// The one decided line a designer reads first: which joker is too strong or too weak, or
// that none is, under the headline family, with whether every family agrees. Empty without
// a verdict (fewer than two jokers, no base).
std::string joker_decision(const verflixte6::JokerTable& t, const std::vector<verflixte6::PolicyFamily>& families);
// The decided line of a rule change: what it did to the tested player's P(win) and P(loser)
// (rules − preset, paired), stronger or weaker where one moves beyond `z` paired SE, under
// `family`.
std::string change_decision(const core::Estimate& win, const core::Estimate& loser, const std::string& loadout,
                            const std::string& family, double z);
// `decision`: the line above, the verdict object's first member.
rp::Nested verdict_json(const verflixte6::JokerTable& t, const std::vector<verflixte6::PolicyFamily>& families,
                        const std::string& decision);
void verdict_text(std::ostringstream& o, const verflixte6::JokerTable& t, const std::vector<verflixte6::PolicyFamily>& families);
// --until-verdict: how the sequential run ended, its rule and its error rate.
rp::Nested sequential_json(const verflixte6::SequentialRun& s, std::uint64_t block);
std::string sequential_text(const verflixte6::SequentialRun& s, std::uint64_t block);

}  // namespace verflixt::cli::balance_text
