// The sampling kernel against the reference engine, through the solver's compile_chain: the
// kernel's tally of a loadout's turns and the engine's agree as distributions (chi-square
// against the chain's exact distribution, kernel_test.cpp's), and so do the naive yardstick's.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "verflixt/core/dice.h"
#include "verflixt/core/kernel.h"
#include "verflixt/games/verflixte6/analyses/yardstick.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"
#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixte6/kernels/chain_distribution.h"

namespace verflixt::verflixte6 {
namespace {

using testing::chi_square;
using testing::exact_bust;
using testing::exact_distribution;
using testing::exact_mean;

// Announces the first legal joker (rule order) once the eyes reach `from`, otherwise stops
// at 17: every announceable joker of a loadout gets played, so every joker's step is
// exercised. Inner choices keep the Policy defaults.
class EagerJokerPolicy final : public Policy {
 public:
  explicit EagerJokerPolicy(int from) : from_(from) {}
  std::string name() const override { return "eager-jokers:" + std::to_string(from_); }
  Action decide(const TurnView& view) const override {
    if (view.turn.eyes >= from_)
      for (int j = 0; j < JOKER_NB; ++j)
        if (view.turn.held.has(static_cast<Joker>(j)) && is_legal(view, Action::use(static_cast<Joker>(j))))
          return Action::use(static_cast<Joker>(j));
    return view.turn.eyes >= 17 ? Action::stop() : Action::roll();
  }

 private:
  int from_;
};

core::Tally engine_turns(const Rules& rules, JokerSet loadout, const Policy& policy, std::uint64_t turns, std::uint64_t seed) {
  core::RandomDice dice(core::Rng{seed});
  core::Tally t;
  for (std::uint64_t i = 0; i < turns; ++i) {
    const TurnState end = play_solo_turn(rules, loadout, policy, dice);
    t.add(end.eyes, end.eliminated);
  }
  return t;
}

// The 0.9999 quantile (many comparisons share this file; each must pass on its fixed seed).
double chi2_critical_strict(int df) {
  const double z = 3.719016;
  const double a = 2.0 / (9.0 * df);
  return df * std::pow(1 - a + z * std::sqrt(a), 3);
}

// Kernel and engine both against the chain's exact distribution (chi-square), and against
// each other (means within 4 combined standard errors).
void expect_kernel_matches_engine(const Rules& rules, JokerSet loadout, const Policy& policy, std::uint64_t seed) {
  SCOPED_TRACE(rules.preset + " " + loadout_name(loadout) + " " + policy.name());
  const core::Chain chain = compile_chain(rules, loadout, policy);
  const auto exact = exact_distribution(chain);
  const core::Tally k = sample_chain(chain, 1'000'000, seed, 2);
  const core::Tally e = engine_turns(rules, loadout, policy, 100'000, seed);
  const auto [ck, dfk] = chi_square(k, chain, exact);
  const auto [ce, dfe] = chi_square(e, chain, exact);
  EXPECT_LT(ck, chi2_critical_strict(std::max(dfk, 1))) << "kernel vs exact, df " << dfk;
  EXPECT_LT(ce, chi2_critical_strict(std::max(dfe, 1))) << "engine vs exact, df " << dfe;
  EXPECT_NEAR(k.mean(), e.mean(), 4 * std::hypot(k.stderr_mean(), e.stderr_mean()));
  EXPECT_NEAR(k.bust_rate(), e.bust_rate(), 4 * std::hypot(k.bust_stderr(), e.bust_stderr()) + 1e-12);
  EXPECT_NEAR(k.mean(), exact_mean(exact), 4 * k.stderr_mean());
}

// The joker yardstick of `verflixt bench` (the engine on std::mt19937_64 dice) plays the
// same game: its mean and bust rate match the chain's exact ones.
TEST(Naive, EngineLoopMatchesTheExactChain) {
  const Rules rules = preset("tournament-2019");
  const auto heuristic = make_policy(VERFLIXT_SOURCE_DIR "/strategies/heuristic.ini", rules);
  const JokerSet loadout = JokerSet{}.with(HIRTENSCHUTZ).with(RATTENLORD).with(SPELUNKENBOLD);
  const auto exact = exact_distribution(compile_chain(rules, loadout, *heuristic));
  const core::Tally t = naive_engine_turns(rules, loadout, *heuristic, 200'000, 11, 2);
  EXPECT_EQ(t.turns(), 200'000u);
  EXPECT_NEAR(t.mean(), exact_mean(exact), 4 * t.stderr_mean());
  EXPECT_NEAR(t.bust_rate(), exact_bust(exact), 4 * t.bust_stderr());
}

TEST(KernelVsEngine, EverySingleJokerBothPresets) {
  std::uint64_t seed = 100;
  for (const char* name : {"tournament-2019", "classic"}) {
    const Rules rules = preset(name);
    const EagerJokerPolicy policy(6);
    for (int j = 0; j < JOKER_NB; ++j)
      if (rules.jokers.has(static_cast<Joker>(j)))
        expect_kernel_matches_engine(rules, JokerSet{}.with(static_cast<Joker>(j)), policy, ++seed);
  }
}

TEST(KernelVsEngine, ThreeJokerLoadoutsBothPresets) {
  std::uint64_t seed = 200;
  for (const char* name : {"tournament-2019", "classic"}) {
    const Rules rules = preset(name);
    const auto heuristic = make_policy(VERFLIXT_SOURCE_DIR "/strategies/heuristic.ini", rules);
    const EagerJokerPolicy eager(10);
    const std::vector<std::vector<Joker>> loadouts = {
        {HIRTENSCHUTZ, RATTENLORD, SPELUNKENBOLD}, {FROSTSCHUTZ, VENTIL, JULE}, {FUMO, PONY, MONOKEL},
        {ANACONDA, SENIGMA, ALL_IN}, {CHERRY, TENTAKEL, RUNKELRUEB}};
    for (const auto& list : loadouts) {
      JokerSet set;
      for (Joker j : list)
        if (rules.jokers.has(j)) set = set.with(j);
      expect_kernel_matches_engine(rules, set, *heuristic, ++seed);
      expect_kernel_matches_engine(rules, set, eager, ++seed);
    }
  }
}

}  // namespace
}  // namespace verflixt::verflixte6
