#include "verflixt/games/verflixte6/solo_model.h"

#include <algorithm>
#include <limits>
#include <cmath>
#include <deque>
#include <map>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/joker.h"
#include "games/verflixte6/delta_joker.h"

namespace verflixt {
namespace {

constexpr double kSixth = 1.0 / 6.0;

// Adds `w` of outcome `s` to `acc`, merging equal states. Outcome lists stay short (at most a
// few dozen distinct successors), so a linear search beats hashing here.
void add(SoloOutcomes& acc, const TurnState& s, double w) {
  if (w == 0) return;
  for (auto& o : acc)
    if (o.next == s) {
      o.prob += w;
      return;
    }
  acc.push_back({s, w});
}
void add(SoloOutcomes& acc, const SoloOutcomes& d, double w) {
  for (const auto& o : d) add(acc, o.next, o.prob * w);
}
// The same code builds solo outcomes (a transfer is just eyes, §5) and table outcomes (the
// transfer is kept apart so a table can take it from a victim): solo ignores `transfer`.
void add(SoloOutcomes& acc, const TurnState& s, double w, int /*transfer*/) { add(acc, s, w); }
void add(TableOutcomes& acc, const TurnState& s, double w, int transfer = 0) {
  if (w == 0) return;
  for (auto& o : acc)
    if (o.next == s && o.transfer == transfer) {
      o.prob += w;
      return;
    }
  acc.push_back({s, w, transfer});
}
void add(TableOutcomes& acc, const SoloOutcomes& d, double w) {
  for (const auto& o : d) add(acc, o.next, o.prob * w);
}

TurnState terminal(int eyes, bool eliminated) {
  TurnState t;
  t.eyes = eyes;
  t.phase = TurnPhase::Over;
  t.eliminated = eliminated;
  return t;
}

}  // namespace

// J13 classic / E6: the re-entry restarts from 0 with a new free throw, robbing count back at
// 0, the jokers still held (Frostschutz keeps its count of uses).
TurnState fumo_restart(const Rules& r, const TurnState& s) {
  TurnState n = s;
  n.held = n.held.without(FUMO);
  n.eyes = 0;
  n.robbing_ones = 0;
  n.fumo_active = false;
  n.fumo_gain = 0;
  n.has_floor = false;
  n.floor = 0;
  n.phase = r.free_throw ? TurnPhase::FreeThrow : TurnPhase::Decide;
  return canonical(r, n);
}

namespace {

// J15: the chance that at least one croupier throw reaches runkel_face.
double runkel_save_probability(const Rules& r) {
  const int miss_faces = std::clamp(r.runkel_face - 1, 0, 6);
  return 1.0 - detail::power(miss_faces / 6.0, r.runkel_throws);  // not std::pow: see power.h
}

// T5 and the reactions after it. `pre` is the state the 6 was thrown from (Runkelrüb
// already removed if it was spent). The engine eliminates first (eyes to the floor or 0),
// then offers classic fumo (J13, E6), never after a Ventil floor.
SoloOutcomes after_elimination(const Rules& r, const TurnState& pre, const InnerChooser& ch) {
  const TurnState dead = terminal(pre.has_floor ? pre.floor : 0, true);
  if (r.fumo == FumoKind::Reentry && pre.held.has(FUMO) && !pre.has_floor) {
    TurnState view = pre;  // what the engine shows: eliminated at 0, Fumo (doubling) over
    view.eyes = 0;
    view.fumo_active = false;
    view.fumo_gain = 0;
    view.phase = TurnPhase::Over;
    view.eliminated = true;
    const SoloOutcomes yes{{fumo_restart(r, pre), 1.0}};
    const SoloOutcomes no{{dead, 1.0}};
    return ch.take_reaction(view, {InnerChoice::UseFumoReentry}, yes, no) ? yes : no;
  }
  return {{dead, 1.0}};
}

// T3 with Fumo (J13), Tentakel (J12), robbing 1s (T4), Jule (E1), elimination (T5) and the
// reactions. `s` is the state right before the throw (for the Ventil's throw: with the new
// floor; for Fumo's announcement: with Fumo active). `ventil`: Runkelrüb may not answer (J15).
template <class Out>
void plain_throw(const Rules& r, const TurnState& s, bool ventil, const InnerChooser& ch, Out& out) {
  for (int f = 1; f <= 6; ++f) {
    if (f == r.bust_face) {
      if (!ventil && s.held.has(RUNKELRUEB)) {
        TurnState spent = s;
        spent.held = spent.held.without(RUNKELRUEB);
        TurnState saved = spent;  // "exactly where he was before that throw", no Jule
        if (saved.fumo_active) saved.eyes -= saved.fumo_gain - saved.fumo_gain / r.fumo_factor;
        saved.fumo_active = false;
        saved.fumo_gain = 0;
        if (saved.has_floor) saved.floor = std::min(saved.floor, saved.eyes);
        const double p = runkel_save_probability(r);
        SoloOutcomes yes;
        add(yes, canonical(r, saved), p);
        TurnState failed = spent;
        failed.fumo_active = false;
        failed.fumo_gain = 0;
        add(yes, after_elimination(r, failed, ch), 1 - p);
        TurnState plain = s;
        plain.fumo_active = false;
        plain.fumo_gain = 0;
        const SoloOutcomes no = after_elimination(r, plain, ch);
        add(out, ch.take_reaction(s, {InnerChoice::UseRunkelrueb}, yes, no) ? yes : no, kSixth);
      } else {
        TurnState plain = s;
        plain.fumo_active = false;
        plain.fumo_gain = 0;
        add(out, after_elimination(r, plain, ch), kSixth);
      }
      continue;
    }
    TurnState n = s;
    int steal = 0;
    if (n.fumo_active) {  // J13: doubled, a 1 steals nothing, no autojoker income
      const int gain = f * r.fumo_factor;
      n.eyes += gain;
      n.fumo_gain += gain;
    } else if (n.held.has(TENTAKEL) && f <= r.tentakel_max_face) {  // J12, E3: no robbing
      n.eyes += f + r.tentakel_bonus;
    } else {
      n.eyes += f;
      if (f == 1 && r.ones_rob) {  // T4: the j-th robbing 1 steals min(j, rob_cap)
        ++n.robbing_ones;
        steal = std::min(n.robbing_ones, r.rob_cap);
        n.eyes += steal;
      }
    }
    if (!n.fumo_active && n.held.has(JULE)) n.eyes += r.jule_bonus;  // E1
    if (n.has_floor) n.floor = std::min(n.floor, n.eyes);           // E5
    add(out, canonical(r, n), kSixth, steal);
  }
}

}  // namespace

SoloKey solo_key(const TurnState& s) {
  SoloKey k;
  k.hi = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(s.eyes)) << 32) |
         static_cast<std::uint32_t>(s.floor);
  k.lo = static_cast<std::uint64_t>(s.robbing_ones & 0xff) | (static_cast<std::uint64_t>(s.held.bits) << 8) |
         (static_cast<std::uint64_t>(s.frost_used & 0xf) << 24) | (static_cast<std::uint64_t>(s.fumo_active) << 28) |
         (static_cast<std::uint64_t>(s.has_floor) << 29) | (static_cast<std::uint64_t>(s.phase) << 30) |
         (static_cast<std::uint64_t>(s.eliminated) << 32) |
         (static_cast<std::uint64_t>(static_cast<std::uint32_t>(s.fumo_gain)) << 33);
  return k;
}

