#pragma once
// The strong policy family: a player who plays every loadout well at a
// table, built from the exact pieces the project already has.
//
//  - Where the table does not matter he plays the exact solo solver's play (solver.h) for
//    the jokers he holds: which joker when, every choice inside a joker, Runkelrüb and
//    classic fumo — and also when to stop while nobody has a result to beat yet (fewer than
//    k results known, e.g. the first seats of a pass): then eyes are all that count.
//  - In the last seat of the LAST pass of an evening every other result is known and
//    nothing follows, so the rest of his turn is a finite game against the dice: he plays
//    the exact last-seat DP (last_seat.h, Goal::Win) — stop, roll, jokers, victims, duel
//    targets, inner choices. The DP is solved per situation and cached per thread (see
//    below); where the lead to catch is larger than `exact_deficit` eyes (where the DP grows
//    past ~10^5 states, last_seat.h's measurements) he rolls until he leads alone instead,
//    spending jokers as the solver would.
//  - In between he stops relative to the table like a position policy (position.h: beat
//    the k-th lowest known standing by a margin, plus a margin per player still to come,
//    never below a floor, always at a cap; in the last seat of an earlier pass, as soon as
//    he is not among the losers), with the solver's jokers. These parameters are tunable
//    by `tune` and `strength` (tuning.h's coordinate search).
//
// Which pass is the last: a policy sees one turn, not the evening. StrongSelector (and any
// selector wrapped by with_pass_context) records the pass it selects for on the calling
// thread, with everyone's evening totals; the policy trusts that record only when the
// totals equal the ones its view shows, so a stale record from another evening or table is
// ignored. Without a record he never assumes the last pass — unless the rules have one pass
// per evening (classic), where every pass is the last.
//
// Determinism: solutions (solo and last-seat) are exact and computed on demand; caching
// them changes speed, never an answer, so a seed gives the same results on any number of
// threads. The last-seat DP is refused (the rule above plays instead) only by the a-priori
// deficit test, which reads the situation alone; the DP's own state cap (`exact_states`) is
// a safety net that the deficit test keeps out of reach in practice (if it were hit, the
// thread's cache is dropped and that one decision is played by the rule).
//
// The policy reads the table inside jokers in the last seat, so the pass kernel cannot
// compile it (kernel_plays is false): tables with a strong seat play on the reference
// engine (objective.cpp's Auto falls back by itself).
//
// Known limit: a state outside every table it looks in (the planned pass loadouts, then the
// held jokers plus the spent ones the state shows, then the held jokers) is played by that
// SolvedPolicy's fallback (stop at its threshold). That happens above a smaller loadout's
// certified risk cap — e.g. `evaluate --policy strong --jokers ventil,tentakel,runkelrueb`,
// a loadout the plan never selects, stops at 240 eyes where the exact solution of the
// triple still spends Ventil: 33.5 eyes against the exact 35.11. A policy made for its
// loadout (make_strong_policy) plays it exactly.
//
// For other tools (balance): make_strong_policy(rules, loadout, params) is the policy for
// one loadout (its solution solved up front), make_strong_selector(rules) the evening's
// joker plan, with_pass_context(selector) makes any selector tell the policy the pass.
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/position.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/exact/solver.h"

namespace verflixt::verflixte6 {

struct StrongParams {
  // The stop rule in between (position.h). last_seat_safe applies to the last seat of
  // earlier passes; rob_leader chooses victims outside the exact last seat. The cap is
  // strategies/strong.ini's, tuned by best responses (that file says how), so "strong" and
  // the shipped file play alike.
  PositionParams stop{0, 3, 1, 8, 66, true, true};
  // What the stop rule beats: false, the k-th lowest known standing (position.h: out of the
  // losers); true, the best known standing (the leader: playing for the win).
  bool target_leader = false;
  // Last seat of the last pass: the exact DP when the best other standing is at most this
  // many eyes above the own standing (evening total + pass eyes), else "roll until sole
  // leader". 0..200. Measured (4 strong seats, tournament-2019, one core): 2000 evenings
  // take 0.3 s of play at 0 and 10, 8 s at 20 (three jokers held, Runkelrüb among them,
  // make the DP from a 20-eye deficit large), so 12.
  int exact_deficit = 12;
  // The DP's safety cap (states per cached solver).
  std::size_t exact_states = 2'000'000;
};

// The exact solo solutions a strong player uses, solved on demand and shared by every copy
// of the policy and its selector (thread-safe). Also the single-joker lifts the selector
// plans with.
class StrongSolutions {
 public:
  explicit StrongSolutions(const Rules& rules) : rules_(rules) {}
  const Rules& rules() const { return rules_; }
  // The solved policy of `loadout` (solved on first use; every answer is exact, so who
  // solved it first does not matter).
  const SolvedPolicy& of(JokerSet loadout) const;
  // EV(one joker) - EV(none), exact, per joker (0 for jokers the rules lack).
  const std::vector<double>& lifts() const;

