#pragma once
// The last seat exactly: when every other result of the pass is known — the player
// on turn is the last Jungfrau — the rest of his turn is a finite game against the dice
// alone. LastSeatSolver computes by dynamic programming every decision of that turn that
// maximizes P(win) or P(not a loser) of the standings the pass leaves (evening total + pass
// result after T7): stop, roll or which joker (T2), whom to rob (T4, classic Senigma E9),
// whom to duel (J10), and the choices inside jokers and the reactions.
//
// State: the own turn as a canonical TurnState (solo_model.h: eyes, robbing 1s capped at
// rob_cap, jokers held, Frostschutz uses, Fumo and its gain, Ventil floor, phase), and every
// other player's eyes and Keuler flag (totals, statuses and Senigma flags do not change: the
// own Senigma is single-use, so it attacks once, and the classic "already taken from" set of
// E9 is empty whenever it is asked). Exact reductions of the memo key: players equal in
// total, eyes, status and flag are one victim; a Ventil floor at or below 0 is a floor at 0
// (floor_settled); another player at 0 eyes or below counts as 0 and unpaid unless a duel
// can still raise him (settled); for P(win), in a state holding no announced joker, a player
// below me who can no longer pay a Keuler bonus is only worth his steal and his eyes are
// dropped from the key (win_canonical explains why that is exact).
// Transitions: the solo model's (docs/rules/verflixte6.md T3, J1–J15, engine.h E1–E10; the rules exist
// once): table_transition for a plain throw and for Frostschutz, All In, Ventil and Fumo;
// for the delta jokers the code table_transition runs for them (DeltaStep, apply_delta),
// summed over DP values instead of listed as outcomes. An outcome
// that takes eyes (its `transfer`) takes them at the table: a robbing 1 or a classic Senigma
// repeat from the best T4 candidate (any non-Zombie in the tournament, anyone in classic),
// or it lapses if there is none; a Senigma duel (tournament) from the target chosen before
// the duel among the non-Zombies not yet attacked this pass (the action is legal only if
// one exists), negative when the target won. T6: taking a Prinzessin from above 0 to 0 or
// below pays rules.keuler_bonus once per victim. T7 and P3 at the end.
// Inner choices (Anaconda fight, Rattenlord retreat, Monokel re-throws, Senigma counters,
// Runkelrüb, classic fumo re-entry) are answered exactly: the delta jokers run through
// delta_joker.h's DeltaStep with an algebra of DP values (as the solo solver does), which
// answers later choices first, and each choice — like each reaction inside a plain throw —
// goes to the larger expected DP value of the states its two answers lead to, given the
// others as they stand; inside a duel the target is known, so each delta is valued as the
// transfer it is (Keuler included). Ties go to `false` (detail::strictly_better).
// Termination: count the joker uses left U (single-use jokers held, Frostschutz uses left,
// Runkelrüb, classic fumo). Every step either lowers U (a joker, a Runkelrüb save, a fumo
// re-entry) or is a plain throw that raises the eyes by at least 1 (a lapsed steal keeps its
// +1; under Fumo by at least 2), so no state repeats and the recursion is a DAG. Bounds:
// once the own standing exceeds every other standing, stopping is optimal (a sole lead
// cannot be improved); so while rolling, own standing <= M, the best other standing, which
// only falls, except once by at most senigma_rounds · senigma_per_round when the defender
// wins the own duel. Eyes fall only through the at most U joker steps (each by a bounded penalty, All In
// doubles) — so the eyes stay within E = M + duel − own total − e0 + 2 above and a bounded
// penalty D below (the sum of the penalties the jokers held can still cost). A steal raises
// e by at least 2, so at most (E + D)/2 steals change the others' eyes, and without jokers
// the states number at most E · (cap + 1) · 2 · C with C <= (m + 1)^(E/2) (m robbable
// players); each announced joker multiplies that by at most the number of its outcomes
// (and Ventil by the floors, Frostschutz by its uses). Measured (Release, one core, about
// 3 µs a state with jokers): a 7-player table with a 48-eye deficit for the win, no jokers:
// 1.8·10^5 states; 6 players with three announced jokers and a deficit of up to ~15 eyes:
// 10^3–10^5 states, 0.01–0.4 s; deficits of ~40 eyes with Frostschutz or Senigma need
// 10^6 states and more. The solver refuses more than `max_states` (InputError); advise caps
// it at kAdviceMaxStates and then falls back to Monte Carlo.
#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"
#include "verflixt/games/verflixte6/rules/turn.h"

