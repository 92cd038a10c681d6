#pragma once
// The solo turn (docs/rules/verflixte6.md §5) as an explicit state space with chance made explicit
// (OpenSpiel style): for a state and an action the model lists every successor state with
// its exact probability. The same rules then serve the chain compiler (chain.h), the exact
// evaluation (markov.h) and the optimal solver (solver.h). A step is the reference engine's
// own code (src/games/verflixte6/rules/turn_step.h, which the engine samples and this model
// enumerates); tests/verflixte6/rules/step_test.cpp compares the two over every sequence of dice.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "verflixt/core/chain.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/turn.h"
#include "verflixt/games/verflixte6/rules/types.h"

namespace verflixt::verflixte6 {

// A solo state is a TurnState (turn.h: the phases FreeThrow, Decide, Over are the engine's).
// canonical() reduces it to what can still change the outcome, so equal futures have equal
// keys:
//  - robbing_ones is capped at rules.rob_cap (T4: min(j, rob_cap) no longer grows beyond);
//  - frost_used is 0 once Frostschutz is no longer held (J1);
//  - fumo_gain is kept only while Fumo is active and Runkelrüb is still held (J13/J15: the
//    only use of the gain is the halving back);
//  - floor is 0 without a Ventil floor (J11);
//  - a terminal state keeps only its eyes and whether it ended by elimination.
// The exact paths (solver, pass kernel, last-seat DP, compile_chain) take a state as the
// engine or a policy's view holds it and call canonical() on it.

// A compact, injective encoding of a canonical state for hash maps.
struct SoloKey {
  std::uint64_t hi = 0, lo = 0;
  friend bool operator==(const SoloKey&, const SoloKey&) = default;
};
struct SoloKeyHash {
  std::size_t operator()(const SoloKey& k) const {
    std::uint64_t h = k.hi * 0x9e3779b97f4a7c15ULL ^ (k.lo + 0x632be59bd9b4e019ULL + (k.hi << 6));
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL;
    return static_cast<std::size_t>(h ^ (h >> 32));
  }
};
SoloKey solo_key(const TurnState& s);

TurnState canonical(const Rules& rules, TurnState s);

// The turn's first state: before the free throw, holding `loadout`. With rules.free_throw
// off (T1 generalization) the turn starts at the first decision with 0 eyes.
TurnState solo_start(const Rules& rules, JokerSet loadout);

struct SoloOutcome {
  TurnState next;
  double prob = 0;
};
using SoloOutcomes = std::vector<SoloOutcome>;

// A distribution over the eyes a joker step adds (before Jule), for the jokers whose whole
// effect is such a change: Spelunkenbold, Anaconda, Hirtenschutz, Rattenlord, Pony, Monokel,
// Senigma, Cherry. Sorted by delta, no duplicates.
struct DeltaOutcome {
  int delta = 0;
  double prob = 0;
};
using DeltaDist = std::vector<DeltaOutcome>;

// One choice inside a step, with the arguments the Policy method of the same name gets.
struct InnerChoice {
  enum Kind : u8 { AnacondaFight, RattenlordRetreat, MonokelRethrow, SenigmaCounter, UseRunkelrueb, UseFumoReentry };
  Kind kind = AnacondaFight;
  int a = 0, b = 0, c = 0, d = 0;  // attack | throws_left | index,face,kept | round,attack,won,lost
  friend bool operator==(const InnerChoice&, const InnerChoice&) = default;
};

// Asks `policy` the Policy method of the choice's name with `view`: the one mapping from a
// choice to a question, for the reference engine and PolicyChooser alike.
bool ask_policy(const Policy& policy, const TurnView& view, const InnerChoice& c);

// Who answers the choices inside a step. The model shows both options as distributions
// (`yes` = the answer true), so an optimizer can compare them and a policy can ignore them.
class InnerChooser {
 public:
  virtual ~InnerChooser() = default;
  // A choice inside a delta joker. `base` is the state the deltas apply to (apply_delta).
  virtual bool take_delta(const TurnState& base, const InnerChoice& c, const DeltaDist& yes,
                          const DeltaDist& no) const = 0;
  // A reaction (Runkelrüb, classic fumo). `view` is the state the engine shows the policy.
  virtual bool take_reaction(const TurnState& view, const InnerChoice& c, const SoloOutcomes& yes,
                             const SoloOutcomes& no) const = 0;
};

// Answers every choice by asking a Policy, exactly as the engine asks it.
class PolicyChooser final : public InnerChooser {
 public:
  PolicyChooser(const Rules& rules, const Policy& policy) : rules_(rules), policy_(policy) {}
  bool take_delta(const TurnState& base, const InnerChoice& c, const DeltaDist& yes,
                  const DeltaDist& no) const override;
  bool take_reaction(const TurnState& view, const InnerChoice& c, const SoloOutcomes& yes,
                     const SoloOutcomes& no) const override;

