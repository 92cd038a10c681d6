#pragma once
// Kniffel's strategies and its Monte Carlo. A strategy plans one turn at a time from the sheet
// (core::Policy<Sheet, TurnPlan>): `optimal` plays the exact solution; `greedy` maximizes the
// points of the turn at hand (the same turn optimization with every later turn worth
// nothing); `chase` is optimal but plays its last turn at a table for the win. Games are played with real dice through the plan, on the core's sampling driver.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "verflixt/core/policy.h"
#include "verflixt/core/rng.h"
#include "verflixt/core/run_control.h"
#include "verflixt/core/sampling.h"
#include "verflixt/core/stats.h"
#include "verflixt/games/kniffel/solver.h"

namespace verflixt::kniffel {

using KniffelPolicy = core::Policy<Sheet, TurnPlan>;

// The turn that maximizes this turn's points (K4's and K5's bonuses included), ignoring later
// turns.
TurnPlan greedy_plan(const Sheet& sheet, const KniffelRules& rules);

// "optimal" (needs `solution`), "greedy", or "chase" (optimal, and at a table its last turn
// played for the win: play_games' `chase`); anything else throws InputError naming the choices.
std::unique_ptr<KniffelPolicy> make_policy(const std::string& spec, const KniffelRules& rules,
                                           std::shared_ptr<const KniffelSolution> solution);
const std::vector<std::string>& policy_names();

// One game from the empty sheet: the final score. `rng` throws the dice. With `beat`, the last
// turn is played for the win instead of the points: to end above `beat` (a tie counts half),
// by the same turn optimization with that as the turn's worth. `bonus`, when given, is set to
// whether the upper section reached the bonus threshold.
int play_game(const KniffelPolicy& policy, const KniffelRules& rules, core::Rng& rng, std::optional<int> beat = {},
              bool* bonus = nullptr);

inline constexpr int kScoreBins = 2048;  // final scores above are counted in the last bin
// The final scores of games at each seat: sums for the mean, a histogram for the distribution,
// the wins (the highest score at the table; a tie shares the win) and the games whose upper
// section reached the bonus threshold.
struct ScoreTally {
  std::uint64_t games = 0;
  std::vector<double> sum, sum_sq, wins, bonus;
  std::vector<std::vector<std::uint64_t>> histogram;  // [seat][score]

  void merge(const ScoreTally& o);
  core::Estimate mean(std::size_t seat) const;
  core::Estimate p_win(std::size_t seat) const;
  core::Estimate p_bonus(std::size_t seat) const;
};
using ScoreRun = core::SampledRun<ScoreTally>;

// `games` games of one table: every seat plays its own sheet with its own dice (Kniffel is
// solitaire but for who scores most), seat 1 first. A seat with `chase` set plays its last
// turn for the win against the best final score of the seats before it (play_game's `beat`):
// what a player who maximizes P(win) rather than points does where it matters most. Chunks on
// their own streams of `seed`: the same numbers on any thread count.
ScoreRun play_games(const std::vector<const KniffelPolicy*>& seats, const KniffelRules& rules, std::uint64_t games,
                    std::uint64_t seed, int threads, const core::RunControl& control = {},
                    const std::vector<bool>& chase = {});

}  // namespace verflixt::kniffel
