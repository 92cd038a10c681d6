// Every game's exact solver against the one generic algorithm: the game's model compiled into
// a graph (core/model_graph.h) and solved by the core's value iteration. The hand-written
// solvers work on their own state spaces with their own recursions (and are kept because
// they are much faster: bench/model_graph_bench.cpp); here each must give the generic
// optimum, on every state where the two can be matched, to rounding.
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <tuple>
#include <vector>

#include "games/en_gingg/model.h"
#include "games/kniffel/model.h"
#include "games/pig/model.h"
#include "games/schocken/model.h"
#include "games/solved_choices.h"
#include "games/verflixte6/rules/model.h"
#include "games/zehntausend/model.h"
#include "verflixt/core/game_algorithms.h"
#include "verflixt/core/model_graph.h"
#include "verflixt/games/en_gingg/solver.h"
#include "verflixt/games/kniffel/solver.h"
#include "verflixt/games/pig/solver.h"
#include "verflixt/games/schocken/solver.h"
#include "verflixt/games/verflixte6/exact/solver.h"
#include "verflixt/games/zehntausend/turn_solver.h"

namespace verflixt {
namespace {


// A game seen without its state key: the compile names its states by their text.
template <class G>
struct NamedByText : G {
  explicit NamedByText(const G& g) : G(g) {}
  template <class State>
  void state_key(const State&) const = delete;
};

// Two compiles of one problem give the same graph: the same nodes, each edge to the same node
// with the same probability, and the same values bit for bit.
void expect_same_graph(const core::ModelGraph& a, const core::ModelGraph& b) {
  ASSERT_EQ(a.size(), b.size());
  ASSERT_EQ(a.edge_count(), b.edge_count());
  ASSERT_EQ(a.root(), b.root());
  for (std::uint32_t n = 0; n < a.size(); ++n) {
    ASSERT_EQ(a.player(n), b.player(n)) << n;
    const auto ea = a.edges(n), eb = b.edges(n);
    ASSERT_EQ(ea.size(), eb.size()) << n;
    for (std::size_t e = 0; e < ea.size(); ++e) {
      ASSERT_EQ(ea[e].next, eb[e].next) << n << " edge " << e;
      ASSERT_EQ(ea[e].probability, eb[e].probability) << n << " edge " << e;
    }
  }
  EXPECT_EQ(core::solve_graph(core::GraphValues::of_player(a, 0)).values,
            core::solve_graph(core::GraphValues::of_player(b, 0)).values);
}

// A game's 64-bit state keys merge exactly the states its texts merge.
template <class G, class Restrict>
void expect_keys_merge_as_texts(const G& game, const typename G::State& root, Restrict restrict) {
  expect_same_graph(core::compile_model(game, root, restrict), core::compile_model(NamedByText<G>(game), root, restrict));
}

TEST(GenericSolve, StateKeysMergeWhatStateTextsMerge) {
  pig::PigRules pig_rules;
  pig_rules.goal = 20;
  const pig::PigModel pig_game(pig_rules);
  expect_keys_merge_as_texts(pig_game, pig_game.initial_state(), core::EveryAction{});

  const zehntausend::ZehntausendModel z{zehntausend::ZehntausendRules{}};
  const zehntausend::TurnSolution sol = zehntausend::solve_turn(z.turn_model());
  expect_keys_merge_as_texts(z, z.initial_state(), model_tests::zehntausend_open_below(1000, z, sol));

  const kniffel::KniffelModel k{kniffel::KniffelRules{}};
  expect_keys_merge_as_texts(k, model_tests::kniffel_two_open(), core::EveryAction{});
}

// The erased game (core::ErasedGame over an AnyGame, what Python's State.exact compiles)
// applies a node's outcomes and actions all at once; it must give the game's own graph.
template <class G>
void expect_erased_compiles_as_the_game(const G& game, const typename G::State& root) {
  expect_same_graph(core::compile_model(game, root, core::EveryAction{}),
                    core::compile_model(core::ErasedGame(core::AnyGame(game)), core::AnyState{root}, core::EveryAction{}));
}

TEST(GenericSolve, TheErasedGameCompilesAsTheGame) {
  pig::PigRules pig_rules;
  pig_rules.goal = 15;
  const pig::PigModel pig_game(pig_rules);
  expect_erased_compiles_as_the_game(pig_game, pig_game.initial_state());
  const kniffel::KniffelModel k{kniffel::KniffelRules{}};
  expect_erased_compiles_as_the_game(k, model_tests::kniffel_two_open());
}

// Pig is a race with cycles (a 1 hands the turn back with both scores as they were): the
// zero-sum reading, each player maximizing his P(win), against Pig's level-by-level value
// iteration — at every decision state of the game, not only the start.
TEST(GenericSolve, PigEveryStatesWinProbability) {
  pig::PigRules rules;
  rules.goal = 25;
  const pig::PigSolution sol = pig::solve(rules);
  const pig::PigModel game(rules);
  struct Decision {
    std::uint32_t node;
    int mover, me, other, turn;
  };
  std::vector<Decision> decisions;
  const core::ModelGraph g = core::ModelGraph::compile(
      game, game.initial_state(), core::EveryAction{},
      [&](std::uint32_t n, const pig::PigModel::State& s) {
        if (game.current_player(s) < 0) return;
        const int me = s.game.to_move;
        decisions.push_back({n, me, s.game.scores[me], s.game.scores[1 - me], s.game.turn_total});
      },
      core::kMaxGraphNodes);
  EXPECT_TRUE(g.cyclic());
  const auto values = core::GraphValues::zero_sum(g);
  const core::ValueIterationResult r = core::solve_graph(values);
  ASSERT_TRUE(r.converged);
  EXPECT_NEAR(values.value_for(r.values, g.root(), 0), sol.win_probability(0, 0, 0), 1e-9);
  ASSERT_GT(decisions.size(), 10000u);
  for (const Decision& d : decisions)
    ASSERT_NEAR(values.value_for(r.values, d.node, d.mover), sol.win_probability(d.me, d.other, d.turn), 1e-9)
        << d.me << " " << d.other << " " << d.turn;
}

// Die verflixte 6's solo turn, both presets, without jokers and with a loadout the model
// covers (the default Ventil, doubling Fumo and Jule; classic's Fumo throws two dice, so there
// Ventil and Jule). Rolling on is always allowed, so the turn's states have no end: the
// generic optimum is taken over every policy that plays the solved policy from 60 eyes on (it
// stops long before), free below, and must be the solver's. The solved policy's own graph
// gives the same value.
TEST(GenericSolve, Verflixte6SoloOptimum) {
  using verflixte6::JokerSet;
  const JokerSet ventil_jule = JokerSet{}.with(verflixte6::VENTIL).with(verflixte6::JULE);
  for (const auto& [preset, loadout] : {std::pair{"tournament-2019", JokerSet{}},
                                        std::pair{"tournament-2019", verflixte6::Verflixte6Model::default_loadout()},
                                        std::pair{"classic", JokerSet{}}, std::pair{"classic", ventil_jule}}) {
    SCOPED_TRACE(std::string(preset) + ", jokers " + std::to_string(loadout.bits));
    const verflixte6::Rules rules = verflixte6::preset(preset);
    const verflixte6::Verflixte6Model game(rules, loadout);
    const verflixte6::SoloSolution sol = solve_solo(rules, loadout);
    const verflixte6::SolvedPolicy policy(rules, loadout, sol.table, sol.threshold);
    const core::ModelGraph g =
        core::compile_model(game, game.initial_state(), model_tests::verflixte6_open_below(60, rules, policy));
    EXPECT_FALSE(g.cyclic());
    const core::ValueIterationResult r = core::solve_graph(core::GraphValues::of_player(g, 0));
    EXPECT_NEAR(r.values[g.root()], sol.ev, 1e-9);
    EXPECT_EQ(r.iterations, 2);

    // Open below 0 eyes: nowhere, the solved policy everywhere.
    const core::ModelGraph fixed =
        core::compile_model(game, game.initial_state(), model_tests::verflixte6_open_below(0, rules, policy));
    EXPECT_LT(fixed.size(), g.size());
    EXPECT_NEAR(core::solve_graph(core::GraphValues::of_player(fixed, 0)).values[fixed.root()], sol.ev, 1e-9);
  }
}

// Zehntausend's turn: throwing on is allowed at any turn total, so the generic optimum is
// taken over the policies that play the solved one from 3000 points on, free below.
TEST(GenericSolve, ZehntausendTurnOptimum) {
  const zehntausend::ZehntausendModel game{zehntausend::ZehntausendRules{}};
  const zehntausend::TurnSolution sol = zehntausend::solve_turn(game.turn_model());
  const core::ModelGraph g =
      core::compile_model(game, game.initial_state(), model_tests::zehntausend_open_below(3000, game, sol));
  const core::ValueIterationResult r = core::solve_graph(core::GraphValues::of_player(g, 0));
  ASSERT_TRUE(r.converged);
  EXPECT_NEAR(r.values[g.root()], sol.value, 1e-9);
}

// En Gingg's phase 1 for both objectives: the own balance change (return 0), and that plus
// the next player's loss (return 0 minus return 1).
TEST(GenericSolve, EnGinggPhase1OptimumForBothObjectives) {
  const en_gingg::EnGinggRules rules;
  const en_gingg::EnGinggModel game(rules);
  const core::ModelGraph g = core::compile_model(game, game.initial_state());
  EXPECT_FALSE(g.cyclic());
  for (const auto objective : {en_gingg::Objective::Own, en_gingg::Objective::OwnPlusNext}) {
    const en_gingg::Phase1Solution sol(rules, objective);
    const std::vector<double> weights =
        objective == en_gingg::Objective::Own ? std::vector<double>{1, 0} : std::vector<double>{1, -1};
    const core::ValueIterationResult r = core::solve_graph(core::GraphValues(g, weights));
    EXPECT_NEAR(r.values[g.root()], sol.value(), 1e-9)
        << en_gingg::objective_names()[static_cast<std::size_t>(objective)];
  }
}

// Kniffel's whole game is far beyond a generic graph (hundreds of millions of states), so the
// generic solve takes the game from late sheets on — two and three boxes open, the upper
// section full or not — and must give the retrograde solver's value of those sheets.
TEST(GenericSolve, KniffelLateSheets) {
  for (const char* preset : {"kniffel", "yahtzee"}) {
    SCOPED_TRACE(preset);
    const kniffel::KniffelRules rules = kniffel::preset(preset);
    const kniffel::KniffelSolution sol(rules, 1);
    const kniffel::KniffelModel game(rules);
    const auto all = static_cast<std::uint16_t>((1u << kniffel::kCategories) - 1);
    struct Late {
      std::uint16_t open;
      int upper;
    };
    for (const Late late : {Late{1u << kniffel::Chance | 1u << kniffel::Kniffel, 63},
                            Late{1u << kniffel::FullHouse | 1u << kniffel::SmallStraight | 1u << kniffel::Chance, 20},
                            Late{1u << kniffel::Sixes | 1u << kniffel::Chance, 50}}) {
      kniffel::KniffelModel::State start;
      start.sheet.filled = static_cast<std::uint16_t>(all & ~late.open);
      start.sheet.upper = late.upper;
      const core::ModelGraph g = core::compile_model(game, start);
      const core::ValueIterationResult r = core::solve_graph(core::GraphValues::of_player(g, 0));
      EXPECT_NEAR(r.values[g.root()], sol.value(start.sheet), 1e-9) << "open " << late.open << ", upper " << late.upper;
    }
  }
}

// Schocken's round equilibrium: the starter's best response to the second seat's keep tables
// (the graph with the second seat's decisions fixed) is the equilibrium's own value, and the
// equilibrium's graph (both fixed) gives each seat's P(worst hand) exactly.
TEST(GenericSolve, SchockenRoundEquilibrium) {
  const model_tests::SchockenRound round(2);
  const auto& [game, p_worst] = std::tie(round.game, round.p_worst);
  const auto keep = [&](const schocken::SchockenModel::State& s, const std::vector<schocken::Keep>& actions) {
    return round.keep(s, actions);
  };
  const auto others_fixed = [&](const schocken::SchockenModel::State& s, const std::vector<schocken::Keep>& actions) {
    return game.current_player(s) == 0 ? std::nullopt : std::optional<std::size_t>(keep(s, actions));
  };
  const core::ModelGraph best = core::compile_model(game, game.initial_state(), others_fixed);
  EXPECT_NEAR(-core::solve_graph(core::GraphValues::of_player(best, 0)).values[best.root()], p_worst[0], 1e-12);
  const auto both_fixed = [&](const schocken::SchockenModel::State& s, const std::vector<schocken::Keep>& actions) {
    return std::optional<std::size_t>(keep(s, actions));
  };
  const core::ModelGraph fixed = core::compile_model(game, game.initial_state(), both_fixed);
  for (int p = 0; p < 2; ++p)
    EXPECT_NEAR(-core::solve_graph(core::GraphValues::of_player(fixed, p)).values[fixed.root()],
                p_worst[static_cast<std::size_t>(p)], 1e-12)
        << "seat " << p + 1;
}

}  // namespace
}  // namespace verflixt
