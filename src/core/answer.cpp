#include "verflixt/core/answer.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "verflixt/core/report.h"

namespace verflixt::core {

void mark(report::Report& r, const Completion& c) { r.completion(c.interrupted, c.completed, c.total, c.unit); }

std::string se_distance(double estimate, double se, double exact) {
  return report::number("%+.2f", (estimate - exact) / std::max(se, 1e-300));
}

namespace {

// `v` with the headline's places (one for a percentage, two else), and more where those would
// round a value that is not 0 to 0, or a chance below 1 to 100%: a player reads "100.0%" as
// certain and "worse by 0.0" as no worse. Up to four more places; a value closer than that
// to 0 or 1 is shown with the headline's places after all.
std::string headline_number(double v, bool percent) {
  const double shown = percent ? 100 * v : v;
  const int places = percent ? 1 : 2;
  const auto with = [&](int p) { return report::number(("%." + std::to_string(p) + "f").c_str(), shown); };
  for (int p = places; p <= places + 4; ++p) {
    const std::string s = with(p);
    const double back = std::abs(std::strtod(s.c_str(), nullptr));
    if (!((back == 0 && shown != 0) || (percent && back == 100 && std::abs(v) < 1))) return s;
  }
  return with(places);
}

}  // namespace

std::string advice_headline(const std::vector<RankedChoice>& ranked, const std::string& measure, bool percent,
                            const std::string& method, double tie) {
  if (ranked.empty()) return "no advice: nothing to choose";
  const auto number = [&](double v) { return headline_number(v, percent); };
  const auto with_se = [&](double v, double se) {
    return number(v) + (se > 0 ? " ± " + number(se) : std::string()) + (percent ? "%" : "");
  };
  const auto value = [&](double v) { return with_se(v, 0); };
  const RankedChoice& best = ranked.front();
  if (ranked.size() == 1)
    return best.action + ": the only choice (" + measure + " " + with_se(best.value, best.se) + ", " + method + ")";
  std::size_t tied = 1;
  while (tied < ranked.size() && std::abs(ranked[tied].value - best.value) <= tie) ++tied;
  if (tied > 1) {
    // Ties are called ties; the ranking puts the simplest of them first, and so does this.
    const std::string worse = tied < ranked.size() ? "; " + ranked[tied].action + " is worse" : "";
    if (tied == 2)
      return best.action + " or " + ranked[1].action + ": a tie (" + measure + " " + value(best.value) + " either way, " + method +
             ")" + worse;
    return best.action + " (tied with " + std::to_string(tied - 1) + " other choices: " + measure + " " + value(best.value) +
           " either way, " + method + ")" + worse;
  }
  const RankedChoice& next = ranked[1];
  const double gap = best.value - next.value, gap_se = std::sqrt(best.se * best.se + next.se * next.se);
  return best.action + " (" + measure + " " + with_se(best.value, best.se) + ", " + method + "); " + next.action +
         " is worse by " + number(gap) + (gap_se > 0 ? " ± " + number(gap_se) : std::string()) +
         (percent ? " percentage points" : "");
}

std::string join_words(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t k = 0; k < words.size(); ++k) out += (k == 0 ? "" : k + 1 == words.size() ? " and " : ", ") + words[k];
  return out;
}

std::string changes_nothing(const std::vector<std::string>& options, const std::string& why) {
  if (options.empty()) return "";
  return join_words(options) + (options.size() == 1 ? " changes" : " change") + " nothing: " + why;
}

}  // namespace verflixt::core
