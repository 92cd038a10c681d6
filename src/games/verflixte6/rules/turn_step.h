#pragma once
// One step of a turn, written once: the free throw (T1), a plain throw with everything that
// can happen to it (T3 bust face, T4 robbing 1s, T5 elimination, J12 Tentakel, J13 Fumo
// doubling, J15 Runkelrüb's reaction, J13/E6 classic fumo re-entry), Frostschutz (J1), All In
// (J6), Ventil (J11, E2), Fumo's announcement (E4) and, through delta_joker.h, every joker that
// adds a random number of eyes. The step is written over a "step algebra" S with chance nodes
// and lazy branches, so that the reference engine SAMPLES it (its Dice in the order the rules
// throw them, every question asked of its Policy with the view it shows) and the solo model
// ENUMERATES it (every successor with its exact probability, questions answered by an
// InnerChooser). Private to the library.
//
// A step algebra S provides:
//   S::Dist                                 what a step yields (a sample, or a distribution)
//   die(face -> Dist)                       one die
//   any_reaching(n, face, yes, no)          whether any of n dice reaches `face` (all n thrown)
//   react(choice, shown, yes, no)           a reaction (Runkelrüb, classic fumo), `shown`: the
//                                           state the engine shows the player when it asks
//   leaf(state, end, take)                  where the step ends (see Leaf below)
//   delta(base, joker)                      a delta joker's step from `base` (delta_joker.h)
// Branches are callables returning S::Dist; a sampler calls only the one it plays.
#include <array>
#include <limits>
#include <stdexcept>
#include <string>

#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/turn.h"
#include "games/verflixte6/rules/delta_joker.h"

namespace verflixt::verflixte6::detail {

// How a step ended. After a Continue step the table part takes its eyes (Take), then Jule (E1)
// pays and the floor follows (E5); after Eliminated and Cancelled only the floor follows; a
// stop and the free throw are what they are. A Cancelled step whose state is a new free throw
// (the classic fumo re-entry, E6) is followed by that free throw at once.
enum class StepEnd : u8 { Continue, Eliminated, Cancelled, Stopped, Free };

// Eyes a step takes from (or, negative, gives to) another player: a robbing 1's
// min(j, rob_cap) (T4), Senigma's duel gain (J10), classic Senigma's repeat (J10, E9). The
// state of the leaf does not count them yet: solo mode (§5) adds them, a table takes them
// from a victim (table.h) or lets them lapse.
struct Take {
  enum Kind : u8 { None, Rob, Duel, Repeat };
  Kind kind = None;
  int amount = 0;
};

// Where a step ended, kept whole for the caller to settle: the reference engine's sampled
// steps and the game models' steps of one die (face_step.h).
struct StepLeaf {
  TurnState state;
  StepEnd end = StepEnd::Continue;
  Take take;
};

// §5, E1, E5: the solo state a step ends in. After a Continue step the eyes taken count as
// the player's own (solo mode), then Jule pays and the floor follows; after a cancelled step
// only the floor follows; every other end is its state as it is. The solo model's
// enumeration and the game model (model.h) both end their steps here.
inline TurnState solo_leaf(const Rules& r, TurnState s, StepEnd end, Take take) {
  if (end == StepEnd::Continue) {
    s.eyes += take.amount;
    after_step(r, s);  // E1, E5
  } else if (end == StepEnd::Cancelled) {
    follow_floor(s);  // E5
  }
  return s;
}

// J13 classic / E6: the state a fumo re-entry restarts from (0 eyes, robbing count 0, Fumo
// spent and over, no floor, a new free throw), given the state the bust face was thrown from.
// Frostschutz keeps its count of uses.
inline TurnState reentry_state(const Rules& r, const TurnState& pre) {
  TurnState n = pre;
  n.held = n.held.without(FUMO);
  n.eyes = 0;
  n.robbing_ones = 0;
  n.fumo_active = false;
  n.fumo_gain = 0;
  n.has_floor = false;
  n.floor = 0;
  n.eliminated = false;
  n.phase = r.free_throw ? TurnPhase::FreeThrow : TurnPhase::Decide;
  return n;
}

// J13, T2: the state a joker's step starts from: announcing any joker ends an active Fumo,
// and a single-use joker is spent (Frostschutz counts its uses instead, J1).
inline TurnState joker_base(const TurnState& s, Joker j) {
  TurnState base = s;
  base.fumo_active = false;
  base.fumo_gain = 0;
  if (j != FROSTSCHUTZ) base.held = base.held.without(j);
  return base;
}

// T5 (J11: to the Ventil floor; J6 All In: to 0 whatever protects him): the turn ends, a
// Zombie. The solver's risk (what the bust face costs) reads it too.
inline TurnState eliminated_state(TurnState s, bool to_floor) {
  s.eyes = to_floor && s.has_floor ? s.floor : 0;
  s.phase = TurnPhase::Over;
  s.eliminated = true;
  return s;
}

// T1, P4: the placement bonus comes with the free throw, so without one (rules.free_throw
// off) it is not paid. The pass kernel, which starts a turn's compiled rows from the eyes
// before the free throw, adds it through this too.
inline int bonus_paid(const Rules& r, int bonus) { return r.free_throw ? bonus : 0; }

// E4: the actions whose step is a plain throw — a roll, and announcing Fumo (its step is a
// doubled plain throw). The solver's risk caps bar exactly these.
inline bool throws_plain(Action a) {
  return a.kind == Action::Roll || (a.kind == Action::UseJoker && a.joker == FUMO);
}

template <class S>
class TurnStep {
 public:
  using D = typename S::Dist;
  TurnStep(const Rules& r, S& alg) : r_(r), s_(alg) {}

