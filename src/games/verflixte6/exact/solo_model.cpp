#include "verflixt/games/verflixte6/exact/solo_model.h"

#include <algorithm>
#include <limits>
#include <cmath>
#include <deque>
#include <map>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "games/verflixte6/rules/delta_joker.h"
#include "games/verflixte6/rules/turn_step.h"

namespace verflixt::verflixte6 {
namespace {

using detail::kSixth;

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
void add(TableOutcomes& acc, const TableOutcomes& d, double w) {
  for (const auto& o : d) add(acc, o.next, o.prob * w, o.transfer);
}

TurnState terminal(int eyes, bool eliminated) {
  TurnState t;
  t.eyes = eyes;
  t.phase = TurnPhase::Over;
  t.eliminated = eliminated;
  return t;
}

}  // namespace

TurnState fumo_restart(const Rules& r, const TurnState& s) { return canonical(r, detail::reentry_state(r, s)); }

double runkel_save_probability(const Rules& r) {
  return detail::any_reaching_probability(r.runkel_throws, r.runkel_face);
}

namespace {

// What a chooser compares: the successors without the table's transfers.
const SoloOutcomes& solo_view(const SoloOutcomes& o) { return o; }
SoloOutcomes solo_view(const TableOutcomes& o) {
  SoloOutcomes s;
  for (const auto& x : o) add(s, x.next, x.prob);
  return s;
}

// The step algebra (turn_step.h) that enumerates a step: every leaf with its exact
// probability, into SoloOutcomes (a transfer is just eyes, §5) or TableOutcomes (the
// transfer kept apart so a table can take it from a victim). Leaves are canonical. Leaves
// are added straight into `out` with the weight of their path (no list per leaf: the
// solver steps millions of states); a reaction lists both answers apart at weight 1 for the
// chooser and adds the chosen list with the weight of its path, so every probability is
// formed as the lists of the earlier solo model formed it, bit for bit.
template <class Out>
struct ExactStep {
  struct Dist {};
  const Rules& r;
  const InnerChooser* ch;
  Out* out;
  double w = 1.0;

