#pragma once
// The chance nodes of a Zehntausend turn: a throw of d dice is core::dice_multisets(d, 6)
// (462 outcomes for six dice), each outcome with its legal set-asides reduced to the ones a
// player can ever want — for every number of dice set aside, the one that scores most (the
// turn total is all that counts afterwards, and more of it is never worse; contract Z2).
// Built once per ruleset; the solver enumerates it, the kernel and the engine look up in it.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "verflixt/games/zehntausend/rules.h"
#include "verflixt/games/zehntausend/scoring.h"

namespace verflixt::zehntausend {

// The best set-aside of a throw for one number of dice set aside.
struct ThrowOption {
  Counts kept{};
  int dice = 0;
  int points = 0;
};

struct ThrowOutcome {
  Counts counts{};
  int dice = 0;             // dice thrown
  double probability = 0;   // exact multinomial probability
  int id = 0;               // index over the outcomes of every dice count
  std::vector<ThrowOption> options;  // most dice first; empty = Niete
  int most_points = -1;     // the option with the most points (ties: fewer dice set aside)
  bool niete() const { return options.empty(); }
};

class TurnModel {
 public:
  explicit TurnModel(const ZehntausendRules& rules);

  const ZehntausendRules& rules() const { return rules_; }
  // The outcomes of a throw of `dice` dice (1..rules.dice).
  std::span<const ThrowOutcome> throws(int dice) const {
    return {outcomes_.data() + begin_[dice], static_cast<size_t>(begin_[dice + 1] - begin_[dice])};
  }
  const ThrowOutcome& outcome(int id) const { return outcomes_[static_cast<size_t>(id)]; }
  int outcome_count() const { return static_cast<int>(outcomes_.size()); }
  // The outcome showing these counts (any number of dice 1..rules.dice).
  int outcome_id(const Counts& c) const;
  // The outcome id from a base-7 key (sum of counts[f] * 7^f), for the hot loops.
  int outcome_id_of_key(int key) const { return id_of_key_[static_cast<size_t>(key)]; }
  // Dice of the next throw after setting `kept` of `thrown` aside: the rest, or with hot dice
  // (Z2) all rules.dice again when none is left; 0 = none left and no hot dice.
  int dice_after(int thrown, int kept) const {
    const int left = thrown - kept;
    return left == 0 && rules_.hot_dice ? rules_.dice : left;
  }
  double niete_probability(int dice) const { return p_niete_[static_cast<size_t>(dice)]; }
  // E[points of the best-scoring set-aside] of a throw of `dice` dice (a Niete counts 0).
  double expected_most_points(int dice) const { return e_points_[static_cast<size_t>(dice)]; }
  // The largest points of one set-aside (8000 for six 1s), in steps of 50.
  int max_points() const { return max_points_; }

  static int key(const Counts& c);

 private:
  ZehntausendRules rules_;
  std::vector<ThrowOutcome> outcomes_;
  std::array<int, kMaxDice + 2> begin_{};
  std::array<double, kMaxDice + 1> p_niete_{}, e_points_{};
  std::vector<std::int16_t> id_of_key_;
  int max_points_ = 0;
};

}  // namespace verflixt::zehntausend
