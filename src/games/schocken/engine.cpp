#include "verflixt/games/schocken/engine.h"

namespace verflixt::schocken {

RoundOutcome round_outcome(std::span<const TurnResult> hands, const SchockenRules& rules) {
  if (hands.empty()) throw std::invalid_argument("round_outcome: no hands");
  RoundOutcome o;
  int best_key = hand_key(hands[0].dice, hands[0].throws, rules), worst_key = best_key;
  for (size_t p = 1; p < hands.size(); ++p) {
    const int key = hand_key(hands[p].dice, hands[p].throws, rules);
    // S1 decision: on equal keys the later revealer ranks lower: he never takes "best" from
    // an earlier equal hand, and he takes "worst" from it.
    if (key > best_key) best_key = key, o.best = static_cast<int>(p);
    if (key <= worst_key) worst_key = key, o.worst = static_cast<int>(p);
  }
  const Dice& best = hands[static_cast<size_t>(o.best)].dice;
  o.chips = hand_chips(best, rules);
  o.schock_out = hand_kind(best) == HandKind::SchockOut;
  return o;
}

std::vector<int> round_order(const std::vector<int>& players, std::span<const int> chips, int stack, int starter) {
  std::vector<int> in_round;
  for (int s : players)
    if (phase_of(stack) == Phase::Distribution || chips[static_cast<size_t>(s)] > 0) in_round.push_back(s);
  std::vector<int> order;
  const auto at = std::find(in_round.begin(), in_round.end(), starter);
  if (at == in_round.end()) throw std::logic_error("round_order: the starter does not play");
  order.insert(order.end(), at, in_round.end());
  order.insert(order.end(), in_round.begin(), at);
  return order;
}

RoundSettlement settle_round(const SchockenRules& rules, const RoundOutcome& outcome, int loser, int best,
                             std::vector<int>& chips, int& stack) {
  if (outcome.schock_out && rules.schock_out_loses_half) return {loser, true};  // S1: the half is lost at once
  if (phase_of(stack) == Phase::Distribution) {
    const int take = std::min(outcome.chips, stack);
    chips[static_cast<size_t>(loser)] += take;
    stack -= take;
  } else {
    const int pass = std::min(outcome.chips, chips[static_cast<size_t>(best)]);
    chips[static_cast<size_t>(best)] -= pass;
    chips[static_cast<size_t>(loser)] += pass;
  }
  return {chips[static_cast<size_t>(loser)] == rules.chips ? loser : -1, false};  // S3: all chips lose the half
}

int payer_without_final(const SchockenRules& rules, int first_half_loser, int second_half_loser) {
  return first_half_loser == second_half_loser || !rules.final ? second_half_loser : -1;
}

std::vector<int> final_players(int first_half_loser, int second_half_loser) {
  return {std::min(first_half_loser, second_half_loser), std::max(first_half_loser, second_half_loser)};
}

}  // namespace verflixt::schocken
