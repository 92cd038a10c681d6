#include "verflixt/games/pig/game.h"

#include <sstream>

#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"

namespace verflixt::pig {

namespace {

// Key, range and field of every parameter in one row: validation, printing and parsing walk
// the same list.
struct Param {
  const char* key;
  int low, high;
  int PigRules::*field;
};
constexpr Param kParams[] = {
    {"goal", 1, 1000, &PigRules::goal},
    {"faces", 2, 100, &PigRules::faces},
    {"bust_face", 1, 100, &PigRules::bust_face},
    {"players", 2, kMaxPlayers, &PigRules::players},
};

}  // namespace

void validate(const PigRules& rules) {
  for (const auto& p : kParams) {
    const int v = rules.*p.field;
    if (v < p.low || v > p.high)
      throw InputError(std::string("pig ") + p.key + " " + std::to_string(v) + " is out of range; valid: " +
                       std::to_string(p.low) + ".." + std::to_string(p.high));
  }
  if (rules.bust_face > rules.faces)
    throw InputError("pig bust_face " + std::to_string(rules.bust_face) + " is out of range; valid: 1.." +
                     std::to_string(rules.faces) + " (the faces of the die)");
}

std::string rules_summary(const PigRules& rules) {
  std::string s;
  for (const auto& p : kParams) s += (s.empty() ? "" : " ") + std::string(p.key) + "=" + std::to_string(rules.*p.field);
  return s;
}

PigRules parse_rules(const std::string& text) {
  PigRules rules;
  std::string normalized = text;
  for (char& c : normalized)
    if (c == ',') c = ' ';
  std::istringstream in(normalized);
  std::string item;
  while (in >> item) {
    const auto eq = item.find('=');
    const std::string key = item.substr(0, eq);
    const Param* param = nullptr;
    for (const auto& p : kParams)
      if (key == p.key) param = &p;
    std::string valid;
    for (const auto& p : kParams) valid += (valid.empty() ? "" : ", ") + std::string(p.key);
    if (!param) throw InputError("unknown pig rule '" + key + "'; valid: " + valid);
    if (eq == std::string::npos) throw InputError("pig rule '" + key + "' needs a value: " + key + "=N");
    rules.*param->field = parse_int(item.substr(eq + 1), key, "pig rule", param->low, param->high);
  }
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
