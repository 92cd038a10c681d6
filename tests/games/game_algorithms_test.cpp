// The model's algorithms (core/game_algorithms.h) and its erased wrapper (core::AnyGame) on
// a toy game whose values are known by hand, so a fault in the algorithms cannot hide behind
// a fault in a real game: throw two dice; the sum is the return, unless the player rerolls
// (at most `max_rerolls` times, or without limit when it is negative) and takes the new sum.
#include <gtest/gtest.h>

#include <algorithm>
#include <any>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "verflixt/core/chance.h"
#include "verflixt/core/game_algorithms.h"
#include "verflixt/core/game_model.h"
#include "verflixt/core/model_graph.h"
#include "verflixt/core/rng.h"

namespace verflixt {
namespace {

class RerollGame {
 public:
  struct Rules {
    int max_rerolls = 1;  // < 0: without limit
  };
  enum class Action { Stop, Reroll };
  using Outcome = int;  // the sum of the two dice: coarser than their multiset
  struct State {
    int sum = 0;  // 0: the dice are in the air
    int rerolls = 0;
    bool over = false;
  };

  RerollGame() = default;
  explicit RerollGame(Rules rules) : rules_(rules) {}
  const Rules& rules() const { return rules_; }
  std::string name() const { return "reroll"; }
  int players() const { return 1; }
  State initial_state() const { return {}; }
  int current_player(const State& s) const { return s.over ? core::kTerminal : s.sum == 0 ? core::kChanceNode : 0; }
  std::vector<Action> legal_actions(const State& s) const {
    if (current_player(s) != 0) return {};
    if (rules_.max_rerolls >= 0 && s.rerolls >= rules_.max_rerolls) return {Action::Stop};
    return {Action::Stop, Action::Reroll};
  }
  int action_id(const State&, Action a) const { return static_cast<int>(a); }
  std::string action_name(const State&, Action a) const { return a == Action::Stop ? "stop" : "reroll"; }
  State apply_action(const State& s, Action a) const {
    if (a == Action::Stop) return {s.sum, s.rerolls, true};
    return {0, s.rerolls + 1, false};
  }
  core::DiceThrow chance_throw(const State&) const { return {2, 6}; }
  std::vector<core::ChanceOutcome<int>> chance_outcomes(const State&) const {
    std::vector<core::ChanceOutcome<int>> out;
    for (const auto& m : core::dice_multisets(2, 6)) {
      int sum = 0;
      for (int f = 1; f <= 6; ++f) sum += f * m.outcome.counts[static_cast<std::size_t>(f - 1)];
      bool merged = false;
      for (auto& o : out) {
        if (o.outcome != sum) continue;
        o.probability += m.probability;
        merged = true;
      }
      if (!merged) out.push_back({sum, m.probability});
    }
    return out;
  }
  int outcome_of_faces(const State&, std::span<const int> faces) const { return faces[0] + faces[1]; }
  std::string outcome_name(const State&, int sum) const { return std::to_string(sum); }
  State apply_outcome(const State& s, int sum) const { return {sum, s.rerolls, false}; }
  std::vector<double> returns(const State& s) const { return {static_cast<double>(s.sum)}; }
  // Without a limit the count of rerolls changes no future, so the text leaves it out.
  std::string state_text(const State& s) const {
    std::string t = s.sum == 0 ? "throwing" : "sum " + std::to_string(s.sum);
    if (rules_.max_rerolls >= 0) t += ", rerolls " + std::to_string(s.rerolls);
    return t + (s.over ? ", over" : "");
  }

