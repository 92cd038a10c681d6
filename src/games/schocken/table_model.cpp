#include "games/schocken/table_model.h"

#include <algorithm>

namespace verflixt::schocken {

static_assert(core::GameModel<SchockenTableModel>);

SchockenTableModel::SchockenTableModel(const SchockenRules& rules) : rules_(rules) {
  validate(rules_);
  for (int n = 0; n <= rules_.players; ++n) {
    SchockenRules r = rules_;
    r.players = std::max(n, 2);  // sizes 0 and 1 never play; the index is the size
    rounds_.emplace_back(r);
  }
}

SchockenTableModel::State SchockenTableModel::initial_state() const {
  State s;
  std::vector<int> everyone;
  for (int p = 0; p < rules_.players; ++p) everyone.push_back(p);
  start_half(s, everyone, 0);  // S2: at first seat 1 opens
  return s;
}

void SchockenTableModel::start_half(State& s, std::vector<int> players, int starter) const {
  s.players = std::move(players);
  s.chips.assign(static_cast<std::size_t>(rules_.players), 0);
  s.stack = rules_.chips;
  start_round(s, starter);
}

void SchockenTableModel::start_round(State& s, int starter) const {
  s.order = round_order(s.players, s.chips, s.stack, starter);
  s.round = round(s).initial_state();
}

int SchockenTableModel::current_player(const State& s) const {
  if (s.payer >= 0) return core::kTerminal;
  const int p = round(s).current_player(s.round);
  return p >= 0 ? s.order[static_cast<std::size_t>(p)] : p;
}

std::vector<Keep> SchockenTableModel::legal_actions(const State& s) const {
  if (current_player(s) < 0) return {};
  return round(s).legal_actions(s.round);
}

SchockenTableModel::State SchockenTableModel::apply_action(const State& s, const Keep& k) const {
  State n = s;
  n.round = round(s).apply_action(s.round, k);
  settle(n);
  return n;
}

SchockenTableModel::State SchockenTableModel::apply_outcome(const State& s, int index) const {
  State n = s;
  n.round = round(s).apply_outcome(s.round, index);
  settle(n);
  return n;
}

void SchockenTableModel::settle(State& s) const {
  if (round(s).current_player(s.round) != core::kTerminal) return;  // the round goes on
  const RoundOutcome o = round_outcome(s.round.hands, rules_);
  const int loser = s.order[static_cast<std::size_t>(o.worst)], best = s.order[static_cast<std::size_t>(o.best)];
  const RoundSettlement end = settle_round(rules_, o, loser, best, s.chips, s.stack);
  if (end.half_loser < 0) return start_round(s, loser);  // S2: the round's loser opens the next
  if (s.half == 2) {
    s.payer = end.half_loser;
    return;
  }
  s.half_loser[s.half] = end.half_loser;
  if (s.half++ == 0) return start_half(s, s.players, end.half_loser);  // the first half's loser opens the second
  s.payer = payer_without_final(rules_, s.half_loser[0], s.half_loser[1]);
  if (s.payer < 0) start_half(s, final_players(s.half_loser[0], s.half_loser[1]), s.half_loser[1]);
}

std::vector<double> SchockenTableModel::returns(const State& s) const {
  std::vector<double> r(static_cast<std::size_t>(rules_.players), 0.0);
  if (s.payer >= 0) r[static_cast<std::size_t>(s.payer)] = -1.0;
  return r;
}

std::string SchockenTableModel::state_text(const State& s) const {
  std::string t = s.half == 2 ? "final" : "half " + std::to_string(s.half + 1);
  t += ", stack " + std::to_string(s.stack) + ", chips";
  for (int c : s.chips) t += " " + std::to_string(c);
  if (s.payer >= 0) return t + "; seat " + std::to_string(s.payer + 1) + " pays";
  t += "; round of seats";
  for (int p : s.order) t += " " + std::to_string(p + 1);
  return t + ": " + round(s).state_text(s.round);
}

}  // namespace verflixt::schocken