namespace verflixt::verflixte6 {

// What the last seat plays for.
enum class Goal : u8 { Win, NotLoser };

class LastSeatSolver {
 public:
  // `table` holds every player (the own entry's eyes and status are ignored; its total
  // counts); `self` is the player on turn. Throws InputError when a player other than self
  // is still a Jungfrau. `turn` is the turn the convenience overloads below start from (its
  // jokers, Frostschutz uses, Fumo, floor; their eyes and robbing 1s replace its own).
  LastSeatSolver(const Rules& rules, std::vector<SeatView> table, int self, Goal goal,
                 const TurnState& turn = {}, std::size_t max_states = 4'000'000);

  // The optimal value at a decision point: the own turn `turn` (not over), the others as in
  // `table` (by player index, self's entry ignored).
  double value(const TurnState& turn, std::span<const SeatView> table) const;
  // The value of taking the legal action `a` there and playing optimally afterwards.
  double action_value(const TurnState& turn, std::span<const SeatView> table, Action a) const;
  // Whether `a` is legal there (is_legal at this table).
  bool legal(const TurnState& turn, Action a) const;
  // An action of the largest value (stop, roll, jokers in rule order: the first one wins).
  Action best_action(const TurnState& turn, std::span<const SeatView> table) const;

  // The constructor's turn with own eyes `eyes` and `robbing_ones` robbing 1s so far.
  double value(int eyes, int robbing_ones, std::span<const SeatView> table) const;
  double stop_value(int eyes, std::span<const SeatView> table) const { return score(eyes, table); }

  // The choices a Policy is asked, answered as the DP answers them. `turn` is the turn as
  // the engine shows it at that moment (engine.cpp): a robbing 1 or Senigma repeat already
  // thrown but not yet paid (`amount` eyes); a joker announced and spent.
  int best_victim(const TurnState& turn, std::span<const SeatView> table, int amount,
                  std::span<const int> candidates) const;
  int best_senigma_target(const TurnState& turn, std::span<const SeatView> table,
                          std::span<const int> candidates) const;
  // A choice inside `joker`'s step (Anaconda, Rattenlord, Monokel, Senigma). For a duel, the
  // target is the player `table` marks as attacked whom the solver's table does not.
  bool inner_choice(const TurnState& turn, std::span<const SeatView> table, Joker joker,
                    const InnerChoice& choice) const;
  // J15: `turn` is the state the 6 was thrown from. J13 classic: `turn` the eliminated turn.
  bool use_runkelrueb(const TurnState& turn, std::span<const SeatView> table) const;
  bool use_fumo_reentry(const TurnState& turn, std::span<const SeatView> table) const;

  // The objective of the standings if the pass ended now with own pass eyes `eyes` (T7
  // applied): the win share (1/k on a k-way tie for first) or 1 - loser.
  double score(int eyes, std::span<const SeatView> table) const;

  std::size_t states() const { return memo_.size(); }
  const std::vector<SeatView>& table() const { return table_; }
  int self() const { return self_; }
  Goal goal() const { return goal_; }

 private:
  // What changes during the turn about the others (by index among the others, self left
  // out): their eyes and whether their Keuler bonus was paid. Totals and statuses do not
  // change, so they live in the solver.
  static constexpr int kMaxOthers = 11;
  struct Others {
    std::array<i16, kMaxOthers> eyes{};
    u16 paid = 0;
  };
  // The memo key: the SoloKey, Others, and (for cached inner choices) an action and target.
  struct Key {
    std::array<u64, 6> w{};
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const;
  };
  struct Entry {
    double value = 0;
    Action best;
  };
  // The answers the DP gave inside one step (in the order asked), for the policy.
  struct Choices {
    std::vector<std::pair<InnerChoice, bool>> answers;
    int target = -1;  // the best duel target (index among the others)
  };
  class Chooser;  // answers the reactions by DP values (last_seat.cpp)
  struct Values;  // DeltaStep's algebra of DP values (last_seat.cpp)

