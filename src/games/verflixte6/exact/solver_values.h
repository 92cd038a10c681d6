#pragma once
// What the exact solo solver (solver.cpp) and its solved policy (solved_policy.cpp) share: a
// state's value with its bust probability, the Ventil normal form the table is stored in,
// and the value algebra through which the solver chooses inside delta jokers and a
// SolvedPolicy replays those choices. Private to the library.
#include <vector>

#include "games/verflixte6/rules/delta_joker.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/turn.h"

namespace verflixt::verflixte6::detail {

// A state's value and its probability of ending eliminated, under the optimal policy.
struct ValueBust {
  double v = 0;
  double b = 0;
};

// Once a Ventil floor is set (J11) and All In is no longer held, the rest of the turn is
// shift-invariant: every step adds to the eyes, a 6 drops to the floor, penalties drag the
// floor along (E5), stopping keeps the eyes, and classic fumo is barred after a floor (J13).
// Moving eyes and floor together by c moves every outcome by c. So V(eyes, floor, rest) =
// floor + V(eyes - floor, 0, rest), and the solver stores such states at floor 0: this turns
// the two-dimensional (eyes, floor) part of a Ventil loadout into a one-dimensional one.
// All In breaks the invariance (a failure sets 0, ignoring the floor), so states holding it
// keep their floor. `offset` receives the shift to add back to values.
inline TurnState normal_form(TurnState s, int& offset) {
  offset = 0;
  if (s.phase == TurnPhase::Decide && s.has_floor && !s.held.has(ALL_IN)) {
    offset = s.floor;
    s.eyes -= s.floor;
    s.floor = 0;
  }
  return s;
}

// The value algebra for delta jokers (delta_joker.h): each leaf is the value of the state the
// delta leads to; choices take the larger value. It can also record the answer to one
// particular choice, which is how a SolvedPolicy replays the solver's inner decisions.
template <class Lookup>
struct ValueAlgebra {
  using Dist = ValueBust;
  static constexpr int kOffset = 256;

  ValueAlgebra(const Rules& rules, const TurnState& b, const Lookup& l) : r(rules), base(b), lookup(l) {}

  ValueBust point(int delta) {
    const int i = delta + kOffset;
    if (i < 0 || i >= 2 * kOffset) return lookup(apply_delta(r, base, delta));
    if (!have[static_cast<size_t>(i)]) {
      cache[static_cast<size_t>(i)] = lookup(apply_delta(r, base, delta));
      have[static_cast<size_t>(i)] = 1;
    }
    return cache[static_cast<size_t>(i)];
  }
  static void add(ValueBust& acc, const ValueBust& d, double w) {
    acc.v += w * d.v;
    acc.b += w * d.b;
  }
  bool take(const InnerChoice& c, const ValueBust& yes, const ValueBust& no) {
    const bool t = detail::strictly_better(yes.v, no.v);
    if (c == wanted) answer = t;
    return t;
  }

  const Rules& r;
  const TurnState& base;
  const Lookup& lookup;
  std::vector<ValueBust> cache = std::vector<ValueBust>(2 * kOffset);
  std::vector<char> have = std::vector<char>(2 * kOffset, 0);
  InnerChoice wanted{InnerChoice::UseFumoReentry, -1, -1, -1, -1};  // matches no delta choice
  bool answer = false;
};

}  // namespace verflixt::verflixte6::detail
