#pragma once
// The small formatting pieces balance's descriptions share (answers/balance*.cpp): numbers
// with their errors, padded columns, JSON's null, a difference's columns, and the head and
// the opening lines every answer starts with.
#include <cmath>
#include <cstddef>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "verflixt/core/report.h"
#include "verflixt/core/stats.h"
#include "verflixt/games/verflixte6/analyses/balance.h"
#include "verflixt/games/verflixte6/answers/balance.h"

namespace verflixt::verflixte6::balance_detail {

namespace rp = core::report;

// "+0.0123 ± 0.0045": an estimate with its standard error.
inline std::string pm(const core::Estimate& e, const char* f = "%+.4f") { return rp::plus_minus(e, f, "%.4f"); }
inline std::string pad(const std::string& s, std::size_t width) {
  return s + std::string(s.size() < width ? width - s.size() : 1, ' ');
}
// JSON's null for what is not there: no name, no number.
inline rp::Value name_or_null(const std::string& x) { return x.empty() ? rp::Value(nullptr) : rp::Value(x); }
inline rp::Value number_or_null(double x) { return std::isnan(x) ? rp::Value(nullptr) : rp::Value(x); }

// A lift column wide enough for its family's name.
std::size_t column(const std::string& family);
std::string joker_list(const std::vector<Joker>& list);
// A difference: the paired SE and, for comparison, the independent one (KEY, KEY_stderr,
// KEY_stderr_independent). Absent values when there is none.
std::vector<rp::Column> difference_columns(const std::string& key);
std::vector<rp::Value> difference_values(const std::optional<Difference>& d);
extern const char* const kPairing;

// What every JSON answer opens with.
void head(rp::Report& out, const BalanceSetup& s);
// --vary and --auto: the head, then what ran and which rule key of which joker was swept.
void sweep_head(rp::Report& out, const BalanceSetup& s, const core::Completion& done, const char* mode,
                const std::string& key, Joker joker);
// What every table opens with (intro_text: its lines, without the last line's end).
void intro(std::ostringstream& o, const BalanceSetup& s);
std::string intro_text(const BalanceSetup& s);

}  // namespace verflixt::verflixte6::balance_detail
