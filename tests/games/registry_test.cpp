// Properties every registered game must have, run over the registry (OpenSpiel's
// RandomSimTest is the model): random play through the erased model never leaves a legal
// state and ends; every chance node reached lists outcomes of positive probability summing
// to 1; the listed probabilities match the frequencies of real dice thrown at the node; and
// the registry names the games the CLI's --game takes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "binary.h"
#include "games/registry.h"
#include "verflixt/core/rng.h"

namespace verflixt::games {
namespace {

class RegisteredGame : public ::testing::TestWithParam<std::string> {
 protected:
  const GameEntry& entry() const {
    const GameEntry* e = find_game(GetParam());
    if (!e) throw std::logic_error("no game " + GetParam());
    return *e;
  }
};

std::vector<std::string> registered_names() {
  std::vector<std::string> names;
  for (const auto& g : registry()) names.push_back(g.name);
  return names;
}

// Plays `games` games with a uniformly random player and checks every state reached.
// Keeps the distinct chance nodes met (at most `keep`), for the dice test.
void random_play(const core::AnyGame& g, core::Rng& rng, int games, std::size_t keep,
                 std::vector<core::AnyState>& chance_nodes) {
  constexpr int kMaxSteps = 100000;  // far above any game's length under random play
  std::set<std::string> seen;
  for (int n = 0; n < games; ++n) {
    core::AnyState s = g.initial_state();
    int step = 0;
    for (; !g.is_terminal(s) && step < kMaxSteps; ++step) {
      const int p = g.current_player(s);
      const std::string where = g.name() + " at '" + g.state_text(s) + "'";
      if (p == core::kChanceNode) {
        const auto outcomes = g.chance_outcomes(s);
        ASSERT_FALSE(outcomes.empty()) << where;
        double sum = 0;
        for (const auto& o : outcomes) {
          EXPECT_GT(o.probability, 0.0) << where << ", outcome " << o.name;
          sum += o.probability;
        }
        EXPECT_NEAR(sum, 1.0, 1e-12) << where;
        const core::DiceThrow t = g.chance_throw(s);
        ASSERT_GE(t.dice, 1) << where;
        const std::size_t i = g.outcome_of_faces(s, core::roll_throw(rng, t));
        ASSERT_LT(i, outcomes.size()) << where << ": real dice made an outcome the game does not list";
        if (chance_nodes.size() < keep && seen.insert(g.state_text(s)).second) chance_nodes.push_back(s);
        s = g.apply_outcome(s, i);
      } else {
        ASSERT_GE(p, 0) << where;
        ASSERT_LT(p, g.players()) << where;
        const auto actions = g.legal_actions(s);
        ASSERT_FALSE(actions.empty()) << where << ": a decision without legal actions";
        std::set<int> ids;
        for (const auto& a : actions) {
          EXPECT_TRUE(ids.insert(a.id).second) << where << ": two actions with id " << a.id;
          EXPECT_FALSE(a.name.empty()) << where;
        }
        const auto pick = static_cast<std::size_t>(core::roll_face(rng, static_cast<int>(actions.size())) - 1);
        s = g.apply_action(s, pick);
      }
    }
    ASSERT_TRUE(g.is_terminal(s)) << g.name() << ": no end after " << kMaxSteps << " steps";
    const auto r = g.returns(s);
    ASSERT_EQ(static_cast<int>(r.size()), g.players()) << g.name();
    for (double x : r) EXPECT_TRUE(std::isfinite(x)) << g.name();
    EXPECT_TRUE(g.legal_actions(s).empty()) << g.name() << ": a terminal state with actions";
  }
}

TEST_P(RegisteredGame, RandomPlayStaysLegalAndEnds) {
  core::Rng rng(20260401);
  std::vector<core::AnyState> none;
  random_play(entry().model, rng, 200, 0, none);
}

TEST_P(RegisteredGame, ActionsOutsideTheListAreRefused) {
  const core::AnyGame& g = entry().model;
  core::AnyState s = g.initial_state();
  core::Rng rng(7);
  while (g.is_chance(s)) s = g.apply_outcome(s, g.outcome_of_faces(s, core::roll_throw(rng, g.chance_throw(s))));
  ASSERT_FALSE(g.is_terminal(s));
  EXPECT_THROW(g.apply_action(s, g.legal_actions(s).size()), std::out_of_range);
}

// At every chance node of the first random games (up to a few distinct ones), real dice
// thrown 200,000 times show each listed outcome as often as its probability says, within
// 4 standard errors, and never an unlisted one.
TEST_P(RegisteredGame, DiceFrequenciesMatchTheListedProbabilities) {
  const core::AnyGame& g = entry().model;
  core::Rng rng(99);
  std::vector<core::AnyState> nodes;
  random_play(g, rng, 20, 3, nodes);
  ASSERT_FALSE(nodes.empty()) << g.name() << ": no chance node";
  constexpr std::uint64_t kThrows = 200000;
  for (const auto& s : nodes) {
    const auto outcomes = g.chance_outcomes(s);
    const auto counts = g.roll_counts(s, rng, kThrows);
    ASSERT_EQ(counts.size(), outcomes.size() + 1);
    EXPECT_EQ(counts.back(), 0u) << g.name() << " at '" << g.state_text(s) << "': outcomes not listed";
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      const double p = outcomes[i].probability;
      const double freq = static_cast<double>(counts[i]) / kThrows;
      const double se = std::sqrt(p * (1 - p) / kThrows);
      EXPECT_NEAR(freq, p, 4 * se) << g.name() << " at '" << g.state_text(s) << "', outcome " << outcomes[i].name;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Games, RegisteredGame, ::testing::ValuesIn(registered_names()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string n = param.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

TEST(Registry, OneEntryPerGameTheDefaultFirst) {
  ASSERT_FALSE(registry().empty());
  EXPECT_EQ(registry().front().name, "verflixte6");
  std::set<std::string> names;
  for (const auto& g : registry()) {
    EXPECT_TRUE(names.insert(g.name).second) << g.name << " twice";
    EXPECT_EQ(g.model.name(), g.name);
    EXPECT_FALSE(g.description.empty());
    EXPECT_EQ(g.description.find('\n'), std::string::npos);
  }
  EXPECT_EQ(find_game("no-such-game"), nullptr);
}

// The games `verflixt --help` offers for --game: the default named in the heading
// ("games (--game NAME; the default is verflixte6, ...):") and one indented line per game.
std::vector<std::string> cli_games() {
  const auto r = testing::run("--help");
  std::istringstream in(r.out);
  std::string line;
  std::vector<std::string> names;
  bool inside = false;
  while (std::getline(in, line)) {
    if (line.rfind("games (--game", 0) == 0) {
      const auto at = line.find("the default is ");
      if (at == std::string::npos) return {};
      const auto begin = at + 15;
      names.push_back(line.substr(begin, line.find_first_of(",)", begin) - begin));
      inside = true;
    } else if (inside) {
      if (line.rfind("  ", 0) != 0) break;
      std::istringstream words(line);
      std::string name;
      words >> name;
      names.push_back(name);
    }
  }
  return names;
}

TEST(Registry, NamesAreTheCliGameChoices) {
  EXPECT_EQ(cli_games(), registered_names());
}

}  // namespace
}  // namespace verflixt::games
