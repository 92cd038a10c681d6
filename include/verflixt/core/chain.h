#pragma once
// A turn of any game under one fixed policy, compiled to an absorbing Markov chain: the
// meeting point of the exact side and the sampling side. A game's model builds it (each
// game's own folder under games/); exact evaluation (markov.h) solves it with
// Eigen; the kernel (kernel.h) samples it at speed. Because a policy's choices are fixed
// functions of the state, every step — one throw, or a whole compound move with its inner
// choices — is one categorical draw over successor states.
#include <cstdint>
#include <string>
#include <vector>

namespace verflixt::core {

struct Chain {
  // Per state s (0..size()-1). A terminal state is absorbing: the turn is over and its solo
  // value is value[s]. A live state's outcomes are outcome_next/outcome_prob in
  // [first[s], first[s+1]); their probabilities sum to 1.
  std::vector<std::int32_t> value;
  std::vector<std::uint8_t> terminal;
  std::vector<std::uint8_t> eliminated;   // terminal by elimination (bust), for bust rates
  std::vector<std::uint32_t> first;       // size()+1 entries
  std::vector<std::uint32_t> outcome_next;
  std::vector<double> outcome_prob;
  std::uint32_t start = 0;                // the state before the free throw
  std::string description;                // rules summary, loadout and policy it came from

  std::size_t size() const { return value.size(); }
};

}  // namespace verflixt::core
