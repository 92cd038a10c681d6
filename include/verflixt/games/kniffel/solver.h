#pragma once
// The exact solitaire optimum of Kniffel: the expected final score under optimal play, and the
// optimal keep and category in every situation. Retrograde analysis over the sheets (filled
// categories, the upper total capped at the bonus threshold, whether the Kniffel box holds its
// score) from the full sheet back to the empty one, skipping upper totals the filled upper
// categories cannot make (536,320 sheets under the yahtzee preset). Within a turn, over the
// multisets of the dice (462 of up to five dice, 252 throws of five): the value of a keep is
// the mean over one more die of the value of the bigger keep, and a hand's best keep the best
// of its sub-multisets. The solve takes the sheets of one set of filled categories a vector at a
// time, one to each element, which changes no bit of a value (solver.cpp says why);
// plan_turn keeps the plain form, which also returns the decisions. The sheets of one number of
// filled categories are independent: computed in parallel, each by the same operations on any
// thread, so the values are the same on any thread count.
#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "verflixt/games/kniffel/rules.h"

namespace verflixt::kniffel {

// The multisets of 0..5 dice, indexed once: counts, size, the multiset with one more die of
// each face, and for each throw of five its probability and its distinct sub-multisets.
class DiceTable {
 public:
  DiceTable();
  static const DiceTable& get();

  int count() const { return static_cast<int>(hands_.size()); }
  const Hand& hand(int id) const { return hands_[static_cast<std::size_t>(id)]; }
  int size(int id) const { return dice_in(hand(id)); }
  int id(const Hand& h) const;
  int plus(int id, int face) const { return plus_[static_cast<std::size_t>(id)][static_cast<std::size_t>(face)]; }
  // The throws of five dice (ids) and their probabilities (ways / 6^5).
  const std::vector<int>& throws() const { return throws_; }
  double probability(int id) const { return probability_[static_cast<std::size_t>(id)]; }
  // The distinct multisets a throw of five may keep, the empty one and all five included.
  const std::vector<int>& keeps(int id) const { return keeps_[static_cast<std::size_t>(id)]; }

 private:
  std::vector<Hand> hands_;
  std::vector<std::array<int, kFaces>> plus_;
  std::vector<int> throws_;
  std::vector<double> probability_;
  std::vector<std::vector<int>> keeps_;
};

// One turn of one sheet played optimally: for each throw t (1..throws) and each five dice
// shown, the value (the expected points of this turn and every later one) and the best keep;
// after the last throw, the best category.
struct TurnPlan {
  std::vector<std::vector<double>> value;   // [t - 1][hand id]: after throw t shows the hand
  std::vector<std::vector<int>> keep;       // [t - 1][hand id]: best keep (a hand id) before throw t + 1
  std::vector<int> category;                // [hand id]: best category after the last throw
  double start = 0;                         // before the first throw
};

// The best play of one turn from `sheet` when a sheet after it is worth value_of(sheet) more.
TurnPlan plan_turn(const Sheet& sheet, const KniffelRules& rules, const std::function<double(const Sheet&)>& value_of);
// The same for any worth of the turn's end: worth(points the turn adds, the sheet after).
TurnPlan plan_turn_for(const Sheet& sheet, const KniffelRules& rules, const std::function<double(int, const Sheet&)>& worth);

class KniffelSolution {
 public:
  // Solves every sheet; `threads` 0 = one per core.
  explicit KniffelSolution(const KniffelRules& rules, int threads = 0);
  // A solution read back (values() of one solved under the same rules).
  KniffelSolution(const KniffelRules& rules, std::vector<double> values);
  const std::vector<double>& values() const { return values_; }

  const KniffelRules& rules() const { return rules_; }
  // The expected points still to come from a sheet between turns (0 for the full sheet).
  double value(const Sheet& sheet) const;
  // The expected final score of a game under optimal play.
  double expected_score() const { return value(Sheet{}); }
  // The optimal play of one turn from `sheet`.
  TurnPlan plan(const Sheet& sheet) const;
  // The value of scoring `h` in `c` now (its points plus the sheet after), and of keeping
  // `keep` before throw t + 1 (t throws done) — what advise ranks.
  double category_value(const Sheet& sheet, const Hand& h, Category c) const;
  double keep_value(const Sheet& sheet, const Hand& keep, int throws_done) const;
  std::size_t sheets_solved() const { return solved_; }
  double seconds() const { return seconds_; }

 private:
  std::size_t index(const Sheet& s) const;
  void solve_layer(int filled, int threads);

  KniffelRules rules_;
  int uppers_;                  // bonus_threshold + 1 upper totals
  std::vector<double> values_;  // [filled][upper][kniffel_scored]
  std::size_t solved_ = 0;
  double seconds_ = 0;
};

// The upper totals a set of filled upper categories can have, capped at `cap` (K4).
std::vector<bool> reachable_uppers(unsigned upper_filled, int cap);

}  // namespace verflixt::kniffel
