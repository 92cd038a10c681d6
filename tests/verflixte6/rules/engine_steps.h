#pragma once
// What the reference engine's rule tests share (engine_test.cpp, engine_jokers_test.cpp): the
// presets, a solo state at given eyes and jokers, and one solo step with scripted dice and
// scripted choices.
#include <gtest/gtest.h>

#include <initializer_list>

#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixte6/scripted.h"

namespace verflixt::verflixte6::engine_testing {

inline const Action kRoll = Action::roll();
inline const Action kStop = Action::stop();
inline Action use(Joker j) { return Action::use(j); }

inline const Rules kT = preset("tournament-2019");
inline const Rules kC = preset("classic");

// A solo turn state at `eyes` holding `held`, as if the free throw had been thrown.
inline TurnState at(int eyes, JokerSet held = {}) {
  TurnState t = new_turn(held);
  t.eyes = eyes;
  t.phase = TurnPhase::Decide;
  return t;
}
inline JokerSet hold(std::initializer_list<Joker> js) {
  JokerSet s;
  for (Joker j : js) s = s.with(j);
  return s;
}

// One solo step with scripted dice and choices; checks every throw was used.
inline TurnState step(const Rules& r, TurnState t, Action a, std::initializer_list<int> dice,
               std::initializer_list<bool> choices = {}) {
  core::ScriptedDice d(dice);
  testing::ScriptedPolicy p({}, choices);
  solo_step(r, t, a, p, d);
  EXPECT_TRUE(d.exhausted()) << "unused dice";
  EXPECT_TRUE(p.done()) << "unused choices";
  return t;
}

}  // namespace verflixt::verflixte6::engine_testing
