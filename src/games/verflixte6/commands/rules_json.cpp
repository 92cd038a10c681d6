// `verflixt rules --format json` and the page's rules: the INI text plus what a form needs —
// the jokers of the ruleset, each described in one line with this ruleset's numbers (so a
// --set shows in the description), jokers per pass, Frostschutz uses and the Fumo kind.
#include <string>

#include "games/verflixte6/commands/api.h"
#include "verflixt/core/report.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/version.h"

namespace verflixt::cli {
namespace {

std::string n(int v) { return std::to_string(v); }
std::string signed_n(int v) { return (v >= 0 ? "+" : "") + std::to_string(v); }

// One line per joker, from docs/rules/verflixte6.md J1..J15 with the ruleset's parameters filled in.
std::string joker_description(verflixte6::Joker j, const verflixte6::Rules& r) {
  switch (j) {
    case verflixte6::FROSTSCHUTZ:
      return "J1, up to " + n(r.frost_uses) + " uses: on use k faces 1..k subtract, the rest add; a 6 adds 6 and saves";
    case verflixte6::SPELUNKENBOLD:
      return "J2, one throw: 1..5 add face " + signed_n(r.spelunken_bonus) + "; a 6 gives " + signed_n(r.spelunken_six) +
             " and you go on";
    case verflixte6::ANACONDA:
      return "J3, see the attack, then decline (" + signed_n(r.anaconda_decline) + ") or fight: win " +
             signed_n(r.anaconda_win_base) + " + your throw, lose " + signed_n(r.anaconda_loss) +
             (r.anaconda_loss_minus_attack ? " − attack" : "");
    case verflixte6::HIRTENSCHUTZ:
      return "J4, one throw counted " + n(r.hirten_factor) + "×; a 6 does not eliminate, a 1 steals nothing";
    case verflixte6::RATTENLORD:
      return "J5, up to " + n(r.rattenlord_throws) + " throws for a " + n(r.rattenlord_face) + "+: win " +
             signed_n(r.rattenlord_win) + ", fail " + signed_n(r.rattenlord_loss) + ", retreat " +
             signed_n(r.rattenlord_retreat);
    case verflixte6::ALL_IN:
      return "J6, one throw: 1.." + n(r.allin_max_face) + " doubles your eyes, else 0 and you are a Zombie";
    case verflixte6::JULE:
      return "J7, autojoker: " + signed_n(r.jule_bonus) + " on every step after the free throw (not under Fumo)";
    case verflixte6::PONY:
      return "J8, " + n(r.pony_throws) + " throws summed: " + n(r.pony_target) + "+ adds the sum, else " +
             (r.pony_fail_minus_sum ? "subtracts the sum" : signed_n(r.pony_fail));
    case verflixte6::MONOKEL:
      return "J9, the next " + n(r.monokel_throws) + " throws as one step, each may be re-thrown once; faces only add";
    case verflixte6::SENIGMA:
      return r.senigma == verflixte6::SenigmaKind::Duel
                 ? "J10, duel of " + n(r.senigma_rounds) + " rounds against another player, " +
                       n(r.senigma_per_round) + " eyes per round of difference"
                 : "J10, " + n(r.senigma_repeat_throws) + " throws: a repeated face takes " + n(r.senigma_repeat_gain) +
                       " eyes from a player";
    case verflixte6::VENTIL:
      return "J11, sets a floor at your eyes and throws: a 6 later drops you to the floor, not to 0";
    case verflixte6::TENTAKEL:
      return "J12, autojoker: a plain 1.." + n(r.tentakel_max_face) + " adds face " + signed_n(r.tentakel_bonus) +
             " and steals nothing";
    case verflixte6::FUMO:
      return r.fumo == verflixte6::FumoKind::Doubling
                 ? "J13, from now on plain throws count " + n(r.fumo_factor) + "× until you stop or play a joker"
                 : "J13, after a 6 restart from 0 with a new free throw and your other jokers";
    case verflixte6::CHERRY:
      return "J14, " + n(r.cherry_throws) + " throws, each " + n(r.cherry_face) + "+ worth " + n(r.cherry_worth) +
             "; a counter of " + n(r.cherry_counter_face) + "+ cancels one";
    case verflixte6::RUNKELRUEB:
      return "J15, reaction to a 6: " + n(r.runkel_throws) + " croupier throws, any " + n(r.runkel_face) +
             "+ cancels the 6";
    case verflixte6::JOKER_NB:
      break;
  }
  return "";
}

// The ruleset as the report the command and the page read.
core::report::Report rules_result(const verflixte6::Rules& rules) {
  namespace rp = core::report;
  rp::Report out({});
  out.field("version", std::string(kVersion))
      .field("command", std::string("rules"))
      .field("preset", rules.preset)
      .field("presets", verflixte6::preset_names())
      .field("summary", verflixte6::rules_summary(rules))
      .field("jokers_per_pass", rules.jokers_per_pass)
      .field("frost_uses", rules.frost_uses)
      .field("fumo", std::string(rules.fumo == verflixte6::FumoKind::Doubling ? "doubling" : "reentry"));
  rp::Table& jokers = out.table("jokers", {{.name = "id"}, {.name = "rule"}, {.name = "description"}}, rp::kJson);
  for (int k = 0; k < verflixte6::JOKER_NB; ++k) {
    const verflixte6::Joker jk = static_cast<verflixte6::Joker>(k);
    if (rules.jokers.has(jk))
      jokers.row({std::string(verflixte6::joker_id(jk)), "J" + std::to_string(k + 1), joker_description(jk, rules)});
  }
  out.field("ini", verflixte6::rules_to_ini(rules));
  return out;
}

}  // namespace

std::string rules_json(const verflixte6::Rules& rules) { return rules_result(rules).render_json(); }

}  // namespace verflixt::cli
