// The solved policy (solver.h SolvedPolicy): the solver's table played as a Policy, its
// choices inside jokers and its reactions replayed through the solver's own value algebra.
#include <cmath>
#include <limits>
#include <stdexcept>

#include "games/verflixte6/exact/solver_values.h"
#include "games/verflixte6/rules/delta_joker.h"
#include "games/verflixte6/rules/turn_step.h"
#include "verflixt/games/verflixte6/exact/solver.h"
#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::verflixte6 {
using detail::normal_form;
using detail::ValueAlgebra;
using detail::ValueBust;

SolvedPolicy::SolvedPolicy(Rules rules, JokerSet loadout, std::shared_ptr<const SolvedDecisions> table,
                         int fallback_threshold, std::string name)
    : rules_(std::move(rules)), loadout_(loadout), table_(std::move(table)),
      fallback_threshold_(fallback_threshold), name_(std::move(name)) {}

double SolvedPolicy::value(const TurnState& raw) const {
  if (raw.phase == TurnPhase::Over) return raw.eyes;
  int offset = 0;
  const TurnState s = normal_form(raw, offset);
  const auto it = table_->entries.find(solo_key(s));
  return it == table_->entries.end() ? std::numeric_limits<double>::quiet_NaN() : it->second.value + offset;
}

Action SolvedPolicy::decide(const TurnView& view) const {
  int offset = 0;
  const TurnState s = normal_form(canonical(rules_, view.turn), offset);
  const auto it = table_->entries.find(solo_key(s));
  if (it != table_->entries.end() && s.phase == TurnPhase::Decide && is_legal(view, it->second.action))
    return it->second.action;
  return view.turn.eyes >= fallback_threshold_ ? Action::stop() : Action::roll();
}

bool SolvedPolicy::delta_choice(const TurnView& view, Joker joker, const InnerChoice& wanted) const {
  // The engine shows the state the joker's step started from, the joker already spent.
  const TurnState base = canonical(rules_, view.turn);
  auto look = [this](const TurnState& x) { return ValueBust{value(x), 0.0}; };
  ValueAlgebra<decltype(look)> alg(rules_, base, look);
  alg.wanted = wanted;
  detail::DeltaStep<ValueAlgebra<decltype(look)>>(rules_, alg).run(joker);
  return alg.answer;
}

bool SolvedPolicy::anaconda_fight(const TurnView& v, int attack) const {
  return delta_choice(v, ANACONDA, {InnerChoice::AnacondaFight, attack});
}
bool SolvedPolicy::rattenlord_retreat(const TurnView& v, int throws_left) const {
  return delta_choice(v, RATTENLORD, {InnerChoice::RattenlordRetreat, throws_left});
}
bool SolvedPolicy::monokel_rethrow(const TurnView& v, int index, int face, int kept) const {
  return delta_choice(v, MONOKEL, {InnerChoice::MonokelRethrow, index, face, kept});
}
bool SolvedPolicy::senigma_counter(const TurnView& v, int round, int attack, int won, int lost) const {
  return delta_choice(v, SENIGMA, {InnerChoice::SenigmaCounter, round, attack, won, lost});
}

namespace {
// Replays the solver's reaction through the same ValueChooser and remembers its answer.
class ReactionRecorder final : public InnerChooser {
 public:
  ReactionRecorder(const Rules& r, const SolvedPolicy& p)
      : vc_(r, [&p](const TurnState& x) { return p.value(x); }) {}
  bool take_delta(const TurnState& b, const InnerChoice& c, const DeltaDist& y, const DeltaDist& n) const override {
    return vc_.take_delta(b, c, y, n);
  }
  bool take_reaction(const TurnState& v, const InnerChoice& c, const SoloOutcomes& y, const SoloOutcomes& n) const override {
    const bool t = vc_.take_reaction(v, c, y, n);
    if (c.kind == InnerChoice::UseRunkelrueb) runkel = t;
    return t;
  }
  mutable bool runkel = true;

 private:
  ValueChooser vc_;
};
}  // namespace

bool SolvedPolicy::use_runkelrueb(const TurnView& view) const {
  // The engine asks from the state the 6 was thrown from; a plain throw from it replays the
  // solver's comparison of saving and not saving.
  TurnState s = canonical(rules_, view.turn);
  if (s.phase != TurnPhase::Decide || !s.held.has(RUNKELRUEB)) return true;
  ReactionRecorder rec(rules_, *this);
  (void)solo_transition(rules_, s, Action::roll(), rec);
  return rec.runkel;
}

bool SolvedPolicy::use_fumo_reentry(const TurnView& view) const {
  // The engine shows the eliminated state (eyes 0, no floor); the solver compared the
  // re-entry's value with staying eliminated at 0.
  TurnState pre;
  pre.held = view.turn.held;
  pre.frost_used = view.turn.frost_used;
  pre.phase = TurnPhase::Decide;
  const double v = value(fumo_restart(rules_, pre));
  if (std::isnan(v)) return true;
  return detail::strictly_better(v, 0.0);
}

std::unique_ptr<SolvedPolicy> table_policy(const Rules& rules, const SoloSolution& sol) {
  if (!sol.table) throw std::logic_error("table_policy: the solution kept no table");
  return std::make_unique<SolvedPolicy>(rules, sol.loadout, sol.table, sol.threshold < 0 ? 0 : sol.threshold,
                                       "solved:" + loadout_name(sol.loadout));
}

// ---- .policy files ----
}  // namespace verflixt::verflixte6