TurnState canonical(const Rules& r, TurnState s) {
  if (s.phase == TurnPhase::Over) return terminal(s.eyes, s.eliminated);
  s.eliminated = false;
  s.robbing_ones = r.ones_rob ? std::clamp(s.robbing_ones, 0, std::max(r.rob_cap, 0)) : 0;
  if (s.held.has(FROSTSCHUTZ) && s.frost_used >= r.frost_uses) s.held = s.held.without(FROSTSCHUTZ);
  if (!s.held.has(FROSTSCHUTZ)) s.frost_used = 0;
  if (r.fumo != FumoKind::Doubling) s.fumo_active = false;
  if (!s.fumo_active || !s.held.has(RUNKELRUEB)) s.fumo_gain = 0;
  if (!s.has_floor) s.floor = 0;
  return s;
}

TurnState solo_start(const Rules& rules, JokerSet loadout) {
  TurnState s;
  s.held = loadout;
  s.phase = rules.free_throw ? TurnPhase::FreeThrow : TurnPhase::Decide;
  return canonical(rules, s);
}

bool PolicyChooser::take_delta(const TurnState& base, const InnerChoice& c, const DeltaDist&,
                               const DeltaDist&) const {
  const TurnView v{rules_, base, -1, {}, 0};
  switch (c.kind) {
    case InnerChoice::AnacondaFight: return policy_.anaconda_fight(v, c.a);
    case InnerChoice::RattenlordRetreat: return policy_.rattenlord_retreat(v, c.a);
    case InnerChoice::MonokelRethrow: return policy_.monokel_rethrow(v, c.a, c.b, c.c);
    case InnerChoice::SenigmaCounter: return policy_.senigma_counter(v, c.a, c.b, c.c, c.d);
    default: throw std::logic_error("solo model: a reaction asked as a delta choice");
  }
}

