#pragma once
// Two-player Zehntausend as a race of the core (core/race_solver.h): the exact P(the first
// player wins) under optimal play by both, with Bankrott (Z4, a reset) and the final round
// (Z5: the second player answers a first player who reached the limit with one more turn;
// the higher total wins, equal totals share).
//
// The turn handed to the core: one state per (turn total t, dice d to throw), t in steps of
// 50; after each throw (turn.h's outcomes) the player chooses a set-aside (the best per
// number of dice, turn.h), then, once his turn total may be banked, whether to bank or throw
// the dice left (one state per turn total and dice left; banking listed first so that a tie
// banks). A Niete busts; a Niete on the first throw resets the game total (Z4).
//
// The cap (core/race_solver.h): a first player past the limit banks once his total reaches
// limit + overshoot; the tests show that widening it changes nothing to 1e-9.
#include <cstdint>
#include <map>
#include <optional>
#include <tuple>
#include <vector>

#include "verflixt/core/race_solver.h"
#include "verflixt/games/zehntausend/engine.h"
#include "verflixt/games/zehntausend/turn.h"

namespace verflixt::zehntausend {

inline constexpr int kDefaultOvershoot = 3000;  // points past the limit (a multiple of 50)
// The largest race solved exactly. Its work grows about as the limit's fourth power (pairs
// of game totals, times the turn totals each, times sweeps that lengthen with them): the
// preset's 10000 solves in seconds, 20000 in minutes on two cores, and ten times the preset
// would take weeks. A cap past 20000 points only widens every turn (3000 already changes
// nothing to 1e-16).
inline constexpr int kMaxRaceLimit = 20000;
inline constexpr int kMaxOvershoot = 20000;

class Race {
 public:
  // Solves the race (rules.players must be 2, rules.limit at most kMaxRaceLimit, the
  // overshoot a multiple of 50 up to kMaxOvershoot; InputError else).
  explicit Race(const ZehntausendRules& rules, int overshoot = kDefaultOvershoot, const core::RaceOptions& options = {});
  // A race solved before (its solution saved and read back): InputError when it is not this
  // race's (other limit, cap or size).
  Race(const ZehntausendRules& rules, int overshoot, core::RaceSolution solved);
  // The race's turn alone, unsolved (race_policies.h solves it with fixed seats): its solution
  // is empty, so nothing that reads it (decide, bank_at, bank_win, throw_win, ends_played) may
  // be asked.
  struct TurnOnly {};
  Race(const ZehntausendRules& rules, int overshoot, TurnOnly);

  // Solves this race's turn under `options` (the constructor's solve; fixed seats for
  // race_policies.h).
  core::RaceSolution solve(const core::RaceOptions& options) const;

  const ZehntausendRules& rules() const { return model_.rules(); }
  const core::RaceTurn& turn() const { return turn_; }
  const TurnModel& model() const { return model_; }
  const core::RaceSolution& solution() const { return solution_; }
  double first_wins() const { return solution_.first_wins(); }
  int overshoot() const { return overshoot_; }

  // The optimal decision after a scoring throw, for the engine's play_game (seat 0 or 1).
  // Remembers the turns it has solved: not for several threads at once.
  Decision decide(const TurnView& v) const;

  // The smallest turn total (points, at least bank_min) from which the mover at totals
  // a : b (points) banks after every set-aside that leaves d dice to throw; the cap when he
  // never does below it.
  int bank_at(int seat, int a, int b, int d) const;

  // P(the mover wins), at totals a : b (points; seat 0 or 1, before the final round), by
  // banking turn total t, or by throwing d dice at it — none past the cap, where the solved
  // race banks. Remembers the turns it has solved, as decide() does.
  double bank_win(int seat, int a, int b, int t) const;
  std::optional<double> throw_win(int seat, int a, int b, int t, int d) const;

  // The exact distribution of the turn the optimal player takes at totals a : b (points,
  // seat 0 or 1), or, with seat 2, of the second seat's last turn needing a points to tie.
  // Thread-safe (nothing remembered).
  core::TurnEnds ends_played(int seat, int a, int b) const;

  // The turn's layout, for action tables over it (race_policies.h). Turn totals t (steps of
  // 50) run 0..top()-1. The state that throws d dice at t, -1 where none; its outcomes are
  // the groups of throws that score alike (group(), turn.h's throw ids), an outcome's action
  // k the set-aside option(throw, k).
  int top() const { return top_; }
  int state(int t, int d) const { return state_[static_cast<std::size_t>(t) * (kMaxDice + 1) + static_cast<std::size_t>(d)]; }
  int group(int throw_id) const { return group_[static_cast<std::size_t>(throw_id)]; }
  // The most-points option first (a tie keeps it, as the turn solver does), then the others:
  // action k's index among o.options, and back.
  static int option(const ThrowOutcome& o, int k) { return k == 0 ? o.most_points : k - 1 < o.most_points ? k - 1 : k; }
  static int action(const ThrowOutcome& o, int option) { return option == o.most_points ? 0 : option < o.most_points ? option + 1 : option; }
  // The moment after a set-aside that leaves d dice at turn total t (from bank_min on):
  // action 0 banks, 1 throws. -1 where none.
  int after(int t, int d) const { return after_[static_cast<std::size_t>(t) * (kMaxDice + 1) + static_cast<std::size_t>(d)]; }

 private:
  const core::TurnPlay& play(int seat, int a, int b) const;  // a, b in steps of 50; seat 2: the last turn, a = need
  void build_turn();

  TurnModel model_;
  int overshoot_ = 0;
  core::RaceRules race_;        // the race in the core's units
  int top_ = 0;                 // turn totals 0..top_-1 have states (steps of 50)
  core::RaceTurn turn_;
  std::vector<int> state_;      // [t * (kMaxDice + 1) + d], -1 where none
  std::vector<int> group_;      // per throw (turn.h id): its outcome among its state's
  std::vector<int> after_;      // [t * (kMaxDice + 1) + d], -1 where none
  core::RaceSolution solution_;
  mutable std::map<std::tuple<int, int, int>, core::TurnPlay> plays_;
};

}  // namespace verflixt::zehntausend
