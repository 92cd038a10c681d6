// `verflixt balance`'s verdict: the headline from the strongest policy family, each family's
// own verdict as a robustness check, what more evenings would decide, and unused jokers named.
#include "cli/balance_verdict.h"

#include "verflixt/games/verflixte6/joker.h"

namespace verflixt::balance_text {

using cli::fmt;
using json = nlohmann::ordered_json;

namespace {

std::string evenings_text(double evenings, const std::string& pair) {
  if (std::isnan(evenings)) return "";
  return " (about " + fmt("%.0f", evenings) + " evenings per run would put " + pair +
         " 2 paired SE apart, if their difference stays as observed)";
}

std::string verdict_name(const std::string& joker, const JokerTable& t, size_t f) {
  if (joker.empty()) return "none";
  for (size_t k = 0; k < t.tested.size(); ++k)
    if (joker == joker_id(t.tested[k]) && f < t.unused.size() && t.unused[f][k]) return joker + " (unused: never played)";
  return joker;
}

// The verdict: the strongest family's (the headline), then each family's as a robustness
// check, then whether every family agrees.
}  // namespace

json verdict_json(const JokerTable& t, const std::vector<PolicyFamily>& families) {
  json largest, smallest;
  for (size_t f = 0; f < families.size(); ++f) {
    largest[families[f].name] = name_or_null(t.largest[f]);
    smallest[families[f].name] = name_or_null(t.smallest[f]);
  }
  json by_family = json::array();
  for (size_t f = 0; f < t.verdicts.size(); ++f) {
    const auto& v = t.verdicts[f];
    json unused = json::array();
    for (size_t k = 0; f < t.unused.size() && k < t.tested.size(); ++k)
      if (t.unused[f][k]) unused.push_back(joker_id(t.tested[k]));
    by_family.push_back({{"family", families[f].name}, {"base_p_win", v.base.mean}, {"base_p_win_stderr", v.base.se},
                         {"strongest", name_or_null(v.strongest)}, {"weakest", name_or_null(v.weakest)},
                         {"evenings_to_separate_strongest", number_or_null(v.evenings_strongest)},
                         {"strongest_pair", v.strongest_pair},
                         {"evenings_to_separate_weakest", number_or_null(v.evenings_weakest)},
                         {"weakest_pair", v.weakest_pair}, {"unused", unused}});
  }
  return {{"rule", "the headline is the strongest family's verdict (the family whose base loadout has the highest "
                   "P(win) at this table): a joker is strongest (weakest) when its P(win) beats (trails) every other "
                   "tested joker's by more than 2 paired SE under that family; every family's own verdict follows as "
                   "a robustness check"},
          {"family", t.verdicts.empty() ? json() : json(families[t.headline].name)},
          {"family_measure", "base P(win) of the tested seat, same dice for every family"},
          {"strongest", name_or_null(t.strongest)}, {"weakest", name_or_null(t.weakest)},
          {"by_family", by_family},
          {"every_family_agrees", {{"strongest", name_or_null(t.agreed_strongest)},
                                   {"weakest", name_or_null(t.agreed_weakest)}}},
          {"largest_lift", largest}, {"smallest_lift", smallest}};
}

void verdict_text(std::ostringstream& o, const JokerTable& t, const std::vector<PolicyFamily>& families) {
  if (t.verdicts.empty()) return;
  const size_t h = t.headline;
  const auto& v = t.verdicts[h];
  o << "\nverdict (the strongest family, " << families[h].name << ": base P(win) " << pm(v.base, "%.4f")
    << ", the highest of the families):\n"
    << "  strongest: " << verdict_name(v.strongest, t, h) << evenings_text(v.evenings_strongest, v.strongest_pair) << "\n"
    << "  weakest:   " << verdict_name(v.weakest, t, h) << evenings_text(v.evenings_weakest, v.weakest_pair) << "\n"
    << "robustness (each family's own verdict; > 2 paired SE against every other joker):\n";
  for (size_t f = 0; f < t.verdicts.size(); ++f) {
    const auto& x = t.verdicts[f];
    o << "  " << pad(families[f].name, 12) << "base P(win) " << pm(x.base, "%.4f") << "  strongest "
      << verdict_name(x.strongest, t, f) << evenings_text(x.evenings_strongest, x.strongest_pair) << "; weakest "
      << verdict_name(x.weakest, t, f) << evenings_text(x.evenings_weakest, x.weakest_pair) << "\n";
  }
  o << "every family agrees: strongest " << (t.agreed_strongest.empty() ? "none" : t.agreed_strongest) << ", weakest "
    << (t.agreed_weakest.empty() ? "none" : t.agreed_weakest) << "\n";
}

}  // namespace verflixt::balance_text
