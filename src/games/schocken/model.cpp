#include "games/schocken/model.h"

namespace verflixt::schocken {

static_assert(core::GameModel<SchockenModel>);

SchockenModel::SchockenModel(const SchockenRules& rules) : rules_(rules) { validate(rules_); }

SchockenModel::State SchockenModel::initial_state() const {
  State s;
  s.limit = rules_.max_throws;
  return s;
}

int SchockenModel::current_player(const State& s) const {
  const int position = static_cast<int>(s.hands.size());
  if (position == rules_.players) return core::kTerminal;
  return s.throws == 0 || !s.pending.stands() ? core::kChanceNode : position;
}

std::vector<Keep> SchockenModel::legal_actions(const State& s) const {
  if (current_player(s) < 0) return {};
  return keep_options(s.dice, rules_);
}

int SchockenModel::action_id(const State&, const Keep& k) const {
  // Stable over every state: the kept faces as digits (highest first) after the count, e.g.
  // 3 for stand, 0 for throw all, 211 for keep 1 1; a 1 standing for two 6s keeps its face.
  int id = k.count;
  for (int i = 0; i < k.count && i < kDice; ++i) id = id * 10 + k.kept[static_cast<std::size_t>(i)];
  return id;
}

SchockenModel::State SchockenModel::apply_action(const State& s, const Keep& k) const {
  if (k.stands()) return stand_with(s);
  State n = s;
  n.pending = k;
  return n;
}

int SchockenModel::outcome_of_faces(const State& s, std::span<const int> faces) const {
  std::size_t next = 0;
  return throw_index(throw_again(s.pending, [&] { return faces[next++]; }));
}

SchockenModel::State SchockenModel::apply_outcome(const State& s, int index) const {
  State n = s;
  n.dice = all_throws()[static_cast<std::size_t>(index)];
  ++n.throws;
  n.pending = stand();
  if (!may_throw_again(n.throws, n.limit)) return stand_with(n);
  return n;
}

SchockenModel::State SchockenModel::stand_with(State s) const {
  const int position = static_cast<int>(s.hands.size());
  s.hands.push_back({s.dice, s.throws});
  s.limit = limit_after_turn(position, s.throws, s.limit);
  s.dice = {};
  s.throws = 0;
  s.pending = Keep{{0, 0, 0}, 0};  // the next player's first throw: all three dice
  return s;
}

std::vector<double> SchockenModel::returns(const State& s) const {
  std::vector<double> r(static_cast<std::size_t>(rules_.players), 0.0);
  if (current_player(s) == core::kTerminal) r[static_cast<std::size_t>(round_outcome(s.hands, rules_).worst)] = -1.0;
  return r;
}

std::string SchockenModel::state_text(const State& s) const {
  std::string t = "limit " + std::to_string(s.limit) + ", hands";
  for (const auto& h : s.hands) t += " [" + dice_text(h.dice) + " in " + std::to_string(h.throws) + "]";
  if (s.throws > 0) t += ", throw " + dice_text(s.dice) + " after " + std::to_string(s.throws);
  if (!s.pending.stands()) t += ", throwing after " + keep_text(s.pending);
  return t;
}

}  // namespace verflixt::schocken
