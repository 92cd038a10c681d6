#include "games/zehntausend/table_model.h"

#include "verflixt/games/zehntausend/engine.h"

namespace verflixt::zehntausend {

static_assert(core::GameModel<ZehntausendTableModel>);

int ZehntausendTableModel::current_player(const State& s) const {
  if (s.over) return core::kTerminal;
  const int p = turn_.current_player(s.turn);
  return p == 0 ? s.to_move : p;  // the turn model's player 0 is the seat on turn
}

std::vector<ZehntausendTableModel::Action> ZehntausendTableModel::legal_actions(const State& s) const {
  if (current_player(s) < 0) return {};
  return turn_.legal_actions(s.turn);
}

ZehntausendTableModel::State ZehntausendTableModel::apply_action(const State& s, const Action& a) const {
  State n = s;
  n.turn = turn_.apply_action(s.turn, a);
  if (n.turn.over) {
    n.totals[static_cast<std::size_t>(n.to_move)] += n.turn.banked;
    end_turn(n);
  }
  return n;
}

ZehntausendTableModel::State ZehntausendTableModel::apply_outcome(const State& s, int id) const {
  State n = s;
  n.turn = turn_.apply_outcome(s.turn, id);
  if (n.turn.over) {  // a Niete; the first throw of a turn is the one before any points
    if (bankrott_applies(s.turn.points == 0, rules())) n.totals[static_cast<std::size_t>(n.to_move)] = 0;
    end_turn(n);
  }
  return n;
}

void ZehntausendTableModel::end_turn(State& s) const {
  const int next = s.to_move + 1 == players() ? 0 : s.to_move + 1;
  if (game_ends_after_turn(s.totals[static_cast<std::size_t>(s.to_move)], s.final_round, rules()) ||
      round_complete(s.final_round, next)) {
    s.over = true;
    return;
  }
  s.to_move = next;
  s.turn = turn_.initial_state();
}

std::vector<double> ZehntausendTableModel::returns(const State& s) const {
  std::vector<double> r(static_cast<std::size_t>(players()), 0.0);
  if (!s.over) return r;
  const auto totals = std::span<const int>(s.totals.data(), r.size());
  for (std::size_t p = 0; p < r.size(); ++p) r[p] = win_share(totals, static_cast<int>(p));
  return r;
}

std::string ZehntausendTableModel::state_text(const State& s) const {
  std::string t = "totals";
  for (int p = 0; p < players(); ++p) t += " " + std::to_string(s.totals[static_cast<std::size_t>(p)]);
  if (s.final_round) t += " (final round)";
  if (s.over) return t + "; over";
  return t + "; seat " + std::to_string(s.to_move + 1) + " on turn, " + turn_.state_text(s.turn);
}

}  // namespace verflixt::zehntausend
