#pragma once
// Position-aware policies: a player who looks at the table. He stops once his
// standing (evening total + pass eyes) is safely above the k-th lowest result already on the
// table, never below a floor, always at a cap; in the last seat he stops as soon as he is not
// among the losers (docs/rules/verflixte6.md P3). Jokers are announced in eyes windows exactly as a heuristic
// policy does (heuristic.h), and the choices inside jokers are the heuristic's. Read from an
// INI file with `[policy] kind = position`; strategies/position-*.ini documents every key.
#include <iosfwd>
#include <limits>
#include <memory>
#include <span>
#include <string>

#include "verflixt/games/verflixte6/rules/heuristic.h"
#include "verflixt/games/verflixte6/rules/policy.h"

namespace verflixt::verflixte6 {

struct PositionParams {
  int k = 0;                  // beat the k-th lowest known standing; 0 = rules.losers_at_least
  int margin = 3;             // ... by more than this many eyes
  int margin_per_player = 1;  // ... plus this per Jungfrau still to play (she may rob or pass me)
  int floor = 8;              // never stop below this many pass eyes (except when safe last)
  int cap = 30;               // always stop at this many pass eyes or more
  bool last_seat_safe = true; // last seat: stop as soon as not among the losers
  bool rob_leader = true;     // robbing: Keuler bonus first, then the highest standing (else richest)
};

class PositionPolicy final : public Policy {
 public:
  PositionPolicy(PositionParams params, HeuristicParams jokers, std::string name);
  std::string name() const override { return name_; }
  // The joker windows (the heuristic's), then stop iff eyes >= stop_threshold(view).
  Action decide(const TurnView& view) const override { return decide_at_threshold(view, stop_threshold(view)); }
  bool anaconda_fight(const TurnView& v, int attack) const override { return h_.anaconda_fight(v, attack); }
  bool rattenlord_retreat(const TurnView& v, int left) const override { return h_.rattenlord_retreat(v, left); }
  bool monokel_rethrow(const TurnView& v, int i, int face, int kept) const override {
    return h_.monokel_rethrow(v, i, face, kept);
  }
  bool senigma_counter(const TurnView& v, int round, int attack, int won, int lost) const override {
    return h_.senigma_counter(v, round, attack, won, lost);
  }
  int choose_victim(const TurnView& view, int amount, std::span<const int> candidates) const override;
  int senigma_target(const TurnView& view, std::span<const int> candidates) const override;
  bool inner_choices_read_table() const override { return false; }  // the heuristic's
  // The stop rule is a threshold on the turn's eyes for a fixed table (position_threshold):
  // the pass kernel compiles the policy per threshold (policy.h).
  bool has_stop_threshold() const override { return true; }
  int stop_threshold(const TurnView& view) const override;
  Action decide_at_threshold(const TurnView& view, int threshold) const override {
    return h_.decide_with_stop(view, threshold);
  }

  const PositionParams& params() const { return p_; }
  // The joker windows, stop_at (used when too few results are known) and inner choices.
  const HeuristicPolicy& heuristic() const { return h_; }

 private:
  PositionParams p_;
  HeuristicPolicy h_;
  std::string name_;
};

// Reads a position policy file; `source` names it in errors. Throws InputError on unknown
// keys, malformed lines and out-of-range values, like a rules file.
PositionPolicy read_position(std::istream& in, const std::string& source);

// The same, as make_policy's dispatch on `kind = position` calls it (policy.cpp).
std::unique_ptr<Policy> make_position_policy(std::istream& in, const std::string& source);

// The stop rule alone (no jokers) as a threshold: the least pass eyes at which a position
// player at this table stops — he stops iff view.turn.eyes >= it; view.turn is not read.
// kStopAlways: at any eyes. A threshold exists because, for a fixed table, every clause of
// the rule (the cap, the safe last seat, the floor, beating the k-th lowest known standing,
// stop_at when fewer are known) asks for at least so many eyes or so high a standing, and
// his standing, total + pass eyes as T7 counts them, never falls as his eyes rise (it stays
// at the total for eyes at 0 or below). tests/verflixte6/rules/position_test.cpp checks this
// against the rule written out clause by clause, on random tables and eyes -40..60.
inline constexpr int kStopAlways = std::numeric_limits<int>::min();
int position_threshold(const PositionParams& p, int stop_at, const TurnView& view);

// Whether a position player stops with this view: eyes >= position_threshold.
inline bool position_stops(const PositionParams& p, int stop_at, const TurnView& view) {
  return view.turn.eyes >= position_threshold(p, stop_at, view);
}

}  // namespace verflixt::verflixte6
