#pragma once
// Scripted play for the En Gingg as Bei tests: dice that show the faces written in the test,
// and a policy that sets aside the dice written in the test, one list per throw.
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

#include "verflixt/games/en_gingg/policy.h"

namespace verflixt::en_gingg::testing {

// Plays the given faces in order; running out is a test bug.
struct Script {
  std::vector<int> faces;
  std::size_t next = 0;
  int operator()() {
    if (next >= faces.size()) throw std::out_of_range("script exhausted");
    return faces[next++];
  }
  bool used_up() const { return next == faces.size(); }
};

// Sets aside the listed faces, one list per throw in the order the throws come.
class ScriptedPolicy final : public SetAsidePolicy {
 public:
  ScriptedPolicy(std::initializer_list<std::vector<int>> asides) : asides_(asides) {}
  DiceCounts decide(const SetAsideView&) const override {
    if (next_ >= asides_.size()) throw std::out_of_range("scripted set-asides exhausted");
    return counts_of(asides_[next_++], kMaxFaces);
  }
  std::string name() const override { return "scripted"; }
  bool used_up() const { return next_ == asides_.size(); }

 private:
  std::vector<std::vector<int>> asides_;
  mutable std::size_t next_ = 0;
};

}  // namespace verflixt::en_gingg::testing