bool PolicyChooser::take_reaction(const TurnState& view, const InnerChoice& c, const SoloOutcomes&,
                                  const SoloOutcomes&) const {
  const TurnView v{rules_, view, -1, {}, 0};
  switch (c.kind) {
    case InnerChoice::UseRunkelrueb: return policy_.use_runkelrueb(v);
    case InnerChoice::UseFumoReentry: return policy_.use_fumo_reentry(v);
    default: throw std::logic_error("solo model: a delta choice asked as a reaction");
  }
}

double ValueChooser::expected(const TurnState& base, const DeltaDist& d) const {
  double e = 0;
  for (const auto& o : d) e += o.prob * value_(apply_delta(rules_, base, o.delta));
  return e;
}
double ValueChooser::expected(const SoloOutcomes& o) const {
  double e = 0;
  for (const auto& x : o) e += x.prob * value_(x.next);
  return e;
}


bool ValueChooser::take_delta(const TurnState& base, const InnerChoice&, const DeltaDist& yes,
                              const DeltaDist& no) const {
  return detail::strictly_better(expected(base, yes), expected(base, no));
}
bool ValueChooser::take_reaction(const TurnState&, const InnerChoice&, const SoloOutcomes& yes,
                                 const SoloOutcomes& no) const {
  return detail::strictly_better(expected(yes), expected(no));
}

bool solo_legal(const Rules& rules, const TurnState& s, Action a) {
  if (s.phase != TurnPhase::Decide) return false;
  if (a.kind != Action::UseJoker) return true;
  return announceable(rules, s.held, s.frost_used, s.fumo_active, a.joker);
}

std::vector<Action> solo_actions(const Rules& rules, const TurnState& s) {
  std::vector<Action> out{Action::stop(), Action::roll()};
  for (int k = 0; k < JOKER_NB; ++k)
    if (solo_legal(rules, s, Action::use(static_cast<Joker>(k)))) out.push_back(Action::use(static_cast<Joker>(k)));
  return out;
}

TurnState apply_delta(const Rules& rules, const TurnState& base, int delta) {
  TurnState n = base;
  n.eyes += delta;
  if (n.held.has(JULE)) n.eyes += rules.jule_bonus;      // E1: a joker step pays Jule
  if (n.has_floor) n.floor = std::min(n.floor, n.eyes);  // E5
  return canonical(rules, n);
}

SoloOutcomes free_throw_outcomes(const Rules& rules, const TurnState& s) {
  TurnState n = s;
  n.phase = TurnPhase::Decide;
  if (!rules.free_throw) return {{canonical(rules, n), 1.0}};
  SoloOutcomes out;
  for (int f = 1; f <= 6; ++f) {  // T1: every face adds, a 1 steals nothing, a 6 is safe
    TurnState m = n;
    m.eyes += f;
    add(out, canonical(rules, m), kSixth);
  }
  return out;
}

