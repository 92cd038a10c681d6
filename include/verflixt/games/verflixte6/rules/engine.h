#pragma once
// The reference engine: docs/rules/verflixte6.md §1–§3 played throw by throw, readable before fast. It is
// the oracle for everything else — the kernel (kernel.h) and the exact solver (solver.h) are
// tested against it. Dice come from a Dice, choices from a Policy. Each step of a turn is
// src/games/verflixte6/rules/turn_step.h's, sampled (the solo model enumerates the same code); the
// engine adds the table's part: victims, Keuler, lapses and the Senigma target (table.h).
//
// Where docs/rules/verflixte6.md leaves a detail open, the engine decides as follows (a player's reading;
// each is repeated in docs/rules/verflixte6.md §7):
//  E1  Jule (J7) pays after the step's own effect (All In: doubled, then +1), on every step
//      after the free throw, except a step that eliminates, any step while Fumo is active
//      (the one announcing it included) and a plain throw whose 6 Runkelrüb cancelled.
//  E2  Ventil's throw (J11) is a plain throw in every respect — a 1 robs and counts, Tentakel
//      and Jule pay, the bust face eliminates (to the new floor) — except that Runkelrüb may
//      not answer its 6 (J15). It ends an active Fumo like any other joker.
//  E3  A Tentakel 1 or 2 (J12) is not a robbing 1 and does not count for j.
//  E4  Announcing Fumo (J13 doubling) is a step: Fumo starts and a plain throw is made under
//      it. Later "roll" actions are plain throws under Fumo until another joker is announced
//      or Runkelrüb cancels a 6 thrown under Fumo; then Fumo is over for the turn. Halving
//      back removes fumo_gain - fumo_gain / fumo_factor eyes.
//  E5  A Ventil floor only moves down (J11): after every step, floor = min(floor, eyes).
//  E6  Runkelrüb is offered before classic fumo. Classic fumo restarts with a new free throw
//      without the placement bonus; Frostschutz keeps its count of uses.
//  E7  Joker-internal throws never rob and never eliminate, whatever bust_face says.
//  E8  Cherry (J14) throws all its throws first, then one counter per success, in order.
//      Senigma's duel alternates croupier and defender throws round by round (§6 example 6).
//  E9  Classic Senigma (repeat) takes its eyes from a victim not yet taken from this pass
//      (docs/rules/verflixte6.md J10 says evening; the classic evening is one pass, and Senigma is selected
//      at most once per evening, so the two readings differ only under custom rules); with
//      none left the take lapses. In solo mode it always pays.
//  E10 A steal takes its whole amount even if the victim goes below 0 (T4, T6, T7).
//  E11 Victims and duel targets are offered in seat order after the thief, and equally good
//      ones go to the first of them: the next player after him (table.h). No rule or tie
//      reads a seat's number, so identical players do equally well in every seat.
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "verflixt/core/dice.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/turn.h"

namespace verflixt::verflixte6 {

// ---- Solo mode (§5): a turn played alone; steals and Senigma pay the player. ----

// A fresh turn holding `loadout`, before the free throw (phase FreeThrow, turn.h).
TurnState new_turn(JokerSet loadout);

// T1: the free throw (plus a placement bonus); the turn moves to its first decision (phase
// Decide). With rules.free_throw off it throws nothing.
void free_throw(const Rules& rules, TurnState& turn, core::Dice& dice, int bonus = 0);

// Plays one solo step at a decision (phase Decide): `action` must be legal; stop and
// elimination end the turn (phase Over). Reactions (Runkelrüb, classic fumo) and
// joker-internal choices are asked of `policy`.
void solo_step(const Rules& rules, TurnState& turn, Action action, const Policy& policy, core::Dice& dice);

// A whole solo turn from the free throw to the end. The solo value is the returned eyes.
TurnState play_solo_turn(const Rules& rules, JokerSet loadout, const Policy& policy, core::Dice& dice);

// ---- Passes and evenings (§3) ----

// One seat of a pass: its policy and jokers, and the evening so far.
struct PassSeat {
  const Policy* policy = nullptr;
  JokerSet jokers;      // selected for this pass (P2)
  int bonus = 0;        // P4: added to the free throw
  int total = 0;        // evening total before this pass (policies may look at it)
};

struct PassResult {
  std::vector<int> eyes;          // after T7, by player index
  std::vector<Status> status;     // after T7
  std::vector<int> keuler;        // T6 bonuses each player earned
  std::vector<int> order;         // player indices in the order they played
};

// Plays a pass: players take turns from `first` in index order (wrapping). Robbing victims
// and Senigma targets are chosen by the thief's policy among the legal candidates.
PassResult play_pass(const Rules& rules, std::span<const PassSeat> seats, int first, core::Dice& dice);

// A pass in the middle: the table as it stands, the player on turn with his turn so far
// (the free throw already thrown), and the Jungfrauen still to play, in order.
struct PassSituation {
  std::vector<SeatView> table;
  int self = 0;
  TurnState turn;
  std::vector<int> to_play;
};

// Plays the rest of a pass from `situation`: the player on turn takes `first` (if given) and
// then follows his policy; the others in `to_play` take whole turns. T7 is applied at the
// end. `order` in the result lists self, then to_play.
PassResult finish_pass(const Rules& rules, std::span<const PassSeat> seats, PassSituation situation,
                       core::Dice& dice, std::optional<Action> first = std::nullopt);

// Joker selection for an evening (P2) is asked of each player's Selector.
struct SelectionView {
  const Rules& rules;
  int pass = 0;                   // 0-based pass of the evening
  int passes = 0;                 // passes this evening
  JokerSet available;             // jokers this player may still select (P2)
  bool may_free_choice = false;   // Freie Jokerwahl is still open to him this pass
  std::span<const int> totals;    // everyone's evening totals so far
  int self = 0;
};
struct Selection {
  JokerSet jokers;
  bool free_choice = false;       // declares Freie Jokerwahl (then any jokers of the preset)
};
class Selector {
 public:
  virtual ~Selector() = default;
  virtual Selection select(const SelectionView& view) const = 0;
  // Whether select() reads view.totals or view.self. One that does not selects the same
  // loadouts every evening (available and may_free_choice follow from its own selections),
  // so the pass kernel's evenings work them out once (pass_lanes.cpp, selection plans).
  virtual bool reads_table() const { return true; }
};

// Selects, pass by pass, the first jokers of a priority list that are still available.
class ListSelector final : public Selector {
 public:
  explicit ListSelector(std::vector<Joker> priority) : priority_(std::move(priority)) {}
  Selection select(const SelectionView& view) const override;
  bool reads_table() const override { return false; }