  // T1: the free throw (plus a placement bonus, P4). Its face is added whatever it is; it
  // never robs or eliminates. With rules.free_throw off it throws nothing.
  D free_throw(const TurnState& s, int bonus) {
    TurnState n = s;
    n.phase = TurnPhase::Decide;
    n.eyes += bonus_paid(r_, bonus);
    if (!r_.free_throw) return s_.leaf(n, StepEnd::Free, {});
    return s_.die([&](int f) {
      TurnState m = n;
      m.eyes += f;
      return s_.leaf(m, StepEnd::Free, {});
    });
  }

  // One step from a decision state `s` (phase Decide) with a legal action `a` (T2).
  D run(const TurnState& s, Action a) {
    if (a.kind == Action::Stop) {
      TurnState n = s;
      n.phase = TurnPhase::Over;
      n.eliminated = false;
      return s_.leaf(n, StepEnd::Stopped, {});
    }
    if (throws_plain(a)) return a.kind == Action::Roll ? plain_throw(s, /*ventil=*/false) : fumo(joker_base(s, FUMO));
    const TurnState base = joker_base(s, a.joker);
    switch (a.joker) {
      case FROSTSCHUTZ: return frostschutz(base);
      case ALL_IN: return all_in(base);
      case VENTIL: return ventil(base);
      default:
        if (is_delta_joker(a.joker)) return s_.delta(base, a.joker);  // E7: no robbing, no bust
        throw std::logic_error("step: joker " + std::string(joker_id(a.joker)) + " is not announced");
    }
  }

 private:
  // T3 (and E2 for the Ventil's throw), with Fumo (J13), Tentakel (J12, E3), robbing 1s (T4),
  // elimination (T5) and the reactions Runkelrüb (J15) and classic fumo (J13). `s` is the
  // state right before the throw (for the Ventil's throw: with the new floor; for Fumo's
  // announcement: with Fumo active). `ventil`: Runkelrüb may not answer its bust face (E2).
  D plain_throw(const TurnState& s, bool ventil) {
    return s_.die([&](int f) -> D {
      if (f == r_.bust_face) return bust(s, ventil);
      TurnState n = s;
      Take take;
      if (n.fumo_active) {  // J13: double face, a 1 steals nothing, no autojoker income
        const int gain = f * r_.fumo_factor;
        n.eyes += gain;
        n.fumo_gain += gain;
      } else if (n.held.has(TENTAKEL) && f <= r_.tentakel_max_face) {  // J12, E3: no robbing
        n.eyes += f + r_.tentakel_bonus;
      } else {
        n.eyes += f;
        if (f == 1 && r_.ones_rob) {  // T4: the j-th robbing 1 steals min(j, rob_cap)
          ++n.robbing_ones;
          take = {Take::Rob, steal_amount(r_, n.robbing_ones)};
        }
      }
      return s_.leaf(n, StepEnd::Continue, take);
    });
  }

  // The bust face of a plain throw: Runkelrüb may answer it (J15, not the Ventil's, E2),
  // else it eliminates (T5); Runkelrüb is offered before classic fumo (E6).
  D bust(const TurnState& s, bool ventil) {
    if (ventil || !s.held.has(RUNKELRUEB)) return eliminated(ended_fumo(s));
    return s_.react({InnerChoice::UseRunkelrueb}, s, [&] { return runkelrueb(s); },
                    [&] { return eliminated(ended_fumo(s)); });
  }

