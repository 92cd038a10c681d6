#pragma once
// The race solver's inner loop (core/race_solver.h): one turn's backward induction for up to
// kLanes starts at once, one start per lane of a vector of doubles. Every start of a race plays
// the same turn; only what its ends are worth (banks, bust, reset) and where its cap cuts
// differ. So the turn's structure is read once for a whole block of starts, and each of its
// actions costs one load of a lane vector instead of a load, a gather and a branch per start.
//
// Each lane computes exactly what the scalar induction computes for its start (LevelModel's
// start_and_slope in race_solver.cpp): the same products and sums in the same order, the first
// action of highest value on a tie (a later action replaces the best only when it is strictly
// higher), the slope along the chosen actions, and a capped state banked. IEEE arithmetic is the
// same per lane as per scalar (the build contracts nothing into fused multiply-adds), so a value
// found here has the same bits as the scalar one; tests/core/race_lanes_test.cpp holds the two
// together.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "verflixt/core/race_solver.h"

namespace verflixt::core {

// Eight doubles: one AVX-512 register, two AVX2 or four SSE2 ones on other targets (GCC's
// vector extension lowers it to what the build targets, with the same results).
inline constexpr int kLanes = 8;
using Lanes = double __attribute__((vector_size(kLanes * sizeof(double))));

// A turn laid out for the lanes: states, outcomes and actions as flat arrays of small
// integers. An action that is a single move of probability 1 (every action of a dice turn that
// sets dice aside) is one word, its slot; any other keeps its list of moves.
//
// A state's outcomes are visited grouped by how many actions follow them (then in their
// order), and each group's best actions are found by code for that count: a loop over an
// outcome's actions whose length changes from one outcome to the next mispredicts its end
// about once an outcome, which costs more than the outcome's work. The values are still
// summed in the outcomes' own order.
class LaneTurn {
 public:
  explicit LaneTurn(const RaceTurn& turn);

  std::size_t state_count() const { return points_.size(); }
  std::size_t slot_count() const { return slots_; }
  // The least total a move may reach past its state's (the turn's max_gain), and from which
  // total on every state is bankable: together they bound which states a capped start reads.
  int max_gain() const { return max_gain_; }
  int bankable_from() const { return bankable_from_; }

 private:
  friend class LaneBlock;
  static constexpr std::uint32_t kSingle = 0x80000000u;  // the action is one move of probability 1 to the slot below

  std::vector<int> points_;
  std::vector<std::uint8_t> bankable_;
  std::vector<std::uint32_t> state_outcomes_;    // per state, then a sentinel
  std::vector<double> outcome_probability_;
  std::vector<std::uint32_t> outcome_actions_;   // per outcome, then a sentinel
  std::vector<std::uint32_t> action_;            // kSingle | slot, or an index into general_
  std::vector<std::uint32_t> general_begin_;     // per general action, then a sentinel
  std::vector<RaceTurn::SlotMove> general_moves_;
  // The groups: outcomes whose `actions` actions are all single moves (0: an outcome with a
  // general action, one group each), `count` of them; per state its groups, then a sentinel.
  struct Group {
    std::uint16_t actions, count;
  };
  std::vector<std::uint32_t> state_groups_;
  std::vector<Group> groups_;
  std::vector<std::uint16_t> order_;             // per state, its outcomes in group order (as offsets in the state)
  std::vector<std::uint32_t> grouped_words_;     // the single actions' slots in group order, per state from state_words_
  std::vector<std::uint32_t> state_words_;       // per state, then a sentinel
  std::size_t widest_ = 0;                       // the most outcomes of one state
  std::size_t slots_ = 0, banks_ = 0;
  int start_ = 0, max_gain_ = 0, bankable_from_ = 0;
};

// What one start's ends are worth, as the solver hands them to a lane: a TurnPlay's bank, bust,
// reset and cut (its actions must be null: a fixed seat is no maximizing induction), and
// whether a reset reads the mirrored start (the slope counts it then).
struct LaneStart {
  const TurnPlay* ends = nullptr;
  bool reset_reads_mirror = false;
};

// The working memory of one block: per slot a value and a slope lane vector. One per thread.
class LaneBlock {
 public:
  // Evaluates up to kLanes starts: value[i] is the start's P(win), slope[i] its derivative in
  // the mirrored start's value. Without `slopes` the slopes are not formed (a third of the work)
  // and slope may be null.
  void evaluate(const LaneTurn& turn, const LaneStart* starts, int count, double* value, double* slope, bool slopes = true);
  // The bytes a block of this turn holds.
  static std::size_t bytes(const LaneTurn& turn);

  // A slot's value and slope, lane by lane.
  struct alignas(sizeof(Lanes)) Slot {
    Lanes v, d;
  };

 private:
  template <bool kSlopes>
  void run(const LaneTurn& turn, const LaneStart* starts, int count, double* value, double* slope);

  std::vector<Slot> slots_;
  std::vector<Slot> best_;  // one state's outcomes: the best action's value and slope
};

}  // namespace verflixt::core