 private:
  const Rules& rules_;
  const Policy& policy_;
};

// Answers every choice by the larger expected value of the successor states, given a value
// function over states (the solver's). Ties go to `false` (decline, keep, waive, ...),
// the deterministic rule both the solver and SolvedPolicy use.
class ValueChooser final : public InnerChooser {
 public:
  ValueChooser(const Rules& rules, std::function<double(const TurnState&)> value)
      : rules_(rules), value_(std::move(value)) {}
  bool take_delta(const TurnState& base, const InnerChoice& c, const DeltaDist& yes,
                  const DeltaDist& no) const override;
  bool take_reaction(const TurnState& view, const InnerChoice& c, const SoloOutcomes& yes,
                     const SoloOutcomes& no) const override;
  double expected(const TurnState& base, const DeltaDist& d) const;
  double expected(const SoloOutcomes& o) const;

 private:
  const Rules& rules_;
  std::function<double(const TurnState&)> value_;
};

// Whether `a` is legal in a decision state (T2, §2, the engine's is_legal in solo mode).
bool solo_legal(const Rules& rules, const TurnState& s, Action a);
// Every legal action in a fixed order: stop, roll, then jokers in rule order.
std::vector<Action> solo_actions(const Rules& rules, const TurnState& s);

// The state after a delta joker's step adds `delta`: Jule (E1) and the floor (E5) applied.
TurnState apply_delta(const Rules& rules, const TurnState& base, int delta);

// J15: the chance that at least one of Runkelrüb's croupier throws reaches runkel_face (the
// 6 is then cancelled). The solo model's step and the solver's bound both take it from here.
double runkel_save_probability(const Rules& rules);

// J13 classic / E6: the state a fumo re-entry restarts from (0 eyes, robbing count 0, Fumo
// spent, a new free throw), given the state the 6 was thrown from.
TurnState fumo_restart(const Rules& rules, const TurnState& s);

// The exact successor distribution of a free-throw state (T1).
SoloOutcomes free_throw_outcomes(const Rules& rules, const TurnState& s);

// The exact successor distribution of one step: `s` is a decision state and `a` legal.
// Successors are canonical; equal successors are merged; probabilities sum to 1.
SoloOutcomes solo_transition(const Rules& rules, const TurnState& s, Action a, const InnerChooser& chooser);

// The same step as a player at a table sees it (pass_kernel.h, last_seat.h): an
// outcome whose step took eyes from another player carries them in `transfer` — a robbing
// 1's min(j, rob_cap) (T4), Senigma's gain (J10; negative when the defender won the duel) —
// and `next.eyes` counts them as solo mode (§5) does; a table takes them from a victim, or
// takes them back when the steal lapses. Outcomes equal in (next, transfer) are merged;
// merging away `transfer` gives solo_transition exactly.
struct TableOutcome {
  TurnState next;
  double prob = 0;
  int transfer = 0;
};
using TableOutcomes = std::vector<TableOutcome>;
TableOutcomes table_transition(const Rules& rules, const TurnState& s, Action a, const InnerChooser& chooser);

// Every successor of any state: a free-throw state's throws, a decision state's step.
SoloOutcomes solo_successors(const Rules& rules, const TurnState& s, Action a, const InnerChooser& chooser);

// The smallest change of the eyes a surviving plain throw can bring with `loadout` (Tentakel
// and Jule held, before Fumo's factor, which keeps the sign), and the face that brings it.
struct PlainGain {
  int gain = 0;
  int face = 0;
};
PlainGain min_plain_gain(const Rules& rules, JokerSet loadout);

// Compiles the solo turn under `policy` into a chain (chain.h): breadth-first over the
// states reachable from the start, one categorical transition per step (a plain throw, or
// a whole joker with its inner choices answered by the policy). Terminal states carry the
// solo value and the `eliminated` flag. A policy that does not stop within `max_states`
// states throws InputError (the chain would be infinite: eyes have no upper bound). Rules
// under which a surviving plain throw lowers the eyes are refused up front, see the .cpp.
core::Chain compile_chain(const Rules& rules, JokerSet loadout, const Policy& policy,
                    std::size_t max_states = 4'000'000);

// A one-line description of a state for error messages and debugging.
std::string describe(const TurnState& s);

}  // namespace verflixt::verflixte6
