#pragma once
// The games' solved policies as choices in their models (the index of the action the policy
// takes among a state's legal actions), shared by the tests that play or solve a model
// against the game's own solver, and the starts those tests and their benchmark pairs share.
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <vector>

#include "games/kniffel/model.h"
#include "games/schocken/model.h"
#include "games/verflixte6/rules/model.h"
#include "games/zehntausend/model.h"
#include "verflixt/core/rng.h"
#include "verflixt/games/schocken/solver.h"
#include "verflixt/games/verflixte6/exact/solver.h"
#include "verflixt/games/zehntausend/turn_solver.h"

namespace verflixt::model_tests {

// The index of `wanted` among the legal actions; a policy asking for an illegal one is a bug.
template <class Actions, class Action>
std::size_t index_of(const Actions& actions, const Action& wanted) {
  for (std::size_t i = 0; i < actions.size(); ++i)
    if (actions[i] == wanted) return i;
  throw std::logic_error("the policy chose an action that is not legal here");
}

// Schocken: the keep of a round's policies (per position and limit, by throw and throws done).
inline std::size_t schocken_keep(const std::vector<schocken::PositionPolicy>& policies,
                                 const schocken::SchockenModel::State& s, const std::vector<schocken::Keep>& actions) {
  const auto& table = policies[s.hands.size()][static_cast<std::size_t>(s.limit - 1)];
  return index_of(actions, table[static_cast<std::size_t>(schocken::throw_index(s.dice))][static_cast<std::size_t>(s.throws - 1)]);
}

// A Schocken round of `players` and its equilibrium (schocken::solve_round): each position's
// P(worst hand) and the equilibrium's keep as a chooser of the model.
struct SchockenRound {
  explicit SchockenRound(int players)
      : rules([players] {
          schocken::SchockenRules r;
          r.players = players;
          return r;
        }()),
        eq(schocken::solve_round(rules, players)),
        p_worst(schocken::round_p_worst(rules, eq.policies)),
        game(rules) {}
  schocken::SchockenRules rules;
  schocken::RoundEquilibrium eq;
  std::vector<double> p_worst;
  schocken::SchockenModel game;

  std::size_t keep(const schocken::SchockenModel::State& s, const std::vector<schocken::Keep>& actions) const {
    return schocken_keep(eq.policies, s, actions);
  }
  auto chooser() const {
    return [this](const schocken::SchockenModel::State& s, const std::vector<schocken::Keep>& actions, core::Rng&) {
      return keep(s, actions);
    };
  }
};

// Zehntausend's turn: the solved policy's set-aside, and whether it banks after it.
inline std::size_t zehntausend_choice(const zehntausend::ZehntausendModel& game, const zehntausend::TurnSolution& sol,
                                      const zehntausend::ZehntausendModel::State& s,
                                      const std::vector<zehntausend::ZehntausendModel::Action>& actions) {
  const zehntausend::TurnModel& m = game.turn_model();
  const int t = s.points / zehntausend::kPointStep;
  const int option = sol.policy.keep_option(t, s.outcome, m);
  const auto& x = m.outcome(s.outcome).options[static_cast<std::size_t>(option)];
  zehntausend::ZehntausendModel::Action a{option, false};
  const int after = game.dice_after(s, a);
  a.bank = after == 0 || sol.policy.banks(t + x.points / zehntausend::kPointStep, after, m);
  return index_of(actions, a);
}

// Die verflixte 6's solo turn: the solved policy's action.
inline std::size_t verflixte6_choice(const verflixte6::Rules& rules, const verflixte6::SolvedPolicy& policy,
                                     const verflixte6::Verflixte6Model::State& s,
                                     const std::vector<verflixte6::Action>& actions) {
  return index_of(actions, policy.decide(verflixte6::TurnView{rules, s.turn, -1, {}, 0}));
}

// Compile restrictions (core/model_graph.h) for a turn that may go on for ever: every action
// open below a turn total, the solved policy's choice from it on (where it surely stops).
inline auto zehntausend_open_below(int points, const zehntausend::ZehntausendModel& game,
                                   const zehntausend::TurnSolution& sol) {
  return [points, &game, &sol](const zehntausend::ZehntausendModel::State& s,
                               const std::vector<zehntausend::ZehntausendModel::Action>& actions) {
    return s.points < points ? std::nullopt : std::optional<std::size_t>(zehntausend_choice(game, sol, s, actions));
  };
}
inline auto verflixte6_open_below(int eyes, const verflixte6::Rules& rules, const verflixte6::SolvedPolicy& policy) {
  return [eyes, &rules, &policy](const verflixte6::Verflixte6Model::State& s, const std::vector<verflixte6::Action>& actions) {
    return s.turn.eyes < eyes ? std::nullopt : std::optional<std::size_t>(verflixte6_choice(rules, policy, s, actions));
  };
}

// Kniffel with two boxes open, Chance and Sixes, after an upper section of 50: each first
// throw of five dice has 252 outcomes.
inline kniffel::KniffelModel::State kniffel_two_open() {
  kniffel::KniffelModel::State late;
  late.sheet.filled = static_cast<std::uint16_t>(((1u << kniffel::kCategories) - 1) & ~(1u << kniffel::Chance | 1u << kniffel::Sixes));
  late.sheet.upper = 50;
  return late;
}

}  // namespace verflixt::model_tests