 private:
  Rules rules_;
};

static_assert(core::GameModel<RerollGame>);

// The number of the 36 ordered throws of two dice summing to s.
double ways(int s) { return 6 - std::abs(s - 7); }

// Stop at 7 or more, else reroll when allowed.
const auto kStopAtSeven = [](const RerollGame::State& s, const std::vector<RerollGame::Action>& actions, core::Rng&) {
  return s.sum >= 7 || actions.size() == 1 ? std::size_t{0} : std::size_t{1};
};

TEST(GameAlgorithms, ExpectedReturnsOfAPolicyByHand) {
  const RerollGame game;
  // Keep 7..12: (7·6 + 8·5 + 9·4 + 10·3 + 11·2 + 12·1) / 36 = 182/36; reroll 2..6 (15/36)
  // for a fresh sum of mean 7.
  const double exact = 182.0 / 36 + 15.0 / 36 * 7;
  EXPECT_NEAR(core::expected_returns(game, game.initial_state(), kStopAtSeven)[0], exact, 1e-12);
}

TEST(GameAlgorithms, ReturnDistributionOfAPolicyByHand) {
  const RerollGame game;
  const auto d = core::return_distribution(game, game.initial_state(), kStopAtSeven);
  ASSERT_EQ(d.size(), 11u);
  for (int s = 2; s <= 12; ++s) {
    const double kept = s >= 7 ? ways(s) / 36 : 0.0;
    const auto it = d.find({static_cast<double>(s)});
    ASSERT_NE(it, d.end()) << s;
    EXPECT_NEAR(it->second, kept + 15.0 / 36 * ways(s) / 36, 1e-12) << s;
  }
}

// 100,000 games with real dice: the policy's mean within 4 SE of the value by hand, and a
// uniformly random player's too (a fair coin between stop and reroll: 7 either way).
TEST(GameAlgorithms, PlayWithRealDiceMatchesTheValueByHand) {
  const RerollGame game;
  const auto mean_and_se = [&](auto choose, std::uint64_t seed) {
    core::Rng rng(seed);
    constexpr int kGames = 100000;
    double sum = 0, sum2 = 0;
    for (int k = 0; k < kGames; ++k) {
      const double x = game.returns(core::play(game, game.initial_state(), rng, choose))[0];
      sum += x;
      sum2 += x * x;
    }
    const double mean = sum / kGames;
    return std::pair{mean, std::sqrt((sum2 / kGames - mean * mean) / (kGames - 1))};
  };
  const auto [policy, policy_se] = mean_and_se(kStopAtSeven, 5);
  EXPECT_NEAR(policy, 182.0 / 36 + 15.0 / 36 * 7, 4 * policy_se);
  const auto [uniform, uniform_se] = mean_and_se(core::UniformChooser{}, 6);
  EXPECT_NEAR(uniform, 7.0, 4 * uniform_se);
}

TEST(GameAlgorithms, PlayVisitsEveryStateAndStopsAGameThatDoesNotEnd) {
  const RerollGame game(RerollGame::Rules{-1});
  core::Rng rng(8);
  int visited = 0;
  const auto always_reroll = [](const RerollGame::State&, const std::vector<RerollGame::Action>&, core::Rng&) {
    return std::size_t{1};
  };
  EXPECT_THROW(core::play(game, game.initial_state(), rng, always_reroll, [&](const auto&) { ++visited; }, 100),
               std::runtime_error);
  EXPECT_EQ(visited, 101);  // the start and one state after each of the 100 steps allowed
}

// Without a limit a reroll comes back to the throw it left: the policy's value is iterated
// through the cycle (V = 182/36 + 15/36 V, so 182/21), and its distribution, which would be
// infinite, is refused.
TEST(GameAlgorithms, APolicysValueIsIteratedThroughACycle) {
  const RerollGame game(RerollGame::Rules{-1});
  EXPECT_NEAR(core::expected_returns(game, game.initial_state(), kStopAtSeven)[0], 182.0 / 21, 1e-11);
  EXPECT_THROW(core::return_distribution(game, game.initial_state(), kStopAtSeven), std::logic_error);
}

// 30,000 rerolls allowed: a path of 60,000 states below the start, far past what a
// recursion over the model could hold on the call stack (it crashed here), solved on the
// compiled graph. By hand: with r rerolls left, V(r) = sum over s >= 7 of p(s) s + P(s < 7)
// V(r - 1) and V(0) = 7, which converges to 182/21.
TEST(GameAlgorithms, AGameMuchLongerThanTheCallStackIsSolvedWithoutRecursion) {
  constexpr int kRerolls = 30000;
  const RerollGame game(RerollGame::Rules{kRerolls});
  double v = 7;
  for (int r = 1; r <= kRerolls; ++r) v = 182.0 / 36 + 15.0 / 36 * v;
  core::PolicyValue<RerollGame, decltype(kStopAtSeven)> value(game, kStopAtSeven);
  EXPECT_NEAR(value(game.initial_state())[0], v, 1e-12);
  EXPECT_GT(value.states(), std::size_t{12} * kRerolls);  // the whole path was walked
  EXPECT_NEAR(v, 182.0 / 21, 1e-12);
}

// The compiled graph (core/model_graph.h) under the core's value iteration.

// The optimum of one reroll by hand: stop on 7 or more after the first throw, else reroll
// for a fresh sum (mean 7): 182/36 + 15/36 * 7; no reroll left, the sum stands.
TEST(ModelGraph, AnAcyclicGamesOptimumIsExactAfterOneSweep) {
  const RerollGame game;
  const core::ModelGraph g = core::compile_model(game, game.initial_state());
  EXPECT_FALSE(g.cyclic());
  // Every node's successors are numbered before it, so one sweep is exact.
  for (std::uint32_t n = 0; n < g.size(); ++n)
    for (const auto& e : g.edges(n)) EXPECT_LT(e.next, n);
  const auto values = core::GraphValues::of_player(g, 0);
  const core::ValueIterationResult r = core::solve_graph(values);
  EXPECT_NEAR(r.values[g.root()], 182.0 / 36 + 15.0 / 36 * 7, 1e-12);
  EXPECT_EQ(r.iterations, 2);  // the second sweep changes nothing
  EXPECT_TRUE(r.converged);
}

// A policy's graph (one action a decision) gives expected_returns' value bit for bit: the
// same sums in the same order.
TEST(ModelGraph, APolicysGraphGivesTheExactRecursionsValue) {
  const RerollGame game(RerollGame::Rules{3});
  const auto policy = [](const RerollGame::State& s, const std::vector<RerollGame::Action>& actions) {
    core::Rng unused;
    return std::optional<std::size_t>(kStopAtSeven(s, actions, unused));
  };
  const core::ModelGraph g = core::compile_model(game, game.initial_state(), policy);
  for (std::uint32_t n = 0; n < g.size(); ++n)
    if (g.player(n) == 0) {
      EXPECT_EQ(g.edges(n).size(), 1u);
    }
  const core::ValueIterationResult r = core::solve_graph(core::GraphValues::of_player(g, 0));
  EXPECT_EQ(r.values[g.root()], core::expected_returns(game, game.initial_state(), kStopAtSeven)[0]);
}

// Without a limit a reroll comes back to the throw it left: a cycle, which value iteration
// solves. By hand, the optimum V solves V = sum_s p(s) max(s, V), found here by bisection on
// the sums alone.
TEST(ModelGraph, ACyclicGameIsSolvedByIteration) {
  const RerollGame game(RerollGame::Rules{-1});
  const core::ModelGraph g = core::compile_model(game, game.initial_state());
  EXPECT_TRUE(g.cyclic());
  double lo = 2, hi = 12;
  for (int k = 0; k < 200; ++k) {
    const double v = (lo + hi) / 2;
    double f = 0;
    for (int s = 2; s <= 12; ++s) f += ways(s) / 36 * std::max(static_cast<double>(s), v);
    (f > v ? lo : hi) = v;
  }
  const core::ValueIterationResult r = core::solve_graph(core::GraphValues::of_player(g, 0));
  EXPECT_TRUE(r.converged);
  EXPECT_GT(r.iterations, 2);
  EXPECT_NEAR(r.values[g.root()], lo, 1e-10);
}

TEST(ModelGraph, RefusesMoreStatesThanItsLimit) {
  const RerollGame game(RerollGame::Rules{1000});
  EXPECT_THROW(core::compile_model(game, game.initial_state(), core::EveryAction{}, 100), core::InputError);
}

TEST(AnyGameWrapper, ListsAppliesAndRefusesLikeTheGame) {
  const core::AnyGame g{RerollGame{}};
  const core::AnyState start = g.initial_state();
  ASSERT_TRUE(g.is_chance(start));
  const auto outcomes = g.chance_outcomes(start);
  ASSERT_EQ(outcomes.size(), 11u);
  const int faces[] = {3, 4};
  const std::size_t seven = g.outcome_of_faces(start, faces);
  ASSERT_LT(seven, outcomes.size());
  EXPECT_EQ(outcomes[seven].name, "7");
  EXPECT_NEAR(outcomes[seven].probability, 6.0 / 36, 1e-15);

  const core::AnyState thrown = g.apply_outcome(start, seven);
  EXPECT_EQ(g.current_player(thrown), 0);
  const auto actions = g.legal_actions(thrown);
  ASSERT_EQ(actions.size(), 2u);
  EXPECT_EQ(actions[1].name, "reroll");
  EXPECT_EQ(g.state_text(g.apply_action(thrown, 1)), "throwing, rerolls 1");
  EXPECT_THROW(g.apply_action(thrown, 2), std::out_of_range);
  const core::AnyState stopped = g.apply_action(thrown, 0);
  ASSERT_TRUE(g.is_terminal(stopped));
  EXPECT_EQ(g.returns(stopped), std::vector<double>{7.0});

  const core::AnyState foreign{std::string("not a state of this game")};
  EXPECT_THROW(g.current_player(foreign), std::bad_any_cast);
}

// 360,000 throws counted per listed outcome: each sum as often as ways(s)/36 says (4 SE), all
// counted, none unlisted.
TEST(AnyGameWrapper, RollCountsFollowTheDice) {
  const core::AnyGame g{RerollGame{}};
  core::Rng rng(11);
  constexpr std::uint64_t kThrows = 360000;
  const core::AnyState start = g.initial_state();
  const auto outcomes = g.chance_outcomes(start);
  const auto counts = g.roll_counts(start, rng, kThrows);
  ASSERT_EQ(counts.size(), outcomes.size() + 1);
  EXPECT_EQ(counts.back(), 0u);
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    const double p = ways(std::stoi(outcomes[i].name)) / 36;
    const double se = std::sqrt(p * (1 - p) / kThrows);
    EXPECT_NEAR(static_cast<double>(counts[i]) / kThrows, p, 4 * se) << outcomes[i].name;
  }
}

}  // namespace
}  // namespace verflixt
