#include "games/en_gingg/table_model.h"

namespace verflixt::en_gingg {

static_assert(core::GameModel<EnGinggTableModel>);

using Stage = EnGinggModel::Stage;

EnGinggTableModel::EnGinggTableModel(const EnGinggRules& rules) : turn_(rules) {}

EnGinggTableModel::State EnGinggTableModel::initial_state() const { return {initial_table(rules()), turn_.initial_state()}; }

int EnGinggTableModel::current_player(const State& s) const {
  if (s.table.over()) return core::kTerminal;
  const int p = turn_.current_player(s.turn);
  return p == 0 ? s.table.to_move : p;  // the turn model's player 0 is the one on turn
}

std::vector<DiceCounts> EnGinggTableModel::legal_actions(const State& s) const {
  if (current_player(s) < 0) return {};
  return turn_.legal_actions(s.turn);
}

EnGinggTableModel::State EnGinggTableModel::apply_action(const State& s, const DiceCounts& aside) const {
  State n = s;
  n.turn = turn_.apply_action(s.turn, aside);
  return settled(std::move(n), s.turn.stage);
}

EnGinggTableModel::State EnGinggTableModel::apply_outcome(const State& s, const DiceCounts& thrown) const {
  State n = s;
  n.turn = turn_.apply_outcome(s.turn, thrown);
  return settled(std::move(n), s.turn.stage);
}

EnGinggTableModel::State EnGinggTableModel::settled(State s, Stage before) const {
  if (before == Stage::Phase1 && s.turn.stage != Stage::Phase1) {
    // Phase 1 is over: the own balance, and phase 2 only when the sum earned it and nobody
    // has lost (the turn model plays it whenever the sum earned it).
    const bool phase2 = settle_phase1(s.table, {s.turn.own_change, s.turn.digit});
    if (phase2 && s.turn.stage == Stage::Phase2) return s;
    if (phase2) settle_phase2(s.table, s.turn.digit, s.turn.phase2.hits);  // a phase 2 with no die to throw
  } else if (before == Stage::Phase2 && s.turn.stage == Stage::Over) {
    settle_phase2(s.table, s.turn.digit, s.turn.phase2.hits);
  } else {
    return s;  // the turn goes on
  }
  pass_turn(s.table);
  if (!s.table.over()) s.turn = turn_.initial_state();
  return s;
}

std::vector<double> EnGinggTableModel::returns(const State& s) const {
  std::vector<double> r(static_cast<std::size_t>(players()), 0.0);
  if (s.table.over()) r[static_cast<std::size_t>(s.table.loser)] = -1.0;
  return r;
}

std::string EnGinggTableModel::state_text(const State& s) const {
  std::string t = "balances";
  for (int p = 0; p < s.table.players; ++p) t += " " + std::to_string(s.table.balances[static_cast<std::size_t>(p)]);
  if (s.table.over()) return t + "; player " + std::to_string(s.table.loser + 1) + " lost";
  return t + "; player " + std::to_string(s.table.to_move + 1) + " on turn, " + turn_.state_text(s.turn);
}

}  // namespace verflixt::en_gingg