 private:
  Rules rules_;
  mutable std::mutex mutex_;
  mutable std::unordered_map<u16, std::shared_ptr<const SolvedPolicy>> solved_;
  mutable std::vector<double> lifts_;
};

// The solutions for `rules`, shared by every strong policy and selector of this process made
// for equal rules while one of them lives (a table of strong seats solves once).
std::shared_ptr<const StrongSolutions> strong_solutions(const Rules& rules);

class StrongPolicy final : public Policy {
 public:
  // `loadouts`: the pass loadouts to look up first (the solutions of supersets of the held
  // jokers cover states that a fresh solve of the held jokers would not, e.g. after a
  // penalty); solved up front.
  StrongPolicy(std::shared_ptr<const StrongSolutions> solutions, StrongParams params,
               std::vector<JokerSet> loadouts, std::string name);
  std::string name() const override { return name_; }
  Action decide(const TurnView& view) const override;
  bool anaconda_fight(const TurnView& view, int attack) const override;
  bool rattenlord_retreat(const TurnView& view, int throws_left) const override;
  bool monokel_rethrow(const TurnView& view, int index, int face, int kept) const override;
  bool senigma_counter(const TurnView& view, int round, int attack, int won, int lost) const override;
  bool use_runkelrueb(const TurnView& view) const override;
  bool use_fumo_reentry(const TurnView& view) const override;
  int choose_victim(const TurnView& view, int amount, std::span<const int> candidates) const override;
  int senigma_target(const TurnView& view, std::span<const int> candidates) const override;
  bool decide_reads_table() const override { return true; }
  bool inner_choices_read_table() const override { return true; }  // the last-seat DP

  const StrongParams& params() const { return p_; }
  const std::shared_ptr<const StrongSolutions>& solutions() const { return sol_; }
  const std::vector<JokerSet>& loadouts() const { return loadouts_; }
  // Whether this view is the last seat of the last pass with a lead small enough for the
  // exact DP (what decide and the choices use it for).
  bool exact_last_seat(const TurnView& view) const;
  // Whether this view is in the last pass of its evening (the pass record, see above).
  bool last_pass(const TurnView& view) const;

 private:
  const SolvedPolicy& solved(const TurnState& turn) const;
  class LastSeat;  // the thread's cached DP for a view (strong_policy.cpp)

  std::shared_ptr<const StrongSolutions> sol_;
  StrongParams p_;
  std::vector<JokerSet> loadouts_;
  std::vector<const SolvedPolicy*> pre_;  // their solutions (no lock per decision)
  std::string name_;
  PositionPolicy position_;  // the stop rule and victims in between
  std::uint64_t id_;         // keys the thread's DP cache (a fresh id per object)
};

// The evening's joker plan (P2). Rank the rules' jokers by their exact solo lift (EV with
// the joker alone minus EV without jokers; positive lifts only) and give the strongest to
// the LAST pass: there the exact last-seat DP can spend them with every other result known,
// and an early pass's eyes are worth the same as a late one's to the evening total, so
// nothing is lost by waiting. Pass p takes jokers_per_pass jokers of rank F+1.., F being
// what the later passes will take (min(selections left, jokers_per_pass · passes after p)),
// so with a short budget (classic: 3 per evening) the jokers go to the last pass first.
// Synergies between jokers (Tentakel with Runkelrüb) are not looked at. Never declares
// Freie Jokerwahl. It records the pass for the strong policy (see above).
class StrongSelector final : public Selector {
 public:
  explicit StrongSelector(std::shared_ptr<const StrongSolutions> solutions);
  Selection select(const SelectionView& view) const override;
  // The loadout pass `pass` of `passes` takes when all jokers are still available.
  JokerSet planned(int pass, int passes) const;
  const std::vector<Joker>& ranking() const { return ranking_; }

 private:
  std::shared_ptr<const StrongSolutions> sol_;
  std::vector<Joker> ranking_;  // strongest first
};

// Records the pass a selector selects for on this thread, then delegates (nullptr: selects
// nothing). For callers that choose jokers their own way but play the strong policy.
std::unique_ptr<Selector> with_pass_context(std::unique_ptr<Selector> inner);
// What with_pass_context and StrongSelector record (tests and tools that play a pass
// without an evening may call it to say which pass it is).
void note_pass(int pass, int passes, std::span<const int> totals);
void clear_pass_note();

// The policy for one loadout (its solution solved up front) with `params`.
std::unique_ptr<StrongPolicy> make_strong_policy(const Rules& rules, JokerSet loadout, const StrongParams& params,
                                                 std::string name = "strong");
// The policy for evenings: the StrongSelector's planned loadouts solved up front.
std::unique_ptr<StrongPolicy> make_strong_evening_policy(const Rules& rules, const StrongParams& params,
                                                         std::string name = "strong");
std::unique_ptr<StrongSelector> make_strong_selector(const Rules& rules);

// A strong policy file (`[policy] kind = strong`, strategies/strong.ini documents every
// key); `source` names it in errors. Throws InputError like the other policy readers.
StrongParams read_strong(std::istream& in, const std::string& source);
// The file text of `params` (every key commented) after `header` (comment lines).
std::string strong_file(const StrongParams& params, const std::string& header);
// make_policy's entry for "strong" (default parameters) and `kind = strong` files.
std::unique_ptr<Policy> make_strong_policy_file(std::istream& in, const std::string& source, const Rules& rules);

}  // namespace verflixt::verflixte6
