#pragma once
// `verflixt balance`'s verdict (the strongest family's, the others as robustness checks) as
// JSON and as text, and the small formatting helpers the balance command shares with it.
#include <cmath>
#include <nlohmann/json.hpp>
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
inline nlohmann::ordered_json name_or_null(const std::string& x) {
  return x.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(x);
}
inline nlohmann::ordered_json number_or_null(double x) {
  return std::isnan(x) ? nlohmann::ordered_json() : nlohmann::ordered_json(x);
}

nlohmann::ordered_json verdict_json(const verflixte6::JokerTable& t, const std::vector<verflixte6::PolicyFamily>& families);
void verdict_text(std::ostringstream& o, const verflixte6::JokerTable& t, const std::vector<verflixte6::PolicyFamily>& families);
// --until-verdict: how the sequential run ended, its rule and its error rate.
nlohmann::ordered_json sequential_json(const verflixte6::SequentialRun& s, std::uint64_t block);
std::string sequential_text(const verflixte6::SequentialRun& s, std::uint64_t block);

}  // namespace verflixt::cli::balance_text
