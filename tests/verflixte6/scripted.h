#pragma once
// Test doubles: a policy that replays a script of actions and inner choices, so a test
// fixes every decision as it fixes every throw with ScriptedDice.
#include <deque>
#include <stdexcept>

#include "verflixt/games/verflixte6/rules/policy.h"

namespace verflixt::verflixte6::testing {

class ScriptedPolicy : public Policy {
 public:
  ScriptedPolicy(std::initializer_list<Action> actions, std::initializer_list<bool> choices = {})
      : actions_(actions), choices_(choices) {}
  std::string name() const override { return "scripted"; }
  Action decide(const TurnView&) const override { return next(actions_, "action"); }
  bool anaconda_fight(const TurnView&, int) const override { return next(choices_, "choice"); }
  bool rattenlord_retreat(const TurnView&, int) const override { return next(choices_, "choice"); }
  bool monokel_rethrow(const TurnView&, int, int, int) const override { return next(choices_, "choice"); }
  bool senigma_counter(const TurnView&, int, int, int, int) const override { return next(choices_, "choice"); }
  bool use_runkelrueb(const TurnView&) const override { return next(choices_, "choice"); }
  bool use_fumo_reentry(const TurnView&) const override { return next(choices_, "choice"); }
  bool done() const { return actions_.empty() && choices_.empty(); }

 private:
  template <class T>
  static T next(std::deque<T>& q, const char* what) {
    if (q.empty()) throw std::out_of_range(std::string("ScriptedPolicy: no ") + what + " left");
    T v = q.front();
    q.pop_front();
    return v;
  }
  mutable std::deque<Action> actions_;
  mutable std::deque<bool> choices_;
};

}  // namespace verflixt::verflixte6::testing