namespace {

// One step into `out` (SoloOutcomes or TableOutcomes): `s` is a decision state, `a` legal.
template <class Out>
void transition(const Rules& r, const TurnState& s, Action a, const InnerChooser& ch, Out& out) {
  if (!solo_legal(r, s, a))
    throw std::logic_error("solo model: illegal action in state " + describe(s));
  if (a.kind == Action::Stop) return add(out, terminal(s.eyes, false), 1.0, 0);
  if (a.kind == Action::Roll) return plain_throw(r, s, false, ch, out);
  // Announcing a joker ends an active Fumo (J13); a single-use joker is spent.
  TurnState base = s;
  base.fumo_active = false;
  base.fumo_gain = 0;
  if (a.joker != FROSTSCHUTZ) base.held = base.held.without(a.joker);
  DeltaDist d;
  switch (a.joker) {
    case FROSTSCHUTZ: {  // J1: use k subtracts faces 1..k; a 6 adds 6 and expires it
      const int k = s.frost_used + 1;
      for (int f = 1; f <= 6; ++f) {
        TurnState n = base;
        n.eyes += (f != 6 && f <= k) ? -f : f;
        n.frost_used = k;
        if (f == 6 || k >= r.frost_uses) n.held = n.held.without(FROSTSCHUTZ);
        if (n.held.has(JULE)) n.eyes += r.jule_bonus;
        if (n.has_floor) n.floor = std::min(n.floor, n.eyes);
        add(out, canonical(r, n), kSixth, 0);
      }
      return;
    }
    case ALL_IN:  // J6: double, or 0 and a Zombie whatever protects him
      for (int f = 1; f <= 6; ++f) {
        if (f <= r.allin_max_face) {
          TurnState n = base;
          n.eyes *= 2;
          if (n.held.has(JULE)) n.eyes += r.jule_bonus;
          if (n.has_floor) n.floor = std::min(n.floor, n.eyes);
          add(out, canonical(r, n), kSixth, 0);
        } else {
          add(out, terminal(0, true), kSixth, 0);
        }
      }
      return;
    case VENTIL:  // J11, E2: the floor at the current eyes, then a plain throw
      base.has_floor = true;
      base.floor = base.eyes;
      return plain_throw(r, base, true, ch, out);
    case FUMO:  // J13, E4: Fumo starts and this step's throw is under it
      base.fumo_active = true;
      base.fumo_gain = 0;
      return plain_throw(r, base, false, ch, out);
    default:
      if (detail::is_delta_joker(a.joker)) {
        detail::DistAlgebra alg{base, ch};
        d = detail::DeltaStep<detail::DistAlgebra>(r, alg).run(a.joker);
        break;
      }
      throw std::logic_error("solo model: joker " + std::string(joker_id(a.joker)) + " is not announced");
  }
  // J10: Senigma's whole gain is taken from (or paid to) another player.
  for (const auto& o : d) add(out, apply_delta(r, base, o.delta), o.prob, a.joker == SENIGMA ? o.delta : 0);
}

}  // namespace

SoloOutcomes solo_transition(const Rules& r, const TurnState& s, Action a, const InnerChooser& ch) {
  SoloOutcomes out;
  transition(r, s, a, ch, out);
  return out;
}

TableOutcomes table_transition(const Rules& r, const TurnState& s, Action a, const InnerChooser& ch) {
  TableOutcomes out;
  transition(r, s, a, ch, out);
  return out;
}

SoloOutcomes solo_successors(const Rules& rules, const TurnState& s, Action a, const InnerChooser& chooser) {
  if (s.phase == TurnPhase::FreeThrow) return free_throw_outcomes(rules, s);
  return solo_transition(rules, s, a, chooser);
}