 private:
  std::vector<Joker> priority_;
};

struct EveningPlayer {
  const Policy* policy = nullptr;
  const Selector* selector = nullptr;  // nullptr selects no jokers
  int bonus = 0;                       // P4 bonus earned last evening
};

struct EveningResult {
  std::vector<int> totals;             // P3: sum of pass results
  std::vector<bool> loser;             // P3
  std::vector<int> winners;            // highest total (several on a tie)
  std::vector<int> place_bonus;        // P4: bonus each player carries to the next evening
  std::vector<PassResult> passes;
};

// Plays an evening of rules.passes passes (rules.final_passes if `final`). The first seat of
// pass p is (first + p) mod n with seat_order = rotate.
EveningResult play_evening(const Rules& rules, std::span<const EveningPlayer> players, bool final,
                           int first, core::Dice& dice);

// The same evening around another way of playing its passes (the pass kernel's,
// pass_kernel.h): selection (P2), rotation (P1), totals and losers (P3) and the bonus (P4)
// stay here, written once; `play` plays a pass of `seats` from the first seat `first`.
using PassPlayer = std::function<PassResult(std::span<const PassSeat> seats, int first)>;
EveningResult play_evening(const Rules& rules, std::span<const EveningPlayer> players, bool final,
                           int first, const PassPlayer& play);

// The evening's bookkeeping, written once for play_evening and the pass kernel's lanes
// (PassKernel::play_series), which keep it per lane without allocating.

// P2: what one player has selected so far this evening.
struct JokerBook {
  JokerSet used;           // each joker once per evening
  int count = 0;           // selections counted against rules.jokers_per_evening
  bool free_used = false;  // Freie Jokerwahl, once per final evening
};

// P2: asks `player`'s selector for the jokers of pass `pass` of `passes` (`final`: the final
// evening) — `totals` the evening so far, `self` his index — checks the selection against the
// rules and his `book`, books it and returns the loadout. An illegal selection is a bug of
// the selector: std::logic_error.
JokerSet select_loadout(const Rules& rules, const EveningPlayer& player, JokerBook& book, int pass, int passes,
                        bool final, std::span<const int> totals, int self);

// P4: places by total — tied players share the better place, the next place is skipped —
// and the bonus each carries to the next evening's first free throw, into `bonus`.
void place_bonuses(const Rules& rules, std::span<const int> totals, std::span<int> bonus);

// P3: losers given totals — everyone at 0 or below, then the lowest totals until there are
// at least rules.losers_at_least (ties at the border are all losers).
std::vector<bool> losers(const Rules& rules, std::span<const int> totals);

// P3, the same for one player without allocating (losers() is built on it; the last-seat DP
// scores its every end with it): at 0 or below, or fewer than rules.losers_at_least others
// strictly below him — then the groups taken before his own do not reach the count.
bool is_loser(const Rules& rules, std::span<const int> totals, int self);
// P3 itself, for a player at `mine` with `below` others strictly below him: the one place
// the rule is written (is_loser counts them; loser_of, objective.h, counts them with the
// ranks for score_totals and the tournament's SeriesTally).
inline bool loser_given(const Rules& rules, int mine, int below) {
  // | rather than ||: whether a total is 0 or below is the dice's (a branch mispredicted).
  return (mine <= 0) | (below < rules.losers_at_least);
}

// P3, O1: a player's share of the evening's win: 1 / (players tied at the top) if his total
// is the highest, else 0.
double win_share(std::span<const int> totals, int self);

}  // namespace verflixt::verflixte6