  template <class F>
  Dist die(F&& f) {
    const double at = w;
    for (int x = 1; x <= 6; ++x) {
      w = at * kSixth;
      f(x);
    }
    w = at;
    return {};
  }
  template <class Y, class N>
  Dist any_reaching(int n, int face, Y&& yes, N&& no) {
    const double p = detail::any_reaching_probability(n, face);
    const double at = w;
    w = at * p;
    yes();
    w = at * (1 - p);
    no();
    w = at;
    return {};
  }
  template <class Y, class N>
  Dist react(const InnerChoice& c, const TurnState& shown, Y&& yes, N&& no) {
    Out* const into = out;
    const double at = w;
    Out y, n;
    out = &y;
    w = 1.0;
    yes();
    out = &n;
    w = 1.0;
    no();
    out = into;
    w = at;
    add(*out, ch->take_reaction(shown, c, solo_view(y), solo_view(n)) ? y : n, w);
    return {};
  }
  Dist leaf(const TurnState& s, detail::StepEnd end, detail::Take take) {
    add(*out, canonical(r, detail::solo_leaf(r, s, end, take)), w, take.amount);
    return {};
  }
  Dist delta(const TurnState& base, Joker j) {
    detail::DistAlgebra alg{base, *ch};
    const DeltaDist d = detail::DeltaStep<detail::DistAlgebra>(r, alg).run(j);
    // J10: Senigma's whole gain is taken from (or paid to) another player.
    for (const auto& o : d) add(*out, apply_delta(r, base, o.delta), w * o.prob, j == SENIGMA ? o.delta : 0);
    return {};
  }
};

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

bool ask_policy(const Policy& policy, const TurnView& v, const InnerChoice& c) {
  switch (c.kind) {
    case InnerChoice::AnacondaFight: return policy.anaconda_fight(v, c.a);
    case InnerChoice::RattenlordRetreat: return policy.rattenlord_retreat(v, c.a);
    case InnerChoice::MonokelRethrow: return policy.monokel_rethrow(v, c.a, c.b, c.c);
    case InnerChoice::SenigmaCounter: return policy.senigma_counter(v, c.a, c.b, c.c, c.d);
    case InnerChoice::UseRunkelrueb: return policy.use_runkelrueb(v);
    case InnerChoice::UseFumoReentry: return policy.use_fumo_reentry(v);
  }
  throw std::logic_error("solo model: unknown inner choice");
}

bool PolicyChooser::take_delta(const TurnState& base, const InnerChoice& c, const DeltaDist&,
                               const DeltaDist&) const {
  if (c.kind == InnerChoice::UseRunkelrueb || c.kind == InnerChoice::UseFumoReentry)
    throw std::logic_error("solo model: a reaction asked as a delta choice");
  return ask_policy(policy_, TurnView{rules_, base, -1, {}, 0}, c);
}

bool PolicyChooser::take_reaction(const TurnState& view, const InnerChoice& c, const SoloOutcomes&,
                                  const SoloOutcomes&) const {
  if (c.kind != InnerChoice::UseRunkelrueb && c.kind != InnerChoice::UseFumoReentry)
    throw std::logic_error("solo model: a delta choice asked as a reaction");
  return ask_policy(policy_, TurnView{rules_, view, -1, {}, 0}, c);
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
  after_step(rules, n);  // E1 (a joker step pays Jule; it ended Fumo), E5
  return canonical(rules, n);
}

SoloOutcomes free_throw_outcomes(const Rules& rules, const TurnState& s) {
  SoloOutcomes out;
  ExactStep<SoloOutcomes> alg{rules, nullptr, &out};
  detail::TurnStep<ExactStep<SoloOutcomes>>(rules, alg).free_throw(s, 0);
  return out;
}

namespace {

// One step: `s` is a decision state, `a` legal.
template <class Out>
Out transition(const Rules& r, const TurnState& s, Action a, const InnerChooser& ch) {
  if (!solo_legal(r, s, a))
    throw std::logic_error("solo model: illegal action in state " + describe(s));
  Out out;
  ExactStep<Out> alg{r, &ch, &out};
  detail::TurnStep<ExactStep<Out>>(r, alg).run(s, a);
  return out;
}

}  // namespace

SoloOutcomes solo_transition(const Rules& r, const TurnState& s, Action a, const InnerChooser& ch) {
  return transition<SoloOutcomes>(r, s, a, ch);
}

TableOutcomes table_transition(const Rules& r, const TurnState& s, Action a, const InnerChooser& ch) {
  return transition<TableOutcomes>(r, s, a, ch);
}

SoloOutcomes solo_successors(const Rules& rules, const TurnState& s, Action a, const InnerChooser& chooser) {
  if (s.phase == TurnPhase::FreeThrow) return free_throw_outcomes(rules, s);
  return solo_transition(rules, s, a, chooser);
}

PlainGain min_plain_gain(const Rules& rules, JokerSet loadout) {
  // The plain throw of a turn holding `loadout`, Fumo not active, without the steal (it
  // may lapse at a table, T4): turn_step.h's step itself, face by face.
  TurnState s;
  s.held = loadout;
  const auto gains = detail::plain_gains(rules, s, /*with_take=*/false);
  PlainGain worst{std::numeric_limits<int>::max(), 0};
  for (int f = 1; f <= 6; ++f)
    if (gains[static_cast<size_t>(f)] != detail::kNoGain && gains[static_cast<size_t>(f)] < worst.gain)
      worst = {gains[static_cast<size_t>(f)], f};
  return worst;
}

core::Chain compile_chain(const Rules& rules, JokerSet loadout, const Policy& policy, std::size_t max_states) {
  // Every policy rolls at low eyes (threshold:N, the heuristic and position policies below
  // their stop point). If a surviving plain throw can lower the eyes (e.g. --set
  // tentakel.bonus=-77 with Tentakel held), rolling on walks the eyes down without end: the
  // turn still ends (a 6 comes with probability 1) but through infinitely many states, which
  // the breadth-first search would only notice after max_states states (seconds and
  // hundreds of MB). Refuse it before exploring; the reference engine samples such turns.
  if (const PlainGain g = min_plain_gain(rules, loadout); g.gain < 0)
    throw core::InputError("with these rules and jokers " + loadout_name(loadout) + " a plain throw of " +
                     std::to_string(g.face) + " changes the eyes by " + std::to_string(g.gain) +
                     ": a policy that rolls below its stop point never stops and its chain is infinite;"
                     " --engine reference samples such turns");
  core::Chain c;
  c.description = rules_summary(rules) + " | jokers " + loadout_name(loadout) + " | policy " + policy.name();
  const PolicyChooser chooser(rules, policy);
  std::unordered_map<SoloKey, std::uint32_t, SoloKeyHash> index;
  std::vector<TurnState> states;
  auto id_of = [&](const TurnState& s) {
    auto [it, inserted] = index.try_emplace(solo_key(s), static_cast<std::uint32_t>(states.size()));
    if (inserted) {
      if (states.size() >= max_states)
        throw core::InputError("policy '" + policy.name() + "' does not stop within " + std::to_string(max_states) +
                         " states with jokers " + loadout_name(loadout) + "; its chain would be infinite");
      states.push_back(s);
    }
    return it->second;
  };
  c.start = id_of(solo_start(rules, loadout));
  c.first.push_back(0);
  // Breadth-first: state ids are assigned in discovery order and processed in id order.
  for (std::size_t i = 0; i < states.size(); ++i) {
    core::checkpoint();  // a request's deadline and memory (core/budget.h)
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
        throw core::InputError("policy '" + policy.name() + "' chose an illegal action in state " + describe(s));
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

}  // namespace verflixt::verflixte6
