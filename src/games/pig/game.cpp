#include "verflixt/games/pig/game.h"

#include <sstream>

#include "verflixt/core/error.h"
#include "verflixt/core/rule_table.h"
#include "verflixt/version.h"

namespace verflixt::pig {

namespace {

// The fixed ranges of the table, then the bust face within the die's faces.
void check_rules(const PigRules& rules) {
  rule_table().check_ranges(rules);
  if (rules.bust_face > rules.faces)
    throw core::InputError("pig bust_face " + std::to_string(rules.bust_face) + " is out of range; valid: 1.." +
                     std::to_string(rules.faces) + " (the faces of the die)");
}

}  // namespace

const core::RuleTable<PigRules>& rule_table() {
  using R = PigRules;
  static const core::RuleTable<R> table = [] {
    core::RuleTable<R> t;
    t.game = "pig";
    t.layout.header = std::string("# Pig rules (docs/rules/pig.md), written by verflixt ") + kVersion +
                      "; read back with --rules FILE.\n";
    t.layout.help_shows_domain = true;
    t.layout.short_keys = true;
    t.params = {
        core::integer_rule({"pig", "goal", "", "score that wins"}, &R::goal, 1, kMaxGoal),
        core::integer_rule({"pig", "faces", "", "faces of the die, values 1..faces"}, &R::faces, 2, 100),
        core::integer_rule({"pig", "bust_face", "", "the face that loses the turn total, at most faces"}, &R::bust_face, 1, 100),
        core::integer_rule({"pig", "players", "", "players at the table; solve and evaluate seat two, a tournament one per --seat"}, &R::players, 2,
                           kMaxPlayers),
    };
    t.presets = {{"standard", "Neller and Presser's Pig: goal 100, a six-sided die, 1 busts", R{}}};
    t.validate = check_rules;
    return t;
  }();
  return table;
}

void validate(const PigRules& rules) { rule_table().validate(rules); }

std::string rules_summary(const PigRules& rules) { return rule_table().summary(rules); }

PigRules parse_rules(const std::string& text) {
  PigRules rules;
  std::string normalized = text;
  for (char& c : normalized)
    if (c == ',') c = ' ';
  std::istringstream in(normalized);
  std::string item;
  while (in >> item) rule_table().apply(rules, item, "pig rule");
  validate(rules);
  return rules;
}

PigState initial_state(const PigRules& rules) {
  PigState s;
  s.players = rules.players;
  return s;
}

std::vector<PigAction> legal_actions(const PigState& state) {
  if (state.over()) return {};
  return {PigAction::Roll, PigAction::Hold};
}

std::vector<core::ChanceOutcome<int>> roll_outcomes(const PigRules& rules) {
  std::vector<core::ChanceOutcome<int>> out;
  for (int f = 1; f <= rules.faces; ++f) out.push_back({f, 1.0 / rules.faces});
  return out;
}

PigState apply_roll(const PigState& state, int face, const PigRules& rules) {
  PigState s = state;
  if (face == rules.bust_face) {  // the turn total is lost and the turn passes
    s.turn_total = 0;
    s.to_move = (s.to_move + 1) % s.players;
    return s;
  }
  s.turn_total += face;
  if (s.scores[s.to_move] + s.turn_total >= rules.goal) {  // G1: reaching the goal wins at once
    s.scores[s.to_move] += s.turn_total;
    s.turn_total = 0;
    s.winner = s.to_move;
  }
  return s;
}

PigState apply_hold(const PigState& state, const PigRules& rules) {
  PigState s = state;
  s.scores[s.to_move] += s.turn_total;
  s.turn_total = 0;
  if (s.scores[s.to_move] >= rules.goal) {  // only reachable from a hand-made state
    s.winner = s.to_move;
    return s;
  }
  s.to_move = (s.to_move + 1) % s.players;
  return s;
}

}  // namespace verflixt::pig
