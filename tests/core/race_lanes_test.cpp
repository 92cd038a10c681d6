// The race solver's lane kernel (core/race_lanes.h) against the scalar induction it replaces in
// the solve (race_model.h's LevelModel::start_and_slope, which the played turns still use):
// every start's value and slope the same bits, on random turns of every shape (single-move
// actions, moves under chance, outcomes of 1 to 12 actions, ties, resets) and every cap, with
// blocks of 1 to kLanes starts.
#include "core/race_lanes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "core/race_model.h"

namespace verflixt::core {
namespace {

// A random turn: state k has turn total k / 3 (three states per total, so several share one);
// from state s its outcomes lead to lower-numbered states, banks, busts or a reset. Values
// are drawn from a few levels so that actions tie often (a tie keeps the first action).
RaceTurn random_turn(std::mt19937_64& rng, int states, double general_share) {
  RaceTurn turn;
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const int bank_from = 2;
  for (int s = 0; s < states; ++s) {
    const int points = s / 3;
    turn.add_state(points, points >= bank_from);
    const int outcomes = s == 0 ? 1 : 1 + static_cast<int>(rng() % 5);
    std::vector<double> p(static_cast<std::size_t>(outcomes));
    for (double& x : p) x = 0.1 + unit(rng);
    double sum = 0;
    for (const double x : p) sum += x;
    for (int o = 0; o < outcomes; ++o) {
      turn.add_outcome(p[static_cast<std::size_t>(o)] / sum);
      const int actions = 1 + static_cast<int>(rng() % 12);
      for (int a = 0; a < actions; ++a) {
        turn.add_action();
        const auto move = [&](double probability) {
          const int kind = static_cast<int>(rng() % 8);
          if (kind < 4 && s > 0) return TurnMove{probability, TurnEnd::Continue, static_cast<int>(rng() % static_cast<std::uint64_t>(s))};
          if (kind < 6) return TurnMove{probability, TurnEnd::Bank, bank_from + points + static_cast<int>(rng() % 4)};
          if (kind < 7) return TurnMove{probability, TurnEnd::Bust, 0};
          return TurnMove{probability, TurnEnd::Reset, 0};
        };
        if (unit(rng) < general_share) {
          turn.add_move(move(0.25));
          turn.add_move(move(0.75));
        } else {
          turn.add_move(move(1.0));
        }
      }
    }
  }
  // The start is the last state of total 0 that continues anywhere: state 2 (totals 0, 0, 0).
  turn.finish(2, (states - 1) / 3 + 1);
  return turn;
}

// Ends of a start: bank values from a few levels (ties), a bust, a reset and a cut.
TurnPlay random_ends(std::mt19937_64& rng, const RaceTurn& turn) {
  static constexpr std::array<double, 5> kLevels = {0.0, 0.25, 0.5, 0.625, 1.0};
  TurnPlay e;
  e.bank.resize(turn.bank_slots());
  for (double& x : e.bank) x = rng() % 3 == 0 ? kLevels[rng() % kLevels.size()] : std::uniform_real_distribution<double>(0, 1)(rng);
  e.bust = std::uniform_real_distribution<double>(0, 1)(rng);
  e.reset = kLevels[rng() % kLevels.size()];
  e.cut = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(turn.top() + 2));
  return e;
}

void expect_lanes_equal_the_scalar_induction(const RaceTurn& turn, std::mt19937_64& rng, int blocks) {
  const LaneTurn lanes(turn);
  LaneBlock block;
  for (int k = 0; k < blocks; ++k) {
    const int count = 1 + static_cast<int>(rng() % kLanes);
    std::vector<TurnPlay> ends;
    std::vector<LaneStart> starts;
    for (int i = 0; i < count; ++i) ends.push_back(random_ends(rng, turn));
    for (int i = 0; i < count; ++i) starts.push_back({&ends[static_cast<std::size_t>(i)], rng() % 2 == 0});
    std::array<double, kLanes> value{}, slope{};
    block.evaluate(lanes, starts.data(), count, value.data(), slope.data());
    for (int i = 0; i < count; ++i) {
      std::vector<double> v, dv;
      const auto [x, dx] = race_detail::LevelModel{turn, ends[static_cast<std::size_t>(i)]}.start_and_slope(
          starts[static_cast<std::size_t>(i)].reset_reads_mirror, v, dv);
      EXPECT_EQ(value[static_cast<std::size_t>(i)], x) << "block " << k << " lane " << i;
      EXPECT_EQ(slope[static_cast<std::size_t>(i)], dx) << "block " << k << " lane " << i;
    }
  }
}

TEST(RaceLanes, SingleMoveTurnsGiveTheScalarInductionsBits) {
  std::mt19937_64 rng(11);
  for (int t = 0; t < 20; ++t) {
    const RaceTurn turn = random_turn(rng, 30 + static_cast<int>(rng() % 60), 0.0);
    expect_lanes_equal_the_scalar_induction(turn, rng, 20);
  }
}

TEST(RaceLanes, TurnsWithMovesUnderChanceGiveTheScalarInductionsBits) {
  std::mt19937_64 rng(12);
  for (int t = 0; t < 20; ++t) {
    const RaceTurn turn = random_turn(rng, 30 + static_cast<int>(rng() % 60), 0.3);
    expect_lanes_equal_the_scalar_induction(turn, rng, 20);
  }
}

// The least bank a turn can make bounds which levels of a race read each other.
TEST(RaceLanes, TheLeastBankIsTheSmallestPositiveBankOrBankableTotal) {
  RaceTurn turn;
  turn.add_state(5, true);  // 0: banked by the cap at 5
  turn.add_outcome(1.0);
  turn.add_action();
  turn.add_move({1.0, TurnEnd::Bank, 7});
  turn.add_state(0, false);  // 1: the start
  turn.add_outcome(1.0);
  turn.add_action();
  turn.add_move({1.0, TurnEnd::Continue, 0});
  turn.add_action();
  turn.add_move({1.0, TurnEnd::Bank, 0});  // a bank of 0 is the mirror, no lower level
  turn.finish(1, 8);
  EXPECT_EQ(turn.least_bank(), 5);
}

}  // namespace
}  // namespace verflixt::core
