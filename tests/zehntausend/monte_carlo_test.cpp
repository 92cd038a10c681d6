// Sampling against exact values: the solver's policy played die by die by the reference
// engine agrees with the exact turn value within 4 SE; the game kernel (turns drawn from
// their exact distribution) agrees with the reference engine's games; a seed fixes every
// count whatever the thread count.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "verflixt/games/zehntausend/monte_carlo.h"
#include "verflixt/core/rng.h"

namespace verflixt::zehntausend {
namespace {

const TurnLibrary& library() {
  static const TurnLibrary lib{ZehntausendRules{}};
  return lib;
}

TEST(ZehntausendMonteCarlo, SolverPolicyDieByDieMatchesTheExactTurnValue) {
  const TurnLibrary& lib = library();
  const TurnRun run = sample_turns(lib.model(), lib.solution().policy, 200000, 11, 2);
  ASSERT_EQ(run.tally.turns, 200000u);
  EXPECT_LT(std::abs(run.tally.points().mean - lib.solution().value), 4 * run.tally.points().se)
      << run.tally.points().mean << " ± " << run.tally.points().se << " vs exact " << lib.solution().value;
  EXPECT_LT(std::abs(run.tally.niete().mean - lib.solution().p_niete), 4 * run.tally.niete().se);
}

TEST(ZehntausendMonteCarlo, BankAtPolicyDieByDieMatchesItsExactValue) {
  const TurnLibrary& lib = library();
  const TurnPolicy p = bank_at_policy(lib.model(), 1000);
  const TurnRun run = sample_turns(lib.model(), p, 100000, 12, 2);
  const TurnEvaluation e = evaluate_turn(lib.model(), p);
  EXPECT_LT(std::abs(run.tally.points().mean - e.value), 4 * run.tally.points().se);
}

TEST(ZehntausendMonteCarlo, KernelGamesAgreeWithTheReferenceEngine) {
  const TurnLibrary& lib = library();
  const FixedPolicy optimal(lib.optimal(), "optimal");
  const FixedPolicy bank(lib.bank_at(1500), "bank:1500");
  const SeatPolicy* seats[] = {&bank, &optimal};
  const MatchRun kernel = play_games(lib, seats, 400000, 5, 2);
  const MatchRun engine = play_games_engine(lib, seats, 6000, 6, 2);
  for (int s = 0; s < 2; ++s) {
    const core::Estimate k = kernel.tally.p_win(s), e = engine.tally.p_win(s);
    EXPECT_LT(std::abs(k.mean - e.mean), 4 * std::hypot(k.se, e.se)) << "seat " << s;
  }
  // Every game has a winner's share: P(win) over the seats sums to 1.
  EXPECT_NEAR(kernel.tally.p_win(0).mean + kernel.tally.p_win(1).mean, 1.0, 1e-12);
  const double turns_k = static_cast<double>(kernel.tally.turns) / static_cast<double>(kernel.tally.games);
  const double turns_e = static_cast<double>(engine.tally.turns) / static_cast<double>(engine.tally.games);
  EXPECT_NEAR(turns_k, turns_e, 0.05 * turns_e);
}

TEST(ZehntausendMonteCarlo, ASeedFixesTheCountsOnAnyNumberOfThreads) {
  const TurnLibrary& lib = library();
  const auto race = make_seat_policy("race", lib);
  const FixedPolicy optimal(lib.optimal(), "optimal");
  const SeatPolicy* seats[] = {race.get(), &optimal};
  const MatchRun one = play_games(lib, seats, 50000, 9, 1);
  const MatchRun two = play_games(lib, seats, 50000, 9, 2);
  EXPECT_EQ(one.tally, two.tally);
  const TurnRun t1 = sample_turns(lib.model(), lib.solution().policy, 20000, 4, 1);
  const TurnRun t2 = sample_turns(lib.model(), lib.solution().policy, 20000, 4, 2);
  EXPECT_EQ(t1.tally.points().mean, t2.tally.points().mean);
}

TEST(ZehntausendMonteCarlo, TheFinalRoundRuleBeatsTheTurnScoreMaximizer) {
  // The maximizer banks in the final round below the leader's total and so loses games it
  // could still win; race with only the final-round rule throws on (reach:N, Z5).
  const TurnLibrary& lib = library();
  const auto race = make_seat_policy("race:0,0,off,0,off,0", lib);
  std::vector<int> totals = {9000, 10200};
  EXPECT_EQ(race->decide(GameView{totals, 0, true}).policy.name, "reach:1250");
  EXPECT_EQ(race->decide(GameView{totals, 0, false}).policy.name, "optimal");
  const FixedPolicy optimal(lib.optimal(), "optimal");
  double share = 0, var = 0;
  for (int first = 0; first < 2; ++first) {
    const SeatPolicy* seats[] = {first == 0 ? race.get() : &optimal, first == 0 ? &optimal : race.get()};
    const MatchRun run = play_games(lib, seats, 200000, 21 + static_cast<std::uint64_t>(first), 2);
    const core::Estimate e = run.tally.p_win(first);
    share += e.mean / 2, var += e.se * e.se / 4;
  }
  EXPECT_GT(share - 0.5, 4 * std::sqrt(var)) << share;
}

TEST(ZehntausendMonteCarlo, AOneTurnRaceMatchesItsClosedForm) {
  // limit = bank_min = 400: the first bank ends the race (Z5). Seat 1 (index 0) banking x
  // leaves seat 2 one turn to beat it (a tie shares); a Niete passes the dice on. With the
  // turn distribution D of a fixed policy and b = P(bank):
  //   P(seat 1 wins) = sum_x D(x) (P(T < x) + P(T = x) / 2) / (1 - (1 - b)^2),  T = 0 on a Niete.
  ZehntausendRules r;
  r.limit = 400;
  const TurnLibrary lib(r);
  const TurnEvaluation& e = lib.optimal().eval;
  const double b = 1 - e.p_niete;
  double below = e.p_niete, win = 0;  // P(T < x) as x runs up
  for (size_t x = 1; x < e.banked.size(); ++x) {
    win += e.banked[x] * (below + e.banked[x] / 2);
    below += e.banked[x];
  }
  const double exact = win / (1 - (1 - b) * (1 - b));
  const FixedPolicy optimal(lib.optimal(), "optimal");
  const SeatPolicy* seats[] = {&optimal, &optimal};
  const core::Estimate k = play_games(lib, seats, 400000, 31, 2).tally.p_win(0);
  EXPECT_LT(std::abs(k.mean - exact), 4 * k.se) << k.mean << " vs " << exact;
  const core::Estimate g = play_games_engine(lib, seats, 20000, 32, 2).tally.p_win(0);
  EXPECT_LT(std::abs(g.mean - exact), 4 * g.se) << g.mean << " vs " << exact;
}

TEST(ZehntausendMonteCarlo, TiesShareTheWinAndSeatsMatch) {
  ZehntausendRules r;
  r.players = 3;
  const TurnLibrary lib(r);
  const FixedPolicy optimal(lib.optimal(), "optimal");
  const SeatPolicy* seats[] = {&optimal, &optimal, &optimal};
  const MatchRun run = play_games(lib, seats, 30000, 3, 2);
  double sum = 0;
  for (int s = 0; s < 3; ++s) sum += run.tally.p_win(s).mean;
  EXPECT_NEAR(sum, 1.0, 1e-12);
  EXPECT_THROW(play_games(lib, std::span<const SeatPolicy* const>(seats, 2), 10, 1, 1), std::exception);
}

TEST(ZehntausendMonteCarlo, TheSamplerDrawsTheExactDistribution) {
  const TurnLibrary& lib = library();
  const CompiledTurn& c = lib.optimal();
  core::Rng rng(17);
  const int n = 400000;
  int niete = 0;
  double sum = 0;
  for (int k = 0; k < n; ++k) {
    const int x = c.sampler.draw(rng());
    niete += x < 2;
    if (x >= 2) sum += (x - 2) * kPointStep;
  }
  const double p = c.eval.p_niete;
  EXPECT_LT(std::abs(niete / static_cast<double>(n) - p), 4 * std::sqrt(p * (1 - p) / n));
  double second = 0;
  for (size_t t = 0; t < c.eval.banked.size(); ++t) second += c.eval.banked[t] * std::pow(static_cast<double>(t) * kPointStep, 2);
  const double sd = std::sqrt(second - c.eval.value * c.eval.value);
  EXPECT_NEAR(sum / n, c.eval.value, 4 * sd / std::sqrt(static_cast<double>(n)));
}

}  // namespace
}  // namespace verflixt::zehntausend
