#include "verflixt/games/verflixte6/answers/rules.h"

#include <string>

#include "verflixt/core/rule_table.h"
#include "verflixt/version.h"

namespace verflixt::verflixte6 {

namespace {

std::string n(int v) { return std::to_string(v); }
std::string signed_n(int v) { return (v >= 0 ? "+" : "") + std::to_string(v); }

}  // namespace

std::string joker_description(Joker j, const Rules& r) {
  switch (j) {
    case FROSTSCHUTZ:
      return "J1, up to " + n(r.frost_uses) + " uses: on use k faces 1..k subtract, the rest add; a 6 adds 6 and saves";
    case SPELUNKENBOLD:
      return "J2, one throw: 1..5 add face " + signed_n(r.spelunken_bonus) + "; a 6 gives " + signed_n(r.spelunken_six) +
             " and you go on";
    case ANACONDA:
      return "J3, see the attack, then decline (" + signed_n(r.anaconda_decline) + ") or fight: win " +
             signed_n(r.anaconda_win_base) + " + your throw, lose " + signed_n(r.anaconda_loss) +
             (r.anaconda_loss_minus_attack ? " − attack" : "");
    case HIRTENSCHUTZ:
      return "J4, one throw counted " + n(r.hirten_factor) + "×; a 6 does not eliminate, a 1 steals nothing";
    case RATTENLORD:
      return "J5, up to " + n(r.rattenlord_throws) + " throws for a " + n(r.rattenlord_face) + "+: win " +
             signed_n(r.rattenlord_win) + ", fail " + signed_n(r.rattenlord_loss) + ", retreat " +
             signed_n(r.rattenlord_retreat);
    case ALL_IN:
      return "J6, one throw: 1.." + n(r.allin_max_face) + " doubles your eyes, else 0 and you are a Zombie";
    case JULE:
      return "J7, autojoker: " + signed_n(r.jule_bonus) + " on every step after the free throw (not under Fumo)";
    case PONY:
      return "J8, " + n(r.pony_throws) + " throws summed: " + n(r.pony_target) + "+ adds the sum, else " +
             (r.pony_fail_minus_sum ? "subtracts the sum" : signed_n(r.pony_fail));
    case MONOKEL:
      return "J9, the next " + n(r.monokel_throws) + " throws as one step, each may be re-thrown once; faces only add";
    case SENIGMA:
      return r.senigma == SenigmaKind::Duel
                 ? "J10, duel of " + n(r.senigma_rounds) + " rounds against another player, " +
                       n(r.senigma_per_round) + " eyes per round of difference"
                 : "J10, " + n(r.senigma_repeat_throws) + " throws: a repeated face takes " + n(r.senigma_repeat_gain) +
                       " eyes from a player";
    case VENTIL:
      return "J11, sets a floor at your eyes and throws: a 6 later drops you to the floor, not to 0";
    case TENTAKEL:
      return "J12, autojoker: a plain 1.." + n(r.tentakel_max_face) + " adds face " + signed_n(r.tentakel_bonus) +
             " and steals nothing";
    case FUMO:
      return r.fumo == FumoKind::Doubling
                 ? "J13, from now on plain throws count " + n(r.fumo_factor) + "× until you stop or play a joker"
                 : "J13, after a 6 restart from 0 with a new free throw and your other jokers";
    case CHERRY:
      return "J14, " + n(r.cherry_throws) + " throws, each " + n(r.cherry_face) + "+ worth " + n(r.cherry_worth) +
             "; a counter of " + n(r.cherry_counter_face) + "+ cancels one";
    case RUNKELRUEB:
      return "J15, reaction to a 6: " + n(r.runkel_throws) + " croupier throws, any " + n(r.runkel_face) +
             "+ cancels the 6";
    case JOKER_NB:
      break;
  }
  return "";
}

core::report::Report rules_report(const Rules& rules) {
  namespace rp = core::report;
  rp::Report out({});
  out.field("version", std::string(kVersion))
      .field("game", std::string(kGame))
      .field("command", std::string("rules"))
      .field("preset", rules.preset)
      .field("presets", preset_names())
      .field("rules", rules_summary(rules))
      .field("jokers_per_pass", rules.jokers_per_pass)
      .field("frost_uses", rules.frost_uses)
      .field("fumo", std::string(rules.fumo == FumoKind::Doubling ? "doubling" : "reentry"));
  rp::Table& jokers = out.table("jokers", {{.name = "id"}, {.name = "rule"}, {.name = "description"}}, rp::kJson);
  for (int k = 0; k < JOKER_NB; ++k) {
    const Joker jk = static_cast<Joker>(k);
    if (rules.jokers.has(jk))
      jokers.row({std::string(joker_id(jk)), "J" + std::to_string(k + 1), joker_description(jk, rules)});
  }
  out.field("ini", rules_to_ini(rules));
  // Every parameter as every game's rules list them (what --set takes, its range and rule id).
  core::add_parameters(out, rule_table(), rules);
  return out;
}

}  // namespace verflixt::verflixte6
