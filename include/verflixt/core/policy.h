#pragma once
// A player's strategy, one interface for every game: at one kind of decision the policy reads
// what its seat sees (View) and returns its choice (Decision) — roll or hold in Pig, the dice
// to keep in Schocken, the dice to set aside in En Gingg as Bei, the turn plan of a Zehntausend
// seat, stop / roll / a joker in Die verflixte 6. A game names its policy base as an
// instantiation of this template (pig::PigPolicy = core::Policy<PigState, PigAction>), so the
// seats of a table, the reading of a policy spec and the tallies of a tournament are written
// once for every game. Policies are const and hold no per-game state, so one object serves
// every thread.
#include <string>

namespace verflixt::core {

template <class View, class Decision>
class Policy {
 public:
  using view_type = View;
  using decision_type = Decision;

  virtual ~Policy() = default;
  // The choice at this decision; a legal one under the game's rules.
  virtual Decision decide(const View& view) const = 0;
  // A name that the game's policy reader reads back ("hold:20", "optimal", a file path).
  virtual std::string name() const = 0;
};

}  // namespace verflixt::core
