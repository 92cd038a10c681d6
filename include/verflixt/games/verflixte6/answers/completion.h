#pragma once
// Die verflixte 6's answers are typed values, each with one description (core/answer.h): the
// evaluate, tournament, solve, strength and sweep commands read the question from their
// options, compute the answer and print describe(answer) in the format asked for. Every
// sampled or batched answer says how far its run got, here.
#include <cstdint>
#include <string>

namespace verflixt::verflixte6 {

// How far a run got: `completed` of `total` units (`unit` in the plural: "turns", "loadouts";
// total 0 = open-ended). Every format marks an interrupted answer with it (core/report.h's
// completion), and the command line exits accordingly.
struct RunCompletion {
  bool interrupted = false;
  std::uint64_t completed = 0, total = 0;
  std::string unit;
};

}  // namespace verflixt::verflixte6
