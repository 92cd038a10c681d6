#pragma once
// The state of one player's turn and the read-only view a policy decides from.
// Shared by the reference engine (engine.h), the exact solver and the kernel, so that all
// three speak of the same turn.
#include <algorithm>
#include <span>

#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/types.h"

namespace verflixt::verflixte6 {

// Where a turn stands: before a free throw (the turn's start, or a classic fumo re-entry),
// at a decision (T2), or over (stop or elimination, terminal).
//
// The reference engine and the solo model (solo_model.h) move through the same phases, so a
// state means the same thing in both: new_turn (engine.h) and solo_start are FreeThrow; the
// free throw (T1; with rules.free_throw off it throws nothing) moves FreeThrow -> Decide;
// every step that neither stops nor eliminates stays at Decide; stop and elimination (T5,
// J6) move to Over; a classic fumo re-entry (J13, E6) moves Over -> FreeThrow and its free
// throw -> Decide again. A policy is asked only at Decide, and during a step (inner choices,
// victims, Runkelrüb) sees the Decide state of that step; only the fumo re-entry question
// shows the eliminated state, phase Over.
enum class TurnPhase : u8 { FreeThrow, Decide, Over };

// Everything docs/rules/verflixte6.md needs to continue a turn (the solo turn state of §5). The engine,
// the policies, the solo model, the solver, the pass kernel and the last-seat DP all use
// this one type; the exact paths reduce it with canonical() (solo_model.h) first.
// A default TurnState is a decision at 0 eyes holding nothing (what a hand-built table
// situation means: the free throw already thrown).
struct TurnState {
  int eyes = 0;
  int robbing_ones = 0;     // T4: robbing 1s thrown so far this turn (j)
  JokerSet held;            // jokers selected and not yet spent; autojokers stay held
  int frost_used = 0;       // J1: uses of Frostschutz so far
  bool fumo_active = false; // J13 doubling: plain throws count double
  int fumo_gain = 0;        // J13: doubled gains since Fumo began (halved back by Runkelrüb)
  bool has_floor = false;   // J11: a Ventil floor is set
  int floor = 0;            // J11: the floor
  TurnPhase phase = TurnPhase::Decide;
  bool eliminated = false;  // T5 / J6: ended as a Zombie

  // The turn has ended (stop or elimination).
  bool over() const { return phase == TurnPhase::Over; }

  friend bool operator==(const TurnState&, const TurnState&) = default;
};

// What a policy sees of another player at the table.
struct SeatView {
  int eyes = 0;         // eyes in this pass
  Status status = Status::Jungfrau;
  int total = 0;        // evening total before this pass
  bool senigma_attacked = false;  // J10: already attacked with Senigma this pass
  bool keuler_paid = false;       // T6: her Keuler bonus has been paid this pass
};

// The read-only view a policy decides from. In solo mode (§5) `table` is empty.
struct TurnView {
  const Rules& rules;
  const TurnState& turn;
  int self = -1;                     // own index in `table`, -1 in solo mode
  std::span<const SeatView> table;   // every player of the pass, by player index
  int still_to_play = 0;             // Jungfrauen who take their turn after this one

  bool solo() const { return table.empty(); }
};

// Whether joker `j` may be announced for the next step (T2, §2), from the turn alone: it must
// be held and announceable (J7/J12 autojokers, J15 Runkelrüb and classic fumo are not; a
// doubling Fumo only while not active), and Frostschutz must have a use left (J1). The one
// rule of announcement: is_legal and the solo model both ask it.
bool announceable(const Rules& rules, JokerSet held, int frost_used, bool fumo_active, Joker j);

// E1 / J7: the Jule bonus a step that leaves the turn going pays — none without Jule, none
// under Fumo (J13: the doubled throw earns no autojoker income). The engine, the solo model,
// the pass kernel and the last-seat DP all ask this one function.
inline int jule_pay(const Rules& rules, const TurnState& after) {
  return !after.fumo_active && after.held.has(JULE) ? rules.jule_bonus : 0;
}

// T4: what the j-th robbing 1 of a turn steals (j = robbing_ones, counted with it):
// min(j, rob_cap). The engine and the solo model both take the amount from here.
inline int steal_amount(const Rules& rules, int robbing_ones) { return std::min(robbing_ones, rules.rob_cap); }

// E5 / J11: a Ventil floor follows the eyes down (penalties are not protected), never up.
inline void follow_floor(TurnState& s) {
  if (s.has_floor && s.eyes < s.floor) s.floor = s.eyes;
}

// E1 then E5: how every step that leaves the turn going ends.
inline void after_step(const Rules& rules, TurnState& s) {
  s.eyes += jule_pay(rules, s);
  follow_floor(s);
}

// Whether `action` is allowed at this decision point: nothing outside phase Decide; there
// stop and roll always, a joker when it is announceable and, for a Senigma duel at a table,
// somebody is left to duel (J10).
bool is_legal(const TurnView& view, Action action);

}  // namespace verflixt::verflixte6
