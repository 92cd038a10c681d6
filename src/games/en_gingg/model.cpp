#include "games/en_gingg/model.h"

namespace verflixt::en_gingg {

static_assert(core::GameModel<EnGinggModel>);

EnGinggModel::EnGinggModel(const EnGinggRules& rules) : rules_(rules) { validate(rules_); }

EnGinggModel::State EnGinggModel::initial_state() const {
  State s;
  s.phase1 = phase1_start(rules_);
  return s;
}

int EnGinggModel::current_player(const State& s) const {
  switch (s.stage) {
    case Stage::Phase1: return s.has_throw ? 0 : core::kChanceNode;
    case Stage::Phase2: return core::kChanceNode;
    case Stage::Over: break;
  }
  return core::kTerminal;
}

std::vector<DiceCounts> EnGinggModel::legal_actions(const State& s) const {
  if (current_player(s) != 0) return {};
  return legal_set_asides(s.phase1, s.thrown, rules_);
}

int EnGinggModel::action_id(const State&, const DiceCounts& aside) const {
  // The counts as digits base kMaxDice + 1, face 1 lowest: the same set-aside, the same id.
  int id = 0;
  for (int f = kMaxFaces; f >= 1; --f) id = id * (kMaxDice + 1) + aside[static_cast<std::size_t>(f - 1)];
  return id;
}

EnGinggModel::State EnGinggModel::apply_action(const State& s, const DiceCounts& aside) const {
  State n = s;
  n.phase1 = apply_set_aside(s.phase1, aside);
  n.thrown = {};
  n.has_throw = false;
  if (!n.phase1.done()) return n;
  const Phase1Outcome o = phase1_outcome(n.phase1.aside_sum, rules_);
  n.own_change = o.own_change;
  n.digit = o.digit;
  n.phase2 = phase2_start(rules_);
  n.stage = o.digit > 0 && !n.phase2.done ? Stage::Phase2 : Stage::Over;
  return n;
}

core::DiceThrow EnGinggModel::chance_throw(const State& s) const {
  return {s.stage == Stage::Phase2 ? s.phase2.left : s.phase1.left, rules_.faces};
}

std::vector<core::ChanceOutcome<DiceCounts>> EnGinggModel::chance_outcomes(const State& s) const {
  return throw_outcomes(chance_throw(s).dice, rules_.faces);
}

EnGinggModel::State EnGinggModel::apply_outcome(const State& s, const DiceCounts& thrown) const {
  State n = s;
  if (s.stage == Stage::Phase1) {
    n.thrown = thrown;
    n.has_throw = true;
    return n;
  }
  n.phase2 = apply_phase2_throw(s.phase2, thrown, s.digit);
  if (n.phase2.done) n.stage = Stage::Over;
  return n;
}

std::vector<double> EnGinggModel::returns(const State& s) const {
  if (s.stage != Stage::Over) return {0.0, 0.0};
  return {static_cast<double>(s.own_change), -static_cast<double>(s.digit * s.phase2.hits)};
}

std::string EnGinggModel::state_text(const State& s) const {
  const auto& p = s.phase1;
  std::string t = "phase 1: " + std::to_string(p.left) + " dice left, " + std::to_string(p.aside_sum) + " aside, " +
                  std::to_string(p.throws) + " throws";
  if (s.has_throw) t += ", thrown " + dice_text(s.thrown);
  if (s.stage == Stage::Phase1) return t;
  t += "; own " + std::to_string(s.own_change);
  if (s.digit > 0)
    t += "; phase 2: digit " + std::to_string(s.digit) + ", " + std::to_string(s.phase2.left) + " dice left, " +
         std::to_string(s.phase2.hits) + " hits";
  if (s.stage == Stage::Over) t += "; over";
  return t;
}

}  // namespace verflixt::en_gingg