  Others others_of(std::span<const SeatView> table) const;
  TurnState state_of(const TurnState& turn) const;
  int at_of(int player) const { return player < self_ ? player : player - 1; }
  int player_of(int at) const { return at < self_ ? at : at + 1; }
  Entry solve_entry(const TurnState& s, const Others& o) const;
  // Runs `f` (a question to the DP) until it needs no state left for later: the recursion
  // stops at a fixed depth and records the states below it as missing (last_seat.cpp,
  // kMaxDepth); these are solved from an explicit stack, and `f` is asked again.
  template <class F>
  auto settle(F&& f) const {
    for (;;) {
      begin_round();
      auto r = f();
      if (unresolved_ == 0) return r;
      solve_missing();
    }
  }
  void solve_missing() const;
  void begin_round() const {
    missing_.clear();
    open_.clear();
    unresolved_ = 0;
  }
  // Refuses rules under which a plain throw of a turn holding `held` adds no eyes (the DP
  // would meet a state again: it needs every throw to move the turn on).
  void check_gains(JokerSet held) const;
  double solve(const TurnState& s, const Others& o) const { return solve_entry(s, o).value; }
  double score_of(int eyes, const Others& o) const;
  bool legal_at(const TurnState& s, Action a) const;
  double q(const TurnState& s, Action a, const Others& o) const;
  // The value of a delta joker's step (delta_joker.h), its choices answered by the DP
  // (recorded in `record` if given); `target`: the duel's (index among the others), or -1.
  double delta_step(const TurnState& s, Joker joker, const Others& o, int target, Choices* record) const;
  int best_duel_target(const TurnState& s, const Others& o) const;
  // `next` counts `transfer` as solo mode does; at the table it comes from `victim` (an
  // index among the others, -1: it lapses), with T6.
  double transferred(const TurnState& next, int transfer, const Others& o, int victim) const;
  double best_transfer(const TurnState& next, int transfer, const Others& o) const;
  bool same_victim(int q, int i, const Others& o) const;
  // The choices inside one step (`joker`, JOKER_NB for a plain roll; a duel against `target`).
  const Choices& choices(const TurnState& s, Joker joker, const Others& o, int target) const;
  Key key(const TurnState& s, const Others& o, u64 extra = 0) const;
  TurnState floor_settled(const TurnState& s) const;
  Others settled(const TurnState& s, const Others& o) const;
  Others win_canonical(const TurnState& s, const Others& o) const;

  Rules rules_;
  std::vector<SeatView> table_;
  int self_;
  Goal goal_;
  TurnState turn_;
  int m_ = 0;                             // number of others
  int own_total_ = 0;
  std::array<int, kMaxOthers> total_{};   // the others' evening totals
  std::array<bool, kMaxOthers> robbable_{};  // T4 (and E9: classic Senigma's victims)
  std::array<bool, kMaxOthers> duelable_{};  // J10: not a Zombie, not yet attacked
  std::array<bool, kMaxOthers> prinzessin_{};  // T6
  std::size_t max_states_;
  mutable std::unordered_map<Key, Entry, KeyHash> memo_;  // not thread-safe
  mutable std::unordered_map<Key, Choices, KeyHash> choices_;
  // The recursion's bound (last_seat.cpp, kMaxDepth) and one round of it: the states met
  // past the depth, the states left unresolved (those or states needing them; each is
  // explored once a round), and how many values stood in for unresolved states.
  mutable int depth_ = 0;
  mutable std::vector<std::pair<TurnState, Others>> missing_;
  mutable std::unordered_set<Key, KeyHash> open_;
  mutable std::size_t unresolved_ = 0;
  mutable std::vector<u16> gains_checked_;                 // held sets check_gains passed
};

// Plays the solver's decisions: stop, roll or joker, victims, duel targets, the choices
// inside jokers and the reactions. For the last seat only (it throws std::logic_error
// elsewhere); single-threaded, as the solver's memo grows lazily.
class LastSeatPolicy final : public Policy {
 public:
  explicit LastSeatPolicy(const LastSeatSolver& solver) : s_(solver) {}
  std::string name() const override {
    return s_.goal() == Goal::Win ? "last-seat:win" : "last-seat:not-loser";
  }
  Action decide(const TurnView& view) const override;
  bool anaconda_fight(const TurnView& view, int attack) const override;
  bool rattenlord_retreat(const TurnView& view, int throws_left) const override;
  bool monokel_rethrow(const TurnView& view, int index, int face, int kept) const override;
  bool senigma_counter(const TurnView& view, int round, int attack, int won, int lost) const override;
  bool use_runkelrueb(const TurnView& view) const override;
  bool use_fumo_reentry(const TurnView& view) const override;
  int choose_victim(const TurnView& view, int amount, std::span<const int> candidates) const override;
  int senigma_target(const TurnView& view, std::span<const int> candidates) const override;

 private:
  void check(const TurnView& view) const;
  const LastSeatSolver& s_;
};

}  // namespace verflixt::verflixte6
