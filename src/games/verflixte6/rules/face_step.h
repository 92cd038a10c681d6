#pragma once
// The step algebra (turn_step.h) of one die that already shows `face`: the step's own code runs
// once, down the branch of that face, and ends in its whole leaf (turn_step.h's StepLeaf). The
// game models' steps (model.h the solo turn, pass_model.h the pass) are made of these: their
// jokers throw one die a step and ask nothing inside it, so the other nodes are refused.
#include <stdexcept>

#include "games/verflixte6/rules/turn_step.h"

namespace verflixt::verflixte6::detail {

struct FaceStep {
  using Dist = StepLeaf;
  int face;

  template <class F>
  StepLeaf die(F&& f) const { return f(face); }
  template <class Y, class N>
  static StepLeaf any_reaching(int, int, Y&&, N&&) { throw std::logic_error("verflixte6 model: a step with more dice"); }
  template <class Y, class N>
  static StepLeaf react(const InnerChoice&, const TurnState&, Y&&, N&&) {
    throw std::logic_error("verflixte6 model: a step that asks a reaction");
  }
  static StepLeaf leaf(const TurnState& s, StepEnd end, Take take) { return {s, end, take}; }
  static StepLeaf delta(const TurnState&, Joker) { throw std::logic_error("verflixte6 model: a delta joker"); }
};

// The step of `a` (or the free throw, without one) from `s` with the die showing `face`.
inline StepLeaf face_step(const Rules& r, const TurnState& s, const Action* a, int face) {
  FaceStep alg{face};
  TurnStep<FaceStep> step(r, alg);
  return a ? step.run(s, *a) : step.free_throw(s, 0);
}

}  // namespace verflixt::verflixte6::detail