PlainGain min_plain_gain(const Rules& rules, JokerSet loadout) {
  PlainGain worst{std::numeric_limits<int>::max(), 0};
  for (int f = 1; f <= 6; ++f) {
    if (f == rules.bust_face) continue;
    int gain = f;
    if (loadout.has(TENTAKEL) && f <= rules.tentakel_max_face) gain = f + rules.tentakel_bonus;
    if (loadout.has(JULE)) gain += rules.jule_bonus;
    if (gain < worst.gain) worst = {gain, f};
  }
  return worst;
}

Chain compile_chain(const Rules& rules, JokerSet loadout, const Policy& policy, std::size_t max_states) {
  // Every policy rolls at low eyes (threshold:N, the heuristic and position policies below
  // their stop point). If a surviving plain throw can lower the eyes (e.g. --set
  // tentakel.bonus=-77 with Tentakel held), rolling on walks the eyes down without end: the
  // turn still ends (a 6 comes with probability 1) but through infinitely many states, which
  // the breadth-first search would only notice after max_states states (seconds and
  // hundreds of MB). Refuse it before exploring; the reference engine samples such turns.
  if (const PlainGain g = min_plain_gain(rules, loadout); g.gain < 0)
    throw InputError("with these rules and jokers " + loadout_name(loadout) + " a plain throw of " +
                     std::to_string(g.face) + " changes the eyes by " + std::to_string(g.gain) +
                     ": a policy that rolls below its stop point never stops and its chain is infinite;"
                     " --engine reference samples such turns");
  Chain c;
  c.description = rules_summary(rules) + " | jokers " + loadout_name(loadout) + " | policy " + policy.name();
  const PolicyChooser chooser(rules, policy);
  std::unordered_map<SoloKey, std::uint32_t, SoloKeyHash> index;
  std::vector<TurnState> states;
  auto id_of = [&](const TurnState& s) {
    auto [it, inserted] = index.try_emplace(solo_key(s), static_cast<std::uint32_t>(states.size()));
    if (inserted) {
      if (states.size() >= max_states)
        throw InputError("policy '" + policy.name() + "' does not stop within " + std::to_string(max_states) +
                         " states with jokers " + loadout_name(loadout) + "; its chain would be infinite");
      states.push_back(s);
    }
    return it->second;
  };
  c.start = id_of(solo_start(rules, loadout));
  c.first.push_back(0);
  // Breadth-first: state ids are assigned in discovery order and processed in id order.
  for (std::size_t i = 0; i < states.size(); ++i) {
    const TurnState s = states[i];
    SoloOutcomes out;
    bool term = false;
    if (s.phase == TurnPhase::Over) {
      term = true;
    } else if (s.phase == TurnPhase::FreeThrow) {
      out = free_throw_outcomes(rules, s);
    } else {
      const Action a = policy.decide(TurnView{rules, s, -1, {}, 0});
      if (!solo_legal(rules, s, a))
        throw InputError("policy '" + policy.name() + "' chose an illegal action in state " + describe(s));
      if (a.kind == Action::Stop) term = true;  // stopping: the decision state is terminal
      else out = solo_transition(rules, s, a, chooser);
    }
    c.value.push_back(s.eyes);
    c.terminal.push_back(term);
    c.eliminated.push_back(term && s.eliminated);
    for (const auto& o : out) {
      const std::uint32_t n = id_of(o.next);
      c.outcome_next.push_back(n);
      c.outcome_prob.push_back(o.prob);
    }
    c.first.push_back(static_cast<std::uint32_t>(c.outcome_next.size()));
  }
  return c;
}

std::string describe(const TurnState& s) {
  std::ostringstream o;
  o << (s.phase == TurnPhase::FreeThrow ? "before free throw" : s.phase == TurnPhase::Over ? "over" : "deciding")
    << ", eyes " << s.eyes << ", robbing 1s " << s.robbing_ones << ", held " << loadout_name(s.held);
  if (s.frost_used) o << ", frostschutz uses " << s.frost_used;
  if (s.fumo_active) o << ", fumo active (gain " << s.fumo_gain << ")";
  if (s.has_floor) o << ", floor " << s.floor;
  if (s.eliminated) o << ", eliminated";
  return o.str();
}

}  // namespace verflixt
