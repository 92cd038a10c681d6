#pragma once
// Where the reference engine's throws come from. The engine asks a Dice for every throw —
// the player's, the croupier's and a duel defender's alike — in the order the rules make
// them, so a test can script a whole turn and the Monte Carlo runs draw from a seeded RNG.
#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <vector>

#include "verflixt/core/rng.h"

namespace verflixt::core {

class Dice {
 public:
  virtual ~Dice() = default;
  // One throw of a fair six-sided die: 1..6.
  virtual int roll() = 0;
};

// Replays a fixed list of faces; running out is a test bug and throws std::out_of_range.
class ScriptedDice final : public Dice {
 public:
  ScriptedDice(std::initializer_list<int> faces) : faces_(faces) {}
  explicit ScriptedDice(std::vector<int> faces) : faces_(std::move(faces)) {}
  int roll() override {
    if (next_ >= faces_.size()) throw std::out_of_range("ScriptedDice: script exhausted");
    return faces_[next_++];
  }
  size_t used() const { return next_; }
  bool exhausted() const { return next_ == faces_.size(); }

 private:
  std::vector<int> faces_;
  size_t next_ = 0;
};

// Exactly uniform throws from a Rng (see rng.h for how a face is drawn).
class RandomDice final : public Dice {
 public:
  explicit RandomDice(Rng rng) : rng_(rng) {}
  int roll() override { return roll_die(rng_); }
  Rng& rng() { return rng_; }

 private:
  Rng rng_;
};

}  // namespace verflixt::core
