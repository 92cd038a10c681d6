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

}  // namespace verflixt::schocken
