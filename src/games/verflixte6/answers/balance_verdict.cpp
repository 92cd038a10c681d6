// balance's verdict: the headline from the strongest policy family, each family's own verdict
// as a robustness check, what more evenings would decide, and unused jokers named.
#include "verflixt/games/verflixte6/answers/balance_verdict.h"

#include <cmath>

#include "games/verflixte6/answers/balance_format.h"
#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::verflixte6 {

using balance_detail::name_or_null;
using balance_detail::number_or_null;
using balance_detail::pad;
using balance_detail::pm;
namespace rp = core::report;

namespace {

std::string fmt(const char* format, double value) { return rp::number(format, value); }

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

std::string joker_decision(const JokerTable& t, const std::vector<std::string>& families) {
  if (t.verdicts.empty()) return "";
  const size_t h = t.headline;
  const auto& v = t.verdicts[h];
  const std::string how = " by more than " + fmt("%.3g", t.z) + " paired SE under " + families[h] +
                          " (the family whose base wins most at this table)";
  // Whether the other families say the same: the stricter reading, said, never contradicted.
  auto agreement = [&](const std::string& named, const std::string& agreed) {
    if (t.verdicts.size() < 2) return std::string();
    return std::string(agreed == named ? "; every family agrees" : "; not every family agrees (see robustness)");
  };
  std::string line;
  if (!v.strongest.empty())
    line = "too strong: " + verdict_name(v.strongest, t, h) + " beats every other joker" + how +
           agreement(v.strongest, t.agreed_strongest);
  if (!v.weakest.empty())
    line += (line.empty() ? "" : "; ") + std::string("too weak: ") + verdict_name(v.weakest, t, h) +
            " trails every other joker" + (line.empty() ? how : "") + agreement(v.weakest, t.agreed_weakest);
  if (!line.empty()) return line;
  std::string more;
  if (!std::isnan(v.evenings_strongest))
    more = " (about " + fmt("%.0f", v.evenings_strongest) + " evenings per run would tell " + v.strongest_pair + " apart)";
  return "balanced within the errors: no joker beats or trails every other" + how + more;
}

std::string change_decision(const core::Estimate& win, const core::Estimate& loser, const std::string& loadout,
                            const std::string& family, double z) {
  // Stronger is winning more or being the loser less; a change may do one and not the other.
  const auto beyond = [z](const core::Estimate& e) { return std::abs(e.mean) > z * e.se; };
  const bool better = (beyond(win) && win.mean > 0) || (beyond(loser) && loser.mean < 0);
  const bool worse = (beyond(win) && win.mean < 0) || (beyond(loser) && loser.mean > 0);
  const std::string who = "the tested player (jokers " + loadout + ")";
  const std::string by = "P(win) " + pm(win) + ", P(loser) " + pm(loser) + " (rules − preset, paired SE, under " + family + ")";
  if (better && worse) return "the change cuts both ways for " + who + ": " + by;
  if (better || worse) return "the change makes " + who + (better ? " stronger: " : " weaker: ") + by;
  return "no measurable change for " + who + ": " + by + ", each within " + fmt("%.3g", z) +
         " paired SE; more --evenings may tell";
}

rp::Nested verdict_json(const JokerTable& t, const std::vector<std::string>& families, const std::string& decision) {
  rp::Table largest{.columns = {{.name = "family"}, {.name = "joker"}}, .keyed = true, .json = rp::Table::Values},
      smallest = largest;
  for (size_t f = 0; f < families.size(); ++f) {
    largest.row({families[f], name_or_null(t.largest[f])});
    smallest.row({families[f], name_or_null(t.smallest[f])});
  }
  rp::Table by_family{.columns = {{.name = "family"}, {.name = "base_p_win", .se_name = "base_p_win_stderr"},
                                  {.name = "strongest"}, {.name = "weakest"}, {.name = "evenings_to_separate_strongest"},
                                  {.name = "strongest_pair"}, {.name = "evenings_to_separate_weakest"},
                                  {.name = "weakest_pair"}, {.name = "unused"}}};
  for (size_t f = 0; f < t.verdicts.size(); ++f) {
    const auto& v = t.verdicts[f];
    std::vector<std::string> unused;
    for (size_t k = 0; f < t.unused.size() && k < t.tested.size(); ++k)
      if (t.unused[f][k]) unused.emplace_back(joker_id(t.tested[k]));
    by_family.row({families[f], v.base, name_or_null(v.strongest), name_or_null(v.weakest),
                   number_or_null(v.evenings_strongest), v.strongest_pair, number_or_null(v.evenings_weakest),
                   v.weakest_pair, unused});
  }
  rp::Table agrees{.columns = {{.name = "strongest"}, {.name = "weakest"}}, .json = rp::Table::Object};
  agrees.row({name_or_null(t.agreed_strongest), name_or_null(t.agreed_weakest)});
  rp::Table verdict{.columns = {{.name = "decision"}, {.name = "rule"}, {.name = "z"}, {.name = "family"}, {.name = "family_measure"},
                                {.name = "strongest"}, {.name = "weakest"}, {.name = "by_family"},
                                {.name = "every_family_agrees"}, {.name = "largest_lift"}, {.name = "smallest_lift"}},
                    .json = rp::Table::Object};
  verdict.row({name_or_null(decision), std::string("the headline is the strongest family's verdict (the family whose base loadout has the highest "
                           "P(win) at this table): a joker is strongest (weakest) when its P(win) beats (trails) every other "
                           "tested joker's by more than z paired SE (z: 2, more under --until-verdict) under that family; "
                           "every family's own verdict follows as a robustness check"),
               t.z, t.verdicts.empty() ? rp::Value(nullptr) : rp::Value(families[t.headline]),
               std::string("base P(win) of the tested seat, same dice for every family"), name_or_null(t.strongest),
               name_or_null(t.weakest), by_family.nested(), agrees.nested(), largest.nested(), smallest.nested()});
  return verdict.nested();
}

void verdict_text(std::ostringstream& o, const JokerTable& t, const std::vector<std::string>& families) {
  if (t.verdicts.empty()) return;
  const size_t h = t.headline;
  const auto& v = t.verdicts[h];
  o << "\nverdict (the strongest family, " << families[h] << ": base P(win) " << pm(v.base, "%.4f")
    << ", the highest of the families):\n"
    << "  strongest: " << verdict_name(v.strongest, t, h) << evenings_text(v.evenings_strongest, v.strongest_pair, t.z) << "\n"
    << "  weakest:   " << verdict_name(v.weakest, t, h) << evenings_text(v.evenings_weakest, v.weakest_pair, t.z) << "\n"
    << "robustness (each family's own verdict; > " << fmt("%.3g", t.z) << " paired SE against every other joker):\n";
  for (size_t f = 0; f < t.verdicts.size(); ++f) {
    const auto& x = t.verdicts[f];
    o << "  " << pad(families[f], 12) << "base P(win) " << pm(x.base, "%.4f") << "  strongest "
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

rp::Nested sequential_json(const SequentialRun& s, std::uint64_t block) {
  rp::Table t{.columns = {{.name = "rule"}, {.name = "z"}, {.name = "error_rate"}, {.name = "block_evenings"},
                          {.name = "blocks"}, {.name = "budget_blocks"}, {.name = "evenings_per_run"}, {.name = "stopped_at"}},
              .json = rp::Table::Object};
  t.row({sequential_rule(s), s.z, s.alpha, block, static_cast<std::int64_t>(s.blocks), static_cast<std::int64_t>(s.looks),
         static_cast<std::uint64_t>(s.blocks) * block,
         std::string(s.decided ? "verdict" : s.table.interrupted ? "interrupted" : "budget")});
  return t.nested();
}

std::string sequential_text(const SequentialRun& s, std::uint64_t block) {
  return "until-verdict: " + std::string(s.decided ? "a verdict after " : "no verdict within ") +
         std::to_string(s.blocks) + " of " + std::to_string(s.looks) + " blocks (" +
         std::to_string(static_cast<std::uint64_t>(s.blocks) * block) + " evenings per run); " + sequential_rule(s) + "\n";
}

}  // namespace verflixt::verflixte6
