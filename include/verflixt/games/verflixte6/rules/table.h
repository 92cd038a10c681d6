#pragma once
// The table of a pass (docs/rules/verflixte6.md T4, T6, T7, J10): who a steal or a duel may hit, what a steal
// does to its victim, and how a pass ends. Written once here so that the reference engine
// (engine.h), the pass kernel (pass_kernel.h) and is_legal cannot drift apart.
#include <array>
#include <cstddef>
#include <span>

#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/turn.h"

namespace verflixt::verflixte6 {

// docs/rules/verflixte6.md §3: a pass has 2..12 players.
inline constexpr int kMaxPlayers = 12;

// Throws std::invalid_argument unless a pass of `players` players can be played (1..12).
void check_pass_size(std::size_t players);

// A short list of player indices, without allocating (it is built on every steal).
struct Candidates {
  std::array<int, kMaxPlayers> at{};
  int size = 0;
  bool empty() const { return size == 0; }
  std::span<const int> span() const { return {at.data(), static_cast<size_t>(size)}; }
};

// E11, the tie rule: candidates come in seat order after the thief — self + 1, self + 2, ...
// (wrapping) — that is the Jungfrauen still to play in the order they will play, then those
// who have played in the order they played. Among equally good victims or duel targets a
// policy takes the first in this order (best_candidate below; every policy of this project,
// the last-seat DP included): the next player after him, as a player at the table would go
// round it. A seat's number never breaks a tie, so turning the table turns every result and
// identical players do equally well in every seat (tests/verflixte6/rules/seat_symmetry_test.cpp).

// T4: whom `self` may take a steal from — every other player, except Zombies when
// rules.rob_targets says so. Classic Senigma (E9) also skips the players in `taken`
// (bit k = player k): those it already took from this pass. In E11 order.
Candidates rob_candidates(const Rules& rules, std::span<const SeatView> table, int self, unsigned taken = 0);

// J10 duel: whom `self` may attack — no Zombie, nobody attacked with Senigma this pass.
// In E11 order.
Candidates senigma_candidates(std::span<const SeatView> table, int self);

// E11: the first of `candidates` (non-empty, in E11 order) with the highest score(k) (any
// type with <): ties go to the first in seat order after the thief.
template <class Score>
int best_candidate(std::span<const int> candidates, Score score) {
  int best = candidates.front();
  auto best_score = score(best);
  for (int k : candidates.subspan(1)) {
    auto s = score(k);
    if (best_score < s) best = k, best_score = s;
  }
  return best;
}

// T6: whether taking `amount` eyes from `victim` pays the thief the Keuler bonus — a
// Prinzessin taken from above 0 to 0 or below whose bonus has not been paid this pass. The
// one test take_eyes applies and every victim choice predicts with; the pass kernel's
// compiled_victim applies the same test to four seats at once in vector registers
// (pass_kernel.cpp), and a test holds the two to the same choice on random tables. Inline
// (as take_eyes and end_pass): the pass kernel's lanes ask it at every steal.
inline bool keuler_due(const Rules& rules, const SeatView& victim, int amount) {
  // & rather than &&: every operand is a plain read, and without short-circuit the compiler
  // emits no branch on the dice's table (a branch there mispredicted).
  return (rules.keuler_bonus > 0) & (victim.status == Status::Prinzessin) & (victim.eyes > 0) &
         (victim.eyes - amount <= 0) & !victim.keuler_paid;
}

// T4 / J10: `amount` eyes go from `victim` to the thief (negative: the other way; E10: the
// victim may go below 0). T6: taking a Prinzessin from above 0 to 0 or below pays the thief
// rules.keuler_bonus, once per victim and pass. Returns that bonus (0 if none).
inline int take_eyes(const Rules& rules, SeatView& victim, int amount) {
  const bool keuler = keuler_due(rules, victim, amount);
  victim.eyes -= amount;
  if (!keuler) return 0;
  victim.keuler_paid = true;
  return rules.keuler_bonus;
}

// P1: the seat on turn at `step` of a pass opened by `first` (seat order, wrapping; no
// division: the pass kernel asks it at every turn).
inline int seat_at(int first, int step, int players) {
  const int k = first + step;
  return k >= players ? k - players : k;
}

// P1: the seat that opens pass `pass` of an evening opened by `first`: it moves one seat on
// each pass (rules.seat_order Rotate), or stays.
inline int pass_opener(const Rules& rules, int first, int pass, int players) {
  return rules.seat_order == SeatOrder::Rotate ? (first + pass) % players : first;
}

// T5 / T7: a turn has ended with `end`: the table shows its eyes, and the player is a Zombie
// if it was eliminated (T5), else a Prinzessin — until end_pass (T7).
inline void record_turn(SeatView& me, int eyes, bool eliminated) {
  me.eyes = eyes;
  me.status = eliminated ? Status::Zombie : Status::Prinzessin;
}
inline void record_turn(SeatView& me, const TurnState& end) { record_turn(me, end.eyes, end.eliminated); }

// T4: the victim `choose(candidates)` picks among those `self` may rob (rob_candidates, with
// E9's `taken` for classic Senigma), or kLapsed when nobody may be robbed: the take lapses.
inline constexpr int kLapsed = -1;
template <class Choose>
int pick_victim(const Rules& rules, std::span<const SeatView> table, int self, unsigned taken, Choose choose) {
  const Candidates cand = rob_candidates(rules, table, self, taken);
  return cand.empty() ? kLapsed : choose(cand.span());
}

// J10 (2019): the duel's target, chosen by `choose(candidates)` among senigma_candidates
// before the duel's dice, is attacked once per pass.
template <class Choose>
int duel_target(std::span<SeatView> table, int self, Choose choose) {
  const int target = choose(senigma_candidates(table, self).span());
  table[static_cast<size_t>(target)].senigma_attacked = true;
  return target;
}

// The table's side of a take of `amount` eyes by `self` (T4 a robbing 1, J10 the duel, E9
// classic Senigma's repeat): `victim` from pick_victim / duel_target, or kLapsed — the take
// lapses and moves nothing (T4). Classic Senigma remembers its victim in `*taken` (E9: it
// takes from nobody twice in a pass; nullptr for other takes). The eyes move (E10) and the
// Keuler bonus it earns is returned (T6). The one place a take changes the table: the
// reference engine and the pass kernel both call it.
inline int take_from(const Rules& rules, std::span<SeatView> table, int victim, unsigned* taken, int amount) {
  if (victim == kLapsed) return 0;
  if (taken) *taken |= 1u << victim;
  return take_eyes(rules, table[static_cast<size_t>(victim)], amount);
}

// T7: what a pass's eyes count for — everyone at 0 or below ends the pass at 0 — and a
// player's standing in the evening with them: his total plus that. Every standing, win
// chance and position feature is computed through these two. `I` is int or a vector of
// int32 (the pass kernel's lanes); eyes stay far above INT_MIN, so eyes - 1 cannot wrap.
template <class I>
I out_of_pass(I eyes) {  // all ones where eyes <= 0, else 0
  return (eyes - 1) >> 31;
}
template <class I>
I pass_score(I eyes) {
  return eyes & ~out_of_pass(eyes);
}
inline int standing(int total, int eyes) { return total + pass_score(eyes); }

// T7 for one seat: at 0 or below, it ends the pass at 0 and a Zombie. On integers (`status`
// a Status's value), one seat or a vector of lanes' seats (lane_block.cpp). Bit arithmetic,
// not a branch: whether a seat ended at 0 is the dice's coin flip (written as `out ? Zombie :
// status`, the compiler made it a branch again).
template <class I>
void end_pass_seat(I& eyes, I& status) {
  const I out = out_of_pass(eyes);
  status ^= (status ^ static_cast<int>(Status::Zombie)) & out;
  eyes = pass_score(eyes);
}

// T7 for a table.
inline void end_pass(std::span<SeatView> table) {
  for (auto& s : table) {
    int eyes = s.eyes, status = static_cast<int>(s.status);
    end_pass_seat(eyes, status);
    s.eyes = eyes;
    s.status = static_cast<Status>(status);
  }
}

}  // namespace verflixt::verflixte6
