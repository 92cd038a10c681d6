#include "games/pig/model.h"

namespace verflixt::pig {

static_assert(core::GameModel<PigModel>);

PigModel::PigModel(const PigRules& rules) : rules_(rules) { validate(rules_); }

int PigModel::current_player(const State& s) const {
  if (s.game.over()) return core::kTerminal;
  return s.rolling ? core::kChanceNode : s.game.to_move;
}

PigModel::State PigModel::apply_action(const State& s, PigAction a) const {
  if (a == PigAction::Roll) return {s.game, true};
  return {apply_hold(s.game, rules_), false};
}

std::vector<double> PigModel::returns(const State& s) const {
  std::vector<double> r(static_cast<std::size_t>(rules_.players), 0.0);
  if (s.game.over()) r[static_cast<std::size_t>(s.game.winner)] = 1.0;
  return r;
}

std::string PigModel::state_text(const State& s) const {
  std::string t = "scores";
  for (int p = 0; p < s.game.players; ++p) t += " " + std::to_string(s.game.scores[static_cast<std::size_t>(p)]);
  t += ", turn total " + std::to_string(s.game.turn_total) + ", player " + std::to_string(s.game.to_move);
  if (s.game.over()) t += ", won by " + std::to_string(s.game.winner);
  if (s.rolling) t += ", rolling";
  return t;
}

std::optional<std::uint64_t> PigModel::state_key(const State& s) const {
  if (s.game.players != 2) return std::nullopt;
  return core::StateKey()
      .put(s.game.scores[0], 16)
      .put(s.game.scores[1], 16)
      .put(s.game.turn_total, 16)
      .put(s.game.to_move, 1)
      .put(s.game.winner + 1, 2)
      .put(s.rolling ? 1 : 0, 1)
      .key();
}

}  // namespace verflixt::pig
