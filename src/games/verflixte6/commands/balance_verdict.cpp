// `verflixt balance`'s verdict: the headline from the strongest policy family, each family's
// own verdict as a robustness check, what more evenings would decide, and unused jokers named.
#include "games/verflixte6/commands/balance_verdict.h"

#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::cli::balance_text {

using namespace verflixt::verflixte6;

using json = nlohmann::ordered_json;

namespace {

std::string evenings_text(double evenings, const std::string& pair, double z) {
  if (std::isnan(evenings)) return "";
  return " (about " + fmt("%.0f", evenings) + " evenings per run would put " + pair + " " + fmt("%.3g", z) +
         " paired SE apart, if their difference stays as observed)";
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
                   "tested joker's by more than z paired SE (z: 2, more under --until-verdict) under that family; every family's own verdict follows as "
                   "a robustness check"},
          {"z", t.z},
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
    << "  strongest: " << verdict_name(v.strongest, t, h) << evenings_text(v.evenings_strongest, v.strongest_pair, t.z) << "\n"
    << "  weakest:   " << verdict_name(v.weakest, t, h) << evenings_text(v.evenings_weakest, v.weakest_pair, t.z) << "\n"
    << "robustness (each family's own verdict; > " << fmt("%.3g", t.z) << " paired SE against every other joker):\n";
  for (size_t f = 0; f < t.verdicts.size(); ++f) {
    const auto& x = t.verdicts[f];
    o << "  " << pad(families[f].name, 12) << "base P(win) " << pm(x.base, "%.4f") << "  strongest "
      << verdict_name(x.strongest, t, f) << evenings_text(x.evenings_strongest, x.strongest_pair, t.z) << "; weakest "
      << verdict_name(x.weakest, t, f) << evenings_text(x.evenings_weakest, x.weakest_pair, t.z) << "\n";
  }
  o << "every family agrees: strongest " << (t.agreed_strongest.empty() ? "none" : t.agreed_strongest) << ", weakest "
    << (t.agreed_weakest.empty() ? "none" : t.agreed_weakest) << "\n";
}

namespace {

std::string sequential_rule(const SequentialRun& s) {
  return "blocks of paired evenings, each on its own dice, pooled; after each block a verdict needs more than z = " +
         fmt("%.3f", s.z) + " paired SE, so that over the " + std::to_string(s.looks) +
         " looks, every family and every pair of jokers the chance of any verdict among equal jokers is at most " +
         fmt("%.0f", 100 * s.alpha) + "% (Bonferroni)";
}

}  // namespace

json sequential_json(const SequentialRun& s, std::uint64_t block) {
  return {{"rule", sequential_rule(s)}, {"z", s.z}, {"error_rate", s.alpha}, {"block_evenings", block},
          {"blocks", s.blocks}, {"budget_blocks", s.looks},
          {"evenings_per_run", static_cast<std::uint64_t>(s.blocks) * block},
          {"stopped_at", s.decided ? "verdict" : s.table.interrupted ? "interrupted" : "budget"}};
}

std::string sequential_text(const SequentialRun& s, std::uint64_t block) {
  return "until-verdict: " + std::string(s.decided ? "a verdict after " : "no verdict within ") +
         std::to_string(s.blocks) + " of " + std::to_string(s.looks) + " blocks (" +
         std::to_string(static_cast<std::uint64_t>(s.blocks) * block) + " evenings per run); " + sequential_rule(s) + "\n";
}

}  // namespace verflixt::cli::balance_text
