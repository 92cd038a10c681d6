#pragma once
// The last seat exactly (issue 5): when every other result of the pass is known — the player
// on turn is the last Jungfrau — the rest of his turn is a finite game against the dice
// alone. LastSeatSolver computes by dynamic programming the stop/roll decision and the
// victim of every robbing 1 that maximize P(win) or P(not a loser) of the standings the pass
// leaves (evening total + pass result after T7), for the turn without announced jokers.
//
// State: own eyes e, robbing 1s so far j (capped at rules.rob_cap: only min(j+1, cap)
// matters for the next steal), Runkelrüb held, and every other player's eyes and Keuler
// flag (totals and statuses do not change). Players equal in total, eyes, status and flag
// are one victim. For P(win), a player below me who can no longer pay a Keuler bonus is
// only worth his steal and his eyes are dropped from the key (win_canonical explains why
// that is exact).
// Transitions: RULES.md T3 (faces), T4 (a robbing 1 steals min(j+1, cap) from the chosen
// candidate: any non-Zombie in the tournament, anyone in classic; none → the steal lapses),
// T5 (the bust face: eyes 0, a Zombie), T6 (taking a Prinzessin from above 0 to 0 or below
// pays rules.keuler_bonus once per victim), T7 at the end.
// Termination and bound: every throw that does not eliminate raises e by at least 1, and
// once the own standing exceeds every other standing stopping is optimal (no throw can
// improve a sole lead, steals only lower the others), so e ranges over at most
// E = max other standing − own total − e0 + 2 values. A steal raises e by at least 2, so at
// most E/2 steals happen and the others' eyes change by at most E in total; the number of
// states is at most E · (cap + 1) · 2 · C where C counts the ways at most E/2 steals of
// 1..cap eyes can fall on the m robbable players (ordered by player, equal players merged as
// victims only), i.e. C <= (m + 1)^(E/2). Measured: a 7-player table with a 48-eye deficit
// for the win takes 1.8·10^5 states (0.4 s); not-loser questions mostly 10^2–10^4. The
// solver refuses more than `max_states` (InputError); advise caps it at kAdviceMaxStates
// and then falls back to Monte Carlo.
// Jokers: the ones that are never announced are modelled — Jule (J7: +jule_bonus after every
// throw that does not eliminate or was not cancelled), Tentakel (J12: a low face adds face +
// bonus and does not rob), Runkelrüb (J15: after the bust face, saved with probability
// 1 − ((face−1)/6)^throws, then exactly as before that throw; always spent, as not spending it
// ends the turn) — and a Ventil floor set earlier (J11: elimination drops to the floor; without
// announced jokers the floor never moves, E5). Announced jokers and an active Fumo are not:
// the constructor refuses them (InputError), and advise uses Monte Carlo for them.
#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "verflixt/policy.h"
#include "verflixt/rules.h"
#include "verflixt/turn.h"

namespace verflixt {

// What the last seat plays for.
enum class Goal : u8 { Win, NotLoser };

class LastSeatSolver {
 public:
  // `table` holds every player (the own entry's eyes and status are ignored; its total
  // counts); `self` is the player on turn. Throws InputError when a player other than self
  // is still a Jungfrau.
  // `turn` gives the jokers held (only Jule, Tentakel, Runkelrüb) and a Ventil floor; its
  // eyes and robbing 1s are ignored (value() takes them).
  LastSeatSolver(const Rules& rules, std::vector<SeatView> table, int self, Goal goal,
                 const TurnState& turn = {}, std::size_t max_states = 4'000'000);

  // Whether the solver can play a turn holding `turn`'s jokers and floor.
  static bool supports(const Rules& rules, const TurnState& turn);

  // The optimal value with own eyes `eyes` and `robbing_ones` robbing 1s so far, others as
  // in `table` (by player index, self's entry ignored).
  // `runkel`: Runkelrüb still held (only if the turn started with it).
  double value(int eyes, int robbing_ones, std::span<const SeatView> table, bool runkel) const;
  double value(int eyes, int robbing_ones, std::span<const SeatView> table) const {
    return value(eyes, robbing_ones, table, runkel_);
  }
  double stop_value(int eyes, std::span<const SeatView> table) const;
  double roll_value(int eyes, int robbing_ones, std::span<const SeatView> table, bool runkel) const;
  double roll_value(int eyes, int robbing_ones, std::span<const SeatView> table) const {
    return roll_value(eyes, robbing_ones, table, runkel_);
  }
  // The candidate to rob with a robbing 1 that brought the eyes to `eyes_after_one` (the 1
  // included) and the count to `robbing_ones` (this one included): the one whose steal leaves
  // the best value.
  int best_victim(int eyes_after_one, int robbing_ones, std::span<const SeatView> table,
                  std::span<const int> candidates, bool runkel) const;

  // The objective of the standings if the pass ended now with own eyes `eyes` (alive or
  // eliminated): the win share (1/k on a k-way tie for first) or 1 - loser.
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
  // The memo key: own eyes, robbing count, Runkelrüb, and Others packed into 256 bits.
  struct Key {
    std::array<u64, 4> w{};
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const;
  };
  Others others_of(std::span<const SeatView> table) const;
  int at_of(int player) const { return player < self_ ? player : player - 1; }
  double solve(int e, int j, bool runkel, const Others& o) const;
  double stop_of(int e, bool eliminated, const Others& o) const;
  double roll_of(int e, int j, bool runkel, const Others& o) const;
  double after_steal(int e, int j, bool runkel, const Others& o, int victim, int amount) const;
  Key key(int e, int j, bool runkel, const Others& o) const;
  Others win_canonical(int e, const Others& o) const;

  Rules rules_;
  std::vector<SeatView> table_;
  int self_;
  Goal goal_;
  int m_ = 0;                             // number of others
  int own_total_ = 0;
  std::array<int, kMaxOthers> total_{};   // the others' evening totals
  std::array<bool, kMaxOthers> robbable_{};  // T4
  std::array<bool, kMaxOthers> prinzessin_{};  // T6
  bool jule_ = false, tentakel_ = false, runkel_ = false;
  bool has_floor_ = false;
  int floor_ = 0;
  double save_ = 0;  // J15: probability that Runkelrüb cancels the bust face
  std::size_t max_states_;
  mutable std::unordered_map<Key, double, KeyHash> memo_;  // not thread-safe
};

// Plays the solver's decisions: stop or roll, and its victims. For the last seat only (it
// throws std::logic_error elsewhere); single-threaded, as the solver's memo grows lazily.
class LastSeatPolicy final : public Policy {
 public:
  explicit LastSeatPolicy(const LastSeatSolver& solver) : s_(solver) {}
  std::string name() const override {
    return s_.goal() == Goal::Win ? "last-seat:win" : "last-seat:not-loser";
  }
  Action decide(const TurnView& view) const override;
  int choose_victim(const TurnView& view, int amount, std::span<const int> candidates) const override;

 private:
  const LastSeatSolver& s_;
};

}  // namespace verflixt