  // J15: Runkelrüb is spent; if any croupier throw reaches runkel_face, the throw is undone:
  // "exactly where he was before that throw", no Jule — and with Fumo every doubled gain since
  // Fumo began is halved back and Fumo ends (J13, E4).
  D runkelrueb(const TurnState& s) {
    TurnState spent = s;
    spent.held = spent.held.without(RUNKELRUEB);
    return s_.any_reaching(
        r_.runkel_throws, r_.runkel_face,
        [&] {
          TurnState saved = spent;
          if (saved.fumo_active) saved.eyes -= saved.fumo_gain - saved.fumo_gain / r_.fumo_factor;
          saved = ended_fumo(saved);
          return s_.leaf(saved, StepEnd::Cancelled, {});
        },
        [&] { return eliminated(ended_fumo(spent)); });
  }

  static TurnState ended_fumo(TurnState s) {
    s.fumo_active = false;
    s.fumo_gain = 0;
    return s;
  }

  static TurnState eliminate(const TurnState& s, bool to_floor) { return eliminated_state(s, to_floor); }

  // T5 by the bust face, then classic fumo (J13, E6): the player may re-enter from 0 with a
  // new free throw — never after a Ventil floor. `pre`: the state the face was thrown from,
  // Fumo (doubling) over, Runkelrüb removed if it was spent.
  D eliminated(const TurnState& pre) {
    const TurnState dead = eliminate(pre, /*to_floor=*/true);
    if (r_.fumo != FumoKind::Reentry || !pre.held.has(FUMO) || pre.has_floor)
      return s_.leaf(dead, StepEnd::Eliminated, {});
    return s_.react({InnerChoice::UseFumoReentry}, dead,
                    [&] { return s_.leaf(reentry_state(r_, pre), StepEnd::Cancelled, {}); },
                    [&] { return s_.leaf(dead, StepEnd::Eliminated, {}); });
  }

  D frostschutz(const TurnState& base) {  // J1: use k subtracts faces 1..k; a 6 adds 6 and expires it
    const int k = base.frost_used + 1;
    return s_.die([&](int f) {
      TurnState n = base;
      n.eyes += (f != 6 && f <= k) ? -f : f;
      n.frost_used = k;
      if (f == 6 || k >= r_.frost_uses) n.held = n.held.without(FROSTSCHUTZ);
      return s_.leaf(n, StepEnd::Continue, {});
    });
  }

  D all_in(const TurnState& base) {  // J6: double, or 0 and a Zombie whatever protects him
    return s_.die([&](int f) {
      if (f > r_.allin_max_face) return s_.leaf(eliminate(base, /*to_floor=*/false), StepEnd::Eliminated, {});
      TurnState n = base;
      n.eyes *= 2;
      return s_.leaf(n, StepEnd::Continue, {});
    });
  }

  D ventil(const TurnState& from) {  // J11, E2: the floor at the current eyes, then a plain throw
    TurnState base = from;
    base.has_floor = true;
    base.floor = base.eyes;
    return plain_throw(base, /*ventil=*/true);
  }

  D fumo(const TurnState& from) {  // J13 doubling, E4: Fumo starts and this step's throw is under it
    TurnState base = from;
    base.fumo_active = true;
    base.fumo_gain = 0;
    return plain_throw(base, /*ventil=*/false);
  }

  const Rules& r_;
  S& s_;
};

// The eyes a plain throw from `s` adds, face by face, where the throw survives (kNoGain for
// the bust face, whatever reacts to it): the step itself, read by the gain bounds
// (min_plain_gain, the solver's plain_gain_sum). Jule (E1) is counted; a robbing 1's steal
// only `with_take` (in solo mode it always pays, §5; at a table it may lapse, T4).
inline constexpr int kNoGain = std::numeric_limits<int>::min();

struct GainStep {
  using Dist = int;
  const Rules& r;
  const TurnState& from;
  bool with_take;
  std::array<int, 7> by_face{kNoGain, kNoGain, kNoGain, kNoGain, kNoGain, kNoGain, kNoGain};

  template <class F>
  int die(F&& f) {  // the throw's own die: every face in turn
    for (int x = 1; x <= 6; ++x) by_face[static_cast<size_t>(x)] = f(x);
    return kNoGain;
  }
  template <class Y, class N>
  static int any_reaching(int, int, Y&&, N&&) { return kNoGain; }  // only after the bust face
  template <class Y, class N>
  static int react(const InnerChoice&, const TurnState&, Y&&, N&&) { return kNoGain; }
  int leaf(const TurnState& s, StepEnd end, Take take) const {
    if (end != StepEnd::Continue) return kNoGain;
    return s.eyes + (with_take ? take.amount : 0) + jule_pay(r, s) - from.eyes;
  }
  static int delta(const TurnState&, Joker) { throw std::logic_error("plain_gains: a plain throw is no joker"); }
};

inline std::array<int, 7> plain_gains(const Rules& r, const TurnState& s, bool with_take) {
  GainStep g{r, s, with_take};
  TurnStep<GainStep>(r, g).run(s, Action::roll());
  return g.by_face;
}

}  // namespace verflixt::verflixte6::detail
